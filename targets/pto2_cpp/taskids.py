"""`TaskIdLowering`: the TaskId / manual-scope state of one function (`FunctionPrinter.taskids`),
`pto_orch.submit`'s TaskId and the TaskId ops; deps, manual and task_arrays do the rest.

Rules: docs/targets/pto2-cpp.md#manual-scopes-and-taskids.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from xdsl.ir import Operation

from pypto_dialects.cpp_plan import always_submitted, captures_task_id
from pypto_dialects.orch import (
    CallOp,
    SubmitOp,
    TaskArrayCreateOp,
    TaskArrayGetOp,
    TaskArraySetOp,
)
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp, TaskIsValidOp
from pypto_dialects.targets.pto2_cpp import manual, task_arrays
from pypto_dialects.targets.pto2_cpp.deps import (
    INVALID,
    TaskIdConst,
    TaskIdVar,
    emit_deps,
    resolve_edges,
)
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter


class TaskIdLowering:
    """The TaskId / manual-scope state of one function's printer.

    `manual`: the open manual scopes (innermost last); `hoisted`: the carry / if-result
    variables declared before a manual header (manual.hoist_declarations)."""

    def __init__(self, printer: FunctionPrinter) -> None:
        self.p = printer
        self.manual: list[manual.ManualCtx] = []
        # variables declared before a manual header: (loop / if, index) -> variable
        self.hoisted: dict[tuple[Operation, int], Binding] = {}
        self.hoisted_vars: set[Binding] = set()
        self.declared_with_init: set[Binding] = set()
        self._outs: dict[Operation, str] = {}
        self._slot_var: str | None = None
        self._fanout_var: str | None = None
        self._hints: set[str] | None = None

    # ------------------------------------------------------------------ names

    def _loop_name(self, base: str) -> str:
        """A loop-variable name no SSA value of the function is named after (so the
        program's own names keep theirs), taken once per function."""
        if self._hints is None:
            hints: set[str] = set()
            sanitize = self.p.names.sanitized
            for op in chain((self.p.func,), self.p.reads.ops):  # func.walk(), listed once
                for v in op.results:
                    if h := hint_of(v):
                        hints.add(sanitize(h))
                for region in op.regions:
                    for block in region.blocks:
                        hints.update(sanitize(h) for a in block.args if (h := hint_of(a)))
            self._hints = hints
        name, n = base, 0
        while name in self._hints:
            n += 1
            name = f"{base}{n}"
        return self.p.names.fresh(name, base)

    def slot_var(self) -> str:
        """The loop variable of array fills and copies (`i`), one name per function: each
        such loop is a statement of its own, none nests in another."""
        if self._slot_var is None:
            self._slot_var = self._loop_name("i")
        return self._slot_var

    def fanout_var(self) -> str:
        """The loop variable of a deps array's all-slots fan-out (`k`)."""
        if self._fanout_var is None:
            self._fanout_var = self._loop_name("k")
        return self._fanout_var

    # ------------------------------------------------------------------ tasks

    def task_deps(self, op: CallOp | SubmitOp, params: str, task_no: int) -> None:
        """Print the dependency array of a task."""
        user = op.deps if isinstance(op, SubmitOp) else ()
        edges = resolve_edges(self.p, op, user, op.compiler_deps)
        emit_deps(self.p, params, edges, self.fanout_var)

    def submit_capture(self, op: Operation, task_no: int) -> str:
        """`TaskOutputTensors task_<n>_outs = ` when the plan captures the submit's TaskId
        (`pto_orch.captured`, plan-cpp-declarations)."""
        if not isinstance(op, SubmitOp) or not captures_task_id(op):
            return ""
        outs = self.p.names.numbered(f"task_{task_no}_outs")
        self._outs[op] = outs
        return f"TaskOutputTensors {outs} = "

    def after_submit(self, op: Operation, task_no: int) -> None:
        """`PTO2TaskId <name> = task_<n>_outs.task_id();` (a fresh TaskId: never guarded)."""
        outs = self._outs.pop(op, None)
        if outs is None:
            return
        assert isinstance(op, SubmitOp)
        p = self.p
        name = p.names.fresh(hint_of(op.task_id), "tid")
        var = TaskIdVar(name, p.block, guard=False, producer=op)
        p.bind(op.task_id, var)
        p.w.line(f"PTO2TaskId {var.name} = {outs}.task_id();")

    # ------------------------------------------------------------------ TaskId ops

    def lower_op(self, op: Operation) -> None:
        """Print one TaskId op (task_invalid, task_dummy, task_is_valid, task arrays)."""
        p = self.p
        if isinstance(op, TaskInvalidOp):
            p.bind(op.result, TaskIdConst())
        elif isinstance(op, TaskIsValidOp):
            t = p.lookup(op.task_id, op)  # one TaskId (verify-orchestration checks it)
            p.bind(op.result, Expr(f"{t.text}.is_valid()", False, t.deps))
        elif isinstance(op, TaskDummyOp):
            self._dummy(op)
        else:
            task_arrays.emit_array_op(self, op)

    def _dummy(self, op: TaskDummyOp) -> None:
        p = self.p
        w = p.w
        edges = resolve_edges(p, op, op.deps, ())
        n = p.next_task()
        params = p.names.numbered(f"params_t{n}")
        w.blank()
        w.line(f"// Task {n}: dummy barrier")
        w.line(f"{p.api.task_args} {params};")
        count = emit_deps(p, params, edges, self.fanout_var)
        used = captures_task_id(op)
        outs = p.names.numbered(f"task_{n}_outs") if used else ""
        submit = f"rt_submit_dummy_task({params});"
        capture = f"TaskOutputTensors {outs} = {submit}"
        # a statically empty deps list, or one the plan says holds a TaskId never invalid
        # (`pto_orch.always_submitted`): submitted without the count test, always valid
        always = count is None or always_submitted(op)
        if not used:
            if always:
                w.line(submit)
            else:
                w.open(f"if ({count} > 0)")
                w.line(submit)
                w.close()
            w.blank()
            return
        name = p.names.fresh(hint_of(op.result), "barrier")
        if always:
            var = TaskIdVar(name, p.block, guard=False, producer=op)
            w.line(capture)
            w.line(f"PTO2TaskId {name} = {outs}.task_id();")
        else:
            var = TaskIdVar(name, p.block, guard=True, producer=op)
            w.line(f"PTO2TaskId {name} = {INVALID};")
            w.open(f"if ({count} > 0)")
            w.line(capture)
            w.line(f"{name} = {outs}.task_id();")
            w.close()
        p.bind(op.result, var)
        w.blank()


def _lower(p: FunctionPrinter, op: Operation) -> None:
    p.taskids.lower_op(op)


def _submit(p: FunctionPrinter, op: Operation) -> None:
    from pypto_dialects.targets.pto2_cpp.tasks import emit_task

    assert isinstance(op, SubmitOp)  # (HANDLERS)
    emit_task(p, op)


HANDLERS = {
    SubmitOp: _submit,
    TaskInvalidOp: _lower,
    TaskDummyOp: _lower,
    TaskIsValidOp: _lower,
    TaskArrayCreateOp: _lower,
    TaskArrayGetOp: _lower,
    TaskArraySetOp: _lower,
}
