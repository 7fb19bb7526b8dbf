// Compiler edges across closed scopes are hoisted, not dropped (after upstream pypto's tests
// test_cross_scope_task_id_is_hoisted_for_set_dependencies and
// test_compiler_derived_deps_for_mixed_group_call_capture_task_id_when_hoisted):
//  - @set_dependencies: a compiler edge on a TaskId produced in an earlier, closed auto scope
//    (the TaskId leaves it as the scope's result): declared invalid at the common ancestor,
//    assigned in the producer's block, unguarded in the consumer's set_dependencies (the
//    scope's yield always runs first and yields a submit's TaskId);
//  - @mixed_group: a group-kernel call in one auto scope writes a created buffer that a task in
//    a later manual scope reads: order-untracked-hazards captures the call's TaskId (it becomes
//    a submit: TaskOutputTensors of rt_submit_task) and carries it out of the scope.
// tests/test_execution.py runs both in the runtime's simulator.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s

pto_orch.kernel @k1 aiv (out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @cube aic (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @vector aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @mixed group<@cube, @vector> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @consume aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @set_dependencies(%scratch: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %p, %scoped_tid = pto_rt.scope auto -> (tensor<64xf32>, !pto_orch.task_id) {
    %produced, %t = pto_orch.submit @k1(out %scratch) : (tensor<64xf32>) -> tensor<64xf32>
    pto_rt.yield %produced, %t : tensor<64xf32>, !pto_orch.task_id
  }
  pto_rt.scope auto {
    %b = pto_orch.call @k2(in %p, out %out) compiler_deps(%scoped_tid : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}
// CHECK-LABEL: // ===== orchestration/set_dependencies.cpp =====
// CHECK:       PTO2TaskId scoped_tid = PTO2TaskId::invalid();
// CHECK-NEXT:  PTO2_SCOPE() {
// CHECK:         TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    PTO2TaskId t = task_0_outs.task_id();
// CHECK:         scoped_tid = t;
// CHECK-NEXT:  }
// CHECK:       PTO2_SCOPE() {
// CHECK:         {{^ *}}params_t1_deps[params_t1_deps_count++] = scoped_tid;
// CHECK-NEXT:    params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);

func.func @mixed_group(%x: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %scratch = pto_tensor.create : tensor<16x16xf32>
  %produced = pto_rt.scope auto -> (tensor<16x16xf32>) {
    %m = pto_orch.call @mixed(in %x, out %scratch) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield %m : tensor<16x16xf32>
  }
  pto_rt.scope manual {
    %o, %t = pto_orch.submit @consume(in %produced, out %out) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
// CHECK-LABEL: // ===== orchestration/mixed_group.cpp =====
// CHECK:       PTO2TaskId m_tid = PTO2TaskId::invalid();
// CHECK-NEXT:  PTO2_SCOPE() {
// CHECK:         MixedKernels mixed_0 = {0, 1, INVALID_KERNEL_ID};
// CHECK-NEXT:    TaskOutputTensors task_0_outs = rt_submit_task(mixed_0, params_t0);
// CHECK-NEXT:    PTO2TaskId m_tid_1 = task_0_outs.task_id();
// CHECK:         m_tid = m_tid_1;
// CHECK-NEXT:  }
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:         {{^ *}}params_t1_deps[params_t1_deps_count++] = m_tid;
