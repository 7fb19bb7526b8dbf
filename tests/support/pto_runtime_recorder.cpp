// pto_runtime_recorder.cpp — a recording implementation of pto_orchestration_api.h (test-only).
//
// The execution check of docs/testing.md: emitted orchestration C++ is compiled with this
// file under -fsanitize=address,undefined and its entry point is run on concrete arguments.
// Nothing is executed on a device; every call is recorded:
//   * tasks: kind (aic / aiv / mixed / dummy / alloc), kernel ids, each tensor argument's
//     direction and identity (buffer id + element offset + shape + strides), scalar values,
//     explicit dependency TaskIds, the buffers the task allocated, the scope it ran in, and the
//     emitted C++ line that submitted it;
//   * buffers: entry arguments, alloc_tensors results, add_output(TensorCreateInfo) results;
//   * scopes: the nesting tree with modes and lines;
//   * get_tensor_data / set_tensor_data calls;
//   * errors: what the runtime rejects (AUTO scope inside MANUAL, invalid or unknown TaskId in
//     set_dependencies, Arg misuse, bad alloc_tensors, views out of range, ...). The runtime stops
//     at its first fatal error; the recorder records it and keeps going, so one run reports all.
// Memory misuse is left to the sanitizers: a deps array read past its end at submit time, a
// `const Tensor&` from TaskOutputTensors used after its PTO2_SCOPE closed (the output Tensors
// are freed at scope exit, as the runtime recycles them), a stale Arg pointer.
// It is a test oracle for the printer's output, not a runtime: no scheduling, no kernels.

#include "pto_runtime_recorder.h"
#include "pto_runtime_recorder_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pto2rec {

Recorder &rec() {
    static Recorder r;
    return r;
}

const char *tag_name(TensorArgType tag) {
    switch (tag) {
    case TensorArgType::INPUT:
        return "INPUT";
    case TensorArgType::OUTPUT:
        return "OUTPUT";
    case TensorArgType::INOUT:
        return "INOUT";
    case TensorArgType::OUTPUT_EXISTING:
        return "OUTPUT_EXISTING";
    case TensorArgType::NO_DEP:
        return "NO_DEP";
    }
    return "UNKNOWN";
}

