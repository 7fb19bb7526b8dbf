// A manual scope whose tasks use two created buffers (%stage allocated in the auto scope,
// %tmp at the manual block's entry: it does not leave the scope): each task lists the
// allocations it touches.
pto_orch.kernel @fill aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @retain(%x: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %stage = pto_tensor.create : tensor<16x16xf32>
  %r = pto_rt.scope manual -> (tensor<16x16xf32>) {
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %none = pto_system.task_invalid
    %s1, %t1 = pto_orch.submit @fill(%x, %c0, %stage) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %tmp1, %t2 = pto_orch.submit @fill(%x, %c1, %tmp) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %o1, %t3 = pto_orch.submit @add(%s1, %tmp1, %out) deps(%t1, %t2 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield %o1 : tensor<16x16xf32>
  }
  func.return
}
