// expected: 6:3: error: 'pto_orch.task_array_get' op slot 2 is out of range for !pto_orch.task_id_array<2> (slots 0..1)
// A TaskId array slot past the end.
func.func @f() {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %i = arith.constant 2 : index
  %t = pto_orch.task_array_get %arr[%i] : !pto_orch.task_id_array<2>
  func.return
}
