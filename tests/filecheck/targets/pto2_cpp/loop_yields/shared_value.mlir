// One value in two carries. Loop 1 passes %acc as both inits and yields the task's result
// %r to both carries: %p stays the buffer ext_acc (no-rebind), %q is rebound to it (this
// was rejected as "the plan is stale"); acc ends as 16 times its input. Loop 2 starts both
// carries from %c1 and yields %s to both: u = v = 16 after four iterations, and out is
// filled with 16. Kernels: kernel_inc(in q, inout p): p += q; kernel_fill(in s, out t): t = s.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_inc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kernel_fill aiv (in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @shared_value(%acc: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fp, %fq = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %acc, %q = %acc) -> (tensor<16xf32>, tensor<16xf32>) {
    %r = pto_orch.call @kernel_inc(in %q, inout %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %r, %r : tensor<16xf32>, tensor<16xf32>
  }
  %fu, %fv = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %c1, %v = %c1) -> (index, index) {
    %s = arith.addi %u, %v : index
    scf.yield %s, %s : index, index
  }
  %o = pto_orch.call @kernel_fill(scalar %fv, out %out) : (index, tensor<16xf32>) -> tensor<16xf32>
  func.return %o : tensor<16xf32>
}

// CHECK: Tensor q = ext_acc;
// CHECK-NEXT: for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT: PTO2_SCOPE() {
// CHECK: params_t0.add_input(q);
// CHECK-NEXT: params_t0.add_inout(ext_acc);
// CHECK: q = ext_acc;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: int64_t u = 1;
// CHECK-NEXT: int64_t v = 1;
// CHECK-NEXT: for (int64_t j = 0; j < 4; j += 1) {
// CHECK-NEXT: PTO2_SCOPE() {
// CHECK-NEXT: int64_t u_next = (int64_t)((uint64_t)u + (uint64_t)v);
// CHECK-NEXT: int64_t v_next = (int64_t)((uint64_t)u + (uint64_t)v);
// CHECK-NEXT: u = u_next;
// CHECK-NEXT: v = v_next;
// CHECK: params_t1.add_scalar((uint64_t)v);
