// A pto_orch.parallel loop whose body is a compiler-owned manual scope (issue 25, class 3; the
// task carries the manual-candidate marker as written: auto-derive-task-dependencies keeps a
// body of one task, with no edge inside, AUTO since issue 23, with the same edge count): each iteration
// passes all of %y as inout and writes its 16-row stripe, the loop yields each task's TaskId,
// a barrier waits for the loop's TaskId and a no_dep consumer reads all of %y after it. The
// user's carry and the carry order-untracked-hazards adds for the AUTO consumer of %y both
// hold one TaskId per iteration.
pto_orch.kernel @stripe_inout aiv (in tensor<64x16xf32>, in index, inout tensor<64x16xf32>) -> tensor<64x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @compiler_owned(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %row = arith.muli %b, %c16 : index
    %y3, %tb = pto_orch.submit @stripe_inout(%x, %row, %yi) {manual_candidate} : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
    scf.yield %y3, %tb : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %c = pto_orch.call @reduce(%yf, %t) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
