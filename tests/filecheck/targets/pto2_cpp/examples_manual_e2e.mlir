// The examples with manual scopes end to end (`-p pto2-pipeline -t pto2-cpp`), line by line.
//
// Prefix CASE1, examples/case1_manual_parallel.mlir, gives the document's case1 skeleton (PyPTO's orchestration codegen document,
// the last example). Names: the document's outer rv array `out__rv_v2__tid` is `prev_p` (the
// phase loop's TaskId iter_arg), the inner rv array `out__rv_v4__tid` is `tid_branches` (the
// parallel loop's result) and `out__ssa_v5__tid` is `tid`; `row` is inlined into add_scalar
// because %row is used once (docs/dialects/, "Scalars"); blank lines set statement groups
// apart (docs/targets/pto2-cpp.md, "Layout"). Line for line as in the document: the
// broadcast of the None seed, the slot copy of the outer array into the inner one at the
// start of every phase, the deps array sized N_BRANCHES filled from every guarded slot of
// the outer array, the slot write `tid_branches[branch] = tid`, the slot-by-slot copy back at
// the phase loop's yield. No retain edge: the tasks use external tensors only. One
// difference: ext_out is add_inout, as the phase loop writes it again every phase
// (derive-call-directions' rule for a write in a sequential loop). The document shows the direct
// lowering, so this prefix runs the pipeline's passes without expand-manual-phase-fence.
//
// Prefix CASE1_FENCED, the same example through pto2-pipeline: expand-manual-phase-fence
// (docs/passes/expand-manual-phase-fence.md) puts one dummy barrier `fence` on the outer array
// before the parallel loop, under its `deps_count > 0` guard (invalid in the first phase), and
// each task depends on `fence` alone (guarded): 4 + 4 edges per phase boundary instead of 4 x 4.
//
// Prefix MANUAL_SUBMIT, examples/manual_submit.mlir: the three creates of the manual block are
// allocated before its header with the batch's retain TaskId; t0 depends on the None seed
// (guarded) and the batch; left/right on t0 (fresh, unguarded); the dummy barrier `join` on
// both, submitted under `if (params_t3_deps_count > 0)`; the last task on `join` (guarded)
// and the batch; its TaskId is unused, so it is not captured.
// RUN: pypto-opt -p fuse-create-assemble-to-slice,fold-tensor-dims,guard-dynamic-loop-steps,verify-orchestration-outputs,derive-call-directions,materialize-runtime-scopes,classify-iter-arg-carry -t pto2-cpp %examples/case1_manual_parallel.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=CASE1
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/case1_manual_parallel.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=CASE1_FENCED
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/manual_submit.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=MANUAL_SUBMIT

// CASE1:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CASE1-NEXT:    (void)orch_args;
// CASE1-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 2 };
// CASE1-NEXT:}

// CASE1:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CASE1-NEXT:    // External tensors
// CASE1-NEXT:    Tensor ext_data = from_tensor_arg(orch_args.tensor(0));
// CASE1-NEXT:    Tensor ext_out = from_tensor_arg(orch_args.tensor(1));
// CASE1-EMPTY:
// CASE1-NEXT:    PTO2_SCOPE() {
// CASE1-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CASE1-NEXT:            PTO2TaskId prev_p[4];
// CASE1-NEXT:            for (int64_t i = 0; i < 4; ++i)
// CASE1-NEXT:                prev_p[i] = PTO2TaskId::invalid();
// CASE1-NEXT:            for (int64_t phase = 0; phase < 4; phase += 1) {
// CASE1-NEXT:                PTO2TaskId tid_branches[4];
// CASE1-NEXT:                for (int64_t i = 0; i < 4; ++i)
// CASE1-NEXT:                    tid_branches[i] = prev_p[i];
// CASE1-NEXT:                for (int64_t branch = 0; branch < 4; branch += 1) {
// CASE1-NEXT:                    // Task 0: kernel_stripe
// CASE1-NEXT:                    Arg params_t0;
// CASE1-NEXT:                    params_t0.add_input(ext_data);
// CASE1-NEXT:                    params_t0.add_inout(ext_out);
// CASE1-NEXT:                    params_t0.add_scalar((uint64_t)((int64_t)((((uint64_t)phase * 4) + (uint64_t)branch) * 16)));
// CASE1-NEXT:                    params_t0.add_scalar(to_u64(1.0f));
// CASE1-NEXT:                    PTO2TaskId params_t0_deps[4];
// CASE1-NEXT:                    uint32_t params_t0_deps_count = 0;
// CASE1-NEXT:                    for (int64_t k = 0; k < 4; ++k) {
// CASE1-NEXT:                        if (prev_p[k].is_valid())
// CASE1-NEXT:                            params_t0_deps[params_t0_deps_count++] = prev_p[k];
// CASE1-NEXT:                    }
// CASE1-NEXT:                    params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CASE1-NEXT:                    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CASE1-NEXT:                    PTO2TaskId tid = task_0_outs.task_id();
// CASE1-EMPTY:
// CASE1-NEXT:                    tid_branches[branch] = tid;
// CASE1-NEXT:                }
// CASE1-EMPTY:
// CASE1-NEXT:                for (int64_t i = 0; i < 4; ++i)
// CASE1-NEXT:                    prev_p[i] = tid_branches[i];
// CASE1-NEXT:            }
// CASE1-NEXT:        }
// CASE1-NEXT:    }
// CASE1-NEXT:}
// CASE1-EMPTY:
// CASE1-NEXT:}  // extern "C"

