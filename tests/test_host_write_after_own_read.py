"""A host write after a task that reads and writes the same buffer (issue 25, item 9):
`call @twice(%t, %t)` with kernel `(in, out)`. derive-call-directions makes the out slot
`inout`, so the runtime records the task as the buffer's writer (docs/runtime-api.md 3.2), and
set_tensor_data waits for that live writer (3.8), after which its read is done too.
verify-orchestration rejected the write as one after an unrecorded reader; it now accepts a
reader whose own recorded write holds what it reads. Program: tests/execution/
host_write_after_own_read.mlir. The rejected forms stay rejected:
tests/filecheck/transforms/verify_orchestration/host_access_possible_writes.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr

from pypto_dialects.attrs import ArgDirection, ArgDirectionAttr
from pypto_dialects.interpreter import run_function
from pypto_dialects.orch import CallOp
from support.execution import INC, PROGRAMS, Kernel, _lowered, edges, execute, rand, zeros

PROGRAM = PROGRAMS / "host_write_after_own_read.mlir"
KERNELS = {"twice": Kernel(lambda x, o: x * np.float32(2)), "inc": INC}  # (in x, out o)


def _waits(r) -> list[list[int]]:  # type: ignore[no-untyped-def]
    """The tasks each host access waits for (ids in submit order, allocations counted)."""
    return [sorted(h.waits) for h in r.result.graph.host_accesses]


@pytest.mark.parametrize("analyze", [False, True])
def test_host_write_after_a_task_reading_and_writing_a_parameter(analyze: bool) -> None:
    t = rand(16)
    r = execute(PROGRAM, KERNELS, [t, zeros(16)], function="param", analyze=analyze)
    doubled = t * 2
    doubled[0] = 1
    np.testing.assert_array_equal(r.outputs[0], doubled)
    np.testing.assert_array_equal(r.outputs[1], doubled + 1)
    assert r.edges == edges("t0>t1 tensormap")
    assert _waits(r) == [[0]]  # set_tensor_data waits for @twice


@pytest.mark.parametrize("analyze", [False, True])
def test_host_write_after_a_task_reading_and_writing_a_created_buffer(analyze: bool) -> None:
    a = rand(16)
    r = execute(PROGRAM, KERNELS, [a, zeros(16)], function="created", analyze=analyze)
    expected = (a + 1) * 2
    expected[0] = 1
    np.testing.assert_array_equal(r.outputs[1], expected + 1)
    assert r.edges == edges("alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator",
                            "t0>t1 tensormap", "t1>t2 tensormap")
    assert _waits(r) == [[0, 1, 2]]  # the allocation, @inc (its writer before) and @twice


@pytest.mark.parametrize("analyze", [False, True])
def test_host_write_after_a_task_reading_and_writing_in_a_loop(analyze: bool) -> None:
    t = rand(16)
    r = execute(PROGRAM, KERNELS, [t], function="in_loop", analyze=analyze)
    expected = t * 8
    expected[0] = 1
    np.testing.assert_array_equal(r.outputs[0], expected)
    assert r.edges == edges("t0>t1 tensormap", "t1>t2 tensormap")
    assert _waits(r) == [[0], [1], [2]]


def test_without_the_recorded_write_the_host_write_races() -> None:
    # the control: @twice's write slot made no_dep (not recorded), run in the interpreter
    # directly (the printer's verify-orchestration refuses this form): set_tensor_data then
    # waits for nothing, and the write may land before @twice has read t[0] (and @inc, whose
    # read looks up no recorded writer, is not ordered after @twice either)
    module = _lowered(PROGRAM, True, False, None)
    (param,) = [op for op in module.ops if isinstance(op, func.FuncOp)
                and op.sym_name.data == "param"]
    (call,) = [op for op in param.walk() if isinstance(op, CallOp)
               and op.callee.root_reference.data == "twice"]
    dirs = list(call.arg_dirs.data)
    assert [d.data for d in dirs] == [ArgDirection.IN, ArgDirection.INOUT]
    dirs[1] = ArgDirectionAttr(ArgDirection.NO_DEP)
    call.properties["arg_dirs"] = ArrayAttr(dirs)
    result = run_function(module, "param", {"t": rand(16), "w": zeros(16)}, KERNELS)
    assert [sorted(h.waits) for h in result.graph.host_accesses] == [[]]
    assert [f.diagnostic().replace(f"{PROGRAMS}/", "") for f in result.faults()] == [
        "host_write_after_own_read.mlir:15:3: error: 'pto_orch.call' op RAW race on %t: task 1 "
        "(@inc) reads %t, written by task 0 (@twice) at host_write_after_own_read.mlir:13:3 "
        "(%t), and no dependency edge orders the two tasks",
        "host_write_after_own_read.mlir:14:3: error: 'pto_tensor.write' op WAR race on %t: the "
        "host writes %t[0:1], read by task 0 (@twice) at host_write_after_own_read.mlir:13:3 "
        "(%t), and the runtime does not wait for that task before the access (it waits for the "
        "buffer's creator and recorded writers, and for a write their consumers)"]
