// record_runtime.cpp -- a minimal RECORDING implementation of the entry points that
// pto_orchestration_api.h (our API model, current generation) declares but does not define.
// The current-generation twin of ../seed/record_runtime.cpp, with the same output, so a program
// and its port to the current API can be compared line for line.
//
// It runs orchestration C++ natively, without the PTO2 runtime. It models no dependency, ring or
// lifetime rule: tensors are external or plain heap buffers, scopes only nest, and every submit
// prints one line
//
//     task <aic|aiv|mix|dummy|alloc> <kernel id> <scalar count>: <scalar 0> <scalar 1> ...
//
// on stdout, each scalar as the 16-digit hex of its 64-bit slot (built with -DPTO2_RECORD_DEPS,
// followed by a line of its explicit deps and their kinds). An Arg with an error prints
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
std::deque<ChipTensor> outputs;                  // their tensors (get_ref returns references)

TaskOutputTensors record(const char* kind, int32_t kernel_id, const CoreTaskArgs& args) {
    TaskOutputTensors result;
    if (args.has_error) {
        printf("task-error %s\n", args.error_msg ? args.error_msg : "?");
        return result;
    }
    printf("task %s %d %d:", kind, kernel_id, args.scalar_count());
    for (int32_t i = 0; i < args.scalar_count(); ++i) printf(" %016llx", (unsigned long long)args.scalar(i));
    printf("\n");
#ifdef PTO2_RECORD_DEPS
    // Built with -DPTO2_RECORD_DEPS: a second line listing the task's explicit deps in array
    // order as <task number>:<kind>, the kind `w` (DEP_WAIT only) or `wr` (DEP_WAIT | DEP_RETAIN).
    printf("deps");
    for (uint32_t i = 0; i < args.explicit_dep_count(); ++i) {
        DepFlags k = args.explicit_dep_kind(i);
        printf(" %u:%s", args.explicit_dep(i).local(),
               k == DEP_WAIT ? "w" : k == (DEP_WAIT | DEP_RETAIN) ? "wr" : "other");
    }
    printf("\n");
#endif
    result.set_task_id(PTO2TaskId::make(0, next_task++));
    for (int32_t i = 0; i < args.tensor_count(); ++i) {
        if (pto2_model::Access::tag(args, static_cast<uint32_t>(i)) != TensorArgType::OUTPUT) continue;
        const TensorCreateInfo& ci = *pto2_model::Access::create_info(args.tensor(i));
        buffers.emplace_back(ci.buffer_size_bytes());
        outputs.push_back(make_tensor_external(buffers.back().data(), ci.shapes, ci.ndims, ci.dtype,
                                               ci.manual_dep));
        result.materialize_output(outputs.back());
    }
    return result;
}

}  // namespace

ChipTensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims, DataType dtype,
                                bool manual_dep, int32_t version, AddressSpace address_space) {
    uint64_t size = get_element_size(dtype);
    for (uint32_t d = 0; d < ndims; ++d) size *= shapes[d];
    return ChipTensor(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(addr)), size, PTO2TaskId::invalid(), 0,
                      shapes, ndims, dtype, version, manual_dep, address_space);
}

ChipTensor make_tensor_strided(void* addr, const uint32_t shapes[], const uint32_t strides[], uint32_t ndims,
                               DataType dtype, bool manual_dep, int32_t version, AddressSpace address_space) {
    ChipTensor out = make_tensor_external(addr, shapes, ndims, dtype, manual_dep, version, address_space);
    uint64_t last = 0;
    for (uint32_t d = 0; d < ndims; ++d) {
        out.strides[d] = strides[d];
        last += static_cast<uint64_t>(shapes[d] - 1) * strides[d];
    }
    out.is_contiguous = false;
    out.extent_elem_cache = last + 1;
    out.buffer.size = out.extent_elem_cache * get_element_size(dtype);
    return out;
}

TaskOutputTensors rt_submit_task(const MixedKernels& kernels, const CoreTaskArgs& args) {
    return record("mix", kernels.aic_kernel_id, args);
}
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const CoreTaskArgs& args) {
    return record("aic", kernel_id, args);
}
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const CoreTaskArgs& args) {
    return record("aiv", kernel_id, args);
}
TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs& args) { return record("dummy", INVALID_KERNEL_ID, args); }
TaskOutputTensors alloc_tensors(const CoreTaskArgs& args) { return record("alloc", INVALID_KERNEL_ID, args); }

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

// Model values for the core counts (an a2a3 chip: 24 clusters of one AIC and two AIVs).
int32_t rt_available_cluster_count() { return 24; }
int32_t rt_available_aiv_count() { return 48; }
