// expected: 4:3: error: 'pto_rt.scope' op the scope yields (tensor<8xf32>) but its results are (tensor<4xf32>)
// A scope whose yield does not match its results.
func.func @f(%a: tensor<8xf32>) {
  %r = pto_rt.scope manual -> (tensor<4xf32>) {
    pto_rt.yield %a : tensor<8xf32>
  }
  func.return
}
