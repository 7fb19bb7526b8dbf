pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @fin aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 5 : index
  scf.for %j = %c0 to %c2 step %c1 {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> (tensor<16xf32>) {
      %y = pto_orch.call @inc(%cur) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y : tensor<16xf32>
    }
    %o1 = pto_orch.call @fin(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> (tensor<16xf32>) {
    %y = pto_orch.call @inc(%cur) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y : tensor<16xf32>
  }
  %o2 = pto_orch.call @fin(%r2, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
