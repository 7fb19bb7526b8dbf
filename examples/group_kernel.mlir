// A group kernel (PyPTO's orchestration codegen document, "Group 函数（混合核）"): @matmul_bias runs its AIC member
// (the cube part) and its AIV member (the vector part) together, submitted as one task with
// MixedKernels {aic_id, aiv_id, INVALID_KERNEL_ID} and rt_submit_task. The second task calls
// an incore kernel in the Mat memory space, whose core type is AIC (rt_submit_aic_task).
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/group_kernel.mlir

pto_orch.kernel @matmul_bias_aic aic (in tensor<16x16xf32>, in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @matmul_bias_aiv aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @matmul_bias group<@matmul_bias_aic, @matmul_bias_aiv> (in tensor<16x16xf32>, in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_matmul incore<mat> (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @group_kernel(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %bias: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %tmp = pto_tensor.create : tensor<16x16xf32>
  %tmp1 = pto_orch.call @matmul_bias(%a, %b, %bias, %tmp) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %out1 = pto_orch.call @kernel_matmul(%tmp1, %b, %out) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %out1 : tensor<16x16xf32>
}
