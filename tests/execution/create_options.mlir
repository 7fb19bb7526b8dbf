// pto_tensor.create options. @init_value: an accumulator that starts as 1.0 everywhere
// (TensorCreateInfo::set_initial_value), one task adds %a into it in place, another copies it
// out. @manual_dep: a tensor whose writers the runtime does not track (the TensorCreateInfo's
// manual_dep flag): its reader waits for its writer only through the submit's deps.
pto_orch.kernel @acc_add aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @init_value(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %acc = pto_tensor.create init(1.0 : f32) : tensor<16x16xf32>
  %acc1 = pto_orch.call @acc_add(%a, %acc) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @copy(%acc1, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @manual_dep(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16x16xf32>
  %m1, %t0 = pto_orch.submit @acc_add(%a, %m) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1, %t1 = pto_orch.submit @copy(%m1, %o) deps(%t0 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
