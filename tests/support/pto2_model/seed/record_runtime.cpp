// record_runtime.cpp -- a minimal RECORDING implementation of the entry points that
// pto_orchestration_api.h (our API model, seed generation) declares but does not define.
//
// It runs generated orchestration C++ natively, without the PTO2 runtime, for tests that check
// what the orchestration computes on the host (tests/test_arith_differential.py: every
// submitted task's scalar arguments). It models no dependency, ring or lifetime rule: tensors
// are external or plain heap buffers, scopes only nest, and every submit prints one line
//
//     task <aic|aiv|mix|dummy> <kernel id> <scalar count>: <scalar 0> <scalar 1> ...
//
// on stdout, each scalar as the 16-digit hex of its 64-bit slot. An Arg with an error prints
// `task-error <message>` instead. Not defined (a link error says so): host reads and writes
// (get_tensor_data / set_tensor_data), rt_report_fatal, the runtime-binding functions.

#include <stdio.h>
#include <stdlib.h>

#include <deque>
#include <vector>

#include "pto_orchestration_api.h"

namespace {

int scope_depth = 0;
uint32_t next_task = 0;
std::deque<std::vector<unsigned char>> buffers;  // runtime-allocated outputs, never freed
std::deque<Tensor> outputs;                      // their Tensors (get_ref returns references)

TaskOutputTensors record(const char* kind, int32_t kernel_id, const Arg& args) {
    TaskOutputTensors result;
    if (args.has_error) {
        printf("task-error %s\n", args.error_msg ? args.error_msg : "?");
        return result;
    }
    printf("task %s %d %u:", kind, kernel_id, args.num_scalars);
    for (uint32_t i = 0; i < args.num_scalars; ++i) printf(" %016llx", (unsigned long long)args.scalars[i]);
    printf("\n");
    result.set_task_id(PTO2TaskId::make(0, next_task++));
    for (uint32_t i = 0; i < args.num_tensors; ++i) {
        if (args.tensor_types[i] != TensorArgType::OUTPUT) continue;
        const TensorCreateInfo& ci = *args.tensors[i].create_info;
        buffers.emplace_back(ci.buffer_size_bytes());
        outputs.push_back(make_tensor_external(buffers.back().data(), ci.shapes, ci.ndims, ci.dtype,
                                               ci.manual_dep));
        result.materialize_output(outputs.back());
    }
    return result;
}

}  // namespace

Tensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims, DataType dtype,
                            bool manual_dep, int32_t version) {
    uint64_t size = get_element_size(dtype);
    for (uint32_t d = 0; d < ndims; ++d) size *= shapes[d];
    return Tensor(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(addr)), size, PTO2TaskId::invalid(), 0,
                  shapes, ndims, dtype, version, manual_dep);
}

Tensor from_tensor_arg(const ContinuousTensor& arg, bool manual_dep, int32_t version) {
    return make_tensor_external(reinterpret_cast<void*>(static_cast<uintptr_t>(arg.data)), arg.shapes,
                                arg.ndims, arg.dtype, manual_dep, version);
}

TaskOutputTensors rt_submit_task(const MixedKernels& kernels, const Arg& args) {
    return record("mix", kernels.aic_kernel_id, args);
}
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const Arg& args) { return record("aic", kernel_id, args); }
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const Arg& args) { return record("aiv", kernel_id, args); }
TaskOutputTensors rt_submit_dummy_task(const Arg& args) { return record("dummy", INVALID_KERNEL_ID, args); }
TaskOutputTensors alloc_tensors(const Arg& args) { return record("alloc", INVALID_KERNEL_ID, args); }

void rt_scope_begin(PTO2ScopeMode mode) {
    (void)mode;
    ++scope_depth;
}
void rt_scope_end() {
    if (--scope_depth < 0) {
        fprintf(stderr, "record_runtime: rt_scope_end without a scope\n");
        abort();
    }
}
PTO2ScopeGuard::PTO2ScopeGuard(PTO2ScopeMode mode, const char* file, int line) {
    (void)file;
    (void)line;
    rt_scope_begin(mode);
}
PTO2ScopeGuard::~PTO2ScopeGuard() { rt_scope_end(); }

bool rt_is_fatal() { return false; }
void rt_orchestration_done() {}
