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

from support.execution import ADD, INC, PROGRAMS, edges, execute, relative_faults, zeros

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


def test_a_user_chain_that_does_not_hold_the_producer_is_a_use_after_free() -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], function="user_transitive",
                  faults=True)
    assert run.edges == edges("t0>t1 explicit", "t1>t2 explicit", "t3>t4 explicit")
    assert relative_faults(run) == [
        "tests/execution/runtime_outputs_manual.mlir:69:5: error: 'pto_orch.submit' op use "
        "after free: task 2 (@add) touches %y but nothing that retains %y waits for this task, "
        "so the memory may be reused while it runs once the scope that allocated it (at "
        "tests/execution/runtime_outputs_manual.mlir:65:3) has ended: list the allocation's "
        "TaskId in the task's deps, or allocate the buffer in a scope that outlives the task"
    ]
