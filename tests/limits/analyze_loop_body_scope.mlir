// With analyze-auto-scopes, the outer loop body's inner loop of 20000 tasks once became one
// compiler-owned scope holding them all (over the runtime's 16383 tasks a scope): each inner
// iteration must keep a scope of its own. tests/test_runtime_limits.py runs it.
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @nest(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 20000 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%oo = %o) -> (tensor<16xf32>) {
    %r2 = scf.for %i = %c0 to %big step %c1 iter_args(%o2 = %oo) -> (tensor<16xf32>) {
      %o1 = pto_orch.call @acc(%x, %o2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1 : tensor<16xf32>
    }
    scf.yield %r2 : tensor<16xf32>
  }
  func.return
}
