// Behaviour 11: verify-runtime-scopes-materialized (the spec's RuntimeScopesMaterialized
// property, also checked by the C++ printer) rejects an orchestration function still in
// auto-scope mode, and accepts the output of materialize-runtime-scopes, opted-out functions
// and non-orchestration functions.
// RUN: pypto-opt --split-input-file --print-diagnostics --verify-runtime-scopes-materialized %s | filecheck %s
// RUN: pypto-opt --split-input-file --materialize-runtime-scopes --verify-runtime-scopes-materialized %s | filecheck %s --check-prefix=AFTER
// RUN: pypto-opt --split-input-file -p materialize-runtime-scopes,verify-runtime-scopes-materialized %s | filecheck %s --check-prefix=AFTER

// AFTER-LABEL: func.func @orch()
// AFTER-SAME: pto_rt.auto_scope = false
// AFTER-NEXT: pto_rt.scope auto {
// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op @orch is still in auto-scope mode ('pto_rt.auto_scope' is absent or true), so its runtime scopes are not placed yet: run materialize-runtime-scopes first (pypto-opt --materialize-runtime-scopes, or -p pto2-pipeline), or set 'pto_rt.auto_scope = false' and place the scopes by hand
func.func @orch() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}

// -----

// AFTER-LABEL: func.func @orch_true()
// AFTER-SAME: pto_rt.auto_scope = false
// CHECK: :[[# @LINE + 4]]:1: error: 'func.func' op @orch_true is still in auto-scope mode ('pto_rt.auto_scope' is absent or true), so its runtime scopes are not placed yet: run materialize-runtime-scopes first (pypto-opt --materialize-runtime-scopes, or -p pto2-pipeline), or set 'pto_rt.auto_scope = false' and place the scopes by hand
func.func @helper() {
  func.return
}
func.func @orch_true() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = true} {
  func.return
}

// -----

// Opted out, and not orchestration: accepted unchanged.
// CHECK-LABEL: func.func @opted_out()
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @kernel_side()
// AFTER-LABEL: func.func @opted_out()
// AFTER-NEXT:    func.return
func.func @opted_out() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  func.return
}
func.func @kernel_side() attributes {pto_orch.kind = #pto_orch.kind<aiv>} {
  func.return
}
