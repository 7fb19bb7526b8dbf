"""`batch-tensor-allocations`: group each block's `pto_tensor.create`s into
`pto_tensor.alloc_tensors` batches; a manual scope's creates whose buffer may leave the
scope are batched before the scope, the others at its entry. Rules: docs/passes/batch-tensor-allocations.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.parsing import copy_name
from pypto_dialects.rt import ScopeMode, ScopeOp
from pypto_dialects.tensor import MAX_ALLOC_BATCH, AllocTensorsOp, CreateOp, DimOp
from pypto_dialects.transforms.add_retain_edges import AddRetainEdges
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.symbols import SymbolTableCollection


def _entry_extent(value: SSAValue, block: Block, entry: Block) -> Operation | None | bool:
    """Whether a size operand of a create in `block` is known at the block's entry: True
    (a block argument or a value defined outside `block`), the op to move before the batch
    (an `arith.constant`, or a `pto_tensor.dim` of a dynamic extent of a function argument:
    the printer reads it at function entry), or False."""
    if isinstance(value, BlockArgument):
        return True
    owner = value.owner
    if owner.parent_block() is not block:
        return True
    if isinstance(owner, arith.ConstantOp):
        return owner
    if (
        isinstance(owner, DimOp)
        and isinstance(owner.source, BlockArgument)
        and owner.source.block is entry
        and owner.static_extent() is None
    ):
        return owner
    return False


def _batch(creates: list[CreateOp], before: Operation | None, block: Block) -> None:
    """Move `creates` into batches of at most 16, inserted before `before` (or at the end of
    `block`); each create's uses and name go to its batch result."""
    for start in range(0, len(creates), MAX_ALLOC_BATCH):
        chunk = creates[start : start + MAX_ALLOC_BATCH]
        for c in chunk:
            if c.parent is not None:
                c.detach()
        batch = AllocTensorsOp(chunk)
        term = batch.body.block.last_op
        for c, r in zip(chunk, batch.tensors):
            c.result.replace_uses_with_if(r, lambda use: use.operation is not term)
            copy_name(c.result, r)
            c.result.name_hint = None
        batch.task_id.name_hint = "alloc"
        if before is None:
            block.add_op(batch)
        else:
            block.insert_op_before(batch, before)


def _leaving(scope: ScopeOp, symbols: SymbolTableCollection) -> frozenset[SSAValue]:
    """The buffers created in the manual `scope` that may outlive it: those a value its
    `pto_rt.yield` yields may be, and those a result of an `scf.for` / `scf.if` directly in it
    may be (the C++ declares such a carry's variable before the scope's header).

    The walk follows storage edges backwards and stops at values defined outside the scope:
    those were defined before it, so none of them is a buffer created in it. That keeps each
    query to the scope's own ops (a walk through the whole program recursed once per carry
    and if on the way)."""
    values = list(yield_values(scope))
    for op in scope.body.block.ops:
        if isinstance(op, scf.ForOp | scf.IfOp):
            values.extend(r for r in op.results if isinstance(r.type, TensorType))
    out: set[SSAValue] = set()
    seen: set[SSAValue] = set()
    while values:
        v = values.pop()
        if v in seen or not _defined_in(v, scope):
            continue
        seen.add(v)
        links = storage.edges(v, symbols)
        if links:
            values.extend(nxt for _, nxt in links)
        else:
            out.add(v)
    return frozenset(out)


def _defined_in(value: SSAValue, scope: ScopeOp) -> bool:
    """Whether `value` is defined inside `scope`'s body (at any depth)."""
    return scope.is_ancestor(value.owner)


def _place(ops: list[Operation], before: Operation | None, host: Block) -> None:
    for op in ops:
        if before is None:
            host.add_op(op)
        else:
            host.insert_op_before(op, before)


def _batch_block(block: Block, entry: Block, symbols: SymbolTableCollection) -> None:
    """Batch the creates directly in `block` (see the module docstring), then its nested
    blocks."""
    owner = block.parent_op()
    manual = isinstance(owner, ScopeOp) and owner.mode.data == ScopeMode.MANUAL  # type: ignore[union-attr]
    leaving = _leaving(owner, symbols) if manual else frozenset()  # type: ignore[arg-type]
    creates = [op for op in block.ops if isinstance(op, CreateOp)]
    inside: list[CreateOp] = []  # the entry batch, at the start of `block`
    hoisted: list[CreateOp] = []  # a manual scope's buffers that leave it: before the header
    moved_in: list[Operation] = []
    moved_out: list[Operation] = []
    for c in creates:
        if c.result.first_use is None:
            c.detach()
            c.erase()  # allocates nothing
            continue
        known = [_entry_extent(v, block, entry) for v in c.dynamic_sizes]
        if all(k is not False for k in known):
            out = c.result in leaving
            (hoisted if out else inside).append(c)
            for k in known:
                if isinstance(k, Operation) and k not in moved_out:
                    if out:
                        if k in moved_in:
                            moved_in.remove(k)
                        moved_out.append(k)
                    elif k not in moved_in:
                        moved_in.append(k)
        else:  # an extent computed in the block: allocated in place
            nxt = c.next_op
            assert nxt is not None
            _batch([c], nxt, block)
    for op in [*moved_out, *moved_in, *hoisted, *inside]:
        op.detach()
    if hoisted:
        host = owner.parent_block()  # type: ignore[union-attr]
        assert host is not None
        _place(moved_out, owner, host)
        _batch(hoisted, owner, host)
    before = block.first_op
    _place(moved_in, before, block)
    if inside:
        _batch(inside, before, block)
    for op in list(block.ops):
        if isinstance(op, AllocTensorsOp):
            continue
        for region in op.regions:
            for b in region.blocks:
                _batch_block(b, entry, symbols)


@dataclass(frozen=True)
class BatchTensorAllocations(ModulePass):
    """In orchestration functions, move every used `pto_tensor.create` into a
    `pto_tensor.alloc_tensors` batch (one runtime allocation task per batch) and erase the
    unused ones; then add the retain edges manual-scope tasks need (add-retain-edges), because
    a batch's buffer outlives its allocation task only while the tasks that use it are
    ordered after that task. Idempotent (creates already in a batch stay)."""

    name = "batch-tensor-allocations"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        symbols = SymbolTableCollection()
        for func in orchestration_functions(op):
            if func.body.blocks:
                _batch_block(func.body.block, func.body.block, symbols)
        # A pass keeps the program's meaning: without the retain edges a manual-scope task
        # would let the runtime reuse a batch's memory while the task still reads it.
        AddRetainEdges().apply(ctx, op)
