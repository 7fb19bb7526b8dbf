"""Execution check (docs/testing.md): the recording runtime compiles hand-written
orchestration C++ under ASan + UBSan, runs the entry point and records the task graph."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from support.recorder import (
    Graph,
    RecorderError,
    TensorSpec,
    encode_scalar,
    recorder_objects,
    run_orchestration,
)

EXAMPLES = Path(__file__).resolve().parent / "support" / "examples"
F32_16x16 = ([16, 16], "f32")


def entry(body: str, nargs: int = 1, prelude: str = "") -> str:
    """An orchestration source whose entry runs `body` (ext_x = tensor 0 when nargs >= 1)."""
    return f"""#include <stdint.h>
#include "pto_orchestration_api.h"
{prelude}
extern "C" {{
__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {{
    (void)orch_args;
    return PTO2OrchestrationConfig{{ .expected_arg_count = {nargs} }};
}}
__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {{
    (void)orch_args;
{body}
}}
}}
"""


# -- the complete orch_basic example (README) ---------------------------------------------------------


@pytest.fixture(scope="module")
def basic() -> Graph:
    return run_orchestration((EXAMPLES / "orch_basic_expected.cpp").read_text(), tensors=[F32_16x16] * 3)


def test_basic_one_alloc_two_aiv_tasks_with_kernel_id_0(basic: Graph) -> None:
    assert [t.kind for t in basic.tasks] == ["alloc", "aiv", "aiv"]
    assert [t.kernel_id for t in basic.kernel_tasks] == [0, 0]
    assert basic.kernel_counts() == {("aiv", 0): 2}
    assert [t.id for t in basic.tasks_by_kernel(0, kind="aiv")] == [1, 2]
    assert basic.errors == [] and basic.hazards() == []
    assert basic.expected_arg_count == 3


def test_basic_directions_and_tensor_identity(basic: Graph) -> None:
    alloc, t0, t1 = basic.tasks
    assert t0.directions == ["IN", "IN", "OUT"] and t1.directions == ["IN", "IN", "OUT"]
    assert [a.tag for a in t0.args] == ["INPUT", "INPUT", "OUTPUT_EXISTING"]
    (c,) = alloc.outputs
    assert basic.buffers[c]["kind"] == "alloc" and basic.buffers[c]["shape"] == [16, 16]
    # t0: a, b -> c ; t1: c, b -> d (entry args are buffers 0, 1, 2 in argument order)
    assert t0.buffers == [0, 1, c] and t1.buffers == [c, 1, 2]
    assert [basic.buffers[b]["arg_index"] for b in (0, 1, 2)] == [0, 1, 2]
    assert t0.args[2].tensor.shape == (16, 16) and t0.args[2].tensor.strides == (16, 1)
    assert t0.deps == () and t1.deps == ()


def test_basic_scope_tree_and_lines(basic: Graph) -> None:
    assert basic.scope_tree() == [("AUTO", [0, 1, 2], [])]
    assert basic.scope_path(1) == ["AUTO"]
    text = (EXAMPLES / "orch_basic_expected.cpp").read_text().splitlines()
    assert "rt_submit_aiv_task(0, params_t0)" in text[basic.tasks[1].line - 1]
    assert "alloc_tensors(c_ci)" in text[basic.tasks[0].line - 1]
    assert "PTO2_SCOPE()" in text[basic.scopes[0].line - 1]


# -- a MANUAL scope with set_dependencies, a dummy barrier and a mixed task -------------------------


@pytest.fixture(scope="module")
def manual() -> Graph:
    return run_orchestration(
        (EXAMPLES / "manual_deps_dummy.cpp").read_text(),
        tensors=[([12, 16], "f32"), ([12, 16], "f32")],
        scalars=[0.5],
    )


def test_manual_task_kinds_and_kernels(manual: Graph) -> None:
    assert [t.kind for t in manual.tasks] == ["alloc", "aiv", "aiv", "aiv", "dummy", "mixed"]
    assert manual.kernel_counts() == {("aiv", 0): 3, ("mixed", (1, 2)): 1}
    mixed = manual.tasks[5]
    assert mixed.kernels == {"aic": 1, "aiv0": 2, "aiv1": -1} and mixed.kernel_ids == [1, 2]
    assert manual.errors == [] and manual.hazards() == []


def test_manual_dependencies(manual: Graph) -> None:
    alloc, b0, b1, b2, barrier, consumer = manual.tasks
    for t in (b0, b1, b2):
        assert t.deps == (alloc.id,)
    assert [t.id for t in manual.deps_of(barrier)] == [b0.id, b1.id, b2.id]
    assert consumer.deps == (barrier.id, alloc.id)
    assert all(manual.depends_on(consumer, t) for t in (b0, b1, b2))
    assert [t.id for t in manual.consumers_of(alloc)] == [b0.id, b1.id, b2.id, consumer.id]


def test_manual_scalars_and_views(manual: Graph) -> None:
    branches = manual.tasks[1:4]
    assert [t.scalars[0] for t in branches] == [0, 4, 8]
    assert [t.scalar_as(1, "f") for t in branches] == [0.5, 0.5, 0.5]
    assert branches[1].scalars[1] == struct.unpack("<I", struct.pack("<f", 0.5))[0]
    (tmp,) = manual.tasks[0].outputs
    views = [t.args[1].tensor for t in branches]
    assert [(v.buffer, v.offset, v.shape, v.strides) for v in views] == [
        (tmp, 0, (4, 16), (16, 1)),
        (tmp, 64, (4, 16), (16, 1)),
        (tmp, 128, (4, 16), (16, 1)),
    ]
    assert not views[0].overlaps(views[1]) and views[0].overlaps(manual.tasks[5].args[0].tensor)


def test_manual_scope_tree(manual: Graph) -> None:
    assert manual.scope_tree() == [("AUTO", [0], [("MANUAL", [1, 2, 3, 4, 5], [])])]
    assert all(t.in_manual for t in manual.tasks[1:]) and not manual.tasks[0].in_manual
    assert manual.scope_path(4) == ["AUTO", "MANUAL"]


# -- runtime errors the recorder must flag ----------------------------------------------------------


def test_auto_scope_inside_manual_is_flagged() -> None:
    text = (EXAMPLES / "auto_in_manual.cpp").read_text()
    with pytest.raises(RecorderError, match="auto_in_manual"):
        run_orchestration(text, tensors=[F32_16x16])
    g = run_orchestration(text, tensors=[F32_16x16], allow_errors=True)
    assert g.error_kinds == ["auto_in_manual", "auto_in_manual"]
    line = text.splitlines()[g.errors[0]["line"] - 1]
    assert "PTO2_SCOPE() {" in line
    assert g.scope_tree() == [("MANUAL", [], [("AUTO", [0], []), ("AUTO", [1], [])])]
    assert [s.rejected for s in g.scopes] == [False, True, True]
    # Both iterations write ext_x inside the MANUAL scope with no edge between them.
    assert [h.kind for h in g.hazards()] == ["unordered"]


def test_invalid_task_id_in_set_dependencies_is_flagged() -> None:
    body = """    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        Arg params_t0;
        PTO2TaskId params_t0_deps[1];
        uint32_t params_t0_deps_count = 0;
        params_t0_deps[params_t0_deps_count++] = PTO2TaskId::invalid();
        params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
        rt_submit_dummy_task(params_t0);
    }"""
    with pytest.raises(RecorderError, match="invalid_dep: rt_submit_dummy_task: set_dependencies entry 0 of 1"):
        run_orchestration(entry(body, nargs=0))
    g = run_orchestration(entry(body, nargs=0), allow_errors=True)
    assert g.error_kinds == ["invalid_dep"] and g.errors[0]["task"] == 0 and g.tasks[0].deps == ()


def test_unknown_task_id_is_flagged() -> None:
    body = """    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        Arg params_t0;
        PTO2TaskId params_t0_deps[1] = {PTO2TaskId::make(0, 7)};
        params_t0.set_dependencies(params_t0_deps, 1);
        rt_submit_aiv_task(3, params_t0);
    }"""
    g = run_orchestration(entry(body, nargs=0), allow_errors=True)
    assert g.error_kinds == ["unknown_dep"]


def test_deps_count_beyond_the_declared_array_is_an_asan_error() -> None:
    body = """    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        Arg a;
        TaskOutputTensors first = rt_submit_dummy_task(a);
        Arg params_t0;
        PTO2TaskId params_t0_deps[1];
        uint32_t params_t0_deps_count = 0;
        params_t0_deps[params_t0_deps_count++] = first.task_id();
        params_t0.set_dependencies(params_t0_deps, 2);
        rt_submit_dummy_task(params_t0);
    }"""
    with pytest.raises(RecorderError, match="stack-buffer-overflow") as info:
        run_orchestration(entry(body, nargs=0))
    assert "orchestration.cpp:" in info.value.output


def test_output_tensor_used_after_its_scope_is_an_asan_error() -> None:
    body = """    uint32_t s[1] = {8};
    TensorCreateInfo ci(s, 1, DataType::INT32);
    const Tensor* leaked = nullptr;
    PTO2_SCOPE() {
        TaskOutputTensors alloc_0 = alloc_tensors(ci);
        leaked = &alloc_0.get_ref(0);
    }
    PTO2_SCOPE() {
        Arg params_t0;
        params_t0.add_input(*leaked);
        rt_submit_aiv_task(0, params_t0);
    }"""
    with pytest.raises(RecorderError, match="heap-use-after-free"):
        run_orchestration(entry(body, nargs=0))


def test_arg_misuse_and_bad_alloc_are_flagged() -> None:
    body = """    PTO2_SCOPE() {
        Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
        PTO2TaskId none[1] = {PTO2TaskId::invalid()};
        Arg params_t0;
        params_t0.add_scalar((uint64_t)1);
        params_t0.add_input(ext_x);
        params_t0.set_dependencies(none, 0);
        rt_submit_aiv_task(0, params_t0);
        Arg params_t1;
        params_t1.add_input(ext_x);
        alloc_tensors(params_t1);
    }"""
    g = run_orchestration(entry(body), tensors=[F32_16x16], allow_errors=True)
    assert g.error_kinds == ["arg_error", "bad_alloc"]
    assert "after add_scalar" in g.errors[0]["message"]


def test_expected_arg_count_mismatch_is_flagged() -> None:
    g = run_orchestration(entry("", nargs=2), tensors=[F32_16x16], allow_errors=True)
    assert g.error_kinds == ["arg_count"]


def test_view_out_of_range_is_flagged_with_its_line() -> None:
    body = """    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    uint32_t vs[2] = {8, 16};
    uint32_t vo[2] = {12, 0};
    Tensor v = ext_x.view(vs, vo);
    (void)v;"""
    text = entry(body)
    g = run_orchestration(text, tensors=[F32_16x16], allow_errors=True)
    assert g.error_kinds == ["view_out_of_range"]
    assert "ext_x.view(vs, vo)" in text.splitlines()[g.errors[0]["line"] - 1]


# -- hazards ----------------------------------------------------------------------------------------


def test_manual_task_without_the_alloc_task_id_is_a_retain_hazard() -> None:
    body = """    PTO2_SCOPE() {
        uint32_t s[1] = {8};
        TensorCreateInfo t_ci(s, 1, DataType::FLOAT32);
        TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
        const Tensor& t = alloc_0.get_ref(0);
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            Arg params_t0;
            params_t0.add_output(t);
            rt_submit_aiv_task(0, params_t0);
        }
    }"""
    g = run_orchestration(entry(body, nargs=0))
    assert [(h.kind, h.tasks) for h in g.hazards()] == [("unretained_alloc", (1, 0))]


def test_unordered_manual_writes_and_stale_read_are_hazards() -> None:
    body = """    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        Arg params_t0;
        params_t0.add_inout(ext_x);
        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
        Arg params_t1;
        params_t1.add_input(ext_x);
        rt_submit_aiv_task(1, params_t1);
        Arg params_t2;
        params_t2.add_inout(ext_x);
        PTO2TaskId params_t2_deps[1] = {task_0_outs.task_id()};
        params_t2.set_dependencies(params_t2_deps, 1);
        rt_submit_aiv_task(2, params_t2);
    }
    uint32_t idx[2] = {3, 4};
    float v = get_tensor_data<float>(ext_x, 2, idx);
    (void)v;"""
    g = run_orchestration(entry(body), tensors=[F32_16x16])
    kinds = [(h.kind, h.tasks) for h in g.hazards()]
    # t0 -> t1 (RAW) and t1 -> t2 (WAR) are unordered; t0 -> t2 is ordered by the explicit edge.
    assert ("unordered", (0, 1)) in kinds and ("unordered", (1, 2)) in kinds
    assert ("unordered", (0, 2)) not in kinds
    assert [k for k in kinds if k[0] == "stale_read"] == [("stale_read", (0,)), ("stale_read", (2,))]


def test_auto_scope_tasks_are_ordered_by_the_runtime() -> None:
    body = """    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    PTO2_SCOPE() {
        Arg params_t0;
        params_t0.add_inout(ext_x);
        rt_submit_aiv_task(0, params_t0);
        Arg params_t1;
        params_t1.add_inout(ext_x);
        rt_submit_aiv_task(0, params_t1);
    }
    uint32_t idx[2] = {0, 0};
    (void)get_tensor_data<float>(ext_x, 2, idx);"""
    assert run_orchestration(entry(body), tensors=[F32_16x16]).hazards() == []


# -- entry arguments: data, scalars, dynamic dims ---------------------------------------------------


def test_tensor_data_scalars_and_dynamic_dims_reach_the_tasks() -> None:
    body = """    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    int64_t M = (int64_t)orch_args.tensor(0).ref().shapes[0];
    union { uint64_t u64; double val; } alpha_conv;
    alpha_conv.u64 = orch_args.scalar(1);
    double alpha = alpha_conv.val;
    PTO2_SCOPE() {
        for (int64_t i = 0; i < M; i += 1) {
            PTO2_SCOPE() {
                uint32_t idx[2] = {(uint32_t)i, 1};
                int32_t k = get_tensor_data<int32_t>(ext_x, 2, idx);
                Arg params_t0;
                params_t0.add_input(ext_x);
                params_t0.add_scalar((uint64_t)(int64_t)k);
                params_t0.add_scalar((uint64_t)orch_args.scalar(0));
                params_t0.add_scalar(to_u64(alpha));
                rt_submit_aic_task(5, params_t0);
            }
        }
    }"""
    spec = TensorSpec((3, 2), "i32", data=(0, 10, 0, -20, 0, 30))
    g = run_orchestration(entry(body, nargs=3), tensors=[spec], scalars=[-1, ("f64", 2.25)])
    assert g.kernel_counts() == {("aic", 5): 3}
    assert [t.scalars[0] for t in g.tasks] == [10, encode_scalar(-20), 30]
    assert all(t.scalars[1] == 0xFFFFFFFFFFFFFFFF for t in g.tasks)
    assert all(t.scalar_as(2, "d") == 2.25 for t in g.tasks)
    assert [a["bits"] for a in g.accesses] == [10, 0xFFFFFFEC, 30]
    assert g.scope_tree() == [("AUTO", [], [("AUTO", [0], []), ("AUTO", [1], []), ("AUTO", [2], [])])]


def test_transpose_and_reshape_views() -> None:
    body = """    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    PTO2_SCOPE() {
        Tensor xt = ext_x.transpose(0, 1);
        uint32_t flat[1] = {32};
        Tensor xf = ext_x.reshape(flat, 1);
        Arg params_t0;
        params_t0.add_input(xt);
        params_t0.add_output(xf);
        rt_submit_aiv_task(0, params_t0);
    }"""
    g = run_orchestration(entry(body), tensors=[([4, 8], "bf16")])
    xt, xf = g.tasks[0].args
    assert (xt.tensor.shape, xt.tensor.strides, xt.tensor.dtype) == ((8, 4), (1, 8), "BFLOAT16")
    assert (xf.tensor.shape, xf.tensor.strides) == ((32,), (1,))
    assert xt.tensor.overlaps(xf.tensor)


def test_runtime_allocated_outputs_are_returned_and_recorded() -> None:
    body = """    PTO2_SCOPE() {
        uint32_t s[2] = {2, 3};
        TensorCreateInfo y_ci(s, 2, DataType::INT64);
        Arg params_t0;
        params_t0.add_output(y_ci);
        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
        const Tensor& y = task_0_outs.get_ref(0);
        Arg params_t1;
        params_t1.add_input(y);
        rt_submit_aiv_task(1, params_t1);
    }"""
    g = run_orchestration(entry(body, nargs=0))
    (y,) = g.tasks[0].outputs
    assert g.buffers[y]["kind"] == "output" and g.buffers[y]["nbytes"] == 48
    assert g.tasks[0].directions == ["OUT"] and g.tasks[1].buffers == [y]


def test_compile_error_is_reported() -> None:
    with pytest.raises(RecorderError, match="does not compile") as info:
        run_orchestration(entry("    undeclared_call();", nargs=0))
    assert "undeclared_call" in info.value.output


def test_recorder_objects_are_compiled_once() -> None:
    first = recorder_objects()
    stamps = [o.stat().st_mtime_ns for o in first]
    assert len(first) == 2
    assert recorder_objects() == first and [o.stat().st_mtime_ns for o in first] == stamps


def test_scalar_encoding() -> None:
    assert encode_scalar(1.0) == 0x3F800000
    assert encode_scalar(("f64", 1.0)) == 0x3FF0000000000000
    assert encode_scalar(-1) == 0xFFFFFFFFFFFFFFFF
    assert encode_scalar(("i32", -1)) == 0xFFFFFFFF
    assert encode_scalar(True) == 1


def test_arg_pointer_to_a_dead_tensor_is_an_asan_error() -> None:
    body = """    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    PTO2_SCOPE() {
        Arg params_t0;
        {
            uint32_t vs[2] = {4, 4};
            uint32_t vo[2] = {0, 0};
            Tensor v = ext_x.view(vs, vo);
            params_t0.add_input(v);
        }
        rt_submit_aiv_task(0, params_t0);
    }"""
    with pytest.raises(RecorderError, match="stack-use-after-scope"):
        run_orchestration(entry(body), tensors=[F32_16x16])


def test_manual_inside_manual_is_recorded_without_error() -> None:
    body = """    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            Arg params_t0;
            rt_submit_dummy_task(params_t0);
        }
    }"""
    g = run_orchestration(entry(body, nargs=0))
    assert g.errors == [] and g.scope_tree() == [("MANUAL", [], [("MANUAL", [0], [])])]


CASE1 = """    Tensor ext_data = from_tensor_arg(orch_args.tensor(0));
    Tensor ext_out = from_tensor_arg(orch_args.tensor(1));
    PTO2_SCOPE() {
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            PTO2TaskId out__rv_v2__tid[2];
            for (int64_t i = 0; i < 2; ++i)
                out__rv_v2__tid[i] = PTO2TaskId::invalid();
            for (int64_t phase = 0; phase < 3; phase += 1) {
                PTO2TaskId out__rv_v4__tid[2];
                for (int64_t i = 0; i < 2; ++i)
                    out__rv_v4__tid[i] = out__rv_v2__tid[i];
                for (int64_t branch = 0; branch < 2; branch += 1) {
                    int64_t row = (((phase * 2) + branch) * 4);
                    Arg params_t0;
                    params_t0.add_input(ext_data);
                    params_t0.add_inout(ext_out);
                    params_t0.add_scalar((uint64_t)row);
                    params_t0.add_scalar(to_u64(1.0f));
                    PTO2TaskId params_t0_deps[2];
                    uint32_t params_t0_deps_count = 0;
                    for (int64_t k = 0; k < 2; ++k) {
                        if (out__rv_v2__tid[k].is_valid())
                            params_t0_deps[params_t0_deps_count++] = out__rv_v2__tid[k];
                    }
                    params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
                    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
                    PTO2TaskId out__ssa_v5__tid = task_0_outs.task_id();
                    out__rv_v4__tid[branch] = out__ssa_v5__tid;
                }
                for (int64_t i = 0; i < 2; ++i)
                    out__rv_v2__tid[i] = out__rv_v4__tid[i];
            }
        }
    }"""


def test_case1_skeleton_every_phase_waits_for_the_whole_previous_phase() -> None:
    g = run_orchestration(entry(CASE1, nargs=2), tensors=[([24, 16], "f32"), ([24, 16], "f32")])
    phases = [g.kernel_tasks[2 * p : 2 * p + 2] for p in range(3)]
    assert [t.scalars[0] for t in g.kernel_tasks] == [0, 4, 8, 12, 16, 20]
    assert all(t.deps == () for t in phases[0])
    for prev, cur in zip(phases, phases[1:]):
        assert all(t.deps == tuple(p.id for p in prev) for t in cur)
        assert all(g.depends_on(t, p) for t in cur for p in prev)
    # Hazards are judged per argument: the two branches of a phase both take the whole ext_out
    # INOUT (each kernel writes its own stripe), so they are reported as unordered pairs; no
    # pair across phases is.
    assert sorted(h.tasks for h in g.hazards()) == [(0, 1), (2, 3), (4, 5)]
