pto_orch.kernel @mk aiv (in tensor<16xf32>, out tensor<256xf32>) -> tensor<256xf32>
pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %a0 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %a1 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %a2 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %a3 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %a4 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
  }
  pto_rt.scope auto {
    pto_rt.scope auto {
      pto_rt.scope auto {
        %h = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %n = arith.constant 8 : index
        scf.for %k = %c0 to %n step %c1 {
          pto_rt.scope auto {
            %t = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
          }
        }
      }
    }
  }
  func.return
}
