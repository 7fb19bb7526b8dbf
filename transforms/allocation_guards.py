"""Guarded allocations for batch-tensor-allocations: a buffer that leaves a scope and is
created in an `scf.if` branch inside it keeps its branch's condition when it moves before the
scope (docs/passes/batch-tensor-allocations.md, rule 1).

Moving such a create out of the `scf.if` alone would allocate it on every run, with extents
computed where the branch's own condition no longer holds: an extent `%m - %k` guarded by
`%k < %m` becomes a huge unsigned size when the branch does not run, and the runtime stops
with heap exhaustion. So a create with a dynamic extent is allocated under the same
conditions, rebuilt as nested `scf.if`s before the scope:

    %t = scf.if %lt -> (tensor<?xf32>) {       // the branch's condition
      %len = arith.subi %m, %k : index          // the extent, computed under it
      %t_1, %alloc = pto_tensor.alloc_tensors { ... pto_tensor.create(%len) ... }
      scf.yield %t_1 : tensor<?xf32>
    } else {
      %c1 = arith.constant 1 : index            // never used as the buffer: the branch
      %0, %alloc_1 = pto_tensor.alloc_tensors { ... pto_tensor.create(%c1) ... }
      scf.yield %0 : tensor<?xf32>              // that uses it does not run
    }

A create whose extents are all static is allocated unconditionally, as before: its size is
right on every run, and it costs only memory.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, LocationAttr, TensorType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from pypto_dialects.attrs import TaskIdType
from pypto_dialects.parsing import copy_name
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.tensor import AllocTensorsOp, CreateOp

Guard = tuple[scf.IfOp, int]
"""An `scf.if` and the index of the branch (0: then, 1: else) a create is in."""


def unit_creates(unit: CreateOp | AllocTensorsOp) -> list[CreateOp]:
    """The creates of `unit`: itself, or a hand-written batch's, in order."""
    return unit.creates() if isinstance(unit, AllocTensorsOp) else [unit]


def guard_path(unit: CreateOp | AllocTensorsOp, before: Operation) -> list[Guard]:
    """The `scf.if` branches between `unit` and `before` (an ancestor of `unit`), outermost
    first, when one of `unit`'s creates has a dynamic extent; [] when none does (a static
    size is right on every run) or no `scf.if` is in between."""
    if not any(c.dynamic_sizes for c in unit_creates(unit)):
        return []
    path: list[Guard] = []
    child: Operation = unit
    cur = unit.parent_op()
    while cur is not None and cur is not before:
        if isinstance(cur, scf.IfOp):
            region = child.parent_region()
            path.append((cur, 0 if region is cur.true_region else 1))
        child = cur
        cur = cur.parent_op()
    path.reverse()
    return path


def by_depth(ops: Sequence[Operation], path: Sequence[Guard]) -> list[list[Operation]]:
    """`ops` (in order) split by how many `scf.if`s of `path` hold each: [0] the ops that
    run whether or not the guards hold, [d] those in the branch at depth d."""
    out: list[list[Operation]] = [[] for _ in range(len(path) + 1)]
    for op in ops:
        n = 0
        for if_op, _ in path:
            if not if_op.is_ancestor(op):
                break
            n += 1
        out[n].append(op)
    return out


def plan_guards(
    unit: CreateOp | AllocTensorsOp,
    before: Operation,
    size_ops: Callable[[Sequence[SSAValue]], list[Operation] | tuple[SSAValue, SSAValue]],
) -> tuple[list[Guard], list[list[Operation]] | tuple[SSAValue, SSAValue]]:
    """The guards `unit` is allocated under before `before` (`guard_path`) and the pure ops
    to move or clone with it, by depth (`by_depth`: [0] moves before `before`); or the guards
    and (the extent or condition, the value only known inside `before` it depends on).
    `size_ops(conds)`: the pure ops computing `unit`'s extents and `conds`, operands first, or
    that pair. A condition only known inside leaves `unit` unguarded when every extent is
    computed outside the branches (on every run, as the program is written)."""
    path = guard_path(unit, before)
    conds = [g.cond for g, _ in path]
    ops = size_ops(conds)
    if isinstance(ops, tuple) and ops[0] in conds:
        plain = size_ops(())
        if not isinstance(plain, tuple) and not any(by_depth(plain, path)[1:]):
            return [], [plain]
    if isinstance(ops, tuple):
        return path, ops
    return path, by_depth(ops, path)


