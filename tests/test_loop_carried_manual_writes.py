"""A buffer a loop body creates, written by a MANUAL-scope task and yielded into the loop's
carry, is an earlier iteration's buffer in the next iteration
(tests/execution/loop_carried_manual_writes.mlir). order-untracked-hazards skipped every pair
of a task and the previous iteration's task on a buffer created in the body ("a new buffer
every iteration"), so the next iteration's reader got no edge after the manual writer (a RAW
race the interpreter reported at n = 3); verify-orchestration skipped it for a host read
likewise (tests/filecheck/transforms/verify_orchestration/host_access_loop_carried.mlir).
Found by a breaker session."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.orch import CallOp, SubmitOp
from support.execution import PROGRAMS, Kernel, edges, execute, rand

PROGRAM = PROGRAMS / "loop_carried_manual_writes.mlir"


def _rd(c: np.ndarray, o: np.ndarray) -> None:
    o += c


KERNELS = {"fill": Kernel(lambda x, o: x + np.float32(1)), "rd": Kernel(_rd)}


def _readers_without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, CallOp | SubmitOp) and op.callee.root_reference.data == "rd":
            op.set_compiler_deps([])


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 1, 0])
def test_the_next_iteration_reads_the_manual_write(n: int, analyze: bool) -> None:
    x, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [x, o, n], function="task_reads_carry", analyze=analyze)
    # iteration 0's @rd reads the init (ones), each later one the previous @fill's x + 1
    want = o if n == 0 else o + np.float32(1) + np.float32(n - 1) * (x + np.float32(1))
    np.testing.assert_array_equal(run.outputs[1], want)
    # iteration i: @rd t(2i), @fill t(2i+1); the @fill of iteration i waits for the @rd before
    # it and holds its buffer (alloc i+1); the @rd of iteration i+1 waits for it: t(2i+1) > t(2i+2)
    expected = ["alloc0>t0 creator"] if n else []
    for i in range(n):
        expected += [f"alloc{i + 1}>t{2 * i + 1} explicit", f"t{2 * i}>t{2 * i + 1} explicit"]
        if i + 1 < n:
            expected += [f"alloc{i + 1}>t{2 * i + 2} creator", f"t{2 * i}>t{2 * i + 2} tensormap",
                         f"t{2 * i + 1}>t{2 * i + 2} explicit"]
    assert run.edges == edges(*expected)


@pytest.mark.parametrize("analyze", [False, True])
def test_without_the_edge_the_reader_races(analyze: bool) -> None:
    x, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [x, o, 3], function="task_reads_carry", analyze=analyze,
                  edit=_readers_without_compiler_deps, faults=True)
    races = [f for f in run.faults if "RAW race on %c" in f]
    assert len(races) == 2, run.faults


@pytest.mark.parametrize("analyze", [False, True])
def test_an_inner_loop_carries_it_through_the_outer_one(analyze: bool) -> None:
    x, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [x, o], function="nested", analyze=analyze)
    # 2 x 2 iterations: the first @rd reads the init (ones), the three others a @fill's x + 1
    np.testing.assert_array_equal(run.outputs[1], o + np.float32(1) + 3 * (x + np.float32(1)))
    # @rd t0, t2, t4, t6 and @fill t1, t3, t5, t7 (alloc k+1 is t(2k+1)'s buffer): each @rd
    # after the @fill before it (t1 > t2 across the inner loop, t3 > t4 across the outer one);
    # t3 > t6 is one edge too many (the outer iteration's carried buffer, compared by root)
    expected = ["alloc0>t0 creator", "t0>t1 explicit", "t3>t6 explicit"]
    for k in range(4):
        expected += [f"alloc{k + 1}>t{2 * k + 1} explicit"]
        if k < 3:
            expected += [f"alloc{k + 1}>t{2 * k + 2} creator", f"t{2 * k + 1}>t{2 * k + 2} explicit",
                         f"t{2 * k}>t{2 * k + 2} tensormap", f"t{2 * k + 2}>t{2 * k + 3} explicit"]
    assert run.edges == edges(*expected)


ALTERNATING = {
    # t0 @k(p) t1 @k(f): iteration 0 (even); t2 @k(p) t3 @k(q = iteration 0's f); then 2, 3
    False: ["alloc0>t1 creator", "alloc0>t3 creator", "alloc1>t5 creator", "alloc1>t7 creator",
            "t0>t2 tensormap", "t1>t3 tensormap", "t2>t4 tensormap", "t4>t6 tensormap",
            "t5>t7 tensormap"],
    # the compiler-owned manual body: t1 > t3 and t5 > t7 are the edges that were missing
    True: ["alloc0>t1 creator", "alloc0>t3 explicit", "alloc1>t5 creator", "alloc1>t7 explicit",
           "t0>t2 explicit", "t0>t4 tensormap", "t1>t3 explicit", "t2>t3 explicit",
           "t2>t4 explicit", "t2>t6 explicit", "t3>t4 explicit", "t3>t6 explicit",
           "t4>t6 explicit", "t5>t7 explicit", "t6>t7 explicit",
           # one edge too many: the odd iteration writes the carry in place, which the pass
           # takes for a carry that may hold an older %f, so it chains the even iterations'
           # writers of their new %f (@kept_through_if)
           "t1>t5 explicit"],
}


@pytest.mark.parametrize("analyze", [False, True])
def test_the_odd_iteration_writes_the_even_ones_buffer(analyze: bool) -> None:
    a, x = rand(16), rand(16)
    kernels = {"k": Kernel(lambda a, o: a + o + np.float32(1))}
    run = execute(PROGRAM, kernels, [a, x], function="alternating", analyze=analyze)
    np.testing.assert_array_equal(run.outputs[1], x + 4 * a + np.float32(4))
    assert run.edges == edges(*ALTERNATING[analyze])


def _rd_rows_without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, CallOp | SubmitOp) and op.callee.root_reference.data == "rd_row":
            op.set_compiler_deps([])


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [4, 2, 1, 0])
def test_a_reader_after_this_iterations_writer(n: int, analyze: bool) -> None:
    """@reader_after_writer: this iteration's @fill, a write of all of its new %c, replaced
    the previous iteration's @fill, whose %c the @rd_row reads through the carry (no edge)."""
    kernels = {"fill": KERNELS["fill"], "rd_row": Kernel(lambda c, o: c)}
    x, o = rand(16), rand(4, 16)
    run = execute(PROGRAM, kernels, [x, o, n], function="reader_after_writer", analyze=analyze)
    want = o.copy()
    for i in range(n):  # row i: the init (ones) in iteration 0, then the previous @fill's x + 1
        want[i] = np.float32(1) if i == 0 else x + np.float32(1)
    np.testing.assert_array_equal(run.outputs[1], want)
    assert not run.faults
    # @fill t(2i), @rd_row t(2i+1); each @rd_row waits for the previous iteration's @fill (the
    # missing edge) and this one's (a new buffer: one edge too many, compared by root)
    explicit = {(p, s) for p, s, how in run.edges if how == "explicit" and p.startswith("t")}
    for i in range(1, n):
        assert (f"t{2 * i - 2}", f"t{2 * i + 1}") in explicit, sorted(explicit)


