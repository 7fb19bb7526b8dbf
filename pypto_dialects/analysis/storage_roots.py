"""Storage roots: which buffer a tensor value is, and which part of it.

A tensor value names a buffer that is either a function parameter (an external buffer) or
the result of a `pto_tensor.create` (its storage root). One transfer function per op relates
each result (and each loop iter_arg) to the values it is stored in (`edges`):

- SAME: the value is that very tensor: a task result is the Out/InOut argument its
  kernel's `returns` names; a `pto_tensor.write` / `assemble` result is its target (these
  three are the in-place updates, `tied`); a `pto_rt.scope` result is the value its
  `pto_rt.yield` yields; a `pto_tensor.alloc_tensors` tensor result is the
  `pto_tensor.create` its body yields;
- RESHAPED: the whole of that buffer under another shape: `pto_tensor.reshape` / `transpose`,
  and a `pto_tensor.view` that reinterprets the shape (`ViewOp.reinterprets`);
- PART: the value is part of that buffer: `pto_tensor.slice` / `view`;
- ONE_OF: the value is one of several buffers, chosen at run time: an `scf.for` iter_arg is
  its init or the body's yielded value, an `scf.for` result its iter_arg, an `scf.if` result
  either branch's yielded value.

Anything else (parameters, creates, scalars) has no edge: it is its own root. The rules live
here once; every question about buffers is a query over them:

- `edges` (one step back) and `holders` (one step forward, the mirror of `edges`),
  `reachable` (every value reached either way, depth first, optionally confined to a
  region), `path` (the shortest chain of edges between two values), `tied` / `tied_base`
  (back through in-place updates: the value a later version is of), `same_base` (back
  through SAME edges: the view or join point a tensor is), `value_edges` (every edge of a
  function body, to build may-alias classes in a `UnionFind`);
- `Resolver`, the one memo engine that resolves a value through its edges, and its three
  queries: `RootSets` (the roots a value may be, whether it is all of them, its constant
  window: `Place`; `overlap` / `covers` compare two places of one root), `CreateSources`
  (the creates a value may be, with the carries / if results passed on the way) and
  `SameValues` (the value a value surely is: must-alias, one C++ variable).

Passes pass `symbols`, their memo of kernel lookups. See docs/passes/derive-call-directions.md
("How buffers are tracked"), docs/passes/add-retain-edges.md,
docs/passes/classify-iter-arg-carry.md and docs/passes/order-untracked-hazards.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Container, Iterator, Sequence
from enum import Enum
from typing import Any, Generic, NamedTuple, TypeVar, overload

from xdsl.dialects import scf
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.accessors import result_param_indices, task_args, walk_list
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

_YIELDS = (scf.YieldOp, ScopeYieldOp, pt.AllocYieldOp)
_IS_YIELD: dict[type[Operation], bool] = {}  # op class -> issubclass(cls, _YIELDS)


def yield_values(region_owner: Operation, index: int = 0) -> tuple[SSAValue, ...]:
    """Operands of the terminator (`scf.yield`, `pto_rt.yield`, `pto_tensor.alloc_yield`) of
    `region_owner`'s region `index`; empty when the region has no block or another
    terminator."""
    region = region_owner.regions[index]
    block = region._first_block
    if block is None:
        return ()
    if block is not region._last_block:
        block = region.block  # several blocks: xDSL's error, as before
    term = block._last_op
    if term is None:
        return ()
    cls = type(term)
    is_yield = _IS_YIELD.get(cls)
    if is_yield is None:
        is_yield = _IS_YIELD[cls] = issubclass(cls, _YIELDS)
    return tuple(term._operands) if is_yield else ()


_TASK_ID_RESULTS: dict[type[Operation], int] = {}
"""Task op class -> how many results follow `res` (a submit's TaskId: 1; a call: 0)."""


def returned_arg(
    task: CallOp | SubmitOp, index: int, symbols: SymbolTableCollection | None = None
) -> SSAValue | None:
    """The Out/InOut argument that result `index` of the `pto_orch.call` / `submit` `task`
    is (its kernel's `returns`, docs/dialects/pto_orch.md), or None: a TaskId, or a kernel
    that does not resolve (its verifier reports that)."""
    cls = type(task)
    tail = _TASK_ID_RESULTS.get(cls)
    if tail is None:
        tail = _TASK_ID_RESULTS[cls] = 1 if issubclass(cls, SubmitOp) else 0
    if index >= len(task.results) - tail:  # `len(task.res)`, without the variadic accessor
        return None
    try:
        idx = result_param_indices(task.kernel(symbols))
    except VerifyException:
        return None
    if index >= len(idx):
        return None
    args = task_args(task)
    return args[idx[index]] if 0 <= idx[index] < len(args) else None


def tied(value: SSAValue, symbols: SymbolTableCollection | None = None) -> SSAValue | None:
    """The tensor an in-place update's result `value` is (a SAME edge): a task result is the
    Out/InOut argument its kernel returns, a `pto_tensor.write` result the tensor written, a
    `pto_tensor.assemble` result its target. None for any other value."""
    if not isinstance(value, OpResult):
        return None
    op = value.op
    if isinstance(op, CallOp | SubmitOp):
        return returned_arg(op, value.index, symbols)
    if isinstance(op, pt.WriteOp):
        return op.tensor
    if isinstance(op, pt.AssembleOp):
        return op.target
    return None


def tied_base(value: SSAValue, symbols: SymbolTableCollection | None = None) -> SSAValue:
    """The value `value` is a later version of: back through `tied` (task results, writes,
    assembles) while there is one; `value` itself when it is no in-place update. Must-alias:
    the result names the same buffer, the same window, the same shape."""
    while (prev := tied(value, symbols)) is not None:
        value = prev
    return value


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
    pt.ReshapeOp: lambda op, i: [(Link.RESHAPED, op.source)],
    pt.TransposeOp: lambda op, i: [(Link.RESHAPED, op.source)],
    pt.SliceOp: lambda op, i: [(Link.PART, op.source)],
    # a view that reinterprets the shape is the whole source reshaped (ViewOp.reinterprets)
    pt.ViewOp: lambda op, i: [(Link.RESHAPED if op.reinterprets() else Link.PART, op.source)],
    ScopeOp: _scope,
    pt.AllocTensorsOp: _scope,
    scf.ForOp: _for_result,
    scf.IfOp: _if_result,
}
_TIED = (CallOp, SubmitOp, pt.WriteOp, pt.AssembleOp)
_IS_TIED: dict[type[Operation], bool] = {}  # op class -> issubclass(cls, _TIED)


