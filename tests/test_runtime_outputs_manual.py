"""Runtime-allocated outputs read by MANUAL-scope tasks (tests/execution/runtime_outputs_manual.mlir;
see tests/test_execution.py for the conventions).

A task that leaves a trailing `out` parameter to the runtime (`add_output(TensorCreateInfo)`)
is the creator of that buffer. In a MANUAL scope the runtime adds no creator edge (docs/runtime-api.md 3.4),
so a manual reader is ordered after the producer, and holds it (and the buffer) while it runs,
only through an explicit edge on the producer's TaskId. The compiler adds that edge where it
orders the scope (auto-derive-task-dependencies and order-untracked-hazards count the output as
a write of the producer) and drop-implied-edges keeps it although a chain implies the order;
the interpreter adds none of its own (it used to, which hid the race and the use after free).
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.orch import SubmitOp
from support.execution import (
    ACC_INTO,
    ADD,
    INC,
    PROGRAMS,
    Kernel,
    edges,
    execute,
    relative_faults,
    zeros,
)

PROGRAM = PROGRAMS / "runtime_outputs_manual.mlir"
KERNELS = {"inc": INC, "add": ADD}
A = np.arange(16, dtype=np.float32)


@pytest.mark.parametrize("analyze", [False, True])
def test_an_auto_output_read_in_a_user_manual_scope(analyze: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], function="into_manual",
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], A + 2)
    np.testing.assert_array_equal(run.outputs[2], A + 2)
    # t0 > t1: the compiler's edge (the manual task lists no deps; without it the C++ had none)
    assert run.edges == edges("t0>t1 explicit", "t2>t3 explicit")


def test_an_implied_edge_that_holds_a_runtime_output_stays() -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], function="implied",
                  analyze=True)
    np.testing.assert_array_equal(run.outputs[1], (A + 1) + (A + 2))
    # t0 > t1 (auto-derive: t1 reads t0's output) and t0 > t2, which t2 > t1 > t0 implies but
    # which holds %y while t2 reads it
    assert run.edges == edges("t0>t1 explicit", "t0>t2 explicit", "t1>t2 explicit",
                              "t3>t4 explicit")


def test_a_runtime_output_read_in_another_block_of_a_compiler_owned_scope() -> None:
    run = execute(PROGRAM, KERNELS, [A, np.ones(16, np.float32), True], function="branch",
                  analyze=True)
    np.testing.assert_array_equal(run.outputs[1], 1 + 3 * (A + 1))
    # each iteration's reader (in the if branch) after that iteration's producer
    assert run.edges == edges("t0>t1 explicit", "t2>t3 explicit", "t4>t5 explicit",
                              "t1>t3 explicit", "t3>t5 explicit")


def _without_compiler_deps(module: ModuleOp) -> None:
    """The control: the program as the user wrote it (the pipeline's edges removed)."""
    for op in module.walk():
        if isinstance(op, SubmitOp) and op.compiler_deps:
            op.set_compiler_deps([])


UAF = ("error: 'pto_orch.submit' op use after free: task {task} (@{kernel}) touches %y but "
       "nothing that retains %y waits for this task")


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize(("function", "kernel", "out"), [
    # t2 reads %y and t1's %z, listing only t1
    ("user_transitive", "add", (A + 1) + (A + 2)),
    # t1 writes all of %y in place (inout) between: still t0's buffer
    ("overwritten", "inc", (A + 1) + A + 1),
    # t2 uses %y as no_dep: it need not wait, but the buffer must be alive
    ("no_dep_reader", "add_nd", (A + 1) + (A + 2)),
])
def test_a_user_chain_does_not_hold_the_producer(
    function: str, kernel: str, out: np.ndarray, analyze: bool
) -> None:
    # A user manual scope whose t2 uses t0's runtime output %y but lists only t1: the chain
    # orders t2 after t0, but only an edge on t0 holds %y (the runtime adds no creator edge
    # in a MANUAL scope); order-untracked-hazards adds t0 > t2.
    kernels = {**KERNELS, "acc": ACC_INTO, "add_nd": ADD}
    run = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function=function,
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], out)
    np.testing.assert_array_equal(run.outputs[2], A + 2)
    assert run.edges == edges("t0>t1 explicit", "t1>t2 explicit", "t0>t2 explicit",
                              "t3>t4 explicit")
    control = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function=function,
                      analyze=analyze, edit=_without_compiler_deps, faults=True)
    assert control.edges == run.edges - edges("t0>t2 explicit")
    (fault,) = relative_faults(control)
    assert UAF.format(task=2, kernel=kernel) in fault


