// expected: 5:3: error: 'pto_orch.call' op argument 0 has type tensor<8xf32> but kernel '@k' declares tensor<4xf32>
// A call argument whose type is not the kernel's.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<8xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(in %a, out %c) : (tensor<8xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
