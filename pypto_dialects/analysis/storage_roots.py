"""Storage roots: which buffer a tensor value is.

A tensor value names a buffer that is either a function parameter (an external buffer) or
the result of a `pto_tensor.create` (its storage root). One transfer function per op relates
each result (and each loop iter_arg) to the values it is stored in:

- SAME: the value is that very tensor: a task result is the Out/InOut argument its
  kernel's `returns` names; a `pto_tensor.write` / `assemble` result is its target; a
  `pto_rt.scope` result is the value its `pto_rt.yield` yields; a
  `pto_tensor.alloc_tensors` tensor result is the `pto_tensor.create` its body yields;
- RESHAPED: the whole of that buffer under another shape: `pto_tensor.reshape` / `transpose`;
- PART: the value is part of that buffer: `pto_tensor.slice` / `view`;
- ONE_OF: the value is one of several buffers, chosen at run time: an `scf.for` iter_arg is
  its init or the body's yielded value, an `scf.for` result its iter_arg, an `scf.if` result
  either branch's yielded value.

Anything else (parameters, creates, scalars) has no edge: it is its own root. Passes ask
`edges(value, symbols)` (`symbols`: the pass's memo of kernel lookups) and combine the edges under their own question (a must-alias root, a
may-alias class, the creates a value may be); the rules live here once. `RootSets` answers
the common question once per value, memoized: the roots a value may be, whether it is all of
them, and its constant window of its root (`Place`; `overlap` / `covers` compare two places of
one root). See docs/passes/derive-call-directions.md, docs/passes/classify-iter-arg-carry.md
and docs/passes/order-untracked-hazards.md.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from collections.abc import Callable
from enum import Enum
from typing import NamedTuple

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects import tensor as pt
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection


class Link(Enum):
    """How a value relates to the value an edge points to."""

    SAME = "same"
    RESHAPED = "reshaped"
    PART = "part"
    ONE_OF = "one_of"


Edge = tuple[Link, SSAValue]


def yield_values(region_owner: Operation, index: int = 0) -> tuple[SSAValue, ...]:
    """Operands of the terminator of `region_owner`'s region `index` (empty if none)."""
    region = region_owner.regions[index]
    if not region.blocks:
        return ()
    term = region.block.last_op
    if isinstance(term, scf.YieldOp | ScopeYieldOp | pt.AllocYieldOp):
        return tuple(term.operands)
    return ()


def returned_arg(
    task: CallOp | SubmitOp, index: int, symbols: SymbolTableCollection | None = None
) -> SSAValue | None:
    """The Out/InOut argument that task result `index` is (its kernel's `returns`), or None
    (a TaskId, or a kernel that does not resolve)."""
    if index >= len(task.res):
        return None
    try:
        idx = task.kernel(symbols).result_param_indices()
    except VerifyException:
        return None
    args = task.args
    if index < len(idx) and 0 <= idx[index] < len(args):
        return args[idx[index]]
    return None


def _task(op: CallOp | SubmitOp, index: int, symbols: SymbolTableCollection | None) -> list[Edge]:
    arg = returned_arg(op, index, symbols)
    return [] if arg is None else [(Link.SAME, arg)]


def _scope(op: ScopeOp | pt.AllocTensorsOp, index: int) -> list[Edge]:
    ys = yield_values(op)
    return [(Link.SAME, ys[index])] if index < len(ys) else []


def _for_result(op: scf.ForOp, index: int) -> list[Edge]:
    return [(Link.ONE_OF, op.body.block.args[index + 1])]


def _if_result(op: scf.IfOp, index: int) -> list[Edge]:
    out: list[Edge] = []
    for region in range(len(op.regions)):
        ys = yield_values(op, region)
        if index < len(ys):
            out.append((Link.ONE_OF, ys[index]))
    return out


_RESULT_RULES: dict[type[Operation], Callable[..., list[Edge]]] = {
    pt.WriteOp: lambda op, i: [(Link.SAME, op.tensor)],
    pt.AssembleOp: lambda op, i: [(Link.SAME, op.target)],
    pt.ReshapeOp: lambda op, i: [(Link.RESHAPED, op.source)],
    pt.TransposeOp: lambda op, i: [(Link.RESHAPED, op.source)],
    pt.SliceOp: lambda op, i: [(Link.PART, op.source)],
    pt.ViewOp: lambda op, i: [(Link.PART, op.source)],
    ScopeOp: _scope,
    pt.AllocTensorsOp: _scope,
    scf.ForOp: _for_result,
    scf.IfOp: _if_result,
}


