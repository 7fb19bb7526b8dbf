// expected: 5:41: error: unexpected end of file: '(' expected
// A call cut after the colon of its signature.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) :