def iter_arg_edges(value: BlockArgument) -> list[Edge]:
    """An `scf.for` iter_arg: its init, and the value the body yields for it (both ONE_OF,
    in this order); empty for the induction variable or another block argument."""
    loop = value.block.parent_op()
    if not isinstance(loop, scf.ForOp) or value.index == 0:
        return []
    k = value.index - 1
    ys = yield_values(loop)
    # `loop.iter_args[k]`: operand 3 + k (after lb, ub, step), read from the operand tuple
    # (xDSL's variadic accessor rebuilds the group on every access; issue 28)
    out: list[Edge] = [(Link.ONE_OF, tuple.__getitem__(loop._operands, 3 + k))]
    if k < len(ys):
        out.append((Link.ONE_OF, ys[k]))
    return out


def edges(value: SSAValue, symbols: SymbolTableCollection | None = None) -> list[Edge]:
    """The storage edges of `value`, one step back (the rules of the module docstring; empty:
    `value` is a root, or not a tensor). `symbols`: the caller's memo of symbol lookups, for
    the kernels of task results."""
    # OpResult tested first, and the op's class looked up in `_IS_TIED`: a failing
    # isinstance against xDSL's abstract IR classes costs a Python-level ABC check, and
    # this runs for every value every storage query walks through (issue 28)
    if not isinstance(value, OpResult):
        assert isinstance(value, BlockArgument)
        return iter_arg_edges(value)
    op = value.op
    cls = type(op)
    is_tied = _IS_TIED.get(cls)
    if is_tied is None:
        is_tied = _IS_TIED[cls] = issubclass(cls, _TIED)
    if is_tied:
        prev = tied(value, symbols)
        return [] if prev is None else [(Link.SAME, prev)]
    rule = _RESULT_RULES.get(cls)
    return [] if rule is None else rule(op, value.index)


