// Data crossing a manual-scope boundary, and a write after a read in an auto scope: the three
// shapes the runtime does not order by itself (it computes no fan-in for manual-scope tasks,
// records none of their writes, and its tensor map records only writers).
//  - @manual_then_auto: a manual task writes %b (slowly), then an auto task reads it;
//  - @auto_then_manual: an auto task writes %b (slowly), then a manual task reads it;
//  - @war_auto: an auto task reads %b (slowly), then a later auto task writes %b in place.

pto_orch.kernel @slow_inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @slow_copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>

func.func @manual_then_auto(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %b2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %b1, %t = pto_orch.submit @slow_inc(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %b1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @slow_copy(%b2, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @auto_then_manual(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %b1 = pto_orch.call @slow_inc(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %o2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %o1, %t = pto_orch.submit @slow_copy(%b1, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o1 : tensor<16xf32>
  }
  func.return
}

func.func @war_auto(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @slow_copy(%b, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b1 = pto_orch.call @bump(%b) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// The same shapes with a created buffer (%tmp) and inside a loop (each iteration its own manual
// scope; the data crosses the boundary every iteration, and the loop-carried write of %b in
// @manual_in_loop orders the iterations through the carried TaskId).
func.func @created_manual_then_auto(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %tmp = pto_tensor.create : tensor<16xf32>
  %t2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %t1, %t = pto_orch.submit @slow_inc(%a, %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %t1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @slow_copy(%t2, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @manual_in_loop(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %bl = scf.for %i = %c0 to %c3 step %c1 iter_args(%bi = %b) -> (tensor<16xf32>) {
    %b2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %b1, %t = pto_orch.submit @bump(%bi) : (tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %b1 : tensor<16xf32>
    }
    %o1 = pto_orch.call @slow_copy(%b2, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %b2 : tensor<16xf32>
  }
  func.return
}

func.func @war_in_loop(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %bl = scf.for %i = %c0 to %c3 step %c1 iter_args(%bi = %b) -> (tensor<16xf32>) {
    %o1 = pto_orch.call @slow_copy(%bi, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %b1 = pto_orch.call @bump(%bi) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %b1 : tensor<16xf32>
  }
  func.return
}