@pytest.mark.parametrize("analyze", [False, True])
def test_a_reader_after_this_iterations_writer_races_without_the_edges(analyze: bool) -> None:
    kernels = {"fill": KERNELS["fill"], "rd_row": Kernel(lambda c, o: c)}
    run = execute(PROGRAM, kernels, [rand(16), rand(4, 16), 3], function="reader_after_writer",
                  analyze=analyze, edit=_rd_rows_without_compiler_deps, faults=True)
    assert [f for f in run.faults if "RAW race on %c" in f], run.faults


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [4, 2, 1, 0])
def test_a_bump_of_the_carry_after_this_iterations_writer(n: int, analyze: bool) -> None:
    """@bump_after_writer: each @rd_row reads its iteration's x + 1 before the next iteration's
    @bump adds 1 to that buffer (the WAR edge that was missing)."""
    kernels = {"fill": KERNELS["fill"], "rd_row": Kernel(lambda c, o: c),
               "bump": Kernel(lambda y: y + np.float32(1))}
    x, o = rand(16), rand(4, 16)
    run = execute(PROGRAM, kernels, [x, o, n], function="bump_after_writer", analyze=analyze)
    assert not run.faults
    want = o.copy()
    want[:n] = x + np.float32(1)
    np.testing.assert_array_equal(run.outputs[1], want)


_FILL_I = {"fill_i": Kernel(lambda x, i, o: x + np.float32(i)), "rd_row": Kernel(lambda c, o: c)}


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [5, 2, 1, 0])
def test_a_carry_that_may_hold_an_older_iterations_buffer(n: int, analyze: bool) -> None:
    """@kept_through_if: even iterations keep the carry, so iteration 3 reads iteration 1's %c.
    The carried TaskId is the previous iteration's @fill_i (another buffer's writer); the pass
    chains the @fill_i instances, so it orders every earlier one (a RAW race at n = 5 before)."""
    x, o = rand(16), rand(8, 16)
    run = execute(PROGRAM, _FILL_I, [x, o, n], function="kept_through_if", analyze=analyze)
    assert not run.faults
    want, cur = o.copy(), np.zeros(16, np.float32)
    for i in range(n):
        want[i] = cur
        if i % 2 == 1:
            cur = x + np.float32(i)
    np.testing.assert_array_equal(run.outputs[1], want)
    # @fill_i is t(2i), @rd_row t(2i+1): the @fill_i chain, and each @rd_row after this
    # iteration's and the previous iteration's @fill_i (compared by root, one edge too many)
    fills = [(f"t{2 * i - 2}", f"t{2 * i}") for i in range(1, n)]
    reads = [(f"t{2 * i - 2}", f"t{2 * i + 1}") for i in range(1, n)]
    own = [(f"t{2 * i}", f"t{2 * i + 1}") for i in range(n)]
    explicit = {(p, s) for p, s, how in run.edges if how == "explicit" and p.startswith("t")}
    assert explicit == {*fills, *reads, *own}, sorted(explicit)
