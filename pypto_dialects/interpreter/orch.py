"""Interpreter implementations of `pto_orch`: kernel tasks, TaskId arrays, integer arrays.

A task runs its kernel's Python implementation at once (the interpreter's order is the
program order) and is recorded in the task graph with the runtime's edges. TaskIds are
task numbers (`int`), the invalid TaskId is `None`, and a TaskId array (or the array a
`pto_orch.parallel` TaskId carry becomes) is a tuple of them; an integer array is a tuple
of its elements (interpreter integers).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import TensorType, i1
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.interpreters.builtin import scalar_attr
from xdsl.ir import SSAValue

from pypto_dialects.attrs import ArgDirection
from pypto_dialects.interpreter.context import python_scalar, run_context, run_error, where
from pypto_dialects.interpreter.graph import TaskArg, TensorValue
from pypto_dialects.orch import (
    CallOp,
    KernelOp,
    SubmitOp,
    TaskArrayCreateOp,
    TaskArrayGetOp,
    TaskArraySetOp,
)
from pypto_dialects.orch_arrays import IntArrayCreateOp, IntArrayGetOp, IntArraySetOp, IntArrayType


def task_ids(values: Iterable[Any]) -> list[int]:
    """The valid TaskIds of deps entries (a TaskId, `None`, or an array of them)."""
    out: list[int] = []
    for v in values:
        if isinstance(v, tuple):
            out.extend(t for t in v if t is not None)
        elif v is not None:
            out.append(v)
    return out


def _run_task(
    interpreter: Interpreter, op: CallOp | SubmitOp, args: PythonValues, explicit: list[int]
) -> tuple[tuple[Any, ...], int]:
    ctx = run_context(interpreter)
    kernel: KernelOp = op.kernel(ctx.symbols)
    name = kernel.sym_name.data
    params = kernel.directions()
    dirs = op.argument_directions(ctx.symbols)  # without directions: the kernel's
    effects = {e.index: e for e in op.argument_effects(ctx.symbols)}
    values = args[: len(op.args)]
    task_args: list[TaskArg] = []
    scalars: list[Any] = []
    call_values: list[Any] = []
    for i, (value, d, _) in enumerate(zip(values, dirs, params)):
        if d == ArgDirection.SCALAR:
            number = python_scalar(value)
            if op.args[i].type == i1:  # MLIR's true is -1 (signed i1); the task's slot holds 1
                number = bool(number)
            scalars.append(number)
            call_values.append(number)
            continue
        if not isinstance(value, TensorValue):
            raise run_error(op, f"argument {i} is not a tensor at run time")
        want = kernel.param_types[i]
        if isinstance(want, TensorType) and any(
            w >= 0 and w != n for w, n in zip(want.get_shape(), value.shape)
        ):
            raise run_error(
                op,
                f"argument {i} is {value.describe()} of shape {'x'.join(map(str, value.shape))} "
                f"at run time, but kernel parameter {i} of @{name} is {want}",
            )
        effect = effects[i]
        task_args.append(TaskArg(len(task_args), i, d.value, value, effect.reads, effect.writes))
        call_values.append(value.array(writeable=effect.writes))
    rt = ctx.runtime
    for i in range(len(values), len(params)):  # outputs the runtime allocates for the task
        t = kernel.param_types[i]
        assert isinstance(t, TensorType)
        shape = tuple(t.get_shape())
        from pypto_dialects.interpreter.tensor import numpy_dtype

        data = np.zeros(int(np.prod(shape, dtype=np.int64)), numpy_dtype(t, op))
        hint = next((r.name_hint for r, p in zip(op.res, kernel.result_param_indices())
                     if p == i and r.name_hint), None)
        buf = rt.new_task_output(f"%{hint}" if hint else f"@{name} output {i}", shape, data,
                                 where(op))
        value = TensorValue.whole(buf)
        values = (*values, value)
        task_args.append(TaskArg(len(task_args), i, "runtime_out", value, False, True))
        call_values.append(value.array(writeable=True))
    if rt.in_manual_scope():
        # The runtime retains nothing in a manual scope by itself. A bare `pto_tensor.create`
        # of input IR has no TaskId to list: add-retain-edges will list its allocation in the
        # compiler deps of every manual task that uses it (docs/passes/add-retain-edges.md),
        # so the interpreter adds that edge for such buffers. A buffer of an `alloc_tensors`
        # batch has its TaskId in the IR: only the deps the IR lists count, as in the C++.
        explicit = explicit + [
            a.tensor.buffer.creator
            for a in task_args
            if a.tensor.buffer.creator is not None and not a.tensor.buffer.batched
            and a.direction != "runtime_out"
        ]
    fn = ctx.kernels.get(name)
    if fn is None:
        raise run_error(
            op,
            f"kernel @{name} has no Python implementation: pass one under the name '{name}' "
            "in the kernels mapping",
        )
    result_params = kernel.result_param_indices()
    try:
        returned = fn(*call_values)
    except Exception as err:  # the user's kernel failed: say where
        raise run_error(op, f"kernel @{name} raised {type(err).__name__}: {err}") from err
    if returned is not None:
        outs = returned if isinstance(returned, tuple | list) else (returned,)
        if len(outs) != len(result_params):
            raise run_error(
                op,
                f"the implementation of @{name} returned {len(outs)} value(s) but the kernel "
                f"has {len(result_params)} result(s)",
            )
        for p, out in zip(result_params, outs):
            target = call_values[p]
            if out is not target:
                try:
                    np.copyto(target, np.asarray(out, dtype=target.dtype), casting="unsafe")
                except (ValueError, TypeError) as err:
                    raise run_error(
                        op,
                        f"the implementation of @{name} returned a value that does not fit "
                        f"parameter {p} (shape {target.shape}): {err}",
                    ) from err
    task = rt.submit(
        "kernel", f"@{name}", op.name, where(op), task_args, scalars, explicit
    )
    results = tuple(values[p] for p in result_params)
    return results, task.id


def _deps(interpreter: Interpreter, values: Iterable[SSAValue]) -> list[int]:
    return task_ids(interpreter.get_values(values))


@register_impls
class OrchFunctions(InterpreterFunctions):
    """`pto_orch.call`, `pto_orch.submit`, `pto_orch.task_array_*`, `pto_orch.int_array_*`
    (an integer array is a tuple of its elements: a set gives a new tuple)."""

    @impl(CallOp)
    def run_call(self, interpreter: Interpreter, op: CallOp, args: PythonValues) -> PythonValues:
        results, _ = _run_task(interpreter, op, args, _deps(interpreter, op.compiler_deps))
        return results

    @impl(SubmitOp)
    def run_submit(
        self, interpreter: Interpreter, op: SubmitOp, args: PythonValues
    ) -> PythonValues:
        explicit = _deps(interpreter, op.deps) + _deps(interpreter, op.compiler_deps)
        results, tid = _run_task(interpreter, op, args, explicit)
        return (*results, tid)

    @impl(TaskArrayCreateOp)
    def run_array_create(
        self, interpreter: Interpreter, op: TaskArrayCreateOp, args: PythonValues
    ) -> PythonValues:
        return ((None,) * op.result.type.size.data,)

    @impl(TaskArrayGetOp)
    def run_array_get(
        self, interpreter: Interpreter, op: TaskArrayGetOp, args: PythonValues
    ) -> PythonValues:
        array, index = args
        return (array[_slot(op, array, index)],)

    @impl(TaskArraySetOp)
    def run_array_set(
        self, interpreter: Interpreter, op: TaskArraySetOp, args: PythonValues
    ) -> PythonValues:
        value, array, index = args
        i = _slot(op, array, index)
        return (array[:i] + (value,) + array[i + 1 :],)


    @impl(IntArrayCreateOp)
    def run_int_array_create(
        self, interpreter: Interpreter, op: IntArrayCreateOp, args: PythonValues
    ) -> PythonValues:
        t = op.result.type
        assert isinstance(t, IntArrayType)
        zero = scalar_attr(0, t.element_type, interpreter.index_bitwidth)
        return (tuple(args) or (zero,) * t.size.data,)

    @impl(IntArrayGetOp)
    def run_int_array_get(
        self, interpreter: Interpreter, op: IntArrayGetOp, args: PythonValues
    ) -> PythonValues:
        array, index = args
        return (array[_slot(op, array, index)],)

    @impl(IntArraySetOp)
    def run_int_array_set(
        self, interpreter: Interpreter, op: IntArraySetOp, args: PythonValues
    ) -> PythonValues:
        value, array, index = args
        i = _slot(op, array, index)
        return (array[:i] + (value,) + array[i + 1 :],)


_Indexed = TaskArrayGetOp | TaskArraySetOp | IntArrayGetOp | IntArraySetOp


def _slot(op: _Indexed, array: tuple[Any, ...], index: Any) -> int:
    i = python_scalar(index)
    if not 0 <= i < len(array):
        what = "element" if isinstance(op, IntArrayGetOp | IntArraySetOp) else "slot"
        raise run_error(op, f"{what} {i} is out of range ({what}s 0..{len(array) - 1})")
    return i
