"""The API model header of the CURRENT generation (tests/support/pto2_model/current/,
hw-native-sys/simpler 6ebaf7715), written from the facts docs/runtime-api.md lists, like the seed
model.

The printer emits this generation with `-t 'pto2-cpp{api=current}'` (every such file of the suite
compiles against this model: tests/test_pto2_cpp_compile.py). Here:

- the current API shape compiles under `-std=c++17 -Wall -Wextra -Werror`: a file shaped like the
  printer's output ported to the current API (`ChipTaskArgs`, `CoreTaskArgs`, `ChipTensor`,
  `orch_args.tensor(i).ref()`), and the current generation's other items, the new ones included
  (`set_dependencies_with_kinds`, `add_dep_wait`, `set_predicate`, the core-count queries);
- each documented restriction or trap of the current API that a compiler can see is a compile
  error: every negative snippet fails with a pinned fragment of g++'s message, and its "fixed"
  twin compiles (so a snippet cannot pass by failing for an unrelated reason);
- a file of one generation does not compile against the other generation's model, the half port
  (the seed's `const ChipStorageTaskArgs&` entry kept with a current body) included, both ways;
- the runtime entry points are declared, not defined, and the recording runtime of this folder
  defines them: a small program and its seed twin print the same task lines.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest

from support import model_header

CURRENT = "current"
HEADER = model_header.include_dir(CURRENT) / "pto_orchestration_api.h"
# A seed-generation file: the printer's reference output for examples/orch_basic.mlir.
SEED_FILE = (Path(__file__).parent / "support" / "examples" / "orch_basic_expected.cpp").read_text()


def check(cpp: str, name: str = "orch.cpp", generation: str = CURRENT) -> subprocess.CompletedProcess:
    return model_header.compile_check(cpp, name, generation=generation)


PRELUDE = """\
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <utility>
#include "pto_orchestration_api.h"

void snippet(const ChipTaskArgs& orch_args) {
    ChipTensor ext_a = orch_args.tensor(0).ref();
    ChipTensor ext_b = orch_args.tensor(1).ref();
    uint32_t shapes[2] = {16, 16};
    uint32_t offsets[2] = {0, 0};
    TensorCreateInfo ci(shapes, 2, DataType::FLOAT32);
    CoreTaskArgs params;
    PTO2TaskId tid = PTO2TaskId::invalid();
    (void)ext_a; (void)ext_b; (void)shapes; (void)offsets; (void)ci; (void)params; (void)tid;
"""


def _wrap(body: str) -> str:
    return PRELUDE + body + "\n}\n"


# --------------------------------------------------------------------------------- positive forms

# The printer's forms (test_pto2_model_header.USED_TODAY) in the current API's spelling.
CURRENT_SHAPE = """\
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"

extern "C" {

__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 5 };
}

