"""The loops whose iterations use disjoint slices of a buffer (`iteration_windows`), for
order-untracked-hazards (untracked_hazards.Access.windows): a slice whose offset along one
axis is the loop's induction variable times a constant. Rules:
docs/passes/order-untracked-hazards.md (the last paragraph of "What the pass writes")."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import BlockArgument, OpResult, SSAValue

from pypto_dialects.analysis import storage_roots as storage

Window = tuple[int, int, int]
"""(axis, span, extent): a slice whose offset along `axis` is the loop's induction variable
times a constant, so consecutive iterations' offsets differ by `span`; `extent` along it."""


def _iv_times(value: SSAValue) -> tuple[scf.ForOp, int] | None:
    """(loop, c) when `value` is a loop's induction variable times the constant c."""
    from xdsl.dialects.arith import MuliOp

    if isinstance(value, BlockArgument) and value.index == 0:
        loop = value.block.parent_op()
        return (loop, 1) if isinstance(loop, scf.ForOp) else None
    if isinstance(value, OpResult) and isinstance(value.op, MuliOp):
        for a, b in ((value.op.lhs, value.op.rhs), (value.op.rhs, value.op.lhs)):
            c = storage.constant_index(b)
            if c is None:
                continue
            inner = _iv_times(a)
            if inner is not None:
                return inner[0], inner[1] * c
    return None


def iteration_windows(value: SSAValue, roots: storage.RootSets) -> dict[scf.ForOp, Window]:
    """The loops whose iterations use disjoint parts of `value`'s buffer: `value` is (through
    task results, writes and scope results: storage_roots.same_base) a `pto_tensor.slice` of
    a whole buffer in its own shape (its window is the root's: no reshape, transpose or
    reinterpreting view on the way, whose axes are not the buffer's) with an offset `iv * c`.
    Axes and extents are the source's: a rank-reducing slice has extent 1 along each dropped
    dimension (`SliceOp.full_shape`)."""
    from pypto_dialects.tensor import SliceOp

    v, links = storage.same_base(value, roots.symbols)
    if len(links) != 1 or links[0][0] is not storage.Link.PART or not isinstance(v, OpResult):
        return {}
    op = v.op
    if not isinstance(op, SliceOp):
        return {}
    src = roots.of(op.source)
    shape = op.full_shape()  # the source's rank
    if not src.whole or src.box is None or len(src.box[1]) != len(shape):
        return {}  # the box of a whole place is its root's, kept only in the root's axes
    out: dict[scf.ForOp, Window] = {}
    for axis, off in enumerate(op.offsets):
        found = _iv_times(off)
        if found is None or axis >= len(shape) or shape[axis] < 0:
            continue
        loop, c = found
        step = storage.constant_index(loop.step)
        if step is None or step <= 0:
            continue
        out.setdefault(loop, (axis, c * step, shape[axis]))
    return out
