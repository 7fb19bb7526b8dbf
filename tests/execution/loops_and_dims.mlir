// Loop steps and dynamic dims. @dyn_step: a loop whose step is a scalar parameter; with a step
// <= 0 it runs no iteration (guard-dynamic-loop-steps; before, step 0 never ended), then one
// task reads the result (a run needs at least one task). @second_dim:
// a second pto_tensor.dim of %x inside the loop sizes a create of the loop body
// (fold-tensor-dims; before, it had no C++ form).

pto_orch.kernel @inc aiv (in tensor<4x16xf32>, out tensor<4x16xf32>) -> tensor<4x16xf32>
pto_orch.kernel @inc_dyn aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @add_into aiv (in tensor<?x16xf32>, inout tensor<?x16xf32>) -> tensor<?x16xf32>

func.func @dyn_step(%y: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %s iter_args(%acc = %y) -> (tensor<4x16xf32>) {
    %acc1 = pto_orch.call @inc(%acc, %acc) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %acc1 : tensor<4x16xf32>
  }
  %z1 = pto_orch.call @inc(%r, %z) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  func.return
}

func.func @second_dim(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %r = scf.for %i = %c0 to %M step %c1 iter_args(%acc = %y) -> (tensor<?x16xf32>) {
    %M2 = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %t = pto_tensor.create(%M2) : tensor<?x16xf32>
    %t1 = pto_orch.call @inc_dyn(%x, %t) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    %acc1 = pto_orch.call @add_into(%t1, %acc) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    scf.yield %acc1 : tensor<?x16xf32>
  }
  func.return
}
