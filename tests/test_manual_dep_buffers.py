"""Buffers created with `manual_dep` (issue 25, item 11). The runtime's tensor map neither
records the writers of such a buffer nor looks it up, also in an AUTO scope; the data
dependency is still real, so order-untracked-hazards orders every pair of tasks that use it
with a write by a compiler edge, as for a manual-scope task (before, nothing did: no edge and
no diagnostic). Programs: tests/execution/manual_dep_buffers.mlir (no user deps); the form
with the user's deps is tests/test_execution_passes.py::test_create_manual_dep_is_ordered_by_deps_only
(the compiler adds nothing there: the deps already order the pair)."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import COPY, PROGRAMS, Kernel, drop_deps, edges, execute, rand, zeros

PROGRAM = PROGRAMS / "manual_dep_buffers.mlir"


def _acc_add(a, acc):  # type: ignore[no-untyped-def]
    acc += a


KERNELS = {"acc_add": Kernel(_acc_add), "copy": COPY}  # (in a, inout acc); (in x, out o)


def report(r) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.replace(f"{PROGRAMS}/", "") for f in r.faults]


@pytest.mark.parametrize("analyze", [False, True])
def test_a_manual_dep_buffer_written_then_read_is_ordered(analyze: bool) -> None:
    a = rand(16, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16, 16)], function="raw", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], a)
    # with the option the body is one compiler-owned manual scope: its tasks retain the
    # allocation explicitly (add-retain-edges); the ordering edge is the same
    alloc = "explicit" if analyze else "creator"
    assert r.edges == edges(f"alloc0>t0 {alloc}", f"alloc0>t1 {alloc}", "t0>t1 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_two_in_place_writers_of_a_manual_dep_buffer_are_ordered(analyze: bool) -> None:
    # acc_add's inout slot looks nothing up on a manual_dep buffer: the second one waits for
    # the first only through the compiler edge
    a = rand(16, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16, 16)], function="waw", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], a + a)
    alloc = "explicit" if analyze else "creator"  # the body made manual, as above
    assert r.edges == edges(f"alloc0>t0 {alloc}", f"alloc0>t1 {alloc}", f"alloc0>t2 {alloc}",
                            "t0>t1 explicit", "t1>t2 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_a_manual_dep_buffer_updated_in_a_loop_is_ordered(analyze: bool) -> None:
    a = rand(16, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16, 16)], function="in_loop", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], a + a + a)
    # with the option the body, loop included, is one compiler-owned manual scope: its tasks
    # retain the allocation explicitly (add-retain-edges)
    alloc = "explicit" if analyze else "creator"
    assert r.edges == edges(f"alloc0>t0 {alloc}", f"alloc0>t1 {alloc}", f"alloc0>t2 {alloc}",
                            f"alloc0>t3 {alloc}", "t0>t1 explicit", "t1>t2 explicit",
                            "t2>t3 explicit")


def test_without_the_compiler_edge_the_manual_dep_buffer_races() -> None:
    # the control: @raw as it was printed before (no edge): the tensor map does not help
    a = rand(16, 16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16, 16)], function="raw", edit=drop_deps,
                faults=True)
    assert r.edges == edges("alloc0>t0 creator", "alloc0>t1 creator")
    assert report(r) == [
        "manual_dep_buffers.mlir:14:3: error: 'pto_orch.call' op RAW race on %m: task 2 (@copy) "
        "reads %m, written by task 1 (@acc_add) at manual_dep_buffers.mlir:13:3 (%m), and no "
        "dependency edge orders the two tasks"]


def _fill(v, o):  # type: ignore[no-untyped-def]
    o[...] = v


@pytest.mark.parametrize("analyze", [False, True])
def test_a_host_read_after_a_write_through_a_view_of_a_manual_dep_buffer(analyze: bool) -> None:
    # the slice is tracked (the flag belongs to the created tensor only): the host read waits
    # for its writer through the tensor map; verify-orchestration refused the program before
    a = rand(4, 16)
    r = execute(PROGRAMS / "manual_dep_view_host_read.mlir", {"copy4": COPY, "fill": Kernel(_fill)},
                [a, zeros(4, 16)], analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], np.full((4, 16), a[1, 2]))
    # the body stays AUTO with the option too (the host read keeps it out of a manual scope)
    assert r.edges == edges("alloc0>t0 creator")
