// add-retain-edges: a task inside a manual scope (at any depth) lists in its compiler_deps the
// TaskId of every alloc_tensors batch whose buffer one of its tensor arguments may be, after
// its own compiler deps, in allocation order, each once: through views, task results, scope
// results, a no-rebind carry (its init), rebind carries and if results (every buffer they may
// hold). Tasks outside manual scopes get none. Running the pass again changes nothing; the C++
// lists each as an unguarded deps entry after the batch's `alloc_N_tid` capture.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges %s | filecheck %s
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges %s > %t.once.mlir
// RUN: pypto-opt -p add-retain-edges %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// batch-tensor-allocations alone adds the same edges (it ends with this pass's step):
// RUN: pypto-opt -p batch-tensor-allocations %s | diff %t.once.mlir -
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k4 aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func @shapes(
// CHECK:         %a, %b, %alloc = pto_tensor.alloc_tensors {
// CHECK:         %e1 = pto_orch.call @k(in %x, out %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK:         pto_rt.scope auto {
// CHECK-NEXT:      %c, %alloc_1 = pto_tensor.alloc_tensors {
// CHECK:           pto_rt.scope manual {
// CHECK-NEXT:      %v = pto_tensor.slice %b[%c0] : tensor<16xf32> to tensor<4xf32>
// CHECK-NEXT:      %w = pto_tensor.slice %x[%c0] : tensor<16xf32> to tensor<4xf32>
// CHECK-NEXT:      %v1, %tv = pto_orch.submit @k4(in %w, out %v) compiler_deps(%tx, %alloc : !pto_orch.task_id, !pto_orch.task_id)
// CHECK-NEXT:      %f1 = pto_orch.call @k(in %e1, out %o) compiler_deps(%alloc : !pto_orch.task_id)
// CHECK-NEXT:      %r, %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%src = %a, %dst = %c) -> (tensor<16xf32>, tensor<16xf32>) {
// CHECK-NEXT:        %dst1 = pto_orch.call @k(in %src, out %dst) compiler_deps(%alloc, %alloc_1 : !pto_orch.task_id, !pto_orch.task_id)
// CHECK:           %sel = scf.if %flag -> (tensor<16xf32>) {
// CHECK:           %g1 = pto_orch.call @k(in %sel, out %o) compiler_deps(%alloc, %alloc_1 : !pto_orch.task_id, !pto_orch.task_id)
// CHECK:           %h1 = pto_orch.call @k(in %c, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CPP-LABEL: void aicpu_orchestration_entry(
// CPP:           TaskOutputTensors alloc_0 = alloc_tensors(a_ci, b_ci);
// CPP-NEXT:      const Tensor& a = alloc_0.get_ref(0);
// CPP-NEXT:      const Tensor& b = alloc_0.get_ref(1);
// CPP-NEXT:      PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CPP:           params_t2_deps[params_t2_deps_count++] = tx;
// CPP-NEXT:      params_t2_deps[params_t2_deps_count++] = alloc_0_tid;
func.func @shapes(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = pto_tensor.create : tensor<16xf32>
  %b = pto_tensor.create : tensor<16xf32>
  %e1 = pto_orch.call @k(in %x, out %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %x1, %tx = pto_orch.submit @k(in %x, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope auto {
  %c = pto_tensor.create : tensor<16xf32>
  pto_rt.scope manual {
    %v = pto_tensor.slice %b[%c0] : tensor<16xf32> to tensor<4xf32>
    %w = pto_tensor.slice %x[%c0] : tensor<16xf32> to tensor<4xf32>
    %v1, %tv = pto_orch.submit @k4(in %w, out %v) compiler_deps(%tx : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %f1 = pto_orch.call @k(in %e1, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r, %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%src = %a, %dst = %c) -> (tensor<16xf32>, tensor<16xf32>) {
      %dst1 = pto_orch.call @k(in %src, out %dst) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %dst1, %src : tensor<16xf32>, tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
    %sel = scf.if %flag -> (tensor<16xf32>) {
      scf.yield %s : tensor<16xf32>
    } else {
      scf.yield %x : tensor<16xf32>
    }
    %g1 = pto_orch.call @k(in %sel, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %h1 = pto_orch.call @k(in %c, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
