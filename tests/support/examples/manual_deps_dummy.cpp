// Hand-written fixture for the execution check (tests/test_runtime_recorder.py): a MANUAL
// scope inside the function's AUTO scope; an allocation hoisted before the MANUAL header whose
// TaskId every manual task lists (docs/targets/pto2-cpp.md, difference 5); a pl.parallel-style fan of
// 3 tasks writing disjoint row blocks, a dummy barrier on all of them, and a consumer behind it.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"

extern "C" {

__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 3 };
}

__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
    // External tensors
    Tensor ext_data = from_tensor_arg(orch_args.tensor(0));
    Tensor ext_out = from_tensor_arg(orch_args.tensor(1));
    union { uint64_t u64; float val; } scale_conv;
    scale_conv.u64 = orch_args.scalar(0);
    float scale = scale_conv.val;

    PTO2_SCOPE() {
        uint32_t tmp_ci_shapes[2] = {12, 16};
        TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
        TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
        const Tensor& tmp = alloc_0.get_ref(0);
        PTO2TaskId alloc_0_tid = alloc_0.task_id();
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            PTO2TaskId tids[3];
            for (int64_t i = 0; i < 3; ++i)
                tids[i] = PTO2TaskId::invalid();
            for (int64_t branch = 0; branch < 3; branch += 1) {
                int64_t row = (branch * 4);
                uint32_t blk_shapes[2] = {4, 16};
                uint32_t blk_offsets[2] = {(uint32_t)row, 0};
                Tensor blk = tmp.view(blk_shapes, blk_offsets);
                Arg params_t0;
                params_t0.add_input(ext_data);
                params_t0.add_output(blk);
                params_t0.add_scalar((uint64_t)row);
                params_t0.add_scalar(to_u64(scale));
                PTO2TaskId params_t0_deps[1];
                uint32_t params_t0_deps_count = 0;
                params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
                params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
                TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
                PTO2TaskId t = task_0_outs.task_id();
                tids[branch] = t;
            }
            Arg params_t1;
            PTO2TaskId params_t1_deps[3];
            uint32_t params_t1_deps_count = 0;
            for (int64_t k = 0; k < 3; ++k) {
                if (tids[k].is_valid())
                    params_t1_deps[params_t1_deps_count++] = tids[k];
            }
            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
            PTO2TaskId barrier = PTO2TaskId::invalid();
            if (params_t1_deps_count > 0) {
                TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
                barrier = task_1_outs.task_id();
            }

            Arg params_t2;
            params_t2.add_input(tmp);
            params_t2.add_inout(ext_out);
            PTO2TaskId params_t2_deps[2];
            uint32_t params_t2_deps_count = 0;
            if (barrier.is_valid()) params_t2_deps[params_t2_deps_count++] = barrier;
            params_t2_deps[params_t2_deps_count++] = alloc_0_tid;
            params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
            MixedKernels mixed_0 = {1, 2, INVALID_KERNEL_ID};
            rt_submit_task(mixed_0, params_t2);
        }
    }
}

}  // extern "C"
