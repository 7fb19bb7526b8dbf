// A tuple-returning kernel (PyPTO's orchestration codegen document, "元组处理"): the online-softmax step
//   pij, mij, lij = kernel_softmax(sij, scale, pij, mij, lij)
// with the float scalar `scale`. The kernel's three results are its InOut parameters 2, 3
// and 4 (`returns [2, 3, 4]`), so the call's results alias ext_pij, ext_mij and ext_lij.
// In C++ the tensors are added before the scalar: add_scalar(to_u64(scale)) comes last.
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/softmax_tuple.mlir

pto_orch.kernel @kernel_softmax aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>, inout tensor<16x1xf32>, inout tensor<16x1xf32>) -> (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>) returns [2, 3, 4]

func.func @softmax_tuple(%sij: tensor<16x16xf32>, %scale: f32, %pij: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %mij: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %lij: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %pij1, %mij1, %lij1 = pto_orch.call @kernel_softmax(%sij, %scale, %pij, %mij, %lij) : (tensor<16x16xf32>, f32, tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>) -> (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>)
  func.return %pij1, %mij1, %lij1 : tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>
}
