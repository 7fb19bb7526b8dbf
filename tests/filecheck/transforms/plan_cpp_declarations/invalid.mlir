// The declaration plan's attribute verifier (pypto_dialects/cpp_plan.py): each attribute on
// its op, with its shape; and a well-formed plan that no longer fits the function (the IR
// changed after plan-cpp-declarations), which the pto2-cpp target reports before printing
// instead of printing other declarations (docs/passes/plan-cpp-declarations.md#stale-plans).
// One located error per chunk.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s --check-prefix=VERIFY
// RUN: pypto-opt --split-input-file --print-diagnostics -t pto2-cpp %s | filecheck %s --check-prefix=STALE

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// VERIFY: :[[# @LINE + 2]]:1: error: 'func.func' op 'pto_orch.declared_params' lists argument 2, but the function has 2 arguments
// STALE: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.declared_params' lists argument 2, but the function has 2 arguments
func.func @out_of_range(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 2>, pto_orch.declared_dims = []} {
  %r = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// VERIFY: :[[# @LINE + 2]]:1: error: 'func.func' op 'pto_orch.declared_params' without 'pto_orch.declared_dims': the prologue plan is both attributes; re-run plan-cpp-declarations (or -p pto2-pipeline)
// STALE: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.declared_params' without 'pto_orch.declared_dims'
func.func @half(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>} {
  %r = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<?xf32>, out tensor<?xf32>) -> tensor<?xf32>
// VERIFY: :[[# @LINE + 2]]:1: error: 'func.func' op 'pto_orch.declared_dims' lists (1, 1), which is no dynamic extent of argument 1 (tensor<?xf32>)
// STALE: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.declared_dims' lists (1, 1)
func.func @bad_axis(%a: tensor<?xf32>, %o: tensor<?xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = [array<i64: 1, 1>]} {
  %r = pto_orch.call @k(in %a, out %o) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @not_manual(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope auto {
    // VERIFY: :[[# @LINE + 2]]:5: error: 'scf.for' op 'pto_orch.hoisted' belongs on an scf.for directly in a manual pto_rt.scope (the variables are declared before its header); re-run plan-cpp-declarations (or -p pto2-pipeline)
    // STALE: :[[# @LINE + 1]]:5: error: 'scf.for' op 'pto_orch.hoisted' belongs on an scf.for directly in a manual pto_rt.scope
    %x = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %o) -> (tensor<16xf32>) {
      %r = pto_orch.call @k(in %a, out %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %r : tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>, pto_orch.hoisted = array<i64: 0>}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @init_not_hoisted(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = pto_rt.scope manual -> (tensor<16xf32>) {
    // VERIFY: :[[# @LINE + 2]]:5: error: 'scf.for' op 'pto_orch.hoisted_with_init' lists 0, which 'pto_orch.hoisted' does not: only a hoisted carry is declared with its initial value; re-run plan-cpp-declarations (or -p pto2-pipeline)
    // STALE: :[[# @LINE + 1]]:5: error: 'scf.for' op 'pto_orch.hoisted_with_init' lists 0, which 'pto_orch.hoisted' does not
    %x = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %o) -> (tensor<16xf32>) {
      %r = pto_orch.call @k(in %a, out %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %r : tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>, pto_orch.hoisted_with_init = array<i64: 0>}
    pto_rt.yield %x : tensor<16xf32>
  }
  func.return
}

// -----

// `pto_orch.captured` sits on a task whose TaskId the C++ captures: a submit or a dummy.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @captured_on_a_call(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  // VERIFY: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op 'pto_orch.captured' belongs on pto_orch.submit or pto_system.task_dummy (the task whose TaskId the C++ captures)
  // STALE: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op 'pto_orch.captured' belongs on pto_orch.submit or pto_system.task_dummy
  %r = pto_orch.call @k(in %a, out %o) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @captured_not_unit(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  // VERIFY: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op 'pto_orch.captured' is a unit attribute
  // STALE: :[[# @LINE + 1]]:3: error: 'pto_orch.submit' op 'pto_orch.captured' is a unit attribute
  %r, %t = pto_orch.submit @k(in %a, out %o) {pto_orch.captured = 1 : i64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// `pto_orch.always_submitted` sits on a barrier with deps, as a unit attribute.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @always_on_a_submit(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  // VERIFY: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op 'pto_orch.always_submitted' belongs on a pto_system.task_dummy with deps (the barrier the C++ submits without testing them)
  // STALE: :[[# @LINE + 1]]:3: error: 'pto_orch.submit' op 'pto_orch.always_submitted' belongs on a pto_system.task_dummy with deps
  %r, %t = pto_orch.submit @k(in %a, out %o) {pto_orch.always_submitted} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

func.func @always_without_deps() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64>, pto_orch.declared_dims = []} {
  pto_rt.scope manual {
    // VERIFY: :[[# @LINE + 2]]:5: error: 'pto_system.task_dummy' op 'pto_orch.always_submitted' belongs on a pto_system.task_dummy with deps (the barrier the C++ submits without testing them)
    // STALE: :[[# @LINE + 1]]:5: error: 'pto_system.task_dummy' op 'pto_orch.always_submitted' belongs on a pto_system.task_dummy with deps
    %b = pto_system.task_dummy deps() {pto_orch.always_submitted}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @always_not_unit(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  pto_rt.scope manual {
    %r, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    // VERIFY: :[[# @LINE + 2]]:5: error: 'pto_system.task_dummy' op 'pto_orch.always_submitted' is a unit attribute
    // STALE: :[[# @LINE + 1]]:5: error: 'pto_system.task_dummy' op 'pto_orch.always_submitted' is a unit attribute
    %b = pto_system.task_dummy deps(%t : !pto_orch.task_id) {pto_orch.always_submitted = true}
  }
  func.return
}

// -----

// Well-formed but stale: the body no longer reads %b (a pass removed its task), and a
// loop's carry that the manual scope yields lost its hoist (a pass rebuilt the loop).
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// VERIFY-NOT: error
// STALE: :[[# @LINE + 1]]:1: error: 'func.func' op has 'pto_orch.declared_params' = [0, 1, 2], but the body's C++ names the parameters [0, 2]: the declaration plan is stale (the IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)
func.func @stale_params(%a: tensor<16xf32>, %b: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1, 2>, pto_orch.declared_dims = []} {
  pto_rt.scope auto {
    %r = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @stale_hoist(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = pto_rt.scope manual -> (tensor<16xf32>) {
    // STALE: :[[# @LINE + 1]]:5: error: 'scf.for' op has 'pto_orch.hoisted' = [], but the declarations before the manual header are [0]: the declaration plan is stale (the IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)
    %x = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %o) -> (tensor<16xf32>) {
      %r = pto_orch.call @k(in %a, out %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %r : tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    pto_rt.yield %x : tensor<16xf32>
  }
  %z = pto_orch.call @k(in %y, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// Well-formed but stale: a submit captured although nothing names its TaskId (its user was
// removed), and a dummy whose TaskId a later task waits on, not captured.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @stale_capture(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  pto_rt.scope manual {
    // VERIFY-NOT: error
    // STALE: :[[# @LINE + 1]]:5: error: 'pto_orch.submit' op has 'pto_orch.captured', but the C++ no longer names its TaskId: the declaration plan is stale (the IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)
    %r, %t = pto_orch.submit @k(in %a, out %o) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @stale_dummy(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  pto_rt.scope manual {
    // STALE: :[[# @LINE + 1]]:5: error: 'pto_system.task_dummy' op lacks 'pto_orch.captured', but the C++ names its TaskId: the declaration plan is stale (the IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)
    %fence = pto_system.task_dummy deps()
    %r, %t = pto_orch.submit @k(in %a, out %o) deps(%fence : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

// Well-formed but stale: a barrier waiting for a submit's TaskId (never invalid) without
// 'pto_orch.always_submitted', and one marked although its deps may all be invalid.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @stale_always(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1>, pto_orch.declared_dims = []} {
  pto_rt.scope manual {
    %r, %t = pto_orch.submit @k(in %a, out %o) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    // VERIFY-NOT: error
    // STALE: :[[# @LINE + 1]]:5: error: 'pto_system.task_dummy' op lacks 'pto_orch.always_submitted', but one of its deps is a TaskId that is never invalid: the declaration plan is stale (the IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)
    %b = pto_system.task_dummy deps(%t : !pto_orch.task_id)
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @stale_always_marked(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.declared_params = array<i64: 0, 1, 2>, pto_orch.declared_dims = []} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %r, %t = pto_orch.submit @k(in %a, out %o) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    // STALE: :[[# @LINE + 1]]:5: error: 'pto_system.task_dummy' op has 'pto_orch.always_submitted', but one of its deps is no longer a TaskId that is never invalid: the declaration plan is stale (the IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)
    %b = pto_system.task_dummy deps(%last : !pto_orch.task_id) {pto_orch.always_submitted}
  }
  func.return
}