std::string format(const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

int current_scope() { return rec().scope_stack.empty() ? -1 : rec().scope_stack.back(); }

bool in_manual_scope() {
    for (int s : rec().scope_stack) {
        if (rec().scopes[s].mode == PTO2ScopeMode::MANUAL && !rec().scopes[s].rejected) return true;
    }
    return false;
}

void add_error(const std::string &kind, const std::string &message, const char *file, int line, int task) {
    ErrorRec e;
    e.kind = kind;
    e.message = message;
    e.file = file ? file : "";
    e.line = line;
    e.task = task;
    e.scope = current_scope();
    rec().errors.push_back(e);
    rec().fatal = true;
}

uint64_t element_size_or_1(DataType dtype) {
    uint64_t s = get_element_size(dtype);
    return s == 0 ? 1 : s;
}

std::vector<uint32_t> row_major_strides(const uint32_t shapes[], uint32_t ndims) {
    std::vector<uint32_t> strides(ndims);
    uint32_t s = 1;
    for (int i = static_cast<int>(ndims) - 1; i >= 0; --i) {
        strides[i] = s;
        s *= shapes[i];
    }
    return strides;
}

// The buffer whose [base, base + nbytes) holds `addr`, or -1.
int find_buffer(uint64_t addr) {
    auto &by_base = rec().buffer_by_base;
    auto it = by_base.upper_bound(addr);
    if (it == by_base.begin()) return -1;
    --it;
    const BufferRec &b = *rec().buffers[it->second];
    if (addr < b.base || addr >= b.base + (b.nbytes == 0 ? 1 : b.nbytes)) return -1;
    return b.id;
}

TensorDesc describe(const Tensor &t) {
    TensorDesc d;
    d.dtype = t.dtype;
    uint32_t nd = t.ndims <= static_cast<uint32_t>(RUNTIME_MAX_TENSOR_DIMS) ? t.ndims : 0;
    d.shape.assign(t.shapes, t.shapes + nd);
    d.strides.assign(t.strides, t.strides + nd);
    d.offset = t.start_offset;
    d.buffer = find_buffer(t.buffer.addr);
    if (d.buffer >= 0) {
        // A tensor made with make_tensor_external over an interior pointer: express its origin
        // relative to the buffer it lies in.
        const BufferRec &b = *rec().buffers[d.buffer];
        d.offset += (t.buffer.addr - b.base) / element_size_or_1(t.dtype);
    }
    return d;
}

int new_buffer(const std::string &kind, DataType dtype, const uint32_t shapes[], uint32_t ndims, uint64_t base,
               uint64_t nbytes, std::unique_ptr<unsigned char[]> storage) {
    auto b = std::make_unique<BufferRec>();
    b->id = static_cast<int>(rec().buffers.size());
    b->kind = kind;
    b->dtype = dtype;
    b->shape.assign(shapes, shapes + ndims);
    b->base = base;
    b->nbytes = nbytes;
    b->scope = current_scope();
    b->storage = std::move(storage);
    int id = b->id;
    rec().buffer_by_base[base] = id;
    rec().buffers.push_back(std::move(b));
    return id;
}

// Allocates the buffer described by `ci` for task `task` and returns the Tensor over it; the
// Tensor object itself belongs to the innermost open scope and is freed when it closes.
const Tensor &materialize(const TensorCreateInfo &ci, int task, const std::string &kind) {
    uint64_t esize = element_size_or_1(ci.dtype);
    uint64_t numel = 1;
    for (uint32_t i = 0; i < ci.ndims; i++) numel *= ci.raw_shapes[i];
    uint64_t nbytes = numel * esize;
    std::unique_ptr<unsigned char[]> storage(new unsigned char[nbytes == 0 ? 1 : nbytes]());
    if (ci.has_initial_value) {
        for (uint64_t e = 0; e < numel; e++) memcpy(storage.get() + e * esize, &ci.initial_value, esize);
    }
    uint64_t base = reinterpret_cast<uint64_t>(storage.get());
    int id = new_buffer(kind, ci.dtype, ci.raw_shapes, ci.ndims, base, nbytes, std::move(storage));
    rec().buffers[id]->task = task;

    Tensor *t = new Tensor(make_tensor_external(reinterpret_cast<void *>(base), ci.raw_shapes, ci.ndims, ci.dtype,
                                                ci.manual_dep));
    t->owner_task_id = PTO2TaskId::make(0, static_cast<uint32_t>(task));
    int scope = current_scope();
    if (scope >= 0) {
        rec().scopes[scope].owned_outputs.push_back(t);
    } else {
        rec().unscoped_outputs.push_back(t);
    }
    rec().tasks[task].outputs.push_back(id);
    return *t;
}

bool valid_tensor_shape(const Tensor &t) { return t.ndims >= 1 && t.ndims <= static_cast<uint32_t>(RUNTIME_MAX_TENSOR_DIMS); }

// Common part of every submission: the task record, argument slots, explicit deps.
TaskOutputTensors record_task(const std::string &kind, const std::string &api, const MixedKernels &mk,
                              const Arg &args, const char *file, int line) {
    Recorder &r = rec();
    TaskRec t;
    t.id = static_cast<int>(r.tasks.size());
    t.seq = r.next_seq++;
    t.kind = kind;
    t.api = api;
    t.kernels = mk;
    t.scope = current_scope();
    t.in_manual = in_manual_scope();
    t.file = file ? file : "";
    t.line = line;
    r.tasks.push_back(t);
    int id = t.id;
    if (t.scope >= 0) r.scopes[t.scope].tasks.push_back(id);

    if (args.has_error) {
        add_error("arg_error", format("%s: %s", api.c_str(), args.error_msg ? args.error_msg : "invalid Arg"), file,
                  line, id);
    }

    TaskOutputTensors outs;
    outs.set_task_id(PTO2TaskId::make(0, static_cast<uint32_t>(id)));
    int n = args.tensor_count();
    for (int i = 0; i < n && i < CORE_MAX_TENSOR_ARGS; i++) {
        const Arg::Slot &slot = args.slots_[i];
        ArgRec a;
        a.tag = slot.tag;
        if (slot.tag == TensorArgType::OUTPUT) {
            const Tensor &made = materialize(*slot.create_info, id, kind == "alloc" ? "alloc" : "output");
            a.tensor = describe(made);
            outs.materialize_output(made);
        } else {
            if (!valid_tensor_shape(*slot.tensor)) {
                add_error("bad_tensor", format("%s: tensor argument %d has ndims=%u", api.c_str(), i,
                                               slot.tensor->ndims),
                          file, line, id);
            }
            a.tensor = describe(*slot.tensor);
            if (a.tensor.buffer < 0) {
                add_error("unknown_tensor",
                          format("%s: tensor argument %d (%s) points at no buffer the runtime knows", api.c_str(), i,
                                 tag_name(slot.tag)),
                          file, line, id);
            }
        }
        r.tasks[id].args.push_back(a);
    }
    for (int i = 0; i < args.scalar_count() && i < CORE_MAX_SCALAR_ARGS; i++) r.tasks[id].scalars.push_back(args.scalars_[i]);

    // Explicit dependencies are read here, at submit, like the runtime does: the array must still
    // be alive and hold `count` entries (a shorter array is an ASan stack-buffer-overflow).
    uint32_t dep_count = args.explicit_dep_count();
    const PTO2TaskId *deps = args.explicit_deps_data();
    for (uint32_t k = 0; k < dep_count; k++) {
        PTO2TaskId d = deps[k];
        if (d.is_invalid()) {
            add_error("invalid_dep",
                      format("%s: set_dependencies entry %u of %u is PTO2TaskId::invalid()", api.c_str(), k, dep_count),
                      file, line, id);
            continue;
        }
        if (d.ring() != 0 || d.local() >= static_cast<uint32_t>(id)) {
            add_error("unknown_dep",
                      format("%s: set_dependencies entry %u of %u (raw 0x%llx) names no earlier task", api.c_str(), k,
                             dep_count, static_cast<unsigned long long>(d.raw)),
                      file, line, id);
            continue;
        }
        r.tasks[id].deps.push_back(static_cast<int>(d.local()));
    }
    return outs;
}

// Element offset of `indices` in `t`, or false (recorded as an error) when out of range.
bool element_offset(const Tensor &t, uint32_t ndims, const uint32_t indices[], uint64_t *out, const char *what,
                    const char *file, int line) {
    if (ndims != t.ndims) {
        add_error("bad_access", format("%s: %u indices for a %u-d tensor", what, ndims, t.ndims), file, line);
        return false;
    }
    uint64_t off = t.start_offset;
    for (uint32_t d = 0; d < ndims; d++) {
        if (indices[d] >= t.shapes[d]) {
            add_error("bad_access", format("%s: index %u of dim %u is outside its extent %u", what, indices[d], d,
                                           t.shapes[d]),
                      file, line);
            return false;
        }
        off += static_cast<uint64_t>(indices[d]) * t.strides[d];
    }
    *out = off;
    return true;
}

unsigned char *element_address(const Tensor &t, uint64_t elem_off, const char *what, const char *file, int line) {
    int b = find_buffer(t.buffer.addr);
    if (b < 0) {
        add_error("unknown_tensor", format("%s: the tensor points at no buffer the runtime knows", what), file, line);
        return nullptr;
    }
    const BufferRec &buf = *rec().buffers[b];
    uint64_t esize = element_size_or_1(t.dtype);
    uint64_t byte = (t.buffer.addr - buf.base) + elem_off * esize;
    if (byte + esize > buf.nbytes) {
        add_error("bad_access", format("%s: element at byte %llu lies outside its %llu-byte buffer", what,
                                       static_cast<unsigned long long>(byte),
                                       static_cast<unsigned long long>(buf.nbytes)),
                  file, line);
        return nullptr;
    }
    return reinterpret_cast<unsigned char *>(buf.base) + byte;
}

void record_access(const char *kind, const Tensor &t, uint32_t ndims, const uint32_t indices[], uint64_t bits,
                   const char *file, int line) {
    AccessRec a;
    a.kind = kind;
    a.seq = rec().next_seq++;
    a.tensor = describe(t);
    a.indices.assign(indices, indices + ndims);
    a.bits = bits;
    a.scope = current_scope();
    a.in_manual = in_manual_scope();
    a.file = file ? file : "";
    a.line = line;
    rec().accesses.push_back(a);
}

void begin_scope(PTO2ScopeMode mode, const char *file, int line) {
    Recorder &r = rec();
    ScopeRec s;
    s.id = static_cast<int>(r.scopes.size());
    s.mode = mode;
    s.parent = current_scope();
    s.file = file ? file : "";
    s.line = line;
    if (mode == PTO2ScopeMode::AUTO && in_manual_scope()) {
        s.rejected = true;
        add_error("auto_in_manual", "auto scope nested inside manual scope is not supported", file, line);
    }
    r.scopes.push_back(s);
    if (s.parent >= 0) {
        r.scopes[s.parent].children.push_back(s.id);
    } else {
        r.root_scopes.push_back(s.id);
    }
    r.scope_stack.push_back(s.id);
}

void end_scope() {
    Recorder &r = rec();
    if (r.scope_stack.empty()) {
        add_error("scope_underflow", "rt_scope_end without an open scope", "", 0);
        return;
    }
    ScopeRec &s = r.scopes[r.scope_stack.back()];
    // The runtime recycles the outputs' Tensor storage once the scope ends: any later use of a
    // `const Tensor&` obtained from get_ref in this scope is a heap-use-after-free under ASan.
    for (Tensor *t : s.owned_outputs) delete t;
    s.owned_outputs.clear();
    r.scope_stack.pop_back();
}

}  // namespace pto2rec

