// expected: 5:3: error: 'pto_orch.submit' op deps entry 0 has type tensor<4xf32>; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it)
// A submit whose deps list a tensor instead of a TaskId.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %t = pto_orch.submit @k(in %a, out %c) deps(%a : tensor<4xf32>) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
