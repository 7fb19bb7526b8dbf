// expected: 4:3: error: 'pto_orch.call' op '@kernel_add' does not name a kernel in this module
// A call of a kernel that is not declared.
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @kernel_add(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
