// TaskId double buffering in a manual scope: each task waits for the task two iterations
// back (the carries (p2, p1) <- (p1, t) are assigned in parallel).

pto_orch.kernel @stripe aiv (in tensor<16xf32>, in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @double_buffer(%x: tensor<16xf32>, %o: tensor<96xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %r:3 = scf.for %i = %c0 to %c6 step %c1 iter_args(%oi = %o, %p2 = %none, %p1 = %none) -> (tensor<96xf32>, !pto_orch.task_id, !pto_orch.task_id) {
      %off = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %oi[%off] : tensor<96xf32> to tensor<16xf32>
      %d1, %t = pto_orch.submit @stripe(%x, %i, %dst) deps(%p2 : !pto_orch.task_id) : (tensor<16xf32>, index, tensor<16xf32>) -> tensor<16xf32>
      %o2 = pto_tensor.assemble %d1 into %oi[%off] : tensor<16xf32> into tensor<96xf32>
      scf.yield %o2, %p1, %t : tensor<96xf32>, !pto_orch.task_id, !pto_orch.task_id
    }
  }
  func.return
}
