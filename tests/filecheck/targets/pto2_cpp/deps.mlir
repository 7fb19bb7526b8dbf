// Dependency arrays (PyPTO's orchestration codegen document, "Manual Scope 与 TaskId 降级", "TaskId 的来源",
// "无法解析的依赖边"):
//  - rule 2: user edges (deps) first, then compiler edges (compiler_deps), a value listed
//    twice or two values printing as one variable count once; `PTO2TaskId params_t<N>_deps[K]`
//    with K the exact number of edges (an array counts its slots), the count, one fill line
//    per edge, `set_dependencies`; a task without edges prints none of these lines;
//  - rule 3: a submit's TaskId is `TaskOutputTensors task_<N>_outs = ...` +
//    `PTO2TaskId <name> = task_<N>_outs.task_id();` only when something names it (@capture:
//    %u is unused; %v leaves its scope as the scope's result %r);
//    task_invalid is `PTO2TaskId::invalid()`; a loop carry is a variable before the loop;
//  - rule 4: guards exactly where the TaskId can be invalid: the loop carry, the if result,
//    the slot read are guarded, fresh submit TaskIds never; the None seed in deps is no edge
//    (the target drops it: its guard would always be false), and a dummy waiting for a
//    submit's TaskId is always submitted, so its result is not guarded either;
//  - compiler edges outside manual scopes (@auto_scope) are emitted too; a TaskId that leaves
//    a scope as its result is a variable declared invalid before the scope and assigned at
//    the scope's yield, unguarded at its use when it is a submit's TaskId (@capture, task 2;
//    a carried TaskId stays guarded: user_dep_chain.mlir, taskid_lifetime.mlir
//    @carried_result); a scope result that is a TaskId
//    defined before the scope is that TaskId (@auto_scope).
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @sources(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i64
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) deps(%t0, %none, %t0 : !pto_orch.task_id, !pto_orch.task_id, !pto_orch.task_id) compiler_deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%prev = %t1) -> (!pto_orch.task_id) {
      %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%prev : !pto_orch.task_id) compiler_deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t2 : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    %cond = arith.cmpi eq, %m, %z : i64
    %pick = scf.if %cond -> (!pto_orch.task_id) {
      scf.yield %last : !pto_orch.task_id
    } else {
      scf.yield %none : !pto_orch.task_id
    }
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %arr1 = pto_orch.task_array_set %t0, %arr[%c1] : !pto_orch.task_id_array<2>
    %slot = pto_orch.task_array_get %arr1[%c0] : !pto_orch.task_id_array<2>
    %b = pto_system.task_dummy deps(%t1 : !pto_orch.task_id)
    %o3 = pto_orch.call @k(in %a, out %o) compiler_deps(%last, %pick, %slot, %b, %arr1, %t1 : !pto_orch.task_id, !pto_orch.task_id, !pto_orch.task_id, !pto_orch.task_id, !pto_orch.task_id_array<2>, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @capture(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %o0, %u = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r = pto_rt.scope auto -> (!pto_orch.task_id) {
      %o1, %v = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %v : !pto_orch.task_id
    }
    %o2 = pto_orch.call @k(in %a, out %o) compiler_deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @auto_scope(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %o0, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r = pto_rt.scope auto -> (!pto_orch.task_id) {
      pto_rt.yield %t : !pto_orch.task_id
    }
    %o1 = pto_orch.call @k(in %a, out %o) compiler_deps(%t, %r : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// CHECK:// ===== orchestration/sources.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } m_conv;
// CHECK-NEXT:    m_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t m = m_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t0 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = t0;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:        PTO2TaskId t1 = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId prev = t1;
// CHECK-NEXT:        for (int64_t i = 0; i < 3; i += 1) {
// CHECK-NEXT:            // Task 2: k
// CHECK-NEXT:            Arg params_t2;
// CHECK-NEXT:            params_t2.add_input(ext_a);
// CHECK-NEXT:            params_t2.add_output(ext_o);
// CHECK-NEXT:            PTO2TaskId params_t2_deps[2];
// CHECK-NEXT:            uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:            if (prev.is_valid()) params_t2_deps[params_t2_deps_count++] = prev;
// CHECK-NEXT:            params_t2_deps[params_t2_deps_count++] = t1;
// CHECK-NEXT:            params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_2_outs = rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:            PTO2TaskId t2 = task_2_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            prev = t2;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId pick;
// CHECK-NEXT:        if (m == 0) {
// CHECK-NEXT:            pick = prev;
// CHECK-NEXT:        } else {
// CHECK-NEXT:            pick = PTO2TaskId::invalid();
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId arr[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            arr[i1] = PTO2TaskId::invalid();
// CHECK-NEXT:        arr[1] = t0;
// CHECK-NEXT:        PTO2TaskId slot = arr[0];
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: dummy barrier
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        PTO2TaskId params_t3_deps[1];
// CHECK-NEXT:        uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:        params_t3_deps[params_t3_deps_count++] = t1;
// CHECK-NEXT:        params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_3_outs = rt_submit_dummy_task(params_t3);
// CHECK-NEXT:        PTO2TaskId b = task_3_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: k
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(ext_a);
// CHECK-NEXT:        params_t4.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t4_deps[7];
// CHECK-NEXT:        uint32_t params_t4_deps_count = 0;
// CHECK-NEXT:        if (prev.is_valid()) params_t4_deps[params_t4_deps_count++] = prev;
// CHECK-NEXT:        if (pick.is_valid()) params_t4_deps[params_t4_deps_count++] = pick;
// CHECK-NEXT:        if (slot.is_valid()) params_t4_deps[params_t4_deps_count++] = slot;
// CHECK-NEXT:        params_t4_deps[params_t4_deps_count++] = b;
// CHECK-NEXT:        for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:            if (arr[k].is_valid())
// CHECK-NEXT:                params_t4_deps[params_t4_deps_count++] = arr[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t4_deps[params_t4_deps_count++] = t1;
// CHECK-NEXT:        params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t4);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/capture.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId r = PTO2TaskId::invalid();
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:            // Task 1: k
// CHECK-NEXT:            Arg params_t1;
// CHECK-NEXT:            params_t1.add_input(ext_a);
// CHECK-NEXT:            params_t1.add_output(ext_o);
// CHECK-NEXT:            TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:            PTO2TaskId v = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            r = v;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_a);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        params_t2_deps[params_t2_deps_count++] = r;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/auto_scope.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = t;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