def _dummy(create: CreateOp) -> tuple[list[Operation], CreateOp]:
    """A create of `create`'s type whose dynamic extents are 1 (with the constant it reads),
    for the branch that does not use the buffer (so no `init` fill and no `manual_dep`)."""
    ops: list[Operation] = []
    sizes: list[SSAValue] = []
    if create.dynamic_sizes:
        one = arith.ConstantOp.from_int_and_width(1, IndexType())
        ops.append(one)
        sizes = [one.result] * len(create.dynamic_sizes)
    dummy = CreateOp(create.result.type, sizes)
    dummy.location = create.location
    for o in ops:
        o.location = create.location
    return ops, dummy


def allocate_guarded(
    rewriter: PatternRewriter,
    unit: CreateOp | AllocTensorsOp,
    path: Sequence[Guard],
    by_level: Sequence[Sequence[Operation]],
    where: InsertPoint,
) -> None:
    """Allocate `unit` at `where` under the conditions of `path` (`guard_path`, not empty):
    one `scf.if` per guard, nested, the branch the create was in holding clones of the pure
    ops `by_level` (`by_depth`) puts at that depth, then the next `scf.if`,
    or, innermost, `unit` in a batch; the other branch a batch of 1-extent creates of the
    same types. The uses of `unit`'s buffers (but the batch's own) go to the outer `scf.if`'s
    results, which take their names; so do those of a hand-written batch's TaskId, which the
    other branches yield as `pto_system.task_invalid`. The cloned ops stay where they are (the
    caller erases those left without uses); the ops at depth 0 must be before `where`
    already."""
    creates = unit_creates(unit)
    types: list[Attribute] = [c.result.type for c in creates]
    assert all(isinstance(t, TensorType) for t in types)
    skip: set[Operation] = set()  # the uses of the old values that stay
    unit.detach()
    if isinstance(unit, CreateOp):
        batch = AllocTensorsOp([unit])
        olds: list[SSAValue] = [unit.result]
        skip.update(batch.body.block.ops)  # its yield
    else:
        batch = unit
        olds = list(unit.tensors)
    with_tid = batch.task_id.first_use is not None  # a hand-written batch's TaskId in use
    if with_tid:
        olds.append(batch.task_id)
        types.append(TaskIdType())
    mapper: dict[SSAValue, SSAValue] = {}

    blocks = [Block() for _ in range(len(path) + 1)]  # [d]: the branch at depth d
    for d in range(1, len(path) + 1):  # shallow first: deeper ops read their clones
        for op in by_level[d]:
            copy = op.clone(mapper)
            mapper.update(zip(op.results, copy.results))
            blocks[d].add_op(copy)

    def dummies(at: LocationAttr) -> Block:
        block = Block()
        made: list[CreateOp] = []
        for c in creates:
            ops, d = _dummy(c)
            for o in ops:
                block.add_op(o)
            made.append(d)
        filler = AllocTensorsOp(made)
        block.add_op(filler)
        values: list[SSAValue] = list(filler.tensors)
        if with_tid:  # no allocation to wait for
            none = TaskInvalidOp()
            none.location = at
            block.add_op(none)
            values.append(none.result)
        end = scf.YieldOp(*values)
        end.location = at
        block.add_op(end)
        return block

    for c in creates:  # its extents may be cloned ops
        for i, v in enumerate(c.dynamic_sizes):
            if v in mapper:
                c.operands[i] = mapper[v]
    blocks[-1].add_op(batch)
    yielded: Sequence[SSAValue] = [*batch.tensors, *([batch.task_id] if with_tid else [])]
    new_if: scf.IfOp | None = None
    for d in range(len(path), 0, -1):
        if new_if is not None:
            blocks[d].add_op(new_if)
        if_op, branch = path[d - 1]  # (its ops are located at it)
        term = scf.YieldOp(*yielded)
        term.location = if_op.location
        blocks[d].add_op(term)
        if d == len(path):
            skip.add(term)
        cond = mapper.get(if_op.cond, if_op.cond)
        used, other = Region(blocks[d]), Region(dummies(if_op.location))
        regions = (used, other) if branch == 0 else (other, used)
        new_if = scf.IfOp(cond, types, *regions)
        new_if.location = if_op.location
        yielded = list(new_if.results)
    outer = new_if
    assert outer is not None
    rewriter.insert(outer, where)
    for old, new in zip(olds, outer.results):
        rewriter.replace_uses_with_if(old, new, lambda use: use.operation not in skip)
        copy_name(old, new)
