// TaskId arrays double buffered: iter_args (cur, prev) of !pto_orch.task_id_array<2>, each
// iteration's task depends on every slot of prev (the array of iteration i - 2), then puts its
// TaskId in slot 0 of a fresh array; yield (fresh, cur). Sequential copies would make prev the
// array of iteration i - 1.
// Placement: every task carries manual_candidate: the loop body becomes a compiler-owned
// manual scope, the yield is printed at the end of it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_fill aiv (in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @taskid_array_swap_compiler_manual(%out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a0 = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %b0 = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %fcur, %fprev = scf.for %i = %c0 to %c6 step %c1 iter_args(%cur = %a0, %prev = %b0) -> (!pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>) {
    %o, %t = pto_orch.submit @kernel_fill(scalar %i, out %out) deps(%prev : !pto_orch.task_id_array<2>) {manual_candidate} : (index, tensor<16xf32>) -> tensor<16xf32>
    %fresh = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %next = pto_orch.task_array_set %t, %fresh[%c0] : !pto_orch.task_id_array<2>
    scf.yield %next, %cur : !pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>
  }
  func.return
}

// CHECK: PTO2TaskId cur[2];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: cur[i1] = a0[i1];
// CHECK-NEXT: PTO2TaskId prev[2];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: prev[i1] = b0[i1];
// CHECK-NEXT: PTO2TaskId t = PTO2TaskId::invalid();
// CHECK-NEXT: for (int64_t i = 0; i < 6; i += 1) {
// CHECK-NEXT: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT: // Task 0: kernel_fill
// CHECK-NEXT: Arg params_t0;
// CHECK-NEXT: params_t0.add_output(ext_out);
// CHECK-NEXT: params_t0.add_scalar((uint64_t)i);
// CHECK-NEXT: PTO2TaskId params_t0_deps[3];
// CHECK-NEXT: uint32_t params_t0_deps_count = 0;
// CHECK-NEXT: for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT: if (prev[k].is_valid())
// CHECK-NEXT: params_t0_deps[params_t0_deps_count++] = prev[k];
// CHECK-NEXT: }
// CHECK-NEXT: if (t.is_valid()) params_t0_deps[params_t0_deps_count++] = t;
// CHECK-NEXT: params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT: PTO2TaskId t_1 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT: PTO2TaskId fresh[2];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: fresh[i1] = PTO2TaskId::invalid();
// CHECK-NEXT: fresh[0] = t_1;
// CHECK-NEXT: PTO2TaskId prev_next[2];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: prev_next[i1] = cur[i1];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: cur[i1] = fresh[i1];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: prev[i1] = prev_next[i1];
// CHECK-NEXT: t = t_1;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
