// expected: 3:44: error: unexpected end of file: attribute expected
// A function attribute dictionary cut in the middle.
func.func @f() attributes {pto_orch.kind = 