// The document's case1 (PyPTO's orchestration codegen document, last example): outer sequential phase loop x inner
// pl.parallel branch loop, inside a manual scope.
//   with pl.manual_scope():
//       prev_tid = None
//       for phase in pl.range(N_PHASES):
//           for branch in pl.parallel(N_BRANCHES):
//               row = (phase * N_BRANCHES + branch) * TILE_M
//               out, prev_tid = pl.submit(self.kernel_stripe, data, row, 1.0, out, deps=[prev_tid])
// Both loops carry `out` and the TaskId `prev_tid` (seeded with the invalid TaskId). The
// inner loop is `pto_orch.parallel` with a constant trip count, so classify-iter-arg-carry
// turns its TaskId carry into an array of N_BRANCHES slots (and the outer one inherits it):
// every task of phase N+1 waits for all N_BRANCHES tasks of phase N.
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/case1_manual_parallel.mlir

pto_orch.kernel @kernel_stripe aiv (in tensor<256x16xf32>, in index, in f32, out tensor<256x16xf32>) -> tensor<256x16xf32>

func.func @case1_manual_parallel(%data: tensor<256x16xf32>, %out: tensor<256x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<256x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N_PHASES = arith.constant 4 : index
  %N_BRANCHES = arith.constant 4 : index
  %TILE_M = arith.constant 16 : index
  %one = arith.constant 1.000000e+00 : f32
  %out_final = pto_rt.scope manual -> (tensor<256x16xf32>) {
    %prev_tid = pto_system.task_invalid
    %out_phases, %tid_phases = scf.for %phase = %c0 to %N_PHASES step %c1 iter_args(%out_p = %out, %prev_p = %prev_tid) -> (tensor<256x16xf32>, !pto_orch.task_id) {
      %out_branches, %tid_branches = scf.for %branch = %c0 to %N_BRANCHES step %c1 iter_args(%out_b = %out_p, %prev_b = %prev_p) -> (tensor<256x16xf32>, !pto_orch.task_id) {
        %phase_base = arith.muli %phase, %N_BRANCHES : index
        %stripe = arith.addi %phase_base, %branch : index
        %row = arith.muli %stripe, %TILE_M : index
        %out_next, %tid = pto_orch.submit @kernel_stripe(%data, %row, %one, %out_b) deps(%prev_b : !pto_orch.task_id) : (tensor<256x16xf32>, index, f32, tensor<256x16xf32>) -> tensor<256x16xf32>
        scf.yield %out_next, %tid : tensor<256x16xf32>, !pto_orch.task_id
      } {pto_orch.parallel}
      scf.yield %out_branches, %tid_branches : tensor<256x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %out_phases : tensor<256x16xf32>
  }
  func.return %out_final : tensor<256x16xf32>
}