using namespace pto2rec;

// ==============================================================================================
// The API of pto_orchestration_api.h
// ==============================================================================================

uint64_t get_element_size(DataType dtype) {
    switch (dtype) {
    case DataType::FLOAT32:
    case DataType::INT32:
    case DataType::UINT32:
        return 4;
    case DataType::FLOAT16:
    case DataType::INT16:
    case DataType::BFLOAT16:
    case DataType::UINT16:
        return 2;
    case DataType::INT8:
    case DataType::UINT8:
    case DataType::BOOL:
    case DataType::FP8E4M3FN:
    case DataType::FP8E8M0:
    case DataType::FP4E2M1:
        return 1;
    case DataType::INT64:
    case DataType::UINT64:
        return 8;
    case DataType::DATA_TYPE_NUM:
        break;
    }
    return 0;
}

const char *get_dtype_name(DataType dtype) {
    switch (dtype) {
    case DataType::FLOAT32:
        return "FLOAT32";
    case DataType::FLOAT16:
        return "FLOAT16";
    case DataType::INT32:
        return "INT32";
    case DataType::INT16:
        return "INT16";
    case DataType::INT8:
        return "INT8";
    case DataType::UINT8:
        return "UINT8";
    case DataType::BFLOAT16:
        return "BFLOAT16";
    case DataType::INT64:
        return "INT64";
    case DataType::UINT64:
        return "UINT64";
    case DataType::UINT16:
        return "UINT16";
    case DataType::UINT32:
        return "UINT32";
    case DataType::BOOL:
        return "BOOL";
    case DataType::FP8E4M3FN:
        return "FP8E4M3FN";
    case DataType::FP8E8M0:
        return "FP8E8M0";
    case DataType::FP4E2M1:
        return "FP4E2M1";
    case DataType::DATA_TYPE_NUM:
        break;
    }
    return "UNKNOWN";
}

