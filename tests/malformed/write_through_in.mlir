// expected: 5:3: error: 'pto_orch.call' op argument 0 is passed as 'out' but kernel parameter 0 is 'in': a task cannot write through an input (use 'in' or 'no_dep')
// A task that writes through an `in` kernel parameter.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(out %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
