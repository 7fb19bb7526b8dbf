"""Execution tests of auto-derive-task-dependencies over the AUTO areas the compiler does not
place (`pto2-pipeline{analyze-auto-scopes=true}`, tests/execution/auto_areas.mlir; see
tests/test_execution.py for the conventions): hand-placed auto scopes and the body of a
function that opted out of automatic scopes, with loops inside them, and the fallbacks that
keep an area AUTO. Each function runs with the option off and on: the same outputs (against
numpy), every task's scope, and the exact edge set of each run."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import ACC_INTO, ADD, PROGRAMS, Run, edges, execute, rand, zeros

AREAS = PROGRAMS / "auto_areas.mlir"

KERNELS = {"add": ADD, "inc": ACC_INTO, "add32": ADD}


def run(function: str, args: list, analyze: bool, scope: str) -> Run:
    """`function` on `args`; every task runs in a `scope` scope (with the option: `scope`;
    without it: auto)."""
    r = execute(AREAS, KERNELS, args, function=function, analyze=analyze)
    assert {t["scope"] for t in r.tasks} == {scope if analyze else "auto"}
    return r


@pytest.mark.parametrize("analyze", [False, True])
def test_a_hand_placed_auto_scope(analyze: bool) -> None:
    # add(a, b) -> t; inc(t, y); add(y, a) -> o after the scope (auto both times)
    a, b, y = rand(16), rand(16), rand(16)
    r = execute(AREAS, KERNELS, [a, b, y.copy(), zeros(16)], function="hand_scope",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[2], y + a + b)
    np.testing.assert_array_equal(r.outputs[3], y + a + b + a)
    assert [t["scope"] for t in r.tasks] == (
        ["manual", "manual", "auto"] if analyze else ["auto"] * 3)
    # the temporary's allocation retain edges become explicit in the manual scope; the
    # tensor map's t0>t1 and t1>t2 become compiler edges (t1>t2 across the boundary)
    assert r.edges == (
        edges("alloc0>t0 explicit", "alloc0>t1 explicit", "t0>t1 explicit", "t1>t2 explicit")
        if analyze else
        edges("alloc0>t0 creator", "alloc0>t1 creator", "t0>t1 tensormap", "t1>t2 tensormap"))


@pytest.mark.parametrize("analyze", [False, True])
def test_the_body_of_a_function_that_opted_out(analyze: bool) -> None:
    # three inc in a loop, then add(r, a) -> o: the body is one compiler-owned scope
    a, y = rand(16), rand(16)
    r = run("opted_out_body", [a, y.copy(), zeros(16)], analyze, "manual")
    np.testing.assert_array_equal(r.outputs[1], y + 3 * a)
    np.testing.assert_array_equal(r.outputs[2], y + 4 * a)
    assert r.edges == edges(*(f"t{i}>t{i + 1} {'explicit' if analyze else 'tensormap'}"
                              for i in range(3)))


@pytest.mark.parametrize("analyze", [False, True])
def test_a_loop_in_a_hand_placed_scope(analyze: bool) -> None:
    a, y = rand(16), rand(16)
    r = run("nested_scope", [a, y.copy(), zeros(16)], analyze, "manual")
    np.testing.assert_array_equal(r.outputs[2], y + 3 * a)
    origin = "explicit" if analyze else "tensormap"
    assert r.edges == edges(f"t0>t1 {origin}", f"t1>t2 {origin}")


@pytest.mark.parametrize("analyze", [False, True])
def test_a_writer_before_a_loop_keeps_the_scope_auto(analyze: bool) -> None:
    # order-untracked-hazards would give each iteration the first inc's TaskId
    a, y = rand(16), rand(16)
    r = run("pre_loop_writer", [a, y.copy(), zeros(16)], analyze, "auto")
    np.testing.assert_array_equal(r.outputs[2], y + 4 * a)
    assert r.edges == edges("t0>t1 tensormap", "t1>t2 tensormap", "t2>t3 tensormap")


@pytest.mark.parametrize("analyze", [False, True])
def test_partial_user_deps(analyze: bool) -> None:
    # the user's deps order t2 after t0 only; the pass adds t1 and does not repeat t0
    a, b = rand(16), rand(16)
    r = run("user_deps", [a, b, zeros(16)], analyze, "manual")
    np.testing.assert_array_equal(r.outputs[2], (a + b) + (a + a))
    assert r.edges == (
        edges("alloc0>t0 explicit", "alloc0>t1 explicit", "alloc0>t2 explicit",
              "t0>t2 explicit", "t1>t2 explicit")
        if analyze else
        edges("alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator",
              "t0>t2 explicit", "t0>t2 tensormap", "t1>t2 tensormap"))


def _parallel_edges(origin: str, carried: tuple[str, ...] = ()) -> set:
    allocs = [f"alloc{i}>t{2 * i} {origin}" for i in range(3)]
    allocs += [f"alloc{i}>t{2 * i + 1} {origin}" for i in range(3)]
    inner = "explicit" if origin == "explicit" else "tensormap"
    return edges(*allocs, *(f"t{2 * i}>t{2 * i + 1} {inner}" for i in range(3)), *carried)


@pytest.mark.parametrize("analyze", [False, True])
def test_a_parallel_loop_with_a_dynamic_trip_count_keeps_the_scope_auto(analyze: bool) -> None:
    a = rand(16)
    r = run("dynamic_parallel", [a, zeros(16), 3], analyze, "auto")
    np.testing.assert_array_equal(r.outputs[1], 3 * a)
    assert r.edges == _parallel_edges("creator", ("t1>t3 explicit", "t3>t5 explicit"))


@pytest.mark.parametrize("analyze", [False, True])
def test_a_parallel_loop_with_a_constant_trip_count(analyze: bool) -> None:
    a = rand(16)
    r = run("constant_parallel", [a, zeros(16)], analyze, "manual")
    np.testing.assert_array_equal(r.outputs[1], 3 * a)
    assert r.edges == _parallel_edges("explicit" if analyze else "creator")


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [0, 3])
def test_a_sequential_loop_with_a_dynamic_trip_count(analyze: bool, n: int) -> None:
    # per iteration: add(a, acc) -> t; inc(t, acc). MANUAL with the option (the last
    # iteration's TaskId orders the next; none runs for n = 0): 11 edges for 16 without
    a, y = rand(16), rand(16)
    r = run("dynamic_seq", [a, y.copy(), n], analyze, "manual") if n else execute(
        AREAS, KERNELS, [a, y.copy(), n], function="dynamic_seq", analyze=analyze)
    want = y.copy()
    for _ in range(n):
        want = want + (a + want)
    np.testing.assert_array_equal(r.outputs[1], want)
    if n == 0:
        assert r.tasks == []
        assert r.edges == set()
        return
    allocs = [f"alloc{i}>t{2 * i + k}" for i in range(3) for k in (0, 1)]
    chain = ["t0>t1", "t1>t2", "t1>t3", "t2>t3", "t3>t4", "t3>t5", "t4>t5"]
    if analyze:
        # inc_i > inc_(i+1) (t1>t3, t3>t5) is implied by inc_i > add_(i+1) > inc_(i+1):
        # drop-implied-edges leaves it out
        implied = {"t1>t3", "t3>t5"}
        assert r.edges == edges(*(f"{e} explicit" for e in allocs + chain if e not in implied))
    else:
        assert r.edges == edges(*(f"{e} creator" for e in allocs),
                                *(f"{e} tensormap" for e in chain),
                                "t0>t1 explicit", "t2>t3 explicit", "t4>t5 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_slices_written_in_a_loop_keep_a_later_reader_auto(analyze: bool) -> None:
    # the reader would need the TaskId of every iteration's slice writer
    a = rand(16)
    r = run("partial_producer", [a, zeros(32), zeros(32)], analyze, "auto")
    np.testing.assert_array_equal(r.outputs[2], np.concatenate([2 * a, 2 * a]) * 2)
    assert r.edges == edges("t0>t2 tensormap", "t1>t2 tensormap")


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [0, 3])
def test_an_in_place_if_in_a_loop_with_a_dynamic_trip_count(analyze: bool, n: int) -> None:
    # 2 x n steps, inc(a) on even ones and inc(b) on odd ones (both in place on %y), then
    # add(y, a) -> o. With the option the TaskId carried is the if's writer, whichever branch
    # ran: a chain, as the tensor map's (before, each branch's TaskId was carried on through
    # the other branch's steps: 11 edges for 6 at n = 3, 39 for 20 at n = 10)
    a, b, y = rand(16), rand(16), rand(16)
    r = run("dynamic_if", [a, b, y.copy(), zeros(16), n], analyze, "manual")
    want = y.copy()
    for _ in range(2):
        for j in range(n):
            want = want + (a if j % 2 == 0 else b)
    np.testing.assert_array_equal(r.outputs[2], want)
    np.testing.assert_array_equal(r.outputs[3], want + a)
    assert len(r.tasks) == 2 * n + 1
    assert r.edges == edges(*(f"t{i}>t{i + 1} {'explicit' if analyze else 'tensormap'}"
                              for i in range(2 * n)))
