"""The `pto_system` dialect: runtime-system ops on TaskIds.

Spec: PyPTO's orchestration codegen document, "TaskId 的来源" (TaskId sources) and
"Phase-fence dummy barrier"; docs/dialects/.

Ops
    `pto_system.task_invalid`   the invalid TaskId sentinel (`PTO2TaskId::invalid()`), the
                                spec's `None` seed
    `pto_system.task_dummy`     a barrier task with deps (`rt_submit_dummy_task`)
    `pto_system.task_is_valid`  `tid.is_valid()`
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import i1
from xdsl.ir import Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import Pure

from pypto_dialects.attrs import TASK_ID, TaskIdType, verify_deps


@irdl_op_definition
class TaskInvalidOp(IRDLOperation):
    """`pto_system.task_invalid`: the invalid TaskId (spec: a `None` seed).

    Syntax: `%none = pto_system.task_invalid`
    C++: `PTO2TaskId::invalid()`. A dependency on it is always guarded by `is_valid()`.
    """

    name = "pto_system.task_invalid"
    result = result_def(TaskIdType)
    traits = traits_def(Pure())  # a constant: no task, no buffer
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[TASK_ID])

    @staticmethod
    def insert_before(op: Operation) -> SSAValue:
        """Insert a `pto_system.task_invalid` (named `%none`) before `op`; its result (the
        seed of a TaskId carry, or the value of a branch that submits nothing)."""
        inv = TaskInvalidOp()
        inv.result.name_hint = "none"
        Rewriter.insert_op(inv, InsertPoint.before(op))
        return inv.result


@irdl_op_definition
class TaskDummyOp(IRDLOperation):
    """`pto_system.task_dummy`: a barrier task that depends on `deps` and does nothing; its
    TaskId stands for all of them (spec: phase-fence dummy barrier).

    Syntax:
      `%b = pto_system.task_dummy deps(%t0, %arr : !pto_orch.task_id, !pto_orch.task_id_array<4>)`
      `%b = pto_system.task_dummy deps()`
    C++: with deps, a deps array and `if (<deps_count> > 0) { ... rt_submit_dummy_task(...) }`;
    with a statically empty list it is submitted unconditionally.
    Verifier: deps are TaskIds or TaskId arrays.
    """

    name = "pto_system.task_dummy"
    deps = var_operand_def()  # checked by verify_deps (a clearer message)
    result = result_def(TaskIdType)
    assembly_format = "`deps` `(` ($deps^ `:` type($deps))? `)` attr-dict"

    def __init__(self, deps: Sequence[SSAValue] = ()):
        super().__init__(operands=[deps], result_types=[TASK_ID])

    def verify_(self) -> None:
        verify_deps(self.deps, "deps")


@irdl_op_definition
class TaskIsValidOp(IRDLOperation):
    """`pto_system.task_is_valid`: whether a TaskId is valid.

    Syntax: `%ok = pto_system.task_is_valid %t`
    C++: `t.is_valid()`.
    """

    name = "pto_system.task_is_valid"
    task_id = operand_def(TaskIdType)
    result = result_def(i1)
    traits = traits_def(Pure())  # compares the id's bits: no task, no buffer
    assembly_format = "$task_id attr-dict"

    def __init__(self, task_id: SSAValue):
        super().__init__(operands=[task_id], result_types=[i1])


PTO_SYSTEM = Dialect("pto_system", [TaskInvalidOp, TaskDummyOp, TaskIsValidOp], [])
