// pto_orchestration_api.h — test-only declaration of the PTO2 orchestration runtime API.
//
// This is NOT the runtime. It declares the API surface that orchestration C++ emitted by
// `pypto-opt -t pto2-cpp` calls, with the signatures of the PTO2 "tensormap_and_ringbuffer"
// runtime (mid-2026 spelling: Arg, Tensor, from_tensor_arg, ChipStorageTaskArgs, PTO2_SCOPE,
// PTO2ScopeMode::MANUAL, PTO2TaskId, set_dependencies, rt_submit_*_task). Two uses
// (docs/testing.md, docs/testing.md):
//   * compile check:   g++ -std=c++17 -fsyntax-only -I tests/support emitted.cpp
//   * execution check: the same header + tests/support/pto_runtime_recorder.cpp, which defines
//                      every declared function so that running aicpu_orchestration_entry records
//                      the task graph instead of running kernels.
//
// Written for this project from the runtime's documented behaviour; where this file is
// stricter than the runtime, or where a signature is inferred from the spelling in
// docs/targets/pto2-cpp.md / PyPTO's orchestration codegen document rather than confirmed, a comment says so ("ASSUMED" /
// "STRICTER"). Everything else matches the runtime's signature.
//
// Recorder-only extensions (invisible to emitted code, which never names them): trailing
// defaulted `file`/`line` parameters (filled by __builtin_FILE()/__builtin_LINE() at the call
// site) on the submit/alloc/scope/data-access/view entry points, so every recorded event and
// error points at the emitted C++ line that caused it.

#ifndef PYPTO_TESTS_SUPPORT_PTO_ORCHESTRATION_API_H_
#define PYPTO_TESTS_SUPPORT_PTO_ORCHESTRATION_API_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <type_traits>

// =============================================================================
// Limits (runtime values: CORE_MAX_* per task, CHIP_MAX_* per orchestration entry)
// =============================================================================

inline constexpr int RUNTIME_MAX_TENSOR_DIMS = 5;
inline constexpr int CONTINUOUS_TENSOR_MAX_DIMS = RUNTIME_MAX_TENSOR_DIMS;
inline constexpr int CORE_MAX_TENSOR_ARGS = 16;   // tensors per task (and per alloc_tensors batch)
inline constexpr int CORE_MAX_SCALAR_ARGS = 32;   // scalars per task
inline constexpr int CHIP_MAX_TENSOR_ARGS = 128;  // tensors per orchestration entry
inline constexpr int CHIP_MAX_SCALAR_ARGS = 128;  // scalars per orchestration entry
#define MAX_TENSOR_ARGS CORE_MAX_TENSOR_ARGS
#define MAX_SCALAR_ARGS CORE_MAX_SCALAR_ARGS

// =============================================================================
// Element types
// =============================================================================

// Same names and order (= numeric values) as the runtime's DataType.
enum class DataType : uint8_t {
    FLOAT32,    // 4 bytes
    FLOAT16,    // 2 bytes
    INT32,      // 4 bytes
    INT16,      // 2 bytes
    INT8,       // 1 byte
    UINT8,      // 1 byte
    BFLOAT16,   // 2 bytes
    INT64,      // 8 bytes
    UINT64,     // 8 bytes
    UINT16,     // 2 bytes
    UINT32,     // 4 bytes
    BOOL,       // 1 byte
    FP8E4M3FN,  // 1 byte, A5 only
    FP8E8M0,    // 1 byte, A5 only
    FP4E2M1,    // 1 byte (two packed values), A5 only
    DATA_TYPE_NUM,
};

uint64_t get_element_size(DataType dtype);
const char *get_dtype_name(DataType dtype);

// Bit-level packing of a scalar into the runtime's universal 64-bit slot (zero-extended).
// to_u64(1.0f) is the float's bit pattern, to_u64(2.5) the double's, to_u64(int32_t(-1)) is
// 0x00000000FFFFFFFF. from_u64<T> is the inverse.
template <typename T>
inline uint64_t to_u64(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "to_u64: the value must fit in 8 bytes");
    static_assert(std::is_trivially_copyable_v<T>, "to_u64: the value must be trivially copyable");
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof(T));
    return bits;
}

