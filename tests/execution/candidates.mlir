// A loop body whose tasks all carry the manual-candidate marker: materialize-runtime-scopes
// makes it a compiler-owned manual scope; the TaskId carry leaves it every iteration.
pto_orch.kernel @k aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @candidates(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %none = pto_system.task_invalid
  %r, %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %o, %p = %none) -> (tensor<16x16xf32>, !pto_orch.task_id) {
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %t1, %id1 = pto_orch.submit @k(%a, %tmp) deps(%p : !pto_orch.task_id) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %x1, %id = pto_orch.submit @k(%t1, %x) deps(%id1 : !pto_orch.task_id) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %x1, %id : tensor<16x16xf32>, !pto_orch.task_id
  }
  %y, %yid = pto_orch.submit @k(%r, %o) deps(%last : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %y : tensor<16x16xf32>
}
