// pto_orchestration_api.h -- API MODEL of the PTO2 orchestration header, seed generation
// (hw-native-sys/simpler b7d04b45e, runtime tensormap_and_ringbuffer, platform a2a3).
//
// This file is NOT the runtime's header and contains none of its source. It is our own model,
// written from the documented facts of the seed API (cited as "fact <item>", e.g. "fact L5":
// the item codes and topic numbers of docs/runtime-api.md, which names each one's upstream
// file). Its purpose is compile checks: the C++ the project generates is compiled against it
// (g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only) instead of against the runtime. It therefore
// declares exactly the types, overloads, members, enumerators and macros that the seed API offers
// to orchestration code, and turns the API's restrictions into compile errors -- never more
// permissive than the runtime. Where the runtime only fails at run time or misbehaves (per-call
// argument counts, temporaries passed to add_*), the model is deliberately stricter and says so at
// the spot.
//
// Design for a later recording runtime: everything that talks to the runtime is a declared but
// not defined, non-template function (alloc_tensors(const Arg&), rt_submit_*, rt_scope_begin/end,
// PTO2ScopeGuard's constructor and destructor, from_tensor_arg, make_tensor_external, the raw host
// reads and writes in namespace pto2_model, ...). Templates and inline helpers only check their
// arguments and forward to those declarations, so a separate translation unit can define them.
// Tensor views (fact T2-T6) are pure value computations and are implemented inline here.

#ifndef PYPTO_PTO2_MODEL_SEED_PTO_ORCHESTRATION_API_H
#define PYPTO_PTO2_MODEL_SEED_PTO_ORCHESTRATION_API_H

// ------------------------------------------------------------------------------------------------
// Library headers. The runtime header pulls these in (directly or through its own includes), so
// the names they define as macros -- errno, BIG_ENDIAN / LITTLE_ENDIAN / BYTE_ORDER, FD_SET,
// CLONE_*, the W* status macros -- are taken in generated code too (fact 2.4).
// ------------------------------------------------------------------------------------------------
#include <endian.h>
#include <errno.h>
#include <sched.h>  // CLONE_* (g++ predefines _GNU_SOURCE)
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>

#include <stdexcept>
#include <string>
#include <type_traits>

// ------------------------------------------------------------------------------------------------
// Object-like and function-like macros the seed header defines (fact 2.4, 1.12). The values are
// the documented ones; a generated identifier with one of these names fails to compile, as it does
// against the real header. (The COMPLETION_ENGINE_*, COMPLETION_TYPE_*, MSG_KIND_* and
// AICORE_COMPLETION_MAILBOX_* families exist too; their members are not documented, so they are
// not modelled.)
// ------------------------------------------------------------------------------------------------
#define PTO2_HEAP_SIZE (256 * 1024 * 1024)  // bytes per ring (fact K11)
#define PTO2_TASK_WINDOW_SIZE 16384          // task slots per ring (fact K10)
#define PTO2_MAX_RING_DEPTH 4                // rings; ring of depth d is min(d, 3) (fact K9)
#define PTO2_MAX_SCOPE_DEPTH 64              // incl. the executor's outer scope (fact K8)
#define PTO2_TENSORMAP_POOL_SIZE 65536       // tensor-map entries (fact K12)
#define PTO2_PACKED_OUTPUT_ALIGN 1024        // every runtime output is rounded up to it (fact K11)
#define PTO2_PROFILING 1                     // profiling on by default (fact A17)

// Fatal error codes, orchestrator range: a partial list of the PTO2_ERROR_* family (names and
// values as the public hw-native-sys/simpler source defines them).
#define PTO2_ERROR_NONE 0
#define PTO2_ERROR_SCOPE_DEADLOCK 1
#define PTO2_ERROR_HEAP_RING_DEADLOCK 2
#define PTO2_ERROR_FLOW_CONTROL_DEADLOCK 3
#define PTO2_ERROR_DEP_POOL_OVERFLOW 4
#define PTO2_ERROR_INVALID_ARGS 5

// Per-task argument capacity (fact K1, K2). The runtime checks the totals at run time; the model
// additionally rejects a single call that passes more at compile time (see Arg).
#define MAX_TENSOR_ARGS 32
#define MAX_SCALAR_ARGS 16

#define PTO_DEVICE_FUNC
#define PTO_PRAGMA(x) _Pragma(#x)
#define SPIN_WAIT_HINT() ((void)0)
#define MAYBE_UNINITIALIZED_BEGIN \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#define MAYBE_UNINITIALIZED_END _Pragma("GCC diagnostic pop")

