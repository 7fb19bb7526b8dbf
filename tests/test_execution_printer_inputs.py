"""Execution tests of the printer test inputs (tests/filecheck/targets/pto2_cpp/): dummy barriers,
TaskId array carries and arrays, retain edges, run through their RUN line's passes with goldens,
exact edge sets, and the races hand-written manual scopes really have (support.execution; the
conventions of tests/test_execution.py)."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import (
    INC,
    LOWERING,
    PRINTER_TESTS,
    Kernel,
    edges,
    execute,
    race_line,
    rand,
    relative_faults,
    zeros,
)


def _ks(d, b, o):  # type: ignore[no-untyped-def]
    row = 16 * (b % 4)
    o[row:row + 16] = d[row:row + 16] + np.float32(b)


# (in d 64x16, in index b, out o 64x16): rows of block b % 4 of o = d + b
KS = Kernel(_ks, """
    Tensor *d = tensor(args, 0), *o = tensor(args, 1);
    uint64_t b = (uint64_t)args[2], row = 16 * (b % 4);
    for (uint64_t r = row; r < row + 16; ++r)
        for (uint64_t c = 0; c < 16; ++c) at2<float>(o, r, c) = at2<float>(d, r, c) + (float)b;
""")


def _blocks(d: np.ndarray, values: dict[int, float]) -> np.ndarray:
    out = np.zeros_like(d)
    for block, v in values.items():
        out[16 * block:16 * block + 16] = d[16 * block:16 * block + 16] + v
    return out


def test_barrier_without_deps_is_submitted_unconditionally() -> None:
    d = rand(64, 16)
    r = execute(PRINTER_TESTS / "dummy_barrier.mlir", {"ks": KS}, [d, zeros(64, 16)],
                function="static_empty", pipeline=LOWERING)
    np.testing.assert_array_equal(r.outputs[1], _blocks(d, {0: 0}))
    assert len(r.tasks) == 3
    assert r.edges == edges("t0>t1 explicit")


def test_phase_fence_barrier_before_a_loop_of_consumers() -> None:
    # the two consumers after the barrier (a sequential loop) both pass all of %o as `out` and
    # nothing orders them: the report's WAW race (the kernel writes only block m, but the task
    # declares the whole of %o written; the parallel loop's branches are trusted)
    d = rand(64, 16)
    r = execute(PRINTER_TESTS / "dummy_barrier.mlir", {"ks": KS}, [d, zeros(64, 16)],
                function="phase_fence", pipeline=LOWERING, faults=True)
    at = "tests/filecheck/targets/pto2_cpp/dummy_barrier.mlir:30:7"
    assert relative_faults(r) == [race_line(at, "WAW", "%o", "6 (@ks)", "5 (@ks)", at, "pto_orch.submit")]
    np.testing.assert_array_equal(r.outputs[1], _blocks(d, {0: 0, 1: 1, 2: 2, 3: 3}))
    assert r.edges == edges(*(f"t{i}>t4 explicit" for i in range(4)), "t4>t5 explicit",
                            "t4>t6 explicit")


def test_array_carry_broadcast_init() -> None:
    # t0, then 4 parallel tasks whose array slots all start as t0, then one task after all 4
    d = rand(64, 16)
    r = execute(PRINTER_TESTS / "array_carry.mlir", {"ks": KS}, [d, zeros(64, 16)],
                function="broadcast", pipeline=LOWERING)
    np.testing.assert_array_equal(r.outputs[1], _blocks(d, {0: 4, 1: 1, 2: 2, 3: 3}))
    assert r.edges == edges(*(f"t0>t{i} explicit" for i in range(1, 5)),
                            *(f"t{i}>t5 explicit" for i in range(1, 5)))


def test_array_carry_of_a_manual_scope_inside_a_loop() -> None:
    # 3 rounds of a 2-branch parallel loop in a manual scope in the body of a sequential loop;
    # the array outlives each manual block
    d = rand(64, 16)
    r = execute(PRINTER_TESTS / "array_carry.mlir", {"ks": KS}, [d, zeros(64, 16)],
                function="survives", pipeline=LOWERING)
    np.testing.assert_array_equal(r.outputs[1], _blocks(d, {0: 0, 1: 1}))
    want = set()
    for rnd in range(1, 3):
        for a in (2 * rnd - 2, 2 * rnd - 1):
            want |= edges(f"t{a}>t{2 * rnd} explicit", f"t{a}>t{2 * rnd + 1} explicit")
    want |= edges("t4>t6 explicit", "t5>t6 explicit")
    assert r.edges == want
    assert [t["scope"] for t in r.tasks] == ["manual"] * 6 + ["auto"]


@pytest.mark.parametrize("function", ["slots", "carried"])
def test_taskid_arrays(function: str) -> None:
    # @slots: t1 after the snapshot of slot 1 (t0), t2 after t0 and every slot (t1);
    # @carried: t1 after slot 0 (t0), the last task after both slots
    a = rand(16)
    r = execute(PRINTER_TESTS / "task_arrays.mlir", {"k": INC}, [a, zeros(16)],
                function=function, pipeline=LOWERING)
    np.testing.assert_array_equal(r.outputs[1], a + 1)
    assert r.edges == edges("t0>t1 explicit", "t0>t2 explicit", "t1>t2 explicit")


def _kn(x, io, o):  # type: ignore[no-untyped-def]
    io += np.float32(1)
    o[...] = x


# (in x, inout io, out o) returns [2]: io += 1, o = x
KN = Kernel(_kn, """
    Tensor *x = tensor(args, 0), *io = tensor(args, 1), *o = tensor(args, 2);
    for (uint64_t i = 0; i < numel(o); ++i) { at<float>(io, i) += 1.0f; at<float>(o, i) = at<float>(x, i); }
