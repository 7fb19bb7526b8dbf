// pto_orchestration_api.h -- API MODEL of the PTO2 orchestration header, current generation
// (hw-native-sys/simpler 6ebaf7715, runtime tensormap_and_ringbuffer, platform a2a3).
//
// This file is NOT the runtime's header and contains none of its source. It is our own model,
// written from the documented facts of the current API (cited as "fact <item>": the item codes
// and topic numbers of docs/runtime-api.md, which names each one's upstream file). Its purpose
// is compile checks: C++ written for the current generation is compiled against it (g++ -std=c++17
// -Wall -Wextra -Werror -fsyntax-only) instead of against the runtime. It declares exactly the
// types, overloads, members, enumerators and macros the current API offers orchestration code and
// turns the API's restrictions into compile errors -- never more permissive than the runtime. Where
// the runtime only fails at run time (per-call argument counts) the model is stricter and says so
// at the spot. Where a fact leaves something open (a field's type, an enum's kind, a member's
// name), the model takes the narrower choice and marks it "UNSURE".
//
// A file written for one generation does not compile against the other generation's model: the
// entry point is declared here with `const ChipTaskArgs&` and C linkage, so an entry that keeps
// the seed's `const ChipStorageTaskArgs&` (a half port, which the real runtime compiles and then
// runs with the wrong layout, fact A1) is a conflicting declaration of a C function.
//
// Design as in the seed model: everything that talks to the runtime is a declared, not defined,
// non-template function (alloc_tensors(const CoreTaskArgs&), rt_submit_*, rt_scope_begin/end,
// PTO2ScopeGuard's constructor and destructor, make_tensor_external / make_tensor_strided,
// rt_available_*_count, the raw host reads and writes in namespace pto2_model, ...); templates and
// inline helpers check their arguments and forward to those. record_runtime.cpp in this folder
// defines them for native runs. The library headers, macros, data types, task ids and tensors are
// in pto2_model_base.h.

#ifndef PYPTO_PTO2_MODEL_CURRENT_PTO_ORCHESTRATION_API_H
#define PYPTO_PTO2_MODEL_CURRENT_PTO_ORCHESTRATION_API_H

#include "pto2_model_base.h"

// ------------------------------------------------------------------------------------------------
// Task arguments (fact 1.2)
// ------------------------------------------------------------------------------------------------

// fact A21: same values, now in C/tensor.h.
enum class TensorArgType : int32_t {
    INPUT = 0,
    OUTPUT = 1,
    INOUT = 2,
    OUTPUT_EXISTING = 3,
    NO_DEP = 4,
};

template <size_t MaxT, size_t MaxS>
struct Arg;
struct ChipTaskArgs;

namespace pto2_model {
// What a runtime implementation reads from an Arg beyond its public API (the model keeps the
// storage private; its real member names are not documented).
struct Access;
}  // namespace pto2_model

// fact X3, A3: one tensor slot of an Arg. Copy and move are deleted (`auto r =
// orch_args.tensor(0);` does not compile); `ref()` gives the ChipTensor. It has no `shapes` (fact
// X4). UNSURE: whether it converts to ChipTensor, and whether user code can make one; the model
// has no conversion, only `ref()`, and only an Arg makes one.
class TensorRef {
public:
    TensorRef(const TensorRef&) = delete;
    TensorRef(TensorRef&&) = delete;
    TensorRef& operator=(const TensorRef&) = delete;
    TensorRef& operator=(TensorRef&&) = delete;

    const ChipTensor& ref() const { return *tensor_; }

private:
    template <size_t, size_t>
    friend struct Arg;
    friend struct pto2_model::Access;

    TensorRef() = default;

