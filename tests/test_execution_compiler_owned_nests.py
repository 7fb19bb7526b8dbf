"""Execution tests of loop nests whose outer body is one compiler-owned MANUAL scope
(`pto2-pipeline{analyze-auto-scopes=true}`, tests/execution/compiler_owned_nests.mlir; see
tests/test_execution.py for the conventions). Inside that scope the runtime orders nothing:
every hazard between two iterations of an inner loop, or between two regions of one instance
of the scope, needs a compiler edge from order-untracked-hazards (auto-derive-task-dependencies
orders one instance of one region only). Each task accumulates into %y, so the tasks must form
a chain; each program runs with and without the option, against a numpy golden and the exact
edge set.

With the option the inner carry starts from the outer loop's carry (the last task of the
previous outer iteration), which orders an inner loop's first iteration; the outer-carry edge
order-untracked-hazards also gives an inner task is implied by the inner carry on every
iteration, and drop-implied-edges removes it (t1>t3 in @nest before; the edges these tests
pin are after that pass, and the outputs are the same with the option off)."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import PROGRAMS, Kernel, Run, edges, execute, rand, zeros

NESTS = PROGRAMS / "compiler_owned_nests.mlir"


def _inc(x: np.ndarray, acc: np.ndarray) -> None:
    acc += x


# (in x, inout acc): acc += x
INC_INTO = Kernel(_inc, """
    Tensor *x = tensor(args, 0), *a = tensor(args, 1);
    for (uint64_t i = 0; i < numel(a); ++i) at<float>(a, i) += at<float>(x, i);
""")


def chain(n: int, origin: str) -> set[tuple[str, str, str]]:
    """t0 > t1 > ... > t(n-1), each edge of `origin`."""
    return edges(*(f"t{i}>t{i + 1} {origin}" for i in range(n - 1)))


def run(function: str, inputs: int, analyze: bool) -> tuple[list[np.ndarray], np.ndarray, Run]:
    """`function` on `inputs` random 16x16 inputs and a zero %y (its last parameter)."""
    args = [rand(16, 16) for _ in range(inputs)]
    r = execute(NESTS, {"inc": INC_INTO}, [*args, zeros(16, 16)], function=function,
                analyze=analyze)
    scopes = {t["scope"] for t in r.tasks}
    manual = (analyze and function not in KEPT_AUTO) or function.endswith(("user_manual",
                                                                           "_marked"))
    assert scopes == {"manual" if manual else "auto"}
    return args, r.outputs[inputs], r


KEPT_AUTO = ("parallel_inner", "two_inner", "two_ifs")
"""The nests auto-derive-task-dependencies keeps AUTO: made manual, they cost more edges than
the tensor map's chain (4 for 3, 12 for 7, 5 for 3 before): their `_marked` copies, whose tasks
carry the manual-candidate markers as written, test the compiler-owned scope."""


@pytest.mark.parametrize("analyze", [False, True])
def test_doubly_nested_loop(analyze: bool) -> None:
    (x,), y, r = run("nest", 1, analyze)
    np.testing.assert_array_equal(y, 4 * x)
    assert r.edges == (
        chain(4, "explicit") if analyze else chain(4, "tensormap"))


@pytest.mark.parametrize("analyze", [False, True])
def test_triply_nested_loop(analyze: bool) -> None:
    # with the option each task also got the middle and outer carries (t1>t3, t5>t7; t3>t5,
    # t3>t6, t3>t7), each implied by the inner carry they start it from: a chain is left
    (x,), y, r = run("depth3", 1, analyze)
    np.testing.assert_array_equal(y, 8 * x)
    assert r.edges == (chain(8, "explicit") if analyze else chain(8, "tensormap"))


@pytest.mark.parametrize("analyze", [False, True])
def test_if_in_a_nested_loop(analyze: bool) -> None:
    # j == 0 adds %x, j == 1 adds %z: the task of each branch after the other branch's
    (x, z), y, r = run("if_in_nest", 2, analyze)
    np.testing.assert_array_equal(y, (x + z) + (x + z))
    # (both branches write %y in place: the TaskId carried is the if's writer, whichever
    # branch ran, so a chain; before, each branch's TaskId was kept through the iterations of
    # the other branch: t0>t2, t1>t3 too. t0>t3, the outer carry next to the inner one, is
    # dropped as implied)
    assert r.edges == (chain(4, "explicit") if analyze else chain(4, "tensormap"))


@pytest.mark.parametrize("function", KEPT_AUTO)
def test_nests_that_stay_auto(function: str) -> None:
    # with the option as without it: AUTO, the tensor map's chain, the same outputs
    inputs = 1 if function == "parallel_inner" else 2
    for analyze in (False, True):
        args, y, r = run(function, inputs, analyze)
        np.testing.assert_array_equal(y, 4 * args[0] if inputs == 1 else
                                      (2 * (2 * args[0] + 2 * args[1]) if function == "two_inner"
                                       else 2 * (args[0] + args[1])))
        assert r.edges == chain(len(r.tasks), "tensormap")


@pytest.mark.parametrize("analyze", [False, True])
def test_two_inner_loops_in_one_scope(analyze: bool) -> None:
    # the second inner loop's tasks after the first's (one instance of the scope, two
    # regions), each inner loop's tasks after its previous iteration's
    (x, z), y, r = run("two_inner_marked", 2, analyze)
    np.testing.assert_array_equal(y, 2 * (2 * x + 2 * z))
    assert r.edges == chain(8, "explicit") | edges(
        "t1>t3 explicit",  # the first loop's result into the second loop
        "t5>t7 explicit",  # and on every iteration of the second loop
        "t3>t5 explicit",  # the second loop's outer carry, in every iteration of the first
        "t3>t6 explicit",  # and the second loop's carry from the last outer iteration
        # (the first loop's TaskId is not carried to the next outer iteration: the second
        # loop, two iterations surely run, writes %y after it; t1>t5, t1>t6, t1>t7, t3>t7
        # dropped: implied through the inner carries)
    )


@pytest.mark.parametrize("analyze", [False, True])
def test_two_ifs_in_one_loop_body(analyze: bool) -> None:
    # the loop body is one scope holding two if branches: the second if's task after the
    # first's in the same iteration (t0>t1, t2>t3), and each after both tasks of the previous
    # iteration (carried out of the ifs and through the loop)
    (x, z), y, r = run("two_ifs_marked", 2, analyze)
    np.testing.assert_array_equal(y, 2 * (x + z))
    # (t0>t3, implied by the second if's carry t1 that waits for t0, is dropped)
    assert r.edges == chain(4, "explicit") | edges("t0>t2 explicit", "t1>t3 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_parallel_inner_loop(analyze: bool) -> None:
    # pto_orch.parallel: the inner iterations are left unordered (the user's word; each is
    # ordered after every task of the previous outer iteration)
    (x,), y, r = run("parallel_inner_marked", 1, analyze)
    np.testing.assert_array_equal(y, 4 * x)
    assert r.edges == edges("t0>t2 explicit", "t0>t3 explicit", "t1>t2 explicit",
                            "t1>t3 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_nest_in_a_user_manual_scope(analyze: bool) -> None:
    # the user's deps order the nest; neither setting adds an edge
    (x,), y, r = run("user_manual", 1, analyze)
    np.testing.assert_array_equal(y, 4 * x)
    assert r.edges == chain(4, "explicit")
