// classify-iter-arg-carry: a pto_orch.parallel loop's TaskId carry becomes an array of one slot
// per iteration only up to 4096 slots (MAX_TASK_ARRAY_SIZE, the limit of a user's
// !pto_orch.task_id_array). A loop of 100000 iterations printed `PTO2TaskId tl[100000];` and a
// consumer listing 100000 explicit deps, past the runtime's dependency pool (16384 entries):
// fatal. Outside manual scopes a larger one is carried as a loop of unknown trip count is: one
// TaskId, each iteration yielding a barrier on the carry and its task, submitted in the
// iteration's own scope (found by a breaker session). In a manual scope: invalid.mlir.
// RUN: pypto-opt -p pto2-pipeline %s | filecheck %s

pto_orch.kernel @st aiv (in tensor<64xf32>, in index, inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @acc aiv (in tensor<64xf32>, inout tensor<64xf32>) -> tensor<64xf32>

// CHECK-LABEL: func.func @over
// CHECK:       scf.for %i = %c0 to %cn step %c1 iter_args(%bb = %b, %prev = %none)
// CHECK-NEXT:    %{{.*}} = pto_rt.scope auto -> (tensor<64xf32>, !pto_orch.task_id) {
// CHECK-NEXT:      %b2, %ti = pto_orch.submit @st(in %x, scalar %i, inout %bb)
// CHECK-NEXT:      %prev_all = pto_system.task_dummy deps(%prev, %ti : !pto_orch.task_id, !pto_orch.task_id)
// CHECK-NEXT:      pto_rt.yield %b2, %prev_all
// CHECK:       } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
func.func @over(%x: tensor<64xf32>, %b: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 100000 : index
  %none = pto_system.task_invalid
  %rb, %tl = scf.for %i = %c0 to %cn step %c1 iter_args(%bb = %b, %prev = %none) -> (tensor<64xf32>, !pto_orch.task_id) {
    %b2, %ti = pto_orch.submit @st(in %x, scalar %i, inout %bb) : (tensor<64xf32>, index, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %b2, %ti : tensor<64xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %o2, %t2 = pto_orch.submit @acc(in %rb, inout %o) deps(%tl : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// CHECK-LABEL: func.func @limit
// CHECK:       pto_orch.iter_arg_array_size = array<i64: 0, 4096>
func.func @limit(%x: tensor<64xf32>, %b: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 4096 : index
  %none = pto_system.task_invalid
  %rb, %tl = scf.for %i = %c0 to %cn step %c1 iter_args(%bb = %b, %prev = %none) -> (tensor<64xf32>, !pto_orch.task_id) {
    %b2, %ti = pto_orch.submit @st(in %x, scalar %i, inout %bb) : (tensor<64xf32>, index, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %b2, %ti : tensor<64xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %o2, %t2 = pto_orch.submit @acc(in %rb, inout %o) deps(%tl : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}