// Always-checks throw in the orchestration thread; debug checks are live unless NDEBUG
// (fact 3.9: the runtime's tooling compiles orchestration sources without NDEBUG).
#define always_assert(cond)                                                                   \
    do {                                                                                      \
        if (!(cond)) throw std::runtime_error(std::string("always_assert failed: ") + #cond); \
    } while (0)
#ifdef NDEBUG
#define debug_assert(cond) ((void)0)
#else
#define debug_assert(cond) always_assert(cond)
#endif

// Logging (fact E7, E8): printf-style.
#define PTO2_MODEL_LOG_(level, fmt, ...) fprintf(stderr, "[" level "] " fmt "\n", ##__VA_ARGS__)
#define LOG_ERROR(fmt, ...) PTO2_MODEL_LOG_("ERROR", fmt, ##__VA_ARGS__)
#define LOG_WARN(fmt, ...) PTO2_MODEL_LOG_("WARN", fmt, ##__VA_ARGS__)
#define LOG_DEBUG(fmt, ...) PTO2_MODEL_LOG_("DEBUG", fmt, ##__VA_ARGS__)
#define LOG_INFO_V0(fmt, ...) PTO2_MODEL_LOG_("INFO0", fmt, ##__VA_ARGS__)
#define LOG_INFO_V1(fmt, ...) PTO2_MODEL_LOG_("INFO1", fmt, ##__VA_ARGS__)
#define LOG_INFO_V2(fmt, ...) PTO2_MODEL_LOG_("INFO2", fmt, ##__VA_ARGS__)
#define LOG_INFO_V3(fmt, ...) PTO2_MODEL_LOG_("INFO3", fmt, ##__VA_ARGS__)
#define LOG_INFO_V4(fmt, ...) PTO2_MODEL_LOG_("INFO4", fmt, ##__VA_ARGS__)
#define LOG_INFO_V5(fmt, ...) PTO2_MODEL_LOG_("INFO5", fmt, ##__VA_ARGS__)
#define LOG_INFO_V6(fmt, ...) PTO2_MODEL_LOG_("INFO6", fmt, ##__VA_ARGS__)
#define LOG_INFO_V7(fmt, ...) PTO2_MODEL_LOG_("INFO7", fmt, ##__VA_ARGS__)
#define LOG_INFO_V8(fmt, ...) PTO2_MODEL_LOG_("INFO8", fmt, ##__VA_ARGS__)
#define LOG_INFO_V9(fmt, ...) PTO2_MODEL_LOG_("INFO9", fmt, ##__VA_ARGS__)

// Fatal state (fact E6).
#define rt_report_fatal(code, fmt, ...) pto2_model::report_fatal((code), fmt, ##__VA_ARGS__)

// ------------------------------------------------------------------------------------------------
// Limits that are constants, not macros (fact K1-K5).
// ------------------------------------------------------------------------------------------------
inline constexpr uint32_t CORE_MAX_TENSOR_ARGS = MAX_TENSOR_ARGS;
inline constexpr uint32_t CORE_MAX_SCALAR_ARGS = MAX_SCALAR_ARGS;
inline constexpr uint32_t CHIP_MAX_TENSOR_ARGS = 128;
inline constexpr uint32_t CHIP_MAX_SCALAR_ARGS = 128;
inline constexpr uint32_t RUNTIME_MAX_TENSOR_DIMS = 5;
inline constexpr uint32_t CONTINUOUS_TENSOR_MAX_DIMS = 5;

// ------------------------------------------------------------------------------------------------
// Model-internal helpers and the raw entry points behind the templates. Not part of the API.
// ------------------------------------------------------------------------------------------------
class Tensor;
struct PTO2TaskId;

namespace pto2_model {

template <typename T>
using bare_t = std::remove_cv_t<std::remove_reference_t<T>>;

// Every type of the pack is exactly T once reference and const are removed.
template <typename T, typename... Ts>
inline constexpr bool all_exactly_v = (std::is_same_v<bare_t<Ts>, T> && ...);

// Every argument of a forwarding-reference pack was an lvalue.
template <typename... Ts>
inline constexpr bool all_lvalues_v = (std::is_lvalue_reference_v<Ts> && ...);

// The address of a forwarding-reference argument that was an lvalue, else nullptr (how
// add_scalar remembers the object a later dump() names, fact A17).
template <typename T, typename U>
inline const void* lvalue_address(const U& value) {
    if constexpr (std::is_lvalue_reference_v<T>) return &value;
    (void)value;
    return nullptr;
}

// Host reads and writes (fact H1, H2; semantics 3.8): the raw bits of one element.
uint64_t tensor_data_read(const Tensor& tensor, uint32_t ndims, const uint32_t indices[]);
void tensor_data_write(const Tensor& tensor, uint32_t ndims, const uint32_t indices[], uint64_t bits);

// Sets the run's fatal state (behind the rt_report_fatal macro).
void report_fatal(int32_t code, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace pto2_model

// ------------------------------------------------------------------------------------------------
// Data types and scalar encoding (fact 1.11, 1.5)
// ------------------------------------------------------------------------------------------------

// Exactly the twelve seed enumerators; no FP8 / FP4 on a2a3 (fact Y1). A scoped enum, so an
// integer does not convert to it (fact 2.3).
enum class DataType : uint8_t {
    FLOAT32 = 0,
    FLOAT16 = 1,
    INT32 = 2,
    INT16 = 3,
    INT8 = 4,
    UINT8 = 5,
    BFLOAT16 = 6,
    INT64 = 7,
    UINT64 = 8,
    UINT16 = 9,
    UINT32 = 10,
    BOOL = 11,
    DATA_TYPE_NUM = 12,
};

inline uint64_t get_element_size(DataType dtype) {
    switch (dtype) {
        case DataType::INT8:
        case DataType::UINT8:
        case DataType::BOOL:
            return 1;
        case DataType::FLOAT16:
        case DataType::INT16:
        case DataType::BFLOAT16:
        case DataType::UINT16:
            return 2;
        case DataType::FLOAT32:
        case DataType::INT32:
        case DataType::UINT32:
            return 4;
        case DataType::INT64:
        case DataType::UINT64:
            return 8;
        default:
            return 0;
    }
}

inline const char* get_dtype_name(DataType dtype) {
    switch (dtype) {
        case DataType::FLOAT32: return "FLOAT32";
        case DataType::FLOAT16: return "FLOAT16";
        case DataType::INT32: return "INT32";
        case DataType::INT16: return "INT16";
        case DataType::INT8: return "INT8";
        case DataType::UINT8: return "UINT8";
        case DataType::BFLOAT16: return "BFLOAT16";
        case DataType::INT64: return "INT64";
        case DataType::UINT64: return "UINT64";
        case DataType::UINT16: return "UINT16";
        case DataType::UINT32: return "UINT32";
        case DataType::BOOL: return "BOOL";
        default: return "UNKNOWN";
    }
}

// fact S3: arithmetic and enum types (after removing reference and cv) are scalar arguments.
template <typename T>
inline constexpr bool is_supported_scalar_arg_v =
    std::is_arithmetic_v<pto2_model::bare_t<T>> || std::is_enum_v<pto2_model::bare_t<T>>;

// fact S1: the value's bytes in a zeroed 64-bit word (narrower values are zero-extended).
template <typename T>
inline uint64_t to_u64(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "to_u64: the value must fit in 8 bytes");
    static_assert(std::is_trivially_copyable_v<T>, "to_u64: the value must be trivially copyable");
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof(T));
    return bits;
}

// fact S2: the low bytes read back as T (no sign extension).
template <typename T>
inline T from_u64(uint64_t bits) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "from_u64: the type must fit in 8 bytes");
    static_assert(std::is_trivially_copyable_v<T>, "from_u64: the type must be trivially copyable");
    T value;
    memcpy(&value, &bits, sizeof(T));
    return value;
}

