// TaskId double buffering: iter_args (t1, t2) = (none, none), yield (t, t1): the task of
// iteration i depends on the task of iteration i - 2 (t2), never on i - 1. Sequential copies
// (t1 = t; t2 = t1) would make it depend on i - 1.
// Placement: every task carries manual_candidate: the loop body becomes a compiler-owned
// manual scope, the yield is printed at the end of it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_fill aiv (in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @taskid_double_buffer_compiler_manual(%out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %none = pto_system.task_invalid
  %ft1, %ft2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%t1 = %none, %t2 = %none) -> (!pto_orch.task_id, !pto_orch.task_id) {
    %o, %t = pto_orch.submit @kernel_fill(scalar %i, out %out) deps(%t2 : !pto_orch.task_id) {manual_candidate} : (index, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t, %t1 : !pto_orch.task_id, !pto_orch.task_id
  }
  func.return
}

// CHECK: PTO2TaskId t1 = PTO2TaskId::invalid();
// CHECK-NEXT: PTO2TaskId t2 = PTO2TaskId::invalid();
// CHECK-NEXT: for (int64_t i = 0; i < 6; i += 1) {
// CHECK-NEXT: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK: if (t2.is_valid()) params_t0_deps[params_t0_deps_count++] = t2;
// CHECK: PTO2TaskId t = task_0_outs.task_id();
// CHECK: PTO2TaskId t1_next = t;
// CHECK-NEXT: PTO2TaskId t2_next = t1;
// CHECK-NEXT: t1 = t1_next;
// CHECK-NEXT: t2 = t2_next;
// CHECK-NEXT: }
// CHECK-NEXT: }