__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    // External tensors
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    ChipTensor ext_b = orch_args.tensor(1).ref();
    const ChipTensor& ext_o = orch_args.tensor(2).ref();
    int64_t M = (int64_t)orch_args.tensor(0).ref().shapes[0];

    // Scalar parameters
    union { uint64_t u64; float val; } s_conv;
    s_conv.u64 = orch_args.scalar(0);
    float s = s_conv.val;
    union { uint64_t u64; int64_t val; } n_conv;
    n_conv.u64 = orch_args.scalar(1);
    int64_t n = n_conv.val;
    bool flag = from_u64<bool>(orch_args.scalar(2));

    PTO2_SCOPE() {
        uint32_t c_ci_shapes[2] = {(uint32_t)M, 16};
        TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
        c_ci.set_initial_value(1.0f);
        uint32_t h_ci_shapes[1] = {4};
        TensorCreateInfo h_ci(h_ci_shapes, 1, DataType::BFLOAT16, true);
        h_ci.set_initial_value(static_cast<uint16_t>(0x3e00));
        TaskOutputTensors alloc_0 = alloc_tensors(c_ci, h_ci);
        const ChipTensor& c = alloc_0.get_ref(0);
        const ChipTensor& h = alloc_0.get_ref(1);
        PTO2TaskId alloc_0_tid = alloc_0.task_id();

        uint32_t top_shapes[2] = {8, 16};
        uint32_t top_offsets[2] = {0, 0};
        ChipTensor top = c.view(top_shapes, top_offsets);
        uint32_t flat_shapes[1] = {256};
        ChipTensor flat = ext_a.reshape(flat_shapes, 1);
        uint32_t col_shapes[2] = {16, 1};
        uint32_t col_offsets[2] = {0, 3};
        ChipTensor col = ext_a.view(col_shapes, col_offsets).slice(0, 0, 13, 4);
        ChipTensor xt = ext_b.transpose(0, 1);
        int64_t pm = (int64_t)top.shapes[0];

        // Task 0: k
        CoreTaskArgs params_t0;
        params_t0.add_input(ext_a);
        params_t0.add_input(flat);
        params_t0.add_output(c);
        params_t0.add_inout(top);
        params_t0.add_no_dep(h);
        params_t0.add_scalar((uint64_t)pm);
        params_t0.add_scalar(to_u64(s));
        params_t0.add_scalar(to_u64(flag));
        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
        PTO2TaskId t0 = task_0_outs.task_id();

        // Task 1: a runtime-created output
        uint32_t r_ci_shapes[2] = {16, 16};
        TensorCreateInfo r_ci(r_ci_shapes, 2, DataType::INT32);
        CoreTaskArgs params_t1;
        params_t1.add_input(col);
        params_t1.add_input(xt);
        params_t1.add_output(r_ci);
        TaskOutputTensors task_1_outs = rt_submit_aic_task(1, params_t1);
        const ChipTensor& r = task_1_outs.get_ref(0);

        // Task 2: two AIV kernels, then AIC + AIV
        MixedKernels mixed_0 = {INVALID_KERNEL_ID, 0, 1};
        CoreTaskArgs params_t2;
        params_t2.add_input(r);
        params_t2.add_output(ext_o);
        rt_submit_task(mixed_0, params_t2);
        MixedKernels mixed_1 = {2, 3, INVALID_KERNEL_ID};
        CoreTaskArgs params_t2b;
        params_t2b.add_input(r);
        params_t2b.add_output(ext_o);
        rt_submit_task(mixed_1, params_t2b);

        ChipTensor x = c;
        ChipTensor sel = ext_a;
        if (n == 0) {
            sel = r;
        } else {
            sel = ext_b;
        }
        PTO2TaskId tids[2];
        for (int64_t i = 0; i < 2; ++i)
            tids[i] = PTO2TaskId::invalid();
        tids[0] = t0;
        PTO2TaskId first = tids[0];
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            for (int64_t i = 0; i < n; i += 1) {
                // Task 3: kio
                CoreTaskArgs params_t3;
                params_t3.add_input(sel);
                params_t3.add_inout(x);
                PTO2TaskId params_t3_deps[4];
                uint32_t params_t3_deps_count = 0;
                params_t3_deps[params_t3_deps_count++] = alloc_0_tid;
                if (first.is_valid()) params_t3_deps[params_t3_deps_count++] = first;
                for (int64_t k = 0; k < 2; ++k) {
                    if (tids[k].is_valid())
                        params_t3_deps[params_t3_deps_count++] = tids[k];
                }
                params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
                rt_submit_aiv_task(2, params_t3);
            }
            // Task 4: barrier
            CoreTaskArgs params_t4;
            PTO2TaskId params_t4_deps[1];
            uint32_t params_t4_deps_count = 0;
            params_t4_deps[params_t4_deps_count++] = t0;
            params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
            rt_submit_dummy_task(params_t4);
        }

        uint32_t indices_v[2] = {0, (uint32_t)n};
        float v = get_tensor_data<float>(ext_o, 2, indices_v);
        (void)get_tensor_data<int64_t>(ext_a, 2, indices_v);
        set_tensor_data<float>(ext_b, 2, indices_v, v + 1.0f);
    }
}

}  // extern "C"
"""

# The current generation's items beyond that shape, the new ones included.
OTHER_ITEMS = _wrap("""\
    static_assert(PTO2_HEAP_SIZE == 256 * 1024 * 1024 && PTO2_TASK_WINDOW_SIZE == 16384, "K10, K11");
    static_assert(MAX_TENSOR_ARGS == 32 && MAX_SCALAR_ARGS == 16 && SIMPLER_DFX == 1, "K1, K2, A17");
    static_assert(CHIP_MAX_TENSOR_ARGS == 256 && CHIP_MAX_SCALAR_ARGS == 128 && MAX_TENSOR_DIMS == 5, "K3-K5");
    static_assert(PTO2_ERROR_TENSORMAP_OVERFLOW == 11 && INVALID_KERNEL_ID == -1, "K12, U6");
    static_assert(static_cast<int>(DataType::DATA_TYPE_NUM) == 15, "Y1");
    static_assert(std::is_same_v<CoreTaskArgs, Arg<32, 16>>, "A7");
    static_assert(std::is_base_of_v<Arg<256, 128>, ChipTaskArgs>, "A2");
    static_assert(!std::is_copy_constructible_v<CoreTaskArgs> && !std::is_move_assignable_v<CoreTaskArgs>, "A6");
    static_assert(!std::is_copy_constructible_v<TensorRef>, "X3");
