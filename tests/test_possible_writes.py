"""A possible write is not a definite write (issue 25, class 2): a task that writes a value
which may be one of several buffers (loop carries swapped `(p, q) -> (q, p)`, an `scf.if`
result, an if result fed back through a loop carry) writes only one of them in a run, and the
runtime's tensor map records only that one. order-untracked-hazards must not take it as a
write of each buffer (dropping the earlier readers and writers of all of them, and counting
on the tensor map to order the next task on each after it), and must not take the lookup of
what a task reads as ordering what it writes elsewhere. Programs: tests/execution/
possible_writes.mlir; each raced on the buffer named in its test before the fix (the race
the interpreter reported is quoted), in auto scopes and manual scopes, with and without
analyze-auto-scopes."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import COPY, PROGRAMS, Kernel, drop_deps, edges, execute, rand, zeros

F1 = np.float32(1)
PROGRAM = PROGRAMS / "possible_writes.mlir"


def _bump(io):  # type: ignore[no-untyped-def]
    io += np.float32(100)


def _slow_bump(io):  # type: ignore[no-untyped-def]
    io += np.float32(10)


KERNELS = {
    # (in x, out o): o = x + 1
    "step": Kernel(lambda x, o: x + F1),
    # (in x, out o): o = x (slow on the device)
    "slow_copy": COPY,
    # (inout io): io += 100
    "bump": Kernel(_bump),
    # (inout io): io += 10 (slow on the device)
    "slow_bump": Kernel(_slow_bump),
}


def report(r) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.replace(f"{PROGRAMS}/", "") for f in r.faults]


@pytest.mark.parametrize("analyze", [False, True])
def test_swapped_carries_then_an_in_place_write(analyze: bool) -> None:
    # step0 reads a, writes b; step1 reads b, writes a; step2 reads a, writes b; then bump
    # updates a in place. Before: bump looked up a, found step1 (its last writer) and ran
    # before step2 had read a ("WAR race on %a: task 3 (@bump) writes %a, read by task 2
    # (@step)"). Now each step waits for the previous one (explicit: a step may write either
    # buffer) and bump for the last step.
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b], function="pingpong", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[0], a + 2 + 100)
    np.testing.assert_array_equal(r.outputs[1], a + 3)
    if analyze:  # the loop body is a compiler-owned manual scope: explicit edges only
        assert r.edges == edges("t0>t1 explicit", "t1>t2 explicit", "t2>t3 explicit")
    else:
        assert r.edges == edges("t0>t1 explicit", "t0>t1 tensormap", "t0>t2 tensormap",
                                "t1>t2 explicit", "t1>t2 tensormap", "t1>t3 tensormap",
                                "t2>t3 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_swapped_carries_in_a_loop_nest(analyze: bool) -> None:
    # per outer iteration: three steps (t0-t2, t4-t6) swapping %a and %b, then bump updates
    # %a. Before, bump (t3) ran before the last step (t2) had read %a, as in @pingpong.
    # Now each step waits for the previous one, in the inner loop and (the first step of an
    # outer iteration, through the inner loop's last TaskId) across outer iterations; every
    # step of outer iteration 1 lists that carried id (t2), and each bump waits for the last
    # step before it.
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b], function="nested_pingpong", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[0], a + 106)
    np.testing.assert_array_equal(r.outputs[1], a + 5)
    if analyze:  # the inner loop body is a compiler-owned manual scope
        assert r.edges == edges(
            "t0>t1 explicit", "t1>t2 explicit", "t2>t3 explicit", "t2>t4 explicit",
            "t2>t5 explicit", "t2>t6 explicit", "t3>t4 explicit", "t3>t5 explicit",
            "t3>t6 explicit", "t3>t7 tensormap", "t4>t5 explicit", "t5>t6 explicit",
            "t6>t7 explicit")
    else:
        assert r.edges == edges(
            "t0>t1 explicit", "t0>t1 tensormap", "t0>t2 tensormap", "t1>t2 explicit",
            "t1>t2 tensormap", "t1>t3 tensormap", "t2>t3 explicit", "t2>t4 explicit",
            "t2>t4 tensormap", "t2>t5 explicit", "t2>t5 tensormap", "t2>t6 explicit",
            "t3>t4 tensormap", "t4>t5 explicit", "t4>t5 tensormap", "t4>t6 tensormap",
            "t5>t6 explicit", "t5>t6 tensormap", "t6>t7 explicit", "t6>t7 tensormap")


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("c", [0, 1])
def test_an_if_result_write_then_an_in_place_write(c: int, analyze: bool) -> None:
    # slow_copy reads a; bump updates %s (a or b); bump updates a. Before, with c = 0: the
    # second bump looked up a, found no writer and ran before slow_copy had read a
    # ("WAR race on %a: task 2 (@bump) writes %a, read by task 0 (@slow_copy)").
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b, zeros(16), c], function="if_war", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[2], a)
    np.testing.assert_array_equal(r.outputs[0], a + (200 if c else 100))
    np.testing.assert_array_equal(r.outputs[1], b if c else b + 100)
    expected = {"t0>t1 explicit", "t0>t2 explicit"} | ({"t1>t2 tensormap"} if c else set())
    assert r.edges == edges(*expected)


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("c", [0, 1])
def test_an_if_result_fed_back_through_a_loop_carry(c: int, analyze: bool) -> None:
    # Per iteration: slow_copy reads b, bump updates the carry (a at first, then a or b),
    # bump updates b. Before, with c = 0: in iteration 0 the carry's bump (which wrote a)
    # dropped slow_copy's read of b, and the bump of b ran before it
    # ("WAR race on %b: task 2 (@bump) writes %b, read by task 0 (@slow_copy)").
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b, zeros(16), c], function="if_feedback",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[0], a + (200 if c else 100))
    np.testing.assert_array_equal(r.outputs[1], b + (200 if c else 300))
    np.testing.assert_array_equal(r.outputs[2], b + 100)
    common = {"t0>t1 explicit", "t0>t2 explicit", "t0>t3 tensormap", "t2>t3 tensormap",
              "t3>t4 explicit", "t3>t5 explicit"}
    extra = {"t1>t4 tensormap", "t2>t5 tensormap"} if c else {"t2>t4 tensormap",
                                                             "t4>t5 tensormap"}
    assert r.edges == edges(*(common | extra))


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("c", [0, 1])
def test_an_if_result_write_then_a_manual_reader(c: int, analyze: bool) -> None:
    # slow_bump updates a; bump updates %s (a or b); a manual task reads a. Before, with
    # c = 0: the manual reader waited only for the bump (of b)
    # ("RAW race on %a: task 2 (@slow_copy) reads %a, written by task 0 (@slow_bump)").
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b, zeros(16), c], function="if_then_manual",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[2], a + (110 if c else 10))
    np.testing.assert_array_equal(r.outputs[1], b if c else b + 100)
    expected = {"t0>t2 explicit", "t1>t2 explicit"} | ({"t0>t1 tensormap"} if c else set())
    assert r.edges == edges(*expected)


@pytest.mark.parametrize("analyze", [False, True])
def test_swapped_carries_in_a_manual_scope(analyze: bool) -> None:
    # slow_copy reads a; per iteration a manual scope bumps %q and slow_bumps %p (the carries
    # swap). Before: the bump of %q (b in iteration 0) dropped slow_copy's read of a, and the
    # slow_bump of %p (a) ran before it ("WAR race on %a: task 2 (@slow_bump) writes %a,
    # read by task 0 (@slow_copy)"), and iteration 1's slow_bump of b was not ordered after
    # iteration 0's bump of b ("WAW race on %b: task 4 (@slow_bump) writes %b, also written
    # by task 1 (@bump)").
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b, zeros(16)], function="swap_manual", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[2], a)
    np.testing.assert_array_equal(r.outputs[0], a + 110)
    np.testing.assert_array_equal(r.outputs[1], b + 110)
    assert r.edges == edges("t0>t1 explicit", "t0>t2 explicit", "t0>t3 explicit",
                            "t0>t4 explicit", "t1>t3 explicit", "t1>t4 explicit",
                            "t2>t3 explicit", "t2>t4 explicit")


def test_without_the_compiler_edges_the_if_result_write_races() -> None:
    # the control: @if_war with its compiler edges dropped from the IR
    a, b = rand(16), rand(16)
    r = execute(PROGRAM, KERNELS, [a, b, zeros(16), 0], function="if_war", edit=drop_deps,
                faults=True)
    assert r.edges == set()
    assert report(r) == [
        "possible_writes.mlir:59:3: error: 'pto_orch.call' op WAR race on %a: task 2 (@bump) "
        "writes %a, read by task 0 (@slow_copy) at possible_writes.mlir:52:3 (%a), and no "
        "dependency edge orders the two tasks"]
