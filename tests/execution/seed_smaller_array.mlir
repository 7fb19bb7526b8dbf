// A pto_orch.parallel loop's TaskId carry seeded with the array of an earlier parallel loop
// that has fewer iterations (issue 25, item 6): 2 tasks write rows 0..31 of %y (a 16-row
// stripe each), then 4 tasks each read those rows and write a 16-row stripe of %z, waiting
// for the first loop's array; a last task sums %z. The phase
// fence makes the 4 tasks wait for a barrier on the 2-slot array; the 4-slot carry of the
// second loop is seeded with that barrier (before: "its init is a TaskId array of 2 slots,
// but its plan has 4: the plan is stale" at the printer).
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @mix aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @seed_smaller(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y2, %t2 = scf.for %b = %c0 to %c2 step %c1 iter_args(%yi = %y, %p = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %d1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%p : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %d1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %z2, %t4 = scf.for %b = %c0 to %c4 step %c1 iter_args(%zi = %z, %p = %t2) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %zi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %d1, %t = pto_orch.submit @mix(%y2, %row, %dst) deps(%p : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %z3 = pto_tensor.assemble %d1 into %zi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %z3, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %r, %tr = pto_orch.submit @reduce(%z2, %s) deps(%t4 : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// The same without the phase fence (1 slot into 2 iterations: not worth a barrier there):
// classify-iter-arg-carry puts the barrier on the 1-slot array in front of the loop itself.
func.func @seed_direct(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y2, %t1 = scf.for %b = %c0 to %c1 step %c1 iter_args(%yi = %y, %p = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %d1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%p : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %d1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %z2, %t2 = scf.for %b = %c0 to %c2 step %c1 iter_args(%zi = %z, %p = %t1) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %zi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %d1, %t = pto_orch.submit @mix(%y2, %row, %dst) deps(%p : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %z3 = pto_tensor.assemble %d1 into %zi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %z3, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %r, %tr = pto_orch.submit @reduce(%z2, %s) deps(%t2 : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// A sequential loop seeded with a parallel loop's array that carries one TaskId (each task
// waits for the previous one): its init becomes a barrier on the array (before: "its init is
// a TaskId array of 2 slots, but its plan is a single TaskId").
func.func @seq_seeded(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y2, %t2 = scf.for %b = %c0 to %c2 step %c1 iter_args(%yi = %y, %p = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %d1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%p : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %d1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %z2, %t4 = scf.for %b = %c0 to %c4 step %c1 iter_args(%zi = %z, %p = %t2) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %zi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %d1, %t = pto_orch.submit @mix(%y2, %row, %dst) deps(%p : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %z3 = pto_tensor.assemble %d1 into %zi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %z3, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    %r, %tr = pto_orch.submit @reduce(%z2, %s) deps(%t4 : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
