"""No buffer outlives the scope that allocates it (issue 25, class 1, and item 8): each
function of tests/execution/scope_lifetimes.mlir (auto scopes) and scope_lifetimes_manual.mlir
(manual scopes) moves a buffer out of a `pto_rt.scope` in one way (loop carry, if result,
runtime-allocated output, nested scopes, nested loops, a manual scope in a loop, a size
computed in a manual scope, carries and if results inside a manual scope, compiler-owned
manual scopes); the auto ones also run through analyze-auto-scopes. Each run asserts the
interpreter reports no use after free and no race, and checks the outputs. Before
batch-tensor-allocations hoisted these buffers, each read after the scope in
scope_lifetimes.mlir was a use after free, and the pipeline refused every program of
scope_lifetimes_manual.mlir. The controls put the allocation back inside the scope it leaves,
or drop the edge that replaces a runtime-allocated output's creator edge, and check the
report."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.rt import ScopeOp
from pypto_dialects.tensor import AllocTensorsOp
from support.execution import (
    INC,
    PROGRAMS,
    ROOT,
    Kernel,
    drop_deps,
    edges,
    execute,
    generate,
    rand,
    zeros,
)

PROGRAM = PROGRAMS / "scope_lifetimes.mlir"
MANUAL = PROGRAMS / "scope_lifetimes_manual.mlir"
ADD = Kernel(lambda a, b, o: a + b)
KERNELS = {"inc": INC, "add": ADD, "inc_dyn": INC}


def report(r) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.replace(f"{ROOT}/", "") for f in r.faults]


@pytest.mark.parametrize("analyze", [False, True], ids=["auto", "analyzed"])
def test_loop_carry(analyze: bool) -> None:
    a = rand(16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16)], function="loop_carry", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], a + 4)


def test_the_analysis_keeps_a_region_that_yields_its_buffer_auto() -> None:
    # auto-derive-task-dependencies makes no region manual that yields a buffer it creates,
    # so the analysed runs above take the auto path; compiler-owned manual scopes that hold
    # such buffers are written out in @owned_scopes
    code, _ = generate(PROGRAM, "loop_carry", analyze=True)
    assert "PTO2ScopeMode::MANUAL" not in code


def test_compiler_owned_manual_scopes() -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16)], function="owned_scopes")
    np.testing.assert_array_equal(r.outputs[1], a + 8)
    code, _ = generate(MANUAL, "owned_scopes")
    assert code.count("PTO2_SCOPE(PTO2ScopeMode::MANUAL)") == 1  # the second one went
    assert "if (x_alloc.is_valid()) params_t0_deps[params_t0_deps_count++] = x_alloc;" in code


@pytest.mark.parametrize("analyze", [False, True], ids=["auto", "analyzed"])
@pytest.mark.parametrize("flag", [True, False])
def test_if_result(flag: bool, analyze: bool) -> None:
    a = rand(16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16), flag], function="if_result", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], a + (2 if flag else 1))


@pytest.mark.parametrize("flag", [True, False])
def test_runtime_output_in_a_branch(flag: bool) -> None:
    a = rand(16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16), flag], function="runtime_output_if")
    np.testing.assert_array_equal(r.outputs[1], (a + 1 if flag else a) + a)


def test_nested_scopes() -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16), zeros(16)], function="nested_scopes")
    np.testing.assert_array_equal(r.outputs[1], a + 4)
    np.testing.assert_array_equal(r.outputs[2], a + 3)
    code, _ = generate(MANUAL, "nested_scopes")
    # %t, %m and %x are allocated in the function's scope (8 spaces deep), each right before
    # the outermost scope it leaves
    allocs = [line for line in code.splitlines() if "alloc_tensors(" in line]
    assert allocs == [
        "        TaskOutputTensors alloc_0 = alloc_tensors(t_ci);",
        "        TaskOutputTensors alloc_1 = alloc_tensors(m_ci);",
        "        TaskOutputTensors alloc_2 = alloc_tensors(x_ci);",
    ]


@pytest.mark.parametrize("analyze", [False, True], ids=["auto", "analyzed"])
def test_nested_loops(analyze: bool) -> None:
    a = rand(16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16)], function="nested_loops", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], a + 7)
    assert len(r.tasks) == 7


def test_nested_loops_dissolve_the_outer_body_scope() -> None:
    # the last inner iteration's buffer is carried by the outer loop: it is allocated in the
    # scope around the outer loop, so the outer body has no PTO2_SCOPE of its own any more
    code, _ = generate(PROGRAM, "nested_loops")
    body = code.split("for (int64_t i = 0; i < 2; i += 1) {\n", 1)[1]
    assert body.splitlines()[0].strip() == "Tensor y = x;"
    assert body.count("PTO2_SCOPE()") == 1  # the inner body's


def test_manual_scope_in_a_loop() -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16)], function="manual_in_loop")
    np.testing.assert_array_equal(r.outputs[1], a + 5)


def test_a_size_computed_in_a_manual_scope() -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16), 8], function="manual_extent")
    np.testing.assert_array_equal(r.outputs[1], a + 2)
    code, _ = generate(MANUAL, "manual_extent")
    head = code.split("PTO2_SCOPE(PTO2ScopeMode::MANUAL)", 1)[0]
    assert "TaskOutputTensors alloc_0 = alloc_tensors(t_ci);" in head


@pytest.mark.parametrize("flag", [True, False])
def test_carries_and_if_results_inside_a_manual_scope(flag: bool) -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16), zeros(16), flag], function="manual_carries")
    np.testing.assert_array_equal(r.outputs[1], a + 5)
    np.testing.assert_array_equal(r.outputs[2], a + (2 if flag else 1))


# ---------------------------------------------------------------------------------- controls


def _into_scope(module: ModuleOp) -> None:
    """Undo the fix: move every batch that stands right before a scope into that scope, and
    every batch of a loop body (its scope dissolved or not) into the body's first scope, in
    @loop_carry."""
    func = next(op for op in module.walk() if getattr(op, "sym_name", None) is not None
                and op.sym_name.data == "loop_carry")
    for batch in [op for op in func.walk() if isinstance(op, AllocTensorsOp)]:
        nxt = batch.next_op
        while nxt is not None and not isinstance(nxt, ScopeOp):
            nxt = nxt.next_op
        if nxt is None or not isinstance(batch.parent_op(), scf.ForOp | scf.IfOp):
            continue
        batch.detach()
        nxt.body.block.insert_op_before(batch, nxt.body.block.first_op)


def test_control_a_carried_buffer_in_the_body_scope_is_used_after_free() -> None:
    a = rand(16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16)], function="loop_carry", edit=_into_scope,
                faults=True)
    # (task numbers count the allocation tasks: tasks 3 and 5 are iterations 2 and 3)
    why = ("touches %t after the scope that allocated %t (at "
           "tests/execution/scope_lifetimes.mlir:17:3) ended; the runtime may already have "
           "given its memory to another allocation: allocate it in a scope that is still open "
           "here")
    assert report(r) == [
        "tests/execution/scope_lifetimes.mlir:19:5: error: 'pto_orch.call' op use after free: "
        f"task 3 (@inc) {why}",
        "tests/execution/scope_lifetimes.mlir:19:5: error: 'pto_orch.call' op use after free: "
        f"task 5 (@inc) {why}",
        "tests/execution/scope_lifetimes.mlir:22:3: error: 'pto_orch.call' op use after free: "
        f"task 6 (@inc) {why}",
    ]
    np.testing.assert_array_equal(r.outputs[1], a + 4)  # the sequential program's


def test_a_runtime_output_of_a_manual_task_keeps_its_reader_ordered() -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16)], function="manual_runtime_output")
    np.testing.assert_array_equal(r.outputs[1], a + 2)
    # the reader waits for the manual writer through the compiler edge (explicit) and
    # retains the allocation (creator); the writer retains it through its retain edge
    assert r.edges == edges("alloc0>t0 explicit", "alloc0>t1 creator", "t0>t1 explicit")


def test_control_without_the_writer_edge_the_reader_races() -> None:
    a = rand(16)
    r = execute(MANUAL, KERNELS, [a, zeros(16)], function="manual_runtime_output",
                edit=lambda m: drop_deps(m, keep=lambda v: isinstance(v.owner, AllocTensorsOp)),
                faults=True)
    assert [f.split(": error: ")[1] for f in report(r)] == [
        "'pto_orch.call' op RAW race on %x: task 2 (@inc) reads %x, written by task 1 (@inc) "
        "at tests/execution/scope_lifetimes_manual.mlir:149:5 (%x), and no dependency edge "
        "orders the two tasks"]