#if defined(PTO2_PROFILING) || defined(LOG_INFO_V0) || defined(LOG_INFO_V9)
#error "macros the current generation dropped (fact E8, 2.4)"
#endif
#if !defined(errno) || !defined(BIG_ENDIAN) || !defined(CLONE_VM) || !defined(WNOHANG) || !defined(always_assert)
#error "macros of fact 2.4 missing"
#endif
    LOG_ERROR("error %d", 1);
    LOG_WARN("warn");
    LOG_INFO("info %s", "x");
    LOG_DEBUG("debug");
    LOG_TIMING("timing %d", 2);
    if (rt_is_fatal()) rt_report_fatal(PTO2_ERROR_INVALID_ARGS, "fatal %d", 1);
    int32_t cores = rt_available_cluster_count() + rt_available_aiv_count();  // E9
    int32_t counts = orch_args.tensor_count() + orch_args.scalar_count();     // A5
    (void)cores; (void)counts;

    // tensors (T1-T13, Y1-Y4)
    ChipTensor blank;  // public default constructor
    ChipTensor zeroed{};
    blank = ext_a;
    uint32_t order[2] = {1, 0};
    ChipTensor perm = ext_a.permute(order, true);
    uint32_t idx[2] = {1, 1};
    uint64_t facts = perm.numel() + perm.extent_elem() + perm.compute_flat_offset(idx, 2) + perm.nbytes() +
                     perm.buffer.addr + perm.buffer.size + perm.start_offset + perm.strides[0] +
                     perm.extent_elem_cache + static_cast<uint64_t>(perm.version) + perm.ndims;
    bool flags = perm.manual_dep && perm.is_contiguous && perm.owner_task_id.is_invalid() &&
                 perm.dtype == DataType::FLOAT32 && perm.address_space == AddressSpace::HOST &&
                 !perm.is_device_memory();
    float* host = perm.data_as<float>();
    std::string text = perm.dump();
    ChipTensor ext = make_tensor_external(nullptr, shapes, 2);
    ChipTensor dev = make_tensor_external(nullptr, shapes, 2, DataType::FP8E4M3FN, true, 3, AddressSpace::DEVICE);
    uint32_t strides[2] = {32, 2};
    ChipTensor strided = make_tensor_strided(nullptr, shapes, strides, 2, DataType::INT8, false, 0,
                                             AddressSpace::HOST);
    uint32_t empty_shapes[2] = {0, 16};
    uint32_t far_offsets[2] = {99, 99};
    ChipTensor empty = ext.view(empty_shapes, far_offsets);  // T2: an empty view ignores offsets
    ChipTensor sliced = ext.slice(1, 0, 8, 2, true);
    ChipTensor reshaped = ext.reshape(shapes, 2, true);
    ChipTensor swapped = ext.transpose(1, 0, true);
    TensorCreateInfo plain(shapes, 2);
    TensorCreateInfo blank_ci;
    blank_ci.copy(ci);
    blank_ci.set_initial_value<int16_t>(-1);
    uint64_t sizes = plain.buffer_size_bytes() + get_element_size(DataType::FP4E2M1) + dtype_of<double>();
    const char* name = get_dtype_name(DataType::FP8E8M0);
    uint64_t bits = to_u64(-1) + to_u64(AddressSpace::DEVICE);
    float back = from_u64<float>(to_u64(2.0f));
    static_assert(is_supported_scalar_arg_v<const int&> && !is_supported_scalar_arg_v<int*>, "S3");
    (void)zeroed; (void)facts; (void)flags; (void)host; (void)text; (void)dev; (void)strided; (void)empty;
    (void)sliced; (void)reshaped; (void)swapped; (void)sizes; (void)name; (void)bits; (void)back;

    // args (A3, A6-A19, D6-D9)
    const TensorRef& slot = orch_args.tensor(1);
    const ChipTensor& entry = slot.ref();
    CoreTaskArgs fresh{};
    fresh.add_input(ext_a, ext_b, entry);
    fresh.add_inout(ext_a);
    fresh.add_output(ci, plain);
    fresh.add_output(ext_a, ext_b);
    fresh.add_no_dep(ext_b);
    fresh.add_scalar(1, 2.0, 3.0f, true, DataType::INT8, PTO2ScopeMode::MANUAL, PredicateOp::GE, DEP_WAIT);
    uint64_t many[2] = {1, 2};
    int32_t many32[2] = {-1, 2};
    fresh.add_scalars(many, 2);
    fresh.add_scalars_i32(many32, 2);
    fresh.copy_scalars_from(params, 0, 0);
    fresh.launch_spec.set_block_num(4);
    fresh.launch_spec.set_require_sync_start(fresh.launch_spec.block_num() > 1);
    fresh.set_allow_early_resolve();
    int32_t ten = 10;
    fresh.dump(ext_a, ci, ten);
    PTO2TaskId deps[2] = {tid, PTO2TaskId::make(1, 2)};
    DepFlags kinds[2] = {DEP_WAIT, DEP_WAIT | DEP_RETAIN};
    kinds[0] |= DEP_RETAIN;
    fresh.set_dependencies_with_kinds(deps, kinds, 2);
    bool retains = (fresh.explicit_dep_kind(0) & DEP_RETAIN) != DEP_NONE;
    uint32_t ndeps = fresh.explicit_dep_count() + fresh.explicit_dep(0).local();
    const PTO2TaskId* dep_data = fresh.explicit_deps_data();
    CoreTaskPredicate predicate{};
    predicate.op = PredicateOp::NE;
    fresh.set_predicate(predicate);
    fresh.set_task_timing_slot(3);
    bool early = fresh.allow_early_resolve() || fresh.launch_spec.require_sync_start();
    int32_t arg_counts = fresh.tensor_count() + fresh.scalar_count() + fresh.tensor(0).ref().ndims;
    if (fresh.has_error) printf("%s\\n", fresh.error_msg);
    fresh.set_error("x");
    fresh.clear();
    fresh.reset();
    Arg<4, 2> small;
    small.add_input(ext_a);
    (void)retains; (void)ndeps; (void)dep_data; (void)early; (void)arg_counts;

    // entry packs (A1, A2): the stored form still exists and builds the entry's form
    static ChipStorageTaskArgs storage;
    const ChipTensor& stored = storage.tensor(0);
    uint64_t stored_scalar = storage.scalar(0) + static_cast<uint64_t>(storage.tensor_count());
    ChipTaskArgs built(storage);
    (void)stored; (void)stored_scalar; (void)built;

    // allocation and results (L1-L7)
    const TensorCreateInfo cis[2] = {ci, ci};
    TaskOutputTensors by_array = alloc_tensors(cis, uint32_t{2});
    CoreTaskArgs only_outputs;
    only_outputs.add_output(ci);
    TaskOutputTensors by_arg = alloc_tensors(only_outputs);
    TaskOutputTensors temporaries = alloc_tensors(TensorCreateInfo(shapes, 2), ci);
    TaskOutputTensors copied = by_array;
    copied = temporaries;
    bool sizes2 = copied.empty() || copied.size() == 2 || by_arg.task_id() != temporaries.task_id();
    ChipTensor out_copy = copied.get_ref(1);
    params.add_input(copied.get_ref(0));  // a const lvalue
    (void)sizes2; (void)out_copy;

    // task ids (D1-D5)
    PTO2TaskId braced = PTO2TaskId{5};
    PTO2TaskId eq = {5};
    static_assert(PTO2TaskId::invalid().is_invalid() && PTO2TaskId::make(1, 2).ring() == 1, "D2-D4");
    bool same = braced == eq || braced != PTO2TaskId{};
    (void)same;

    // CoreTaskArgsWithDeps (A20, D10, U7)
    MixedKernels aic_aiv = {0, 1, INVALID_KERNEL_ID};
    CoreTaskArgsWithDeps<> with_deps;
    with_deps.add_input(ext_a);
    with_deps.add_output(ci);
    with_deps.add_scalar(1);
    with_deps.add_dep(braced, eq);
    with_deps.add_dep_wait(tid);
    with_deps.set_task_timing_slot(15);
    with_deps.launch_spec.set_block_num(2);
    if (with_deps.has_error) printf("%s\\n", with_deps.error_msg);
    rt_submit_task(aic_aiv, with_deps);
    rt_submit_aic_task(0, with_deps);
    CoreTaskArgsWithDeps<4> four;
    four.add_inout(ext_b);
    rt_submit_aiv_task(1, four);
    four.reset();

    // scopes (P1-P5): PTO2_SCOPE_GUARD now takes the mode
    rt_scope_begin(PTO2ScopeMode::MANUAL);
    rt_scope_end();
    {
        PTO2_SCOPE_GUARD();
        PTO2_SCOPE_GUARD(PTO2ScopeMode::MANUAL);
        PTO2ScopeGuard located(PTO2ScopeMode::AUTO, "file.cpp", 3);
    }
    PTO2_SCOPE() { PTO2_SCOPE(PTO2ScopeMode::MANUAL) {} }

    // host access (H1, H2)
    uint64_t raw = get_tensor_data(ext_a, 2, idx);
    set_tensor_data(ext_a, 2, idx, raw);
    set_tensor_data<int8_t>(dev, 2, idx, 3);

    // runtime binding (E4, E5)
    framework_bind_runtime(current_runtime());
    (void)framework_current_runtime();
    rt_orchestration_done();