@pytest.mark.parametrize("analyze", [False, True])
def test_a_user_chain_in_a_loop_does_not_hold_the_producer(analyze: bool) -> None:
    # each iteration i: t(3i) makes %y, t(3i+1) reads it, t(3i+2) reads it listing only
    # t(3i+1); the edge on the iteration's own t(3i) is added in the loop body
    kernels = {**KERNELS, "acc": ACC_INTO}
    run = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function="in_a_loop",
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], 3 * (A + 1))
    chain = edges(*(f"t{i}>t{i + 1} explicit" for i in range(8)), "t9>t10 explicit")
    held = edges("t0>t2 explicit", "t3>t5 explicit", "t6>t8 explicit")
    assert run.edges == chain | held
    control = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function="in_a_loop",
                      analyze=analyze, edit=_without_compiler_deps, faults=True)
    assert control.edges == chain
    assert any("use after free: task 8 (@acc) touches %y" in f for f in control.faults)


@pytest.mark.parametrize("analyze", [False, True])
def test_a_user_chain_does_not_hold_the_previous_iterations_output(analyze: bool) -> None:
    # t0 makes %y0; iteration i (tasks 3i+1..3i+3): %z, acc(in %py, inout %o) listing only
    # %z's task, then the next %y from %z listing only the acc (which holds neither buffer)
    kernels = {**KERNELS, "acc": ACC_INTO}
    run = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function="carried_chain",
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], (A + 1) + 2 * (A + 2))
    chain = edges("t0>t1 explicit", "t1>t2 explicit", "t2>t3 explicit", "t3>t4 explicit",
                  "t4>t5 explicit", "t5>t6 explicit", "t6>t7 explicit", "t7>t8 explicit",
                  "t8>t9 explicit", "t10>t11 explicit")
    # the previous iteration's creator (t3, t6), and %y0's creator t0 (%py may be %y0)
    held = edges("t0>t2 explicit", "t0>t5 explicit", "t0>t8 explicit", "t3>t5 explicit",
                 "t6>t8 explicit", "t1>t3 explicit", "t4>t6 explicit", "t7>t9 explicit")
    assert run.edges == chain | held
    control = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function="carried_chain",
                      analyze=analyze, edit=_without_compiler_deps, faults=True)
    assert [f.split("op use after free: ")[1].split(" touches")[0]
            for f in control.faults] == [
        "task 2 (@acc)", "task 3 (@inc)", "task 5 (@acc)", "task 6 (@inc)", "task 8 (@acc)",
        "task 9 (@inc)"]


# (in h: 8, out: 16): both halves of the output are h + 1
WIDEN = Kernel(lambda h, o: np.concatenate([h, h]) + np.float32(1))


@pytest.mark.parametrize(("function", "out"), [
    ("self_carry", 4 * A + 4),
    # %y0 = A + 1, then each step takes the first half and widens it
    ("half_carry", 3 * A + np.tile(A[:8], 2) + 4),
])
@pytest.mark.parametrize("analyze", [False, True])
def test_a_task_that_reads_its_own_previous_output(
    function: str, out: np.ndarray, analyze: bool
) -> None:
    # t0 makes %y0; iteration i: t(2i+1) = inc(in %py) listing t(2i), then t(2i+2) = acc;
    # after the loop t7 reads %ry. t3 and t5 used t1's and t3's %y holding neither.
    kernels = {**KERNELS, "acc": ACC_INTO, "widen": WIDEN}
    run = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function=function,
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], out)
    chain = edges(*(f"t{i}>t{i + 1} explicit" for i in range(7)), "t8>t9 explicit")
    held = edges("t0>t3 explicit", "t0>t5 explicit", "t0>t7 explicit", "t1>t3 explicit",
                 "t3>t5 explicit", "t5>t7 explicit")
    assert run.edges == chain | held
    control = execute(PROGRAM, kernels, [A, zeros(16), zeros(16)], function=function,
                      analyze=analyze, edit=_without_compiler_deps, faults=True)
    first = "inc" if function == "self_carry" else "widen"
    assert [f.split("op use after free: ")[1].split(" touches")[0]
            for f in control.faults] == [f"task 3 (@{first})", f"task 5 (@{first})",
                                         "task 7 (@acc)"]