    const ChipTensor* tensor_ = nullptr;             // INPUT, INOUT, OUTPUT_EXISTING, NO_DEP
    const TensorCreateInfo* create_info_ = nullptr;  // OUTPUT
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

// fact D8: an UNSCOPED enum with uint8_t underlying type and bitwise operators.
// UNSURE: the operators' exact return types (modelled as DepFlags, or DepFlags& for |=).
enum DepFlags : uint8_t { DEP_NONE = 0, DEP_WAIT = 1, DEP_RETAIN = 2 };
inline constexpr DepFlags operator|(DepFlags a, DepFlags b) {
    return static_cast<DepFlags>(static_cast<uint8_t>(a) | static_cast<uint8_t>(b));
}
inline constexpr DepFlags operator&(DepFlags a, DepFlags b) {
    return static_cast<DepFlags>(static_cast<uint8_t>(a) & static_cast<uint8_t>(b));
}
inline DepFlags& operator|=(DepFlags& a, DepFlags b) { return a = a | b; }

// fact A18. UNSURE: whether PredicateOp is scoped and its underlying type (modelled `enum class :
// uint8_t`, the narrower kind: no int conversion, no global enumerator names); the types of
// CoreTaskPredicate's `operand` and `target` are not documented, so the model gives them a type
// nothing converts to: a predicate can be value-initialized and its `op` set, nothing else.
enum class PredicateOp : uint8_t { NONE, EQ, NE, GT, LT, GE, LE };
namespace pto2_model {
struct UndocumentedField {};
}  // namespace pto2_model
struct CoreTaskPredicate {
    pto2_model::UndocumentedField operand;
    PredicateOp op;
    pto2_model::UndocumentedField target;
};

// fact A6: a class template over the tensor and scalar capacities, with NO default arguments
// (`Arg x;` does not compile) and deleted copy and move. Its per-task form is CoreTaskArgs (fact
// A7), the entry's is ChipTaskArgs (fact A2).
//
// Compile-time rules (each a static_assert, so g++'s message names the rule):
//  - add_input / add_inout / add_no_dep: at least one argument, each exactly ChipTensor after
//    removing reference and const, each an lvalue (a temporary is a compile error in the current
//    generation, fact A8, 2.1).
//  - add_output: all TensorCreateInfo (OUTPUT) or all ChipTensor (OUTPUT_EXISTING), lvalues (fact A9).
//  - add_scalar: at least one value, each arithmetic or enum (fact A12, S3).
//  - dump: lvalues of ChipTensor, TensorCreateInfo or scalar type (fact A17, SIMPLER_DFX on).
//  - STRICTER THAN THE RUNTIME: one call passing more tensors or scalars than the Arg holds is a
//    compile error (the runtime records an Arg error when the running total passes the cap, fact
//    K1, K2, 2.5; the model records that error too).
//  - no add_dep on Arg (fact D10).
// UNSURE: whether the storage is public (the seed's is); the model keeps it private, and its
// tensor(i) / scalar(i) / counts are the public read access.
template <size_t MaxT, size_t MaxS>
struct Arg {
    // ---- error state and launch spec (fact A14, A15)
    bool has_error = false;
    const char* error_msg = nullptr;
    PTO2LaunchSpec launch_spec;

    Arg() = default;
    Arg(const Arg&) = delete;
    Arg(Arg&&) = delete;
    Arg& operator=(const Arg&) = delete;
    Arg& operator=(Arg&&) = delete;

    void set_error(const char* msg) {  // keeps the first message
        if (!has_error) {
            has_error = true;
            error_msg = msg;
        }
    }
    void clear() {  // empties slots, deps, the hint, the predicate and the timing slot
        num_tensors_ = 0;
        num_scalars_ = 0;
        deps_ = nullptr;
        kinds_ = nullptr;
        num_deps_ = 0;
        early_resolve_ = false;
        predicate_ = CoreTaskPredicate{};
        has_predicate_ = false;
        timing_slot_ = -1;
    }
    void reset() {  // also clears the error
        clear();
        has_error = false;
        error_msg = nullptr;
    }

    // fact A3-A5 (orch_args is a ChipTaskArgs, i.e. an Arg): no bounds check.
    const TensorRef& tensor(int32_t index) const { return tensors_[index]; }
    uint64_t scalar(int32_t index) const { return scalars_[index]; }
    int32_t tensor_count() const { return static_cast<int32_t>(num_tensors_); }
    int32_t scalar_count() const { return static_cast<int32_t>(num_scalars_); }

    // fact A16
    void set_allow_early_resolve(bool allow = true) { early_resolve_ = allow; }
    bool allow_early_resolve() const { return early_resolve_; }