// fact S4: C++ type to DataType code (double maps to FLOAT32, anything unknown to UINT64).
template <typename T>
inline uint8_t dtype_of() {
    using U = pto2_model::bare_t<T>;
    DataType dt = DataType::UINT64;
    if constexpr (std::is_same_v<U, float> || std::is_same_v<U, double>) dt = DataType::FLOAT32;
    else if constexpr (std::is_same_v<U, bool>) dt = DataType::BOOL;
    else if constexpr (std::is_same_v<U, int8_t>) dt = DataType::INT8;
    else if constexpr (std::is_same_v<U, uint8_t>) dt = DataType::UINT8;
    else if constexpr (std::is_same_v<U, int16_t>) dt = DataType::INT16;
    else if constexpr (std::is_same_v<U, uint16_t>) dt = DataType::UINT16;
    else if constexpr (std::is_same_v<U, int32_t>) dt = DataType::INT32;
    else if constexpr (std::is_same_v<U, uint32_t>) dt = DataType::UINT32;
    else if constexpr (std::is_same_v<U, int64_t>) dt = DataType::INT64;
    return static_cast<uint8_t>(dt);
}

// ------------------------------------------------------------------------------------------------
// Task ids (fact 1.8, D1-D5)
// ------------------------------------------------------------------------------------------------

// An aggregate with one member and no constructors: `PTO2TaskId{5}` is aggregate initialization
// and compiles, `PTO2TaskId t = 5;` does not (fact 2.3). `PTO2TaskId{}` is raw 0, a valid id.
// No ordering operators and no conversion to an integer (fact D5).
struct PTO2TaskId {
    uint64_t raw;

    static constexpr PTO2TaskId make(uint8_t ring, uint32_t local) {
        return PTO2TaskId{(static_cast<uint64_t>(ring) << 32) | static_cast<uint64_t>(local)};
    }
    static constexpr PTO2TaskId invalid() { return PTO2TaskId{UINT64_MAX}; }

    constexpr uint8_t ring() const { return static_cast<uint8_t>(raw >> 32); }
    constexpr uint32_t local() const { return static_cast<uint32_t>(raw & 0xFFFFFFFFu); }
    constexpr bool is_valid() const { return raw != UINT64_MAX; }
    constexpr bool is_invalid() const { return raw == UINT64_MAX; }

    constexpr bool operator==(const PTO2TaskId& other) const { return raw == other.raw; }
    constexpr bool operator!=(const PTO2TaskId& other) const { return raw != other.raw; }
};

// ------------------------------------------------------------------------------------------------
// Entry arguments (fact 1.2 A1, A3-A5; 1.4 X1)
// ------------------------------------------------------------------------------------------------

// The entry's tensor element: trivially copyable, public fields, and no `ref()` member (that
// exists only in the current generation, fact X1/X3). It does not convert to Tensor (fact 2.3).
struct ContinuousTensor {
    uint64_t data;                                // device address
    uint32_t shapes[CONTINUOUS_TENSOR_MAX_DIMS];  // extents
    uint32_t ndims;
    DataType dtype;
    uint8_t child_memory;

    uint64_t nbytes() const {
        uint64_t n = get_element_size(dtype);
        for (uint32_t d = 0; d < ndims && d < CONTINUOUS_TENSOR_MAX_DIMS; ++d) n *= shapes[d];
        return n;
    }
    template <typename T>
    T* data_as() const {
        return reinterpret_cast<T*>(static_cast<uintptr_t>(data));
    }
    bool is_child_memory() const { return child_memory != 0; }
};
static_assert(sizeof(ContinuousTensor) == 40, "ContinuousTensor is 40 bytes (fact X1)");
static_assert(std::is_trivially_copyable_v<ContinuousTensor>, "fact X1");

// The entry function's parameter (fact A1): fixed-capacity storage of 128 ContinuousTensors and
// 128 scalars. `tensor(i)` returns a const reference and does not check bounds (fact A3);
// `scalar(i)` returns the raw 64-bit pattern by value (fact A4).
class ChipStorageTaskArgs {
public:
    const ContinuousTensor& tensor(int32_t index) const { return tensor_storage[index]; }
    uint64_t scalar(int32_t index) const { return scalar_storage[index]; }
    int32_t tensor_count() const { return num_tensors; }
    int32_t scalar_count() const { return num_scalars; }

    // Storage (model names; filled by whoever builds the arguments, e.g. a recording runtime).
    ContinuousTensor tensor_storage[CHIP_MAX_TENSOR_ARGS] = {};
    uint64_t scalar_storage[CHIP_MAX_SCALAR_ARGS] = {};
    int32_t num_tensors = 0;
    int32_t num_scalars = 0;
};

// ------------------------------------------------------------------------------------------------
// Tensors (fact 1.3)
// ------------------------------------------------------------------------------------------------

// fact T13: type of Tensor::buffer.
struct PTOBufferHandle {
    uint64_t addr;  // bytes
    uint64_t size;  // bytes
};

// fact T11: a contiguous tensor over external memory (row-major strides, start_offset 0, no
// owner). Declared here because Tensor names it as a friend (it uses the private field-wise
// constructor). Defined by a runtime implementation, not by the model.
Tensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims,
                            DataType dtype = DataType::FLOAT32, bool manual_dep = false,
                            int32_t version = 0);

// fact T1. 128 bytes, 64-byte aligned, all data members public. The default constructor and the
// field-wise constructor are private (fact 2.1): `Tensor x;`, `Tensor x{};` and `Tensor a[2];`
// do not compile; a Tensor comes from make_tensor_external / from_tensor_arg, a `get_ref`, a view
// function, or a copy. Copy construction and assignment are public and trivial.
//
// Subtle: the private default constructor must be user-*provided* (`{}`), not `= default`. A class
// whose data members are all public and whose constructors are only defaulted is an aggregate in
// C++17, and `Tensor x{};` would then be aggregate initialization that bypasses the private
// constructor.
class alignas(64) Tensor {
public:
    PTOBufferHandle buffer;         // the whole buffer (bytes)
    PTO2TaskId owner_task_id;       // creating task; invalid for external tensors
    uint64_t start_offset;          // elements
    int32_t version;
    uint32_t ndims;
    DataType dtype;
    bool manual_dep;
    bool is_contiguous;
    uint32_t shapes[RUNTIME_MAX_TENSOR_DIMS];
    uint64_t extent_elem_cache;     // elements spanned from start_offset
    uint32_t strides[RUNTIME_MAX_TENSOR_DIMS];  // elements, always > 0

