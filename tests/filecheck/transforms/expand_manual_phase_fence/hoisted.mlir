// expand-manual-phase-fence hoists a barrier out of a loop nest (docs/passes/
// expand-manual-phase-fence.md, "Where the barrier goes"): before the outermost loop around the
// consumers in which the array stays the same and whose trip counts are known, one barrier for
// all the consumers of the nest, where the innermost loop would need one per outer iteration.
// RUN: pypto-opt --expand-manual-phase-fence %s | pypto-opt | filecheck %s
// RUN: pypto-opt --expand-manual-phase-fence %s > %t.once.mlir
// RUN: pypto-opt --expand-manual-phase-fence %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// The array of 4 producers is defined before the nest (4 x 2 consumers): one barrier before the
// outer loop (1 dummy task, 4 + 8 edges) instead of one per outer iteration (4, 4 x (4 + 2)).
// CHECK-LABEL: func.func @stable_nest(
// CHECK:         } {pto_orch.parallel}
// CHECK-NEXT:    %fence = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
// CHECK-NEXT:    scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NOT:     pto_system.task_dummy
// CHECK:         func.return
func.func @stable_nest(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } {pto_orch.parallel}
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%tids : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  func.return
}

// The array is made in each phase (the body of the phase loop): the barrier goes before the
// middle loop, once per phase (2 dummy tasks), not before the inner one (2 x 2).
// CHECK-LABEL: func.func @per_phase(
// CHECK:           } {pto_orch.parallel}
// CHECK-NEXT:      %fence = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
// CHECK-NEXT:      scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:        scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:          %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @per_phase(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    scf.for %ph = %c0 to %c2 step %c1 {
      %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %t1 : !pto_orch.task_id
      } {pto_orch.parallel}
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%tids : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        }
      }
    }
  }
  func.return
}

// 2 -> 2 in the inner loop saves nothing, but the nest submits the consumer 3 x 2 times:
// 2 x 6 > 2 + 6, one barrier before the outer loop.
// CHECK-LABEL: func.func @profitable_as_a_nest(
// CHECK:         %fence = pto_system.task_dummy deps(%pair1 : !pto_orch.task_id_array<2>)
// CHECK-NEXT:    scf.for %i = %c0 to %c3 step %c1 {
// CHECK-NEXT:      scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @profitable_as_a_nest(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %pair = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %o0, %t0 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %pair1 = pto_orch.task_array_set %t0, %pair[%c0] : !pto_orch.task_id_array<2>
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%pair1 : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  func.return
}

