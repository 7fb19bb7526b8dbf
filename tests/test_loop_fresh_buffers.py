"""Loops that make a new buffer every iteration and pass it on through their carry, with an
in-place write of the loop's result after the loop (tests/execution/loop_fresh_buffers.mlir):
order-untracked-hazards refused each of them ("only the last iteration's TaskId can be
carried"), and verify-orchestration a host write of the result ("an input, which the runtime
does not record"). Each runs in the interpreter with goldens, the exact edge set and no race or use
after free, in both settings; @last_reader's one compiler edge is shown necessary by a control
run without it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.interpreter import run_function
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.transforms.pto2_pipeline import STEPS
from support.execution import (
    PROGRAMS,
    Kernel,
    edges,
    execute,
    lowered,
    rand,
    relative_faults,
    zeros,
)

PROGRAM = PROGRAMS / "loop_fresh_buffers.mlir"
FILECHECK = PROGRAMS.parent / "filecheck" / "transforms"


def _bump(x: np.ndarray) -> None:
    x += np.float32(1)


KERNELS = {"step": Kernel(lambda x, o: x + np.float32(1)), "bump": Kernel(_bump)}


def _allocs(batches: int, users: dict[int, list[int]]) -> list[str]:
    return [f"alloc{b}>t{t} creator" for b in range(batches) for t in users[b]]


def _chain(n: int) -> list[str]:
    return [f"t{i}>t{i + 1} tensormap" for i in range(n)]


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 1, 0])
def test_an_in_place_write_after_a_loop_of_new_buffers(n: int, analyze: bool) -> None:
    x = rand(16, 16)
    run = execute(PROGRAM, KERNELS, [x, zeros(16, 16), n], function="accumulate",
                  analyze=analyze)
    # @step before the loop, n @step, @bump, @step: x + n + 3
    np.testing.assert_array_equal(run.outputs[1], x + np.float32(n + 3))
    # one batch per create (the last iteration's also held by @bump and the last @step), and
    # the tensor map's chain; no compiler edge
    users = {b: [b, b + 1] for b in range(n)}
    users[n] = [n, n + 1, n + 2]
    assert run.edges == edges(*_allocs(n + 1, users), *_chain(n + 2))


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 0])
def test_the_loop_output_is_a_runtime_allocated_buffer(n: int, analyze: bool) -> None:
    x = rand(16, 16)
    run = execute(PROGRAM, KERNELS, [x, zeros(16, 16), n], function="runtime_output",
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], x + np.float32(n + 3))
    # t0 makes the init (its creator edges); each iteration's buffer is batched before its
    # @step (the batches hoisted: alloc b is iteration b's)
    users = {b: [b + 1, b + 2] for b in range(n)}
    if n:
        users[n - 1] = [n, n + 1, n + 2]
    # t0's output is read by t1 (and, with no iteration, written by @bump: t2) through its
    # creator edge; from t1 on, the tensor map's chain
    chain = [f"t{i}>t{i + 1} tensormap" for i in range(1, n + 2)]
    creator = ["t0>t1 creator", *([] if n else ["t0>t2 creator"])]
    assert run.edges == edges(*_allocs(n, users), *chain, *creator)


def _without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, CallOp | SubmitOp) and op.compiler_deps:
            op.set_compiler_deps([])


@pytest.mark.parametrize("analyze", [False, True])
def test_a_reader_of_the_last_buffer_orders_the_write_after_the_loop(analyze: bool) -> None:
    x = rand(16, 16)
    args = [x, zeros(16, 16), zeros(16, 16)]
    run = execute(PROGRAM, KERNELS, args, function="last_reader", analyze=analyze)
    # iteration i (tasks 2i+1, 2i+2): %t1 = x + i + 2, %s = %t1 + 1; @bump (t7) after the last
    # reader (t6), then %o = %r + 2
    np.testing.assert_array_equal(run.outputs[1], x + np.float32(6))
    np.testing.assert_array_equal(run.outputs[2], x + np.float32(5))
    tensormap = ["t0>t1", "t1>t2", "t1>t3", "t2>t4", "t3>t4", "t3>t5", "t4>t6", "t5>t6",
                 "t5>t7", "t7>t8"]
    users = {0: [0, 1], 1: [1, 2, 3], 2: [3, 4, 5], 3: [5, 6, 7, 8]}
    want = edges(*_allocs(4, users), *(f"{e} tensormap" for e in tensormap))
    assert run.edges == want | edges("t6>t7 explicit")
    # without the compiler's edge the runtime lets @bump overwrite the last %t1 while the
    # last iteration's reader may still read it
    control = execute(PROGRAM, KERNELS, [x, zeros(16, 16), zeros(16, 16)],
                      function="last_reader", analyze=analyze, edit=_without_compiler_deps,
                      faults=True)
    assert control.edges == want
    (fault,) = relative_faults(control)
    # (the report numbers the allocation batches too: t6 is task 10, t7 task 11)
    assert "WAR race on %t: task 11 (@bump) writes %t, read by task 10 (@step)" in fault


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 0])
def test_a_host_write_after_a_loop_of_new_buffers(n: int, analyze: bool) -> None:
    x = rand(16, 16)
    run = execute(PROGRAM, KERNELS, [x, zeros(16, 16), n], function="host_write",
                  analyze=analyze)
    want = x + np.float32(n + 1)
    want[0, 0] = 1
    np.testing.assert_array_equal(run.outputs[1], want + np.float32(1))
    users = {b: [b, b + 1] for b in range(n + 1)}
    assert run.edges == edges(*_allocs(n + 1, users), *_chain(n + 1))
    # set_tensor_data waits for the last buffer's batch and writer (ids count the batches)
    (host,) = run.result.graph.host_accesses
    assert sorted(host.waits) == [2 * n, 2 * n + 1]


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 0])
def test_the_same_loop_in_a_user_manual_scope(n: int, analyze: bool) -> None:
    x = rand(16, 16)
    run = execute(PROGRAM, KERNELS, [x, zeros(16, 16), n], function="manual_scope",
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], x + np.float32(n + 3))
    # the user's chain; every task lists the batch of each buffer it may use (retain
    # edges): the init's (alloc0) every task, since each step's carry and the result may be
    # the init; iteration b's its own step and the next (@bump and the last @step for the last)
    users = {0: list(range(n + 3))}
    for b in range(1, n + 1):
        users[b] = [b, b + 1] + ([b + 2] if b == n else [])
    chain = [f"t{i}>t{i + 1} explicit" for i in range(n + 2)]
    want = [f"alloc{b}>t{t} explicit" for b, ts in users.items() for t in ts]
    assert run.edges == edges(*want, *chain)


def _split_case(path: Path, function: str, into: Path) -> Path:
    """The `--split-input-file` case of the filecheck test at `path` that defines
    `function`, as a program of its own in `into`."""
    (case,) = [c for c in path.read_text().split("// -----") if f"@{function}(" in c]
    out = into / f"{function}.mlir"
    out.write_text(case)
    return out


@pytest.mark.parametrize("analyze", [False, True])
def test_a_host_write_after_an_inner_loop_of_new_buffers_is_refused(
    tmp_path: Path, analyze: bool
) -> None:
    # The loop of new buffers runs in an outer loop, once, then with no iteration: its result
    # is then its init, %x, which @step read in the first outer iteration. verify-orchestration
    # refuses the host write (FILECHECK's @outer_loop); without that check (the pipeline's
    # other steps) the run has the race it prevents.
    program = _split_case(FILECHECK / "verify_orchestration/host_write_fresh_buffers.mlir",
                          "outer_loop", tmp_path)
    x = rand(16)
    with pytest.raises(PassFailedException, match="'pto_tensor.write' op writes %r"):
        execute(program, KERNELS, [x, zeros(16)], function="outer_loop", analyze=analyze)
    # (the C++ target checks the rules itself: the control runs the IR in the interpreter)
    steps = tuple(s for s in STEPS if s != "verify-orchestration")
    control = run_function(lowered(program, steps), "outer_loop", [x, zeros(16)], KERNELS)
    (fault,) = [f.diagnostic() for f in control.faults()]
    # (task 0 is the allocation of the first %t)
    assert (f"{program}:22:5: error: 'pto_tensor.write' op WAR race on %x: the host writes "
            f"%x[0:1], read by task 1 (@step) at {program}:18:7 (%x)") in fault
    # (the first host write hits the first outer iteration's %t1, the second %x itself)
    want = x.copy()
    want[0] = 1
    np.testing.assert_array_equal(control.outputs["o"], want + np.float32(1))
