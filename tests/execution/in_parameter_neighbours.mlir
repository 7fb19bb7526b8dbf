// Valid neighbours of the writes into 'in' parameters (tests/filecheck/dialects/pto_orch/
// in_parameter_alias_writes.mlir): an scf.if result that may be the 'in' parameter %a is only
// read; one that may be the 'inout' parameter %b (or a create) is written; a loop carry
// started from %a is only read. The verifier accepts them and they run.

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>

func.func @neighbours(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = pto_tensor.create : tensor<16xf32>
  %t1 = pto_orch.call @inc(%a, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %s = scf.if %c -> (tensor<16xf32>) {
    scf.yield %a : tensor<16xf32>
  } else {
    scf.yield %t1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(%s, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %m = pto_tensor.create : tensor<16xf32>
  %u = scf.if %c -> (tensor<16xf32>) {
    scf.yield %b : tensor<16xf32>
  } else {
    scf.yield %m : tensor<16xf32>
  }
  %u1 = pto_orch.call @bump(%u) : (tensor<16xf32>) -> tensor<16xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %p) -> (tensor<16xf32>, tensor<16xf32>) {
    %y1 = pto_orch.call @inc(%x, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y1, %y1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}
