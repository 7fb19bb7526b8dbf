// pto2_model_base.h -- API MODEL of the PTO2 orchestration API, current generation
// (hw-native-sys/simpler 6ebaf7715, runtime tensormap_and_ringbuffer, platform a2a3): the
// library headers, macros, limits, data types, scalar encoding, task ids and tensors.
//
// Our own model, written from the documented facts of the current API (cited as "fact <item>":
// the item codes and topic numbers of docs/runtime-api.md); it holds none of the runtime's
// source. It is included only by this folder's pto_orchestration_api.h (the one header generated
// code includes); it is a separate file only to keep each file short. Everything stated in
// ../seed/pto_orchestration_api.h about purpose and design holds here too: exactly the items the
// API offers, its restrictions as compile errors, never more permissive than the runtime; where a
// fact leaves a type or a member open, the model picks the narrower choice and says so at the spot
// ("UNSURE").

#ifndef PYPTO_PTO2_MODEL_CURRENT_BASE_H
#define PYPTO_PTO2_MODEL_CURRENT_BASE_H

// ------------------------------------------------------------------------------------------------
// Library headers whose macro names generated code cannot use either (fact 2.4).
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
// Macros of the current header (fact 2.4, 1.12). Compared with the seed: LOG_INFO and LOG_TIMING
// and the SIMPLER_* switches are new, PTO2_ERROR_TENSORMAP_OVERFLOW is new, and the LOG_INFO_V*
// and PTO2_*PROFILING macros are gone. Families whose members are not documented
// (PTO2_STALL_DETAIL_*, COMPLETION_*, MSG_KIND_*, other SIMPLER_*) are not modelled.
// ------------------------------------------------------------------------------------------------
#define PTO2_HEAP_SIZE (256 * 1024 * 1024)  // bytes per ring (fact K11)
#define PTO2_TASK_WINDOW_SIZE 16384          // task slots per ring (fact K10)
#define PTO2_MAX_RING_DEPTH 4                // fact K9
#define PTO2_MAX_SCOPE_DEPTH 64              // incl. the executor's outer scope (fact K8)
#define PTO2_TENSORMAP_POOL_SIZE 65536       // fact K12
#define PTO2_PACKED_OUTPUT_ALIGN 1024        // fact K11
#define SIMPLER_DFX 1                        // dumps on by default (fact A17, C/profiling_config.h)

// Fatal error codes: a partial list of the PTO2_ERROR_* family. UNSURE: that the new code 11 of
// fact K12 (a wedged tensor-map pool) is the one named PTO2_ERROR_TENSORMAP_OVERFLOW.
#define PTO2_ERROR_NONE 0
#define PTO2_ERROR_SCOPE_DEADLOCK 1
#define PTO2_ERROR_HEAP_RING_DEADLOCK 2
#define PTO2_ERROR_FLOW_CONTROL_DEADLOCK 3
#define PTO2_ERROR_DEP_POOL_OVERFLOW 4
#define PTO2_ERROR_INVALID_ARGS 5
#define PTO2_ERROR_TENSORMAP_OVERFLOW 11

// Per-task argument capacity (fact K1, K2).
#define MAX_TENSOR_ARGS 32
#define MAX_SCALAR_ARGS 16

#define PTO_DEVICE_FUNC
#define PTO_PRAGMA(x) _Pragma(#x)
#define SPIN_WAIT_HINT() ((void)0)
#define MAYBE_UNINITIALIZED_BEGIN \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#define MAYBE_UNINITIALIZED_END _Pragma("GCC diagnostic pop")

