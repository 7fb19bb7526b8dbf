// expected: 3:1: error: 'func.func' op argument 0 is a scalar (index) and cannot be 'out': only tensor parameters are written
// An orchestration parameter that is a scalar but declared `out`.
func.func @f(%n: index {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}
