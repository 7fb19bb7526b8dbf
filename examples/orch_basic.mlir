// The complete example of PyPTO's orchestration codegen document ("完整示例"):
// c = kernel_add(a, b) into an intermediate tensor, then d = kernel_add(c, b) into the
// Out parameter d.
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/orch_basic.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @orch_basic(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<16x16xf32>
  %c1 = pto_orch.call @kernel_add(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d1 = pto_orch.call @kernel_add(%c1, %b, %d) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %d1 : tensor<16x16xf32>
}
