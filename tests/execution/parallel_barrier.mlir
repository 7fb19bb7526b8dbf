// A barrier on a pto_orch.parallel loop's TaskId waits for every iteration, in every shape the
// TaskId leaves the loop (issue 25, class 3): four iterations write the four 16-row stripes
// of %y, a barrier waits for the loop's TaskId, and a consumer reads all of %y ordered by the
// barrier alone (`no_dep`: the runtime does not look %y up for it, so nothing else orders it).
// classify-iter-arg-carry makes every such carry an array of one TaskId per iteration
// (docs/passes/classify-iter-arg-carry.md); before, only a loop inside a manual scope got one,
// and the barrier waited for the last stripe only.
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

// The manual scope inside the loop body (one manual scope per iteration).
func.func @body_manual(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// The loop inside the manual scope (the shape that had the array carry already).
func.func @around_manual(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
    %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// No manual scope at all: the stripes are AUTO tasks, but the no_dep consumer still has only
// the barrier.
func.func @all_auto(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %row = arith.muli %b, %c16 : index
    %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
    scf.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// The loop's TaskId leaves through an scf.if result (the other branch: no task), then the
// barrier; the manual scope is inside the loop body. The if result holds one TaskId: a
// barrier waiting for the loop's array takes the array's place there.
func.func @through_if(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %mode: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %on = arith.cmpi ne, %mode, %c0 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.if %on -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %yl, %tl = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
        %row = arith.muli %b, %c16 : index
        %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
        %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
        %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
        pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
      }
      scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    scf.yield %yl, %tl : tensor<64x16xf32>, !pto_orch.task_id
  } else {
    scf.yield %y, %none : tensor<64x16xf32>, !pto_orch.task_id
  }
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// A trip count the compiler does not know (%n iterations): no array can be declared, so each
// iteration yields a barrier waiting for the carry and its own task (the iterations stay
// independent: a use of the carry in the body reads the init). The barrier after the loop
// waits for the last of that chain, so for every stripe.
func.func @dynamic(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// The same with each stripe waiting for the carry: a chain (iteration i after i - 1), whose
// last TaskId already stands for every iteration; the carry stays one TaskId.
func.func @dynamic_chain(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
