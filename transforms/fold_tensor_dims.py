"""`fold-tensor-dims`: one IR value per runtime extent. A `pto_tensor.dim` whose extent is
already a value (a `sizes(...)` / dynamic-size operand, or an extent of an orchestration
function's argument that another dim already reads) is replaced by that value.
Rules: docs/passes/fold-tensor-dims.md.

The pass plans each orchestration function (`DimPlan`, one walk) and then applies one rewrite
pattern, `FoldDim`, to it with a `PatternRewriteWalker`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import tied
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import copy_name
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


def _dynamic_index(t: TensorType, axis: int) -> int:
    """Position of `axis` among the `?` extents of `t` (the index of its size operand)."""
    return sum(1 for d in t.get_shape()[:axis] if d < 0)


def _resolve(
    src: SSAValue, axis: int, symbols: SymbolTableCollection, entry: Block
) -> SSAValue | tuple[BlockArgument, int] | None:
    """The extent `axis` of `src`, as an index value, or as (function argument, axis), or
    None when it is not known to be either."""
    while True:
        t = src.type
        if not isinstance(t, TensorType) or not 0 <= axis < len(t.get_shape()):
            return None
        if t.get_shape()[axis] >= 0:
            return None  # a static extent: the printer prints the literal
        if isinstance(src, BlockArgument):
            return (src, axis) if src.block is entry else None
        owner = src.owner
        if isinstance(owner, pt.AllocTensorsOp):  # a batched create (batch-tensor-allocations)
            assert isinstance(src, OpResult)
            owner = owner.creates()[src.index]
        if isinstance(owner, pt.CreateOp):
            return owner.dynamic_sizes[_dynamic_index(t, axis)]
        if isinstance(owner, pt.SliceOp | pt.ViewOp | pt.ReshapeOp):
            return owner.sizes[_dynamic_index(t, axis)]
        if isinstance(owner, pt.TransposeOp):
            a, b = owner.normalized_axes()
            axis = b if axis == a else a if axis == b else axis
            src = owner.source
            continue
        # an in-place update (write, assemble, task result): the tensor it is a later version
        # of, when that has the same shape
        prev = tied(src, symbols)
        if prev is None:
            return None
        if not isinstance(prev.type, TensorType) or prev.type.get_shape() != t.get_shape():
            return None
        src = prev


def _dominates(first: Operation, other: Operation) -> bool:
    """`first` comes before `other` in walk order; it dominates `other` when `other` is
    nested in `first`'s block (regions of later ops included)."""
    block = first.parent_block()
    cur: Operation | None = other
    while cur is not None and cur.parent_block() is not block:
        cur = cur.parent_op()
    return cur is not None


def _replace_by(rewriter: PatternRewriter, op: Operation, value: SSAValue) -> None:
    """Replace the one result of `op` by the existing `value` and erase `op`; `value` keeps
    its name (PatternRewriter.replace gives a nameless one the op's name)."""
    name = value.name_hint
    rewriter.replace(op, [], [value])
    value.name_hint = name


