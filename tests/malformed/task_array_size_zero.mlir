// expected: 4:39: error: invalid type: a TaskId array needs a positive size
// A TaskId array of no slots.
func.func @f() {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<0>
  func.return
}