template <typename T>
inline T from_u64(uint64_t bits) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "from_u64: the type must fit in 8 bytes");
    static_assert(std::is_trivially_copyable_v<T>, "from_u64: the type must be trivially copyable");
    T value;
    memcpy(&value, &bits, sizeof(T));
    return value;
}

// =============================================================================
// Task ids and kernels
// =============================================================================

// 64-bit task id: ring in bits 32..39, ring-local id in bits 0..31; all ones = invalid.
struct PTO2TaskId {
    uint64_t raw;

    static constexpr PTO2TaskId make(uint8_t ring_id, uint32_t local_id) {
        return PTO2TaskId{(static_cast<uint64_t>(ring_id) << 32) | static_cast<uint64_t>(local_id)};
    }
    static constexpr PTO2TaskId invalid() { return PTO2TaskId{UINT64_MAX}; }
    constexpr uint8_t ring() const { return static_cast<uint8_t>(raw >> 32); }
    constexpr uint32_t local() const { return static_cast<uint32_t>(raw & 0xFFFFFFFFu); }
    constexpr bool is_valid() const { return raw != UINT64_MAX; }
    constexpr bool is_invalid() const { return raw == UINT64_MAX; }
    constexpr bool operator==(const PTO2TaskId &other) const { return raw == other.raw; }
    constexpr bool operator!=(const PTO2TaskId &other) const { return raw != other.raw; }
};
static_assert(sizeof(PTO2TaskId) == 8, "PTO2TaskId is 8 bytes");
static_assert(std::is_trivial_v<PTO2TaskId>, "PTO2TaskId deps arrays are plain stack arrays");

inline constexpr int32_t INVALID_KERNEL_ID = -1;

// Kernel ids of the three subtask slots of one cluster; INVALID_KERNEL_ID = slot unused.
// Aggregate: `MixedKernels m = {aic_id, aiv_id, INVALID_KERNEL_ID};`.
struct MixedKernels {
    int32_t aic_kernel_id{INVALID_KERNEL_ID};
    int32_t aiv0_kernel_id{INVALID_KERNEL_ID};
    int32_t aiv1_kernel_id{INVALID_KERNEL_ID};
};

enum class PTO2ScopeMode : uint8_t {
    AUTO = 0,    // the runtime derives edges from tensor overlap (TensorMap)
    MANUAL = 1,  // no derivation: only set_dependencies edges order tasks
};

// =============================================================================
// Tensors
// =============================================================================

// Orchestration-entry tensor argument (host/device pointer + shape).
struct ContinuousTensor {
    uint64_t data;                                // buffer address
    uint32_t shapes[CONTINUOUS_TENSOR_MAX_DIMS];  // elements per dimension
    uint32_t ndims;                               // 1..5
    DataType dtype;

    uint64_t nbytes() const;

    // ASSUMED: PyPTO's orchestration codegen document reads dynamic dims as `orch_args.tensor(N).ref().shapes[axis]`, while
    // the same document converts the same slot with `from_tensor_arg(orch_args.tensor(N))`. The
    // runtime's slot type of that era is ContinuousTensor (no ref()); later runtimes return a
    // reference wrapper whose ref() is the tensor. ref() returning the descriptor itself makes
    // both spellings mean what the document means.
    const ContinuousTensor &ref() const { return *this; }
};

struct PTOBufferHandle {
    uint64_t addr;  // buffer base address (bytes)
    uint64_t size;  // buffer size (bytes)
};

