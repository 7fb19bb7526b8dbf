// expected: 3:1: error: cannot parse this op (NotImplementedError: Format not implemented for i302)
// A dense array of an integer width xDSL cannot store (its parser crashed).
func.func @f() attributes {sizes = array<i302: 1, 2>} {
  func.return
}