uint64_t ContinuousTensor::nbytes() const {
    uint64_t total = 1;
    for (uint32_t i = 0; i < ndims; i++) total *= shapes[i];
    return total * get_element_size(dtype);
}

uint64_t Tensor::numel() const {
    uint64_t total = 1;
    for (uint32_t i = 0; i < ndims; i++) total *= shapes[i];
    return total;
}

bool Tensor::is_contiguous() const {
    uint64_t expect = 1;
    for (int i = static_cast<int>(ndims) - 1; i >= 0; --i) {
        if (shapes[i] != 1 && strides[i] != expect) return false;
        expect *= shapes[i];
    }
    return true;
}

Tensor Tensor::view(const uint32_t view_shapes[], const uint32_t view_offsets[], bool in_manual_dep, const char *file,
                    int line) const {
    Tensor result = *this;
    bool empty = false;
    for (uint32_t i = 0; i < ndims; i++) empty = empty || view_shapes[i] == 0;
    for (uint32_t i = 0; i < ndims; i++) {
        if (!empty) {
            if (static_cast<uint64_t>(view_offsets[i]) + view_shapes[i] > shapes[i]) {
                add_error("view_out_of_range",
                          format("Tensor::view: dim %u takes [%u, %u) of an extent of %u", i, view_offsets[i],
                                 view_offsets[i] + view_shapes[i], shapes[i]),
                          file, line);
            }
            result.start_offset += static_cast<uint64_t>(view_offsets[i]) * strides[i];
        }
        result.shapes[i] = view_shapes[i];
    }
    result.manual_dep = in_manual_dep;
    return result;
}

