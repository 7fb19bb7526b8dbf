"""Which submits a TaskId value may name (`TaskIdSources`), and which tasks a task's deps already
order it after (`ordered_before`): the questions order-untracked-hazards asks of the TaskIds in
the IR (docs/passes/order-untracked-hazards.md).
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import scf
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.diagnostics import location_of, pass_error
from pypto_dialects.orch import PARALLEL, SubmitOp, TaskIdArrayType
from pypto_dialects.symbols import SymbolTableCollection


class TaskIdSources(storage.Resolver[frozenset[Operation]]):
    """The submits whose TaskId a TaskId value may be (`of(value)`): back through the storage
    edges of TaskId values, which are scope and if results and loop carries (the memo engine:
    a carry cycle adds nothing, and every answer it keeps is exact); a TaskId no submit
    defines (an allocation batch's, the invalid one, a barrier's, an array slot) has none."""

    def __init__(self) -> None:
        super().__init__(SymbolTableCollection())  # no kernel is looked up for a TaskId

    def leaf(self, value: SSAValue) -> frozenset[Operation]:
        op = value.owner
        if isinstance(op, SubmitOp) and value is op.task_id:
            return frozenset({op})
        return frozenset()

    def join(
        self, value: SSAValue, parts: list[tuple[storage.Link, frozenset[Operation]]]
    ) -> frozenset[Operation]:
        return frozenset().union(*(p for _, p in parts))

    def cut(self) -> frozenset[Operation]:
        return frozenset()


class SameIterationSources(TaskIdSources):
    """As `TaskIdSources`, but an iter_arg of a loop of `loops` is its init only, not the
    value the body yields back: a TaskId that reaches a task through that back edge of a
    loop around both it and another task names the other task's instance in an earlier
    iteration of the loop, never the one of the same iteration (the init is from before
    the loop, which no instance inside it is)."""

    def __init__(self, loops: frozenset[Operation]) -> None:
        super().__init__()
        self.loops = loops

    def links(self, value: SSAValue) -> tuple[list[storage.Edge], bool]:
        if (
            isinstance(value, BlockArgument)
            and value.index > 0
            and value.block.parent_op() in self.loops
        ):
            return storage.iter_arg_edges(value)[:1], False
        return super().links(value)


def parallel_carry(value: SSAValue) -> bool:
    """Whether `value` is a result or iter_arg of a `pto_orch.parallel` loop."""
    if isinstance(value, OpResult):
        loop: Operation | None = value.op
    elif isinstance(value, BlockArgument) and value.index > 0:
        loop = value.block.parent_op()
    else:
        return False
    return isinstance(loop, scf.ForOp) and PARALLEL in loop.attributes


class HeldSources(TaskIdSources):
    """The submits a TaskId value is, at run time, the own TaskId of: as `TaskIdSources`,
    but nothing through a `pto_orch.parallel` loop's carry. classify-iter-arg-carry makes
    that carry an array of one slot per iteration, and wherever the array reaches a place
    that holds one TaskId (a loop carry, an if result) it puts a barrier
    (`pto_system.task_dummy`) waiting for every slot: a task listing the barrier is ordered
    after the submits, but holds none of them, so none of their runtime-allocated outputs
    (order-untracked-hazards' retain edges)."""

    def links(self, value: SSAValue) -> tuple[list[storage.Edge], bool]:
        if parallel_carry(value):
            return [], False
        return super().links(value)

    def holds(self, value: SSAValue, task: Operation, sources: TaskIdSources) -> bool:
        """Whether a task listing `value` may hold `task` (`sources`: `TaskIdSources`): a
        parallel loop's TaskId carry listed as it is stays an array of every iteration's."""
        return task in (sources if parallel_carry(value) else self).of(value)


def check_held(x: Operation, p: Operation, loops_out: list[scf.ForOp]) -> None:
    """Raise a located error when the compiler cannot give `x` an edge that holds `p`'s
    runtime-allocated output: `p`'s TaskId, carried out of `loops_out` (the loops around `p`
    that `x` is not in, innermost first), would leave a `pto_orch.parallel` loop through
    another loop's carry, where its array becomes one barrier (`HeldSources`) that holds
    none of the buffers. A task that lists a TaskId array is taken at its word."""
    loop = next((lp for lp in loops_out[:-1] if PARALLEL in lp.attributes), None)
    if loop is None or any(isinstance(d.type, TaskIdArrayType) for d in x.operands):
        return
    raise pass_error(
        x,
        f"uses a buffer the runtime allocated for an output of '{p.name}' "
        f"@{cast(SubmitOp, p).callee.root_reference.data} at {location_of(p)}, which only an "
        "edge on that task's TaskId keeps alive in a manual "
        f"scope, and that TaskId would leave the pto_orch.parallel loop at {location_of(loop)}"
        " through another loop's carry, where one barrier stands for all its iterations and "
        "holds none of their buffers: collect that task's TaskIds in a TaskId array "
        "(pto_orch.task_array_create before the loops, pto_orch.task_array_set in them) and "
        "list the array in this task's deps",
    )


REACH = 64
"""How many tasks the search for an existing path of deps visits per consumer (a bound that
keeps the pass linear; a path it does not find costs one redundant edge)."""


def ordered_before(x: Operation, sources: TaskIdSources) -> set[Operation]:
    """The tasks `x`'s deps and compiler deps already order it after, following the deps of
    those tasks in turn (up to REACH tasks). A TaskId carried through a loop counts as the task
    that yields it (the previous iteration's instance)."""
    seen: set[Operation] = set()
    todo: list[Operation] = [x]
    while todo and len(seen) < REACH:
        t = todo.pop()
        for v in [*getattr(t, "deps", ()), *getattr(t, "compiler_deps", ())]:
            for src in sources.of(v):
                if src not in seen:
                    seen.add(src)
                    todo.append(src)
    return seen