// Strided view of a buffer. Element (i0, i1, ...) lives at element offset
// start_offset + sum(i_k * strides[k]) from buffer.addr (the runtime's stride model).
struct Tensor {
    PTOBufferHandle buffer;
    PTO2TaskId owner_task_id;  // creating task; invalid() for external tensors
    uint64_t start_offset;     // elements
    int32_t version;
    uint32_t ndims;
    DataType dtype;
    bool manual_dep;  // creator-only dependency tracking for this view
    uint32_t shapes[RUNTIME_MAX_TENSOR_DIMS];
    uint32_t strides[RUNTIME_MAX_TENSOR_DIMS];

    Tensor() = default;
    Tensor(const Tensor &) = default;
    Tensor &operator=(const Tensor &) = default;

    uint64_t numel() const;
    bool is_contiguous() const;

    // Zero-copy view: shapes[i] elements starting at offsets[i] of the current view, per dim.
    Tensor view(const uint32_t view_shapes[], const uint32_t view_offsets[], bool manual_dep = false,
                const char *file = __builtin_FILE(), int line = __builtin_LINE()) const;
    // New shape over the same elements; the view must be contiguous and keep numel().
    Tensor reshape(const uint32_t new_shapes[], uint32_t new_ndims, bool manual_dep = false,
                   const char *file = __builtin_FILE(), int line = __builtin_LINE()) const;
    // Swap dimensions x and y (metadata only).
    Tensor transpose(uint32_t x, uint32_t y, bool manual_dep = false, const char *file = __builtin_FILE(),
                     int line = __builtin_LINE()) const;
};

// Shape + dtype of a buffer the runtime allocates (alloc_tensors, add_output(TensorCreateInfo)).
// The shapes are copied; the TensorCreateInfo object itself must outlive the submit.
struct TensorCreateInfo {
    DataType dtype;
    uint32_t ndims;
    uint32_t raw_shapes[RUNTIME_MAX_TENSOR_DIMS];
    bool manual_dep;
    bool has_initial_value;
    uint64_t initial_value;

    TensorCreateInfo(const uint32_t shapes[], uint32_t ndims, DataType dtype = DataType::FLOAT32,
                     bool manual_dep = false, const char *file = __builtin_FILE(), int line = __builtin_LINE());
    void set_initial_value(uint64_t value);
    uint64_t buffer_size_bytes() const;
};

// Tensor over caller-owned memory (no creator task).
Tensor make_tensor_external(void *addr, const uint32_t shapes[], uint32_t ndims, DataType dtype = DataType::FLOAT32,
                            bool manual_dep = false, int32_t version = 0);
// Tensor over an orchestration-entry argument.
Tensor from_tensor_arg(const ContinuousTensor &t, bool manual_dep = false, int32_t version = 0);

// =============================================================================
// Orchestration-entry arguments
// =============================================================================

// Tensors first, then scalars, each indexed from 0 independently.
struct ChipStorageTaskArgs {
    ContinuousTensor tensors_[CHIP_MAX_TENSOR_ARGS];
    uint64_t scalars_[CHIP_MAX_SCALAR_ARGS];
    int32_t tensor_count_{0};
    int32_t scalar_count_{0};

    void add_tensor(const ContinuousTensor &t);
    void add_scalar(uint64_t s);
    const ContinuousTensor &tensor(int32_t i) const;
    uint64_t scalar(int32_t i) const;
    int32_t tensor_count() const { return tensor_count_; }
    int32_t scalar_count() const { return scalar_count_; }
};

struct PTO2OrchestrationConfig {
    int expected_arg_count;
};

// =============================================================================
// Task arguments
// =============================================================================

enum class TensorArgType : int32_t {
    INPUT = 0,            // add_input: read
    OUTPUT = 1,           // add_output(TensorCreateInfo): runtime allocates, returned by submit
    INOUT = 2,            // add_inout: read then write
    OUTPUT_EXISTING = 3,  // add_output(Tensor): write-only, pre-allocated
    NO_DEP = 4,           // add_no_dep: no dependency tracking for this slot
};

