// Dual-AIV group kernels: a group whose members are both AIV kernels runs them on the two
// vector cores of one cluster, submitted as MixedKernels{INVALID_KERNEL_ID, aiv0, aiv1}.
// @split: the members write the top and the bottom half of the output; @same: one kernel on
// both cores (MixedKernels{INVALID_KERNEL_ID, id, id}), each writing the same values.
pto_orch.kernel @top aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bottom aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @halves group<@top, @bottom> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @inc aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @inc2 group<@inc, @inc> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @split(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @halves(%a, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @same(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @inc2(%a, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
