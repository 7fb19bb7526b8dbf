"""Loops whose tasks the user chains with explicit deps (tests/execution/user_dep_chains.mlir):
each iteration's task lists the TaskId the loop carries from the previous iteration's, so the
last one implies every earlier one, and order-untracked-hazards carries that one to the task
after the loop that the runtime does not order after them all (an AUTO writer after a user
manual scope, an in-place write after AUTO reads, a reader of a `manual_dep` buffer), or to
the next iteration's task that writes what the chain read (a loop-carried hazard). Before,
the pass refused each program ("only the last iteration's TaskId can be carried"). Each runs
in the interpreter, with and without analyze-auto-scopes, against a numpy golden and its exact
edges; the controls drop the compiler edge or the user's chain and find the races. The chains
the pass cannot prove complete are refused:
tests/filecheck/transforms/order_untracked_hazards/user_chains.mlir."""

from __future__ import annotations

import numpy as np
import pytest

from pypto_dialects.orch import CallOp, SubmitOp
from support.execution import (
    COPY,
    PROGRAMS,
    REDUCE4,
    STRIPE64,
    Kernel,
    drop_deps,
    edges,
    execute,
    rand,
    relative_faults,
    striped,
    zeros,
)

PROGRAM = PROGRAMS / "user_dep_chains.mlir"


def _bump(y):  # type: ignore[no-untyped-def]
    y += np.float32(1)


# stripe (in x 64x16, in row, out o 16x16); bump / bump16 (inout y): y += 1; copy (in, out)
KERNELS = {"stripe": STRIPE64, "bump": Kernel(_bump), "bump16": Kernel(_bump), "copy": COPY,
           "copy32": COPY, "reduce": REDUCE4}


def chain(n: int) -> list[str]:
    """The user's chain t0 > t1 > ... > t(n-1), then the compiler edge to t(n)."""
    return [f"t{i}>t{i + 1} explicit" for i in range(n)]


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [4, 1, 0])
def test_an_auto_writer_after_a_chained_manual_loop(n: int, analyze: bool) -> None:
    x, y = rand(64, 16), rand(64, 16)
    r = execute(PROGRAM, KERNELS, [x, y, n], function="manual_loop", analyze=analyze)
    want = y.copy()
    want[:16 * n] = striped(x)[:16 * n]
    np.testing.assert_array_equal(r.outputs[1], want + 1)
    # the stripes' chain, and @bump after the last stripe only (with no iteration the carried
    # TaskId is the invalid one, guarded away)
    assert r.edges == edges(*chain(n))


@pytest.mark.parametrize("analyze", [False, True])
def test_a_chain_carried_through_a_nest(analyze: bool) -> None:
    x, y = rand(64, 16), rand(64, 16)
    r = execute(PROGRAM, KERNELS, [x, y], function="manual_nest", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], striped(x) + 1)
    assert r.edges == edges(*chain(4))


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 0])
def test_an_in_place_write_after_chained_auto_reads(n: int, analyze: bool) -> None:
    a = rand(16, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(64, 16), n], function="auto_reads",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[0], a + 1)
    want = zeros(64, 16)
    want[:16 * n] = np.tile(a, (n, 1))
    np.testing.assert_array_equal(r.outputs[1], want)
    assert r.edges == edges(*chain(n))


@pytest.mark.parametrize("analyze", [False, True])
def test_a_reader_after_chained_writes_of_a_manual_dep_buffer(analyze: bool) -> None:
    x = rand(64, 16)
    r = execute(PROGRAM, KERNELS, [x, zeros(16, 16)], function="manual_dep_rows",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], striped(x).reshape(4, 16, 16).sum(0))
    assert r.edges == edges(*(f"alloc0>t{i} creator" for i in range(5)), *chain(4))


@pytest.mark.parametrize("analyze", [False, True])
def test_a_chain_restarted_per_outer_iteration_before_a_writer_in_that_iteration(
        analyze: bool) -> None:
    a = rand(16, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(64, 16)], function="restarted_inner",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[0], a + 2)
    np.testing.assert_array_equal(r.outputs[1], np.vstack([a, a, a + 1, a + 1]))
    # copies t0, t1, bump t2, copies t3, t4, bump t5: each chain of two, then its bump after
    # the last copy (explicit); the second pair reads what the first bump wrote (tensormap)
    assert r.edges == edges("t0>t1 explicit", "t1>t2 explicit", "t2>t3 tensormap",
                            "t2>t4 tensormap", "t2>t5 tensormap", "t3>t4 explicit",
                            "t4>t5 explicit")


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [4, 0])
def test_an_auto_writer_after_a_chain_of_manual_scopes(n: int, analyze: bool) -> None:
    x, y = rand(64, 16), rand(64, 16)
    r = execute(PROGRAM, KERNELS, [x, y, n], function="scope_per_iteration", analyze=analyze)
    want = y.copy()
    want[:16 * n] = striped(x)[:16 * n]
    np.testing.assert_array_equal(r.outputs[1], want + 1)
    assert r.edges == edges(*chain(n))