// CASE1_FENCED:            for (int64_t phase = 0; phase < 4; phase += 1) {
// CASE1_FENCED-NEXT:                // Task 0: dummy barrier
// CASE1_FENCED-NEXT:                Arg params_t0;
// CASE1_FENCED-NEXT:                PTO2TaskId params_t0_deps[4];
// CASE1_FENCED-NEXT:                uint32_t params_t0_deps_count = 0;
// CASE1_FENCED-NEXT:                for (int64_t k = 0; k < 4; ++k) {
// CASE1_FENCED-NEXT:                    if (prev_p[k].is_valid())
// CASE1_FENCED-NEXT:                        params_t0_deps[params_t0_deps_count++] = prev_p[k];
// CASE1_FENCED-NEXT:                }
// CASE1_FENCED-NEXT:                params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CASE1_FENCED-NEXT:                PTO2TaskId fence = PTO2TaskId::invalid();
// CASE1_FENCED-NEXT:                if (params_t0_deps_count > 0) {
// CASE1_FENCED-NEXT:                    TaskOutputTensors task_0_outs = rt_submit_dummy_task(params_t0);
// CASE1_FENCED-NEXT:                    fence = task_0_outs.task_id();
// CASE1_FENCED-NEXT:                }
// CASE1_FENCED-EMPTY:
// CASE1_FENCED-NEXT:                PTO2TaskId tid_branches[4];
// CASE1_FENCED-NEXT:                for (int64_t i = 0; i < 4; ++i)
// CASE1_FENCED-NEXT:                    tid_branches[i] = prev_p[i];
// CASE1_FENCED-NEXT:                for (int64_t branch = 0; branch < 4; branch += 1) {
// CASE1_FENCED-NEXT:                    // Task 1: kernel_stripe
// CASE1_FENCED-NEXT:                    Arg params_t1;
// CASE1_FENCED-NEXT:                    params_t1.add_input(ext_data);
// CASE1_FENCED-NEXT:                    params_t1.add_inout(ext_out);
// CASE1_FENCED-NEXT:                    params_t1.add_scalar((uint64_t)((int64_t)((((uint64_t)phase * 4) + (uint64_t)branch) * 16)));
// CASE1_FENCED-NEXT:                    params_t1.add_scalar(to_u64(1.0f));
// CASE1_FENCED-NEXT:                    PTO2TaskId params_t1_deps[1];
// CASE1_FENCED-NEXT:                    uint32_t params_t1_deps_count = 0;
// CASE1_FENCED-NEXT:                    if (fence.is_valid()) params_t1_deps[params_t1_deps_count++] = fence;
// CASE1_FENCED-NEXT:                    params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CASE1_FENCED-NEXT:                    TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CASE1_FENCED-NEXT:                    PTO2TaskId tid = task_1_outs.task_id();
// CASE1_FENCED-EMPTY:
// CASE1_FENCED-NEXT:                    tid_branches[branch] = tid;
// CASE1_FENCED-NEXT:                }

