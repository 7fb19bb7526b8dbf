// Loops whose tasks the user chains with explicit deps: each iteration's task lists the
// previous iteration's TaskId (a loop carry it yields its own TaskId to), so the last
// iteration's TaskId implies every earlier one and order-untracked-hazards may carry just that
// one to a later task the runtime does not order after them all. Before, the pass refused
// these programs ("only the last iteration's TaskId can be carried").
//  - @manual_loop: a user manual scope writes the row blocks of %y in a loop of %n
//    iterations; an AUTO task after the scope updates all of %y in place;
//  - @manual_nest: the same over a 2 x 2 nest, the chain carried through both loops (the inner
//    loop starts from the outer loop's carry, the outer loop yields the inner one's result);
//  - @auto_reads: an AUTO loop reads %a in every iteration; a task after it writes %a in
//    place (the tensor map records writers only);
//  - @manual_dep_rows: an AUTO loop writes the row blocks of a manual_dep buffer (the runtime
//    tracks neither its writers nor its readers); a task after the loop reads it all;
//  - @restarted_inner: the inner loop's chain restarts every outer iteration, and the task
//    that must wait is in the outer loop's body, after the inner loop: enough;
//  - @scope_per_iteration: a user manual scope in each iteration of an AUTO loop; the
//    scope yields its task's TaskId to the loop's carry;
//  - @loop_carried: an AUTO loop whose chained task reads all of %a, and a task after it in
//    the same body writes half of %a in place: it waits for this iteration's read and the
//    previous iteration's (which implies every earlier one).
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<64x16xf32>) -> tensor<64x16xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump16 aiv (inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @copy32 aiv (in tensor<32x16xf32>, out tensor<32x16xf32>) -> tensor<32x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @manual_loop(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yr, %last = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %yr : tensor<64x16xf32>
  }
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

func.func @manual_nest(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yo, %lo = scf.for %o = %c0 to %c2 step %c1 iter_args(%yj = %y, %po = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %base = arith.muli %o, %c32 : index
      %yr, %li = scf.for %i = %c0 to %c2 step %c1 iter_args(%yi = %yj, %prev = %po) -> (tensor<64x16xf32>, !pto_orch.task_id) {
        %off = arith.muli %i, %c16 : index
        %row = arith.addi %base, %off : index
        %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
        %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
        %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
        scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
      }
      scf.yield %yr, %li : tensor<64x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %yo : tensor<64x16xf32>
  }
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

func.func @auto_reads(%a: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %or, %last = scf.for %i = %c0 to %n step %c1 iter_args(%oi = %o, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %row = arith.muli %i, %c16 : index
    %dst = pto_tensor.slice %oi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %dst1, %t = pto_orch.submit @copy(%a, %dst) deps(%prev : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %o2 = pto_tensor.assemble %dst1 into %oi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
    scf.yield %o2, %t : tensor<64x16xf32>, !pto_orch.task_id
  }
  %a1 = pto_orch.call @bump16(%a) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @manual_dep_rows(%x: tensor<64x16xf32>, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<64x16xf32>
  %none = pto_system.task_invalid
  %mr, %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%mi = %m, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %row = arith.muli %i, %c16 : index
    %dst = pto_tensor.slice %mi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %m2 = pto_tensor.assemble %dst1 into %mi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
    scf.yield %m2, %t : tensor<64x16xf32>, !pto_orch.task_id
  }
  %s1 = pto_orch.call @reduce(%mr, %s) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @restarted_inner(%a: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %or = scf.for %k = %c0 to %c2 step %c1 iter_args(%oj = %o) -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %base = arith.muli %k, %c32 : index
    %oi2, %last = scf.for %i = %c0 to %c2 step %c1 iter_args(%oi = %oj, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %off = arith.muli %i, %c16 : index
      %row = arith.addi %base, %off : index
      %dst = pto_tensor.slice %oi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @copy(%a, %dst) deps(%prev : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %o2 = pto_tensor.assemble %dst1 into %oi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %o2, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    %a1 = pto_orch.call @bump16(%a) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %oi2 : tensor<64x16xf32>
  }
  func.return
}

func.func @scope_per_iteration(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %row = arith.muli %i, %c16 : index
    %dst = pto_tensor.slice %y[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %t = pto_rt.scope manual -> (!pto_orch.task_id) {
      %d, %tt = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      pto_rt.yield %tt : !pto_orch.task_id
    }
    scf.yield %t : !pto_orch.task_id
  }
  %y3 = pto_orch.call @bump(%y) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

func.func @loop_carried(%a: tensor<32x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %none = pto_system.task_invalid
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %row = arith.muli %i, %c32 : index
    %dst = pto_tensor.slice %o[%row, %c0] : tensor<128x16xf32> to tensor<32x16xf32>
    %d, %t = pto_orch.submit @copy32(%a, %dst) deps(%prev : !pto_orch.task_id) : (tensor<32x16xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
    %half = arith.remui %i, %c2 : index
    %arow = arith.muli %half, %c16 : index
    %part = pto_tensor.slice %a[%arow, %c0] : tensor<32x16xf32> to tensor<16x16xf32>
    %p1 = pto_orch.call @bump16(%part) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %t : !pto_orch.task_id
  }
  func.return
}

// Two tasks of a one-trip loop write the same rows (`out`: the runtime orders neither write
// after the other), each listing the other's TaskId carried from the previous iteration (the
// invalid one in the only iteration). That dep names an earlier iteration's instance, so the
// second task still needs the compiler's edge on the first: without it the two writes raced
// (found by `python -m bench.differential --user-deps`, seeds 39 and 63).
func.func @partner_previous_dep(%x: tensor<16x16xf32>, %y: tensor<16x16xf32>, %o: tensor<32x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %hi = pto_tensor.slice %o[%c16, %c0] : tensor<32x16xf32> to tensor<16x16xf32>
  %none = pto_system.task_invalid
  %la, %lb = scf.for %i = %c0 to %c1 step %c1 iter_args(%pa = %none, %pb = %none) -> (!pto_orch.task_id, !pto_orch.task_id) {
    %wa, %ta = pto_orch.submit @copy(in %x, out %hi) deps(%pb : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %wb, %tb = pto_orch.submit @copy(in %y, out %hi) deps(%pa : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %ta, %tb : !pto_orch.task_id, !pto_orch.task_id
  }
  func.return
}
