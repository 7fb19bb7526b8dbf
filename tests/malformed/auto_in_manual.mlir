// expected: 5:5: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope
// An auto scope nested in a manual scope.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    pto_rt.scope auto {
    }
  }
  func.return
}
