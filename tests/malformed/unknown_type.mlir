// expected: 3:18: error: the pto_orch dialect has no type '!pto_orch.task'
// A type the pto_orch dialect does not have.
func.func @f(%t: !pto_orch.task) {
  func.return
}
