// The document's case1 at 8 branches and 4 phases: a sequential phase loop around a
// pl.parallel branch loop in a manual scope, every task of phase p+1 waiting for all 8 tasks of
// phase p through the TaskId array carry. Each task reads the stripes the previous phase wrote
// (the kernel of the execution test takes a column maximum over them), so a missing edge shows
// in the output. With expand-manual-phase-fence (in pto2-pipeline) each phase boundary is
// 8 -> barrier -> 8 (16 edges) instead of 8 x 8 (64 edges).
pto_orch.kernel @stripe aiv (in tensor<512x16xf32>, in index, inout tensor<512x16xf32>) -> tensor<512x16xf32>

func.func @phase_fence(%data: tensor<512x16xf32>, %out: tensor<512x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<512x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %phases = arith.constant 4 : index
  %branches = arith.constant 8 : index
  %tile = arith.constant 16 : index
  %final = pto_rt.scope manual -> (tensor<512x16xf32>) {
    %none = pto_system.task_invalid
    %out_p, %tids_p = scf.for %phase = %c0 to %phases step %c1 iter_args(%o_p = %out, %prev = %none) -> (tensor<512x16xf32>, !pto_orch.task_id) {
      %out_b, %tids_b = scf.for %branch = %c0 to %branches step %c1 iter_args(%o_b = %o_p, %prev_b = %prev) -> (tensor<512x16xf32>, !pto_orch.task_id) {
        %base = arith.muli %phase, %branches : index
        %stripe = arith.addi %base, %branch : index
        %row = arith.muli %stripe, %tile : index
        %o_next, %tid = pto_orch.submit @stripe(%data, %row, %o_b) deps(%prev_b : !pto_orch.task_id) : (tensor<512x16xf32>, index, tensor<512x16xf32>) -> tensor<512x16xf32>
        scf.yield %o_next, %tid : tensor<512x16xf32>, !pto_orch.task_id
      } {pto_orch.parallel}
      scf.yield %out_b, %tids_b : tensor<512x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %out_p : tensor<512x16xf32>
  }
  func.return %final : tensor<512x16xf32>
}