    Tensor(const Tensor&) = default;
    Tensor(Tensor&&) = default;
    Tensor& operator=(const Tensor&) = default;
    Tensor& operator=(Tensor&&) = default;
    ~Tensor() = default;

    // fact T7
    uint64_t numel() const {
        uint64_t n = 1;
        for (uint32_t d = 0; d < ndims; ++d) n *= shapes[d];
        return n;
    }
    uint64_t extent_elem() const { return span_of(shapes, strides, ndims); }
    uint64_t compute_flat_offset(const uint32_t indices[], uint32_t count) const {
        uint64_t off = start_offset;
        for (uint32_t d = 0; d < count; ++d) off += static_cast<uint64_t>(indices[d]) * strides[d];
        return off;
    }
    std::string dump() const {
        std::string out = "Tensor{addr=" + std::to_string(buffer.addr) + ", size=" +
                          std::to_string(buffer.size) + ", dtype=" + get_dtype_name(dtype) +
                          ", start_offset=" + std::to_string(start_offset) + ", shapes=[";
        for (uint32_t d = 0; d < ndims; ++d) out += (d ? "," : "") + std::to_string(shapes[d]);
        out += "], strides=[";
        for (uint32_t d = 0; d < ndims; ++d) out += (d ? "," : "") + std::to_string(strides[d]);
        return out + "]}";
    }

    // fact T2: same buffer, owner, version and strides; start_offset grows by the sum of
    // offset x stride; shapes replaced; manual_dep from the parameter (a view drops the flag
    // unless it is passed again). Debug-checked bounds.
    Tensor view(const uint32_t view_shapes[], const uint32_t offsets[], bool view_manual_dep = false) const {
        Tensor out(*this);
        for (uint32_t d = 0; d < ndims; ++d) {
            debug_assert(static_cast<uint64_t>(offsets[d]) + view_shapes[d] <= shapes[d]);
            out.start_offset += static_cast<uint64_t>(offsets[d]) * strides[d];
            out.shapes[d] = view_shapes[d];
        }
        out.manual_dep = view_manual_dep;
        out.refresh();
        debug_assert(out.within_buffer());
        return out;
    }