""")


def test_the_header_says_it_is_our_model() -> None:
    for path in (HEADER, HEADER.with_name("pto2_model_base.h")):
        head = path.read_text()[:2000]
        assert "API MODEL" in head, path
        assert "6ebaf7715" in head, path
        assert "fact" in head, path


def test_the_current_api_shape_compiles() -> None:
    res = check(CURRENT_SHAPE, "current_shape.cpp")
    assert res.returncode == 0, res.stderr


def test_the_current_generations_other_items_exist() -> None:
    res = check(OTHER_ITEMS, "other_items.cpp")
    assert res.returncode == 0, res.stderr


def test_a_generation_can_be_chosen_and_seed_is_the_default() -> None:
    assert model_header.GENERATIONS == ("seed", "current")
    assert model_header.include_dir() == model_header.INCLUDE_DIR == model_header.include_dir("seed")
    assert model_header.record_runtime(CURRENT).parent == model_header.include_dir(CURRENT)
    assert model_header.compile_check(CURRENT_SHAPE).returncode != 0  # the default is the seed


# --------------------------------------------------------------------------------- restrictions

def _many(item: str, n: int) -> str:
    return ", ".join([item] * n)


# (id, bad body, fixed body, a substring g++'s diagnostics must contain for the bad body)
NEGATIVE = [
    # fact A6, A7, 2.1: Arg is a template without defaults; copy and move are deleted
    ("arg_without_arguments", "Arg x; (void)x;", "CoreTaskArgs x; (void)x;",
     "class template argument deduction failed"),
    ("arg_copy", "CoreTaskArgs x = params; (void)x;", "CoreTaskArgs x; (void)x;",
     "use of deleted function 'Arg<MaxT, MaxS>::Arg(const Arg<MaxT, MaxS>&)"),
    ("arg_move", "CoreTaskArgs x(std::move(params)); (void)x;", "CoreTaskArgs x; (void)x;",
     "use of deleted function 'Arg<MaxT, MaxS>::Arg(Arg<MaxT, MaxS>&&)"),
    ("arg_assign", "CoreTaskArgs x; x = params;", "CoreTaskArgs x; x.reset();",
     "use of deleted function 'Arg<MaxT, MaxS>& Arg<MaxT, MaxS>::operator=(const Arg<MaxT, MaxS>&)"),
    # fact 2.2, 4.1: the seed's names that are gone
    ("from_tensor_arg_gone", "ChipTensor x = from_tensor_arg(orch_args.tensor(0)); (void)x;",
     "ChipTensor x = orch_args.tensor(0).ref(); (void)x;", "'from_tensor_arg' was not declared"),
    ("continuous_tensor_gone", "const ContinuousTensor& c = orch_args.tensor(0); (void)c;",
     "const TensorRef& c = orch_args.tensor(0); (void)c;", "'ContinuousTensor' does not name a type"),
    ("arg_with_deps_renamed", "ArgWithDeps<> d; (void)d;", "CoreTaskArgsWithDeps<> d; (void)d;",
     "'ArgWithDeps' was not declared"),
    ("task_submit_result_gone", "TaskSubmitResult r = alloc_tensors(ci); (void)r;",
     "TaskOutputTensors r = alloc_tensors(ci); (void)r;", "'TaskSubmitResult' was not declared"),
    ("log_info_v_gone", 'LOG_INFO_V0("x");', 'LOG_INFO("x");', "'LOG_INFO_V0' was not declared"),
    # fact X3, X4, A3: an entry tensor is a non-copyable TensorRef; its tensor is .ref()
    ("entry_tensor_shapes_without_ref", "uint32_t e = orch_args.tensor(0).shapes[0]; (void)e;",
     "uint32_t e = orch_args.tensor(0).ref().shapes[0]; (void)e;", "has no member named 'shapes'"),
    ("tensor_ref_copy", "auto slot = orch_args.tensor(0); (void)slot;",
     "const auto& slot = orch_args.tensor(0); (void)slot;",
     "use of deleted function 'TensorRef::TensorRef(const TensorRef&)'"),
    ("add_input_tensor_ref", "params.add_input(orch_args.tensor(0));",
     "params.add_input(orch_args.tensor(0).ref());", "add_input takes ChipTensor arguments only"),
    ("get_tensor_data_tensor_ref",
     "uint32_t idx[2] = {0, 0}; float v = get_tensor_data<float>(orch_args.tensor(0), 2, idx); (void)v;",
     "uint32_t idx[2] = {0, 0}; float v = get_tensor_data<float>(orch_args.tensor(0).ref(), 2, idx); (void)v;",
     "reference of type 'const ChipTensor&' from expression of type 'const TensorRef'"),
    # fact T1, 2.3: `Tensor` is the unrelated host wire type now
    ("tensor_from_chip_tensor", "Tensor x = ext_a; (void)x;", "ChipTensor x = ext_a; (void)x;",
     "conversion from 'ChipTensor' to non-scalar type 'Tensor'"),
    ("tensor_ref_from_get_ref",
     "TaskOutputTensors outs = alloc_tensors(ci); const Tensor& t = outs.get_ref(0); (void)t;",
     "TaskOutputTensors outs = alloc_tensors(ci); const ChipTensor& t = outs.get_ref(0); (void)t;",
     "invalid initialization of reference of type 'const Tensor&'"),
    ("chip_tensor_fieldwise_ctor",
     "ChipTensor x(0, 0, tid, 0, shapes, 2, DataType::FLOAT32, 0, false, AddressSpace::HOST); (void)x;",
     "ChipTensor x = make_tensor_external(nullptr, shapes, 2); (void)x;", "is private within this context"),
    ("create_info_to_chip_tensor", "ChipTensor x = ci; (void)x;",
     "ChipTensor x = make_tensor_external(nullptr, ci.shapes, ci.ndims, ci.dtype); (void)x;",
     "conversion from 'TensorCreateInfo' to non-scalar type 'ChipTensor'"),
    # fact L5, 2.1: get_ref is lvalue-only and returns const ChipTensor&
    ("get_ref_on_rvalue", "const ChipTensor& t = alloc_tensors(ci).get_ref(0); (void)t;",
     "TaskOutputTensors outs = alloc_tensors(ci); const ChipTensor& t = outs.get_ref(0); (void)t;",
     "use of deleted function 'const ChipTensor& TaskOutputTensors::get_ref(uint32_t) &&'"),
    ("get_ref_non_const",
     "TaskOutputTensors outs = alloc_tensors(ci); ChipTensor& t = outs.get_ref(0); (void)t;",
     "TaskOutputTensors outs = alloc_tensors(ci); const ChipTensor& t = outs.get_ref(0); (void)t;",
     "binding reference of type 'ChipTensor&' to 'const ChipTensor' discards qualifiers"),
    # fact A8, A9, T8, 2.1: temporaries are compile errors in the current generation
    ("add_input_view_temporary", "params.add_input(ext_a.view(shapes, offsets));",
     "ChipTensor v = ext_a.view(shapes, offsets); params.add_input(v);", "temporary"),
    ("add_inout_temporary", "params.add_inout(ext_a.transpose(0, 1));",
     "ChipTensor t = ext_a.transpose(0, 1); params.add_inout(t);", "temporary"),
    ("add_no_dep_temporary", "params.add_no_dep(ChipTensor(ext_a));", "params.add_no_dep(ext_a);",
     "temporary"),
    ("add_output_create_info_temporary", "params.add_output(TensorCreateInfo(shapes, 2));",
     "TensorCreateInfo c2(shapes, 2); params.add_output(c2);", "temporary"),
    ("add_output_tensor_temporary", "params.add_output(ext_a.slice(0, 0, 8));",
     "ChipTensor s = ext_a.slice(0, 0, 8); params.add_output(s);", "temporary"),
    # fact A9-A12, S3: argument kinds and counts
    ("add_output_mixed", "params.add_output(ci, ext_a);", "params.add_output(ci); params.add_output(ext_a);",
     "never mixed"),
    ("add_inout_create_info", "params.add_inout(ci);", "params.add_inout(ext_a);",
     "add_inout takes ChipTensor arguments only"),
    ("add_input_empty", "params.add_input();", "params.add_input(ext_a);",
     "add_input needs at least one tensor"),
    ("add_scalar_pointer", 'params.add_scalar("x");', "params.add_scalar(1.0f);", "arithmetic or enum"),
    ("add_scalar_tensor", "params.add_scalar(ext_a);", "params.add_scalar(ext_a.ndims);",
     "arithmetic or enum"),
    ("add_scalar_empty", "params.add_scalar();", "params.add_scalar(uint64_t{1});",
     "add_scalar needs at least one value"),
    # fact A17: dump takes lvalues of tensors, create-infos or scalars
    ("dump_temporary", "params.dump(1);", "int one = 1; params.dump(one);", "dump takes lvalues only"),
    ("dump_task_id", "params.dump(tid);", "params.dump(ext_a);", "scalar lvalues"),
    # fact K1, K2 (stricter than the runtime: per call)
    ("add_input_33_tensors", f"params.add_input({_many('ext_a', 33)});",
     f"params.add_input({_many('ext_a', 32)});", "MAX_TENSOR_ARGS"),
    ("add_scalar_17_values", f"params.add_scalar({_many('1', 17)});",
     f"params.add_scalar({_many('1', 16)});", "MAX_SCALAR_ARGS"),
    ("alloc_tensors_33", f"TaskOutputTensors o = alloc_tensors({_many('ci', 33)}); (void)o;",
     f"TaskOutputTensors o = alloc_tensors({_many('ci', 32)}); (void)o;", "MAX_TENSOR_ARGS"),
    # fact L1, L2, L3: alloc_tensors' overloads
    ("alloc_tensors_empty", "TaskOutputTensors o = alloc_tensors(); (void)o;",
     "TaskOutputTensors o = alloc_tensors(ci); (void)o;", "at least one TensorCreateInfo"),
    ("alloc_tensors_tensor", "TaskOutputTensors o = alloc_tensors(ext_a); (void)o;",
     "TaskOutputTensors o = alloc_tensors(ci); (void)o;", "TensorCreateInfo arguments only"),
    ("alloc_tensors_int_count",
     "const TensorCreateInfo cis[2] = {ci, ci}; TaskOutputTensors o = alloc_tensors(cis, 2); (void)o;",
     "const TensorCreateInfo cis[2] = {ci, ci}; TaskOutputTensors o = alloc_tensors(cis, 2u); (void)o;",
     "TensorCreateInfo arguments only"),
    ("alloc_tensors_non_const_array",
     "TensorCreateInfo cis[2] = {ci, ci}; TaskOutputTensors o = alloc_tensors(cis, 2u); (void)o;",
     "const TensorCreateInfo cis[2] = {ci, ci}; TaskOutputTensors o = alloc_tensors(cis, 2u); (void)o;",
     "TensorCreateInfo arguments only"),
    # fact U1-U4, L3: every submit takes a CoreTaskArgs, not the entry's pack or other capacities
    ("submit_entry_args", "rt_submit_aiv_task(0, orch_args);", "rt_submit_aiv_task(0, params);",
     "no matching function for call to 'rt_submit_aiv_task(int, const ChipTaskArgs&)'"),
    ("submit_other_capacity", "Arg<8, 4> a; a.add_input(ext_a); rt_submit_dummy_task(a);",
     "CoreTaskArgs a; a.add_input(ext_a); rt_submit_dummy_task(a);",
     "'const CoreTaskArgs&' {aka 'const Arg<32, 16>&'} from expression of type 'Arg<8, 4>'"),
    # fact D1, D5, 2.3: PTO2TaskId
    ("task_id_from_int", "PTO2TaskId t = 5; (void)t;", "PTO2TaskId t = PTO2TaskId{5}; (void)t;",
     "conversion from 'int' to non-scalar type 'PTO2TaskId'"),
    ("task_id_to_int", "uint64_t r = tid; (void)r;", "uint64_t r = tid.raw; (void)r;",
     "cannot convert 'PTO2TaskId' to 'uint64_t'"),
    ("task_id_ordering", "bool b = tid < PTO2TaskId{1}; (void)b;", "bool b = tid != PTO2TaskId{1}; (void)b;",
     "no match for 'operator<' (operand types are 'PTO2TaskId' and 'PTO2TaskId')"),
    # fact Y1, 2.3: DataType and scope modes are scoped enums
    ("datatype_from_int", "DataType d = 3; (void)d;", "DataType d = DataType::INT16; (void)d;",
     "cannot convert 'int' to 'DataType'"),
    ("create_info_int_dtype", "TensorCreateInfo c2(shapes, 2, 2); (void)c2;",
     "TensorCreateInfo c2(shapes, 2, DataType::INT32); (void)c2;",
     "no matching function for call to 'TensorCreateInfo::TensorCreateInfo(uint32_t [2], int, int)'"),
    ("scope_mode_from_int", "PTO2_SCOPE(1) {}", "PTO2_SCOPE(PTO2ScopeMode::MANUAL) {}",
     "no matching function for call to 'PTO2ScopeGuard::PTO2ScopeGuard(<brace-enclosed initializer list>)'"),
    ("scope_guard_implicit", "PTO2ScopeGuard g = PTO2ScopeMode::MANUAL;",
     "PTO2ScopeGuard g{PTO2ScopeMode::MANUAL};",
     "conversion from 'PTO2ScopeMode' to non-scalar type 'PTO2ScopeGuard'"),
    # fact D6-D10, A20: dependencies
    ("arg_add_dep", "params.add_dep(tid);", "params.set_dependencies(&tid, 1);",
     "has no member named 'add_dep'"),
    ("dep_flags_from_int", "DepFlags f = 1; (void)f;", "DepFlags f = DEP_WAIT; (void)f;",
     "invalid conversion from 'int' to 'DepFlags'"),
    ("set_dependencies_with_int_kinds",
     "uint8_t kinds[1] = {1}; params.set_dependencies_with_kinds(&tid, kinds, 1);",
     "DepFlags kinds[1] = {DEP_WAIT}; params.set_dependencies_with_kinds(&tid, kinds, 1);",
     "to 'const DepFlags*'"),
    ("set_dependencies_int_array", "int deps[1] = {0}; params.set_dependencies(deps, 1);",
     "PTO2TaskId deps[1] = {PTO2TaskId{0}}; params.set_dependencies(deps, 1);",
     "cannot convert 'int [1]' to 'const PTO2TaskId*'"),
    ("with_deps_set_dependencies", "CoreTaskArgsWithDeps<> d; d.set_dependencies(&tid, 1);",
     "CoreTaskArgsWithDeps<> d; d.add_dep(tid);",
     "Arg<MaxT, MaxS>::set_dependencies(const PTO2TaskId*, uint32_t)"),
    ("with_deps_dummy", "CoreTaskArgsWithDeps<> d; d.add_input(ext_a); rt_submit_dummy_task(d);",
     "CoreTaskArgsWithDeps<> d; d.add_input(ext_a); rt_submit_aiv_task(0, d);",
     "'Arg<32, 16>' is an inaccessible base of 'CoreTaskArgsWithDeps<>'"),
    ("add_dep_wait_int", "CoreTaskArgsWithDeps<> d; d.add_dep_wait(3);",
     "CoreTaskArgsWithDeps<> d; d.add_dep_wait(tid);", "add_dep_wait takes PTO2TaskId values"),
    # fact A18: a predicate's op is a PredicateOp
    ("predicate_op_from_int", "CoreTaskPredicate p{}; p.op = 1; params.set_predicate(p);",
     "CoreTaskPredicate p{}; p.op = PredicateOp::EQ; params.set_predicate(p);",
     "cannot convert 'int' to 'PredicateOp'"),
    # fact H1, H2: the index array is const uint32_t*-compatible only
    ("get_tensor_data_int_indices",
     "int idx[2] = {0, 0}; float v = get_tensor_data<float>(ext_a, 2, idx); (void)v;",
     "uint32_t idx[2] = {0, 0}; float v = get_tensor_data<float>(ext_a, 2, idx); (void)v;",
     "invalid conversion from 'int*' to 'const uint32_t*'"),
    ("set_tensor_data_int_indices", "int idx[2] = {0, 0}; set_tensor_data<float>(ext_a, 2, idx, 1.0f);",
     "uint32_t idx[2] = {0, 0}; set_tensor_data<float>(ext_a, 2, idx, 1.0f);",
     "invalid conversion from 'int*' to 'const uint32_t*'"),
    # fact E3, U5: one-member config, three-member MixedKernels
    ("config_two_members", "PTO2OrchestrationConfig c{1, 2}; (void)c;",
     "PTO2OrchestrationConfig c{ .expected_arg_count = 1 }; (void)c;", "too many initializers"),
    ("mixed_kernels_four_ids", "MixedKernels m = {0, 1, 2, 3}; (void)m;", "MixedKernels m = {0, 1, 2}; (void)m;",
     "too many initializers"),
]

# fact 2.4: object-like macros of the current header, the new ones included.
MACRO_NAMES = ["PTO2_HEAP_SIZE", "PTO2_ERROR_TENSORMAP_OVERFLOW", "SIMPLER_DFX", "MAX_TENSOR_ARGS",
               "errno", "BIG_ENDIAN"]
NEGATIVE += [
    (f"macro_name_{name}",
     f"TaskOutputTensors alloc_0 = alloc_tensors(ci); const ChipTensor& {name} = alloc_0.get_ref(0); (void){name};",
     f"TaskOutputTensors alloc_0 = alloc_tensors(ci); const ChipTensor& {name}_1 = alloc_0.get_ref(0); "
     f"(void){name}_1;",
     "__errno_location" if name == "errno" else "before numeric constant")
    for name in MACRO_NAMES
]


@pytest.mark.parametrize(("bad", "fixed", "expect"), [c[1:] for c in NEGATIVE], ids=[c[0] for c in NEGATIVE])
def test_a_restriction_is_a_compile_error(bad: str, fixed: str, expect: str) -> None:
    res = check(_wrap(bad), "bad.cpp")
    assert res.returncode != 0, f"compiles, but must not:\n{bad}"
    assert expect in res.stderr, f"fails, but not for the expected reason ({expect!r}):\n{res.stderr}"
    ok = check(_wrap(fixed), "fixed.cpp")
    assert ok.returncode == 0, f"the fixed twin does not compile:\n{fixed}\n{ok.stderr}"


def test_the_negative_snippets_are_distinct_and_documented() -> None:
    assert len({c[0] for c in NEGATIVE}) == len(NEGATIVE) >= 50
    doc = (Path(__file__).parents[1] / "docs" / "testing.md").read_text()
    assert [c[0] for c in NEGATIVE if f"`{c[0]}`" not in doc] == []


# --------------------------------------------------------------------------------- the two generations

SEED_ENTRY = "void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args)"
CURRENT_ENTRY = "void aicpu_orchestration_entry(const ChipTaskArgs& orch_args)"
SEED_CONFIG = "PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args)"
CURRENT_CONFIG = "PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args)"


def test_a_half_port_that_keeps_the_seed_entry_is_a_compile_error() -> None:
    # fact A1, E1: the real runtime compiles it (C linkage, the type exists) and misreads the
    # arguments at run time; against the current model it is a conflicting C declaration
    assert CURRENT_ENTRY in CURRENT_SHAPE
    assert CURRENT_CONFIG in CURRENT_SHAPE
    res = check(CURRENT_SHAPE.replace(CURRENT_ENTRY, SEED_ENTRY), "half_port.cpp")
    assert res.returncode != 0
    assert "conflicting declaration of C function 'void aicpu_orchestration_entry(const ChipStorageTaskArgs&)'" \
        in res.stderr, res.stderr
    res = check(CURRENT_SHAPE.replace(CURRENT_CONFIG, SEED_CONFIG), "half_port_config.cpp")
    assert res.returncode != 0
    assert "conflicting declaration of C function 'PTO2OrchestrationConfig aicpu_orchestration_config(" \
        in res.stderr, res.stderr


@pytest.mark.parametrize("bad", [
    (CURRENT_ENTRY, "void aicpu_orchestration_entry(ChipTaskArgs& orch_args)"),
    (CURRENT_CONFIG, "int aicpu_orchestration_config(const ChipTaskArgs& orch_args)"),
], ids=["entry_non_const", "config_returns_int"])
def test_an_entry_point_of_another_signature_is_a_compile_error(bad: tuple[str, str]) -> None:
    res = check(CURRENT_SHAPE.replace(*bad), "entry.cpp")
    assert res.returncode != 0
    assert "conflicting declaration" in res.stderr, res.stderr


def test_a_seed_file_does_not_compile_against_the_current_model() -> None:
    assert model_header.compile_check(SEED_FILE, "seed.cpp").returncode == 0
    res = check(SEED_FILE, "seed.cpp")
    assert res.returncode != 0
    for fragment in ("conflicting declaration of C function", "'from_tensor_arg' was not declared",
                     "class template argument deduction failed",
                     "reference of type 'const Tensor&' from expression of type 'const ChipTensor'"):
        assert fragment in res.stderr, (fragment, res.stderr)


def test_a_current_file_does_not_compile_against_the_seed_model() -> None:
    res = check(CURRENT_SHAPE, "current.cpp", generation="seed")
    assert res.returncode != 0
    for fragment in ("'ChipTaskArgs' does not name a type", "'ChipTensor' does not name a type",
                     "'CoreTaskArgs' was not declared"):
        assert fragment in res.stderr, (fragment, res.stderr)
    # the other half port: the current entry with a seed body
    half = SEED_FILE.replace(SEED_ENTRY, CURRENT_ENTRY).replace(SEED_CONFIG, CURRENT_CONFIG)
    assert half != SEED_FILE
    res = check(half, "half_port.cpp", generation="seed")
    assert res.returncode != 0
    assert "'ChipTaskArgs' does not name a type" in res.stderr, res.stderr
    res = check(half, "half_port.cpp")
    assert res.returncode != 0
    assert "'from_tensor_arg' was not declared" in res.stderr, res.stderr


# --------------------------------------------------------------------------------- design

ENTRY_POINTS = ["alloc_tensors", "rt_submit_task", "rt_submit_aic_task", "rt_submit_aiv_task",
                "rt_submit_dummy_task", "rt_scope_begin", "rt_scope_end", "PTO2ScopeGuard",
                "make_tensor_external", "make_tensor_strided", "rt_available_cluster_count",
                "rt_available_aiv_count", "tensor_data_read", "tensor_data_write"]


def _link(sources: dict[str, str], extra: tuple[str, ...] = ()) -> tuple[subprocess.CompletedProcess, str]:
    """Builds `sources` (name -> text) plus `extra` files against the current model; returns the
    link result and the program's stdout ('' if it did not link)."""
    with tempfile.TemporaryDirectory(prefix="pto2_model_link_") as tmp:
        paths = []
        for name, text in sources.items():
            (Path(tmp) / name).write_text(text)
            paths.append(str(Path(tmp) / name))
        exe = Path(tmp) / "a.out"
        res = subprocess.run(
            [model_header.CXX, *model_header.STRICT_FLAGS, f"-I{model_header.include_dir(CURRENT)}",
             *paths, *extra, "-o", str(exe)],
            capture_output=True, text=True, check=False, env=model_header.compiler_env())
        out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout \
            if res.returncode == 0 else ""
    return res, out


