// expected: 4:3: error: 'pto_system.task_dummy' op deps entry 0 has type tensor<4xf32>; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it)
// A dummy barrier whose deps list a tensor.
func.func @f(%a: tensor<4xf32>) {
  %b = pto_system.task_dummy deps(%a : tensor<4xf32>)
  func.return
}
