"""The API model header (tests/support/pto2_model/seed/pto_orchestration_api.h) itself.

The model stands in for the PTO2 runtime's header in the compile check of every generated file
(tests/test_pto2_cpp_compile.py), so it must accept what the printer emits and refuse what the
runtime refuses (the seed API's documented restrictions). Here:

- every form the printer uses today compiles, in a file shaped like the printer's output, and the
  API's other seed items exist with the documented signatures;
- each documented restriction is a compile error under `-std=c++17 -Wall -Wextra -Werror`: every
  negative snippet fails with a message naming the expected thing, and its "fixed" twin (the same
  body with only the offending part changed) compiles -- so a snippet cannot pass by failing for
  an unrelated reason;
- the runtime entry points are declared, not defined (room for a recording implementation).
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest

from support import model_header

HEADER = model_header.INCLUDE_DIR / "pto_orchestration_api.h"

PRELUDE = """\
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"

void snippet(const ChipStorageTaskArgs& orch_args) {
    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
    uint32_t shapes[2] = {16, 16};
    uint32_t offsets[2] = {0, 0};
    TensorCreateInfo ci(shapes, 2, DataType::FLOAT32);
    Arg params;
    PTO2TaskId tid = PTO2TaskId::invalid();
    (void)ext_a; (void)ext_b; (void)shapes; (void)offsets; (void)ci; (void)params; (void)tid;
"""


def _wrap(body: str) -> str:
    return PRELUDE + body + "\n}\n"


# --------------------------------------------------------------------------------- positive forms

# Every form of the printer's output (tests/support/examples/orch_basic_expected.cpp and the
# `pto2-pipeline` outputs of examples/, tests/filecheck/ and tests/execution/), in one file.
USED_TODAY = """\
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"

extern "C" {

__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 5 };
}

__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
    // External tensors
    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
    Tensor ext_o = from_tensor_arg(orch_args.tensor(2));
    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];

    // Scalar parameters
    union { uint64_t u64; float val; } s_conv;
    s_conv.u64 = orch_args.scalar(0);
    float s = s_conv.val;
    union { uint64_t u64; int64_t val; } n_conv;
    n_conv.u64 = orch_args.scalar(1);
    int64_t n = n_conv.val;
    union { uint64_t u64; bool val; } flag_conv;
    flag_conv.u64 = orch_args.scalar(2);
    bool flag = flag_conv.val;

    PTO2_SCOPE() {
        uint32_t c_ci_shapes[2] = {(uint32_t)M, 16};
        TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
        c_ci.set_initial_value(1.0f);
        uint32_t h_ci_shapes[1] = {4};
        TensorCreateInfo h_ci(h_ci_shapes, 1, DataType::BFLOAT16, true);
        h_ci.set_initial_value(static_cast<uint16_t>(0x3e00));
        uint32_t p_ci_shapes[1] = {4};
        TensorCreateInfo p_ci(p_ci_shapes, 1, DataType::BOOL);
        p_ci.set_initial_value(static_cast<bool>(true));
        TaskOutputTensors alloc_0 = alloc_tensors(c_ci, h_ci, p_ci);
        const Tensor& c = alloc_0.get_ref(0);
        const Tensor& h = alloc_0.get_ref(1);
        const Tensor& p = alloc_0.get_ref(2);
        PTO2TaskId alloc_0_tid = alloc_0.task_id();

        uint32_t top_shapes[2] = {8, 16};
        uint32_t top_offsets[2] = {0, 0};
        Tensor top = c.view(top_shapes, top_offsets);
        uint32_t flat_shapes[1] = {256};
        Tensor flat = ext_a.reshape(flat_shapes, 1);
        uint32_t col_shapes[2] = {16, 1};
        uint32_t col_offsets[2] = {0, 3};
        Tensor col = ext_a.view(col_shapes, col_offsets).slice(0, 0, 13, 4);
        Tensor xt = ext_b.transpose(0, 1);
        int64_t pm = (int64_t)top.shapes[0];

        // Task 0: k
        Arg params_t0;
        params_t0.add_input(ext_a);
        params_t0.add_input(flat);
        params_t0.add_output(c);
        params_t0.add_inout(top);
        params_t0.add_no_dep(h);
        params_t0.add_no_dep(p);
        params_t0.add_scalar((uint64_t)pm);
        params_t0.add_scalar(to_u64(s));
        params_t0.add_scalar(to_u64(flag));
        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
        PTO2TaskId t0 = task_0_outs.task_id();

        // Task 1: a runtime-created output
        uint32_t r_ci_shapes[2] = {16, 16};
        TensorCreateInfo r_ci(r_ci_shapes, 2, DataType::INT32);
        Arg params_t1;
        params_t1.add_input(col);
        params_t1.add_input(xt);
        params_t1.add_output(r_ci);
        TaskOutputTensors task_1_outs = rt_submit_aic_task(1, params_t1);
        const Tensor& r = task_1_outs.get_ref(0);

        // Task 2: two AIV kernels
        MixedKernels mixed_0 = {INVALID_KERNEL_ID, 0, 1};
        Arg params_t2;
        params_t2.add_input(r);
        params_t2.add_output(ext_o);
        rt_submit_task(mixed_0, params_t2);
        MixedKernels mixed_1 = {2, 3, INVALID_KERNEL_ID};
        Arg params_t2b;
        params_t2b.add_input(r);
        params_t2b.add_output(ext_o);
        rt_submit_task(mixed_1, params_t2b);

        // Task 5: SPMD, early resolve, dumps (a tensor, a create-info, scalars as lvalues)
        uint32_t d_ci_shapes[1] = {4};
        TensorCreateInfo d_ci(d_ci_shapes, 1, DataType::FLOAT32);
        int64_t params_t5_arg3 = (int64_t)((uint64_t)n + 1);
        Arg params_t5;
        params_t5.add_input(ext_a);
        params_t5.add_output(d_ci);
        params_t5.add_scalar(params_t5_arg3);
        params_t5.add_scalar(s);
        params_t5.dump(ext_a, d_ci, params_t5_arg3, s);
        params_t5.launch_spec.set_block_num(20);
        params_t5.launch_spec.set_block_num((int16_t)n);
        params_t5.launch_spec.set_require_sync_start(true);
        params_t5.set_allow_early_resolve(true);
        TaskOutputTensors task_5_outs = rt_submit_aiv_task(0, params_t5);
        PTO2TaskId t5 = task_5_outs.task_id();
        (void)t5;

        Tensor x = c;
        Tensor sel = ext_a;
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
                Arg params_t3;
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
            Arg params_t4;
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
    DataType all_types[] = {
        DataType::FLOAT32, DataType::FLOAT16, DataType::INT32, DataType::INT16,
        DataType::INT8, DataType::UINT8, DataType::BFLOAT16, DataType::INT64,
        DataType::UINT64, DataType::UINT16, DataType::UINT32, DataType::BOOL,
    };
    (void)all_types;
}

}  // extern "C"
"""

# The seed's items the printer does not use today, with their documented signatures.
OTHER_ITEMS = _wrap("""\
    static_assert(PTO2_HEAP_SIZE == 256 * 1024 * 1024 && PTO2_TASK_WINDOW_SIZE == 16384, "K10, K11");
    static_assert(PTO2_MAX_RING_DEPTH == 4 && PTO2_MAX_SCOPE_DEPTH == 64, "K8, K9");
    static_assert(PTO2_TENSORMAP_POOL_SIZE == 65536 && PTO2_PACKED_OUTPUT_ALIGN == 1024, "K11, K12");
    static_assert(MAX_TENSOR_ARGS == 32 && MAX_SCALAR_ARGS == 16 && PTO2_PROFILING == 1, "K1, K2, A17");
    static_assert(INVALID_KERNEL_ID == -1, "U6");
    static_assert(static_cast<int>(DataType::DATA_TYPE_NUM) == 12, "Y1");