Tensor Tensor::reshape(const uint32_t new_shapes[], uint32_t new_ndims, bool in_manual_dep, const char *file,
                       int line) const {
    uint64_t new_numel = 1;
    for (uint32_t i = 0; i < new_ndims; i++) new_numel *= new_shapes[i];
    if (new_ndims < 1 || new_ndims > static_cast<uint32_t>(RUNTIME_MAX_TENSOR_DIMS) || new_numel != numel()) {
        add_error("bad_reshape", format("Tensor::reshape: %llu elements into %llu (ndims %u)",
                                        static_cast<unsigned long long>(numel()),
                                        static_cast<unsigned long long>(new_numel), new_ndims),
                  file, line);
    }
    if (!is_contiguous()) add_error("bad_reshape", "Tensor::reshape of a non-contiguous view", file, line);
    Tensor result = *this;
    uint32_t nd = new_ndims <= static_cast<uint32_t>(RUNTIME_MAX_TENSOR_DIMS) ? new_ndims : 0;
    result.ndims = nd;
    std::vector<uint32_t> strides_rm = row_major_strides(new_shapes, nd);
    for (uint32_t i = 0; i < nd; i++) {
        result.shapes[i] = new_shapes[i];
        result.strides[i] = strides_rm[i];
    }
    result.manual_dep = in_manual_dep;
    return result;
}

Tensor Tensor::transpose(uint32_t x, uint32_t y, bool in_manual_dep, const char *file, int line) const {
    Tensor result = *this;
    if (x >= ndims || y >= ndims) {
        add_error("bad_transpose", format("Tensor::transpose(%u, %u) of a %u-d tensor", x, y, ndims), file, line);
    } else {
        uint32_t s = result.shapes[x];
        result.shapes[x] = result.shapes[y];
        result.shapes[y] = s;
        uint32_t st = result.strides[x];
        result.strides[x] = result.strides[y];
        result.strides[y] = st;
    }
    result.manual_dep = in_manual_dep;
    return result;
}

TensorCreateInfo::TensorCreateInfo(const uint32_t shapes[], uint32_t in_ndims, DataType in_dtype, bool in_manual_dep,
                                   const char *file, int line)
    : dtype(in_dtype), ndims(in_ndims), raw_shapes{}, manual_dep(in_manual_dep), has_initial_value(false),
      initial_value(0) {
    if (in_ndims < 1 || in_ndims > static_cast<uint32_t>(RUNTIME_MAX_TENSOR_DIMS)) {
        add_error("bad_create_info", format("TensorCreateInfo with ndims=%u", in_ndims), file, line);
        ndims = 0;
    }
    for (uint32_t i = 0; i < ndims; i++) raw_shapes[i] = shapes[i];
}

void TensorCreateInfo::set_initial_value(uint64_t value) {
    has_initial_value = true;
    initial_value = value;
}

