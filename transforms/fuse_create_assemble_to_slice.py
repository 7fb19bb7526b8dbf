"""`fuse-create-assemble-to-slice`: a created tensor that is filled by tasks and then
assembled into a target becomes a view of the target, so the tasks write the target in place.

The PTO2 runtime has no copy at orchestration level, so `pto_tensor.assemble` has no C++ of
its own: after this pass every assemble is gone, either fused (its created source becomes a
`pto_tensor.slice` of the target) or dropped as a no-op (its source already is that slice).
Any other assemble is a located error. Rules and examples:
docs/passes/fuse-create-assemble-to-slice.md.

The pass plans each orchestration function that has assemblies (`AssemblyFuser.plan`, which
raises the errors found before any change) and then applies one rewrite pattern,
`FuseAssemble`, to it with a `PatternRewriteWalker`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.traits import is_side_effect_free
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import tied_base
from pypto_dialects.diagnostics import location_of, pass_error
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import copy_name, source_name
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.transforms.buffer_aliases import BufferClasses
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


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


def _replace_by(rewriter: PatternRewriter, op: Operation, value: SSAValue) -> None:
    """Replace the one result of `op` by the existing `value` and erase `op`; `value` keeps
    its name (PatternRewriter.replace gives a nameless one the op's name)."""
    name = value.name_hint
    rewriter.replace(op, [], [value])
    value.name_hint = name


class AssemblyFuser:
    """The assemblies of one orchestration function (whose entry block is `body`; `symbols`
    resolves the kernels of its tasks): `plan` decides, before any change, what becomes of
    each; `fuse` makes a created source a slice of the target, through the rewriter of
    `FuseAssemble`. Both raise a located PassFailedException for an assemble they cannot
    remove; `FuseAssemble` keeps the first one from `fuse` in `error`."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols
        self.buffers = BufferClasses(body, symbols)
        self.positions: dict[Block, dict[Operation, float]] = {}
        self.plans: dict[pt.AssembleOp, SSAValue | None] = {}
        """Each assemble -> the created tensor it fuses, or None for a no-op."""
        self.error: PassFailedException | None = None

    def pos(self, op: Operation) -> float:
        """`op`'s place in its block (built once per block; kept up to date by `insert`)."""
        block = op.parent_block()
        assert block is not None
        table = self.positions.get(block)
        if table is None:
            table = self.positions[block] = {o: float(i) for i, o in enumerate(block.ops)}
        return table[op]

    def insert(self, new: Operation, before: Operation, rewriter: PatternRewriter) -> None:
        """Insert `new` right before `before` and give it a place between its neighbours."""
        prev = before.prev_op
        at = self.pos(before)
        below = self.pos(prev) if prev is not None else at - 1.0
        rewriter.insert(new, InsertPoint.before(before))
        block = before.parent_block()
        assert block is not None
        self.positions[block][new] = (below + at) / 2

    def plan(self, assembles: list[pt.AssembleOp]) -> None:
        """Fill `plans` for `assembles` (program order): an assemble whose source already is
        the target's slice is a no-op; any other must assemble the only buffer of a
        `pto_tensor.create`, and each create be assembled once, else a located error."""
        by_create: dict[OpResult, list[pt.AssembleOp]] = {}
        plans = self.plans
        for op in assembles:
            if _is_noop(op, self.symbols):
                plans[op] = None
                continue
            origins = self.buffers.origins(op.source)
            if len(origins) != 1 or not isinstance(origins[0].owner, pt.CreateOp):
                raise pass_error(op, self._not_created(op, origins))
            created = origins[0]
            assert isinstance(created, OpResult)  # its owner is a pto_tensor.create
            by_create.setdefault(created, []).append(op)
            plans[op] = created
        for created, users in by_create.items():
            if len(users) > 1:
                raise pass_error(
                    users[1],
                    f"assembles the tensor created at {_at(created.owner)}, which is already "
                    f"assembled at {_at(users[0])}: a created tensor can become a view of one "
                    "target only (create one tensor per assemble)",
                )

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

    def fuse(self, op: pt.AssembleOp, created: SSAValue, rewriter: PatternRewriter) -> None:
        """Make `created` (the result of a `pto_tensor.create` of `op`'s block) a
        `pto_tensor.slice` of `op`'s target at its offsets, placed (and located, named) as
        the create before the first use of its buffer, moving the target's and offsets'
        side-effect-free computations there; replace the create by it and `op` by its
        target. A located error when a rule of docs/passes/fuse-create-assemble-to-slice.md
        does not hold."""
        create = created.owner
        assert isinstance(create, pt.CreateOp)
        block = op.parent_block()
        assert block is not None
        if create.parent_block() is not block:
            raise pass_error(
                op,
                f"assembles the tensor created at {_at(create)} in another block: create it "
                "in the block of the assemble, so that it can become a view of the target",
            )
        if create.init is not None:
            raise pass_error(
                op,
                f"assembles the tensor created at {_at(create)} with an initial value: as a "
                "view of the target it would start with the target's data, not that value "
                "(the runtime cannot fill a view): create it without init and let a task "
                "write all of it first",
            )
        at = self.pos(op)
        first: Operation = op
        members = self.buffers.members(created)
        for v in members:
            for use in v.uses:
                user = _ancestor_in(use.operation, block)
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
                    self._move_before(op, v, first, rewriter)
        self._check_window(op, created, first)
        view = pt.SliceOp(
            op.target, list(op.offsets), create.result.type, list(create.dynamic_sizes)
        )
        copy_name(create.result, view.result)
        view.location = create.location
        self.insert(view, first, rewriter)
        self.buffers.union(view.result, created)
        self.buffers.union(view.result, op.target)
        rewriter.replace(create, [], [view.result])
        _replace_by(rewriter, op, op.target)

    def _move_before(
        self, op: pt.AssembleOp, v: SSAValue, first: Operation, rewriter: PatternRewriter
    ) -> None:
        """Move the computation of `v` (the assemble's target or an offset, defined in the
        block of `first` after it) right before `first`, where the slice goes: every op of it
        defined after `first` must be free of side effects (arith, pto_tensor.dim, a view) and
        have no region; else a located error naming the op that cannot move."""
        block = first.parent_block()
        assert block is not None
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
                defined = v.owner
                assert isinstance(defined, Operation)  # (`cur` was reached from it)
                raise pass_error(
                    op,
                    f"uses {_name(v)}, defined at {_at(defined)} after the created tensor is "
                    f"first used (at {_at(first)}){what}: define the target and the offsets "
                    "before the tasks that write the created tensor",
                )
            chain.append(cur)
            todo.extend(operand.owner for operand in cur.operands)
        for moved in sorted(chain, key=self.pos):  # program order: operands first
            moved.detach()
            del self.positions[block][moved]
            self.insert(moved, first, rewriter)  # the rewriter sees the move as an insertion

    def _check_window(self, op: pt.AssembleOp, created: SSAValue, first: Operation) -> None:
        """Between the first write of the created tensor and the assemble, nothing but
        that first write, a task that writes it, may touch the target's buffer (it then
        works in place): a later task would see the target as the writes of the created
        tensor left it, not as it was before the assemble."""
        b = self.buffers
        block = op.parent_block()
        assert block is not None
        cur: Operation | None = first
        while cur is not None and cur is not op:
            for inner in cur.walk():
                tensors = [v for v in inner.operands if isinstance(v.type, TensorType)]
                if not any(b.same(v, op.target) for v in tensors):
                    continue
                if inner is first and isinstance(inner, CallOp | SubmitOp) and any(
                    b.same(v, created) for v in tensors
                ):
                    continue  # the first write: it reads the target as it was, in place
                raise pass_error(
                    op,
                    f"cannot place {_name(op.source)} in {_name(op.target)}: "
                    f"'{inner.name}' at {_at(inner)} uses the target's buffer after the "
                    "created tensor is first written and before the assemble, so writing "
                    "the target in place would change what it sees: move it before the "
                    "first write or after the assemble",
                )
            cur = cur.next_op


@dataclass(eq=False)
class FuseAssemble(RewritePattern):
    """On a `pto_tensor.assemble` that `fuser` planned: a no-op one is replaced by its
    target; one with a created source is fused (`AssemblyFuser.fuse`: the create becomes a
    slice of the target, the assemble is replaced by the target). The first located error of
    a fusion is kept in `fuser.error` (the walker would wrap a raised one) and stops every
    later rewrite. Other ops are left alone."""

    fuser: AssemblyFuser

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: pt.AssembleOp, rewriter: PatternRewriter) -> None:
        fuser = self.fuser
        if fuser.error is not None or op not in fuser.plans:
            return
        created = fuser.plans[op]
        if created is None:
            _replace_by(rewriter, op, op.target)
            return
        try:
            fuser.fuse(op, created, rewriter)
        except PassFailedException as err:
            fuser.error = err


@dataclass(frozen=True)
class FuseCreateAssembleToSlice(ModulePass):
    """Make every `pto_tensor.assemble` of an orchestration function disappear: a created
    source becomes a `pto_tensor.slice` of the target, a source that already is that slice
    makes the assemble a no-op; anything else is a located PassFailedException (the first
    one, functions in module order, assemblies in program order)."""

    name = "fuse-create-assemble-to-slice"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """Plan the assemblies of each orchestration function of `module` (in module order),
        then apply `FuseAssemble` to it (one walk, pre-order); `listener`, when given, also
        sees every change the rewriter makes. Raises the first located error."""
        symbols: SymbolTableCollection | None = None
        for func in orchestration_functions(module):
            assembles = [o for o in walk_list(func.body) if isinstance(o, pt.AssembleOp)]
            if not assembles:
                continue
            if symbols is None:
                symbols = SymbolTableCollection()
            fuser = AssemblyFuser(func.body.block, symbols)
            fuser.plan(assembles)
            TypedRewriteWalker(
                FuseAssemble(fuser),
                apply_recursively=False,
                op_types=(pt.AssembleOp,),
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(func.body)
            if fuser.error is not None:
                raise fuser.error
