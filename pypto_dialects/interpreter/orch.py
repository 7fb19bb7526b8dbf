"""Interpreter implementations of `pto_orch`: kernel tasks, TaskId arrays, integer arrays.

A task runs its kernel's Python implementation at once (the interpreter's order is the
program order), once per block when it has a launch spec (the kernel gets `block_idx`), and
is recorded in the task graph with the runtime's edges; the arguments it marks for a dump are
kept in the run context's `dumps`. TaskIds are task numbers (`int`), the invalid TaskId is
`None`, and a TaskId array (or the array a `pto_orch.parallel` TaskId carry becomes) is a
tuple of them; an integer array is a tuple of its elements (interpreter integers). Kernel
calling convention: docs/interpreter.md#kernels.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import TensorType, i1
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.interpreters.builtin import scalar_attr
from xdsl.ir import SSAValue

from pypto_dialects.attrs import ArgDirection
from pypto_dialects.interpreter.context import python_scalar, run_context, run_error, where
from pypto_dialects.interpreter.graph import TaskArg, TensorValue
from pypto_dialects.interpreter.tensor import NUMPY_DTYPES, numpy_dtype
from pypto_dialects.limits import MAX_BLOCK_NUM
from pypto_dialects.orch import (
    CallOp,
    KernelOp,
    SubmitOp,
    TaskArrayCreateOp,
    TaskArrayGetOp,
    TaskArraySetOp,
)
from pypto_dialects.orch_arrays import IntArrayCreateOp, IntArrayGetOp, IntArraySetOp, IntArrayType
from pypto_dialects.task_options import dump_positions


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
    interpreter: Interpreter,
    op: CallOp | SubmitOp,
    args: PythonValues,
    explicit: list[int],
    wait_only: set[int],
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
        # So does a buffer the runtime allocated for a task's output: its creator is that
        # kernel task, whose TaskId only the deps the IR lists name (no pass adds it).
        tasks = rt.graph.tasks
        explicit = explicit + [
            a.tensor.buffer.creator
            for a in task_args
            if a.tensor.buffer.creator is not None and not a.tensor.buffer.batched
            and a.direction != "runtime_out" and tasks[a.tensor.buffer.creator].kind == "alloc"
        ]
    fn = ctx.kernels.get(name)
    if fn is None:
        raise run_error(
            op,
            f"kernel @{name} has no Python implementation: pass one under the name '{name}' "
            "in the kernels mapping",
        )
    result_params = kernel.result_param_indices()
    blocks = _block_count(op, args)
    keywords = accepted_keywords(fn, ("block_idx", "block_num"))
    if blocks > 1 and "block_idx" not in keywords:
        raise run_error(
            op,
            f"launches @{name} on {blocks} blocks, but its implementation takes no keyword "
            "argument block_idx: give it one (def k(..., block_idx=0)) to tell the blocks apart",
        )
    for b in range(blocks):
        extra = {k: v for k, v in (("block_idx", b), ("block_num", blocks)) if k in keywords}
        _call_kernel(op, name, fn, call_values, result_params, extra)
    task = rt.submit(
        "kernel", f"@{name}", op.name, where(op), task_args, scalars, explicit, wait_only
    )
    _record_dumps(ctx.dumps, op, kernel, name, task.id, values, call_values)
    results = tuple(values[p] for p in result_params)
    return results, task.id


def accepted_keywords(fn: Callable[..., Any], names: Iterable[str]) -> set[str]:
    """Which of `names` `fn` takes as keyword arguments (all of them with `**kwargs`; none
    when its signature cannot be read)."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return set()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return set(names)
    return {
        n for n in names
        if n in params and params[n].kind is not inspect.Parameter.POSITIONAL_ONLY
    }


def _block_count(op: CallOp | SubmitOp, args: PythonValues) -> int:
    """The task's block count: its launch spec's (a constant, or the value operand, the
    last one), 1 without one; a located error outside the runtime's 1..32767."""
    if op.block_num is not None:
        return op.block_num.value.data  # verified in range
    if op.dynamic_block_num is None:
        return 1
    n = python_scalar(args[-1])
    if not 1 <= n <= MAX_BLOCK_NUM:
        raise run_error(
            op,
            f"launches {n} blocks: the runtime's block count is an int16_t of at least 1 "
            f"(1 to {MAX_BLOCK_NUM})",
        )
    return n


def _call_kernel(
    op: CallOp | SubmitOp,
    name: str,
    fn: Callable[..., Any],
    call_values: list[Any],
    result_params: list[int],
    keywords: dict[str, int],
) -> None:
    """Run the implementation once (one block) and copy what it returns into the arrays of
    the parameters the kernel's results are."""
    try:
        returned = fn(*call_values, **keywords)
    except Exception as err:  # the user's kernel failed: say where
        raise run_error(op, f"kernel @{name} raised {type(err).__name__}: {err}") from err
    if returned is None:
        return
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


def _record_dumps(
    dumps: dict[str, np.ndarray],
    op: CallOp | SubmitOp,
    kernel: KernelOp,
    name: str,
    task: int,
    values: tuple[Any, ...],
    call_values: list[Any],
) -> None:
    """Keep a copy of each argument the task marks for a dump, as the task left it, in the
    run context's `dumps` under `t<task>_<kernel>_arg<position>` (a 0-d array for a
    scalar, of the scalar's type)."""
    for p in dump_positions(op):
        value = values[p]
        if isinstance(value, TensorValue):
            data = value.array(writeable=False).copy()
        else:
            t = kernel.param_types[p]
            data = np.asarray(call_values[p], dtype=NUMPY_DTYPES.get(str(t), None))
        dumps[f"t{task}_{name}_arg{p}"] = data


def _deps(interpreter: Interpreter, values: Iterable[SSAValue]) -> list[int]:
    return task_ids(interpreter.get_values(values))


def wait_only_ids(interpreter: Interpreter, values: Iterable[SSAValue]) -> set[int]:
    """The TaskIds of the deps entries the C++ lists as `DEP_WAIT` (the run's
    `wait_only_edges` option, RunContext.wait_only); empty without it."""
    decide = run_context(interpreter).wait_only
    if decide is None:
        return set()
    chosen = [v for v in values if decide.wait_only(v)]
    return set(task_ids(interpreter.get_values(chosen)))


@register_impls
class OrchFunctions(InterpreterFunctions):
    """`pto_orch.call`, `pto_orch.submit`, `pto_orch.task_array_*`, `pto_orch.int_array_*`
    (an integer array is a tuple of its elements: a set gives a new tuple)."""

    @impl(CallOp)
    def run_call(self, interpreter: Interpreter, op: CallOp, args: PythonValues) -> PythonValues:
        results, _ = _run_task(interpreter, op, args, _deps(interpreter, op.compiler_deps),
                               wait_only_ids(interpreter, op.compiler_deps))
        return results

    @impl(SubmitOp)
    def run_submit(
        self, interpreter: Interpreter, op: SubmitOp, args: PythonValues
    ) -> PythonValues:
        explicit = _deps(interpreter, op.deps) + _deps(interpreter, op.compiler_deps)
        waits = wait_only_ids(interpreter, [*op.deps, *op.compiler_deps])
        results, tid = _run_task(interpreter, op, args, explicit, waits)
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
