pto_orch.kernel @mk aiv (in tensor<16xf32>, out tensor<256xf32>) -> tensor<256xf32>
pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  pto_rt.scope auto {
    pto_rt.scope auto {
      pto_rt.scope auto {
        pto_rt.scope auto {
          %h4 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
          scf.for %k = %c0 to %n step %c1 {
            pto_rt.scope auto {
              %tk = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
            }
          }
        }
        %h3 = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
        scf.for %m = %c0 to %n step %c1 {
          pto_rt.scope auto {
            %tm = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
          }
        }
      }
    }
  }
  func.return
}
