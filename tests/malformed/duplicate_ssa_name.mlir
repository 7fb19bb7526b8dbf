// expected: 5:3: error: SSA value %c is already defined
// The same SSA name defined twice.
func.func @f() {
  %c = pto_tensor.create : tensor<4xf32>
  %c = pto_tensor.create : tensor<8xf32>
  func.return
}
