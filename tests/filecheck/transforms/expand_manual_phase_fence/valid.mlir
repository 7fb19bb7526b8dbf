// expand-manual-phase-fence (docs/passes/expand-manual-phase-fence.md): in a manual scope, the
// submits of a loop whose only dependency is a whole TaskId array of N slots (N x M edges for M
// consumers) wait for one pto_system.task_dummy inserted before the loop instead (N + M edges).
// RUN: pypto-opt --expand-manual-phase-fence %s | pypto-opt | filecheck %s
// RUN: pypto-opt --expand-manual-phase-fence %s > %t.once.mlir
// RUN: pypto-opt --expand-manual-phase-fence %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// case1: the parallel loop's TaskId carry reads its init, the previous phase's array of 4
// (4 x 4 > 4 + 4): the barrier waits for the init, before the parallel loop.
// CHECK-LABEL: func.func @case1(
// CHECK:         %op, %tp = scf.for %p = %c0 to %c3 step %c1 iter_args(%o = %out, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:      %fence = pto_system.task_dummy deps(%prev : !pto_orch.task_id)
// CHECK-NEXT:      %ob, %tb = scf.for %b = %c0 to %c4 step %c1 iter_args(%ob_it = %o, %prev_b = %prev) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:        %o1, %t = pto_orch.submit @k(in %a, out %ob_it) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @case1(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %op, %tp = scf.for %p = %c0 to %c3 step %c1 iter_args(%o = %out, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %ob, %tb = scf.for %b = %c0 to %c4 step %c1 iter_args(%ob_it = %o, %prev_b = %prev) -> (tensor<16xf32>, !pto_orch.task_id) {
        %o1, %t = pto_orch.submit @k(in %a, out %ob_it) deps(%prev_b : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %o1, %t : tensor<16xf32>, !pto_orch.task_id
      } {pto_orch.parallel}
      scf.yield %ob, %tb : tensor<16xf32>, !pto_orch.task_id
    }
  }
  func.return
}

// Two parallel loops in a row: the second one's carry starts as the first one's array of 4.
// CHECK-LABEL: func.func @parallel_after_parallel(
// CHECK:         %fence = pto_system.task_dummy deps(%ta : !pto_orch.task_id)
// CHECK-NEXT:    %tb = scf.for %j = %c0 to %c4 step %c1 iter_args(%pb = %ta) -> (!pto_orch.task_id) {
// CHECK-NEXT:      %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @parallel_after_parallel(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %ta = scf.for %i = %c0 to %c4 step %c1 iter_args(%pa = %none) -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%pa : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } {pto_orch.parallel}
    %tb = scf.for %j = %c0 to %c4 step %c1 iter_args(%pb = %ta) -> (!pto_orch.task_id) {
      %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%pb : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t2 : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// An explicit array read by a sequential loop of 3 iterations with two consumers each
// (4 x 6 > 4 + 6): one barrier for both.
// CHECK-LABEL: func.func @explicit_array(
// CHECK:         %fence = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<4>)
// CHECK-NEXT:    scf.for %i = %c0 to %c3 step %c1 {
// CHECK-NEXT:      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:      %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @explicit_array(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %o0, %t0 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %arr1 = pto_orch.task_array_set %t0, %arr[%c0] : !pto_orch.task_id_array<4>
    scf.for %i = %c0 to %c3 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}

// Double buffering: the inner loop reads the phase's array %cur and writes another one, %nx.
// CHECK-LABEL: func.func @double_buffer(
// CHECK:           %next0 = pto_orch.task_array_create : !pto_orch.task_id_array<4>
// CHECK-NEXT:      %fence = pto_system.task_dummy deps(%cur : !pto_orch.task_id_array<4>)
// CHECK-NEXT:      %next = scf.for %b = %c0 to %c4 step %c1 iter_args(%nx = %next0) -> (!pto_orch.task_id_array<4>) {
// CHECK-NEXT:        %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @double_buffer(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %init = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %fin = scf.for %p = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (!pto_orch.task_id_array<4>) {
      %next0 = pto_orch.task_array_create : !pto_orch.task_id_array<4>
      %next = scf.for %b = %c0 to %c4 step %c1 iter_args(%nx = %next0) -> (!pto_orch.task_id_array<4>) {
        %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%cur : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        %nx2 = pto_orch.task_array_set %t, %nx[%b] : !pto_orch.task_id_array<4>
        scf.yield %nx2 : !pto_orch.task_id_array<4>
      }
      scf.yield %next : !pto_orch.task_id_array<4>
    }
  }
  func.return
}
