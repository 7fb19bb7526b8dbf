"""Which instance of a buffer made in a loop a task uses: this iteration's, an earlier
iteration's (through the loop's carry), or, after the loop, the last iteration's.

A buffer created in a loop body (a `pto_tensor.create`, a runtime-allocated output) is a new
buffer in every iteration, but the storage-root analysis gives all of them one root. When a
task after the loop uses the loop's result, and each iteration yields the buffer it created,
the task uses the last iteration's buffer only: a task in the loop that used only an earlier
iteration's buffer (it read the carry) never touches it, and one that used this iteration's
touches it in the last iteration only, whose TaskId the loop can carry. The same yield also
means that the loop's init buffer is the result only when the loop ran no iteration, when no
task of the loop ran. order-untracked-hazards asks `relation` before it orders two tasks on
such a root (docs/passes/order-untracked-hazards.md, "Loops that make a new buffer every
iteration").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from enum import Enum
from typing import Any, TypeVar, cast

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.loop_steps import constant_trip_count
from pypto_dialects.symbols import SymbolTableCollection

A = TypeVar("A", bound=Any)


class Instance(Enum):
    """How a task after a loop and a task in it use a root (`relation`)."""

    DISJOINT = "disjoint"
    """Never the same buffer: no order is needed on this root."""
    LAST = "last"
    """The same buffer in the loop's last iteration only: the TaskId the loop carries out of
    its last iteration stands for every instance that matters."""


def _innermost_loop(op: Operation) -> scf.ForOp | None:
    cur = op.parent_op()
    while cur is not None and not isinstance(cur, scf.ForOp):
        cur = cur.parent_op()
    return cur


def _back(value: SSAValue, symbols: SymbolTableCollection | None) -> SSAValue | None:
    """The one value `value` is a view, tied result or scope result of, None when it is a
    root or may be one of several (an `scf.if` result, a loop's carry)."""
    if isinstance(value, BlockArgument) or isinstance(value.owner, scf.ForOp):
        return None
    back = storage.edges(value, symbols)
    return back[0][1] if len(back) == 1 else None


def made_here(value: SSAValue, loop: scf.ForOp, symbols: SymbolTableCollection | None) -> bool:
    """Whether `value`, in `loop`'s body, is surely a buffer the current iteration made:
    back through views and tied results to a root created in the body (not in an inner loop,
    not through a carry or an `scf.if`)."""
    v: SSAValue | None = value
    while v is not None:
        back = _back(v, symbols)
        if back is None:
            return (
                isinstance(v, OpResult)
                and not isinstance(v.op, scf.ForOp)
                and not storage.edges(v, symbols)
                and _innermost_loop(v.op) is loop
            )
        v = back
    return False


def _from_carry(value: SSAValue, loop: scf.ForOp, symbols: SymbolTableCollection | None) -> bool:
    """Whether `value`, in `loop`'s body, is surely reached through one of `loop`'s carries
    (an iter_arg): a buffer of an earlier iteration, or the init."""
    v: SSAValue | None = value
    while v is not None:
        if isinstance(v, BlockArgument):
            return v.block.parent_op() is loop and v.index > 0
        v = _back(v, symbols)
    return False


def _last_made(value: SSAValue, loop: scf.ForOp, symbols: SymbolTableCollection | None) -> bool:
    """Whether `value`, after `loop`, is surely a result of `loop` whose yielded value is the
    buffer the iteration made (`made_here`): the last iteration's buffer."""
    v: SSAValue | None = value
    while v is not None:
        if isinstance(v, OpResult) and v.op is loop:
            return made_here(yield_values(loop)[v.index], loop, symbols)
        v = _back(v, symbols)
    return False


def relation(
    later: Iterable[SSAValue],
    earlier: Iterable[SSAValue],
    creates: bool,
    root: SSAValue,
    loop: scf.ForOp,
    symbols: SymbolTableCollection | None,
) -> Instance | None:
    """How a task after `loop` whose arguments on `root` are `later` and a task directly in
    `loop`'s body (in no inner loop) whose arguments on `root` are `earlier` (`creates`: it
    also allocates an output on `root`) use `root`: DISJOINT, LAST, or None when neither is
    sure. Every value of `later` must be the last iteration's buffer (`_last_made`); then
    - a root made outside the loop (the init) is that result only after no iteration:
      DISJOINT;
    - a root made in the body: DISJOINT when the task in the loop reaches it only through a
      carry (an earlier iteration's buffer), LAST when only as this iteration's.
    Both are about one execution of `loop`: in a loop around it and the later task, the task
    in `loop` also ran in earlier executions, on buffers that may be the later task's now
    (an init, after an execution with no iteration); the caller must rule those out."""
    later = list(later)
    if not later or not all(_last_made(v, loop, symbols) for v in later):
        return None
    if not (isinstance(root, OpResult) and loop.is_ancestor(root.op)):
        return Instance.DISJOINT
    if _innermost_loop(root.op) is not loop:
        return None
    earlier = list(earlier)
    if not creates and earlier and all(_from_carry(v, loop, symbols) for v in earlier):
        return Instance.DISJOINT
    if all(made_here(v, loop, symbols) for v in earlier):
        return Instance.LAST
    return None


def last_instance(
    values: Iterable[SSAValue], p: Operation, root: SSAValue, roots: storage.RootSets
) -> bool:
    """Whether each of `values` on `root` (the arguments of a task) is surely the output of
    `p`'s last instance (or that of the previous iteration, through an iter_arg): back through
    views, scope results and tied results (`_back`), from a loop result or iter_arg to the
    value the body yields, or to the init when only the init may be on `root` (the loop ran
    no iteration yet), and never through an `scf.if` or a carry passed on as it is."""
    for v in values:
        if root not in roots.of(v).roots:
            continue
        seen: set[SSAValue] = set()
        while not (isinstance(v, OpResult) and v.op is p):
            if v in seen:
                return False
            seen.add(v)
            loop: Operation | None = None
            if isinstance(v, BlockArgument):
                loop, k = v.block.parent_op(), v.index - 1
            elif isinstance(v.owner, scf.ForOp):
                loop, k = v.owner, cast(OpResult, v).index
            if loop is None:
                back = _back(v, roots.symbols)
                if back is None:
                    return False
                v = back
                continue
            if not isinstance(loop, scf.ForOp) or k < 0:
                return False
            v = yield_values(loop)[k]
            if root not in roots.of(v).roots:
                v = loop.iter_args[k]
    return True




def carried(x: A, root: SSAValue, loop: scf.ForOp, roots: storage.RootSets) -> A | None:
    """`x`, a task's access (untracked_hazards.Access) of `root`, a buffer created in `loop`'s
    body, restricted to the arguments that may be an earlier iteration's instance of it: those
    that may reach it through one of `loop`'s carries (an iter_arg that may be `root`). None
    when there is none: the task uses this iteration's new buffer only, which no task of an
    earlier iteration touched. The restricted access reads / writes / is looked up as those
    arguments are, and is not taken to look up all of the buffer. A `no_dep` argument is left
    out: `x` need not wait for an earlier writer of it (x is the later task)."""
    effects = [
        e for e in x.task.argument_effects(roots.symbols)
        if e.tracked and root in roots.of(e.value).roots
        and through_carry(e.value, root, loop, roots)
    ]
    if not effects:
        return None
    values = {e.value for e in effects}
    return replace(x, read=any(e.reads for e in effects), write=any(e.writes for e in effects),
                   lookup=all(e.looked_up for e in effects), lookup_all=False,
                   parts=tuple(p for p in x.parts if p.value in values))


def _carries(
    value: SSAValue, root: SSAValue, loop: scf.ForOp, roots: storage.RootSets
) -> Iterator[BlockArgument]:
    """The carries (iter_args) of `loop` that may be `root`, a buffer created in the body,
    through which `value`, in the body, may reach it: each an earlier iteration's instance."""
    body = loop.body.block
    for b in storage.reachable(value, roots.symbols):
        if isinstance(b, BlockArgument) and b.block is body and b.index > 0 and (
            root in roots.of(b).roots
        ):
            yield b


def through_carry(
    value: SSAValue, root: SSAValue, loop: scf.ForOp, roots: storage.RootSets
) -> bool:
    """Whether `value`, in `loop`'s body, may reach `root` (a buffer created in the body)
    through one of `loop`'s carries (`_carries`): an earlier iteration's instance of it."""
    return next(_carries(value, root, loop, roots), None) is not None


def older_carry(task: Operation, root: SSAValue, loop: scf.ForOp, roots: storage.RootSets) -> bool:
    """Whether an argument of `task` may reach `root`, a buffer `loop`'s body creates,
    through a carry of `loop` that may hold an instance older than the previous iteration's:
    on some path the body yields that carry something other than this iteration's instance
    (the carry passed on unchanged, an `scf.if` that keeps it). Then the previous
    iteration's TaskId does not stand for the task that wrote the buffer the argument is."""
    body = loop.body.block
    ys = yield_values(loop)
    return any(
        b.index - 1 >= len(ys) or not _this_instance(ys[b.index - 1], root, body, roots.symbols)
        for v in task.operands
        if root in roots.of(v).roots
        for b in _carries(v, root, loop, roots)
    )


def _this_instance(
    value: SSAValue, root: SSAValue, body: Block, symbols: SymbolTableCollection
) -> bool:
    """Whether `value`, yielded by `body`, is on every path this iteration's instance of
    `root` (or part of it): its storage edges end at `root` without passing a carry of the
    loop `body` belongs to (an inner loop's carry is followed to its init and yield)."""
    seen: set[SSAValue] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if v is root or v in seen:
            continue
        seen.add(v)
        if isinstance(v, BlockArgument) and v.block is body:
            return False
        if isinstance(v, OpResult) and isinstance(v.op, scf.ForOp) and (
            (trips := constant_trip_count(v.op)) is not None and trips > 0
        ):
            # an inner loop that surely runs: its result is what its body yields last
            ys = yield_values(v.op)
            if v.index >= len(ys):
                return False
            stack.append(ys[v.index])
            continue
        out = storage.edges(v, symbols)
        if not out:
            return False  # another buffer
        stack.extend(t for _, t in out)
    return True
