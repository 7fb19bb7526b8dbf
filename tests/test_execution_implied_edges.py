"""Execution tests of drop-implied-edges (tests/execution/implied_edges.mlir; see
tests/test_execution.py for the conventions): each function runs through `pto2-pipeline` with
the pass and without it (its step taken out of `STEPS`), with and without
`analyze-auto-scopes`; the outputs are the same and equal numpy's, neither run has a race,
and the dependency record is exactly the one given (with the pass: the implied edges gone)."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import (
    ACC_INTO,
    ADD,
    INC,
    PROGRAMS,
    Run,
    edges,
    rand,
    with_and_without_step,
    zeros,
)

PROGRAM = PROGRAMS / "implied_edges.mlir"

KERNELS = {"inc": INC, "add": ADD, "acc": ACC_INTO}


def run_both(monkeypatch: pytest.MonkeyPatch, function: str, args: list[np.ndarray],
             analyze: bool) -> tuple[Run, Run]:
    """(with the pass, without it): `function` on copies of `args`; the outputs agree."""
    return with_and_without_step(monkeypatch, "drop-implied-edges", PROGRAM, KERNELS, function,
                                 args, analyze)


def chain(n: int) -> set[tuple[str, str, str]]:
    """t0 > t1 > ... > t(n-1), explicit edges."""
    return edges(*(f"t{i}>t{i + 1} explicit" for i in range(n - 1)))


@pytest.mark.parametrize("analyze", [False, True])
def test_manual_readers_chained_by_the_user(monkeypatch: pytest.MonkeyPatch,
                                            analyze: bool) -> None:
    a, b = rand(16), rand(16)
    on, off = run_both(monkeypatch, "user_chain", [a, b, zeros(16)], analyze)
    b1 = a + 1
    np.testing.assert_array_equal(on.outputs[2], b1 + (b1 + (b1 + a)))
    # t0 (AUTO) writes %b; t1 > t2 > t3 are the user's, t0 > t1 the compiler's
    assert on.edges == chain(4)
    # t0>t2, t0>t3: the compiler's, implied by t0>t1>t2(>t3)
    assert off.edges == chain(4) | edges("t0>t2 explicit", "t0>t3 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_manual_readers_in_a_loop_chained_by_the_user(monkeypatch: pytest.MonkeyPatch,
                                                      analyze: bool) -> None:
    a, b = rand(16), rand(16)
    on, off = run_both(monkeypatch, "user_loop", [a, b, zeros(16)], analyze)
    b1 = a + 1
    np.testing.assert_array_equal(on.outputs[2], b1 + (b1 + (b1 + (b1 + a))))
    assert on.edges == chain(5)
    # every iteration's edge to the writer: the carry starts from t1, which waits for t0
    assert off.edges == chain(5) | edges("t0>t2 explicit", "t0>t3 explicit", "t0>t4 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_a_loop_nest_in_a_compiler_owned_scope(monkeypatch: pytest.MonkeyPatch,
                                               analyze: bool) -> None:
    x, y = rand(16), rand(16)
    on, off = run_both(monkeypatch, "nest", [x, y.copy()], analyze)
    expect = y.copy()
    for _ in range(6):
        expect += x
    np.testing.assert_array_equal(on.outputs[1], expect)
    if not analyze:  # AUTO scopes: the tensor map orders them, the pass changes nothing
        assert on.edges == off.edges == edges(*(f"t{i}>t{i + 1} tensormap" for i in range(5)))
        return
    assert on.edges == chain(6)
    # t2>t4, t2>t5: the outer carry (t2, the last task of outer iteration 0) next to the inner
    # one in the second outer iteration, which starts from it (t2>t3) and waits for it after
    assert off.edges == chain(6) | edges("t2>t4 explicit", "t2>t5 explicit")