@pytest.mark.parametrize("analyze", [False, True])
def test_a_partial_writer_after_chained_reads_in_the_same_body(analyze: bool) -> None:
    a = rand(32, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(128, 16), 3], function="loop_carried",
                analyze=analyze)
    # copies t0, t2, t4 (all of %a into rows 32 i of %o); bumps t1, t3, t5 (half i % 2 of %a)
    bumped = [a.copy()]
    for i in range(3):
        nxt = bumped[-1].copy()
        nxt[16 * (i % 2):16 * (i % 2) + 16] += 1
        bumped.append(nxt)
    np.testing.assert_array_equal(r.outputs[0], bumped[3])
    np.testing.assert_array_equal(r.outputs[1], np.vstack([*bumped[:3], zeros(32, 16)]))
    # each bump after its iteration's copy and, through the carry, the previous iteration's
    # (t0>t3, t2>t5: implied by the chain, an edge too many, never one too few); the copies'
    # chain t0>t2>t4; the copies read what the earlier bumps wrote (tensormap)
    assert r.edges == edges("t0>t1 explicit", "t0>t2 explicit", "t0>t3 explicit",
                            "t1>t2 tensormap", "t1>t4 tensormap", "t1>t5 tensormap",
                            "t2>t3 explicit", "t2>t4 explicit", "t2>t5 explicit",
                            "t3>t4 tensormap", "t4>t5 explicit")


def _user_deps(module) -> set[int]:  # type: ignore[no-untyped-def]
    return {id(v) for op in module.walk() if isinstance(op, SubmitOp) for v in op.deps}


def _compiler_deps(module) -> set[int]:  # type: ignore[no-untyped-def]
    return {id(v) for op in module.walk() if isinstance(op, CallOp | SubmitOp)
            for v in op.compiler_deps}


def _line(text: str) -> int:
    """The line of @manual_loop's op that starts with `text`."""
    lines = PROGRAM.read_text().splitlines()
    start = next(i for i, s in enumerate(lines) if s.startswith("func.func @manual_loop"))
    return next(i + 1 for i, s in enumerate(lines) if i > start and s.strip().startswith(text))


def _race(n: int) -> str:
    rows = f"%y[{16 * n}:{16 * n + 16}, 0:16]"
    at = "tests/execution/user_dep_chains.mlir"
    bump, stripe = _line("%y3 = pto_orch.call @bump"), _line("%dst1, %t = pto_orch.submit")
    return (f"{at}:{bump}:3: error: 'pto_orch.call' op WAW race on %y: task 4 (@bump) writes "
            f"%y, also written by task {n} (@stripe) at {at}:{stripe}:7 ({rows}), and no "
            "dependency edge orders the two tasks")


@pytest.mark.parametrize("drop", ["compiler", "user"])
def test_controls_without_the_compiler_edge_or_the_users_chain(drop: str) -> None:
    # without the compiler edge @bump races with every stripe; without the user's chain it
    # waits for the last stripe only, and races with the three before
    def edit(module) -> None:  # type: ignore[no-untyped-def]
        ids = _compiler_deps(module) if drop == "compiler" else _user_deps(module)
        assert drop_deps(module, keep=lambda v: id(v) not in ids) > 0

    r = execute(PROGRAM, KERNELS, [rand(64, 16), rand(64, 16), 4], function="manual_loop",
                edit=edit, faults=True)
    faults = relative_faults(r)
    if drop == "compiler":
        assert r.edges == edges(*chain(3))
        assert faults == [_race(i) for i in range(4)]
    else:
        assert r.edges == edges("t3>t4 explicit")
        assert faults == [_race(i) for i in range(3)]


@pytest.mark.parametrize("analyze", [False, True])
def test_a_partners_carried_task_id_does_not_order_this_iteration(analyze: bool) -> None:
    # the second write of the rows waits for the first through the compiler's edge (the deps
    # name the previous iteration's instances only); without it, the writes race
    x, y, o = rand(16, 16), rand(16, 16), rand(32, 16)
    r = execute(PROGRAM, KERNELS, [x, y, o.copy()], function="partner_previous_dep",
                analyze=analyze)
    want = o.copy()
    want[16:] = y
    np.testing.assert_array_equal(r.outputs[2], want)
    assert r.edges == edges("t0>t1 explicit")
    control = execute(PROGRAM, KERNELS, [x, y, o.copy()], function="partner_previous_dep",
                      analyze=analyze, edit=drop_deps, faults=True)
    assert control.edges == set()
    (fault,) = relative_faults(control)
    assert "WAW race on %o" in fault
