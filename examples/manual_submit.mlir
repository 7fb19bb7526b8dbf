// A user-written manual scope (PyPTO's orchestration codegen document, "Manual Scope 与 TaskId 降级"): inside
// `pto_rt.scope manual` the runtime derives no dependencies, so every task states its
// predecessors with deps(...). t0 starts the chain from the invalid TaskId seed (a `None`
// dependency, guarded by is_valid() in C++); `left` and `right` both wait for t0 and may run
// in parallel; the dummy barrier task `join` waits for both, and the last task waits for the
// barrier only. The function keeps automatic scopes (no pto_rt.auto_scope = false): a manual
// scope is allowed there, and materialize-runtime-scopes wraps the body around it.
// Call-site directions are written out here (derive-call-directions would fill them in).
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/manual_submit.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_mul aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @manual_submit(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %out_final = pto_rt.scope manual -> (tensor<16x16xf32>) {
    %none = pto_system.task_invalid
    %sum = pto_tensor.create : tensor<16x16xf32>
    %left = pto_tensor.create : tensor<16x16xf32>
    %right = pto_tensor.create : tensor<16x16xf32>
    %sum1, %t0 = pto_orch.submit @kernel_add(in %a, in %b, out %sum) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %left1, %t1 = pto_orch.submit @kernel_mul(in %sum1, in %a, out %left) deps(%t0 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %right1, %t2 = pto_orch.submit @kernel_mul(in %sum1, in %b, out %right) deps(%t0 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %join = pto_system.task_dummy deps(%t1, %t2 : !pto_orch.task_id, !pto_orch.task_id)
    %out1, %t3 = pto_orch.submit @kernel_add(in %left1, in %right1, out %out) deps(%join : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield %out1 : tensor<16x16xf32>
  }
  func.return %out_final : tensor<16x16xf32>
}
