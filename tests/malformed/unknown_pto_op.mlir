// expected: 4:3: error: the pto_orch dialect has no operation 'pto_orch.launch'
// An op the pto_orch dialect does not have.
func.func @f() {
  pto_orch.launch @k()
  func.return
}