// Consumers of one array in two loops of one outer loop share one barrier before it.
// CHECK-LABEL: func.func @shared(
// CHECK:         %fence = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<4>)
// CHECK-NEXT:    scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:      scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %j_1 = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NOT:     pto_system.task_dummy
// CHECK:         func.return
func.func @shared(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %o0, %t0 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %arr1 = pto_orch.task_array_set %t0, %arr[%c0] : !pto_orch.task_id_array<4>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
      scf.for %j = %c0 to %c2 step %c1 {
        %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  func.return
}

// A consumer in a loop inside a pto_orch.parallel loop, waiting for that loop's TaskId carry:
// every iteration reads the init (the producers' array), so the barrier waits for the init,
// before the parallel loop.
// CHECK-LABEL: func.func @inside_a_parallel_loop(
// CHECK:         %fence = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
// CHECK-NEXT:    %tq = scf.for %q = %c0 to %c4 step %c1 iter_args(%pq = %tids) -> (!pto_orch.task_id) {
// CHECK-NEXT:      %ti = scf.for %j = %c0 to %c2 step %c1 iter_args(%pj = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT:        %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @inside_a_parallel_loop(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } {pto_orch.parallel}
    %tq = scf.for %q = %c0 to %c4 step %c1 iter_args(%pq = %tids) -> (!pto_orch.task_id) {
      %ti = scf.for %j = %c0 to %c2 step %c1 iter_args(%pj = %none) -> (!pto_orch.task_id) {
        %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%pq : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %t2 : !pto_orch.task_id
      }
      scf.yield %ti : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// Where hoisting stops: the barrier stays before the inner loop (it pays there: 4 x 4 > 4 + 4).
// CHECK-LABEL: func.func @stops(
// An outer loop whose trip count is not known (it may run no iteration).
// CHECK:         scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %fence = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<4>)
// CHECK-NEXT:      scf.for %j = %c0 to %c4 step %c1 {
// An outer loop that stores into the array (through an alias).
// CHECK:         scf.for %i_1 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %fence_1 = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<4>)
// CHECK-NEXT:      scf.for %j_1 = %c0 to %c4 step %c1 {
// CHECK:           %u = pto_orch.task_array_set %t2, %arr[%i_1] : !pto_orch.task_id_array<4>
// An scf.if between the loops.
// CHECK:         scf.for %i_2 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.if %flag {
// CHECK-NEXT:        %fence_2 = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<4>)
// CHECK-NEXT:        scf.for %j_2 = %c0 to %c4 step %c1 {
// An outer loop of known trip count 0 (its body never runs).
// CHECK:         scf.for %i_3 = %c4 to %c4 step %c1 {
// CHECK-NEXT:      %fence_3 = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<4>)
// CHECK-NEXT:      scf.for %j_3 = %c0 to %c4 step %c1 {
// A parallel loop's TaskId carry that also seeds an inner loop (classify-iter-arg-carry puts a
// barrier on it in every iteration there, and reuses this one).
// CHECK:         %tq = scf.for %q = %c0 to %c4 step %c1 iter_args(%pq = %tp) -> (!pto_orch.task_id) {
// CHECK-NEXT:      %fence_4 = pto_system.task_dummy deps(%pq : !pto_orch.task_id)
// CHECK-NEXT:      %ti = scf.for %j_4 = %c0 to %c4 step %c1 iter_args(%pj = %pq) -> (!pto_orch.task_id) {
// The outer loop's own carry (a sequential loop: a new array every iteration).
// CHECK:         %fin = scf.for %i_4 = %c0 to %c4 step %c1 iter_args(%cur = %arr1) -> (!pto_orch.task_id_array<4>) {
// CHECK-NEXT:      %fence_5 = pto_system.task_dummy deps(%cur : !pto_orch.task_id_array<4>)
// CHECK-NEXT:      scf.for %j_5 = %c0 to %c4 step %c1 {
func.func @stops(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %o0, %t0 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %arr1 = pto_orch.task_array_set %t0, %arr[%c0] : !pto_orch.task_id_array<4>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
      %o2, %t2 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %u = pto_orch.task_array_set %t2, %arr[%i] : !pto_orch.task_id_array<4>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      scf.if %flag {
        scf.for %j = %c0 to %c4 step %c1 {
          %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        }
      }
    }
    scf.for %i = %c4 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
    %none = pto_system.task_invalid
    %tp = scf.for %b = %c0 to %c4 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
      %o3, %t3 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t3 : !pto_orch.task_id
    } {pto_orch.parallel}
    %tq = scf.for %q = %c0 to %c4 step %c1 iter_args(%pq = %tp) -> (!pto_orch.task_id) {
      %ti = scf.for %j = %c0 to %c4 step %c1 iter_args(%pj = %pq) -> (!pto_orch.task_id) {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%pq : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %t1 : !pto_orch.task_id
      }
      scf.yield %ti : !pto_orch.task_id
    } {pto_orch.parallel}
    %fin = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %arr1) -> (!pto_orch.task_id_array<4>) {
      scf.for %j = %c0 to %c4 step %c1 {
        %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%cur : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
      %next = pto_orch.task_array_create : !pto_orch.task_id_array<4>
      scf.yield %next : !pto_orch.task_id_array<4>
    }
  }
  func.return
}
