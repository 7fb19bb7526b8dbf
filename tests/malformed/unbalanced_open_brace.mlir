// expected: 6:2: error: unexpected end of file: '}' expected to close a region
// A region that is never closed.
func.func @f() {
  pto_rt.scope manual {
  func.return
}