// Always-checks throw in the orchestration thread; debug checks are live unless NDEBUG (fact 3.9).
#define always_assert(cond)                                                                   \
    do {                                                                                      \
        if (!(cond)) throw std::runtime_error(std::string("always_assert failed: ") + #cond); \
    } while (0)
#ifdef NDEBUG
#define debug_assert(cond) ((void)0)
#else
#define debug_assert(cond) always_assert(cond)
#endif

// Logging (fact E7, E8): printf-style. UNSURE: LOG_TIMING's parameters (modelled printf-style).
#define PTO2_MODEL_LOG_(level, fmt, ...) fprintf(stderr, "[" level "] " fmt "\n", ##__VA_ARGS__)
#define LOG_ERROR(fmt, ...) PTO2_MODEL_LOG_("ERROR", fmt, ##__VA_ARGS__)
#define LOG_WARN(fmt, ...) PTO2_MODEL_LOG_("WARN", fmt, ##__VA_ARGS__)
#define LOG_INFO(fmt, ...) PTO2_MODEL_LOG_("INFO", fmt, ##__VA_ARGS__)
#define LOG_DEBUG(fmt, ...) PTO2_MODEL_LOG_("DEBUG", fmt, ##__VA_ARGS__)
#define LOG_TIMING(fmt, ...) PTO2_MODEL_LOG_("TIMING", fmt, ##__VA_ARGS__)

// Fatal state (fact E6).
#define rt_report_fatal(code, fmt, ...) pto2_model::report_fatal((code), fmt, ##__VA_ARGS__)

// ------------------------------------------------------------------------------------------------
// Limits that are constants (fact K1-K5). The seed's RUNTIME_MAX_TENSOR_DIMS and
// CONTINUOUS_TENSOR_MAX_DIMS are now MAX_TENSOR_DIMS. UNSURE: that MAX_TENSOR_DIMS is a constant
// and not a macro.
// ------------------------------------------------------------------------------------------------
inline constexpr uint32_t CORE_MAX_TENSOR_ARGS = MAX_TENSOR_ARGS;
inline constexpr uint32_t CORE_MAX_SCALAR_ARGS = MAX_SCALAR_ARGS;
inline constexpr uint32_t CHIP_MAX_TENSOR_ARGS = 256;
inline constexpr uint32_t CHIP_MAX_SCALAR_ARGS = 128;
inline constexpr uint32_t MAX_TENSOR_DIMS = 5;

// ------------------------------------------------------------------------------------------------
// Model-internal helpers and raw entry points. Not part of the API.
// ------------------------------------------------------------------------------------------------
class ChipTensor;

namespace pto2_model {

template <typename T>
using bare_t = std::remove_cv_t<std::remove_reference_t<T>>;

template <typename T, typename... Ts>
inline constexpr bool all_exactly_v = (std::is_same_v<bare_t<Ts>, T> && ...);

template <typename... Ts>
inline constexpr bool all_lvalues_v = (std::is_lvalue_reference_v<Ts> && ...);

// Host reads and writes (fact H1, H2): the raw bits of one element.
uint64_t tensor_data_read(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[]);
void tensor_data_write(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[], uint64_t bits);

void report_fatal(int32_t code, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace pto2_model

// ------------------------------------------------------------------------------------------------
// Data types, address spaces and scalar encoding (fact 1.11, 1.5)
// ------------------------------------------------------------------------------------------------

// fact Y1: the seed's twelve with the same values, then the FP8 / FP4 types (1 byte each; used on
// A5 only, but the enumerators exist on a2a3 too). A scoped enum (no int conversion, fact 2.3).
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
    FP8E4M3FN = 12,
    FP8E8M0 = 13,
    FP4E2M1 = 14,
    DATA_TYPE_NUM = 15,
};

// fact Y4
enum class AddressSpace : uint8_t { HOST = 0, DEVICE = 1 };

// fact Y2
inline uint64_t get_element_size(DataType dtype) {
    switch (dtype) {
        case DataType::INT8:
        case DataType::UINT8:
        case DataType::BOOL:
        case DataType::FP8E4M3FN:
        case DataType::FP8E8M0:
        case DataType::FP4E2M1:
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

// fact Y3
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
        case DataType::FP8E4M3FN: return "FP8E4M3FN";
        case DataType::FP8E8M0: return "FP8E8M0";
        case DataType::FP4E2M1: return "FP4E2M1";
        default: return "UNKNOWN";
    }
}

// fact S3
template <typename T>
inline constexpr bool is_supported_scalar_arg_v =
    std::is_arithmetic_v<pto2_model::bare_t<T>> || std::is_enum_v<pto2_model::bare_t<T>>;

// fact S1: the value's bytes in a zeroed 64-bit word.
template <typename T>
inline uint64_t to_u64(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "to_u64: the value must fit in 8 bytes");
    static_assert(std::is_trivially_copyable_v<T>, "to_u64: the value must be trivially copyable");
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof(T));
    return bits;
}

// fact S2: the low bytes read back as T.
template <typename T>
inline T from_u64(uint64_t bits) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "from_u64: the type must fit in 8 bytes");
    static_assert(std::is_trivially_copyable_v<T>, "from_u64: the type must be trivially copyable");
    T value;
    memcpy(&value, &bits, sizeof(T));
    return value;
}

// fact S4
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
// Task ids (fact 1.8 D1-D5; unchanged, now in C/pto_task_id.h)
// ------------------------------------------------------------------------------------------------