def holders(
    value: SSAValue,
    symbols: SymbolTableCollection | None = None,
    among: Container[Operation] | None = None,
) -> list[Edge]:
    """The values whose storage edges name `value` (one step forward, the mirror of
    `edges`), each once with the link of its first edge to `value`: the results of an op
    using `value` (a view, a write, a task writing it, a loop's iter_args for an init, the
    results and iter_args of the op whose yield yields it) and, for an `scf.for` iter_arg,
    its loop result. `among`: only the uses by these ops count (a use by an op outside the
    function being verified, such as a detached clone, is none of its business)."""
    cands: list[SSAValue] = []
    for use in value.uses:
        op = use.operation
        if among is not None and op not in among:
            continue
        cands.extend(op.results)
        if isinstance(op, scf.ForOp):
            cands.extend(op.body.block.args[1:])
        elif isinstance(op, _YIELDS) and (parent := op.parent_op()) is not None:
            cands.extend(parent.results)
            if isinstance(parent, scf.ForOp):
                cands.extend(parent.body.block.args[1:])
    if isinstance(value, BlockArgument) and value.index > 0:
        loop = value.block.parent_op()
        if isinstance(loop, scf.ForOp):
            cands.append(loop.results[value.index - 1])
    out: list[Edge] = []
    seen: set[SSAValue] = set()
    for w in cands:
        if w in seen:
            continue
        seen.add(w)
        link = next((lk for lk, t in edges(w, symbols) if t is value), None)
        if link is not None:
            out.append((link, w))
    return out


def reachable(
    value: SSAValue | Sequence[SSAValue],
    symbols: SymbolTableCollection | None = None,
    forward: bool = False,
    *,
    within: Callable[[SSAValue], bool] | None = None,
    in_order: bool = False,
) -> Iterator[SSAValue]:
    """`value` (or each of several values, in order), then every value it may take its
    storage from (`forward`: every value that may hold its storage or part of it), depth
    first, each once; a value's edges are walked the last first, or with `in_order` the first
    first (`edges` / `holders` order). `within`: a value for which it is False is neither given
    nor walked through (a search confined to a region). Lazily, so a search can stop at the
    first hit."""
    step = holders if forward else edges
    seen: set[SSAValue] = set()
    stack = [value] if isinstance(value, SSAValue) else list(reversed(value))
    while stack:
        cur = stack.pop()
        if cur in seen or (within is not None and not within(cur)):
            continue
        seen.add(cur)
        yield cur
        nxt = step(cur, symbols)
        stack.extend(w for _, w in (reversed(nxt) if in_order else nxt))


def same_base(
    value: SSAValue, symbols: SymbolTableCollection | None = None
) -> tuple[SSAValue, list[Edge]]:
    """Back through SAME edges while the value has exactly one edge and it is SAME (in-place
    updates, scope results, `alloc_tensors` results: the very same tensor): the value where
    that stops, with its `edges` (one PART edge: a `pto_tensor.slice` / `view` of its source;
    several: a join point; none: a root)."""
    while True:
        out = edges(value, symbols)
        if len(out) != 1 or out[0][0] is not Link.SAME:
            return value, out
        value = out[0][1]


