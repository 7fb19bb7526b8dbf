// expected: 5:5: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first
// A manual scope nested in a manual scope.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    pto_rt.scope manual {
    }
  }
  func.return
}