// An aggregate of one uint64_t: `PTO2TaskId{5}` compiles, `PTO2TaskId t = 5;` does not;
// `PTO2TaskId{}` is raw 0, a valid id; no ordering and no integer conversion (fact D1, D5, 2.3).
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
// Tensors (fact 1.3)
// ------------------------------------------------------------------------------------------------

// fact T13
struct PTOBufferHandle {
    uint64_t addr;  // bytes
    uint64_t size;  // bytes
};

// fact T11: a contiguous tensor over external memory; now returns ChipTensor and takes the
// address space last. Declared, not defined (a runtime implementation defines it).
ChipTensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims,
                                DataType dtype = DataType::FLOAT32, bool manual_dep = false,
                                int32_t version = 0, AddressSpace address_space = AddressSpace::HOST);

// fact T12: an external view with arbitrary positive strides. UNSURE: the parameter types and
// whether any parameter has a default; the model takes all eight, in the documented order, with
// the types of make_tensor_external and no defaults.
ChipTensor make_tensor_strided(void* addr, const uint32_t shapes[], const uint32_t strides[], uint32_t ndims,
                               DataType dtype, bool manual_dep, int32_t version, AddressSpace address_space);

// fact T1. The seed's Tensor renamed, same 128-byte 64-aligned layout plus `address_space` in the
// seed's padding byte 43; all data members public. The default constructor is now PUBLIC (it
// leaves the object uninitialized: `ChipTensor x;` compiles, fact 2.1); the field-wise
// constructor stays private, so ChipTensor is no aggregate (`ChipTensor{...fields}` does not
// compile). Copy and move are public and trivial.
class alignas(64) ChipTensor {
public:
    PTOBufferHandle buffer;         // the whole buffer (bytes)
    PTO2TaskId owner_task_id;       // creating task; invalid for external tensors
    uint64_t start_offset;          // elements
    int32_t version;
    uint32_t ndims;
    DataType dtype;
    bool manual_dep;
    bool is_contiguous;
    AddressSpace address_space;     // UNSURE: declared type (modelled as the Y4 enum)
    uint32_t shapes[MAX_TENSOR_DIMS];
    uint64_t extent_elem_cache;     // elements spanned from start_offset
    uint32_t strides[MAX_TENSOR_DIMS];  // elements, always > 0

    ChipTensor() = default;
    ChipTensor(const ChipTensor&) = default;
    ChipTensor(ChipTensor&&) = default;
    ChipTensor& operator=(const ChipTensor&) = default;
    ChipTensor& operator=(ChipTensor&&) = default;
    ~ChipTensor() = default;

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
    // UNSURE (fact T7 names them only): nbytes() as the viewed elements times the element size,
    // data_as<T>() as the buffer's base address.
    uint64_t nbytes() const { return numel() * get_element_size(dtype); }
    template <typename T>
    T* data_as() const {
        return reinterpret_cast<T*>(static_cast<uintptr_t>(buffer.addr));
    }
    bool is_device_memory() const { return address_space == AddressSpace::DEVICE; }
    std::string dump() const {
        std::string out = "ChipTensor{addr=" + std::to_string(buffer.addr) + ", size=" +
                          std::to_string(buffer.size) + ", dtype=" + get_dtype_name(dtype) +
                          ", start_offset=" + std::to_string(start_offset) + ", shapes=[";
        for (uint32_t d = 0; d < ndims; ++d) out += (d ? "," : "") + std::to_string(shapes[d]);
        out += "], strides=[";
        for (uint32_t d = 0; d < ndims; ++d) out += (d ? "," : "") + std::to_string(strides[d]);
        return out + "]}";
    }

    // fact T2; new: a view with any zero extent is empty (offsets ignored, extent 0).
    ChipTensor view(const uint32_t view_shapes[], const uint32_t offsets[], bool view_manual_dep = false) const {
        ChipTensor out(*this);
        bool empty = false;
        for (uint32_t d = 0; d < ndims; ++d) empty = empty || view_shapes[d] == 0;
        for (uint32_t d = 0; d < ndims; ++d) {
            if (!empty) {
                debug_assert(static_cast<uint64_t>(offsets[d]) + view_shapes[d] <= shapes[d]);
                out.start_offset += static_cast<uint64_t>(offsets[d]) * strides[d];
            }
            out.shapes[d] = view_shapes[d];
        }
        out.manual_dep = view_manual_dep;
        out.refresh();
        debug_assert(empty || out.within_buffer());
        return out;
    }

