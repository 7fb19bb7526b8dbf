"""A barrier on a `pto_orch.parallel` loop's TaskId waits for every iteration, in every shape in
which that TaskId leaves the loop (issue 25, class 3; docs/passes/classify-iter-arg-carry.md).

Each program of tests/execution/parallel_barrier.mlir (and _nested.mlir) writes the four 16-row stripes of %y in
the iterations of a parallel loop and reads all of %y in a consumer ordered by a barrier on the
loop's TaskId alone (`no_dep`). Before the fix only a loop inside a manual scope carried one
TaskId per iteration: with the manual scope in the loop body, without a manual scope, through
an scf.if result or with a trip count the compiler does not know, the barrier waited for the
last stripe and the interpreter reported the other three as RAW races (a nested parallel loop
was an error). Outputs and exact edge sets; t0..t3 are the stripes in submit order.
"""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import (
    PROGRAMS,
    REDUCE4,
    STRIPE64,
    Kernel,
    edges,
    execute,
    rand,
    striped,
    zeros,
)

PROGRAM = PROGRAMS / "parallel_barrier.mlir"
NESTED = PROGRAMS / "parallel_barrier_nested.mlir"


def _stripe_inout(x, row, y):  # type: ignore[no-untyped-def]
    y[row:row + 16] = x[row:row + 16] + np.float32(row)


KERNELS = {
    "stripe": STRIPE64,
    # (in x 64x16, in index row, inout y 64x16): the same stripe, written into all of y
    "stripe_inout": Kernel(_stripe_inout, """
    Tensor *x = tensor(args, 0), *y = tensor(args, 1);
    uint64_t row = (uint64_t)args[2];
    for (uint64_t r = 0; r < 16; ++r)
        for (uint64_t c = 0; c < 16; ++c) at2<float>(y, row + r, c) = at2<float>(x, row + r, c) + (float)row;
"""),
    "reduce": REDUCE4,
}


def _run(function: str, *scalars: int, program=PROGRAM):  # type: ignore[no-untyped-def]
    x = rand(64, 16)
    r = execute(program, KERNELS, [x, zeros(64, 16), zeros(16, 16), *scalars],
                function=function)
    return x, r


def _check_values(x: np.ndarray, r, stripes: int = 4) -> None:  # type: ignore[no-untyped-def]
    y = striped(x)
    y[16 * stripes:] = 0
    np.testing.assert_array_equal(r.outputs[1], y)
    np.testing.assert_array_equal(r.outputs[2], y.reshape(4, 16, 16).sum(0))


# every stripe -> the barrier t4 -> the consumer t5
FAN_IN = edges(*(f"t{i}>t4 explicit" for i in range(4)), "t4>t5 explicit")


@pytest.mark.parametrize("function", ["body_manual", "around_manual", "all_auto"])
def test_the_barrier_waits_for_every_iteration(function: str) -> None:
    # the manual scope in the loop body, around the loop, or none: the same edges
    x, r = _run(function)
    _check_values(x, r)
    assert len(r.tasks) == 6
    assert r.edges == FAN_IN


@pytest.mark.parametrize("mode", [1, 0])
def test_through_an_if_result(mode: int) -> None:
    # the if result holds one TaskId: a barrier t4 waiting for the loop's array, made inside the
    # branch's scope (where the array lives), then the user's barrier t5, then the consumer
    x, r = _run("through_if", mode)
    if mode:
        _check_values(x, r)
        assert r.edges == edges(*(f"t{i}>t4 explicit" for i in range(4)), "t4>t5 explicit",
                                "t5>t6 explicit")
    else:  # no stripe: the consumer sums zeros, the barrier has no valid dependency
        _check_values(x, r, stripes=0)
        assert len(r.tasks) == 1
        assert r.edges == set()


def test_nested_parallel_loops_in_one_manual_scope() -> None:
    # outer p, inner b: stripes t0, t1 (p = 0), barrier t2; stripes t3, t4 (p = 1), barrier t5;
    # the user's barrier t6 waits for both outer slots; the consumer t7
    x, r = _run("nested", program=NESTED)
    _check_values(x, r)
    assert r.edges == edges("t0>t2 explicit", "t1>t2 explicit", "t3>t5 explicit",
                            "t4>t5 explicit", "t2>t6 explicit", "t5>t6 explicit",
                            "t6>t7 explicit")


def test_nested_parallel_loops_with_the_manual_scope_in_the_body() -> None:
    # order-untracked-hazards' carries of the writers out of both loops are arrays as well:
    # the four writers (whole-%y inout) stay unordered among themselves (iterations of parallel
    # loops), one barrier per outer iteration (t2, t5), and the consumer t6 (an AUTO task
    # reading %y) waits for both
    x, r = _run("nested_body_manual", program=NESTED)
    _check_values(x, r)
    assert r.edges == edges("t0>t2 explicit", "t1>t2 explicit", "t3>t5 explicit",
                            "t4>t5 explicit", "t2>t6 explicit", "t5>t6 explicit")


@pytest.mark.parametrize("n", [4, 1, 0])
def test_a_trip_count_the_compiler_does_not_know(n: int) -> None:
    # each iteration yields a barrier on the carry and its stripe: stripe t(2i), barrier
    # t(2i+1) after the stripe and the previous barrier; the user's barrier waits for the last
    x, r = _run("dynamic", n)
    _check_values(x, r, stripes=n)
    chain = {(f"t{2 * i}", f"t{2 * i + 1}", "explicit") for i in range(n)}
    chain |= {(f"t{2 * i - 1}", f"t{2 * i + 1}", "explicit") for i in range(1, n)}
    if n:
        chain |= {(f"t{2 * n - 1}", f"t{2 * n}", "explicit"), (f"t{2 * n}", f"t{2 * n + 1}", "explicit")}
    assert r.edges == chain
    assert all(r.ordered(f"t{2 * i}", f"t{2 * n + 1}") for i in range(n))


@pytest.mark.parametrize("n", [4, 0])
def test_a_chained_dynamic_loop_keeps_one_taskid(n: int) -> None:
    # each stripe waits for the carry: the last one stands for all of them, nothing is added
    x, r = _run("dynamic_chain", n)
    _check_values(x, r, stripes=n)
    chain = {(f"t{i}", f"t{i + 1}", "explicit") for i in range(n + 1) if i or n}
    assert r.edges == (chain if n else set())


def test_a_compiler_owned_manual_body() -> None:
    # analyze-auto-scopes makes the body a compiler-owned manual scope: the four writers stay
    # unordered (before: order-untracked-hazards' carry chained them, t0 > t1 > t2 > t3), the
    # barrier t4 waits for all four, the no_dep consumer t5 for the barrier, and the AUTO
    # reader t6 for all four through the compiler's carry (its array)
    x = rand(64, 16)
    r = execute(PROGRAMS / "parallel_barrier_compiler_owned.mlir", KERNELS,
                [x, zeros(64, 16), zeros(16, 16), zeros(16, 16)], analyze=True)
    y = striped(x)
    np.testing.assert_array_equal(r.outputs[1], y)
    np.testing.assert_array_equal(r.outputs[2], y.reshape(4, 16, 16).sum(0))
    np.testing.assert_array_equal(r.outputs[3], y.reshape(4, 16, 16).sum(0))
    assert r.edges == edges(*(f"t{i}>t4 explicit" for i in range(4)), "t4>t5 explicit",
                            *(f"t{i}>t6 explicit" for i in range(4)))