    // fact T3: the source must be contiguous (always checked); row-major strides, same
    // start_offset; the rank may change.
    Tensor reshape(const uint32_t new_shapes[], uint32_t new_ndims, bool new_manual_dep = false) const {
        always_assert(is_contiguous);
        always_assert(new_ndims >= 1 && new_ndims <= RUNTIME_MAX_TENSOR_DIMS);
        Tensor out(*this);
        out.ndims = new_ndims;
        for (uint32_t d = 0; d < new_ndims; ++d) out.shapes[d] = new_shapes[d];
        row_major(out.shapes, out.strides, new_ndims);
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

    // fact T4: dimension `dim` cut to [start, end) with a positive step.
    Tensor slice(uint32_t dim, uint32_t start, uint32_t end, uint32_t step = 1,
                 bool new_manual_dep = false) const {
        debug_assert(dim < ndims && step > 0 && start <= end && end <= shapes[dim]);
        Tensor out(*this);
        out.start_offset += static_cast<uint64_t>(start) * strides[dim];
        out.shapes[dim] = (end - start + step - 1) / step;
        out.strides[dim] = strides[dim] * step;
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

    // fact T5: swaps two dimensions (shape and stride).
    Tensor transpose(uint32_t x, uint32_t y, bool new_manual_dep = false) const {
        debug_assert(x < ndims && y < ndims);
        Tensor out(*this);
        out.shapes[x] = shapes[y];
        out.shapes[y] = shapes[x];
        out.strides[x] = strides[y];
        out.strides[y] = strides[x];
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

    // fact T6: reorders all dimensions (out dimension d is source dimension order[d]).
    Tensor permute(const uint32_t order[], bool new_manual_dep = false) const {
        Tensor out(*this);
        for (uint32_t d = 0; d < ndims; ++d) {
            debug_assert(order[d] < ndims);
            out.shapes[d] = shapes[order[d]];
            out.strides[d] = strides[order[d]];
        }
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

private:
    friend Tensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims,
                                       DataType dtype, bool manual_dep, int32_t version);

    Tensor() {}  // user-provided on purpose, see the class comment; leaves the fields indeterminate

    // Field-wise constructor (private, fact T1): a contiguous tensor with row-major strides.
    Tensor(uint64_t addr, uint64_t size_bytes, PTO2TaskId owner, uint64_t offset,
           const uint32_t dims[], uint32_t rank, DataType type, int32_t ver, bool manual)
        : buffer{addr, size_bytes},
          owner_task_id(owner),
          start_offset(offset),
          version(ver),
          ndims(rank),
          dtype(type),
          manual_dep(manual),
          is_contiguous(true),
          shapes{},
          extent_elem_cache(0),
          strides{} {
        for (uint32_t d = 0; d < rank && d < RUNTIME_MAX_TENSOR_DIMS; ++d) shapes[d] = dims[d];
        row_major(shapes, strides, rank);
        refresh();
    }

    static void row_major(const uint32_t dims[], uint32_t out_strides[], uint32_t rank) {
        uint32_t s = 1;
        for (uint32_t d = rank; d-- > 0;) {
            out_strides[d] = s;
            s *= dims[d];
        }
    }
    static uint64_t span_of(const uint32_t dims[], const uint32_t steps[], uint32_t rank) {
        uint64_t last = 0;
        for (uint32_t d = 0; d < rank; ++d) {
            if (dims[d] == 0) return 0;
            last += static_cast<uint64_t>(dims[d] - 1) * steps[d];
        }
        return last + 1;
    }
    // is_contiguous: row-major strides for the own shapes (extent-1 dimensions ignored).
    void refresh() {
        extent_elem_cache = span_of(shapes, strides, ndims);
        uint64_t expect = 1;
        is_contiguous = true;
        for (uint32_t d = ndims; d-- > 0;) {
            if (shapes[d] != 1 && strides[d] != expect) is_contiguous = false;
            expect *= shapes[d];
        }
    }
    bool within_buffer() const {
        return (start_offset + extent_elem_cache) * get_element_size(dtype) <= buffer.size;
    }
};
static_assert(sizeof(Tensor) == 128 && alignof(Tensor) == 64, "Tensor is 128 bytes, 64-aligned (fact T1)");
static_assert(std::is_trivially_copyable_v<Tensor>, "Tensor copies are trivial (fact T1)");
static_assert(!std::is_default_constructible_v<Tensor>, "Tensor() is private (fact 2.1)");

// fact T8-T10. 64 bytes, public fields, a public default constructor (fields indeterminate),
// copyable. No rank check in the constructor (the runtime checks 1..5 when it materializes).
class alignas(64) TensorCreateInfo {
public:
    uint32_t shapes[RUNTIME_MAX_TENSOR_DIMS];
    uint32_t ndims;
    DataType dtype;
    bool manual_dep;
    bool has_initial_value;
    uint64_t initial_value;  // to_u64 of the fill value (fact T9)

    TensorCreateInfo() = default;
    TensorCreateInfo(const uint32_t create_shapes[], uint32_t create_ndims,
                     DataType create_dtype = DataType::FLOAT32, bool create_manual_dep = false)
        : shapes{},
          ndims(create_ndims),
          dtype(create_dtype),
          manual_dep(create_manual_dep),
          has_initial_value(false),
          initial_value(0) {
        for (uint32_t d = 0; d < create_ndims && d < RUNTIME_MAX_TENSOR_DIMS; ++d) shapes[d] = create_shapes[d];
    }

    // fact T9: every element of the new buffer gets the low element-size bytes of to_u64(value).
    template <typename T = uint64_t>
    void set_initial_value(T value) {
        initial_value = to_u64(value);
        has_initial_value = true;
    }

    // fact T10
    uint64_t buffer_size_bytes() const {
        uint64_t n = get_element_size(dtype);
        for (uint32_t d = 0; d < ndims && d < RUNTIME_MAX_TENSOR_DIMS; ++d) n *= shapes[d];
        return n;
    }
    void copy(const TensorCreateInfo& other) { *this = other; }
};
static_assert(sizeof(TensorCreateInfo) == 64, "TensorCreateInfo is 64 bytes (fact T8)");

// fact X2: an entry tensor as a contiguous external Tensor (same address, shapes, rank, dtype).
// Its two rank limits are tied together, as in the runtime.
static_assert(CONTINUOUS_TENSOR_MAX_DIMS == RUNTIME_MAX_TENSOR_DIMS, "fact X2");
Tensor from_tensor_arg(const ContinuousTensor& arg, bool manual_dep = false, int32_t version = 0);

// ------------------------------------------------------------------------------------------------
// Task arguments (fact 1.2)
// ------------------------------------------------------------------------------------------------

// fact A21
enum class TensorArgType : int32_t {
    INPUT = 0,
    OUTPUT = 1,
    INOUT = 2,
    OUTPUT_EXISTING = 3,
    NO_DEP = 4,
};

// The seed's TensorRef: a plain union inside Arg (a stored pointer, fact X3).
union TensorRef {
    const Tensor* tensor;                 // INPUT, INOUT, OUTPUT_EXISTING, NO_DEP
    const TensorCreateInfo* create_info;  // OUTPUT
};

// fact A15
class PTO2LaunchSpec {
public:
    int16_t block_num() const { return block_num_; }
    void set_block_num(int16_t n) { block_num_ = n; }
    bool require_sync_start() const { return require_sync_start_; }
    void set_require_sync_start(bool on) { require_sync_start_ = on; }

private:
    int16_t block_num_ = 1;
    bool require_sync_start_ = false;
};

// fact A6: a non-template struct, default-constructible and copyable (a copy shares the stored
// pointers); storage, tags, counts and the error fields are public.
//
// Compile-time rules (each a static_assert, so g++'s message names the rule):
//  - add_input / add_inout / add_no_dep: at least one argument, each exactly `Tensor` after
//    removing reference and const (fact A8, A10, A11).
//  - add_output: all `TensorCreateInfo` (tag OUTPUT) or all `Tensor` (tag OUTPUT_EXISTING), never
//    mixed (fact A9).
//  - STRICTER THAN THE SEED: every add_* argument must be an lvalue. The seed means to reject
//    temporaries but its check does not fire, so `add_input(x.view(...))` compiles there and stores
//    a dangling pointer; the current generation rejects it (fact A8, 2.1).
//  - add_scalar: at least one value, each arithmetic or enum (fact A12, S3).
//  - STRICTER THAN THE SEED: one call passing more than MAX_TENSOR_ARGS tensors or more than
//    MAX_SCALAR_ARGS scalars is a compile error. The runtime only records an Arg error when the
//    running total passes the cap (fact K1, K2, 2.5); the model records that error too.
//  - dump: lvalues only, each a Tensor, a TensorCreateInfo or a scalar (fact A17); that each was
//    already added to this Arg is checked at run time (an Arg error), as the runtime does.
//  - no add_dep, set_dependencies_with_kinds or set_predicate in the seed (fact 2.2, D7, D10, A18).
struct Arg {
    // ---- storage (public in the seed; names are the model's)
    TensorRef tensors[CORE_MAX_TENSOR_ARGS] = {};
    TensorArgType tensor_types[CORE_MAX_TENSOR_ARGS] = {};
    uint64_t scalars[CORE_MAX_SCALAR_ARGS] = {};
    const void* scalar_sources[CORE_MAX_SCALAR_ARGS] = {};  // the lvalue add_scalar got, or nullptr
    uint32_t num_tensors = 0;
    uint32_t num_scalars = 0;
    uint32_t dump_tensor_mask = 0;  // bit i: tensor slot i is marked for a dump (fact A17)
    uint32_t dump_scalar_mask = 0;  // bit i: scalar slot i is marked for a dump
    const PTO2TaskId* explicit_deps = nullptr;
    uint32_t num_explicit_deps = 0;
    bool early_resolve = false;

    // ---- error state and launch spec (fact A14, A15)
    bool has_error = false;
    const char* error_msg = nullptr;
    PTO2LaunchSpec launch_spec;

    void set_error(const char* msg) {  // keeps the first message
        if (!has_error) {
            has_error = true;
            error_msg = msg;
        }
    }
    void clear() {  // empties slots, deps and the hint
        num_tensors = 0;
        num_scalars = 0;
        dump_tensor_mask = 0;
        dump_scalar_mask = 0;
        explicit_deps = nullptr;
        num_explicit_deps = 0;
        early_resolve = false;
    }
    void reset() {  // also clears the error
        clear();
        has_error = false;
        error_msg = nullptr;
    }

    int32_t tensor_count() const { return static_cast<int32_t>(num_tensors); }
    int32_t scalar_count() const { return static_cast<int32_t>(num_scalars); }

    // fact A16
    void set_allow_early_resolve(bool allow = true) { early_resolve = allow; }
    bool allow_early_resolve() const { return early_resolve; }

    // ---- tensors (fact A8-A11)
    template <typename... Ts>
    void add_input(Ts&&... tensors_in) {
        static_assert(sizeof...(Ts) >= 1, "add_input needs at least one tensor (fact A8)");
        static_assert(pto2_model::all_exactly_v<Tensor, Ts...>,
                      "add_input takes Tensor arguments only (fact A8)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_input: temporary Tensor (the stored pointer would dangle; fact A8, 2.1)");
        static_assert(sizeof...(Ts) <= MAX_TENSOR_ARGS, "add_input: more than MAX_TENSOR_ARGS tensors (fact K1)");
        (push_tensor(&tensors_in, TensorArgType::INPUT), ...);
    }

    template <typename... Ts>
    void add_output(Ts&&... outs) {
        constexpr bool all_create_infos = pto2_model::all_exactly_v<TensorCreateInfo, Ts...>;
        constexpr bool all_tensors = pto2_model::all_exactly_v<Tensor, Ts...>;
        static_assert(sizeof...(Ts) >= 1, "add_output needs at least one argument (fact A9)");
        static_assert(all_create_infos || all_tensors,
                      "add_output takes all TensorCreateInfo (OUTPUT) or all Tensor (OUTPUT_EXISTING), "
                      "never mixed (fact A9)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_output: temporary argument (the stored pointer would dangle; fact A9, T8, 2.1)");
        static_assert(sizeof...(Ts) <= MAX_TENSOR_ARGS, "add_output: more than MAX_TENSOR_ARGS tensors (fact K1)");
        if constexpr (all_create_infos) {
            (push_create_info(&outs), ...);
        } else {
            (push_tensor(&outs, TensorArgType::OUTPUT_EXISTING), ...);
        }
    }

    template <typename... Ts>
    void add_inout(Ts&&... tensors_in) {
        static_assert(sizeof...(Ts) >= 1, "add_inout needs at least one tensor (fact A10)");
        static_assert(pto2_model::all_exactly_v<Tensor, Ts...>,
                      "add_inout takes Tensor arguments only (fact A10)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_inout: temporary Tensor (the stored pointer would dangle; fact A8, 2.1)");
        static_assert(sizeof...(Ts) <= MAX_TENSOR_ARGS, "add_inout: more than MAX_TENSOR_ARGS tensors (fact K1)");
        (push_tensor(&tensors_in, TensorArgType::INOUT), ...);
    }

    template <typename... Ts>
    void add_no_dep(Ts&&... tensors_in) {
        static_assert(sizeof...(Ts) >= 1, "add_no_dep needs at least one tensor (fact A11)");
        static_assert(pto2_model::all_exactly_v<Tensor, Ts...>,
                      "add_no_dep takes Tensor arguments only (fact A11)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_no_dep: temporary Tensor (the stored pointer would dangle; fact A8, 2.1)");
        static_assert(sizeof...(Ts) <= MAX_TENSOR_ARGS, "add_no_dep: more than MAX_TENSOR_ARGS tensors (fact K1)");
        (push_tensor(&tensors_in, TensorArgType::NO_DEP), ...);
    }

    // ---- scalars (fact A12, A13); rvalues are fine
    template <typename... Ts>
    void add_scalar(Ts&&... values) {
        static_assert(sizeof...(Ts) >= 1, "add_scalar needs at least one value (fact A12)");
        static_assert((is_supported_scalar_arg_v<Ts> && ...),
                      "add_scalar takes arithmetic or enum values only (fact A12, S3)");
        static_assert(sizeof...(Ts) <= MAX_SCALAR_ARGS, "add_scalar: more than MAX_SCALAR_ARGS scalars (fact K2)");
        (push_scalar(to_u64(static_cast<pto2_model::bare_t<Ts>>(values)),
                     pto2_model::lvalue_address<Ts>(values)),
         ...);
    }
    void add_scalars(const uint64_t* values, int count) {
        for (int i = 0; i < count; ++i) push_scalar(values[i]);
    }
    void add_scalars_i32(const int32_t* values, int count) {  // zero-extends each value
        for (int i = 0; i < count; ++i) push_scalar(static_cast<uint32_t>(values[i]));
    }
    void copy_scalars_from(const Arg& other, int offset, int count) {
        for (int i = 0; i < count; ++i) push_scalar(other.scalars[offset + i]);
    }

    // ---- explicit dependencies (fact D6, D9): pointer and count are stored, not copied; the
    // entries are checked only at submit (fact 3.6).
    void set_dependencies(const PTO2TaskId* deps, uint32_t count) {
        if (count == 0) {
            explicit_deps = nullptr;
            num_explicit_deps = 0;
            return;
        }
        if (deps == nullptr) return set_error("set_dependencies: null array with a non-zero count");
        if (num_explicit_deps > 0) return set_error("set_dependencies: called twice");
        explicit_deps = deps;
        num_explicit_deps = count;
    }
    uint32_t explicit_dep_count() const { return num_explicit_deps; }
    PTO2TaskId explicit_dep(uint32_t index) const { return explicit_deps[index]; }
    const PTO2TaskId* explicit_deps_data() const { return explicit_deps; }

    // ---- tensor dumps (fact A17; PTO2_PROFILING is 1, so the checks are live): marks arguments
    // already added to this Arg, each found by its address -- a Tensor among the slots added
    // with add_input / add_inout / add_output(Tensor) / add_no_dep, a TensorCreateInfo among the
    // add_output(TensorCreateInfo) slots, a scalar among the objects add_scalar was given as
    // lvalues. No argument marks every slot. A miss is an Arg error.
    template <typename... Ts>
    void dump(Ts&&... args) {
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "dump: temporary argument (pass the lvalue already added to this Arg; fact A17)");
        static_assert(((pto2_model::all_exactly_v<Tensor, Ts> || pto2_model::all_exactly_v<TensorCreateInfo, Ts> ||
                        is_supported_scalar_arg_v<Ts>) && ...),
                      "dump takes Tensor, TensorCreateInfo or scalar arguments only (fact A17)");
        if constexpr (sizeof...(Ts) == 0) {
            if (num_tensors == 0 && num_scalars == 0) return set_error("dump: no arguments added to this Arg");
            dump_tensor_mask = num_tensors == 32 ? ~0u : (1u << num_tensors) - 1;
            dump_scalar_mask = (1u << num_scalars) - 1;
        } else {
            (mark_dump(args), ...);
        }
    }

private:
    void mark_dump(const Tensor& t) {
        for (uint32_t i = 0; i < num_tensors; ++i) {
            if (tensor_types[i] != TensorArgType::OUTPUT && tensors[i].tensor == &t) {
                dump_tensor_mask |= 1u << i;
                return;
            }
        }
        set_error("dump: tensor is not part of this Arg");
    }
    void mark_dump(const TensorCreateInfo& ci) {
        for (uint32_t i = 0; i < num_tensors; ++i) {
            if (tensor_types[i] == TensorArgType::OUTPUT && tensors[i].create_info == &ci) {
                dump_tensor_mask |= 1u << i;
                return;
            }
        }
        set_error("dump: TensorCreateInfo is not part of this Arg");
    }
    template <typename T>
    std::enable_if_t<is_supported_scalar_arg_v<T>> mark_dump(const T& scalar) {
        for (uint32_t i = 0; i < num_scalars; ++i) {
            if (scalar_sources[i] == &scalar) {
                dump_scalar_mask |= 1u << i;
                return;
            }
        }
        set_error("dump: scalar is not part of this Arg (add_scalar must be given the same lvalue)");
    }

    void push_tensor(const Tensor* t, TensorArgType type) {
        if (num_scalars > 0) return set_error("a tensor added after a scalar");
        if (num_tensors >= CORE_MAX_TENSOR_ARGS) return set_error("more than MAX_TENSOR_ARGS tensors");
        tensors[num_tensors].tensor = t;
        tensor_types[num_tensors++] = type;
    }
    void push_create_info(const TensorCreateInfo* ci) {
        if (num_scalars > 0) return set_error("a tensor added after a scalar");
        if (num_tensors >= CORE_MAX_TENSOR_ARGS) return set_error("more than MAX_TENSOR_ARGS tensors");
        tensors[num_tensors].create_info = ci;
        tensor_types[num_tensors++] = TensorArgType::OUTPUT;
    }
    void push_scalar(uint64_t bits, const void* source = nullptr) {
        if (num_scalars >= CORE_MAX_SCALAR_ARGS) return set_error("more than MAX_SCALAR_ARGS scalars");
        scalar_sources[num_scalars] = source;
        scalars[num_scalars++] = bits;
    }
};

// ------------------------------------------------------------------------------------------------
// Results of allocations and submits (fact L4-L8)
// ------------------------------------------------------------------------------------------------

// Copyable; valid only inside the scope of the submit (fact 3.5). `get_ref` works on lvalues
// only and returns a const reference (fact L5, 2.1): `alloc_tensors(ci).get_ref(0)` and
// `Tensor& r = outs.get_ref(0);` do not compile.
class TaskOutputTensors {
public:
    TaskOutputTensors() = default;  // invalid id, no outputs

    bool empty() const { return count_ == 0; }
    uint32_t size() const { return count_; }

    const Tensor& get_ref(uint32_t index) const& {
        always_assert(index < count_);
        return *outputs_[index];
    }
    const Tensor& get_ref(uint32_t index) && = delete;

    PTO2TaskId task_id() const { return task_id_; }

    // Runtime-internal, public in the seed (fact L4).
    void materialize_output(const Tensor& tensor) {
        always_assert(count_ < CORE_MAX_TENSOR_ARGS);
        outputs_[count_++] = &tensor;
    }
    void set_task_id(PTO2TaskId id) { task_id_ = id; }

private:
    PTO2TaskId task_id_ = PTO2TaskId::invalid();
    uint32_t count_ = 0;
    const Tensor* outputs_[CORE_MAX_TENSOR_ARGS] = {};
};

using TaskSubmitResult = TaskOutputTensors;  // fact L8

// ------------------------------------------------------------------------------------------------
// Submit (fact 1.7)
// ------------------------------------------------------------------------------------------------

inline constexpr int32_t INVALID_KERNEL_ID = -1;  // fact U6

// fact U5: an aggregate, brace-initialized in member order.
struct MixedKernels {
    int32_t aic_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv0_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv1_kernel_id = INVALID_KERNEL_ID;
};

// Runtime entry points (declared, not defined: a runtime implementation defines them).
TaskOutputTensors rt_submit_task(const MixedKernels& kernels, const Arg& args);  // fact U1
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const Arg& args);        // fact U2
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const Arg& args);        // fact U3
TaskOutputTensors rt_submit_dummy_task(const Arg& args);                         // fact U4

