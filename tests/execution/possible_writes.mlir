// A write to a value that may be one of several buffers (loop carries swapped
// `(p, q) -> (q, p)`, an scf.if result, an if result fed back through a loop carry) is a
// possible write of each buffer, not a definite one: the tensor map records the buffer that
// was really written, so it does not order a later task on the other buffer after the
// earlier tasks that read or wrote it. Each function races on a buffer if a possible write is
// taken as a definite write of every buffer it may be.
//  - @pingpong: @step reads %p and writes %q, the carries swap; after the loop @bump updates
//    %a in place, while the last @step (which read %a) may still run;
//  - @nested_pingpong: the same in a loop nest: the inner loop swaps, the outer one updates
//    %a in place after it each time and carries the inner loop's results;
//  - @if_war: @slow_copy reads %a; @bump updates %s (%a or %b); @bump updates %a;
//  - @if_feedback: the carry is %a at first, then an if result (itself or %b); per
//    iteration @slow_copy reads %b, @bump updates the carry, @bump updates %b;
//  - @if_then_manual: @slow_bump updates %a; @bump updates %s (%a or %b); a manual task
//    reads %a;
//  - @swap_manual: @slow_copy reads %a; per iteration a manual scope updates %q and %p
//    (swapped each iteration), tasks the user need not order (they use different buffers).
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @slow_copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @slow_bump aiv (inout tensor<16xf32>) -> tensor<16xf32>

func.func @pingpong(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %a, %q = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %q1 = pto_orch.call @step(%p, %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %q1, %p : tensor<16xf32>, tensor<16xf32>
  }
  %a1 = pto_orch.call @bump(%a) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @nested_pingpong(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%x = %a, %y = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %s:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %x, %q = %y) -> (tensor<16xf32>, tensor<16xf32>) {
      %q1 = pto_orch.call @step(%p, %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %q1, %p : tensor<16xf32>, tensor<16xf32>
    }
    %a1 = pto_orch.call @bump(%a) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %s#0, %s#1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

func.func @if_war(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @slow_copy(%a, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %s = scf.if %c -> (tensor<16xf32>) {
    scf.yield %a : tensor<16xf32>
  } else {
    scf.yield %b : tensor<16xf32>
  }
  %s1 = pto_orch.call @bump(%s) : (tensor<16xf32>) -> tensor<16xf32>
  %a1 = pto_orch.call @bump(%a) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @if_feedback(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %a) -> (tensor<16xf32>) {
    %o1 = pto_orch.call @slow_copy(%b, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %p1 = pto_orch.call @bump(%p) : (tensor<16xf32>) -> tensor<16xf32>
    %b1 = pto_orch.call @bump(%b) : (tensor<16xf32>) -> tensor<16xf32>
    %n = scf.if %c -> (tensor<16xf32>) {
      scf.yield %p1 : tensor<16xf32>
    } else {
      scf.yield %b1 : tensor<16xf32>
    }
    scf.yield %n : tensor<16xf32>
  }
  func.return
}

func.func @if_then_manual(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %a1 = pto_orch.call @slow_bump(%a) : (tensor<16xf32>) -> tensor<16xf32>
  %s = scf.if %c -> (tensor<16xf32>) {
    scf.yield %a1 : tensor<16xf32>
  } else {
    scf.yield %b : tensor<16xf32>
  }
  %s1 = pto_orch.call @bump(%s) : (tensor<16xf32>) -> tensor<16xf32>
  %o2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %o1, %t = pto_orch.submit @slow_copy(%a1, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o1 : tensor<16xf32>
  }
  func.return
}

func.func @swap_manual(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %o1 = pto_orch.call @slow_copy(%a, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %a, %q = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %q2, %p2 = pto_rt.scope manual -> (tensor<16xf32>, tensor<16xf32>) {
      %q1, %t1 = pto_orch.submit @bump(%q) : (tensor<16xf32>) -> tensor<16xf32>
      %p1, %t2 = pto_orch.submit @slow_bump(%p) : (tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %q1, %p1 : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %q2, %p2 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