def path(
    value: SSAValue, target: SSAValue, symbols: SymbolTableCollection | None = None
) -> list[tuple[SSAValue, Link, SSAValue]]:
    """The shortest chain of storage edges from `value` back to `target`, as steps
    `(value, link, next)` from `value` on (breadth first, each value's edges in order, the
    first path found); empty when `target` is `value` or is not reached (for a diagnostic
    that names the way from a written value to the parameter it may be)."""
    came: dict[SSAValue, tuple[SSAValue, Link] | None] = {value: None}
    frontier = [value]
    while frontier and target not in came:
        nxt: list[SSAValue] = []
        for v in frontier:
            for link, w in edges(v, symbols):
                if w not in came:
                    came[w] = (v, link)
                    nxt.append(w)
        frontier = nxt
    steps: list[tuple[SSAValue, Link, SSAValue]] = []
    cur = target
    while (prev := came.get(cur)) is not None:
        steps.append((prev[0], prev[1], cur))
        cur = prev[0]
    return steps[::-1]


def value_edges(
    body: Block, symbols: SymbolTableCollection | None = None
) -> Iterator[tuple[SSAValue, Link, SSAValue]]:
    """Every storage edge `(value, link, target)` of the values `body` defines at any depth
    (op results, `scf.for` iter_args), in walk order: what may-alias classes are built from
    (a `UnionFind` joining each value with its targets)."""
    for op in walk_list(body):
        values: list[SSAValue] = list(op.results)
        if isinstance(op, scf.ForOp):
            values.extend(op.body.block.args[1:])
        for v in values:
            for link, target in edges(v, symbols):
                yield v, link, target


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


# --------------------------------------------------------------------------- places


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


_SHAPES: dict[int, tuple[Attribute, tuple[int, ...] | None]] = {}
"""id(type) -> (the type, kept alive so the id stays its own, its shape): `_shape`, asked for
every root and view a storage query resolves (types are immutable)."""


def _shape(value: SSAValue) -> tuple[int, ...] | None:
    t = value.type
    hit = _SHAPES.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    get = getattr(t, "get_shape", None)
    shape = tuple(get()) if get is not None else None
    if len(_SHAPES) >= 1 << 16:  # a long-lived process: keep the memo bounded
        _SHAPES.clear()
    _SHAPES[id(t)] = (t, shape)
    return shape


def part_box(value: SSAValue, parent: Box | None) -> Box | None:
    """The window of a PART value (`pto_tensor.slice`, same-rank `pto_tensor.view`) given its
    source's window `parent`: None unless every offset is a constant, every extent static and
    the source has the rank of `parent`. A rank-reducing slice (`drop`) has the window of the
    slice without `drop`: each dropped dimension keeps its offset, with extent 1
    (`SliceOp.full_shape`); a slice of its result has no window (its axes are not the root's)."""
    if parent is None or not isinstance(value, OpResult):
        return None
    op = value.op
    if not isinstance(op, pt.SliceOp | pt.ViewOp):
        return None
    shape = op.full_shape() if isinstance(op, pt.SliceOp) else _shape(value)
    offs = [constant_index(o) for o in op.offsets]
    if shape is None or len(shape) != len(parent[0]) or len(offs) != len(shape):
        return None
    known = [o for o in offs if o is not None]
    if len(known) != len(offs) or any(d < 0 for d in shape):
        return None
    return (tuple(p + o for p, o in zip(parent[0], known)), shape)


_CYCLE: Box = ((), ())
"""The window `RootSets.cut` gives a cycle back to the join point being resolved: a
placeholder meaning "that join point's own window", which a RESHAPED edge on the way turns
into None (the join then keeps no window) and a SAME / ONE_OF edge keeps."""


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


# --------------------------------------------------------------------------- the memo engine


_NO_CUT = 1 << 30


_DEEP_RECURSION = 1_000_000
"""The recursion limit of one resolution: a value at the end of a long chain of if results
or loop carries recurses once per link (a 1,500-if chain needs 3,000 frames), and on
CPython 3.11+ a Python-to-Python call takes no C stack, only a heap frame."""


R = TypeVar("R")


