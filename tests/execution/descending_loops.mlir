// Descending loops: the upward scf.for over k = -i marked pto_orch.descending, printed as a
// C++ loop counting down. @countdown folds the rows of %x in the order 3, 2, 1, 0 (the order
// matters: acc = acc * 2 + x[i]); @fan is pl.parallel(5, 1, -1) in a manual scope, its TaskId
// array carry of 4 slots (the trip count) waited for by one consumer.

pto_orch.kernel @horner aiv (in tensor<4x16xf32>, in index, inout tensor<1x16xf32>) -> tensor<1x16xf32>
pto_orch.kernel @row_of aiv (in tensor<8x16xf32>, in index, out tensor<1x16xf32>) -> tensor<1x16xf32>
pto_orch.kernel @copy aiv (in tensor<8x16xf32>, out tensor<8x16xf32>) -> tensor<8x16xf32>

func.func @countdown(%x: tensor<4x16xf32>, %acc: tensor<1x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -3 : index
  %r = scf.for %k = %lb to %c1 step %c1 iter_args(%a = %acc) -> (tensor<1x16xf32>) {
    %i = arith.subi %c0, %k : index
    %a1 = pto_orch.call @horner(%x, %i, %a) : (tensor<4x16xf32>, index, tensor<1x16xf32>) -> tensor<1x16xf32>
    scf.yield %a1 : tensor<1x16xf32>
  } {pto_orch.descending}
  func.return
}

func.func @fan(%x: tensor<8x16xf32>, %y: tensor<8x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<8x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %lb = arith.constant -5 : index
  %ub = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %t = scf.for %k = %lb to %ub step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
      %i = arith.subi %c0, %k : index
      %row = pto_tensor.slice %y[%i, %c0] : tensor<8x16xf32> to tensor<1x16xf32>
      %row1, %t1 = pto_orch.submit @row_of(%x, %i, %row) deps(%p : !pto_orch.task_id) : (tensor<8x16xf32>, index, tensor<1x16xf32>) -> tensor<1x16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } {pto_orch.descending, pto_orch.parallel}
    %z1, %tz = pto_orch.submit @copy(%y, %z) deps(%t : !pto_orch.task_id) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  }
  func.return
}
