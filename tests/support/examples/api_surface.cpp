// Hand-written fixture: every runtime API construct the pto2-cpp printer emits (manual scope,
// deps arrays, dummy barrier, MixedKernels, views, scalar union decoding, get/set_tensor_data).
// Compiled by tests/test_orchestration_api_header.py.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"
extern "C" {
__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 4 };
}
__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
    Tensor ext_out = from_tensor_arg(orch_args.tensor(1));
    union { uint64_t u64; float val; } scale_conv;
    scale_conv.u64 = orch_args.scalar(0);
    float scale = scale_conv.val;
    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
    uint32_t t_ci_shapes[2] = {16, 16};
    TensorCreateInfo t_ci(t_ci_shapes, 2, DataType::BFLOAT16);
    TensorCreateInfo u_ci(t_ci_shapes, 2, DataType::INT8);
    TaskOutputTensors alloc_0 = alloc_tensors(t_ci, u_ci);
    const Tensor& t = alloc_0.get_ref(0);
    PTO2TaskId alloc_0_tid = alloc_0.task_id();
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        PTO2TaskId prev = PTO2TaskId::invalid();
        for (int64_t i = 0; i < M; i += 1) {
            uint32_t v_shapes[2] = {8, 16};
            uint32_t v_offsets[2] = {0, 0};
            Tensor v = ext_a.view(v_shapes, v_offsets);
            Tensor tr = v.transpose(0, 1);
            uint32_t r_shapes[1] = {128};
            Tensor r = tr.reshape(r_shapes, 1);
            (void)r;
            Arg params_t0;
            params_t0.add_input(v);
            params_t0.add_output(t);
            params_t0.add_inout(ext_out);
            params_t0.add_scalar(to_u64(scale));
            params_t0.add_scalar((uint64_t)i);
            PTO2TaskId params_t0_deps[2];
            uint32_t params_t0_deps_count = 0;
            params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
            if (prev.is_valid()) params_t0_deps[params_t0_deps_count++] = prev;
            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
            TaskOutputTensors task_0_outs = rt_submit_aic_task(0, params_t0);
            prev = task_0_outs.task_id();
        }
        Arg params_t1;
        PTO2TaskId params_t1_deps[1];
        uint32_t params_t1_deps_count = 0;
        if (prev.is_valid()) params_t1_deps[params_t1_deps_count++] = prev;
        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
        PTO2TaskId b = PTO2TaskId::invalid();
        if (params_t1_deps_count > 0) {
            TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
            b = task_1_outs.task_id();
        }
        Arg params_t2;
        params_t2.add_no_dep(t);
        MixedKernels mixed_0 = {1, 2, INVALID_KERNEL_ID};
        rt_submit_task(mixed_0, params_t2);
    }
    PTO2_SCOPE() {
        uint32_t idx[2] = {0, 1};
        float x = get_tensor_data<float>(ext_out, 2, idx);
        set_tensor_data(ext_out, 2, idx, x + 1.0f);
        uint64_t d = to_u64(2.5);
        (void)d;
    }
}
}