def iter_arg_edges(value: BlockArgument) -> list[Edge]:
    """An `scf.for` iter_arg: its init, and the value the body yields for it."""
    loop = value.block.parent_op()
    if not isinstance(loop, scf.ForOp) or value.index == 0:
        return []
    k = value.index - 1
    ys = yield_values(loop)
    out: list[Edge] = [(Link.ONE_OF, loop.iter_args[k])]
    if k < len(ys):
        out.append((Link.ONE_OF, ys[k]))
    return out


def edges(value: SSAValue, symbols: SymbolTableCollection | None = None) -> list[Edge]:
    """The storage edges of `value` (empty: `value` is a root, or not a tensor). `symbols`:
    the caller's memo of symbol lookups, for the kernels of task results."""
    if isinstance(value, BlockArgument):
        return iter_arg_edges(value)
    assert isinstance(value, OpResult)
    op = value.op
    if isinstance(op, CallOp | SubmitOp):
        return _task(op, value.index, symbols)
    rule = _RESULT_RULES.get(type(op))
    return [] if rule is None else rule(op, value.index)


def is_root(value: SSAValue) -> bool:
    """A function parameter (external buffer) or a `pto_tensor.create` result."""
    if isinstance(value, BlockArgument):
        return not isinstance(value.block.parent_op(), scf.ForOp)
    return isinstance(value, OpResult) and isinstance(value.op, pt.CreateOp)


def defining_block(value: SSAValue) -> Block | None:
    """The block that defines `value`."""
    if isinstance(value, BlockArgument):
        return value.block
    assert isinstance(value, OpResult)
    return value.op.parent_block()


# --------------------------------------------------------------------------- root sets


Box = tuple[tuple[int, ...], tuple[int, ...]]
"""(offsets, extents) of a rectangular window, in the coordinates of its storage root (an
extent of -1: unknown)."""


class Place(NamedTuple):
    """Where a tensor value is stored: `roots`, the buffers it may be (parameters and
    `pto_tensor.create` results); `whole`, True when it is all of each; `box`, its window of
    its one root when known (constant offsets and static extents of `pto_tensor.slice` /
    same-rank `view` ops between it and its root, in the root's coordinates), else None."""

    roots: frozenset[SSAValue]
    whole: bool
    box: Box | None


def constant_index(value: SSAValue) -> int | None:
    """The value of an `arith.constant` integer / index, else None."""
    from xdsl.dialects.arith import ConstantOp
    from xdsl.dialects.builtin import IntegerAttr

    if isinstance(value, OpResult) and isinstance(value.op, ConstantOp):
        v = value.op.value
        if isinstance(v, IntegerAttr):
            return v.value.data
    return None


def _shape(value: SSAValue) -> tuple[int, ...] | None:
    get = getattr(value.type, "get_shape", None)
    return tuple(get()) if get is not None else None


def part_box(value: SSAValue, parent: Box | None) -> Box | None:
    """The window of a PART value (`pto_tensor.slice` without `drop`, same-rank
    `pto_tensor.view`) given its source's window `parent`: None unless every offset is a
    constant, every extent static and the rank kept."""
    if parent is None or not isinstance(value, OpResult):
        return None
    op = value.op
    if not isinstance(op, pt.SliceOp | pt.ViewOp) or (
        isinstance(op, pt.SliceOp) and op.drop is not None
    ):
        return None
    shape = _shape(value)
    offs = [constant_index(o) for o in op.offsets]
    if shape is None or len(shape) != len(parent[0]) or len(offs) != len(shape):
        return None
    if any(o is None for o in offs) or any(d < 0 for d in shape):
        return None
    return (tuple(p + o for p, o in zip(parent[0], offs)), shape)  # type: ignore[operator]


def _root_box(root: SSAValue) -> Box | None:
    shape = _shape(root)
    return None if shape is None else ((0,) * len(shape), shape)


