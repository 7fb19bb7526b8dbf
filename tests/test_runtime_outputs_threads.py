"""Runtime-allocated outputs read in user MANUAL scopes through loops, ifs and phase fences
(tests/execution/runtime_outputs_threads.mlir; see tests/test_execution.py for the
conventions and tests/test_runtime_outputs_manual.py for the rule): a manual reader of such a
buffer is ordered after its producer, and holds the buffer while it runs, only through an
explicit edge on a TaskId that may name the producer (or, once batch-tensor-allocations made
the output an explicit allocation, the allocation's)."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import ADD, INC, PROGRAMS, edges, execute, zeros

PROGRAM = PROGRAMS / "runtime_outputs_threads.mlir"
KERNELS = {"inc": INC, "add": ADD}
A = np.arange(16, dtype=np.float32)


@pytest.mark.parametrize("analyze", [False, True])
def test_a_reader_after_a_loop_waits_for_its_last_step(analyze: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), 3], function="carried", analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], A + 5)
    # t3 > t4: the last step (it reads the previous step's output through the carry and
    # writes a new one); the steps chained by a TaskId carry (t1 > t2 > t3 explicit); alloc2
    # the last step's buffer, made an allocation before the loop body's scope
    assert run.edges == edges(
        "t0>t1 creator", "alloc0>t1 creator", "alloc0>t2 creator", "alloc1>t2 creator",
        "alloc1>t3 creator", "alloc2>t3 creator", "t1>t2 tensormap", "t2>t3 tensormap",
        "t1>t2 explicit", "t2>t3 explicit", "t0>t4 explicit", "t3>t4 explicit",
        "alloc2>t4 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_a_reader_after_a_loop_of_no_step_waits_for_the_init(analyze: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), 0], function="carried", analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], A + 2)
    assert run.edges == edges("t0>t1 explicit")


@pytest.mark.parametrize("flag", [True, False])
def test_either_branchs_allocation_is_carried_out_of_one_if(flag: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), flag], function="either")
    np.testing.assert_array_equal(run.outputs[1], (A + 1 if flag else A + A) + 1)
    # the branch's task and its allocation, both carried out of the if
    assert run.edges == edges("alloc0>t0 creator", "t0>t1 explicit", "alloc0>t1 explicit")


def test_consumers_of_runtime_outputs_get_no_phase_fence() -> None:
    run = execute(PROGRAM, KERNELS, [A], function="no_fence")
    # every consumer (t4 .. t11) waits for every producer (t0 .. t3) itself: no barrier
    assert all(t["name"] != "task_dummy" for t in run.tasks)
    assert run.edges == {(f"t{p}", f"t{c}", "explicit") for p in range(4) for c in range(4, 12)}


@pytest.mark.parametrize("analyze", [False, True])
def test_an_implied_edge_carried_out_of_a_folded_loop_stays(analyze: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], function="one_step",
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], (A + 2) + (A + 1))
    # t0 > t2: implied by t0 > t1 > t2, kept because it holds t0's output
    assert run.edges == edges("t0>t1 explicit", "t0>t2 explicit", "t1>t2 explicit",
                              "t0>t3 creator")
