"""TaskIds, dependency arrays and manual scopes: the hook of the target's second part.

Spec: seeds/000, "Manual Scope 与 TaskId 降级", "TaskId 的来源", "无法解析的依赖边",
"pl.parallel TaskId iter_arg 的 array carry", "Phase-fence dummy barrier"; DESIGN.md
section 5 (differences 5 and 6).

Part 1 of the pto2-cpp target prints everything outside `pto_rt.scope manual` and without
TaskIds; every construct of part 2 reaches the printer through exactly one method of
`TaskIdLowering`, and part 1's implementation of each rejects it with a located
"not supported yet" error. Part 2 replaces the bodies of these methods (or subclasses the
class and sets `FunctionPrinter.taskids`); the rest of the printer already calls them at the
right points:

    manual_scope(op)           pto_rt.scope manual [compiler_owned]: the whole block
                               (PTO2_SCOPE(PTO2ScopeMode::MANUAL), alloc hoisting, output
                               remapping across the scope)
    task_deps(op, params, n)   after a task's add_* lines, before its submit line: the
                               `<params>_deps[K]` stack array and `set_dependencies` (user
                               `deps`, `compiler_deps`, alloc TaskIds in manual scopes)
    submit_capture(op, n)      text before `rt_submit_*(...)`, e.g.
                               "TaskOutputTensors task_<n>_outs = " when the TaskId is used
    after_submit(op, n)        after the submit line: bind the submit's TaskId result
    after_alloc(alloc, ops)    after each `alloc_tensors` batch (`alloc_<N>_tid` capture)
    lower_op(op)               pto_system.task_invalid / task_dummy / task_is_valid,
                               pto_orch.task_array_create / get / set
    carry(loop, i, init)       a loop-carried TaskId or TaskId-array iter_arg (or any
                               iter_arg with a nonzero `pto_orch.iter_arg_array_size`):
                               its binding and declaration lines
    carry_yield(...)           its assignments at the loop's yield
    if_result(op, i)           an scf.if result of TaskId type
    scope_result(op, i)        a pto_rt.scope result of TaskId type
    check_read(op)             pto_tensor.read of a tensor written in a manual scope
                               (DESIGN.md difference 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from pypto_dialects.orch import (
    SubmitOp,
    TaskArrayCreateOp,
    TaskArrayGetOp,
    TaskArraySetOp,
    is_task_id_like,
)
from pypto_dialects.rt import ScopeOp
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp, TaskIsValidOp
from pypto_dialects.targets.pto2_cpp.errors import not_supported_yet
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter


class TaskIdLowering:
    """Part 1: no TaskIds, no manual scopes (each method documents what part 2 prints)."""

    def __init__(self, printer: FunctionPrinter) -> None:
        self.p = printer

    def manual_scope(self, op: ScopeOp) -> None:
        """Print a `pto_rt.scope manual` op (and bind its results)."""
        raise not_supported_yet(op, "a manual scope")

    def task_deps(self, op: Operation, params: str, task_no: int) -> None:
        """Print the dependency array of a task (`op` is a call or submit)."""
        if isinstance(op, SubmitOp):
            raise not_supported_yet(op, "a task that yields a TaskId")
        if getattr(op, "compiler_deps", None):
            raise not_supported_yet(op, "a task with compiler_deps (compiler-derived TaskId edges)")

    def submit_capture(self, op: Operation, task_no: int) -> str:
        """Text before the submit call (a `TaskOutputTensors` capture), "" for none."""
        return ""

    def after_submit(self, op: Operation, task_no: int) -> None:
        """Bind TaskId results after the submit line."""

    def after_alloc(self, alloc: str, creates: Sequence[Operation]) -> None:
        """Called after each `alloc_tensors` batch."""

    def lower_op(self, op: Operation) -> None:
        """Print one TaskId op (task_invalid, task_dummy, task_is_valid, task arrays)."""
        raise not_supported_yet(op, "a TaskId op")

    def carry(self, loop: Operation, index: int, init: Expr) -> tuple[Binding | Expr, list[str]]:
        """The C++ form of a TaskId / TaskId-array / array-planned iter_arg of `loop`, and
        the declaration lines to print before the loop (with the other carries)."""
        raise not_supported_yet(
            loop, f"iter_arg #{index}, a loop-carried TaskId or TaskId-array carry,"
        )

    def carry_yield(
        self, loop: Operation, index: int, carry: Binding | Expr, value: SSAValue, term: Operation
    ) -> list[tuple[Binding, Expr]]:
        """The assignments of such a carry at the loop's yield (slot copies for arrays)."""
        raise not_supported_yet(loop, f"iter_arg #{index}, a loop-carried TaskId,")

    def if_result(self, op: Operation, index: int) -> Binding:
        """Declare a TaskId result of an scf.if."""
        raise not_supported_yet(op, f"result #{index}, a TaskId,")

    def scope_result(self, op: ScopeOp, index: int, value: SSAValue) -> None:
        """A TaskId yielded out of an auto scope."""
        raise not_supported_yet(op, f"result #{index}, a TaskId,")

    def check_read(self, op: Operation) -> None:
        """Reject a scalar read of a tensor written inside a manual scope (part 2)."""


def is_task_id_value(value: SSAValue) -> bool:
    """True for a `!pto_orch.task_id` or `!pto_orch.task_id_array<N>` value."""
    return is_task_id_like(value.type)


def _lower(p: FunctionPrinter, op: Operation) -> None:
    p.taskids.lower_op(op)


def _submit(p: FunctionPrinter, op: Operation) -> None:
    from pypto_dialects.targets.pto2_cpp.tasks import emit_task

    emit_task(p, op)  # type: ignore[arg-type]


HANDLERS = {
    SubmitOp: _submit,
    TaskInvalidOp: _lower,
    TaskDummyOp: _lower,
    TaskIsValidOp: _lower,
    TaskArrayCreateOp: _lower,
    TaskArrayGetOp: _lower,
    TaskArraySetOp: _lower,
}
