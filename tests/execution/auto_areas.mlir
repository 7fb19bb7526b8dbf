// auto-derive-task-dependencies over every AUTO area (pto2-pipeline{analyze-auto-scopes=true};
// tests/test_execution_auto_areas.py runs each function with the option on and off). @add
// (in a, in b, out o): o = a + b; @inc (in x, inout acc): acc += x.
//  - @hand_scope: a hand-placed auto scope (the function opted out) made compiler-owned
//    MANUAL: a temporary, a reader of it, an in-place update; a task after the scope reads the
//    result (its edge from order-untracked-hazards);
//  - @opted_out_body: a function that opted out and holds no scope: its body becomes one
//    compiler-owned MANUAL scope, a loop inside it (a nested region);
//  - @nested_scope: a hand-placed auto scope holding a loop whose body accumulates, and a
//    reader after the loop;
//  - @pre_loop_writer: the same with a task before the loop that writes what the loop uses:
//    order-untracked-hazards would give every iteration its TaskId (an edge more than the
//    tensor map's), so the scope stays AUTO;
//  - @user_deps: a submit whose user deps cover one of its two hazards: the pass adds the
//    other (partial user deps) and does not repeat the user's;
//  - @dynamic_parallel: a pto_orch.parallel loop with a dynamic trip count inside a
//    hand-placed scope: its TaskIds cannot be carried in a manual scope, so the scope stays
//    AUTO; @constant_parallel, the same loop with 3 iterations, is made MANUAL;
//  - @dynamic_seq: a sequential loop with a dynamic trip count: its body is made MANUAL (the
//    last iteration's TaskId orders the next, the carry starts invalid for zero trips);
//  - @partial_producer: slices of %y written in a loop, then a hand-placed scope reading all
//    of %y: the reader would need every iteration's TaskId, so the scope stays AUTO;
//  - @dynamic_if: an opted-out body, 2 iterations of a loop with a dynamic trip count whose
//    body updates %y in place through an scf.if (inc of %a on even steps, of %b on odd
//    ones), then a reader: one TaskId, the if's writer, orders the next step (a chain, as
//    the tensor map's).
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add32 aiv (in tensor<32xf32>, in tensor<32xf32>, out tensor<32xf32>) -> tensor<32xf32>

func.func @hand_scope(%a: tensor<16xf32>, %b: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %y2 = pto_rt.scope auto -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %b, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @add(in %y2, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @opted_out_body(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %y) -> (tensor<16xf32>) {
    %acc1 = pto_orch.call @inc(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %acc1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @add(in %r, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @nested_scope(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope auto {
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16xf32>) {
      %acc1 = pto_orch.call @inc(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %acc1 : tensor<16xf32>
    }
    %o1 = pto_orch.call @add(in %r, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @pre_loop_writer(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope auto {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y1) -> (tensor<16xf32>) {
      %acc1 = pto_orch.call @inc(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %acc1 : tensor<16xf32>
    }
    %o1 = pto_orch.call @add(in %r, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @user_deps(%a: tensor<16xf32>, %b: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %s = pto_tensor.create : tensor<16xf32>
    %u = pto_tensor.create : tensor<16xf32>
    %s1, %ts = pto_orch.submit @add(in %a, in %b, out %s) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %u1, %tu = pto_orch.submit @add(in %a, in %a, out %u) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %to = pto_orch.submit @add(in %s1, in %u1, out %o) deps(%ts : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @dynamic_parallel(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %n step %c1 {
      %u = pto_tensor.create : tensor<16xf32>
      %u1 = pto_orch.call @add(in %a, in %a, out %u) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o1 = pto_orch.call @add(in %u1, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    } {pto_orch.parallel}
  }
  func.return
}

func.func @constant_parallel(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %c3 step %c1 {
      %u = pto_tensor.create : tensor<16xf32>
      %u1 = pto_orch.call @add(in %a, in %a, out %u) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o1 = pto_orch.call @add(in %u1, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    } {pto_orch.parallel}
  }
  func.return
}

func.func @dynamic_seq(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %acc, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %acc1 = pto_orch.call @inc(in %t1, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %acc1 : tensor<16xf32>
  }
  func.return
}

func.func @partial_producer(%a: tensor<16xf32>, %y: tensor<32xf32> {pto_orch.dir = #pto_orch.dir<out>}, %o: tensor<32xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %off = arith.muli %i, %c16 : index
    %s = pto_tensor.slice %y[%off] : tensor<32xf32> to tensor<16xf32>
    %s1 = pto_orch.call @add(in %a, in %a, out %s) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope auto {
    %o1 = pto_orch.call @add32(in %y, in %y, out %o) : (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  }
  func.return
}

func.func @dynamic_if(%a: tensor<16xf32>, %b: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc_o = %y) -> (tensor<16xf32>) {
    %ri = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc_o) -> (tensor<16xf32>) {
      %bit = arith.remui %j, %c2 : index
      %even = arith.cmpi eq, %bit, %c0 : index
      %acc1 = scf.if %even -> (tensor<16xf32>) {
        %u = pto_orch.call @inc(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %u : tensor<16xf32>
      } else {
        %v = pto_orch.call @inc(in %b, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %v : tensor<16xf32>
      }
      scf.yield %acc1 : tensor<16xf32>
    }
    scf.yield %ri : tensor<16xf32>
  }
  %o1 = pto_orch.call @add(in %r, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
