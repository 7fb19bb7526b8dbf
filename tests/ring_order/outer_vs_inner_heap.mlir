pto_orch.kernel @mk aiv (in tensor<16xf32>, out tensor<256xf32>) -> tensor<256xf32>
pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    pto_rt.scope auto {
      %a0 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
      %a1 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
      %a2 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
      %a3 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
      %a4 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    }
    %b0 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %b1 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %b2 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %b3 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
    %b4 = pto_orch.call @mk(%x) : (tensor<16xf32>) -> tensor<256xf32>
  }
  func.return
}