class DimPlan:
    """The folding decisions for the `pto_tensor.dim`s of one orchestration function `f`,
    made before any of them changes (one walk of `f`; `symbols` resolves the kernels of its
    tasks). Raises nothing.

    `values` maps a dim to the index value its extent already has; `extents` maps a dim of a
    function argument's extent to (argument, axis); `kept` names, per such extent, the dim
    every other one becomes when the first one dominates them all; the other extents are
    read once at the top of the function (`hoist`). Dims in none of these stay; `changes`
    is False when the plan folds nothing."""

    def __init__(self, f: FuncOp, symbols: SymbolTableCollection) -> None:
        self.entry = f.body.block
        self.values: dict[pt.DimOp, SSAValue] = {}
        self.extents: dict[pt.DimOp, tuple[BlockArgument, int]] = {}
        self.kept: dict[tuple[BlockArgument, int], pt.DimOp] = {}
        self.hoisted: dict[tuple[BlockArgument, int], pt.DimOp] = {}
        self.replaced: dict[SSAValue, SSAValue] = {}  # result of a folded dim -> its value
        self._first: dict[tuple[BlockArgument, int], pt.DimOp] = {}  # of a hoisted extent
        self._hoist_after: pt.DimOp | None = None
        groups: dict[tuple[BlockArgument, int], list[pt.DimOp]] = {}
        for op in walk_list(f.body):
            if not isinstance(op, pt.DimOp):
                continue
            found = _resolve(op.source, op.axis.value.data, symbols, self.entry)
            if found is None:
                continue
            if isinstance(found, SSAValue):
                self.values[op] = found
            else:
                self.extents[op] = found
                groups.setdefault(found, []).append(op)
        for (arg, axis), dims in groups.items():
            first = dims[0]
            if first.source is arg and all(_dominates(first, o) for o in dims[1:]):
                self.kept[(arg, axis)] = first  # the one read every other one can use
            else:
                self._first[(arg, axis)] = first
        self.changes = bool(self.values) or len(self.extents) > len(self.kept)

    def hoist(self, extent: tuple[BlockArgument, int], rewriter: PatternRewriter) -> pt.DimOp:
        """The dim of `extent` (one that `kept` does not cover) read at the top of the
        function, where the printer defines the extents of the arguments: inserted on the
        first call (after the ones inserted before it; named and located as the extent's
        first dim), then reused."""
        symbol = self.hoisted.get(extent)
        if symbol is None:
            first = self._first[extent]
            symbol = self.hoisted[extent] = pt.DimOp(*extent)
            copy_name(first.result, symbol.result)
            symbol.location = first.location
            after = self._hoist_after
            where = (
                InsertPoint.after(after) if after is not None else InsertPoint.at_start(self.entry)
            )
            rewriter.insert(symbol, where)
            self._hoist_after = symbol
        return symbol


@dataclass(eq=False)
class FoldDim(RewritePattern):
    """On a `pto_tensor.dim` that `plan` folds: replaces it by the value its extent already
    has (the dim `plan` keeps for an argument extent, or one read at the top of the
    function, inserted the first time the extent is met) and erases it. The dims `plan`
    keeps or does not know are left alone. Dims are met in walk order, so a dim is folded
    after the ones its value depends on. Raises nothing."""

    plan: DimPlan

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: pt.DimOp, rewriter: PatternRewriter) -> None:
        plan = self.plan
        value = plan.values.get(op)
        if value is not None:
            value = plan.replaced.get(value, value)  # a size operand that was a folded dim
        else:
            extent = plan.extents.get(op)
            if extent is None:
                return
            symbol = plan.kept.get(extent)
            if symbol is op:
                return
            if symbol is None:
                symbol = plan.hoist(extent, rewriter)
            value = symbol.result
        plan.replaced[op.result] = value
        _replace_by(rewriter, op, value)


@dataclass(frozen=True)
class FoldTensorDims(ModulePass):
    """In orchestration functions: a `pto_tensor.dim` of a dynamic extent that has a size
    operand becomes that operand; the dims of one argument extent become one (the first,
    if it dominates the others, else one read at the top of the function). Dims of other
    extents are left alone. Idempotent. Raises nothing."""

    name = "fold-tensor-dims"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """Plan each orchestration function of `module` (`DimPlan`), then, when the plan
        folds something, apply `FoldDim` to it (one walk, pre-order); `listener`, when given,
        also sees every change the rewriter makes."""
        funcs = orchestration_functions(module)
        if not funcs:
            return
        symbols = SymbolTableCollection()
        for f in funcs:
            plan = DimPlan(f, symbols)
            if not plan.changes:
                continue  # nothing to fold: no walk
            TypedRewriteWalker(
                FoldDim(plan),
                apply_recursively=False,
                op_types=(pt.DimOp,),
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(f.body)