def overlap(a: Place, b: Place) -> bool:
    """Whether the windows of two places of one root may overlap (False only when both are
    known and disjoint along some axis)."""
    if a.box is None or b.box is None or len(a.box[0]) != len(b.box[0]):
        return True
    for ao, ae, bo, be in zip(a.box[0], a.box[1], b.box[0], b.box[1]):
        if ae >= 0 and be >= 0 and (ao + ae <= bo or bo + be <= ao):
            return False
    return True


def covers(a: Place, b: Place) -> bool:
    """Whether place `a` holds all of place `b` (of the same root)."""
    if a.whole:
        return True
    if a.box is None or b.box is None or len(a.box[0]) != len(b.box[0]):
        return False
    for ao, ae, bo, be in zip(a.box[0], a.box[1], b.box[0], b.box[1]):
        if ae < 0 or be < 0 or bo < ao or bo + be > ao + ae:
            return False
    return True


_NO_CUT = 1 << 30


_DEEP_RECURSION = 1_000_000


@contextmanager
def deep_recursion() -> Iterator[None]:
    """Lift Python's recursion limit for one resolution: a value at the end of a long chain of
    if results or loop carries recurses once per link (a 1,500-if chain needs 3,000 frames),
    and on CPython 3.11+ a Python-to-Python call takes no C stack, only a heap frame."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _DEEP_RECURSION))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


class RootSets:
    """The storage roots of tensor values (`of`), memoized, from the edges above.

    A loop carry is a cycle (iter_arg -> yielded value -> ... -> iter_arg); the walk cuts it at
    the iter_arg being resolved, and a result is memoized only when no cut hit a value still
    being resolved (the iter_arg's own result is exact once its walk ends), so each value is
    resolved once. A value that is one of several (ONE_OF) keeps a window only when it is
    whole (upstream pypto widens loop and if lineage to an unknown region as well)."""

    def __init__(self, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols  # the pass's kernel lookups
        self.memo: dict[SSAValue, Place] = {}
        self.depth: dict[SSAValue, int] = {}  # values being resolved -> nesting depth
        self.low = _NO_CUT  # the shallowest depth a cut hit in the current walk

    def of(self, value: SSAValue) -> Place:
        """The place of `value` (empty roots: a cycle of carries that names no buffer)."""
        if self.depth:
            return self._of(value)
        with deep_recursion():
            return self._of(value)

    def _of(self, value: SSAValue) -> Place:
        saved, self.low = self.low, _NO_CUT
        chain: list[tuple[SSAValue, Link]] = []
        v = value
        tail: SSAValue | None = None
        while True:
            known = self.memo.get(v)
            if known is not None:
                res = known
                break
            links = edges(v, self.symbols)
            if not links:
                res, tail = Place(frozenset({v}), True, _root_box(v)), v
                break
            if len(links) == 1:
                chain.append((v, links[0][0]))
                v = links[0][1]
                continue
            res, tail = self._many(v, links), v
            break
        exact = self.low > len(self.depth)
        if exact and tail is not None:
            self.memo[tail] = res
        for val, link in reversed(chain):
            if link is Link.PART:
                res = Place(res.roots, False, part_box(val, res.box))
            elif link is Link.RESHAPED:
                res = Place(res.roots, res.whole, None)
            if exact:
                self.memo[val] = res
        self.low = min(saved, self.low)
        return res

    def _many(self, value: SSAValue, links: list[Edge]) -> Place:
        d = self.depth.get(value)
        if d is not None:  # a cycle through loop carries adds nothing new
            self.low = min(self.low, d)
            return Place(frozenset(), True, None)
        d = self.depth[value] = len(self.depth) + 1
        roots: set[SSAValue] = set()
        whole = True
        try:
            for link, nxt in links:
                p = self._of(nxt)
                roots |= p.roots
                whole = whole and p.whole and link != Link.PART
        finally:
            del self.depth[value]
        if self.low >= d:
            self.low = _NO_CUT  # the only cuts were at `value`: its result is exact
        box = _root_box(next(iter(roots))) if whole and len(roots) == 1 else None
        return Place(frozenset(roots), whole, box)
