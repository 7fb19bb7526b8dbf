// A parallel loop of dynamic trip count carrying a TaskId: its per-iteration barrier once went
// to the scope around the loop (n barriers in one scope, over 16383 for n >= 16384); it belongs
// in the iteration's scope. tests/test_runtime_limits.py runs it.
pto_orch.kernel @st aiv (in tensor<64xf32>, in index, inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @acc aiv (in tensor<64xf32>, inout tensor<64xf32>) -> tensor<64xf32>
func.func @par(%x: tensor<64xf32>, %b: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %rb, %tl = scf.for %i = %c0 to %n step %c1 iter_args(%bb = %b, %prev = %none) -> (tensor<64xf32>, !pto_orch.task_id) {
    %b2, %ti = pto_orch.submit @st(in %x, scalar %i, inout %bb) : (tensor<64xf32>, index, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %b2, %ti : tensor<64xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %o2, %t2 = pto_orch.submit @acc(in %rb, inout %o) deps(%tl : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}
