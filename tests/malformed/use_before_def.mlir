// expected: 5:3: error: 'pto_orch.call' op operand #1 does not dominate this use: %c is defined later, on line 6
// A value used before the op that defines it.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = pto_tensor.create : tensor<4xf32>
  func.return
}
