// expected: 4:3: error: Operation has 1 results, but was given 2 to bind.
// More result names than the op has results.
func.func @f() {
  %a, %b = pto_tensor.create : tensor<4xf32>
  func.return
}
