"""Execution tests of the hoisted phase fence (tests/execution/fence_hoisting.mlir; see
tests/test_execution.py for the conventions): each function runs through `pto2-pipeline` with
expand-manual-phase-fence and without it (its step taken out of `STEPS`), with and without
`analyze-auto-scopes` (the scopes are the user's: the option changes nothing); the outputs are
the same and equal numpy's, no run has a race, and the dependency record is exactly the one
given: with the pass, producers -> one barrier per execution of the hoisted loop -> consumers;
without it, every producer -> every consumer."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import (
    PROGRAMS,
    REDUCE4,
    STRIPE64,
    Kernel,
    Run,
    rand,
    with_and_without_step,
    zeros,
)

PROGRAM = PROGRAMS / "fence_hoisting.mlir"


def _reduce_blocks(y: np.ndarray, s: np.ndarray) -> None:
    s[...] = y.reshape(-1, 16, 16).sum(0)


# (in y Rx16, out s 16x16): s = the sum of the 16-row blocks of y
REDUCE_BLOCKS = Kernel(_reduce_blocks, """
    Tensor *y = tensor(args, 0), *s = tensor(args, 1);
    uint64_t blocks = numel(y) / 256;
    for (uint64_t r = 0; r < 16; ++r)
        for (uint64_t c = 0; c < 16; ++c) {
            float acc = 0;
            for (uint64_t b = 0; b < blocks; ++b) acc += at2<float>(y, 16 * b + r, c);
            at2<float>(s, r, c) = acc;
        }
""")

KERNELS = {"stripe": STRIPE64, "reduce": REDUCE4, "stripe32": STRIPE64, "reduce2": REDUCE_BLOCKS}


def run_both(monkeypatch: pytest.MonkeyPatch, function: str, args: list[np.ndarray],
             analyze: bool) -> tuple[Run, Run]:
    """(with the pass, without it): `function` on copies of `args`; the outputs agree."""
    return with_and_without_step(monkeypatch, "expand-manual-phase-fence", PROGRAM, KERNELS, function,
                                 args, analyze)


def fenced(producers: list[int], barrier: int, consumers: list[int]) -> set[tuple[str, str, str]]:
    """Every producer -> the barrier -> every consumer (explicit edges)."""
    return ({(f"t{p}", f"t{barrier}", "explicit") for p in producers}
            | {(f"t{barrier}", f"t{c}", "explicit") for c in consumers})


def direct(producers: list[int], consumers: list[int]) -> set[tuple[str, str, str]]:
    """Every producer -> every consumer (explicit edges)."""
    return {(f"t{p}", f"t{c}", "explicit") for p in producers for c in consumers}


def stripes(x: np.ndarray) -> np.ndarray:
    """What the producers write: stripe b of x raised by its first row, 16 * b."""
    return x + (np.arange(len(x), dtype=np.float32)[:, None] // 16) * 16


def barriers(r: Run) -> int:
    return sum(t["name"] == "task_dummy" for t in r.tasks)


@pytest.mark.parametrize("analyze", [False, True])
def test_a_stable_array_read_by_a_loop_nest(monkeypatch: pytest.MonkeyPatch,
                                            analyze: bool) -> None:
    x = rand(64, 16)
    on, off = run_both(monkeypatch, "stable_nest", [x, zeros(64, 16), zeros(128, 16)], analyze)
    y = stripes(x)
    np.testing.assert_array_equal(on.outputs[1], y)
    np.testing.assert_array_equal(on.outputs[2], np.tile(y.reshape(4, 16, 16).sum(0), (8, 1)))
    # one barrier before the 4 x 2 nest (one per outer iteration before: 4, and 24 edges)
    assert barriers(on) == 1
    assert on.edges == fenced([0, 1, 2, 3], 4, list(range(5, 13)))
    assert off.edges == direct([0, 1, 2, 3], list(range(4, 12)))
    assert (len(on.edges), len(off.edges)) == (12, 32)


@pytest.mark.parametrize("analyze", [False, True])
def test_an_array_of_each_phase(monkeypatch: pytest.MonkeyPatch, analyze: bool) -> None:
    x = rand(64, 16)
    on, off = run_both(monkeypatch, "per_phase", [x, zeros(128, 16), zeros(128, 16)], analyze)
    y = stripes(x)
    np.testing.assert_array_equal(on.outputs[1], np.tile(y, (2, 1)))
    np.testing.assert_array_equal(on.outputs[2], np.tile(y.reshape(4, 16, 16).sum(0), (8, 1)))
    # per phase: 4 producers, one barrier before the 2 x 2 nest, 4 consumers (2 barriers, not 4)
    assert barriers(on) == 2
    assert on.edges == (fenced([0, 1, 2, 3], 4, [5, 6, 7, 8])
                        | fenced([9, 10, 11, 12], 13, [14, 15, 16, 17]))
    assert off.edges == direct([0, 1, 2, 3], [4, 5, 6, 7]) | direct([8, 9, 10, 11],
                                                                    [12, 13, 14, 15])
    assert (len(on.edges), len(off.edges)) == (16, 32)


@pytest.mark.parametrize("analyze", [False, True])
def test_an_array_of_two_that_pays_for_the_nest(monkeypatch: pytest.MonkeyPatch,
                                                analyze: bool) -> None:
    x = rand(32, 16)
    on, off = run_both(monkeypatch, "profitable_as_a_nest", [x, zeros(32, 16), zeros(96, 16)],
                       analyze)
    y = stripes(x)
    np.testing.assert_array_equal(on.outputs[1], y)
    np.testing.assert_array_equal(on.outputs[2], np.tile(y.reshape(2, 16, 16).sum(0), (6, 1)))
    # 2 x 2 per inner loop saves nothing; 2 x 6 for the nest: 2 + 6 through one barrier
    assert on.edges == fenced([0, 1], 2, list(range(3, 9)))
    assert off.edges == direct([0, 1], list(range(2, 8)))


@pytest.mark.parametrize("analyze", [False, True])
def test_two_inner_loops_share_one_barrier(monkeypatch: pytest.MonkeyPatch,
                                           analyze: bool) -> None:
    x = rand(64, 16)
    on, off = run_both(monkeypatch, "shared", [x, zeros(64, 16), zeros(128, 16)], analyze)
    y = stripes(x)
    np.testing.assert_array_equal(on.outputs[2], np.tile(y.reshape(4, 16, 16).sum(0), (8, 1)))
    assert barriers(on) == 1
    assert on.edges == fenced([0, 1, 2, 3], 4, list(range(5, 13)))
    assert off.edges == direct([0, 1, 2, 3], list(range(4, 12)))


@pytest.mark.parametrize("analyze", [False, True])
def test_consumers_inside_a_parallel_loop(monkeypatch: pytest.MonkeyPatch,
                                          analyze: bool) -> None:
    x = rand(64, 16)
    on, off = run_both(monkeypatch, "inside_a_parallel_loop", [x, zeros(64, 16),
                                                               zeros(128, 16)], analyze)
    y = stripes(x)
    np.testing.assert_array_equal(on.outputs[2], np.tile(y.reshape(4, 16, 16).sum(0), (8, 1)))
    assert barriers(on) == 1
    assert on.edges == fenced([0, 1, 2, 3], 4, list(range(5, 13)))
    assert off.edges == direct([0, 1, 2, 3], list(range(4, 12)))
