pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 7 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %h = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
      scf.for %k = %c0 to %n step %c1 {
        %t = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  %d0 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d1 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d2 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d3 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d4 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d5 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d6 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  %d7 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}
