// expected: 6:1: error: unexpected '}': there is no region to close
// A closing brace too many.
func.func @f() {
  func.return
}
}
