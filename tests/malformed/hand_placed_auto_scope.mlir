// expected: 4:3: error: 'pto_rt.scope' op a hand-placed auto scope needs the function to opt out of automatic scopes: set 'pto_rt.auto_scope = false' on the function, or use 'pto_rt.scope manual'
// An auto scope written by hand in a function whose scopes the compiler places.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope auto {
  }
  func.return
}