def test_the_runtime_entry_points_are_declared_not_defined() -> None:
    body = """\
    CoreTaskArgs a; a.add_input(ext_a);
    MixedKernels mk = {0, 1, INVALID_KERNEL_ID};
    (void)alloc_tensors(ci); (void)rt_submit_task(mk, a); (void)rt_submit_aic_task(0, a);
    (void)rt_submit_aiv_task(0, a); (void)rt_submit_dummy_task(a);
    rt_scope_begin(); rt_scope_end();
    PTO2_SCOPE() {}
    uint32_t idx[2] = {0, 0};
    set_tensor_data(ext_a, 2, idx, get_tensor_data<float>(ext_a, 2, idx));
    (void)make_tensor_external(nullptr, shapes, 2);
    (void)make_tensor_strided(nullptr, shapes, shapes, 2, DataType::INT8, false, 0, AddressSpace::HOST);
    (void)(rt_available_cluster_count() + rt_available_aiv_count());
"""
    src = _wrap(body) + "static ChipTaskArgs args;\nint main() { snippet(args); }\n"
    res, _ = _link({"link.cpp": src})
    assert res.returncode != 0
    undefined = res.stderr.replace("`", "'")
    for name in ENTRY_POINTS:
        assert f"undefined reference to '{name}" in undefined or f"::{name}(" in undefined, (name, res.stderr)


