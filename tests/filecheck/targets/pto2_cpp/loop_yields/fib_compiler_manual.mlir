// Fibonacci: iter_args (x, y) = (0, 1), yield (y, x + y), ten times: x ends as fib(10) = 55,
// acc gets fib(0) + ... + fib(9) = 88 added. The carry x reads the carry y, whose new value
// the same yield assigns: the yield must read both before writing either.
// Placement: every task carries manual_candidate: the loop body becomes a compiler-owned
// manual scope, the yield is printed at the end of it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_acc aiv (in index, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kernel_fill aiv (in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @fib_compiler_manual(%acc: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %fx, %fy, %facc = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %c0, %y = %c1, %acc_i = %acc) -> (index, index, tensor<16xf32>) {
    %s = arith.addi %x, %y : index
    %acc_n = pto_orch.call @kernel_acc(scalar %x, inout %acc_i) {manual_candidate} : (index, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y, %s, %acc_n : index, index, tensor<16xf32>
  }
  %r = pto_orch.call @kernel_fill(scalar %fx, out %out) : (index, tensor<16xf32>) -> tensor<16xf32>
  func.return %r : tensor<16xf32>
}

// CHECK: int64_t x = 0;
// CHECK-NEXT: int64_t y = 1;
// CHECK-NEXT: PTO2TaskId acc_n_tid = PTO2TaskId::invalid();
// CHECK-NEXT: for (int64_t i = 0; i < 10; i += 1) {
// CHECK-NEXT: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT: // Task 0: kernel_acc
// CHECK-NEXT: Arg params_t0;
// CHECK-NEXT: params_t0.add_inout(ext_acc);
// CHECK-NEXT: params_t0.add_scalar((uint64_t)x);
// CHECK-NEXT: PTO2TaskId params_t0_deps[1];
// CHECK-NEXT: uint32_t params_t0_deps_count = 0;
// CHECK-NEXT: if (acc_n_tid.is_valid()) params_t0_deps[params_t0_deps_count++] = acc_n_tid;
// CHECK-NEXT: params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT: PTO2TaskId acc_n_tid_1 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT: int64_t x_next = y;
// CHECK-NEXT: int64_t y_next = (int64_t)((uint64_t)x + (uint64_t)y);
// CHECK-NEXT: PTO2TaskId acc_n_tid_next = acc_n_tid_1;
// CHECK-NEXT: x = x_next;
// CHECK-NEXT: y = y_next;
// CHECK-NEXT: acc_n_tid = acc_n_tid_next;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // Task 1: kernel_fill
// CHECK-NEXT: Arg params_t1;
// CHECK-NEXT: params_t1.add_output(ext_out);
// CHECK-NEXT: params_t1.add_scalar((uint64_t)x);
