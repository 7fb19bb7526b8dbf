// Tensor swap: iter_args (p, q) = (a, b), yield (q, p), four times, and acc += p - q in each
// iteration: with a = 1, b = 0 the sum alternates +1, -1 and acc ends unchanged. Sequential
// copies (p = q; q = p) would leave both naming b after the first iteration.
// Placement: every task carries manual_candidate: the loop body becomes a compiler-owned
// manual scope, the yield is printed at the end of it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_diff aiv (in tensor<16xf32>, in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

func.func @tensor_swap_compiler_manual(%a: tensor<16xf32>, %b: tensor<16xf32>, %acc: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fp, %fq, %facc = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %a, %q = %b, %acc_i = %acc) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
    %acc_n = pto_orch.call @kernel_diff(in %p, in %q, inout %acc_i) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %q, %p, %acc_n : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.return %facc : tensor<16xf32>
}

// CHECK: Tensor p = ext_a;
// CHECK-NEXT: Tensor q = ext_b;
// CHECK-NEXT: PTO2TaskId acc_n_tid = PTO2TaskId::invalid();
// CHECK-NEXT: for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT: // Task 0: kernel_diff
// CHECK-NEXT: Arg params_t0;
// CHECK-NEXT: params_t0.add_input(p);
// CHECK-NEXT: params_t0.add_input(q);
// CHECK-NEXT: params_t0.add_inout(ext_acc);
// CHECK-NEXT: PTO2TaskId params_t0_deps[1];
// CHECK-NEXT: uint32_t params_t0_deps_count = 0;
// CHECK-NEXT: if (acc_n_tid.is_valid()) params_t0_deps[params_t0_deps_count++] = acc_n_tid;
// CHECK-NEXT: params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT: PTO2TaskId acc_n_tid_1 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT: Tensor p_next = q;
// CHECK-NEXT: Tensor q_next = p;
// CHECK-NEXT: PTO2TaskId acc_n_tid_next = acc_n_tid_1;
// CHECK-NEXT: p = p_next;
// CHECK-NEXT: q = q_next;
// CHECK-NEXT: acc_n_tid = acc_n_tid_next;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
