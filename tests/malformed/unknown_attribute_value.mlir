// expected: 3:44: error: the pto_orch dialect has no attribute '#pto_orch.function'
// An attribute value of the pto_orch dialect that does not exist.
func.func @f() attributes {pto_orch.kind = #pto_orch.function<orchestration>} {
  func.return
}