uint64_t TensorCreateInfo::buffer_size_bytes() const {
    uint64_t total = 1;
    for (uint32_t i = 0; i < ndims; i++) total *= raw_shapes[i];
    return total * get_element_size(dtype);
}

Tensor make_tensor_external(void *addr, const uint32_t shapes[], uint32_t ndims, DataType dtype, bool manual_dep,
                            int32_t version) {
    Tensor t;
    memset(&t, 0, sizeof t);
    uint32_t nd = ndims <= static_cast<uint32_t>(RUNTIME_MAX_TENSOR_DIMS) ? ndims : 0;
    if (nd != ndims || ndims == 0) add_error("bad_tensor", format("make_tensor_external with ndims=%u", ndims), "", 0);
    std::vector<uint32_t> strides = row_major_strides(shapes, nd);
    uint64_t numel = 1;
    for (uint32_t i = 0; i < nd; i++) {
        t.shapes[i] = shapes[i];
        t.strides[i] = strides[i];
        numel *= shapes[i];
    }
    t.buffer = {reinterpret_cast<uint64_t>(addr), numel * get_element_size(dtype)};
    t.owner_task_id = PTO2TaskId::invalid();
    t.start_offset = 0;
    t.version = version;
    t.ndims = nd;
    t.dtype = dtype;
    t.manual_dep = manual_dep;
    return t;
}

Tensor from_tensor_arg(const ContinuousTensor &t, bool manual_dep, int32_t version) {
    return make_tensor_external(reinterpret_cast<void *>(static_cast<uintptr_t>(t.data)), t.shapes, t.ndims, t.dtype,
                                manual_dep, version);
}

void ChipStorageTaskArgs::add_tensor(const ContinuousTensor &t) {
    if (scalar_count_ > 0 || tensor_count_ >= CHIP_MAX_TENSOR_ARGS) {
        add_error("entry_args", "ChipStorageTaskArgs: tensor after a scalar, or more than 128 tensors", "", 0);
        return;
    }
    tensors_[tensor_count_++] = t;
}

void ChipStorageTaskArgs::add_scalar(uint64_t s) {
    if (scalar_count_ >= CHIP_MAX_SCALAR_ARGS) {
        add_error("entry_args", "ChipStorageTaskArgs: more than 128 scalars", "", 0);
        return;
    }
    scalars_[scalar_count_++] = s;
}

const ContinuousTensor &ChipStorageTaskArgs::tensor(int32_t i) const {
    if (i < 0 || i >= tensor_count_) {
        add_error("entry_args", format("orch_args.tensor(%d): the entry has %d tensor arguments", i, tensor_count_),
                  "", 0);
        static ContinuousTensor none{};
        return none;
    }
    return tensors_[i];
}

uint64_t ChipStorageTaskArgs::scalar(int32_t i) const {
    if (i < 0 || i >= scalar_count_) {
        add_error("entry_args", format("orch_args.scalar(%d): the entry has %d scalar arguments", i, scalar_count_),
                  "", 0);
        return 0;
    }
    return scalars_[i];
}

void Arg::reset() {
    tensor_count_ = 0;
    scalar_count_ = 0;
    has_error = false;
    error_msg = nullptr;
    explicit_deps_ = nullptr;
    explicit_dep_count_ = 0;
}

void Arg::set_error(const char *msg) {
    if (!has_error) {
        has_error = true;
        error_msg = msg;
    }
}

void Arg::add_tensor_slot(const Tensor *tensor, const TensorCreateInfo *create_info, TensorArgType tag) {
    if (scalar_count_ != 0) {
        set_error("add_input/add_output/add_inout called after add_scalar: all tensors must be added before any scalars");
        return;
    }
    if (tensor_count_ >= CORE_MAX_TENSOR_ARGS) {
        set_error("Too many tensor args (exceeds MAX_TENSOR_ARGS=16)");
        return;
    }
    slots_[tensor_count_].tensor = tensor;
    slots_[tensor_count_].create_info = create_info;
    slots_[tensor_count_].tag = tag;
    tensor_count_++;
}