    // ---- tensors (fact A8-A11)
    template <typename... Ts>
    void add_input(Ts&&... tensors_in) {
        static_assert(sizeof...(Ts) >= 1, "add_input needs at least one tensor (fact A8)");
        static_assert(pto2_model::all_exactly_v<ChipTensor, Ts...>,
                      "add_input takes ChipTensor arguments only (fact A8)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_input: temporary ChipTensor (rejected by the current API; fact A8, 2.1)");
        static_assert(sizeof...(Ts) <= MaxT, "add_input: more tensors than the Arg holds (MAX_TENSOR_ARGS, fact K1)");
        (push_tensor(&tensors_in, TensorArgType::INPUT), ...);
    }

    template <typename... Ts>
    void add_output(Ts&&... outs) {
        constexpr bool all_create_infos = pto2_model::all_exactly_v<TensorCreateInfo, Ts...>;
        constexpr bool all_tensors = pto2_model::all_exactly_v<ChipTensor, Ts...>;
        static_assert(sizeof...(Ts) >= 1, "add_output needs at least one argument (fact A9)");
        static_assert(all_create_infos || all_tensors,
                      "add_output takes all TensorCreateInfo (OUTPUT) or all ChipTensor (OUTPUT_EXISTING), "
                      "never mixed (fact A9)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_output: temporary argument (rejected by the current API; fact A9, T8, 2.1)");
        static_assert(sizeof...(Ts) <= MaxT, "add_output: more tensors than the Arg holds (MAX_TENSOR_ARGS, fact K1)");
        if constexpr (all_create_infos) {
            (push_create_info(&outs), ...);
        } else {
            (push_tensor(&outs, TensorArgType::OUTPUT_EXISTING), ...);
        }
    }

    template <typename... Ts>
    void add_inout(Ts&&... tensors_in) {
        static_assert(sizeof...(Ts) >= 1, "add_inout needs at least one tensor (fact A10)");
        static_assert(pto2_model::all_exactly_v<ChipTensor, Ts...>,
                      "add_inout takes ChipTensor arguments only (fact A10)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_inout: temporary ChipTensor (rejected by the current API; fact A8, 2.1)");
        static_assert(sizeof...(Ts) <= MaxT, "add_inout: more tensors than the Arg holds (MAX_TENSOR_ARGS, fact K1)");
        (push_tensor(&tensors_in, TensorArgType::INOUT), ...);
    }

    template <typename... Ts>
    void add_no_dep(Ts&&... tensors_in) {
        static_assert(sizeof...(Ts) >= 1, "add_no_dep needs at least one tensor (fact A11)");
        static_assert(pto2_model::all_exactly_v<ChipTensor, Ts...>,
                      "add_no_dep takes ChipTensor arguments only (fact A11)");
        static_assert(pto2_model::all_lvalues_v<Ts...>,
                      "add_no_dep: temporary ChipTensor (rejected by the current API; fact A8, 2.1)");
        static_assert(sizeof...(Ts) <= MaxT, "add_no_dep: more tensors than the Arg holds (MAX_TENSOR_ARGS, fact K1)");
        (push_tensor(&tensors_in, TensorArgType::NO_DEP), ...);
    }

    // ---- scalars (fact A12, A13); rvalues are fine
    template <typename... Ts>
    void add_scalar(Ts&&... values) {
        static_assert(sizeof...(Ts) >= 1, "add_scalar needs at least one value (fact A12)");
        static_assert((is_supported_scalar_arg_v<Ts> && ...),
                      "add_scalar takes arithmetic or enum values only (fact A12, S3)");
        static_assert(sizeof...(Ts) <= MaxS, "add_scalar: more scalars than the Arg holds (MAX_SCALAR_ARGS, fact K2)");
        (push_scalar(to_u64(static_cast<pto2_model::bare_t<Ts>>(values))), ...);
    }
    void add_scalars(const uint64_t* values, int count) {
        for (int i = 0; i < count; ++i) push_scalar(values[i]);
    }
    void add_scalars_i32(const int32_t* values, int count) {  // zero-extends each value
        for (int i = 0; i < count; ++i) push_scalar(static_cast<uint32_t>(values[i]));
    }
    // UNSURE: whether the source may be an Arg of other capacities (modelled: the same type).
    void copy_scalars_from(const Arg& other, int offset, int count) {
        for (int i = 0; i < count; ++i) push_scalar(other.scalars_[offset + i]);
    }