// One task's argument pack. Stores POINTERS to the Tensors / TensorCreateInfos and to the
// dependency array: all of them must outlive the submit call (the runtime reads them there).
// Rule violations (tensor after scalar, too many args, second non-empty set_dependencies, ...)
// mark the Arg as failed; the runtime then fails the submit (fatal error).
struct Arg {
    struct Slot {
        const Tensor *tensor;                 // every tag except OUTPUT
        const TensorCreateInfo *create_info;  // OUTPUT
        TensorArgType tag;
    };

    Slot slots_[CORE_MAX_TENSOR_ARGS];
    uint64_t scalars_[CORE_MAX_SCALAR_ARGS];
    int32_t tensor_count_{0};
    int32_t scalar_count_{0};
    bool has_error{false};
    const char *error_msg{nullptr};

    int32_t tensor_count() const { return tensor_count_; }
    int32_t scalar_count() const { return scalar_count_; }
    void reset();
    void set_error(const char *msg);

    // The runtime's add_* are variadic (`add_input(a, b, c)`) and accept lvalues only: the Arg
    // keeps a pointer, so a temporary would dangle before the submit reads it.
    template <typename... Ts>
    void add_input(Ts &&...ts) {
        check_tensor_args<false, Ts...>();
        (add_tensor_slot(&ts, nullptr, TensorArgType::INPUT), ...);
    }
    // add_output(Tensor...)           -> OUTPUT_EXISTING (pre-allocated, e.g. from alloc_tensors)
    // add_output(TensorCreateInfo...) -> OUTPUT (the submit allocates and returns it)
    template <typename... Ts>
    void add_output(Ts &&...ts) {
        check_tensor_args<true, Ts...>();
        if constexpr ((std::is_same_v<std::decay_t<Ts>, TensorCreateInfo> && ...)) {
            (add_tensor_slot(nullptr, &ts, TensorArgType::OUTPUT), ...);
        } else {
            (add_tensor_slot(&ts, nullptr, TensorArgType::OUTPUT_EXISTING), ...);
        }
    }
    template <typename... Ts>
    void add_inout(Ts &&...ts) {
        check_tensor_args<false, Ts...>();
        (add_tensor_slot(&ts, nullptr, TensorArgType::INOUT), ...);
    }
    template <typename... Ts>
    void add_no_dep(Ts &&...ts) {
        check_tensor_args<false, Ts...>();
        (add_tensor_slot(&ts, nullptr, TensorArgType::NO_DEP), ...);
    }

    // Scalars (after all tensors); each value is bit-packed with to_u64.
    template <typename... Ts>
    void add_scalar(Ts... values) {
        static_assert(sizeof...(Ts) >= 1, "add_scalar: at least one value");
        static_assert(((std::is_arithmetic_v<Ts> || std::is_enum_v<Ts>) && ...),
                      "add_scalar: values must be arithmetic or enum");
        (add_scalar_bits(to_u64(values)), ...);
    }
    void add_scalars(const uint64_t *values, int count);

    // Explicit dependencies: `count` entries of `deps`, read at submit time (pointer kept, not
    // copied). count == 0 clears. A second call with count > 0 is an error. No upper bound on
    // count. Every entry must be a valid id of an earlier task: invalid() must never be passed.
    void set_dependencies(const PTO2TaskId *deps, uint32_t count);
    uint32_t explicit_dep_count() const { return explicit_dep_count_; }
    const PTO2TaskId *explicit_deps_data() const { return explicit_deps_; }

    // Recorder-visible slot writers (the add_* templates end here).
    void add_tensor_slot(const Tensor *tensor, const TensorCreateInfo *create_info, TensorArgType tag);
    void add_scalar_bits(uint64_t bits);

private:
    const PTO2TaskId *explicit_deps_{nullptr};
    uint32_t explicit_dep_count_{0};

