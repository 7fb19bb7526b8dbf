// Nested pto_orch.parallel loops whose TaskIds leave both loops (issue 25, class 3; the
// programs of parallel_barrier.mlir, two levels deep): the four iterations write the four
// 16-row stripes of %y, and a consumer after both loops reads all of %y.
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @stripe_inout aiv (in tensor<64x16xf32>, in index, inout tensor<64x16xf32>) -> tensor<64x16xf32>

// Nested, in one manual scope: a parallel loop of 2 over a parallel loop of 2 (stripe
// 2p + b). The outer loop yields the inner loop's array (one TaskId per inner iteration):
// each outer iteration's slot becomes a barrier waiting for its inner iterations (before:
// an error asking to make the outer loop sequential).
func.func @nested(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %p = %c0 to %c2 step %c1 iter_args(%yo = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %yl, %tl = scf.for %b = %c0 to %c2 step %c1 iter_args(%yi = %yo, %pb = %prev) -> (tensor<64x16xf32>, !pto_orch.task_id) {
        %base = arith.muli %p, %c2 : index
        %k = arith.addi %base, %b : index
        %row = arith.muli %k, %c16 : index
        %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
        %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
        %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
        scf.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
      } {pto_orch.parallel}
      scf.yield %yl, %tl : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
    %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// Nested, the manual scope in the inner body; each task passes all of %y as inout (the
// kernel writes its stripe): order-untracked-hazards carries the writers' TaskIds out of
// both loops, and those carries are arrays (and a barrier per outer iteration) too, so the
// iterations stay unordered among themselves and the consumer waits for all four.
func.func @nested_body_manual(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %yf = scf.for %p = %c0 to %c2 step %c1 iter_args(%yo = %y) -> (tensor<64x16xf32>) {
    %yl = scf.for %b = %c0 to %c2 step %c1 iter_args(%yi = %yo) -> (tensor<64x16xf32>) {
      %y2 = pto_rt.scope manual -> (tensor<64x16xf32>) {
        %base = arith.muli %p, %c2 : index
        %k = arith.addi %base, %b : index
        %row = arith.muli %k, %c16 : index
        %y3 = pto_orch.call @stripe_inout(%x, %row, %yi) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
        pto_rt.yield %y3 : tensor<64x16xf32>
      }
      scf.yield %y2 : tensor<64x16xf32>
    } {pto_orch.parallel}
    scf.yield %yl : tensor<64x16xf32>
  } {pto_orch.parallel}
  %a = pto_orch.call @reduce(%yf, %s) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