#if !defined(errno) || !defined(BIG_ENDIAN) || !defined(LITTLE_ENDIAN) || !defined(BYTE_ORDER)
#error "library macros of fact 2.4 missing"
#endif
#if !defined(FD_SET) || !defined(CLONE_VM) || !defined(WNOHANG) || !defined(WEXITSTATUS)
#error "library macros of fact 2.4 missing"
#endif
#if !defined(PTO_DEVICE_FUNC) || !defined(SPIN_WAIT_HINT) || !defined(always_assert) || !defined(debug_assert)
#error "runtime macros of fact 2.4 missing"
#endif
#if !defined(PTO2_ORCHESTRATION_CONFIG_DEFINED) || !defined(PTO2_ERROR_NONE) || !defined(PTO_PRAGMA)
#error "runtime macros of fact 2.4 missing"
#endif
    LOG_ERROR("error %d", 1);
    LOG_WARN("warn");
    LOG_DEBUG("debug %s", "x");
    LOG_INFO_V0("info");
    LOG_INFO_V9("info %d", 9);
    if (rt_is_fatal()) rt_report_fatal(PTO2_ERROR_INVALID_ARGS, "fatal %d", 1);

    // entry arguments (A1, A3-A5, X1)
    int32_t counts = orch_args.tensor_count() + orch_args.scalar_count();
    const ContinuousTensor& arg0 = orch_args.tensor(0);
    uint64_t addr = arg0.data + arg0.nbytes() + arg0.ndims + static_cast<uint64_t>(arg0.dtype);
    float* host = arg0.data_as<float>();
    bool child = arg0.is_child_memory();
    Tensor manual_ext = from_tensor_arg(arg0, true, 1);
    (void)counts; (void)addr; (void)host; (void)child;

    // tensors (T1-T11)
    uint32_t order[2] = {1, 0};
    Tensor perm = ext_a.permute(order, true);
    uint32_t idx[2] = {1, 1};
    uint64_t facts = perm.numel() + perm.extent_elem() + perm.compute_flat_offset(idx, 2) +
                     perm.buffer.addr + perm.buffer.size + perm.start_offset + perm.strides[0] +
                     perm.extent_elem_cache + static_cast<uint64_t>(perm.version) + perm.ndims;
    bool flags = perm.manual_dep && perm.is_contiguous && perm.owner_task_id.is_invalid() &&
                 perm.dtype == DataType::FLOAT32;
    std::string text = perm.dump();
    Tensor ext = make_tensor_external(nullptr, shapes, 2);
    Tensor ext2 = make_tensor_external(nullptr, shapes, 2, DataType::INT8, true, 3);
    ext = ext2;
    Tensor sliced = ext.slice(1, 0, 8);
    Tensor viewed = ext.view(shapes, offsets, true);
    Tensor reshaped = ext.reshape(shapes, 2, true);
    Tensor swapped = ext.transpose(1, 0, true);
    TensorCreateInfo blank;
    blank.copy(ci);
    TensorCreateInfo plain(shapes, 2);
    uint64_t bytes = blank.buffer_size_bytes() + plain.buffer_size_bytes();
    blank.set_initial_value(7);
    blank.set_initial_value<int16_t>(-1);
    (void)facts; (void)flags; (void)text; (void)sliced; (void)viewed; (void)reshaped; (void)swapped;
    (void)bytes; (void)manual_ext;

    // scalars (S1-S4, Y2, Y3)
    uint64_t bits = to_u64(-1) + to_u64(1.5) + to_u64(DataType::INT8);
    float back = from_u64<float>(to_u64(2.0f));
    static_assert(is_supported_scalar_arg_v<const int&> && !is_supported_scalar_arg_v<int*>, "S3");
    uint64_t size = get_element_size(DataType::BFLOAT16) + dtype_of<double>();
    const char* name = get_dtype_name(DataType::UINT16);
    (void)bits; (void)back; (void)size; (void)name;

    // args (A6, A12-A16, D6, D9)
    Arg other = params;
    other = params;
    Arg fresh{};
    fresh.add_input(ext_a, ext_b);
    fresh.add_inout(ext_a, ext_b);
    fresh.add_output(ci, ci);
    fresh.add_output(ext_a, ext_b);
    fresh.add_no_dep(ext_a, ext_b);
    fresh.add_scalar(1, 2.0, 3.0f, true, DataType::INT8, PTO2ScopeMode::MANUAL, 'c');
    const int const_lvalue = 4;
    fresh.add_scalar(const_lvalue);
    uint64_t many[2] = {1, 2};
    int32_t many32[2] = {-1, 2};
    fresh.add_scalars(many, 2);
    fresh.add_scalars_i32(many32, 2);
    fresh.copy_scalars_from(other, 0, 0);
    fresh.launch_spec.set_block_num(4);
    fresh.launch_spec.set_require_sync_start(fresh.launch_spec.block_num() > 1);
    fresh.set_allow_early_resolve();
    bool early = fresh.allow_early_resolve() || fresh.launch_spec.require_sync_start();
    fresh.dump(ext_a, ci, const_lvalue);
    fresh.dump(ext_b);
    fresh.dump();  // every argument added so far (A17)
    uint32_t marks = fresh.dump_tensor_mask + fresh.dump_scalar_mask;
    (void)marks;
    fresh.set_dependencies(&tid, 1);
    uint32_t ndeps = fresh.explicit_dep_count() + fresh.explicit_dep(0).local();
    const PTO2TaskId* dep_data = fresh.explicit_deps_data();
    if (fresh.has_error) printf("%s\\n", fresh.error_msg);
    fresh.set_error("x");
    fresh.clear();
    fresh.reset();
    int32_t arg_counts = fresh.tensor_count() + fresh.scalar_count();
    (void)early; (void)ndeps; (void)dep_data; (void)arg_counts;

    // allocation and results (L1-L8)
    const TensorCreateInfo cis[2] = {ci, ci};
    TaskOutputTensors by_array = alloc_tensors(cis, uint32_t{2});
    const TensorCreateInfo* cis_ptr = cis;
    uint32_t two = 2;
    TaskOutputTensors by_pointer = alloc_tensors(cis_ptr, two);
    Arg only_outputs;
    only_outputs.add_output(ci);
    TaskOutputTensors by_arg = alloc_tensors(only_outputs);
    TaskOutputTensors temporaries = alloc_tensors(TensorCreateInfo(shapes, 2), ci);
    TaskSubmitResult copied = by_array;
    copied = by_pointer;
    TaskOutputTensors none;
    bool sizes = none.empty() && copied.size() == 2 && by_arg.task_id() != temporaries.task_id();
    const Tensor& out0 = copied.get_ref(0);
    Tensor out_copy = copied.get_ref(1);
    params.add_input(copied.get_ref(0));  // a const lvalue (fact 2.1)
    (void)sizes; (void)out0; (void)out_copy;

    // task ids (D1-D5)
    PTO2TaskId made = PTO2TaskId::make(2, 7);
    PTO2TaskId braced = PTO2TaskId{5};
    PTO2TaskId eq = {5};
    PTO2TaskId zero{};
    constexpr PTO2TaskId bad = PTO2TaskId::invalid();
    static_assert(bad.is_invalid() && !bad.is_valid() && PTO2TaskId::make(1, 2).ring() == 1, "D2-D4");
    bool same = made == braced || eq != zero || made.ring() == 2 || made.local() == 7;
    (void)same;

    // submit, ArgWithDeps (A20, U1-U7)
    MixedKernels all_invalid;
    MixedKernels aic_aiv = {0, 1, INVALID_KERNEL_ID};
    (void)all_invalid;
    ArgWithDeps<> with_deps;
    with_deps.add_input(ext_a);
    with_deps.add_output(ci);
    with_deps.add_scalar(1);
    with_deps.add_dep(made, braced);
    with_deps.launch_spec.set_block_num(2);
    if (with_deps.has_error) printf("%s\\n", with_deps.error_msg);
    rt_submit_task(aic_aiv, with_deps);
    rt_submit_aic_task(0, with_deps);
    ArgWithDeps<4> small;
    small.add_inout(ext_b);
    small.add_no_dep(ext_a);
    rt_submit_aiv_task(1, small);
    small.reset();

    // scopes (P1-P5)
    rt_scope_begin();
    rt_scope_begin(PTO2ScopeMode::MANUAL);
    rt_scope_end();
    rt_scope_end();
    {
        PTO2_SCOPE_GUARD();
        PTO2ScopeGuard guard{PTO2ScopeMode::MANUAL};
        PTO2ScopeGuard located(PTO2ScopeMode::AUTO, "file.cpp", 3);
    }
    PTO2_SCOPE() { PTO2_SCOPE(PTO2ScopeMode::MANUAL) { PTO2_SCOPE(PTO2ScopeMode::AUTO) {} } }

    // host access (H1, H2): T defaults to uint64_t / is deduced from the value
    uint64_t raw = get_tensor_data(ext_a, 2, idx);
    set_tensor_data(ext_a, 2, idx, 1.0);
    set_tensor_data(ext_a, 2, idx, raw);
    set_tensor_data<int8_t>(ext_a, 2, idx, 3);

    // runtime binding (E4, E5)
    PTO2Runtime* rt = current_runtime();
    framework_bind_runtime(framework_current_runtime());
    (void)rt;
    rt_orchestration_done();
    {
        // fact 4.2: a function name of the header, unlike a macro name, can be a local name
        TaskOutputTensors alloc_0 = alloc_tensors(ci);
        const Tensor& current_runtime = alloc_0.get_ref(0);
        (void)current_runtime;
    }
