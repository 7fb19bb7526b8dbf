"""A runtime-allocated output of a `pto_orch.parallel` loop in a user manual scope, read by a
sequential loop that starts from the parallel loop's carries and lists its carried TaskId
(tests/execution/parallel_carry_retain.mlir; random program 3026 of `python -m
bench.differential --runtime-outputs --analyze-auto-scopes`). The C++ used to let the runtime
hand the buffer out again while @add read it: the user's deps reach the creators through the
parallel loop's TaskId carry, which becomes a barrier where one TaskId is needed, and a
barrier orders but holds nothing. Outputs, the exact edge set (both settings), and the
control run without the compiler's edges, which the interpreter reports as that use after
free."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.orch import SubmitOp
from support.execution import ADD, INC, PROGRAMS, edges, execute, relative_faults, zeros

PROGRAM = PROGRAMS / "parallel_carry_retain.mlir"
KERNELS = {"inc": INC, "add": ADD}
A = np.arange(16, dtype=np.float32)


def _without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, SubmitOp) and op.compiler_deps:
            op.set_compiler_deps([])


@pytest.mark.parametrize("analyze", [False, True])
def test_a_task_reading_a_parallel_loops_output_holds_its_creator(analyze: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], analyze=analyze)
    # t0-t3: the parallel @inc, t4: the barrier on all four, t5 t6: @add, t7: @inc -> %o;
    # t8 t9: the second scope (its @inc allocates from the same ring)
    np.testing.assert_array_equal(run.outputs[1], 3 * A + 2)
    np.testing.assert_array_equal(run.outputs[2], A + 2)
    user = ["t0>t4", "t1>t4", "t2>t4", "t3>t4", "t4>t5", "t5>t6", "t6>t7", "t8>t9"]
    # each @add, and the @inc after the loop, hold every @inc's buffer (each may be the one
    # the loop starts from: a TaskId array carried out of the parallel loop)
    retain = [f"t{c}>t{u}" for c in range(4) for u in (5, 6, 7)]
    assert run.edges == edges(*(f"{e} explicit" for e in user + retain))
    control = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], analyze=analyze,
                      edit=_without_compiler_deps, faults=True)
    assert control.edges == edges(*(f"{e} explicit" for e in user))
    (fault,) = relative_faults(control)
    assert ("parallel_carry_retain.mlir:26:7: error: 'pto_orch.submit' op use after free: task 5 "
            "(@add) touches %y but nothing that retains %y waits for this task") in fault