    template <bool is_output, typename... Ts>
    static constexpr void check_tensor_args() {
        static_assert(sizeof...(Ts) >= 1, "at least one tensor argument");
        static_assert((std::is_lvalue_reference_v<Ts> && ...),
                      "tensor arguments must be lvalues: the Arg stores a pointer, a temporary would dangle");
        if constexpr (is_output) {
            static_assert((std::is_same_v<std::decay_t<Ts>, Tensor> && ...) ||
                              (std::is_same_v<std::decay_t<Ts>, TensorCreateInfo> && ...),
                          "add_output: all Tensor or all TensorCreateInfo");
        } else {
            static_assert((std::is_same_v<std::decay_t<Ts>, Tensor> && ...), "tensor arguments must be Tensor");
        }
    }
};

// What a submit returns: the task's id and the outputs it allocated (add_output(TensorCreateInfo)
// slots, in order; for alloc_tensors, one per TensorCreateInfo). The Tensors belong to the
// runtime and are valid only until the enclosing PTO2_SCOPE ends; get_ref on a temporary is
// rejected at compile time.
class TaskOutputTensors {
public:
    TaskOutputTensors() : task_id_(PTO2TaskId::invalid()), output_count_(0), tensors_{} {}

    bool empty() const { return output_count_ == 0; }
    uint32_t size() const { return output_count_; }
    const Tensor &get_ref(uint32_t index) const &;
    const Tensor &get_ref(uint32_t index) const && = delete;
    PTO2TaskId task_id() const { return task_id_; }

    // Runtime side.
    void set_task_id(PTO2TaskId id) { task_id_ = id; }
    void materialize_output(const Tensor &tensor);

private:
    PTO2TaskId task_id_;
    uint32_t output_count_;
    const Tensor *tensors_[CORE_MAX_TENSOR_ARGS];
};

// =============================================================================
// Submission
// =============================================================================

// `file`/`line`: recorder-only, see the top of this file.
TaskOutputTensors rt_submit_task(const MixedKernels &mixed_kernels, const Arg &args,
                                 const char *file = __builtin_FILE(), int line = __builtin_LINE());
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const Arg &args, const char *file = __builtin_FILE(),
                                     int line = __builtin_LINE());
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const Arg &args, const char *file = __builtin_FILE(),
                                     int line = __builtin_LINE());
// Dependency-only task (no kernel): waits for its fanin, then completes. Same Arg shape.
TaskOutputTensors rt_submit_dummy_task(const Arg &args, const char *file = __builtin_FILE(),
                                       int line = __builtin_LINE());

// Allocation as a task: every slot must be add_output(TensorCreateInfo), at least one; the
// returned task_id() is the allocation's TaskId (manual-scope users must depend on it).
TaskOutputTensors alloc_tensors(const Arg &args, const char *file = __builtin_FILE(), int line = __builtin_LINE());
TaskOutputTensors alloc_tensors(const TensorCreateInfo create_infos[], uint32_t count,
                                const char *file = __builtin_FILE(), int line = __builtin_LINE());

// alloc_tensors(ci0, ci1, ...): one allocation task for the whole batch. The batch goes through
// one Arg, so it holds at most CORE_MAX_TENSOR_ARGS (16) infos; the runtime fails a larger batch
// at run time. STRICTER: this header rejects it at compile time.
// (PTO2CreateInfoAt: the first info plus the caller's file/line, captured by the implicit
// conversion at the call site; recorder-only, like the other file/line parameters.)
struct PTO2CreateInfoAt {
    const TensorCreateInfo &ci;
    const char *file;
    int line;
    PTO2CreateInfoAt(const TensorCreateInfo &c, const char *f = __builtin_FILE(), int l = __builtin_LINE())
        : ci(c), file(f), line(l) {}
};

template <typename... CIs, std::enable_if_t<(std::is_same_v<CIs, TensorCreateInfo> && ...), int> = 0>
inline TaskOutputTensors alloc_tensors(PTO2CreateInfoAt first, const CIs &...rest) {
    static_assert(1 + sizeof...(CIs) <= CORE_MAX_TENSOR_ARGS,
                  "alloc_tensors: at most 16 TensorCreateInfos per batch (CORE_MAX_TENSOR_ARGS)");
    Arg args;
    args.add_output(first.ci);
    (args.add_output(rest), ...);
    return alloc_tensors(args, first.file, first.line);
}