# A program with scalars, outputs and an allocation, in both generations' spelling.
SEED_PROGRAM = """#include "pto_orchestration_api.h"
extern "C" void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
    int64_t n = (int64_t)orch_args.tensor(0).shapes[0] + (int64_t)orch_args.scalar(0);
    PTO2_SCOPE() {
        uint32_t c_shapes[1] = {(uint32_t)n};
        TensorCreateInfo c_ci(c_shapes, 1, DataType::INT32);
        TaskOutputTensors alloc_0 = alloc_tensors(c_ci);
        const Tensor& c = alloc_0.get_ref(0);
        Arg params_t0;
        params_t0.add_input(ext_a);
        params_t0.add_output(c);
        params_t0.add_scalar((uint64_t)n, to_u64(-1.5f), to_u64((int32_t)-2));
        rt_submit_aiv_task(3, params_t0);
        Arg params_t1;
        params_t1.add_input(c);
        PTO2TaskId deps[1] = {alloc_0.task_id()};
        params_t1.set_dependencies(deps, 1);
        rt_submit_dummy_task(params_t1);
    }
}
"""
CURRENT_PROGRAM = (SEED_PROGRAM.replace("const ChipStorageTaskArgs&", "const ChipTaskArgs&")
                   .replace("Tensor ext_a = from_tensor_arg(orch_args.tensor(0));",
                            "const ChipTensor& ext_a = orch_args.tensor(0).ref();")
                   .replace("orch_args.tensor(0).shapes", "orch_args.tensor(0).ref().shapes")
                   .replace("const Tensor&", "const ChipTensor&").replace("Arg params", "CoreTaskArgs params"))