    // fact T3: the source must be contiguous (always checked).
    ChipTensor reshape(const uint32_t new_shapes[], uint32_t new_ndims, bool new_manual_dep = false) const {
        always_assert(is_contiguous);
        always_assert(new_ndims >= 1 && new_ndims <= MAX_TENSOR_DIMS);
        ChipTensor out(*this);
        out.ndims = new_ndims;
        for (uint32_t d = 0; d < new_ndims; ++d) out.shapes[d] = new_shapes[d];
        row_major(out.shapes, out.strides, new_ndims);
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

    // fact T4
    ChipTensor slice(uint32_t dim, uint32_t start, uint32_t end, uint32_t step = 1,
                     bool new_manual_dep = false) const {
        debug_assert(dim < ndims && step > 0 && start <= end && end <= shapes[dim]);
        ChipTensor out(*this);
        out.start_offset += static_cast<uint64_t>(start) * strides[dim];
        out.shapes[dim] = (end - start + step - 1) / step;
        out.strides[dim] = strides[dim] * step;
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

    // fact T5
    ChipTensor transpose(uint32_t x, uint32_t y, bool new_manual_dep = false) const {
        debug_assert(x < ndims && y < ndims);
        ChipTensor out(*this);
        out.shapes[x] = shapes[y];
        out.shapes[y] = shapes[x];
        out.strides[x] = strides[y];
        out.strides[y] = strides[x];
        out.manual_dep = new_manual_dep;
        out.refresh();
        return out;
    }

    // fact T6
    ChipTensor permute(const uint32_t order[], bool new_manual_dep = false) const {
        ChipTensor out(*this);
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
    friend ChipTensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims, DataType dtype,
                                           bool manual_dep, int32_t version, AddressSpace address_space);

    // Field-wise constructor (private, fact T1): a contiguous tensor with row-major strides.
    ChipTensor(uint64_t addr, uint64_t size_bytes, PTO2TaskId owner, uint64_t offset, const uint32_t dims[],
               uint32_t rank, DataType type, int32_t ver, bool manual, AddressSpace space)
        : buffer{addr, size_bytes},
          owner_task_id(owner),
          start_offset(offset),
          version(ver),
          ndims(rank),
          dtype(type),
          manual_dep(manual),
          is_contiguous(true),
          address_space(space),
          shapes{},
          extent_elem_cache(0),
          strides{} {
        for (uint32_t d = 0; d < rank && d < MAX_TENSOR_DIMS; ++d) shapes[d] = dims[d];
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
static_assert(sizeof(ChipTensor) == 128 && alignof(ChipTensor) == 64, "fact T1");
static_assert(offsetof(ChipTensor, address_space) == 43, "address_space is byte 43 (fact T1)");
static_assert(std::is_trivially_copyable_v<ChipTensor>, "fact T1");
static_assert(std::is_default_constructible_v<ChipTensor>, "ChipTensor() is public (fact T1, 2.1)");
static_assert(!std::is_aggregate_v<ChipTensor>, "the field-wise constructor is private (fact T1)");

// The name `Tensor` now denotes an unrelated host wire type (fact T1, C/buffer.h): old code that
// says `Tensor` finds a type, but no ChipTensor converts to it (fact 2.3). UNSURE: its members
// and constructors; the model gives it none that orchestration code could reach (not
// constructible, no members), which is never more permissive than the real type.
class Tensor {
    Tensor() {}
};

// fact T8-T10, now in its own header (TCI). 64 bytes, public fields, a public default
// constructor (fields indeterminate), copyable. New: the constructor checks 1 <= ndims <= 5 and
// throws otherwise.
class alignas(64) TensorCreateInfo {
public:
    uint32_t shapes[MAX_TENSOR_DIMS];
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
        always_assert(create_ndims >= 1 && create_ndims <= MAX_TENSOR_DIMS);
        for (uint32_t d = 0; d < create_ndims; ++d) shapes[d] = create_shapes[d];
    }

    // fact T9
    template <typename T = uint64_t>
    void set_initial_value(T value) {
        initial_value = to_u64(value);
        has_initial_value = true;
    }

    // fact T10
    uint64_t buffer_size_bytes() const {
        uint64_t n = get_element_size(dtype);
        for (uint32_t d = 0; d < ndims && d < MAX_TENSOR_DIMS; ++d) n *= shapes[d];
        return n;
    }
    void copy(const TensorCreateInfo& other) { *this = other; }
};
static_assert(sizeof(TensorCreateInfo) == 64, "TensorCreateInfo is 64 bytes (fact T8)");

#endif  // PYPTO_PTO2_MODEL_CURRENT_BASE_H
