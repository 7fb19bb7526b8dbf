// expand-manual-phase-fence leaves these shapes direct (docs/passes/expand-manual-phase-fence.md):
// no benefit (N -> 1, 2 -> 2), a benefit it cannot estimate (dynamic trip count), a known-zero
// loop, scalar and mixed deps, an array updated in the loop (directly or through an alias), the
// loop's own carry, an array defined in the loop body, and anything outside a manual scope or
// outside an orchestration function, compiler-owned manual scopes. The module prints exactly
// as without the pass.
// RUN: pypto-opt %s > %t.before.mlir
// RUN: pypto-opt --expand-manual-phase-fence %s > %t.after.mlir
// RUN: diff %t.before.mlir %t.after.mlir
// RUN: pypto-opt --expand-manual-phase-fence %s | filecheck %s
// CHECK-NOT: pto_system.task_dummy

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @shapes(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %arr1 = pto_orch.task_array_set %t0, %arr[%c0] : !pto_orch.task_id_array<4>
    %pair = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    // N -> 1: 4 x 1 <= 4 + 1
    scf.for %i = %c0 to %c1 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    // 2 -> 2: 2 x 2 <= 2 + 2
    scf.for %i = %c0 to %c2 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%pair : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    // a dynamic trip count: the benefit cannot be estimated
    scf.for %i = %c0 to %n step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    // a known-zero loop
    scf.for %i = %c4 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    // a scalar dep, and mixed deps
    scf.for %i = %c0 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o2, %t2 = pto_orch.submit @k(in %a, out %out) deps(%arr1, %t0 : !pto_orch.task_id_array<4>, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    // the array is updated in the loop body
    scf.for %i = %c0 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr1 : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %u = pto_orch.task_array_set %t1, %arr1[%i] : !pto_orch.task_id_array<4>
    }
    // ... through an alias (%arr1 is %arr after an in-place store)
    scf.for %i = %c0 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %u = pto_orch.task_array_set %t1, %arr1[%i] : !pto_orch.task_id_array<4>
    }
    // ... through a loop result (the loop's carry variable, updated in the nested loop)
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %arr) -> (!pto_orch.task_id_array<4>) {
      scf.yield %x : !pto_orch.task_id_array<4>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%r : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %u = pto_orch.task_array_set %t1, %r[%i] : !pto_orch.task_id_array<4>
    }
    // the loop's own carry (a sequential loop: it changes every iteration)
    %fin = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %arr1) -> (!pto_orch.task_id_array<4>) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%cur : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %next = pto_orch.task_array_create : !pto_orch.task_id_array<4>
      scf.yield %next : !pto_orch.task_id_array<4>
    }
    // a sequential loop's TaskId array carry (the inner parallel loop's array), read in its body
    %none = pto_system.task_invalid
    %tp = scf.for %p = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %tb = scf.for %b = %c0 to %c4 step %c1 iter_args(%pb = %t1) -> (!pto_orch.task_id) {
        %o2, %t2 = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %t2 : !pto_orch.task_id
      } {pto_orch.parallel}
      scf.yield %tb : !pto_orch.task_id
    }
    // an array defined in the loop body
    scf.for %i = %c0 to %c4 step %c1 {
      %local = pto_orch.task_array_create : !pto_orch.task_id_array<4>
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%local : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    // a parallel loop's TaskId carry whose init is a single TaskId (1 -> 4)
    %tq = scf.for %b = %c0 to %c4 step %c1 iter_args(%pq = %t0) -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%pq : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// Outside a manual scope: deps order nothing the runtime does not already see.
func.func @auto(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
  scf.for %i = %c0 to %c4 step %c1 {
    %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Not an orchestration function.
func.func @helper(%a: tensor<16xf32>, %out: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    scf.for %i = %c0 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}

// A compiler-owned manual scope (pto2-pipeline places those after this pass).
func.func @compiler_owned(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual compiler_owned {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    scf.for %i = %c0 to %c4 step %c1 {
      %o1, %t1 = pto_orch.submit @k(in %a, out %out) deps(%arr : !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