""")


RETAIN_KN = "tests/filecheck/targets/pto2_cpp/retain.mlir:60:7"


def test_retain_edges_per_iteration() -> None:
    # a buffer created in a loop body inside the manual scope: each iteration's tasks retain
    # that iteration's allocation
    # (the printer test's program orders nothing in its manual scope: @kn writes the %tmp @k
    # wrote and both iterations' @kn write %o, unordered; the report has those races)
    r = execute(PRINTER_TESTS / "retain.mlir", {"k": INC, "kn": KN, "k8": INC},
                [rand(16, 16), zeros(16, 16)], function="per_iteration", pipeline=LOWERING,
                faults=True)
    k, kn = "tests/filecheck/targets/pto2_cpp/retain.mlir:59:7", RETAIN_KN
    assert relative_faults(r) == [race_line(kn, "WAW", "%tmp", "2 (@kn)", "1 (@k)", k),
                          race_line(kn, "WAW", "%o", "5 (@kn)", "2 (@kn)", kn),
                          race_line(kn, "WAW", "%tmp", "5 (@kn)", "4 (@k)", k)]
    np.testing.assert_array_equal(r.outputs[1], zeros(16, 16) + 2)  # kn increments %o twice
    assert r.edges == edges("alloc0>t0 explicit", "alloc0>t1 explicit", "alloc1>t2 explicit",
                            "alloc1>t3 explicit")


def test_retain_edges_ping_pong() -> None:
    # two buffers swapped through carries: every task retains both allocations (the program
    # orders nothing else; its reads and writes of the two buffers are the user's business)
    r = execute(PRINTER_TESTS / "retain.mlir", {"k": INC, "kn": KN, "k8": INC}, [rand(16, 16)],
                function="ping_pong", pipeline=LOWERING, faults=True)
    assert r.edges == {(f"alloc{j}", f"t{i}", "explicit") for i in range(4) for j in range(2)}
    # ... so the report has every race of the four unordered copies (tasks 2..5; 0, 1 are the
    # allocations), each reading one buffer and writing the other
    at = "tests/filecheck/targets/pto2_cpp/retain.mlir:74:7"
    k = [f"{i} (@k)" for i in range(6)]
    assert relative_faults(r) == [
        race_line(at, "WAR", "%ping", k[3], k[2], at), race_line(at, "RAW", "%pong", k[3], k[2], at),
        race_line(at, "WAW", "%pong", k[4], k[2], at), race_line(at, "RAW", "%ping", k[4], k[3], at),
        race_line(at, "WAR", "%pong", k[4], k[3], at), race_line(at, "WAR", "%ping", k[5], k[2], at),
        race_line(at, "RAW", "%pong", k[5], k[2], at), race_line(at, "WAW", "%ping", k[5], k[3], at),
        race_line(at, "WAR", "%ping", k[5], k[4], at), race_line(at, "RAW", "%pong", k[5], k[4], at)]




def test_runtime_allocated_outputs_nothing_reads_run() -> None:
    # runtime_outputs_unused.mlir: both tasks' outputs are allocated by the runtime and never
    # read, so the C++ drops the submit's value; both tasks run, only reading %a (no edges)
    a = rand(16, 16)
    r = execute(PRINTER_TESTS / "runtime_outputs_unused.mlir", {"produce": INC}, [a])
    np.testing.assert_array_equal(r.outputs[0], a)
    assert [(t["name"], t["scope"]) for t in r.tasks] == [
        ("@produce", "auto"), ("@produce", "manual")]
    assert r.edges == edges()
