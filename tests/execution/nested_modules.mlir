// An orchestration function in a nested builtin.module runs its own module's kernel @k (an
// AIC kernel there; the outer @k with the same name is AIV): pto2-cpp prints it like a
// top-level function.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @outer(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

builtin.module {
  pto_orch.kernel @k aic (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

  func.func @inner(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @k(%a, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %b1 = pto_orch.call @k(%t1, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    func.return
  }
}