    // ---- dumps (fact A17): only compiled in when SIMPLER_DFX is on (the default). Run time also
    // checks that each argument was added to this Arg. UNSURE: the return type (modelled void).
#if SIMPLER_DFX
    template <typename... Ts>
    void dump(Ts&&... items) {
        static_assert(pto2_model::all_lvalues_v<Ts...>, "dump takes lvalues only (fact A17)");
        static_assert(((std::is_same_v<pto2_model::bare_t<Ts>, ChipTensor> ||
                        std::is_same_v<pto2_model::bare_t<Ts>, TensorCreateInfo> ||
                        is_supported_scalar_arg_v<Ts>) && ...),
                      "dump takes ChipTensor, TensorCreateInfo or scalar lvalues (fact A17)");
        (static_cast<void>(items), ...);
    }
#endif

    // ---- explicit dependencies (fact D6, D7, D9): pointers and count are stored, not copied; the
    // entries are checked only at submit (fact 3.6).
    void set_dependencies(const PTO2TaskId* deps, uint32_t count) {
        kinds_ = nullptr;  // also clears any kinds array
        store_deps(deps, count);
    }
    void set_dependencies_with_kinds(const PTO2TaskId* deps, const DepFlags* kinds, uint32_t count) {
        if (count > 0 && kinds == nullptr) return set_error("set_dependencies_with_kinds: null flags");
        if (store_deps(deps, count) && count > 0) kinds_ = kinds;
    }
    uint32_t explicit_dep_count() const { return num_deps_; }
    PTO2TaskId explicit_dep(uint32_t index) const { return deps_[index]; }
    const PTO2TaskId* explicit_deps_data() const { return deps_; }
    DepFlags explicit_dep_kind(uint32_t index) const {  // wait+retain without a kinds array
        return kinds_ != nullptr ? kinds_[index] : DEP_WAIT | DEP_RETAIN;
    }

    // ---- new in the current generation (fact A18, A19)
    void set_predicate(const CoreTaskPredicate& predicate) {
        predicate_ = predicate;
        has_predicate_ = true;
    }
    // Timing slot 0..15; out of range records an Arg error. UNSURE: a read-back method exists
    // ("the timing slot methods", fact A20) but its name is not documented; not modelled.
    void set_task_timing_slot(int32_t slot) {
        if (slot < 0 || slot > 15) return set_error("set_task_timing_slot: slot outside 0..15");
        timing_slot_ = slot;
    }

private:
    friend struct pto2_model::Access;

    TensorRef tensors_[MaxT];
    TensorArgType tensor_types_[MaxT] = {};
    uint64_t scalars_[MaxS] = {};
    uint32_t num_tensors_ = 0;
    uint32_t num_scalars_ = 0;
    const PTO2TaskId* deps_ = nullptr;
    const DepFlags* kinds_ = nullptr;
    uint32_t num_deps_ = 0;
    bool early_resolve_ = false;
    CoreTaskPredicate predicate_ = {};
    bool has_predicate_ = false;
    int32_t timing_slot_ = -1;

    bool store_deps(const PTO2TaskId* deps, uint32_t count) {  // false: an Arg error was recorded
        if (count == 0) {
            deps_ = nullptr;
            kinds_ = nullptr;
            num_deps_ = 0;
            return true;
        }
        if (deps == nullptr) return set_error("set_dependencies: null array with a non-zero count"), false;
        if (num_deps_ > 0) return set_error("set_dependencies: called twice"), false;
        deps_ = deps;
        num_deps_ = count;
        return true;
    }
    void push_tensor(const ChipTensor* t, TensorArgType type) {
        if (num_scalars_ > 0) return set_error("a tensor added after a scalar");
        if (num_tensors_ >= MaxT) return set_error("more tensors than the Arg holds");
        tensors_[num_tensors_].tensor_ = t;
        tensors_[num_tensors_].create_info_ = nullptr;
        tensor_types_[num_tensors_++] = type;
    }
    void push_create_info(const TensorCreateInfo* ci) {
        if (num_scalars_ > 0) return set_error("a tensor added after a scalar");
        if (num_tensors_ >= MaxT) return set_error("more tensors than the Arg holds");
        tensors_[num_tensors_].tensor_ = nullptr;
        tensors_[num_tensors_].create_info_ = ci;
        tensor_types_[num_tensors_++] = TensorArgType::OUTPUT;
    }
    void push_scalar(uint64_t bits) {
        if (num_scalars_ >= MaxS) return set_error("more scalars than the Arg holds");
        scalars_[num_scalars_++] = bits;
    }
};

// fact A7: the per-task pack.
using CoreTaskArgs = Arg<CORE_MAX_TENSOR_ARGS, CORE_MAX_SCALAR_ARGS>;

// fact A1: still exists, now of ChipTensor elements (256 tensors, 128 scalars), but it is no
// longer the entry's parameter type. UNSURE: `tensor(i)` returning `const ChipTensor&` (the
// element type is documented, the accessor's return type is not).
class ChipStorageTaskArgs {
public:
    const ChipTensor& tensor(int32_t index) const { return tensor_storage[index]; }
    uint64_t scalar(int32_t index) const { return scalar_storage[index]; }
    int32_t tensor_count() const { return num_tensors; }
    int32_t scalar_count() const { return num_scalars; }

