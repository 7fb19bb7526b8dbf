"""A task that reads a buffer through a `no_dep` argument, then a task that writes the buffer
(tests/execution/no_dep_readers.mlir). `no_dep` spares the reader from waiting for the earlier
writers (no RAW edge), but it still reads: the runtime never orders a write after a read (it
records writers only), so order-untracked-hazards must order the later writer after it (WAR),
in every scope kind and setting. It ignored `no_dep` arguments, so in the default setting the
writer could overwrite the buffer before the reader had read it (the interpreter reported a
WAR race); with `analyze-auto-scopes` auto-derive-task-dependencies ordered a pair of one
region only. A host write after the reader and a later AUTO writer then waits for the reader
through the writer, as after an `in` reader (verify-orchestration accepts it now). Found by a
breaker session."""

from __future__ import annotations

import re

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.orch import CallOp, SubmitOp
from support.execution import PROGRAMS, Kernel, edges, execute, rand

PROGRAM = PROGRAMS / "no_dep_readers.mlir"


def _rd(b: np.ndarray, o: np.ndarray) -> None:
    o += b


def _inc(b: np.ndarray) -> None:
    b += np.float32(1)


KERNELS = {"rd": Kernel(_rd), "inc": Kernel(_inc), "mk": Kernel(lambda a, o: a + np.float32(1))}
ONE = np.float32(1)


def _writers_without_compiler_deps(module: ModuleOp) -> None:
    for op in module.walk():
        if isinstance(op, CallOp | SubmitOp) and op.callee.root_reference.data == "inc":
            op.set_compiler_deps([])


def _war_races(faults: list[str]) -> set[tuple[int, int]]:
    """(reader, writer) task numbers of each WAR race the interpreter reported."""
    out = set()
    for f in faults:
        m = re.search(r"WAR race on %\w+: task (\d+) \(@inc\) writes %\w+, read by task (\d+)", f)
        if m:
            out.add((int(m.group(2)), int(m.group(1))))
    return out


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("function", ["auto_pair", "auto_then_manual"])
def test_auto_reader_then_writer(function: str, analyze: bool) -> None:
    """An AUTO `no_dep` reader, then a writer of the buffer (AUTO, or in a manual scope): the
    writer waits for the reader (the WAR edge the runtime does not add)."""
    b, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [b, o], function=function, analyze=analyze)
    np.testing.assert_array_equal(run.outputs[0], b + ONE)
    np.testing.assert_array_equal(run.outputs[1], o + b)
    assert run.edges == edges("t0>t1 explicit")


LOOP_EDGES = {
    # t(2i) @inc, t(2i+1) @rd: the user's t(2i) > t(2i+1); the next @inc waits for this
    # iteration's @rd (the compiler's loop-carried WAR edge) and @inc (the tensor map)
    False: lambda i, last: ["t{0}>t{1} explicit"] + ([] if last else [
        "t{0}>t{2} tensormap", "t{1}>t{2} explicit", "t{1}>t{3} tensormap"]),
    # the compiler-owned manual body: auto-derive's edges and this pass's carried ones; the
    # next @rd after this one is implied (t(2i+1) > t(2i+2) > t(2i+3)) and dropped
    True: lambda i, last: ["t{0}>t{1} explicit"] + ([] if last else [
        "t{0}>t{2} explicit", "t{1}>t{2} explicit"]),
}


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("n", [3, 1, 0])
def test_the_next_iterations_writer_waits_for_the_reader(n: int, analyze: bool) -> None:
    b, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [b, o, n], function="loop_carried", analyze=analyze)
    np.testing.assert_array_equal(run.outputs[0], b + np.float32(n))
    # iteration i's @rd reads b + i + 1
    np.testing.assert_array_equal(
        run.outputs[1], o + np.float32(n) * b + np.float32(n * (n + 1) // 2))
    expected: list[str] = []
    for i in range(n):
        expected += [e.format(2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3)
                     for e in LOOP_EDGES[analyze](i, i + 1 == n)]
    assert run.edges == edges(*expected)


@pytest.mark.parametrize("analyze", [False, True])
def test_manual_reader_then_auto_writer(analyze: bool) -> None:
    b, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [b, o], function="manual_then_auto", analyze=analyze)
    np.testing.assert_array_equal(run.outputs[0], b + np.float32(2))
    np.testing.assert_array_equal(run.outputs[1], o + b)
    # t0 > t1: the user's deps in the manual scope; t2 waits for t1, which waits for t0 (t1
    # writes all of %b: it replaces the reader)
    assert run.edges == edges("t0>t1 explicit", "t1>t2 explicit")


@pytest.mark.parametrize("analyze", [False, True])
def test_runtime_output_read_no_dep_in_a_manual_scope(analyze: bool) -> None:
    a, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [a, o], function="runtime_output", analyze=analyze)
    # t0 @mk, t1 @rd (manual, no_dep %y: the retain edge on t0), t2 @inc %y (after t1's
    # read), t3 @rd %y + 1 (after t1's write of %o)
    np.testing.assert_array_equal(run.outputs[1], o + (a + ONE) + (a + np.float32(2)))
    assert run.edges == edges("t0>t1 explicit", "t0>t2 creator", "t0>t3 creator",
                              "t1>t2 explicit", "t1>t3 explicit", "t2>t3 tensormap")


@pytest.mark.parametrize("analyze", [False, True])
def test_host_write_after_the_reader_and_a_writer(analyze: bool) -> None:
    # verify-orchestration accepts it as after an `in` reader: set_tensor_data waits for
    # @inc, the buffer's recorded producer, which waits for @rd
    b, o = rand(16), rand(16)
    run = execute(PROGRAM, KERNELS, [b, o], function="host_write", analyze=analyze)
    want = b + ONE
    want[0] = 0
    np.testing.assert_array_equal(run.outputs[0], want)
    np.testing.assert_array_equal(run.outputs[1], o + b)
    assert run.edges == edges("t0>t1 explicit")


CONTROL = {
    "auto_pair": {(0, 1)},
    "loop_carried": {(1, 2), (1, 4), (3, 4)},
    "manual_then_auto": {(0, 2)},
    "auto_then_manual": {(0, 1)},
    "host_write": {(0, 1)},
    "runtime_output": {(1, 2)},
}


@pytest.mark.parametrize("analyze", [False, True])
@pytest.mark.parametrize("function", sorted(CONTROL))
def test_without_the_edge_the_writer_races(function: str, analyze: bool) -> None:
    args: list = [rand(16), rand(16)] + ([3] if function == "loop_carried" else [])
    run = execute(PROGRAM, KERNELS, args, function=function, analyze=analyze,
                  edit=_writers_without_compiler_deps, faults=True)
    assert _war_races(run.faults) == CONTROL[function], run.faults
