// TaskId arrays (`!pto_orch.task_id_array<N>`, PyPTO's orchestration codegen document "TaskId 的来源"; rule 9):
//  - @slots: task_array_create is `PTO2TaskId tids[N];` with every slot invalid;
//    task_array_set writes a slot in place (`tids[1] = t0;`, its result is the same array);
//    task_array_get is a snapshot local (`PTO2TaskId first = tids[1];`): the later write of
//    slot 1 does not change the dependency on `first` (guarded: a slot may be invalid); a
//    deps list naming the whole array depends on every slot, each guarded;
//  - @carried: an array carried through a loop gets an array of its own, copied from the
//    init; the loop body updates it in place, so the yield of the updated array assigns
//    nothing; after the loop the consumer depends on all its slots;
//  - @swap: two array carries yielded crosswise are copied through a temporary array (the
//    yield is a parallel assignment); an scf.if with an array result declares the array and
//    copies the chosen one in each branch.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @slots(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %tids = pto_orch.task_array_create : !pto_orch.task_id_array<3>
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %tids1 = pto_orch.task_array_set %t0, %tids[%c1] : !pto_orch.task_id_array<3>
    %first = pto_orch.task_array_get %tids1[%c1] : !pto_orch.task_id_array<3>
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) deps(%first : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %tids2 = pto_orch.task_array_set %t1, %tids1[%c1] : !pto_orch.task_id_array<3>
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%first, %tids2 : !pto_orch.task_id, !pto_orch.task_id_array<3>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @carried(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %init = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %done = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (!pto_orch.task_id_array<2>) {
      %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%acc : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %acc1 = pto_orch.task_array_set %t, %acc[%i] : !pto_orch.task_id_array<2>
      scf.yield %acc1 : !pto_orch.task_id_array<2>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%done : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @swap(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %x = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %y = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %rx, %ry = scf.for %i = %c0 to %c2 step %c1 iter_args(%px = %x, %py = %y) -> (!pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>) {
      %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%px : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %py1 = pto_orch.task_array_set %t, %py[%i] : !pto_orch.task_id_array<2>
      scf.yield %py1, %px : !pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>
    } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
    %pick = scf.if %c -> (!pto_orch.task_id_array<2>) {
      scf.yield %rx : !pto_orch.task_id_array<2>
    } else {
      scf.yield %ry : !pto_orch.task_id_array<2>
    }
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%pick : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// CHECK:// ===== orchestration/slots.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId tids[3];
// CHECK-NEXT:        for (int64_t i = 0; i < 3; ++i)
// CHECK-NEXT:            tids[i] = PTO2TaskId::invalid();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t0 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        tids[1] = t0;
// CHECK-NEXT:        PTO2TaskId first = tids[1];
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        if (first.is_valid()) params_t1_deps[params_t1_deps_count++] = first;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:        PTO2TaskId t1 = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        tids[1] = t1;
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_a);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[4];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (first.is_valid()) params_t2_deps[params_t2_deps_count++] = first;
// CHECK-NEXT:        for (int64_t k = 0; k < 3; ++k) {
// CHECK-NEXT:            if (tids[k].is_valid())
// CHECK-NEXT:                params_t2_deps[params_t2_deps_count++] = tids[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/carried.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId init[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            init[i1] = PTO2TaskId::invalid();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId acc[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            acc[i1] = init[i1];
// CHECK-NEXT:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            // Task 0: k
// CHECK-NEXT:            Arg params_t0;
// CHECK-NEXT:            params_t0.add_input(ext_a);
// CHECK-NEXT:            params_t0.add_output(ext_o);
// CHECK-NEXT:            PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:            uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:            for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:                if (acc[k].is_valid())
// CHECK-NEXT:                    params_t0_deps[params_t0_deps_count++] = acc[k];
// CHECK-NEXT:            }
// CHECK-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:            PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            acc[i] = t;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:            if (acc[k].is_valid())
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = acc[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/swap.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; bool val; } c_conv;
// CHECK-NEXT:    c_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    bool c = c_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId x[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            x[i1] = PTO2TaskId::invalid();
// CHECK-NEXT:        PTO2TaskId y[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            y[i1] = PTO2TaskId::invalid();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId px[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            px[i1] = x[i1];
// CHECK-NEXT:        PTO2TaskId py[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            py[i1] = y[i1];
// CHECK-NEXT:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            // Task 0: k
// CHECK-NEXT:            Arg params_t0;
// CHECK-NEXT:            params_t0.add_input(ext_a);
// CHECK-NEXT:            params_t0.add_output(ext_o);
// CHECK-NEXT:            PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:            uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:            for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:                if (px[k].is_valid())
// CHECK-NEXT:                    params_t0_deps[params_t0_deps_count++] = px[k];
// CHECK-NEXT:            }
// CHECK-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:            PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            py[i] = t;
// CHECK-NEXT:            PTO2TaskId px_next[2];
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                px_next[i1] = py[i1];
// CHECK-NEXT:            PTO2TaskId py_next[2];
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                py_next[i1] = px[i1];
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                px[i1] = px_next[i1];
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                py[i1] = py_next[i1];
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId pick[2];
// CHECK-NEXT:        if (c) {
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                pick[i1] = px[i1];
// CHECK-NEXT:        } else {
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                pick[i1] = py[i1];
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:            if (pick[k].is_valid())
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = pick[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