    // Storage (model names; filled by whoever builds the arguments, e.g. a recording runtime).
    ChipTensor tensor_storage[CHIP_MAX_TENSOR_ARGS] = {};
    uint64_t scalar_storage[CHIP_MAX_SCALAR_ARGS] = {};
    int32_t num_tensors = 0;
    int32_t num_scalars = 0;
};

// fact A2, E1: the entry's parameter type, an Arg<256, 128> built from the stored entry arguments
// (each tensor an INPUT-tagged reference, each scalar copied). UNSURE: the builder's form
// (modelled as an explicit constructor).
struct ChipTaskArgs : Arg<CHIP_MAX_TENSOR_ARGS, CHIP_MAX_SCALAR_ARGS> {
    ChipTaskArgs() = default;
    explicit ChipTaskArgs(const ChipStorageTaskArgs& storage) {
        for (int32_t i = 0; i < storage.tensor_count(); ++i) add_input(storage.tensor(i));
        for (int32_t i = 0; i < storage.scalar_count(); ++i) add_scalar(storage.scalar(i));
    }
};

namespace pto2_model {
struct Access {
    template <size_t T, size_t S>
    static TensorArgType tag(const Arg<T, S>& args, uint32_t index) { return args.tensor_types_[index]; }
    static const TensorCreateInfo* create_info(const TensorRef& slot) { return slot.create_info_; }
    template <size_t T, size_t S>
    static bool has_predicate(const Arg<T, S>& args) { return args.has_predicate_; }
    template <size_t T, size_t S>
    static int32_t timing_slot(const Arg<T, S>& args) { return args.timing_slot_; }
};
}  // namespace pto2_model

// ------------------------------------------------------------------------------------------------
// Results of allocations and submits (fact L4-L7; TaskSubmitResult is gone, fact L8)
// ------------------------------------------------------------------------------------------------

// Copyable; valid only inside the scope of the submit (fact 3.5). `get_ref` works on lvalues
// only and returns `const ChipTensor&` (fact L5, 2.1).
class TaskOutputTensors {
public:
    TaskOutputTensors() = default;  // invalid id, no outputs

    bool empty() const { return count_ == 0; }
    uint32_t size() const { return count_; }

    const ChipTensor& get_ref(uint32_t index) const& {
        always_assert(index < count_);
        return *outputs_[index];
    }
    const ChipTensor& get_ref(uint32_t index) && = delete;

    PTO2TaskId task_id() const { return task_id_; }

    // Runtime-internal, public (fact L4).
    void materialize_output(const ChipTensor& tensor) {
        always_assert(count_ < CORE_MAX_TENSOR_ARGS);
        outputs_[count_++] = &tensor;
    }
    void set_task_id(PTO2TaskId id) { task_id_ = id; }

private:
    PTO2TaskId task_id_ = PTO2TaskId::invalid();
    uint32_t count_ = 0;
    const ChipTensor* outputs_[CORE_MAX_TENSOR_ARGS] = {};
};

// ------------------------------------------------------------------------------------------------
// Submit (fact 1.7): every submit takes a `const CoreTaskArgs&` (an Arg of other capacities,
// the entry's ChipTaskArgs included, does not bind).
// ------------------------------------------------------------------------------------------------

inline constexpr int32_t INVALID_KERNEL_ID = -1;  // fact U6

// fact U5
struct MixedKernels {
    int32_t aic_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv0_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv1_kernel_id = INVALID_KERNEL_ID;
};

TaskOutputTensors rt_submit_task(const MixedKernels& kernels, const CoreTaskArgs& args);  // fact U1
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const CoreTaskArgs& args);        // fact U2
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const CoreTaskArgs& args);        // fact U3
TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs& args);                         // fact U4

