// expected: 5:3: error: 'pto_orch.call' op argument 0 has type index but kernel '@k' declares tensor<4xf32>
// A scalar passed where the kernel declares a tensor.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%n: index, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(scalar %n, out %c) : (index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
