// The target option wait-only-edges (docs/targets/pto2-cpp.md#wait-only-edges): with
// api=current, an explicit edge on a TaskId that names only tasks creating no buffer is
// DEP_WAIT (ordering, no reference held); one that may name an allocation batch or a task with
// a runtime-allocated output keeps DEP_WAIT | DEP_RETAIN. A task with a wait-only edge fills a
// kinds array in step with its deps array; the others print as without the option. The seed
// generation has no edge kinds: the option is a usage error there.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t 'pto2-cpp{api=current wait-only-edges=true}' %s | filecheck --strict-whitespace --match-full-lines %s
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t 'pto2-cpp{api=current wait-only-edges=false}' %s | filecheck --check-prefix=OFF %s
// RUN: not pypto-opt -t 'pto2-cpp{wait-only-edges=true}' %s 2>&1 | filecheck --match-full-lines --check-prefix=SEED %s
// RUN: not pypto-opt -t 'pto2-cpp{api=current wait-only-edges=1}' %s 2>&1 | filecheck --match-full-lines --check-prefix=VALUE %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @waits(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tmp = pto_tensor.create : tensor<16xf32>
    %x, %t0 = pto_orch.submit @k(in %a, out %tmp) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y, %t1 = pto_orch.submit @k(in %x) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %z, %t2 = pto_orch.submit @k(in %y, out %o) deps(%t1, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %arr1 = pto_orch.task_array_set %t2, %arr[%c0] : !pto_orch.task_id_array<2>
    %b = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<2>)
    %last = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %w, %t = pto_orch.submit @k(in %a, out %o) deps(%prev, %b : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  }
  func.return
}

// Task 0 lists the invalid seed (folded away: it names no task) and the allocation: no
// wait-only edge, the plain form. Task 1: t0 created nothing (it writes %tmp, an allocation) -> DEP_WAIT; the
// allocation keeps its retain. Task 2: t1 created %y (a runtime-allocated output) -> retained;
// t0 -> DEP_WAIT. The barrier's array slots and the carry (invalid or a task) only wait.
// CHECK:        // Task 0: k
// CHECK-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(tmp);
// CHECK-NEXT:        PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:        uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:        params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CHECK-NEXT:        params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t0 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        uint32_t y_ci_shapes[1] = {16};
// CHECK-NEXT:        TensorCreateInfo y_ci(y_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        CoreTaskArgs params_t1;
// CHECK-NEXT:        params_t1.add_input(tmp);
// CHECK-NEXT:        params_t1.add_output(y_ci);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:        DepFlags params_t1_deps_kinds[2];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps_kinds[params_t1_deps_count] = DEP_WAIT;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = t0;
// CHECK-NEXT:        params_t1_deps_kinds[params_t1_deps_count] = static_cast<DepFlags>(DEP_WAIT | DEP_RETAIN);
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:        params_t1.set_dependencies_with_kinds(params_t1_deps, params_t1_deps_kinds, params_t1_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:        PTO2TaskId t1 = task_1_outs.task_id();
// CHECK-NEXT:        const ChipTensor& y = task_1_outs.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        CoreTaskArgs params_t2;
// CHECK-NEXT:        params_t2.add_input(y);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[2];
// CHECK-NEXT:        DepFlags params_t2_deps_kinds[2];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        params_t2_deps_kinds[params_t2_deps_count] = static_cast<DepFlags>(DEP_WAIT | DEP_RETAIN);
// CHECK-NEXT:        params_t2_deps[params_t2_deps_count++] = t1;
// CHECK-NEXT:        params_t2_deps_kinds[params_t2_deps_count] = DEP_WAIT;
// CHECK-NEXT:        params_t2_deps[params_t2_deps_count++] = t0;
// CHECK-NEXT:        params_t2.set_dependencies_with_kinds(params_t2_deps, params_t2_deps_kinds, params_t2_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_2_outs = rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:        PTO2TaskId t2 = task_2_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId arr[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            arr[i1] = PTO2TaskId::invalid();
// CHECK-NEXT:        arr[0] = t2;
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: dummy barrier
// CHECK-NEXT:        CoreTaskArgs params_t3;
// CHECK-NEXT:        PTO2TaskId params_t3_deps[2];
// CHECK-NEXT:        DepFlags params_t3_deps_kinds[2];
// CHECK-NEXT:        uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:            if (arr[k].is_valid()) {
// CHECK-NEXT:                params_t3_deps_kinds[params_t3_deps_count] = DEP_WAIT;
// CHECK-NEXT:                params_t3_deps[params_t3_deps_count++] = arr[k];
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t3.set_dependencies_with_kinds(params_t3_deps, params_t3_deps_kinds, params_t3_deps_count);
// CHECK-NEXT:        PTO2TaskId b = PTO2TaskId::invalid();
// CHECK-NEXT:        if (params_t3_deps_count > 0) {
// CHECK-NEXT:            TaskOutputTensors task_3_outs = rt_submit_dummy_task(params_t3);
// CHECK-NEXT:            b = task_3_outs.task_id();
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId prev = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            // Task 4: k
// CHECK-NEXT:            CoreTaskArgs params_t4;
// CHECK-NEXT:            params_t4.add_input(ext_a);
// CHECK-NEXT:            params_t4.add_output(ext_o);
// CHECK-NEXT:            PTO2TaskId params_t4_deps[2];
// CHECK-NEXT:            DepFlags params_t4_deps_kinds[2];
// CHECK-NEXT:            uint32_t params_t4_deps_count = 0;
// CHECK-NEXT:            if (prev.is_valid()) {
// CHECK-NEXT:                params_t4_deps_kinds[params_t4_deps_count] = DEP_WAIT;
// CHECK-NEXT:                params_t4_deps[params_t4_deps_count++] = prev;
// CHECK-NEXT:            }
// CHECK-NEXT:            if (b.is_valid()) {
// CHECK-NEXT:                params_t4_deps_kinds[params_t4_deps_count] = DEP_WAIT;
// CHECK-NEXT:                params_t4_deps[params_t4_deps_count++] = b;
// CHECK-NEXT:            }
// CHECK-NEXT:            params_t4.set_dependencies_with_kinds(params_t4_deps, params_t4_deps_kinds, params_t4_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_4_outs = rt_submit_aiv_task(0, params_t4);
// CHECK-NEXT:            PTO2TaskId t = task_4_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            prev = t;
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// OFF-NOT: DepFlags
// OFF: params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// OFF-NOT: DepFlags

// SEED:pypto-opt: error: -t 'pto2-cpp{wait-only-edges=true}': wait-only-edges=true needs api=current: the seed runtime API (simpler b7d04b45e) has no edge kinds (DepFlags, set_dependencies_with_kinds); every explicit edge there waits and retains
// VALUE:pypto-opt: error: -t 'pto2-cpp{api=current wait-only-edges=1}': wait-only-edges takes true or false
