"""Where a TaskId leaves a runtime scope: which scope results outlive their scope.

A TaskId (or TaskId array) is a C++ variable of the block that declares it, so after a
`pto_rt.scope` it is usable only when it was declared outside that scope. A scope result
that is a `!pto_orch.task_id` yielded from inside the scope is a variable declared before
the scope (docs/targets/pto2-cpp.md, "Lifetimes of TaskIds"); so is the result of a loop or
if directly in a manual scope that the scope yields (it is hoisted before the header). Any
other TaskId array, or a loop's array carry, yielded from inside the scope dies with it.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import DenseArrayBase
from xdsl.ir import Operation, OpResult, SSAValue

from pypto_dialects.orch import ITER_ARG_ARRAY_SIZE, TaskIdType
from pypto_dialects.rt import ScopeOp
from pypto_dialects.analysis.storage_roots import yield_values


def _defining_op(value: SSAValue) -> Operation | None:
    if isinstance(value, OpResult):
        return value.op
    return value.block.parent_op()  # type: ignore[attr-defined]


def _inside(scope: Operation, value: SSAValue) -> bool:
    owner = _defining_op(value)
    return owner is not None and owner is not scope and scope.is_ancestor(owner)


def array_carry_result(value: SSAValue) -> bool:
    """Whether `value` is (through scope results) a loop result that the carry plan makes a
    TaskId array (`pto_orch.iter_arg_array_size` > 0)."""
    while isinstance(value, OpResult):
        owner = value.op
        if isinstance(owner, ScopeOp):
            yielded = yield_values(owner)
            if value.index >= len(yielded):
                return False
            value = yielded[value.index]
        elif isinstance(owner, scf.ForOp):
            sizes = owner.attributes.get(ITER_ARG_ARRAY_SIZE)
            if not isinstance(sizes, DenseArrayBase) or value.index >= len(sizes):
                return False
            return sizes.get_values()[value.index] > 0
        else:
            return False
    return False


def closing_scope(value: SSAValue) -> tuple[ScopeOp, SSAValue] | None:
    """For a TaskId-like `value` used after the scopes it comes out of: the scope whose end
    ends its C++ variable and the value yielded there, or None when it is usable."""
    while isinstance(value, OpResult) and isinstance(value.op, ScopeOp):
        scope = value.op
        yielded = yield_values(scope)
        if value.index >= len(yielded):
            return None
        inner = yielded[value.index]
        if not _inside(scope, inner):
            value = inner  # defined before the scope: the yielded TaskId itself
            continue
        if isinstance(value.type, TaskIdType) and not array_carry_result(inner):
            return None  # a variable declared before the scope
        owner = _defining_op(inner)
        if (
            scope.is_manual
            and isinstance(owner, scf.ForOp | scf.IfOp)
            and owner.parent_op() is scope
        ):
            return None  # hoisted before the manual header
        return scope, inner
    return None