// ------------------------------------------------------------------------------------------------
// Allocation (fact 1.6)
// ------------------------------------------------------------------------------------------------

TaskOutputTensors alloc_tensors(const Arg& args);  // fact L3 (declared, not defined)

// fact L2. Overload resolution picks this only for a `const TensorCreateInfo` array or pointer
// with a count of exactly `uint32_t`: a non-const array (qualification conversion) or an `int`
// count makes the variadic template below an exact match that wins, and its static assertion
// fails -- as against the real header.
inline TaskOutputTensors alloc_tensors(const TensorCreateInfo create_infos[], uint32_t count) {
    Arg args;
    for (uint32_t i = 0; i < count; ++i) args.add_output(create_infos[i]);
    return alloc_tensors(args);
}

// fact L1: at least one argument, every argument exactly TensorCreateInfo; temporaries are
// accepted (taken by const reference). At most MAX_TENSOR_ARGS per call (the runtime builds an
// output-only Arg, fact K1; the model checks it at compile time).
template <typename... Ts>
TaskOutputTensors alloc_tensors(const Ts&... create_infos) {
    static_assert(sizeof...(Ts) >= 1, "alloc_tensors needs at least one TensorCreateInfo (fact L1)");
    static_assert((std::is_same_v<Ts, TensorCreateInfo> && ...),
                  "alloc_tensors takes TensorCreateInfo arguments only (fact L1, L2)");
    static_assert(sizeof...(Ts) <= MAX_TENSOR_ARGS,
                  "alloc_tensors: more than MAX_TENSOR_ARGS create-infos (fact K1)");
    Arg args;
    args.add_output(create_infos...);
    return alloc_tensors(args);
}

