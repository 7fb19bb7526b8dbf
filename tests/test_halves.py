"""A task in a loop that reads one half of a buffer and writes the other
(tests/execution/halves.mlir): order-untracked-hazards merged a task's two arguments on one
buffer into one access of an unknown window and refused each of these programs ("must run
after its own instance in the previous iteration ... a write of part of the buffer"; breaker7
02). Each argument now keeps its own window, compared with another task's one pair at a time,
and a task's edge on its own previous instance chains its instances. Each run checks the
outputs against a golden and the exact edges, with and without analyze-auto-scopes; `execute`
also compiles the C++ against both model headers. The compiler edges of @out_param are shown
necessary by a control run without them. The programs still refused are in
tests/filecheck/transforms/order_untracked_hazards/halves.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.orch import CallOp, SubmitOp
from support.execution import ACC_INTO, INC, PROGRAMS, edges, execute, relative_faults

PROGRAM = PROGRAMS / "halves.mlir"
KERNELS = {"acc8": ACC_INTO, "inc8": INC, "acc16": ACC_INTO}


def _chain(n: int, origin: str) -> list[str]:
    return [f"t{i}>t{i + 1} {origin}" for i in range(n - 1)]


def _o() -> np.ndarray:
    return np.arange(16, dtype=np.float32)


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("function", ["inout_param", "inout_carried"])
@pytest.mark.parametrize("n", [3, 1, 0])
def test_inout_half_is_ordered_by_the_tensor_map(function: str, n: int, analyze: bool) -> None:
    o = _o()
    r = execute(PROGRAM, KERNELS, [o.copy(), n], function=function, analyze=analyze)
    want = o.copy()
    want[8:] += n * o[:8]
    np.testing.assert_array_equal(r.outputs[0], want)
    # each instance looks up the high half the previous one wrote: no compiler edge
    assert r.edges == edges(*_chain(n, "tensormap"))


def _without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, CallOp | SubmitOp) and op.compiler_deps:
            op.set_compiler_deps([])


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 1, 0])
def test_out_half_gets_an_edge_on_the_previous_instance(n: int, analyze: bool) -> None:
    o = _o()
    r = execute(PROGRAM, KERNELS, [o.copy(), n], function="out_param", analyze=analyze)
    want = o.copy()
    if n:
        want[8:] = o[:8] + np.float32(1)
    np.testing.assert_array_equal(r.outputs[0], want)
    # an output is not looked up: the compiler's chain orders the writes of the high half
    assert r.edges == edges(*_chain(n, "explicit"))


@pytest.mark.parametrize("analyze", [False, True])
def test_out_half_control_without_the_edges_races(analyze: bool) -> None:
    control = execute(PROGRAM, KERNELS, [_o(), 3], function="out_param", analyze=analyze,
                      edit=_without_compiler_deps, faults=True)
    assert control.edges == set()
    faults = relative_faults(control)
    assert len(faults) == 3  # t0/t1, t0/t2, t1/t2 all write the high half unordered
    assert all("WAW race on %o" in f for f in faults)


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 0])
def test_manual_scope_per_iteration_then_a_reader(n: int, analyze: bool) -> None:
    o = _o()
    r = execute(PROGRAM, KERNELS, [o.copy(), o.copy(), n], function="manual_create",
                analyze=analyze)
    b = np.ones(16, np.float32)
    b[8:] += n  # the high half accumulates the low half (ones) n times
    np.testing.assert_array_equal(r.outputs[1], o + b)
    # the manual instances: each after the previous one (the compiler's chain) and after the
    # allocation (their retain edges); the reader after the loop waits for the last one (the
    # chain stands for all) and, in AUTO, gets its creator edge
    want = [f"alloc0>t{i} explicit" for i in range(n)]
    want += [f"alloc0>t{n} creator", *_chain(n + 1, "explicit")]
    assert r.edges == edges(*want)


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 2, 0])
def test_halves_from_the_induction_variable(n: int, analyze: bool) -> None:
    o = _o()
    r = execute(PROGRAM, KERNELS, [o.copy(), n], function="iv_halves", analyze=analyze)
    want = o.copy()
    for i in range(n):  # iteration i reads half i % 2 and writes the other one
        lo = 8 * (i % 2)
        want[8 - lo:16 - lo] = want[lo:lo + 8] + np.float32(1)
    np.testing.assert_array_equal(r.outputs[0], want)
    # the pass cannot tell the halves apart (unknown windows): its chain, beside the tensor
    # map's edge (each instance looks up the half the previous one wrote)
    assert r.edges == edges(*_chain(n, "explicit"), *_chain(n, "tensormap"))
