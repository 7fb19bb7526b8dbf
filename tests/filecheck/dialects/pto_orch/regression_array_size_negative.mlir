// Regression: a negative entry of pto_orch.iter_arg_array_size (the TaskId-array extent of a
// carry, 0 = not an array) was accepted.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// CHECK: %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
// CHECK: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
func.func @ok() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
  func.return
}

// -----

// CHECK: :[[# @LINE + 6]]:3: error: 'scf.for' op 'pto_orch.iter_arg_array_size' entry 0 is -3: an array size is positive, or 0 for a carry that is not an array
func.func @negative() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: -3>}
  func.return
}

// -----

// The plan is both attributes: half of it is stale (a pass kept one and dropped the other).
// CHECK: :[[# @LINE + 6]]:3: error: 'scf.for' op 'pto_orch.iter_arg_array_size' without 'pto_orch.iter_arg_rebind': the carry plan is both attributes; re-run classify-iter-arg-carry
func.func @half_plan() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_array_size = array<i64: 4>}
  func.return
}

// -----

// CHECK: :[[# @LINE + 6]]:3: error: 'scf.for' op 'pto_orch.iter_arg_rebind' without 'pto_orch.iter_arg_array_size': the carry plan is both attributes; re-run classify-iter-arg-carry
func.func @other_half() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i1: true>}
  func.return
}
