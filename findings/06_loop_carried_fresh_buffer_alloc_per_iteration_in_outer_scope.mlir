// pypto-opt -p pto2-pipeline -t pto2-cpp    (not fixed; a design limit, reported)
// A buffer the loop body makes (here a runtime-allocated output) and carries to the next
// iteration is allocated in the scope AROUND the loop, once per iteration:
//     PTO2_SCOPE() { Tensor cur = ext_x;
//       for (i < n) { alloc_tensors(y_ci) ... ; PTO2_SCOPE() { submit inc(cur -> y); cur = y; } } ... }
// (batch-tensor-allocations, rule 1: a buffer that leaves its scope is allocated before it).
// That keeps it alive for the next iteration, but the outer scope then holds n allocation
// tasks submitted directly in it and n buffers until it ends, although two are live at a time:
// for n >= 16384 the runtime's fatal "scope deadlock" (K10: at most 16383 tasks, allocations
// included, submitted directly in one scope), and heap use linear in n. Nothing reports it
// (dynamic n); the interpreter does not model the task window. A ping-pong of two buffers
// allocated before the loop is what the program needs.
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