// MANUAL_SUBMIT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// MANUAL_SUBMIT-NEXT:    // External tensors
// MANUAL_SUBMIT-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// MANUAL_SUBMIT-NEXT:    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// MANUAL_SUBMIT-NEXT:    Tensor ext_out = from_tensor_arg(orch_args.tensor(2));
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:    PTO2_SCOPE() {
// MANUAL_SUBMIT-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// MANUAL_SUBMIT-NEXT:            uint32_t sum_ci_shapes[2] = {16, 16};
// MANUAL_SUBMIT-NEXT:            TensorCreateInfo sum_ci(sum_ci_shapes, 2, DataType::FLOAT32);
// MANUAL_SUBMIT-NEXT:            uint32_t left_ci_shapes[2] = {16, 16};
// MANUAL_SUBMIT-NEXT:            TensorCreateInfo left_ci(left_ci_shapes, 2, DataType::FLOAT32);
// MANUAL_SUBMIT-NEXT:            uint32_t right_ci_shapes[2] = {16, 16};
// MANUAL_SUBMIT-NEXT:            TensorCreateInfo right_ci(right_ci_shapes, 2, DataType::FLOAT32);
// MANUAL_SUBMIT-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(sum_ci, left_ci, right_ci);
// MANUAL_SUBMIT-NEXT:            const Tensor& sum = alloc_0.get_ref(0);
// MANUAL_SUBMIT-NEXT:            const Tensor& left = alloc_0.get_ref(1);
// MANUAL_SUBMIT-NEXT:            const Tensor& right = alloc_0.get_ref(2);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId alloc_0_tid = alloc_0.task_id();
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:            // Task 0: kernel_add
// MANUAL_SUBMIT-NEXT:            Arg params_t0;
// MANUAL_SUBMIT-NEXT:            params_t0.add_input(ext_a);
// MANUAL_SUBMIT-NEXT:            params_t0.add_input(ext_b);
// MANUAL_SUBMIT-NEXT:            params_t0.add_output(sum);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId params_t0_deps[1];
// MANUAL_SUBMIT-NEXT:            uint32_t params_t0_deps_count = 0;
// MANUAL_SUBMIT-NEXT:            params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// MANUAL_SUBMIT-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// MANUAL_SUBMIT-NEXT:            TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId t0 = task_0_outs.task_id();
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:            // Task 1: kernel_mul
// MANUAL_SUBMIT-NEXT:            Arg params_t1;
// MANUAL_SUBMIT-NEXT:            params_t1.add_input(sum);
// MANUAL_SUBMIT-NEXT:            params_t1.add_input(ext_a);
// MANUAL_SUBMIT-NEXT:            params_t1.add_output(left);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId params_t1_deps[2];
// MANUAL_SUBMIT-NEXT:            uint32_t params_t1_deps_count = 0;
// MANUAL_SUBMIT-NEXT:            params_t1_deps[params_t1_deps_count++] = t0;
// MANUAL_SUBMIT-NEXT:            params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// MANUAL_SUBMIT-NEXT:            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// MANUAL_SUBMIT-NEXT:            TaskOutputTensors task_1_outs = rt_submit_aiv_task(1, params_t1);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId t1 = task_1_outs.task_id();
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:            // Task 2: kernel_mul
// MANUAL_SUBMIT-NEXT:            Arg params_t2;
// MANUAL_SUBMIT-NEXT:            params_t2.add_input(sum);
// MANUAL_SUBMIT-NEXT:            params_t2.add_input(ext_b);
// MANUAL_SUBMIT-NEXT:            params_t2.add_output(right);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId params_t2_deps[2];
// MANUAL_SUBMIT-NEXT:            uint32_t params_t2_deps_count = 0;
// MANUAL_SUBMIT-NEXT:            params_t2_deps[params_t2_deps_count++] = t0;
// MANUAL_SUBMIT-NEXT:            params_t2_deps[params_t2_deps_count++] = alloc_0_tid;
// MANUAL_SUBMIT-NEXT:            params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// MANUAL_SUBMIT-NEXT:            TaskOutputTensors task_2_outs = rt_submit_aiv_task(1, params_t2);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId t2 = task_2_outs.task_id();
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:            // Task 3: dummy barrier
// MANUAL_SUBMIT-NEXT:            Arg params_t3;
// MANUAL_SUBMIT-NEXT:            PTO2TaskId params_t3_deps[2];
// MANUAL_SUBMIT-NEXT:            uint32_t params_t3_deps_count = 0;
// MANUAL_SUBMIT-NEXT:            params_t3_deps[params_t3_deps_count++] = t1;
// MANUAL_SUBMIT-NEXT:            params_t3_deps[params_t3_deps_count++] = t2;
// MANUAL_SUBMIT-NEXT:            params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// MANUAL_SUBMIT-NEXT:            TaskOutputTensors task_3_outs = rt_submit_dummy_task(params_t3);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId join = task_3_outs.task_id();
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:            // Task 4: kernel_add
// MANUAL_SUBMIT-NEXT:            Arg params_t4;
// MANUAL_SUBMIT-NEXT:            params_t4.add_input(left);
// MANUAL_SUBMIT-NEXT:            params_t4.add_input(right);
// MANUAL_SUBMIT-NEXT:            params_t4.add_output(ext_out);
// MANUAL_SUBMIT-NEXT:            PTO2TaskId params_t4_deps[2];
// MANUAL_SUBMIT-NEXT:            uint32_t params_t4_deps_count = 0;
// MANUAL_SUBMIT-NEXT:            params_t4_deps[params_t4_deps_count++] = join;
// MANUAL_SUBMIT-NEXT:            params_t4_deps[params_t4_deps_count++] = alloc_0_tid;
// MANUAL_SUBMIT-NEXT:            params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
// MANUAL_SUBMIT-NEXT:            rt_submit_aiv_task(0, params_t4);
// MANUAL_SUBMIT-NEXT:        }
// MANUAL_SUBMIT-NEXT:    }
// MANUAL_SUBMIT-NEXT:}
// MANUAL_SUBMIT-EMPTY:
// MANUAL_SUBMIT-NEXT:}  // extern "C"
