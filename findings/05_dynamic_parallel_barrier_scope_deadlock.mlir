// FIXED in 8e24ea6 (barrier placement) and 05565cd (array limit). pypto-opt -p pto2-pipeline -t pto2-cpp
// WRONG C++ for large n: a pto_orch.parallel loop of dynamic trip count carrying a TaskId gets a
// per-iteration barrier (classify-iter-arg-carry's iteration barrier,
// `task_dummy deps(%prev, %ti)`), which was inserted in the loop body AFTER the iteration's
// PTO2_SCOPE, i.e. submitted in the scope around the loop:
//     for (i < n) { PTO2_SCOPE() { submit st } ; rt_submit_dummy_task(...) }
// so the outer scope holds n dummy tasks: for n >= 16384 the runtime's fatal "scope deadlock"
// (K10: at most 16383 tasks submitted directly in one scope), where the program itself puts
// one task per iteration scope. Fixed: the barrier is made inside the iteration's scope.
// Related, fixed in 05565cd: with a CONSTANT trip count the carry becomes a stack array
// `PTO2TaskId tl[N]` with no size limit (N = 100000: 800 kB arrays, and a consumer listing
// 100000 explicit deps, past the runtime's dependency pool of 16384 entries: fatal), while a
// user's !pto_orch.task_id_array<N> is limited to 4096 slots.
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
