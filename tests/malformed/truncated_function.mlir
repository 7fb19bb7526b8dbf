// expected: 5:14: error: unexpected end of file: '}' expected to close a region
// A function cut before its closing brace.
func.func @f(%a: tensor<4xf32>) {
  %c = pto_tensor.create : tensor<4xf32>
  func.return
