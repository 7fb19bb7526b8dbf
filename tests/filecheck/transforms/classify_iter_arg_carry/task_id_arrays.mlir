// classify-iter-arg-carry, TaskId carries (docs/passes/classify-iter-arg-carry.md; PyPTO's orchestration codegen document
// "pl.parallel TaskId iter_arg 的 array carry"): a TaskId iter_arg always rebinds. A
// !pto_orch.task_id iter_arg of a pto_orch.parallel loop of constant trip count becomes an
// array of ceil((ub - lb) / step) slots; a sequential loop whose yield is an inner loop's array carry
// result inherits the size. Everything else is size 0.
// RUN: pypto-opt --classify-iter-arg-carry %s | pypto-opt | filecheck %s
// RUN: pypto-opt --classify-iter-arg-carry %s > %t.once.mlir
// RUN: pypto-opt --classify-iter-arg-carry %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// case1 (PyPTO's orchestration codegen document, last example): the inner parallel loop's TaskId carry is an array of 4
// (its tensor carry is trivial), and the outer sequential loop inherits 4.
// CHECK-LABEL: func.func @case1(
// CHECK:             } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 4>}
// CHECK-NEXT:        scf.yield %ob, %tb : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:      } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 4>}
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

// Trip count ceil((ub - lb) / step): 1 to 10 step 4 runs 1, 5, 9 -> 3 slots.
// CHECK-LABEL: func.func @trip_count(
// CHECK:         } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 3>}
func.func @trip_count(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tl = scf.for %i = %c1 to %c10 step %c4 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// A compiler-owned manual scope counts, at any depth above the loop (here an scf.if branch
// inside it); i64 bounds work like index bounds.
// CHECK-LABEL: func.func @compiler_owned(
// CHECK:         } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
func.func @compiler_owned(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  pto_rt.scope manual compiler_owned {
    scf.if %cond {
      %none = pto_system.task_invalid
      %tl = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) : i64 {
        %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %t : !pto_orch.task_id
      } {pto_orch.parallel}
    }
  }
  func.return
}

// Outside any manual scope a parallel TaskId carry with a dynamic trip count whose iterations
// chain (each task waits for the carry) is a plain rebinding TaskId (size 0; with a constant
// trip count it is an array in every scope: parallel_every_scope.mlir); so is a sequential
// TaskId carry in a manual scope, and a TaskId array iter_arg (already an array value, not an
// array carry).
// CHECK-LABEL: func.func @no_array(
// CHECK:         } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
func.func @no_array(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %t0 = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  pto_rt.scope manual {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %none2 = pto_system.task_invalid
    %t1, %arr1 = scf.for %j = %c0 to %n step %c1 iter_args(%prev = %none2, %slots = %arr) -> (!pto_orch.task_id, !pto_orch.task_id_array<4>) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev, %slots : !pto_orch.task_id, !pto_orch.task_id_array<4>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %slots1 = pto_orch.task_array_set %t, %slots[%c0] : !pto_orch.task_id_array<4>
      scf.yield %t, %slots1 : !pto_orch.task_id, !pto_orch.task_id_array<4>
    }
  }
  func.return
}

// Issue #1811 of the spec: the manual scope is inside the outer sequential loop's body and
// threads the inner array carry out through its result; the outer loop (not itself in a
// manual scope) inherits the size. Inheritance chains through sequential loops.
// CHECK-LABEL: func.func @inherit_through_scope(
// CHECK:               } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
// CHECK:             } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
// CHECK:           } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
func.func @inherit_through_scope(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope auto {
    %none = pto_system.task_invalid
    %t2 = scf.for %q = %c0 to %c4 step %c1 iter_args(%pq = %none) -> (!pto_orch.task_id) {
      %t1 = scf.for %p = %c0 to %c4 step %c1 iter_args(%pp = %pq) -> (!pto_orch.task_id) {
        %s = pto_rt.scope manual -> (!pto_orch.task_id) {
          %tb = scf.for %b = %c0 to %c4 step %c1 iter_args(%pb = %pp) -> (!pto_orch.task_id) {
            %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%pb : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
            scf.yield %t : !pto_orch.task_id
          } {pto_orch.parallel}
          pto_rt.yield %tb : !pto_orch.task_id
        }
        scf.yield %s : !pto_orch.task_id
      }
      scf.yield %t1 : !pto_orch.task_id
    }
  }
  func.return
}
