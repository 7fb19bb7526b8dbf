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

Anything else (parameters, creates, scalars) has no edge: it is its own root, and so is the
result of a task whose kernel does not resolve (its verifier reports that). Passes ask
`edges(value, symbols)` (`symbols`: the pass's kernel lookup memo) and combine the edges under their own question (a must-alias root, a
may-alias class, the creates a value may be); the rules live here once. See
docs/passes/derive-call-directions.md and docs/passes/classify-iter-arg-carry.md.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

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