// =============================================================================
// Scalar access to tensor data (goes through the runtime: waits for a tracked producer)
// =============================================================================

uint64_t pto2_get_tensor_data_bits(const Tensor &tensor, uint32_t ndims, const uint32_t indices[], const char *file,
                                   int line);
void pto2_set_tensor_data_bits(const Tensor &tensor, uint32_t ndims, const uint32_t indices[], uint64_t bits,
                               const char *file, int line);

// Element at `indices` (ndims entries) read as T's bit pattern (T = the element's C type).
template <typename T = uint64_t>
inline T get_tensor_data(const Tensor &tensor, uint32_t ndims, const uint32_t indices[],
                         const char *file = __builtin_FILE(), int line = __builtin_LINE()) {
    return from_u64<T>(pto2_get_tensor_data_bits(tensor, ndims, indices, file, line));
}

template <typename T = uint64_t>
inline void set_tensor_data(const Tensor &tensor, uint32_t ndims, const uint32_t indices[], T value,
                            const char *file = __builtin_FILE(), int line = __builtin_LINE()) {
    pto2_set_tensor_data_bits(tensor, ndims, indices, to_u64(value), file, line);
}

// =============================================================================
// Scopes
// =============================================================================

// Opens a scope for its lifetime. AUTO nested inside an active MANUAL scope is a runtime error
// (fatal); MANUAL inside MANUAL is allowed by the runtime.
class PTO2ScopeGuard {
public:
    explicit PTO2ScopeGuard(PTO2ScopeMode mode = PTO2ScopeMode::AUTO, const char *file = __builtin_FILE(),
                            int line = __builtin_LINE());
    ~PTO2ScopeGuard();
    PTO2ScopeGuard(const PTO2ScopeGuard &) = delete;
    PTO2ScopeGuard &operator=(const PTO2ScopeGuard &) = delete;
};

void rt_scope_begin(PTO2ScopeMode mode = PTO2ScopeMode::AUTO, const char *file = __builtin_FILE(),
                    int line = __builtin_LINE());
void rt_scope_end();
bool rt_is_fatal();

#define PTO2_SCOPE_CAT_(a, b) a##b
#define PTO2_SCOPE_CAT(a, b) PTO2_SCOPE_CAT_(a, b)

// `PTO2_SCOPE() { ... }` (AUTO) and `PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... }`: the guard lives
// in the if-statement's init, so the scope closes at the block's closing brace.
#define PTO2_SCOPE(...) \
    if (PTO2ScopeGuard PTO2_SCOPE_CAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}; true)

#define PTO2_SCOPE_GUARD(...) \
    [[maybe_unused]] PTO2ScopeGuard PTO2_SCOPE_CAT(pto2_scope_guard_, __COUNTER__) { __VA_ARGS__ }

// =============================================================================
// Logging
// =============================================================================

void pto2_log(const char *level, const char *func, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define LOG_ERROR(fmt, ...) pto2_log("ERROR", __FUNCTION__, fmt, ##__VA_ARGS__)
#define LOG_WARN(fmt, ...) pto2_log("WARN", __FUNCTION__, fmt, ##__VA_ARGS__)
#define LOG_INFO(fmt, ...) pto2_log("INFO", __FUNCTION__, fmt, ##__VA_ARGS__)
#define LOG_DEBUG(fmt, ...) pto2_log("DEBUG", __FUNCTION__, fmt, ##__VA_ARGS__)

// =============================================================================
// The two entry points an orchestration source defines (exported, C linkage). Declared here so
// a definition with any other signature fails to compile.
// =============================================================================

extern "C" {
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs &orch_args);
void aicpu_orchestration_entry(const ChipStorageTaskArgs &orch_args);
}

#endif  // PYPTO_TESTS_SUPPORT_PTO_ORCHESTRATION_API_H_
