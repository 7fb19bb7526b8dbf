// Dummy barriers (PyPTO's orchestration codegen document, "Phase-fence dummy barrier"; rule 8): `pto_system.task_dummy`
// is a task without kernel or tensors, `rt_submit_dummy_task(params_t<N>)`:
//  - @phase_fence: with deps (here all 4 slots of a parallel array carry, tids[N] -> barrier
//    -> consumers[M]) it fills its deps array and is submitted under
//    `if (params_t<N>_deps_count > 0)` (every slot may be invalid); its TaskId starts invalid
//    and is assigned inside the if, so each consumer's edge on it is guarded;
//  - @static_empty: `deps()` is submitted unconditionally (a barrier without predecessors is
//    a real task, ready at once); its TaskId is always valid, so consumers list it unguarded;
//    an unused result is not captured;
//  - @unused: the barrier's result leaves its scope as the scope's result, used by a compiler
//    edge after the scope: a variable declared invalid before the scope, assigned inside it,
//    guarded at the use; a barrier outside manual scopes prints the same.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @ks aiv (in tensor<64x16xf32>, in index, out tensor<64x16xf32>) -> tensor<64x16xf32>

func.func @phase_fence(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @ks(in %d, scalar %b, out %o) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
    %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
    scf.for %m = %c0 to %c2 step %c1 {
      %o2, %t2 = pto_orch.submit @ks(in %d, scalar %m, out %o) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
    }
  }
  func.return
}

func.func @static_empty(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %start = pto_system.task_dummy deps()
    %o1, %t = pto_orch.submit @ks(in %d, scalar %c0, out %o) deps(%start : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
    %unused = pto_system.task_dummy deps()
  }
  func.return
}

func.func @unused(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  pto_rt.scope auto {
    %o1, %t = pto_orch.submit @ks(in %d, scalar %c0, out %o) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
    %r = pto_rt.scope auto -> (!pto_orch.task_id) {
      %b = pto_system.task_dummy deps(%t : !pto_orch.task_id)
      pto_rt.yield %b : !pto_orch.task_id
    }
    %o2 = pto_orch.call @ks(in %d, scalar %c0, out %o) compiler_deps(%r : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
  }
  func.return
}

// CHECK:// ===== orchestration/phase_fence.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId tids[4];
// CHECK-NEXT:        for (int64_t i = 0; i < 4; ++i)
// CHECK-NEXT:            tids[i] = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t b = 0; b < 4; b += 1) {
// CHECK-NEXT:            // Task 0: ks
// CHECK-NEXT:            Arg params_t0;
// CHECK-NEXT:            params_t0.add_input(ext_d);
// CHECK-NEXT:            params_t0.add_output(ext_o);
// CHECK-NEXT:            params_t0.add_scalar((uint64_t)b);
// CHECK-NEXT:            PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:            uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:            if (PTO2TaskId::invalid().is_valid()) params_t0_deps[params_t0_deps_count++] = PTO2TaskId::invalid();
// CHECK-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:            PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            tids[b] = t;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: dummy barrier
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        PTO2TaskId params_t1_deps[4];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 4; ++k) {
// CHECK-NEXT:            if (tids[k].is_valid())
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = tids[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        PTO2TaskId barrier = PTO2TaskId::invalid();
// CHECK-NEXT:        if (params_t1_deps_count > 0) {
// CHECK-NEXT:            TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:            barrier = task_1_outs.task_id();
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t m = 0; m < 2; m += 1) {
// CHECK-NEXT:            // Task 2: ks
// CHECK-NEXT:            Arg params_t2;
// CHECK-NEXT:            params_t2.add_input(ext_d);
// CHECK-NEXT:            params_t2.add_output(ext_o);
// CHECK-NEXT:            params_t2.add_scalar((uint64_t)m);
// CHECK-NEXT:            PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:            uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:            if (barrier.is_valid()) params_t2_deps[params_t2_deps_count++] = barrier;
// CHECK-NEXT:            params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/static_empty.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: dummy barrier
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_dummy_task(params_t0);
// CHECK-NEXT:        PTO2TaskId start = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: ks
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_d);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)0);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = start;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: dummy barrier
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        rt_submit_dummy_task(params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/unused.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: ks
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_d);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)0);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId r = PTO2TaskId::invalid();
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:            // Task 1: dummy barrier
// CHECK-NEXT:            Arg params_t1;
// CHECK-NEXT:            PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:            uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = t;
// CHECK-NEXT:            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:            PTO2TaskId b = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            r = b;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: ks
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_d);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)0);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        params_t2_deps[params_t2_deps_count++] = r;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
