// expected: 3:59: error: Expected `orchestration`, `opaque`, `incore`, `aic`, `aiv`, `group`, or `spmd`.
// A function kind that does not exist.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<host>} {
  func.return
}
