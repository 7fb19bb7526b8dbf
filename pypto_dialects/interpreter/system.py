"""Interpreter implementations of `pto_system`: the invalid TaskId, dummy barrier tasks,
validity tests."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

from pypto_dialects.interpreter.context import run_context, run_error, where
from pypto_dialects.interpreter.orch import task_ids, wait_only_ids
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp, TaskIsValidOp


@register_impls
class SystemFunctions(InterpreterFunctions):
    """`pto_system.*`: `task_invalid` is `None`; `task_dummy` submits a barrier task whose
    only edges are its explicit deps (valid entries, arrays by slot). A barrier with deps
    operands of which none is valid at run time is not submitted and its TaskId is invalid,
    as in the C++ (`if (<p>_deps_count > 0)`); `deps()` with no operand always submits. With
    the run's `wait_only_edges` option its edges on TaskIds of tasks that create no buffer
    only wait."""

    @impl(TaskInvalidOp)
    def run_invalid(
        self, interpreter: Interpreter, op: TaskInvalidOp, args: PythonValues
    ) -> PythonValues:
        return (None,)

    @impl(TaskDummyOp)
    def run_dummy(
        self, interpreter: Interpreter, op: TaskDummyOp, args: PythonValues
    ) -> PythonValues:
        rt = run_context(interpreter).runtime
        deps = task_ids(args)
        if args and not deps:
            return (None,)
        task = rt.submit("dummy", "task_dummy", op.name, where(op), [], [], deps,
                         wait_only_ids(interpreter, op.deps))
        return (task.id,)

    @impl(TaskIsValidOp)
    def run_is_valid(
        self, interpreter: Interpreter, op: TaskIsValidOp, args: PythonValues
    ) -> PythonValues:
        (tid,) = args
        if isinstance(tid, tuple):
            raise run_error(
                op, "the TaskId is a pto_orch.parallel array carry here (one per iteration)"
            )
        return (IntegerAttr.from_bool(tid is not None),)
