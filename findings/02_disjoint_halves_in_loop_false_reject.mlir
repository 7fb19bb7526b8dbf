// pypto-opt -p pto2-pipeline  (FALSE REJECT, not fixed)
// A loop whose task reads the low half of a carried buffer (in) and accumulates into its high
// half (inout) is refused: "must run after its own instance in the previous iteration ...
// its access is a write of part of the buffer". The runtime orders the instances (the inout
// slot looks up the previous instance's write of [8, 16)), and the read half is never written.
// order-untracked-hazards merges the two slots of one root into one access whose window is
// unknown (untracked_hazards.py: "two windows of one buffer: compared as unknown"), so it
// sees a WAR/WAW it cannot carry. Also with a one-trip loop (%c0 to %c1).
pto_orch.kernel @acc8 aiv (in tensor<8xf32>, inout tensor<8xf32>) -> tensor<8xf32>
func.func @f(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %l8 = scf.for %i12 = %c0 to %n step %c1 iter_args(%a10 = %o) -> (tensor<16xf32>) {
    %s15 = pto_tensor.slice %a10[%c0] : tensor<16xf32> to tensor<8xf32>
    %s16 = pto_tensor.slice %a10[%c8] : tensor<16xf32> to tensor<8xf32>
    %w17 = pto_orch.call @acc8(in %s15, inout %s16) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %a10 : tensor<16xf32>
  }
  func.return
}