void Arg::add_scalar_bits(uint64_t bits) {
    if (scalar_count_ >= CORE_MAX_SCALAR_ARGS) {
        set_error("Too many scalar args (exceeds MAX_SCALAR_ARGS=32)");
        return;
    }
    scalars_[scalar_count_++] = bits;
}

void Arg::add_scalars(const uint64_t *values, int count) {
    for (int i = 0; i < count; i++) add_scalar_bits(values[i]);
}

void Arg::set_dependencies(const PTO2TaskId *deps, uint32_t count) {
    if (count == 0) {
        explicit_deps_ = nullptr;
        explicit_dep_count_ = 0;
        return;
    }
    if (deps == nullptr) {
        set_error("set_dependencies: deps must not be null when count > 0");
        return;
    }
    if (explicit_deps_ != nullptr) {
        set_error("set_dependencies: may be called at most once per Arg");
        return;
    }
    explicit_deps_ = deps;
    explicit_dep_count_ = count;
}

const Tensor &TaskOutputTensors::get_ref(uint32_t index) const & {
    if (index >= output_count_) {
        add_error("bad_get_ref", format("TaskOutputTensors::get_ref(%u) of %u outputs", index, output_count_), "", 0);
        fprintf(stderr, "pto2 recorder: TaskOutputTensors::get_ref(%u) of %u outputs (the runtime asserts)\n", index,
                output_count_);
        abort();
    }
    return *tensors_[index];
}

void TaskOutputTensors::materialize_output(const Tensor &tensor) {
    if (output_count_ < static_cast<uint32_t>(CORE_MAX_TENSOR_ARGS)) tensors_[output_count_++] = &tensor;
}

TaskOutputTensors rt_submit_task(const MixedKernels &mk, const Arg &args, const char *file, int line) {
    int active = (mk.aic_kernel_id != INVALID_KERNEL_ID) + (mk.aiv0_kernel_id != INVALID_KERNEL_ID) +
                 (mk.aiv1_kernel_id != INVALID_KERNEL_ID);
    std::string kind = active > 1 ? "mixed" : (mk.aic_kernel_id != INVALID_KERNEL_ID ? "aic" : "aiv");
    TaskOutputTensors outs = record_task(kind, "rt_submit_task", mk, args, file, line);
    if (active == 0) {
        add_error("no_kernel", "rt_submit_task: MixedKernels has no active slot", file, line,
                  static_cast<int>(outs.task_id().local()));
    }
    return outs;
}

TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const Arg &args, const char *file, int line) {
    MixedKernels mk;
    mk.aic_kernel_id = kernel_id;
    TaskOutputTensors outs = record_task("aic", "rt_submit_aic_task", mk, args, file, line);
    if (kernel_id < 0) add_error("no_kernel", format("rt_submit_aic_task(%d)", kernel_id), file, line);
    return outs;
}

TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const Arg &args, const char *file, int line) {
    MixedKernels mk;
    mk.aiv0_kernel_id = kernel_id;
    TaskOutputTensors outs = record_task("aiv", "rt_submit_aiv_task", mk, args, file, line);
    if (kernel_id < 0) add_error("no_kernel", format("rt_submit_aiv_task(%d)", kernel_id), file, line);
    return outs;
}

TaskOutputTensors rt_submit_dummy_task(const Arg &args, const char *file, int line) {
    return record_task("dummy", "rt_submit_dummy_task", MixedKernels{}, args, file, line);
}

TaskOutputTensors alloc_tensors(const Arg &args, const char *file, int line) {
    bool ok = args.tensor_count() > 0 && args.scalar_count() == 0 && args.explicit_dep_count() == 0;
    for (int i = 0; i < args.tensor_count(); i++) ok = ok && args.slots_[i].tag == TensorArgType::OUTPUT;
    TaskOutputTensors outs = record_task("alloc", "alloc_tensors", MixedKernels{}, args, file, line);
    if (!ok) {
        add_error("bad_alloc",
                  "alloc_tensors requires one or more add_output(TensorCreateInfo) slots and nothing else", file,
                  line, static_cast<int>(outs.task_id().local()));
    }
    return outs;
}

