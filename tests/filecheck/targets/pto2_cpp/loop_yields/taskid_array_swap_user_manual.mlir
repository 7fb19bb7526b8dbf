// TaskId arrays double buffered: iter_args (cur, prev) of !pto_orch.task_id_array<2>, each
// iteration's task depends on every slot of prev (the array of iteration i - 2), then puts its
// TaskId in slot 0 of a fresh array; yield (fresh, cur). Sequential copies would make prev the
// array of iteration i - 1.
// Placement: the loop is inside the user's pto_rt.scope manual: the body is bare, the yield is
// printed at the end of the loop body.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_fill aiv (in index, out tensor<16xf32>) -> tensor<16xf32>

func.func @taskid_array_swap_user_manual(%out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %a0 = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %b0 = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %fcur, %fprev = scf.for %i = %c0 to %c6 step %c1 iter_args(%cur = %a0, %prev = %b0) -> (!pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>) {
      %o, %t = pto_orch.submit @kernel_fill(scalar %i, out %out) deps(%prev : !pto_orch.task_id_array<2>) : (index, tensor<16xf32>) -> tensor<16xf32>
      %fresh = pto_orch.task_array_create : !pto_orch.task_id_array<2>
      %next = pto_orch.task_array_set %t, %fresh[%c0] : !pto_orch.task_id_array<2>
      scf.yield %next, %cur : !pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>
    }
  }
  func.return
}

// CHECK: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK: PTO2TaskId cur[2];
// CHECK: cur[i1] = a0[i1];
// CHECK-NEXT: PTO2TaskId prev[2];
// CHECK: prev[i1] = b0[i1];
// CHECK-NEXT: for (int64_t i = 0; i < 6; i += 1) {
// CHECK: if (prev[k].is_valid())
// CHECK: fresh[0] = t;
// CHECK-NEXT: PTO2TaskId prev_next[2];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: prev_next[i1] = cur[i1];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: cur[i1] = fresh[i1];
// CHECK-NEXT: for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT: prev[i1] = prev_next[i1];
// CHECK-NEXT: }
