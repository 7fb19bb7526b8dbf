// A buffer the loop body makes and carries to the next iteration is allocated in the scope
// around the loop, once per iteration (batch-tensor-allocations rule 1): that scope holds n
// allocation tasks, so n >= 16384 exceeds the runtime's 16383 tasks a scope (its fatal
// "scope deadlock"). tests/test_runtime_limits.py runs it.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @rtout(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> (tensor<16xf32>) {
    %y = pto_orch.call @inc(%cur) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y : tensor<16xf32>
  }
  %o1 = pto_orch.call @acc(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