// ------------------------------------------------------------------------------------------------
// ArgWithDeps (fact A20, D10, U7)
// ------------------------------------------------------------------------------------------------

template <size_t N = 16>
class ArgWithDeps;

template <size_t N>
TaskOutputTensors rt_submit_task(const MixedKernels& kernels, ArgWithDeps<N>& args);
template <size_t N>
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, ArgWithDeps<N>& args);
template <size_t N>
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, ArgWithDeps<N>& args);
// (There is no rt_submit_dummy_task overload for ArgWithDeps, fact U7.)

// Privately derived from Arg: re-exports the add_* and scalar methods, the error fields and
// launch_spec, hides set_dependencies; owns N task ids filled by add_dep.
template <size_t N>
class ArgWithDeps : private Arg {
public:
    using Arg::add_inout;
    using Arg::add_input;
    using Arg::add_no_dep;
    using Arg::add_output;
    using Arg::add_scalar;
    using Arg::add_scalars;
    using Arg::add_scalars_i32;
    using Arg::copy_scalars_from;
    using Arg::error_msg;
    using Arg::has_error;
    using Arg::launch_spec;

    template <typename... Ids>
    void add_dep(Ids... ids) {
        static_assert((std::is_same_v<Ids, PTO2TaskId> && ...), "add_dep takes PTO2TaskId values (fact A20)");
        (push_dep(ids), ...);
    }
    void reset() {
        Arg::reset();
        dep_count_ = 0;
    }

private:
    PTO2TaskId deps_[N] = {};
    uint32_t dep_count_ = 0;

