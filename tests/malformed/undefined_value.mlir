// expected: 5:36: error: use of undeclared SSA value name %missing
// A value that is never defined.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %missing) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
