// Regression: pto_rt.yield's HasParent trait named its parent by string, so verifying any
// pto_rt.yield (every scope with results) was an internal TypeError instead of a check.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// CHECK: %r = pto_rt.scope manual -> (!pto_orch.task_id) {
// CHECK-NEXT:   %t = pto_system.task_invalid
// CHECK-NEXT:   pto_rt.yield %t : !pto_orch.task_id
// CHECK-NEXT: }
func.func @f() -> !pto_orch.task_id {
  %r = pto_rt.scope manual -> (!pto_orch.task_id) {
    %t = pto_system.task_invalid
    pto_rt.yield %t : !pto_orch.task_id
  }
  func.return %r : !pto_orch.task_id
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.yield' op expects parent op 'pto_rt.scope'
func.func @g() {
  pto_rt.yield
}
