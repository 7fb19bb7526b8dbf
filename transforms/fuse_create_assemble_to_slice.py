"""`fuse-create-assemble-to-slice`: a created tensor that is filled by tasks and then
assembled into a target becomes a view of the target, so the tasks write the target in place.

The PTO2 runtime has no copy at orchestration level, so `pto_tensor.assemble` has no C++ of
its own: after this pass every assemble is gone, either fused (its created source becomes a
`pto_tensor.slice` of the target) or dropped as a no-op (its source already is that slice).
Any other assemble is a located error. Rules and examples:
docs/passes/fuse-create-assemble-to-slice.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.storage_roots import tied_base
from pypto_dialects.diagnostics import location_of, pass_error
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import copy_name, source_name
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.transforms.buffer_aliases import BufferClasses


def _same_index(a: SSAValue, b: SSAValue) -> bool:
    if a is b:
        return True
    ca, cb = a.owner, b.owner
    if isinstance(ca, arith.ConstantOp) and isinstance(cb, arith.ConstantOp):
        va, vb = ca.value, cb.value
        return isinstance(va, IntegerAttr) and isinstance(vb, IntegerAttr) and (
            va.value.data == vb.value.data
        )
    return False


def _is_noop(op: pt.AssembleOp, symbols: SymbolTableCollection) -> bool:
    """The source is (a later version of) a same-shape view of the target at the same
    offsets: the tasks already wrote the target in place."""
    view = tied_base(op.source, symbols).owner
    if not isinstance(view, pt.SliceOp | pt.ViewOp):
        return False
    if view.result.type != op.source.type or len(view.offsets) != len(op.offsets):
        return False
    if tied_base(view.source, symbols) is not tied_base(op.target, symbols):
        return False
    return all(_same_index(a, b) for a, b in zip(view.offsets, op.offsets))


def _at(op: Operation) -> str:
    return location_of(op).split(":", 1)[-1] if location_of(op) != "<unknown>" else "?"


def _ancestor_in(op: Operation, block: Block) -> Operation | None:
    cur: Operation | None = op
    while cur is not None and cur.parent_block() is not block:
        cur = cur.parent_op()
    return cur


def _name(v: SSAValue) -> str:
    name = source_name(v)
    return f"%{name}" if name else "the value"


class _Fuser:
    """Fuses or drops the assemblies of one orchestration function, or raises."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols
        self.buffers = BufferClasses(body, symbols)
        self.positions: dict[Block, dict[Operation, float]] = {}

    def pos(self, op: Operation) -> float:
        """`op`'s place in its block (built once per block; kept up to date by `insert`)."""
        block = op.parent_block()
        assert block is not None
        table = self.positions.get(block)
        if table is None:
            table = self.positions[block] = {o: float(i) for i, o in enumerate(block.ops)}
        return table[op]

    def insert(self, new: Operation, before: Operation) -> None:
        prev = before.prev_op
        at = self.pos(before)
        below = self.pos(prev) if prev is not None else at - 1.0
        Rewriter.insert_op(new, InsertPoint.before(before))
        self.positions[before.parent_block()][new] = (below + at) / 2  # type: ignore[index]

    def run(self, assembles: list[pt.AssembleOp]) -> None:
        by_create: dict[SSAValue, list[pt.AssembleOp]] = {}
        plans: list[tuple[pt.AssembleOp, SSAValue | None]] = []
        for op in assembles:
            if _is_noop(op, self.symbols):
                plans.append((op, None))
                continue
            origins = self.buffers.origins(op.source)
            if len(origins) != 1 or not isinstance(origins[0].owner, pt.CreateOp):
                raise pass_error(op, self._not_created(op, origins))
            by_create.setdefault(origins[0], []).append(op)
            plans.append((op, origins[0]))
        for created, users in by_create.items():
            if len(users) > 1:
                raise pass_error(
                    users[1],
                    f"assembles the tensor created at {_at(created.owner)}, which is already "
                    f"assembled at {_at(users[0])}: a created tensor can become a view of one "
                    "target only (create one tensor per assemble)",
                )
        for op, created in plans:
            if created is None:
                Rewriter.replace_op(op, [], [op.target])
            else:
                self._fuse(op, created)

    def _not_created(self, op: pt.AssembleOp, origins: list[SSAValue]) -> str:
        head = (
            f"copies {_name(op.source)} into {_name(op.target)}, which no PTO2 task does "
            "(the runtime has no copy at orchestration level)"
        )
        fix = (
            "let the task write a pto_tensor.slice of the target at these offsets (then "
            "the assemble is a no-op), or write a pto_tensor.create'd tensor that is "
            "assembled only here"
        )
        if len(origins) > 1:
            merged = "its source may be more than one buffer (a loop or if merges them)"
            return f"{head}; {merged}: {fix}"
        return f"{head}: {fix}"

    def _fuse(self, op: pt.AssembleOp, created: SSAValue) -> None:
        create = created.owner
        assert isinstance(create, pt.CreateOp)
        block = op.parent_block()
        if create.parent_block() is not block:
            raise pass_error(
                op,
                f"assembles the tensor created at {_at(create)} in another block: create it "
                "in the block of the assemble, so that it can become a view of the target",
            )
        at = self.pos(op)
        first: Operation = op
        members = self.buffers.members(created)
        for v in members:
            for use in v.uses:
                user = _ancestor_in(use.operation, block)  # type: ignore[arg-type]
                if user is None or user is op:
                    continue
                if self.pos(user) > at:
                    raise pass_error(
                        op,
                        f"assembles {_name(op.source)}, whose buffer is used after the assemble "
                        f"(at {_at(use.operation)}): use the target there instead",
                    )
                if self.pos(user) < self.pos(first):
                    first = user
        for v in (op.target, *op.offsets):
            owner = v.owner
            if isinstance(owner, Operation) and owner.parent_block() is block:
                if self.pos(owner) >= self.pos(first):
                    self._move_before(op, v, first)
        self._check_window(op, created, first)
        view = pt.SliceOp(
            op.target, list(op.offsets), create.result.type, list(create.dynamic_sizes)
        )
        copy_name(create.result, view.result)
        self.insert(view, first)
        self.buffers.union(view.result, created)
        self.buffers.union(view.result, op.target)
        create.result.replace_all_uses_with(view.result)
        Rewriter.erase_op(create)
        Rewriter.replace_op(op, [], [op.target])

    def _move_before(self, op: pt.AssembleOp, v: SSAValue, first: Operation) -> None:
        """Move the computation of `v` (the assemble's target or an offset, defined in the
        block of `first` after it) right before `first`, where the slice goes: every op of it
        defined after `first` must be free of side effects (arith, pto_tensor.dim, a view) and
        have no region; else a located error naming the op that cannot move."""
        block = first.parent_block()
        at = self.pos(first)
        chain: list[Operation] = []
        seen: set[Operation] = set()
        todo = [v.owner]
        while todo:
            cur = todo.pop()
            if not isinstance(cur, Operation) or cur in seen:
                continue
            if cur.parent_block() is not block or self.pos(cur) < at:
                continue  # defined before `first` (or outside the block): available there
            seen.add(cur)
            if cur.regions or isinstance(cur, CallOp | SubmitOp) or not is_side_effect_free(cur):
                what = (
                    ""
                    if cur is v.owner
                    else f", and it cannot move there: it depends on '{cur.name}' at {_at(cur)}, "
                    "which is not free of side effects"
                )
                raise pass_error(
                    op,
                    f"uses {_name(v)}, defined at {_at(v.owner)} after the created tensor is "  # type: ignore[arg-type]
                    f"first used (at {_at(first)}){what}: define the target and the offsets "
                    "before the tasks that write the created tensor",
                )
            chain.append(cur)
            todo.extend(operand.owner for operand in cur.operands)
        for moved in sorted(chain, key=self.pos):  # program order: operands first
            moved.detach()
            del self.positions[block][moved]  # type: ignore[index]
            self.insert(moved, first)

    def _check_window(self, op: pt.AssembleOp, created: SSAValue, first: Operation) -> None:
        """Between the first write of the created tensor and the assemble, only the tasks
        that write it may touch the target's buffer (they then work in place)."""
        b = self.buffers
        block = op.parent_block()
        assert block is not None
        cur: Operation | None = first
        while cur is not None and cur is not op:
            for inner in cur.walk():
                tensors = [v for v in inner.operands if isinstance(v.type, TensorType)]
                if not any(b.same(v, op.target) for v in tensors):
                    continue
                if isinstance(inner, CallOp | SubmitOp) and any(
                    b.same(v, created) for v in tensors
                ):
                    continue
                raise pass_error(
                    op,
                    f"cannot place {_name(op.source)} in {_name(op.target)}: "
                    f"'{inner.name}' at {_at(inner)} uses the target's buffer after the "
                    "created tensor is first written and before the assemble, so writing "
                    "the target in place would change what it sees: move it before the "
                    "first write or after the assemble",
                )
            cur = cur.next_op


@dataclass(frozen=True)
class FuseCreateAssembleToSlice(ModulePass):
    """Make every `pto_tensor.assemble` of an orchestration function disappear: a created
    source becomes a `pto_tensor.slice` of the target, a source that already is that slice
    makes the assemble a no-op; anything else is a located error."""

    name = "fuse-create-assemble-to-slice"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        symbols: SymbolTableCollection | None = None
        for func in orchestration_functions(op):
            assembles = [o for o in func.body.walk() if isinstance(o, pt.AssembleOp)]
            if not assembles:
                continue
            if symbols is None:
                symbols = SymbolTableCollection()
            _Fuser(func.body.block, symbols).run(assembles)
