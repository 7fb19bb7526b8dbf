// pypto-opt -p pto2-pipeline -t pto2-cpp   (FALSE REJECT, not fixed)
// pto2-pipeline accepts this (rotating two buffers inside a loop of one trip), but the printer
// then refuses: "uses %l2, a result of the pto_rt.scope at line 8, whose C++ variable q
// belongs to the scope". canonicalize folds the one-trip outer loop into its body scope,
// whose results are the inner carries, declared inside that scope. With a dynamic outer bound
// or analyze-auto-scopes=true it prints.
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
// ping-pong inside a one-trip outer loop: pto2-pipeline accepts, -t pto2-cpp refuses
func.func @f(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %b1 = pto_tensor.create init(2.0 : f32) : tensor<16xf32>
  %l1, %l2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a5 = %b0, %a6 = %b1) -> (tensor<16xf32>, tensor<16xf32>) {
    %l10, %l11 = scf.for %j = %c0 to %n step %c1 iter_args(%p = %a5, %q = %a6) -> (tensor<16xf32>, tensor<16xf32>) {
      %q1 = pto_orch.call @acc(in %p, inout %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %q1, %p : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %l10, %l11 : tensor<16xf32>, tensor<16xf32>
  }
  %w19 = pto_orch.call @acc(in %l2, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
