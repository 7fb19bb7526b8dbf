"""`fold-tensor-dims`: one IR value per runtime extent. A `pto_tensor.dim` whose extent is
already a value (a `sizes(...)` / dynamic-size operand, or an extent of an orchestration
function's argument that another dim already reads) is replaced by that value.
Rules: docs/passes/fold-tensor-dims.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.storage_roots import tied
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import copy_name
from pypto_dialects.symbols import SymbolTableCollection


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
            owner = owner.creates()[src.index]  # type: ignore[union-attr]
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


def _fold(f: FuncOp, symbols: SymbolTableCollection) -> None:
    entry = f.body.block
    extents: dict[tuple[BlockArgument, int], list[pt.DimOp]] = {}
    for op in [o for o in f.body.walk() if isinstance(o, pt.DimOp)]:
        found = _resolve(op.source, op.axis.value.data, symbols, entry)
        if found is None:
            continue
        if isinstance(found, SSAValue):
            op.result.replace_all_uses_with(found)
            Rewriter.erase_op(op)
        else:
            extents.setdefault(found, []).append(op)
    hoist_after: pt.DimOp | None = None
    for (arg, axis), dims in extents.items():
        first, rest = dims[0], dims[1:]
        if first.source is arg and all(_dominates(first, o) for o in rest):
            symbol = first  # already the one read that every other one can use
        else:
            # Read it once at the top of the function (the printer defines it at entry).
            symbol = pt.DimOp(arg, axis)
            copy_name(first.result, symbol.result)
            symbol.location = first.location  # type: ignore[misc]
            where = (
                InsertPoint.after(hoist_after)
                if hoist_after is not None
                else InsertPoint.at_start(entry)
            )
            Rewriter.insert_op(symbol, where)
            hoist_after = symbol
            rest = dims
        for op in rest:
            op.result.replace_all_uses_with(symbol.result)
            Rewriter.erase_op(op)


@dataclass(frozen=True)
class FoldTensorDims(ModulePass):
    """In orchestration functions: a `pto_tensor.dim` of a dynamic extent that has a size
    operand becomes that operand; the dims of one argument extent become one (the first,
    if it dominates the others, else one read at the top of the function). Dims of other
    extents are left alone. Idempotent."""

    name = "fold-tensor-dims"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        funcs = orchestration_functions(op)
        if funcs:
            symbols = SymbolTableCollection()
            for f in funcs:
                _fold(f, symbols)
