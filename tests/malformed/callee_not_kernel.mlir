// expected: 7:3: error: 'pto_orch.call' op '@g' is a 'func.func', not a pto_orch.kernel; tasks run kernels
// A call of a func.func instead of a kernel.
func.func @g(%a: tensor<4xf32>) {
  func.return
}
func.func @f(%a: tensor<4xf32>) {
  pto_orch.call @g(in %a) : (tensor<4xf32>) -> ()
  func.return
}