class Resolver(Generic[R]):
    """The memo engine every backward query shares: `of(value)` resolves `value` through its
    storage edges to an answer of type R, each value once.

    A query says which edges a value has and whether it is a join point (`links`: by
    default `edges`, a join point when there are several), what a value without edges is
    worth (`leaf`), how one edge changes the answer on the way back (`through`), how the
    answers of a join point's edges combine (`join`) and what a cut cycle adds (`cut`).

    A loop carry is a cycle (iter_arg -> yielded value -> ... -> iter_arg); the walk cuts it
    at the join point being resolved, and an answer is memoized only when no cut hit a value
    still being resolved (the join point's own answer is exact once its walk ends), so each
    value is resolved once."""

    def __init__(self, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols  # the pass's kernel lookups
        self.memo: dict[SSAValue, R] = {}
        self.depth: dict[SSAValue, int] = {}  # join points being resolved -> nesting depth
        self.low = _NO_CUT  # the shallowest depth a cut hit in the current walk

    def links(self, value: SSAValue) -> tuple[list[Edge], bool]:
        """The edges `value` is resolved through, and whether it is a join point."""
        out = edges(value, self.symbols)
        return out, len(out) > 1

    def leaf(self, value: SSAValue) -> R:
        """The answer for a value without edges."""
        raise NotImplementedError

    def through(self, value: SSAValue, link: Link, answer: R) -> R:
        """The answer for `value`, whose one edge `link` leads to a value answering `answer`."""
        return answer

    def join(self, value: SSAValue, parts: list[tuple[Link, R]]) -> R:
        """The answer for the join point `value`, from the answers of its edges."""
        raise NotImplementedError

    def cut(self) -> R:
        """What a cycle through a join point being resolved adds (nothing new)."""
        raise NotImplementedError

    def of(self, value: SSAValue) -> R:
        """The answer for `value`."""
        known = self.memo.get(value)
        if known is not None:  # what `_of` answers first, without lifting the limit
            return known
        limit = sys.getrecursionlimit()
        if self.depth or limit >= _DEEP_RECURSION:
            return self._of(value)
        # the limit lifted for this resolution, restored after it (inline: a top-level query
        # that misses the memo is the common case of a pass's walk, and a generator-based
        # context manager cost about as much as the query)
        sys.setrecursionlimit(_DEEP_RECURSION)
        try:
            return self._of(value)
        finally:
            sys.setrecursionlimit(limit)

    def _of(self, value: SSAValue) -> R:
        saved, self.low = self.low, _NO_CUT
        chain: list[tuple[SSAValue, Link]] = []
        v = value
        tail: SSAValue | None = None
        while True:
            known = self.memo.get(v)
            if known is not None:
                res = known
                break
            links, many = self.links(v)
            if not links:
                res, tail = self.leaf(v), v
                break
            if not many:
                chain.append((v, links[0][0]))
                v = links[0][1]
                continue
            res, tail = self._many(v, links), v
            break
        exact = self.low > len(self.depth)
        if exact and tail is not None:
            self.memo[tail] = res
        for val, link in reversed(chain):
            res = self.through(val, link, res)
            if exact:
                self.memo[val] = res
        self.low = min(saved, self.low)
        return res

    def _many(self, value: SSAValue, links: list[Edge]) -> R:
        d = self.depth.get(value)
        if d is not None:  # a cycle through loop carries adds nothing new
            self.low = min(self.low, d)
            return self.cut()
        d = self.depth[value] = len(self.depth) + 1
        parts: list[tuple[Link, R]] = []
        try:
            for link, nxt in links:
                parts.append((link, self._of(nxt)))
        finally:
            del self.depth[value]
        if self.low >= d:
            self.low = _NO_CUT  # the only cuts were at `value`: its result is exact
        return self.join(value, parts)


class RootSets(Resolver[Place]):
    """The storage roots of tensor values (`of(value)`: its `Place`; empty roots: a cycle of
    carries that names no buffer). A value that is one of several (ONE_OF) keeps a window
    only when it is whole (upstream pypto widens loop and if lineage to an unknown region as
    well). Used by auto-derive-task-dependencies, order-untracked-hazards and
    verify-orchestration (docs/passes/order-untracked-hazards.md)."""

    def leaf(self, value: SSAValue) -> Place:
        return Place(frozenset({value}), True, _root_box(value))

    def through(self, value: SSAValue, link: Link, answer: Place) -> Place:
        if link is Link.PART:
            return Place(answer.roots, False, part_box(value, answer.box))
        if link is Link.RESHAPED:
            return Place(answer.roots, answer.whole, None)
        return answer

    def join(self, value: SSAValue, parts: list[tuple[Link, Place]]) -> Place:
        roots: set[SSAValue] = set()
        whole = True
        for link, p in parts:
            roots |= p.roots
            whole = whole and p.whole and link != Link.PART
        if not roots:  # a cycle of carries (each part a cut, or one naming no buffer)
            cycle = all(p.box == _CYCLE for _, p in parts)
            return Place(frozenset(), whole, _CYCLE if cycle else None)
        box = None
        if whole and len(roots) == 1:
            # the root's window only when no part is the root under another shape (a
            # reshape / transpose / reinterpreting view on the way: its axes are not the
            # root's), and no cycle through this join point passes one
            rbox = _root_box(next(iter(roots)))
            if all(p.box == (rbox if p.roots else _CYCLE) for _, p in parts):
                box = rbox
        return Place(frozenset(roots), whole, box)

    def cut(self) -> Place:
        return Place(frozenset(), True, _CYCLE)


Source = tuple[pt.CreateOp, tuple[SSAValue, ...]]
"""A create a tensor may be the buffer of, with the carries / if results (each a variable of
its own in the C++) passed on the way there, nearest to the value first."""


class CreateSources(Resolver[frozenset[Source]]):
    """Which `pto_tensor.create`s a tensor value may be the buffer of (`of(value)`, a set of
    `Source`s; a parameter contributes none): a SAME / RESHAPED / PART edge is followed; an
    `scf.for` iter_arg with a variable of its own (`own_variable(iter_arg)`, the carry plan's
    rebind flag) or an `scf.if` result is a join point, any of its edges, and is recorded in
    the sources found through it; a carry without a variable of its own is its init
    throughout. Used by add-retain-edges and batch-tensor-allocations
    (docs/passes/add-retain-edges.md)."""

    def __init__(
        self, symbols: SymbolTableCollection, own_variable: Callable[[BlockArgument], bool]
    ) -> None:
        super().__init__(symbols)
        self.own_variable = own_variable

    def links(self, value: SSAValue) -> tuple[list[Edge], bool]:
        if not isinstance(value, BlockArgument):
            return super().links(value)
        out = iter_arg_edges(value)
        if out and not self.own_variable(value):
            return out[:1], False  # the init's buffer throughout
        return out, bool(out)

    def leaf(self, value: SSAValue) -> frozenset[Source]:
        if isinstance(value, OpResult) and isinstance(value.op, pt.CreateOp):
            return frozenset({(value.op, ())})
        return frozenset()  # a function parameter: an external buffer

    def join(
        self, value: SSAValue, parts: list[tuple[Link, frozenset[Source]]]
    ) -> frozenset[Source]:
        return frozenset((c, (value, *via)) for _, p in parts for c, via in p)

    def cut(self) -> frozenset[Source]:
        return frozenset()


class SameValues(Resolver[SSAValue]):
    """The value a tensor value surely is, the same C++ variable (must-alias; `of(value)`):
    back through a SAME edge while a value has exactly that one (in-place updates, scope
    results); an `scf.if` result whose two branches yield values that are one value defined
    before the if is that value; an `scf.for` result whose carry has no variable of its own
    (`own_variable(iter_arg)` False, the carry plan's rebind flag) is its init. Anything else
    is itself: a root, a view, an iter_arg, a carry with a variable of its own, an
    `alloc_tensors` result (the allocation's tensor is the variable, not its body's create).
    Used by classify-iter-arg-carry (a carry whose body yields its iter_arg itself needs no
    variable of its own) and the C++ printer (docs/passes/classify-iter-arg-carry.md)."""

    def __init__(
        self, symbols: SymbolTableCollection, own_variable: Callable[[BlockArgument], bool]
    ) -> None:
        super().__init__(symbols)
        self.own_variable = own_variable

    def links(self, value: SSAValue) -> tuple[list[Edge], bool]:
        if not isinstance(value, OpResult) or isinstance(value.op, pt.AllocTensorsOp):
            return [], False
        op = value.op
        if isinstance(op, scf.IfOp):
            out = _if_result(op, value.index)
            return (out, True) if len(out) == 2 else ([], False)
        if isinstance(op, scf.ForOp):
            if self.own_variable(op.body.block.args[value.index + 1]):
                return [], False
            return [(Link.SAME, op.iter_args[value.index])], False
        out = edges(value, self.symbols)
        return (out, False) if len(out) == 1 and out[0][0] is Link.SAME else ([], False)

    def leaf(self, value: SSAValue) -> SSAValue:
        return value

    def join(self, value: SSAValue, parts: list[tuple[Link, SSAValue]]) -> SSAValue:
        (_, a), (_, b) = parts
        if a is not b:
            return value
        if isinstance(a, OpResult):
            owner: Operation | None = a.op
        else:
            assert isinstance(a, BlockArgument), a
            owner = a.block.parent_op()
        op = value.owner
        if owner is not None and owner is not op and op.is_ancestor(owner):
            return value  # defined in a branch: not in scope after the if
        return a

    def cut(self) -> SSAValue:
        raise AssertionError("a must-alias chain has no cycle (a loop result is its init)")


# --------------------------------------------------------------------------- may-alias classes


T = TypeVar("T")


class UnionFind(Generic[T]):
    """Disjoint classes of SSA values (may-alias classes, C++ arrays), each created on first
    sight with the datum `fresh(value)` (`info[representative]`); `union` keeps the larger
    class's representative (the first argument's on a tie) and folds the other datum into
    the kept one with `merge(kept, dropped)`. Path compression, union by size."""

    @overload
    def __init__(self: UnionFind[None]) -> None: ...

    @overload
    def __init__(
        self, fresh: Callable[[SSAValue], T], merge: Callable[[T, T], None] | None = None
    ) -> None: ...

    def __init__(
        self,
        fresh: Callable[[SSAValue], Any] = lambda v: None,
        merge: Callable[[Any, Any], None] | None = None,
    ) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}
        self.size: dict[SSAValue, int] = {}
        self.info: dict[SSAValue, T] = {}
        self._fresh: Callable[[SSAValue], T] = fresh
        self._merge: Callable[[T, T], None] | None = merge

    def find(self, v: SSAValue) -> SSAValue:
        """The representative of `v`'s class (a new class of its own on first sight)."""
        parent = self.parent
        p = parent.get(v)
        if p is None:
            parent[v] = v
            self.size[v] = 1
            self.info[v] = self._fresh(v)
            return v
        root = v
        while (p := parent[root]) is not root:
            root = p
        while (p := parent[v]) is not root:
            parent[v] = root
            v = p
        return root

    def union(self, a: SSAValue, b: SSAValue) -> SSAValue:
        """Join the classes of `a` and `b`; returns the representative kept."""
        ra, rb = self.find(a), self.find(b)
        if ra is rb:
            return ra
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size.pop(rb)
        dropped = self.info.pop(rb)
        if self._merge is not None:
            self._merge(self.info[ra], dropped)
        return ra

    def same(self, a: SSAValue, b: SSAValue) -> bool:
        """Whether `a` and `b` are in one class."""
        return self.find(a) is self.find(b)

    def of(self, v: SSAValue) -> T:
        """The datum of `v`'s class."""
        return self.info[self.find(v)]