// ------------------------------------------------------------------------------------------------
// Allocation (fact 1.6)
// ------------------------------------------------------------------------------------------------

TaskOutputTensors alloc_tensors(const CoreTaskArgs& args);  // fact L3 (declared, not defined)

// fact L2: picked only for a const TensorCreateInfo array or pointer with an exactly-uint32_t
// count; otherwise the variadic template wins and fails its static assertion.
inline TaskOutputTensors alloc_tensors(const TensorCreateInfo create_infos[], uint32_t count) {
    CoreTaskArgs args;
    for (uint32_t i = 0; i < count; ++i) args.add_output(create_infos[i]);
    return alloc_tensors(args);
}

// fact L1: at least one argument, every one exactly TensorCreateInfo; temporaries accepted.
template <typename... Ts>
TaskOutputTensors alloc_tensors(const Ts&... create_infos) {
    static_assert(sizeof...(Ts) >= 1, "alloc_tensors needs at least one TensorCreateInfo (fact L1)");
    static_assert((std::is_same_v<Ts, TensorCreateInfo> && ...),
                  "alloc_tensors takes TensorCreateInfo arguments only (fact L1, L2)");
    static_assert(sizeof...(Ts) <= MAX_TENSOR_ARGS,
                  "alloc_tensors: more than MAX_TENSOR_ARGS create-infos (fact K1)");
    CoreTaskArgs args;
    args.add_output(create_infos...);
    return alloc_tensors(args);
}

// ------------------------------------------------------------------------------------------------
// CoreTaskArgsWithDeps (fact A20, D10, U7; the seed's ArgWithDeps renamed)
// ------------------------------------------------------------------------------------------------

template <size_t N = 16>
class CoreTaskArgsWithDeps;

template <size_t N>
TaskOutputTensors rt_submit_task(const MixedKernels& kernels, CoreTaskArgsWithDeps<N>& args);
template <size_t N>
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, CoreTaskArgsWithDeps<N>& args);
template <size_t N>
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, CoreTaskArgsWithDeps<N>& args);
// (There is no rt_submit_dummy_task overload for it, fact U7.)

// Privately derived from CoreTaskArgs: re-exports the add_* and scalar methods, the error fields,
// launch_spec and the timing slot method; hides set_dependencies (and everything else); owns N
// task ids with their kinds: add_dep marks wait+retain, add_dep_wait wait only.
template <size_t N>
class CoreTaskArgsWithDeps : private CoreTaskArgs {
public:
    using CoreTaskArgs::add_inout;
    using CoreTaskArgs::add_input;
    using CoreTaskArgs::add_no_dep;
    using CoreTaskArgs::add_output;
    using CoreTaskArgs::add_scalar;
    using CoreTaskArgs::add_scalars;
    using CoreTaskArgs::add_scalars_i32;
    using CoreTaskArgs::copy_scalars_from;
    using CoreTaskArgs::error_msg;
    using CoreTaskArgs::has_error;
    using CoreTaskArgs::launch_spec;
    using CoreTaskArgs::set_task_timing_slot;

    template <typename... Ids>
    void add_dep(Ids... ids) {
        static_assert((std::is_same_v<Ids, PTO2TaskId> && ...), "add_dep takes PTO2TaskId values (fact A20)");
        (push_dep(ids, DEP_WAIT | DEP_RETAIN), ...);
    }
    template <typename... Ids>
    void add_dep_wait(Ids... ids) {
        static_assert((std::is_same_v<Ids, PTO2TaskId> && ...),
                      "add_dep_wait takes PTO2TaskId values (fact A20, D10)");
        (push_dep(ids, DEP_WAIT), ...);
    }
    void reset() {
        CoreTaskArgs::reset();
        dep_count_ = 0;
    }

private:
    PTO2TaskId deps_[N] = {};
    DepFlags kinds_[N] = {};
    uint32_t dep_count_ = 0;

