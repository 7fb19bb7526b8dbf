"""A runtime-allocated output of a `pto_orch.parallel` loop in a user manual scope, read by a
sequential loop that starts from the parallel loop's carries and lists its carried TaskId
(tests/execution/parallel_carry_retain.mlir; random program 3026 of `python -m
bench.differential --runtime-outputs --analyze-auto-scopes`). The C++ used to let the runtime
hand the buffer out again while @add read it: the user's deps reach the creators through the
parallel loop's TaskId carry, which becomes a barrier where one TaskId is needed, and a
barrier orders but holds nothing. Outputs, the exact edge set (both settings), and the
control run without the compiler's edges, which the interpreter reports as that use after
free. And @nested_init, a false reject with analyze-auto-scopes only (a buffer carried out of a
loop nest whose inner loop starts from the outer body's output), accepted since the pass
follows a carry to its init when its yield cannot be that buffer."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.orch import SubmitOp
from support.execution import ACC_INTO, ADD, INC, PROGRAMS, edges, execute, relative_faults, zeros

PROGRAM = PROGRAMS / "parallel_carry_retain.mlir"
KERNELS = {"inc": INC, "add": ADD}
A = np.arange(16, dtype=np.float32)


def _without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, SubmitOp) and op.compiler_deps:
            op.set_compiler_deps([])


@pytest.mark.parametrize("analyze", [False, True])
def test_a_task_reading_a_parallel_loops_output_holds_its_creator(analyze: bool) -> None:
    run = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], function="parallel_into_carry",
                  analyze=analyze)
    # t0-t3: the parallel @inc, t4: the barrier on all four, t5 t6: @add, t7: @inc -> %o;
    # t8 t9: the second scope (its @inc allocates from the same ring)
    np.testing.assert_array_equal(run.outputs[1], 3 * A + 2)
    np.testing.assert_array_equal(run.outputs[2], A + 2)
    user = ["t0>t4", "t1>t4", "t2>t4", "t3>t4", "t4>t5", "t5>t6", "t6>t7", "t8>t9"]
    # each @add, and the @inc after the loop, hold every @inc's buffer (each may be the one
    # the loop starts from: a TaskId array carried out of the parallel loop)
    retain = [f"t{c}>t{u}" for c in range(4) for u in (5, 6, 7)]
    assert run.edges == edges(*(f"{e} explicit" for e in user + retain))
    control = execute(PROGRAM, KERNELS, [A, zeros(16), zeros(16)], "parallel_into_carry",
                      analyze=analyze,
                      edit=_without_compiler_deps, faults=True)
    assert control.edges == edges(*(f"{e} explicit" for e in user))
    (fault,) = relative_faults(control)
    assert ("parallel_carry_retain.mlir:26:7: error: 'pto_orch.submit' op use after free: task 5 "
            "(@add) touches %y but nothing that retains %y waits for this task") in fault


# the tasks: t0-t2 and t3-t5 the two outer iterations' @inc (t0, t3 the body's, the others the
# inner loop's), then per iteration of the last loop @acc, @inc into %tmp, @acc (t6-t8, t9-t11)
NESTED_EDGES = {
    False: [
        "alloc0>t0 creator", "alloc0>t1 creator", "alloc1>t1 creator", "alloc1>t2 creator",
        "alloc2>t2 creator", "alloc3>t3 creator", "alloc3>t4 creator", "alloc4>t4 creator",
        "alloc4>t5 creator", "alloc5>t5 creator", "alloc5>t6 creator", "alloc5>t9 creator",
        "alloc6>t7 creator", "alloc6>t8 creator", "alloc7>t10 creator", "alloc7>t11 creator",
        "t0>t1 tensormap", "t1>t2 tensormap", "t10>t11 explicit", "t10>t11 tensormap",
        "t3>t4 tensormap", "t4>t5 tensormap", "t5>t6 tensormap", "t5>t9 tensormap",
        "t6>t7 tensormap", "t6>t8 tensormap", "t7>t8 explicit", "t7>t8 tensormap",
        "t8>t9 tensormap", "t9>t10 tensormap", "t9>t11 tensormap",
    ],
    # analyze-auto-scopes: the last loop's body is a compiler-owned manual scope; its tasks
    # list the last @inc of the nest (t5, whose buffer %lres is) and their batches
    True: [
        "alloc0>t0 creator", "alloc0>t1 creator", "alloc1>t1 creator", "alloc1>t2 creator",
        "alloc2>t2 creator", "alloc3>t3 creator", "alloc3>t4 creator", "alloc4>t4 creator",
        "alloc4>t5 creator", "alloc5>t5 creator", "alloc5>t6 explicit", "alloc5>t9 explicit",
        "alloc6>t7 explicit", "alloc6>t8 explicit", "alloc7>t10 explicit", "alloc7>t11 explicit",
        "t0>t1 tensormap", "t1>t2 explicit", "t1>t2 tensormap", "t10>t11 explicit",
        "t2>t4 explicit", "t2>t5 explicit", "t3>t4 tensormap", "t3>t6 explicit",
        "t3>t9 explicit", "t4>t5 explicit", "t4>t5 tensormap", "t5>t6 explicit",
        "t5>t9 explicit", "t6>t7 explicit", "t7>t8 explicit", "t8>t9 explicit",
        "t9>t10 explicit",
    ],
}


@pytest.mark.parametrize("analyze", [False, True])
def test_a_buffer_carried_out_of_a_nest_read_in_a_compiler_owned_manual_scope(
        analyze: bool) -> None:
    o = np.ones(16, dtype=np.float32)
    run = execute(PROGRAM, {**KERNELS, "acc": ACC_INTO}, [A, o.copy()], function="nested_init",
                  analyze=analyze)
    want = o.copy()
    for _ in range(2):
        first = want + A + 3  # %lres is A + 3 (the last @inc of the nest)
        want = first + (first + 1)
    np.testing.assert_array_equal(run.outputs[1], want)
    assert run.edges == edges(*NESTED_EDGES[analyze])


def test_the_pipeline_output_is_the_same_in_every_process() -> None:
    """@nested_init's reader may use one of two buffers (two storage roots): the order the
    pass met them followed the values' addresses, so the compiler deps (and the C++) changed
    from one process to the next. Four processes, one C++ listing."""
    import subprocess
    import sys

    outs = {
        subprocess.run(
            [sys.executable, "-m", "pypto_dialects.tools.pypto_opt", str(PROGRAM),
             "-p", "pto2-pipeline{analyze-auto-scopes=true}", "-t", "pto2-cpp", "--cpp-listing"],
            capture_output=True, text=True, check=True,
        ).stdout
        for _ in range(4)
    }
    assert len(outs) == 1
