"""Whether the instances of one task in a loop nest are ordered among themselves, so that the
TaskId of the last one carried out of the loops stands for them all (order-untracked-hazards,
docs/passes/order-untracked-hazards.md): by the runtime's TaskId array of a parallel loop
(`every_iteration_carried`) or by the user's own deps chaining each iteration to the previous
one (`user_chained`).
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.loop_steps import constant_trip_count
from pypto_dialects.orch import PARALLEL, CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp

Task = CallOp | SubmitOp


def every_iteration_carried(task: Task, exits: list[scf.ForOp]) -> bool:
    """Whether the TaskId carried out of `exits` (the loops around `task` that the consumer
    is not in, innermost first) stands for every instance of `task`: one loop, a
    `pto_orch.parallel` one with a constant positive trip count (classify-iter-arg-carry makes
    its TaskId carry an array of one slot per iteration), and `task` runs in each of its
    iterations (nothing but runtime scopes between the loop body and the task)."""
    if len(exits) != 1:
        return False
    (lp,) = exits
    if PARALLEL not in lp.attributes or not constant_trip_count(lp):
        return False
    return _runs_once_per_iteration(task, lp)


def user_chained(task: Task, loops: list[scf.ForOp]) -> bool:
    """Whether the user's deps order each instance of `task` in `loops` (the loops around it,
    innermost first) after the instance before it, so that the last instance's TaskId
    implies them all. Each loop runs `task` once per iteration (nothing but runtime scopes
    between its body and `task` or the next loop in), one of `task`'s `deps` is a carry of
    the innermost loop whose yield is `task`'s own TaskId, and each loop out carries that
    carry in turn: the loop inside starts from this loop's carry, and this loop yields that
    loop's result (a yield may forward a value through scope results). Anything else (a
    task under an `scf.if`, a chain that skips an iteration or restarts from another
    TaskId) is not a proven chain: False."""
    if not loops or not isinstance(task, SubmitOp):
        return False
    inner: Operation = task
    produced: SSAValue = task.task_id  # what the loop in hand must yield (its carry's value)
    wanted: tuple[SSAValue, ...] = tuple(task.deps)  # what its carry must be one of
    for lp in loops:
        if not _runs_once_per_iteration(inner, lp):
            return False
        body = lp.body.block
        yielded = body.last_op
        assert yielded is not None
        carry = next(
            (v for v in wanted if isinstance(v, BlockArgument) and v.owner is body
             and v.index > 0 and _forwards(yielded.operands[v.index - 1], produced)),
            None,
        )
        if carry is None:
            return False
        assert isinstance(carry, BlockArgument)
        k = carry.index - 1
        inner, produced, wanted = lp, lp.results[k], (lp.iter_args[k],)
    return True


def _runs_once_per_iteration(op: Operation, loop: scf.ForOp) -> bool:
    """Whether `op` runs once in every iteration of `loop`: only runtime scopes between."""
    parent = op.parent_op()
    while parent is not loop:
        if not isinstance(parent, ScopeOp):
            return False
        parent = parent.parent_op()
    return True


def _forwards(value: SSAValue, target: SSAValue) -> bool:
    """Whether `value` is `target`, directly or through the results of runtime scopes."""
    while value is not target:
        if not (isinstance(value, OpResult) and isinstance(value.op, ScopeOp)):
            return False
        terminator = value.op.body.block.last_op
        assert terminator is not None
        value = terminator.operands[value.index]
    return True