""")


def test_the_header_says_it_is_our_model() -> None:
    head = HEADER.read_text()[:2000]
    assert "MODEL" in head
    assert "b7d04b45e" in head
    assert "fact" in head
    assert "compile check" in head


def test_every_form_the_printer_uses_compiles() -> None:
    res = model_header.compile_check(USED_TODAY, "used_today.cpp")
    assert res.returncode == 0, res.stderr


def test_the_printers_reference_output_compiles() -> None:
    expected = Path(__file__).parent / "support" / "examples" / "orch_basic_expected.cpp"
    res = model_header.compile_check(expected.read_text(), "orch_basic.cpp")
    assert res.returncode == 0, res.stderr


def test_the_seeds_other_items_exist() -> None:
    res = model_header.compile_check(OTHER_ITEMS, "other_items.cpp")
    assert res.returncode == 0, res.stderr


def test_the_model_counts_its_compiles() -> None:
    before = model_header.COMPILED
    model_header.compile_check(_wrap(""), "empty.cpp")
    assert model_header.COMPILED == before + 1


def test_an_unknown_generation_is_refused() -> None:
    with pytest.raises(ValueError, match="no model header"):
        model_header.compile_check(_wrap(""), generation="future")


# --------------------------------------------------------------------------------- restrictions

def _many(item: str, n: int) -> str:
    return ", ".join([item] * n)


# (id, bad body, fixed body, a substring g++'s diagnostics must contain for the bad body)
NEGATIVE = [
    # fact T1, 2.1: Tensor's default and field-wise constructors are private
    ("tensor_default_ctor", "Tensor x; (void)x;", "Tensor x = ext_a; (void)x;", "private"),
    ("tensor_value_init", "Tensor x{}; (void)x;", "Tensor x{ext_a}; (void)x;", "private"),
    ("tensor_array", "Tensor a[2]; (void)a;", "Tensor a[2] = {ext_a, ext_b}; (void)a;", "private"),
    ("tensor_fieldwise_ctor",
     "Tensor x(0, 0, tid, 0, shapes, 2, DataType::FLOAT32, 0, false); (void)x;",
     "Tensor x = make_tensor_external(nullptr, shapes, 2, DataType::FLOAT32, false, 0); (void)x;",
     "private"),
    # fact A3, X1, 2.2: the seed's entry tensor has no ref()
    ("continuous_tensor_ref", "uint32_t e = orch_args.tensor(0).ref().shapes[0]; (void)e;",
     "uint32_t e = orch_args.tensor(0).shapes[0]; (void)e;", "has no member named 'ref'"),
    # fact 2.3: ContinuousTensor does not convert to Tensor
    ("continuous_to_tensor", "Tensor x = orch_args.tensor(0); (void)x;",
     "Tensor x = from_tensor_arg(orch_args.tensor(0)); (void)x;", "ContinuousTensor"),
    ("create_info_to_tensor", "Tensor x = ci; (void)x;",
     "Tensor x = make_tensor_external(nullptr, ci.shapes, ci.ndims, ci.dtype); (void)x;",
     "TensorCreateInfo"),
    ("add_input_continuous", "params.add_input(orch_args.tensor(0));",
     "params.add_input(ext_a);", "add_input takes Tensor arguments only"),
    # fact Y1: no FP8 / FP4 in the seed; 2.3: no int -> DataType
    ("datatype_fp8", "DataType d = DataType::FP8E4M3FN; (void)d;",
     "DataType d = DataType::BOOL; (void)d;", "FP8E4M3FN"),
    ("datatype_fp4", "DataType d = DataType::FP4E2M1; (void)d;",
     "DataType d = DataType::UINT32; (void)d;", "FP4E2M1"),
    ("datatype_from_int", "DataType d = 3; (void)d;",
     "DataType d = DataType::INT16; (void)d;", "DataType"),
    ("create_info_int_dtype", "TensorCreateInfo c2(shapes, 2, 2); (void)c2;",
     "TensorCreateInfo c2(shapes, 2, DataType::INT32); (void)c2;", "TensorCreateInfo"),
    # fact L5, 2.1: get_ref is lvalue-only and returns const Tensor&
    ("get_ref_on_rvalue", "const Tensor& t = alloc_tensors(ci).get_ref(0); (void)t;",
     "TaskOutputTensors outs = alloc_tensors(ci); const Tensor& t = outs.get_ref(0); (void)t;",
     "deleted"),
    ("get_ref_non_const", "TaskOutputTensors outs = alloc_tensors(ci); Tensor& t = outs.get_ref(0); (void)t;",
     "TaskOutputTensors outs = alloc_tensors(ci); const Tensor& t = outs.get_ref(0); (void)t;",
     "discards qualifiers"),
    # fact A8, A9, 2.1 (the model is stricter than the seed: temporaries never reach add_*)
    ("add_input_view_temporary", "params.add_input(ext_a.view(shapes, offsets));",
     "Tensor v = ext_a.view(shapes, offsets); params.add_input(v);", "temporary"),
    ("add_input_from_tensor_arg_temporary", "params.add_input(from_tensor_arg(orch_args.tensor(2)));",
     "Tensor e = from_tensor_arg(orch_args.tensor(2)); params.add_input(e);", "temporary"),
    ("add_inout_temporary", "params.add_inout(ext_a.transpose(0, 1));",
     "Tensor t = ext_a.transpose(0, 1); params.add_inout(t);", "temporary"),
    ("add_output_create_info_temporary", "params.add_output(TensorCreateInfo(shapes, 2, DataType::FLOAT32));",
     "TensorCreateInfo c2(shapes, 2, DataType::FLOAT32); params.add_output(c2);", "temporary"),
    # fact A9: add_output is all TensorCreateInfo or all Tensor
    ("add_output_mixed", "params.add_output(ci, ext_a);",
     "params.add_output(ci); params.add_output(ext_a);", "never mixed"),
    ("add_output_continuous", "params.add_output(orch_args.tensor(0));",
     "params.add_output(ext_a);", "never mixed"),
    # fact A10, A11: exactly Tensor, at least one
    ("add_inout_create_info", "params.add_inout(ci);", "params.add_inout(ext_a);",
     "add_inout takes Tensor arguments only"),
    ("add_no_dep_empty", "params.add_no_dep();", "params.add_no_dep(ext_a);",
     "add_no_dep needs at least one tensor"),
    ("add_input_empty", "params.add_input();", "params.add_input(ext_a, ext_b);",
     "add_input needs at least one tensor"),
    # fact A12, S3: add_scalar takes at least one arithmetic or enum value
    ("add_scalar_pointer", 'params.add_scalar("x");', "params.add_scalar(1.0f);",
     "arithmetic or enum"),
    ("add_scalar_tensor", "params.add_scalar(ext_a);", "params.add_scalar(ext_a.ndims);",
     "arithmetic or enum"),
    ("add_scalar_empty", "params.add_scalar();", "params.add_scalar(uint64_t{1});",
     "add_scalar needs at least one value"),
    # fact K1, K2: per-call caps (the runtime checks the totals at run time)
    ("add_input_33_tensors", f"params.add_input({_many('ext_a', 33)});",
     f"params.add_input({_many('ext_a', 32)});", "MAX_TENSOR_ARGS"),
    ("add_output_33_create_infos", f"params.add_output({_many('ci', 33)});",
     f"params.add_output({_many('ci', 32)});", "MAX_TENSOR_ARGS"),
    ("add_scalar_17_values", f"params.add_scalar({_many('1', 17)});",
     f"params.add_scalar({_many('1', 16)});", "MAX_SCALAR_ARGS"),
    ("alloc_tensors_33", f"TaskOutputTensors o = alloc_tensors({_many('ci', 33)}); (void)o;",
     f"TaskOutputTensors o = alloc_tensors({_many('ci', 32)}); (void)o;", "MAX_TENSOR_ARGS"),
    # fact L1, L2: alloc_tensors' overloads
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
    # fact D1, D5, 2.3: PTO2TaskId is an aggregate of one uint64_t; no int conversion, no ordering
    ("task_id_from_int", "PTO2TaskId t = 5; (void)t;", "PTO2TaskId t = PTO2TaskId{5}; (void)t;",
     "PTO2TaskId"),
    ("task_id_to_int", "uint64_t r = tid; (void)r;", "uint64_t r = tid.raw; (void)r;", "PTO2TaskId"),
    ("task_id_ordering", "bool b = tid < PTO2TaskId{1}; (void)b;",
     "bool b = tid != PTO2TaskId{1}; (void)b;", "operator<"),
    # fact A6, D7, D10, A18, 2.2: no add_dep / kinds / predicate on the seed's Arg
    ("arg_add_dep", "params.add_dep(tid);", "params.set_dependencies(&tid, 1);",
     "has no member named 'add_dep'"),
    ("arg_set_dependencies_with_kinds", "params.set_dependencies_with_kinds(&tid, nullptr, 1);",
     "params.set_dependencies(&tid, 1);", "set_dependencies_with_kinds"),
    ("arg_set_predicate", "params.set_predicate(0);", "params.set_allow_early_resolve(true);",
     "set_predicate"),
    ("arg_set_dependencies_int_array", "int deps[1] = {0}; params.set_dependencies(deps, 1);",
     "PTO2TaskId deps[1] = {PTO2TaskId{0}}; params.set_dependencies(deps, 1);",
     "cannot convert"),
    # fact A20, U7: ArgWithDeps hides set_dependencies; there is no dummy-task overload
    ("arg_with_deps_dummy", "ArgWithDeps<> d; d.add_input(ext_a); rt_submit_dummy_task(d);",
     "ArgWithDeps<> d; d.add_input(ext_a); rt_submit_aiv_task(0, d);", "inaccessible"),
    ("arg_with_deps_set_dependencies", "ArgWithDeps<> d; d.set_dependencies(&tid, 1);",
     "ArgWithDeps<> d; d.add_dep(tid);", "inaccessible"),
    # fact P1-P4, 2.3: scope modes are a scoped enum; the guard's constructor is explicit;
    # PTO2_SCOPE_GUARD takes no arguments in the seed
    ("scope_mode_from_int", "PTO2_SCOPE(1) {}", "PTO2_SCOPE(PTO2ScopeMode::MANUAL) {}",
     "PTO2ScopeMode"),
    ("scope_guard_implicit", "PTO2ScopeGuard g = PTO2ScopeMode::MANUAL;",
     "PTO2ScopeGuard g{PTO2ScopeMode::MANUAL};", "PTO2ScopeGuard"),
    ("scope_guard_macro_argument", "PTO2_SCOPE_GUARD(PTO2ScopeMode::MANUAL);", "PTO2_SCOPE_GUARD();",
     "PTO2_SCOPE_GUARD"),
    # fact H1, H2, 2.2: the index array is const uint32_t*-compatible only
    ("get_tensor_data_int_indices",
     "int idx[2] = {0, 0}; float v = get_tensor_data<float>(ext_a, 2, idx); (void)v;",
     "uint32_t idx[2] = {0, 0}; float v = get_tensor_data<float>(ext_a, 2, idx); (void)v;",
     "get_tensor_data"),
    ("set_tensor_data_int_indices", "int idx[2] = {0, 0}; set_tensor_data<float>(ext_a, 2, idx, 1.0f);",
     "uint32_t idx[2] = {0, 0}; set_tensor_data<float>(ext_a, 2, idx, 1.0f);", "set_tensor_data"),
    ("get_tensor_data_entry_tensor",
     "uint32_t idx[2] = {0, 0}; float v = get_tensor_data<float>(orch_args.tensor(0), 2, idx); (void)v;",
     "uint32_t idx[2] = {0, 0}; float v = get_tensor_data<float>(ext_a, 2, idx); (void)v;",
     "get_tensor_data"),
    # fact E3, U5, 2.1: one-member config, three-member MixedKernels
    ("config_two_members", "PTO2OrchestrationConfig c{1, 2}; (void)c;",
     "PTO2OrchestrationConfig c{ .expected_arg_count = 1 }; (void)c;", "too many initializers"),
    ("mixed_kernels_four_ids", "MixedKernels m = {0, 1, 2, 3}; (void)m;",
     "MixedKernels m = {0, 1, 2}; (void)m;", "too many initializers"),
    # fact A15: the seed's launch spec sets a block count (set_core_num is another runtime's
    # spelling), an int16_t
    ("launch_spec_set_core_num", "params.launch_spec.set_core_num(4);",
     "params.launch_spec.set_block_num(4);", "has no member named 'set_core_num'"),
    ("launch_spec_block_num_pointer", "params.launch_spec.set_block_num(&params);",
     "params.launch_spec.set_block_num((int16_t)sizeof(params));", "set_block_num"),
    # fact A17: dump takes lvalues already added to this Arg, each a Tensor, a
    # TensorCreateInfo or a scalar (that it was added is a run-time check: see below)
    ("dump_temporary_tensor",
     "Tensor v = ext_a.view(shapes, offsets); params.add_input(v); params.dump(ext_a.view(shapes, offsets));",
     "Tensor v = ext_a.view(shapes, offsets); params.add_input(v); params.dump(v);", "temporary"),
    ("dump_temporary_scalar", "params.add_scalar(uint64_t{1}); params.dump(uint64_t{1});",
     "uint64_t one = 1; params.add_scalar(one); params.dump(one);", "temporary"),
    ("dump_entry_tensor", "params.add_input(ext_a); params.dump(orch_args.tensor(0));",
     "params.add_input(ext_a); params.dump(ext_a);", "dump takes Tensor, TensorCreateInfo or scalar"),
    ("dump_pointer", 'const char* name = "x"; params.add_input(ext_a); params.dump(name);',
     'const char* name = "x"; params.add_input(ext_a); params.dump(ext_a); (void)name;',
     "dump takes Tensor, TensorCreateInfo or scalar"),
    ("dump_outputs", "TaskOutputTensors o = alloc_tensors(ci); params.add_output(ci); params.dump(o);",
     "TaskOutputTensors o = alloc_tensors(ci); params.add_output(ci); params.dump(ci); (void)o;",
     "dump takes Tensor, TensorCreateInfo or scalar"),
]

# fact 2.4, 4.2: names the header (or a library header it includes) defines as object-like
# macros; the printer's sanitizer keeps user value names, so `%PTO2_HEAP_SIZE` would print this.
MACRO_NAMES = ["PTO2_HEAP_SIZE", "PTO2_TASK_WINDOW_SIZE", "PTO2_MAX_SCOPE_DEPTH", "PTO2_PROFILING",
               "PTO2_ERROR_SCOPE_DEADLOCK", "MAX_TENSOR_ARGS", "MAX_SCALAR_ARGS", "errno",
               "BIG_ENDIAN", "LITTLE_ENDIAN", "BYTE_ORDER", "CLONE_VM", "WNOHANG"]
NEGATIVE += [
    (f"macro_name_{name}",
     f"TaskOutputTensors alloc_0 = alloc_tensors(ci); const Tensor& {name} = alloc_0.get_ref(0); (void){name};",
     f"TaskOutputTensors alloc_0 = alloc_tensors(ci); const Tensor& {name}_1 = alloc_0.get_ref(0); (void){name}_1;",
     "__errno_location" if name == "errno" else "before numeric constant")
    for name in MACRO_NAMES
]


@pytest.mark.parametrize(("bad", "fixed", "expect"), [c[1:] for c in NEGATIVE],
                         ids=[c[0] for c in NEGATIVE])
def test_a_restriction_is_a_compile_error(bad: str, fixed: str, expect: str) -> None:
    res = model_header.compile_check(_wrap(bad), "bad.cpp")
    assert res.returncode != 0, f"compiles, but must not:\n{bad}"
    assert expect in res.stderr, f"fails, but not for the expected reason ({expect!r}):\n{res.stderr}"
    ok = model_header.compile_check(_wrap(fixed), "fixed.cpp")
    assert ok.returncode == 0, f"the fixed twin does not compile:\n{fixed}\n{ok.stderr}"


ENTRY = """#include "pto_orchestration_api.h"
extern "C" {
__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 0 };
}
__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) { (void)orch_args; }
}
"""


@pytest.mark.parametrize("bad", [
    ("void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args)",
     "void aicpu_orchestration_entry(ChipStorageTaskArgs orch_args)"),
    ("PTO2OrchestrationConfig aicpu_orchestration_config(", "int aicpu_orchestration_config("),
], ids=["entry_by_value", "config_returns_int"])
def test_an_entry_point_of_another_signature_is_a_compile_error(bad: tuple[str, str]) -> None:
    # the executor finds both by their C names and calls them with a const reference (a
    # by-value parameter reads the wrong layout at run time)
    assert model_header.compile_check(ENTRY, "entry.cpp").returncode == 0
    res = model_header.compile_check(ENTRY.replace(*bad), "entry.cpp")
    assert res.returncode != 0, res.stderr
    assert "conflicting declaration" in res.stderr, res.stderr


def test_the_negative_snippets_cover_every_restriction() -> None:
    assert len(NEGATIVE) >= 25
    assert len({c[0] for c in NEGATIVE}) == len(NEGATIVE)


# The part of fact A17 a compiler cannot check: dump() finds each argument among those already
# added to this Arg by its address (a scalar by the object add_scalar was given), and records an
# Arg error otherwise, so the submit is refused. Run with the recording runtime.
DUMP_AT_RUN_TIME = """\
    int64_t v = 3;
    Arg missing_tensor; missing_tensor.add_input(ext_a); missing_tensor.dump(ext_b);
    rt_submit_aiv_task(0, missing_tensor);
    Arg scalar_by_value; scalar_by_value.add_scalar((uint64_t)v); scalar_by_value.dump(v);
    rt_submit_aiv_task(0, scalar_by_value);
    Arg create_info_as_tensor; create_info_as_tensor.add_input(ext_a); create_info_as_tensor.dump(ci);
    rt_submit_aiv_task(0, create_info_as_tensor);
    Arg empty; empty.dump();
    rt_submit_aiv_task(0, empty);
    Arg fine; fine.add_input(ext_a); fine.add_output(ci); fine.add_scalar(v); fine.dump(ext_a, ci, v);
    fine.dump();
    rt_submit_aic_task(1, fine);
    printf("masks %x %x\\n", fine.dump_tensor_mask, fine.dump_scalar_mask);
