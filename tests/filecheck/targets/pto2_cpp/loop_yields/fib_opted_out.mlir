// Fibonacci: iter_args (x, y) = (0, 1), yield (y, x + y), ten times: x ends as fib(10) = 55,
// acc gets fib(0) + ... + fib(9) = 88 added. The carry x reads the carry y, whose new value
// the same yield assigns: the yield must read both before writing either.
// Placement: the function opts out (pto_rt.auto_scope = false, no scopes): the body is bare.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_acc aiv (in index, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kernel_fill aiv (in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @fib_opted_out(%acc: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %fx, %fy, %facc = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %c0, %y = %c1, %acc_i = %acc) -> (index, index, tensor<16xf32>) {
    %s = arith.addi %x, %y : index
    %acc_n = pto_orch.call @kernel_acc(scalar %x, inout %acc_i) : (index, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y, %s, %acc_n : index, index, tensor<16xf32>
  }
  %r = pto_orch.call @kernel_fill(scalar %fx, out %out) : (index, tensor<16xf32>) -> tensor<16xf32>
  func.return %r : tensor<16xf32>
}

// CHECK-NOT: PTO2_SCOPE
// CHECK: int64_t x = 0;
// CHECK-NEXT: int64_t y = 1;
// CHECK-NEXT: for (int64_t i = 0; i < 10; i += 1) {
// CHECK: params_t0.add_scalar((uint64_t)x);
// CHECK: int64_t x_next = y;
// CHECK-NEXT: int64_t y_next = (int64_t)((uint64_t)x + (uint64_t)y);
// CHECK-NEXT: x = x_next;
// CHECK-NEXT: y = y_next;
// CHECK-NEXT: }
// CHECK: // Task 1: kernel_fill
// CHECK: params_t1.add_scalar((uint64_t)x);
