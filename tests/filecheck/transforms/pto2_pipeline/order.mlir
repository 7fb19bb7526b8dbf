// pto2-pipeline = fuse-create-assemble-to-slice, fold-tensor-dims, guard-dynamic-loop-steps,
// verify-orchestration-outputs, derive-call-directions, auto-derive-task-dependencies,
// expand-manual-phase-fence, materialize-runtime-scopes, order-untracked-hazards,
// classify-iter-arg-carry, dce, batch-tensor-allocations (which ends with the add-retain-edges
// step), plan-cpp-declarations, verify-orchestration (docs/passes/index.md). The call-level
// markers make materialize-runtime-scopes turn the phase loop's body into a compiler-owned
// manual scope; only after that can
// classify-iter-arg-carry see that the parallel loop's TaskId carry is an array (alone, it
// refuses: see ../classify_iter_arg_carry/invalid.mlir), and the phase loop inherits the
// array through the scope's result. Directions are derived before scopes exist (the write of
// the parameter %out is inout: the sequential phase loop repeats it). The output
// re-parses, and running the pipeline again changes nothing. The manual tasks read %tmp1, which
// an auto task wrote before the manual scope: order-untracked-hazards gives them that task's
// TaskId as a compiler edge (the call becomes a submit), and add-retain-edges the TaskId of
// %tmp's allocation batch (a manual task retains the buffers it uses). plan-cpp-declarations
// hoists the parallel loop's TaskId array (the manual scope yields it) before the header.
// RUN: pypto-opt -p pto2-pipeline %s | pypto-opt | filecheck %s
// RUN: pypto-opt -p pto2-pipeline %s > %t.once.mlir
// RUN: pypto-opt -p pto2-pipeline %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt -p fuse-create-assemble-to-slice,fold-tensor-dims,guard-dynamic-loop-steps,verify-orchestration-outputs,derive-call-directions,auto-derive-task-dependencies,expand-manual-phase-fence,materialize-runtime-scopes,order-untracked-hazards,classify-iter-arg-carry,dce,batch-tensor-allocations,plan-cpp-declarations %s > %t.flags.mlir
// RUN: diff %t.once.mlir %t.flags.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @phases(
// CHECK-SAME:    pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []
// CHECK:         %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK:           %tmp, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:        %1 = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:        pto_tensor.yield %1 : tensor<16xf32>
// CHECK-NEXT:      } : tensor<16xf32>
// CHECK:           %tmp1, %tmp1_tid = pto_orch.submit @k(in %a, out %tmp) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:      %none = pto_system.task_invalid
// CHECK-NEXT:      %out_p, %tid_p = scf.for %p = %c0 to %c2 step %c1 iter_args(%o = %out, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:        %2, %3 = pto_rt.scope manual compiler_owned -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:          %out_b, %tid_b = scf.for %b = %c0 to %c4 step %c1 iter_args(%ob = %o, %pb = %prev) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:            %o1, %t = pto_orch.submit @k(in %tmp1, inout %ob) deps(%pb : !pto_orch.task_id) compiler_deps(%tmp1_tid, %alloc : !pto_orch.task_id, !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:            scf.yield %o1, %t : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:          } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 4>, pto_orch.hoisted = array<i64: 1>}
// CHECK-NEXT:          pto_rt.yield %out_b, %tid_b : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield %2, %3 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:      } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 4>}
func.func @phases(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %tmp = pto_tensor.create : tensor<16xf32>
  %tmp1 = pto_orch.call @k(%a, %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %none = pto_system.task_invalid
  %out_p, %tid_p = scf.for %p = %c0 to %c2 step %c1 iter_args(%o = %out, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
    %out_b, %tid_b = scf.for %b = %c0 to %c4 step %c1 iter_args(%ob = %o, %pb = %prev) -> (tensor<16xf32>, !pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(%tmp1, %ob) deps(%pb : !pto_orch.task_id) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1, %t : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    scf.yield %out_b, %tid_b : tensor<16xf32>, !pto_orch.task_id
  }
  func.return %out_p : tensor<16xf32>
}
