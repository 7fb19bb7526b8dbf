// classify-iter-arg-carry: a barrier after a pto_orch.parallel loop waits for every iteration,
// in every shape its TaskId leaves the loop in (issue 25, class 3;
// docs/passes/classify-iter-arg-carry.md, "Array size" and "Barriers where an array meets one
// TaskId"):
//  - @no_manual_scope, @manual_in_body: a constant trip count makes the carry an array in
//    every kind of scope (before: only inside a manual scope);
//  - @dynamic: an unknown trip count outside a manual scope: the body reads the init, and each
//    iteration yields a barrier on the carry and its own TaskId (a chain of barriers);
//  - @dynamic_chain: each iteration's task already waits for the carry: unchanged;
//  - @through_if: an scf.if result holds one TaskId: a barrier on the array in the branch;
//  - @nested: an outer parallel loop yielding an inner one's array: a barrier per outer
//    iteration (before: an error); each iteration sees the carry's initial value, the
//    invalid TaskId, so the body's uses of both carries (the inner loop's seed, the task's
//    deps) name it (canonicalize then drops the dependency on no task);
//  - @seeds: a carry seeded with an array of another size (a parallel loop of 4, a sequential
//    loop of one TaskId, both seeded with a loop of 2): one barrier on the array seeds both.
// Execution: tests/test_parallel_barrier.py, tests/test_carry_plans_print.py.
// RUN: pypto-opt --classify-iter-arg-carry %s | pypto-opt | filecheck %s
// RUN: pypto-opt --classify-iter-arg-carry %s > %t.once.mlir
// RUN: pypto-opt --classify-iter-arg-carry %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @no_manual_scope(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
// CHECK-NEXT: %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @no_manual_scope(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
  func.return
}

// CHECK-LABEL: func.func @manual_in_body(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %s = pto_rt.scope manual -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: pto_rt.yield %t : !pto_orch.task_id
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %s : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
// CHECK-NEXT: %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @manual_in_body(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %s = pto_rt.scope manual -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t : !pto_orch.task_id
    }
    scf.yield %s : !pto_orch.task_id
  } {pto_orch.parallel}
  %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
  func.return
}

// CHECK-LABEL: func.func @dynamic(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %p = pto_system.task_is_valid %none
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: %prev_all = pto_system.task_dummy deps(%prev, %t : !pto_orch.task_id, !pto_orch.task_id)
// CHECK-NEXT: scf.yield %prev_all : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
// CHECK-NEXT: %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @dynamic(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %p = pto_system.task_is_valid %prev
    %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
  func.return
}

// CHECK-LABEL: func.func @dynamic_chain(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %f = pto_system.task_dummy deps(%prev : !pto_orch.task_id)
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%f : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
// CHECK-NEXT: %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @dynamic_chain(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %f = pto_system.task_dummy deps(%prev : !pto_orch.task_id)
    %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%f : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  %b = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
  func.return
}

// CHECK-LABEL: func.func @through_if(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %r = scf.if %c -> (!pto_orch.task_id) {
// CHECK-NEXT: %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
// CHECK-NEXT: %tl_all = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
// CHECK-NEXT: scf.yield %tl_all : !pto_orch.task_id
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %none : !pto_orch.task_id
// CHECK-NEXT: }
// CHECK-NEXT: %b = pto_system.task_dummy deps(%r : !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @through_if(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r = scf.if %c -> (!pto_orch.task_id) {
    %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
    scf.yield %tl : !pto_orch.task_id
  } else {
    scf.yield %none : !pto_orch.task_id
  }
  %b = pto_system.task_dummy deps(%r : !pto_orch.task_id)
  func.return
}

// CHECK-LABEL: func.func @nested(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %to = scf.for %p = %c0 to %c2 step %c1 iter_args(%pp = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %ti = scf.for %b = %c0 to %c3 step %c1 iter_args(%pb = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 3>}
// CHECK-NEXT: %ti_all = pto_system.task_dummy deps(%ti : !pto_orch.task_id)
// CHECK-NEXT: scf.yield %ti_all : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
// CHECK-NEXT: %b_1 = pto_system.task_dummy deps(%to : !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @nested(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %none = pto_system.task_invalid
  %to = scf.for %p = %c0 to %c2 step %c1 iter_args(%pp = %none) -> (!pto_orch.task_id) {
    %ti = scf.for %b = %c0 to %c3 step %c1 iter_args(%pb = %pp) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%pb : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
    scf.yield %ti : !pto_orch.task_id
  } {pto_orch.parallel}
  %b = pto_system.task_dummy deps(%to : !pto_orch.task_id)
  func.return
}

// CHECK-LABEL: func.func @seeds(
// CHECK:      %none = pto_system.task_invalid
// CHECK-NEXT: %t2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
// CHECK-NEXT: %t2_all = pto_system.task_dummy deps(%t2 : !pto_orch.task_id)
// CHECK-NEXT: %t4 = scf.for %i_1 = %c0 to %c4 step %c1 iter_args(%prev_1 = %t2_all) -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1_1, %t_1 = pto_orch.submit @k(in %a, out %out) deps(%prev_1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t_1 : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
// CHECK-NEXT: %ts = scf.for %i_2 = %c0 to %c4 step %c1 iter_args(%prev_2 = %t2_all) -> (!pto_orch.task_id) {
// CHECK-NEXT: %o1_2, %t_2 = pto_orch.submit @k(in %a, out %out) deps(%prev_2 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.yield %t_2 : !pto_orch.task_id
// CHECK-NEXT: } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
// CHECK-NEXT: %b = pto_system.task_dummy deps(%t4, %ts : !pto_orch.task_id, !pto_orch.task_id)
// CHECK-NEXT: func.return
func.func @seeds(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %t2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  %t4 = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %t2) -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  %ts = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %t2) -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  }
  %b = pto_system.task_dummy deps(%t4, %ts : !pto_orch.task_id, !pto_orch.task_id)
  func.return
}