SEED_MAIN = """#include "pto_orchestration_api.h"
extern "C" void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args);
int main() {
    static float a[4];
    static ChipStorageTaskArgs args;
    args.tensor_storage[0].data = (uint64_t)(uintptr_t)a;
    args.tensor_storage[0].shapes[0] = 4;
    args.tensor_storage[0].ndims = 1;
    args.tensor_storage[0].dtype = DataType::FLOAT32;
    args.num_tensors = 1;
    args.scalar_storage[0] = 2;
    args.num_scalars = 1;
    aicpu_orchestration_entry(args);
}
"""
CURRENT_MAIN = """#include "pto_orchestration_api.h"
int main() {
    static float a[4];
    static ChipStorageTaskArgs storage;
    uint32_t shapes[1] = {4};
    storage.tensor_storage[0] = make_tensor_external(a, shapes, 1);
    storage.num_tensors = 1;
    storage.scalar_storage[0] = 2;
    storage.num_scalars = 1;
    static ChipTaskArgs args(storage);
    aicpu_orchestration_entry(args);
}
"""


def test_a_program_and_its_current_port_record_the_same_tasks() -> None:
    res, current = _link({"orch.cpp": CURRENT_PROGRAM, "main.cpp": CURRENT_MAIN},
                         (str(model_header.record_runtime(CURRENT)),))
    assert res.returncode == 0, res.stderr
    assert current.splitlines() == [
        "task alloc -1 0:",
        "task aiv 3 3: 0000000000000006 00000000bfc00000 00000000fffffffe",
        "task dummy -1 0:",
    ]
    with tempfile.TemporaryDirectory(prefix="pto2_model_seed_") as tmp:
        for name, text in (("orch.cpp", SEED_PROGRAM), ("main.cpp", SEED_MAIN)):
            (Path(tmp) / name).write_text(text)
        seed = model_header.include_dir("seed")
        built = subprocess.run(
            [model_header.CXX, *model_header.STRICT_FLAGS, f"-I{seed}", "orch.cpp", "main.cpp",
             str(model_header.record_runtime("seed")), "-o", "a.out"],
            cwd=tmp, capture_output=True, text=True, check=False, env=model_header.compiler_env())
        assert built.returncode == 0, built.stderr
        run = subprocess.run([str(Path(tmp) / "a.out")], capture_output=True, text=True, check=True)
    assert run.stdout == current
