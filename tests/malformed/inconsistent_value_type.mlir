// expected: 4:23: error: operand is used with type tensor<8xf32>, but has been previously used or defined with type tensor<4xf32>
// A value used with a type other than its own.
func.func @f(%a: tensor<4xf32>) {
  %d = pto_tensor.dim %a, 0 : tensor<8xf32>
  func.return
}
