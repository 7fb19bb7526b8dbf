// expected: 5:37: error: give a direction for every argument or for none (in, out, inout, no_dep, output_existing; scalar for a scalar: 'scalar %i'; with none, derive-call-directions fills them in)
// Directions on some arguments only.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(%a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