    void push_dep(PTO2TaskId id) {
        if (dep_count_ >= N) return set_error("ArgWithDeps: more deps than its capacity");
        deps_[dep_count_++] = id;
    }
    // Binds the collected deps (replacing an earlier binding) and exposes the Arg.
    const Arg& bound() {
        Arg::set_dependencies(nullptr, 0);
        Arg::set_dependencies(deps_, dep_count_);
        return *this;
    }

    template <size_t M>
    friend TaskOutputTensors rt_submit_task(const MixedKernels&, ArgWithDeps<M>&);
    template <size_t M>
    friend TaskOutputTensors rt_submit_aic_task(int32_t, ArgWithDeps<M>&);
    template <size_t M>
    friend TaskOutputTensors rt_submit_aiv_task(int32_t, ArgWithDeps<M>&);
};

template <size_t N>
TaskOutputTensors rt_submit_task(const MixedKernels& kernels, ArgWithDeps<N>& args) {
    return rt_submit_task(kernels, args.bound());
}
template <size_t N>
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, ArgWithDeps<N>& args) {
    return rt_submit_aic_task(kernel_id, args.bound());
}
template <size_t N>
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, ArgWithDeps<N>& args) {
    return rt_submit_aiv_task(kernel_id, args.bound());
}

// ------------------------------------------------------------------------------------------------
// Scopes (fact 1.9)
// ------------------------------------------------------------------------------------------------

enum class PTO2ScopeMode : uint8_t { AUTO = 0, MANUAL = 1 };  // fact P1

void rt_scope_begin(PTO2ScopeMode mode = PTO2ScopeMode::AUTO);  // fact P5 (declared)
void rt_scope_end();

// fact P3: explicit constructor begins a scope, destructor ends it (declared, not defined).
class PTO2ScopeGuard {
public:
    explicit PTO2ScopeGuard(PTO2ScopeMode mode = PTO2ScopeMode::AUTO, const char* file = __builtin_FILE(),
                            int line = __builtin_LINE());
    ~PTO2ScopeGuard();
    PTO2ScopeGuard(const PTO2ScopeGuard&) = delete;
    PTO2ScopeGuard& operator=(const PTO2ScopeGuard&) = delete;
};

#define PTO2_MODEL_CONCAT_(a, b) a##b
#define PTO2_MODEL_CONCAT(a, b) PTO2_MODEL_CONCAT_(a, b)

// fact P2: an `if` with an initializer (C++17) that brace-initializes a uniquely named guard
// from the macro's arguments; the following statement is the scope's body.
#define PTO2_SCOPE(...) \
    if (PTO2ScopeGuard PTO2_MODEL_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}; true)

// fact P4: seed form takes no arguments -- an AUTO guard to the end of the enclosing block.
#define PTO2_SCOPE_GUARD() PTO2ScopeGuard PTO2_MODEL_CONCAT(pto2_scope_guard_, __COUNTER__) {}

// ------------------------------------------------------------------------------------------------
// Host reads and writes (fact 1.10). Templates only for the (tensor, rank, index array[, value])
// shape; the index array must be `const uint32_t*`-compatible (an `int` array does not convert).
// ------------------------------------------------------------------------------------------------

template <typename T = uint64_t>
T get_tensor_data(const Tensor& tensor, uint32_t ndims, const uint32_t indices[]) {
    return from_u64<T>(pto2_model::tensor_data_read(tensor, ndims, indices));
}

// T is deduced from the value unless given (fact H2).
template <typename T = uint64_t>
void set_tensor_data(const Tensor& tensor, uint32_t ndims, const uint32_t indices[], T value) {
    pto2_model::tensor_data_write(tensor, ndims, indices, to_u64(value));
}

// ------------------------------------------------------------------------------------------------
// Runtime binding and run state (fact E3-E6)
// ------------------------------------------------------------------------------------------------

struct PTO2Runtime;

extern "C" {
void framework_bind_runtime(PTO2Runtime* runtime);
PTO2Runtime* framework_current_runtime();
PTO2Runtime* current_runtime();
}

void rt_orchestration_done();
bool rt_is_fatal();

// fact E3: an aggregate with exactly one member, inside its own guard macro.
#ifndef PTO2_ORCHESTRATION_CONFIG_DEFINED
#define PTO2_ORCHESTRATION_CONFIG_DEFINED
struct PTO2OrchestrationConfig {
    int expected_arg_count;
};
#endif

// The two symbols the executor looks up by their unmangled names (fact E1, E2). The runtime's
// header does not declare them; the model does, so that an entry without C linkage or with
// another signature (a by-value parameter, another return type) is a compile error here
// instead of a missing symbol or a wrong layout at run time.
extern "C" void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args);
extern "C" PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args);

#endif  // PYPTO_PTO2_MODEL_SEED_PTO_ORCHESTRATION_API_H
