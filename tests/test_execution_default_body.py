"""Execution tests of auto-derive-task-dependencies on the body of a function with automatic
scopes (`pto2-pipeline{analyze-auto-scopes=true}`, tests/execution/default_body.mlir; see
tests/test_execution.py for the conventions): a body that qualifies is one compiler-owned
MANUAL scope; one whose loop allocates or has a dynamic trip count keeps its AUTO body and
makes its loop bodies the areas; a loop body that would leave a stale tensor-map entry stays
AUTO (`stale`, the same edges with the option on). Each function runs with the option off and on: the same
outputs (against numpy), every task's scope, and the exact edge set of each run (the
tensor map's and creator edges off, the same pairs as explicit edges on)."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import ACC_INTO, ADD, COPY, PROGRAMS, edges, execute, rand

BODIES = PROGRAMS / "default_body.mlir"

KERNELS = {"add": ADD, "inc": ACC_INTO, "make": COPY}


def _chain(n: int) -> list[str]:
    return [f"t{i}>t{i + 1}" for i in range(n - 1)]


def _loop(creates: bool) -> list[str]:
    """4 iterations of a producer t(2i) and inc t(2i+1) of y: with a create, allocation i
    retains both and the tensor map orders t(2i)>t(2i+1); with a runtime-allocated output, the
    creator edge is t(2i)>t(2i+1). The incs chain on y."""
    out = []
    for i in range(4):
        p, x = f"t{2 * i}", f"t{2 * i + 1}"
        if creates:
            out += [f"alloc{i}>{p} creator", f"alloc{i}>{x} creator", f"{p}>{x} tensormap"]
        else:
            out.append(f"{p}>{x} creator")
        if i:
            out.append(f"t{2 * i - 1}>{x} tensormap")
    return out


# function, scalar arguments, multiple of a added to y, the edges without the option
# (with it: the same pairs, every one explicit)
CASES = [
    ("straight", [], 2, ["alloc0>t0 creator", "alloc0>t1 creator", "t0>t1 tensormap"]),
    ("constant_loop", [], 9, [f"{e} tensormap" for e in _chain(9)]),
    ("loop_creates", [], 8, _loop(True)),
    ("loop_allocates", [], 4, _loop(False)),
    ("dynamic_loop", [3], 6, [f"{e} tensormap" for e in _chain(6)]),
]

# inc t0, 2 x (add t(2i+1), inc t(2i+2)), inc t5: AUTO with the option on too, the same edges
# (made manual, the loop would leave t0 in the tensor map for t5: 11 edges for 9)
STALE = edges("alloc0>t1 creator", "alloc0>t2 creator", "alloc1>t3 creator", "alloc1>t4 creator",
              "t1>t2 tensormap", "t3>t4 tensormap", "t0>t2 tensormap", "t2>t4 tensormap",
              "t4>t5 tensormap")


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize(("function", "scalars", "times", "off"), CASES)
def test_a_default_mode_body(
    function: str, scalars: list, times: int, off: list[str], analyze: bool
) -> None:
    a, y = rand(16), rand(16)
    r = execute(BODIES, KERNELS, [a, y.copy(), *scalars], function=function, analyze=analyze)
    np.testing.assert_allclose(r.outputs[1], y + times * a, rtol=1e-6)
    assert {t["scope"] for t in r.tasks} == {"manual" if analyze else "auto"}
    want = edges(*off)
    if analyze:  # the same pairs, every one explicit
        want = {(p, s, "explicit") for p, s, _ in want}
    assert r.edges == want


@pytest.mark.parametrize("analyze", [False, True])
def test_a_loop_that_would_leave_a_stale_entry(analyze: bool) -> None:
    a, y = rand(16), rand(16)
    r = execute(BODIES, KERNELS, [a, y.copy()], function="stale", analyze=analyze)
    np.testing.assert_allclose(r.outputs[1], y + 6 * a, rtol=1e-6)
    assert {t["scope"] for t in r.tasks} == {"auto"}
    assert r.edges == STALE
