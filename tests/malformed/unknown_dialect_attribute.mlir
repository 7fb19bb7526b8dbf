// expected: 3:1: error: 'func.func' op unknown attribute 'pto_orch.priority' of the pto_orch dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored)
// A discardable attribute the pto_orch dialect does not define.
func.func @f() attributes {pto_orch.priority = 3 : i64} {
  func.return
}
