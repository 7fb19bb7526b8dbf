"""TaskIds in C++: which values stand for a TaskId array, and which outlive their scope.

A `!pto_orch.task_id` value stands for N TaskIds (an array in C++) when the carry plan says
so (`array_slots`): a loop result with `pto_orch.iter_arg_array_size` N, the iter_arg of a
sequential loop with size N, the iter_arg of a `pto_orch.parallel` loop whose init is such a
value (the iter_arg is its init), and scope results yielding one.

A TaskId (or TaskId array) is a C++ variable of the block that declares it, so after a
`pto_rt.scope` it is usable only when it was declared outside that scope. A scope result
that is a `!pto_orch.task_id` yielded from inside the scope is a variable declared before
the scope (docs/targets/pto2-cpp.md, "Lifetimes of TaskIds"); so is the result of a loop or
if directly in a manual scope that the scope yields (it is hoisted before the header). Any
other TaskId array, or a loop's array carry, yielded from inside the scope dies with it.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.carry_plan import plan_size
from pypto_dialects.orch import PARALLEL, TaskIdArrayType, TaskIdType
from pypto_dialects.rt import ScopeOp


def _defining_op(value: SSAValue) -> Operation | None:
    if isinstance(value, OpResult):
        return value.op
    assert isinstance(value, BlockArgument), value
    return value.block.parent_op()


def _inside(scope: Operation, value: SSAValue) -> bool:
    owner = _defining_op(value)
    return owner is not None and owner is not scope and scope.is_ancestor(owner)


def array_slots(value: SSAValue) -> int | None:
    """N when the TaskId-like `value` is an array of N TaskIds in C++, else None. (Exact
    type tests: no class derives from the TaskId types nor from BlockArgument, and an
    `isinstance` against those ABCs is slow when false, the common case here.)"""
    while True:
        t = value.type
        if type(t) is TaskIdArrayType:
            return t.size.data
        if type(t) is not TaskIdType:
            return None
        if type(value) is BlockArgument:
            loop = value.block.parent_op()
            if not isinstance(loop, scf.ForOp) or value.index == 0:
                return None
            size = plan_size(loop, value.index - 1)
            if not size:
                return None
            if PARALLEL not in loop.attributes:
                return size
            value = loop.iter_args[value.index - 1]  # the iter_arg is its init
            continue
        assert isinstance(value, OpResult), value
        owner = value.op
        if isinstance(owner, scf.ForOp):
            return plan_size(owner, value.index) or None
        if isinstance(owner, ScopeOp):
            yielded = yield_values(owner)
            if value.index >= len(yielded):
                return None
            value = yielded[value.index]
            continue
        return None


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
            return plan_size(owner, value.index) > 0
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