    void push_dep(PTO2TaskId id, DepFlags kind) {
        if (dep_count_ >= N) return set_error("CoreTaskArgsWithDeps: more deps than its capacity");
        deps_[dep_count_] = id;
        kinds_[dep_count_++] = kind;
    }
    const CoreTaskArgs& bound() {
        CoreTaskArgs::set_dependencies(nullptr, 0);
        CoreTaskArgs::set_dependencies_with_kinds(deps_, kinds_, dep_count_);
        return *this;
    }

    template <size_t M>
    friend TaskOutputTensors rt_submit_task(const MixedKernels&, CoreTaskArgsWithDeps<M>&);
    template <size_t M>
    friend TaskOutputTensors rt_submit_aic_task(int32_t, CoreTaskArgsWithDeps<M>&);
    template <size_t M>
    friend TaskOutputTensors rt_submit_aiv_task(int32_t, CoreTaskArgsWithDeps<M>&);
};

template <size_t N>
TaskOutputTensors rt_submit_task(const MixedKernels& kernels, CoreTaskArgsWithDeps<N>& args) {
    return rt_submit_task(kernels, args.bound());
}
template <size_t N>
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, CoreTaskArgsWithDeps<N>& args) {
    return rt_submit_aic_task(kernel_id, args.bound());
}
template <size_t N>
TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, CoreTaskArgsWithDeps<N>& args) {
    return rt_submit_aiv_task(kernel_id, args.bound());
}

// ------------------------------------------------------------------------------------------------
// Scopes (fact 1.9)
// ------------------------------------------------------------------------------------------------

enum class PTO2ScopeMode : uint8_t { AUTO = 0, MANUAL = 1 };  // fact P1 (no third mode)

void rt_scope_begin(PTO2ScopeMode mode = PTO2ScopeMode::AUTO);  // fact P5 (declared)
void rt_scope_end();

// fact P3
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

// fact P2
#define PTO2_SCOPE(...) \
    if (PTO2ScopeGuard PTO2_MODEL_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}; true)

// fact P4: the current form forwards its arguments (so it can be MANUAL).
#define PTO2_SCOPE_GUARD(...) PTO2ScopeGuard PTO2_MODEL_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}

// ------------------------------------------------------------------------------------------------
// Host reads and writes (fact 1.10), on ChipTensor
// ------------------------------------------------------------------------------------------------

template <typename T = uint64_t>
T get_tensor_data(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[]) {
    return from_u64<T>(pto2_model::tensor_data_read(tensor, ndims, indices));
}

template <typename T = uint64_t>
void set_tensor_data(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[], T value) {
    pto2_model::tensor_data_write(tensor, ndims, indices, to_u64(value));
}

// ------------------------------------------------------------------------------------------------
// Runtime binding, run state, core counts (fact E3-E6, E9)
// ------------------------------------------------------------------------------------------------

struct PTO2Runtime;

extern "C" {
void framework_bind_runtime(PTO2Runtime* runtime);
PTO2Runtime* framework_current_runtime();
PTO2Runtime* current_runtime();
}

void rt_orchestration_done();
bool rt_is_fatal();

// fact E9: core counts of this run (declared, not defined).
int32_t rt_available_cluster_count();
int32_t rt_available_aiv_count();

// fact E3
#ifndef PTO2_ORCHESTRATION_CONFIG_DEFINED
#define PTO2_ORCHESTRATION_CONFIG_DEFINED
struct PTO2OrchestrationConfig {
    int expected_arg_count;
};
#endif

// The two symbols the executor looks up by their unmangled names (fact E1, E2), now with
// `const ChipTaskArgs&`. Declared here (the runtime's header does not) so that an entry of
// another signature -- above all a half port that keeps the seed's `const ChipStorageTaskArgs&`,
// which the real runtime compiles and then misreads -- is a conflicting C declaration.
extern "C" void aicpu_orchestration_entry(const ChipTaskArgs& orch_args);
extern "C" PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args);

#endif  // PYPTO_PTO2_MODEL_CURRENT_PTO_ORCHESTRATION_API_H