"""


def test_dump_of_an_argument_not_added_is_an_arg_error(tmp_path: Path) -> None:
    src = _wrap(DUMP_AT_RUN_TIME) + "static ChipStorageTaskArgs args;\nint main() { snippet(args); }\n"
    (tmp_path / "dump.cpp").write_text(src)
    runtime = model_header.INCLUDE_DIR / "record_runtime.cpp"
    built = subprocess.run(
        [model_header.CXX, *model_header.STRICT_FLAGS, f"-I{model_header.INCLUDE_DIR}", "dump.cpp",
         str(runtime), "-o", "dump"],
        cwd=tmp_path, capture_output=True, text=True, check=False, env=model_header.compiler_env())
    assert built.returncode == 0, built.stderr
    ran = subprocess.run([str(tmp_path / "dump")], capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == [
        "task-error dump: tensor is not part of this Arg",
        "task-error dump: scalar is not part of this Arg (add_scalar must be given the same lvalue)",
        "task-error dump: TensorCreateInfo is not part of this Arg",
        "task-error dump: no arguments added to this Arg",
        "task aic 1 1: 0000000000000003",
        "masks 3 1",
    ]


# --------------------------------------------------------------------------------- design

# The runtime entry points a recording implementation would define in its own translation unit.
ENTRY_POINTS = ["alloc_tensors", "rt_submit_task", "rt_submit_aic_task", "rt_submit_aiv_task",
                "rt_submit_dummy_task", "rt_scope_begin", "rt_scope_end", "PTO2ScopeGuard",
                "from_tensor_arg", "make_tensor_external", "tensor_data_read", "tensor_data_write"]


def test_the_runtime_entry_points_are_declared_not_defined() -> None:
    """Linking a program that uses each entry point leaves exactly those undefined."""
    body = """\
    Arg a; a.add_input(ext_a);
    MixedKernels mk = {0, 1, INVALID_KERNEL_ID};
    (void)alloc_tensors(ci); (void)rt_submit_task(mk, a); (void)rt_submit_aic_task(0, a);
    (void)rt_submit_aiv_task(0, a); (void)rt_submit_dummy_task(a);
    rt_scope_begin(); rt_scope_end();
    PTO2_SCOPE() {}
    uint32_t idx[2] = {0, 0};
    set_tensor_data(ext_a, 2, idx, get_tensor_data<float>(ext_a, 2, idx));
    (void)make_tensor_external(nullptr, shapes, 2);
"""
    src = _wrap(body) + "static ChipStorageTaskArgs args;\nint main() { snippet(args); }\n"
    with tempfile.TemporaryDirectory(prefix="pto2_model_link_") as tmp:
        path = Path(tmp) / "link.cpp"
        path.write_text(src)
        res = subprocess.run(
            [model_header.CXX, *model_header.STRICT_FLAGS, f"-I{model_header.INCLUDE_DIR}",
             str(path), "-o", str(Path(tmp) / "a.out")],
            capture_output=True, text=True, check=False, env=model_header.compiler_env())
    assert res.returncode != 0
    undefined = res.stderr.replace("`", "'")
    for name in ENTRY_POINTS:
        assert f"undefined reference to '{name}" in undefined or f"::{name}(" in undefined, (
            name, res.stderr)