TaskOutputTensors alloc_tensors(const TensorCreateInfo create_infos[], uint32_t count, const char *file, int line) {
    Arg args;
    for (uint32_t i = 0; i < count; i++) args.add_output(create_infos[i]);
    return alloc_tensors(args, file, line);
}

uint64_t pto2_get_tensor_data_bits(const Tensor &tensor, uint32_t ndims, const uint32_t indices[], const char *file,
                                   int line) {
    uint64_t off = 0;
    uint64_t bits = 0;
    if (element_offset(tensor, ndims, indices, &off, "get_tensor_data", file, line)) {
        unsigned char *p = element_address(tensor, off, "get_tensor_data", file, line);
        if (p) memcpy(&bits, p, element_size_or_1(tensor.dtype));
    }
    record_access("read", tensor, ndims, indices, bits, file, line);
    return bits;
}

void pto2_set_tensor_data_bits(const Tensor &tensor, uint32_t ndims, const uint32_t indices[], uint64_t bits,
                               const char *file, int line) {
    uint64_t off = 0;
    if (element_offset(tensor, ndims, indices, &off, "set_tensor_data", file, line)) {
        unsigned char *p = element_address(tensor, off, "set_tensor_data", file, line);
        if (p) memcpy(p, &bits, element_size_or_1(tensor.dtype));
    }
    record_access("write", tensor, ndims, indices, bits, file, line);
}

PTO2ScopeGuard::PTO2ScopeGuard(PTO2ScopeMode mode, const char *file, int line) { begin_scope(mode, file, line); }

PTO2ScopeGuard::~PTO2ScopeGuard() { end_scope(); }

void rt_scope_begin(PTO2ScopeMode mode, const char *file, int line) { begin_scope(mode, file, line); }

void rt_scope_end() { end_scope(); }

bool rt_is_fatal() { return rec().fatal; }

void pto2_log(const char *level, const char *func, const char *fmt, ...) {
    fprintf(stderr, "[%s] %s: ", level, func);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

// ==============================================================================================
// Driver interface (pto_runtime_recorder.h)
// ==============================================================================================

ContinuousTensor pto2_recorder_external_tensor(int arg_index, void *data, const uint32_t shapes[], uint32_t ndims,
                                               DataType dtype) {
    ContinuousTensor t{};
    t.data = reinterpret_cast<uint64_t>(data);
    t.ndims = ndims;
    t.dtype = dtype;
    uint64_t numel = 1;
    for (uint32_t i = 0; i < ndims && i < static_cast<uint32_t>(CONTINUOUS_TENSOR_MAX_DIMS); i++) {
        t.shapes[i] = shapes[i];
        numel *= shapes[i];
    }
    int id = new_buffer("arg", dtype, shapes, ndims, t.data, numel * get_element_size(dtype), nullptr);
    rec().buffers[id]->arg_index = arg_index;
    rec().buffers[id]->scope = -1;
    return t;
}

int pto2_recorder_run(const ChipStorageTaskArgs &args, const char *json_path) {
    Recorder &r = rec();
    r.arg_count = args.tensor_count() + args.scalar_count();
    PTO2OrchestrationConfig config = aicpu_orchestration_config(args);
    r.expected_arg_count = config.expected_arg_count;
    if (config.expected_arg_count != r.arg_count) {
        add_error("arg_count",
                  format("aicpu_orchestration_config expects %d arguments, the entry got %d",
                         config.expected_arg_count, r.arg_count),
                  "", 0);
    }
    aicpu_orchestration_entry(args);
    if (!r.scope_stack.empty()) {
        add_error("unclosed_scope", format("%zu scope(s) still open when the entry returned", r.scope_stack.size()),
                  "", 0);
        while (!r.scope_stack.empty()) end_scope();
    }
    for (Tensor *t : r.unscoped_outputs) delete t;
    r.unscoped_outputs.clear();

    FILE *f = json_path ? fopen(json_path, "w") : stdout;
    if (!f) {
        fprintf(stderr, "pto2 recorder: cannot write %s\n", json_path);
        return 2;
    }
    write_json(f);
    if (json_path) fclose(f);
    return 0;
}
