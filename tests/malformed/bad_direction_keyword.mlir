// expected: 5:32: error: expected an argument such as '%a' or 'in %a' (directions: in, out, inout, no_dep, output_existing, scalar)
// A call-site direction that does not exist.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, write %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
