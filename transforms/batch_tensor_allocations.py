"""`batch-tensor-allocations`: no buffer outlives the scope that allocates it, and each
block's `pto_tensor.create`s are grouped into `pto_tensor.alloc_tensors` batches. A buffer
that leaves a `pto_rt.scope` (auto or manual, through its results: loop carries, if results,
nested scopes) is allocated before the outermost scope it leaves; a runtime-allocated task
output that leaves its scope becomes an explicit create first. Rules:
docs/passes/batch-tensor-allocations.md.

The pass plans each orchestration function (`HoistPlan`, which raises every error before the
change it concerns) and applies rewrite patterns with `PatternRewriteWalker`s:
`MakeOutputsExplicit` and `DissolveScopes` when the plan needs them, then `PlaceBuffers`,
`SubmitWriters` and `BatchCreates` in one walk, then `KeepCreatorOrder` when a manual task's
output became a create; `apply` then runs add-retain-edges.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    ModuleOp,
    TensorType,
    i32,
)
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.carry_plan import own_variable
from pypto_dialects.diagnostics import describe_value, file_position, location_of, pass_error
from pypto_dialects.orch import ArgDirection, ArgDirectionAttr, CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import copy_name
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.tensor import MAX_ALLOC_BATCH, AllocTensorsOp, AllocYieldOp, CreateOp, DimOp
from pypto_dialects.transforms.add_retain_edges import (
    AddRetainEdges,
    Origin,
    Threader,
)
from pypto_dialects.transforms.allocation_guards import (
    Guard,
    allocate_guarded,
    plan_guards,
    unit_creates,
)
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker

Unit = CreateOp | AllocTensorsOp
"""What moves out of a scope: a create, or a batch written by hand (all its buffers)."""

Task = CallOp | SubmitOp


def _move(rewriter: PatternRewriter, op: Operation, where: InsertPoint) -> None:
    """Move `op` to `where`: detached, then inserted through the rewriter (its listener sees
    a move as an insertion)."""
    op.detach()
    rewriter.insert(op, where)


# --------------------------------------------------------------------------- batches


def _entry_extent(value: SSAValue, block: Block, entry: Block) -> Operation | bool | None:
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


def _insert_batches(rewriter: PatternRewriter, creates: list[CreateOp], where: InsertPoint) -> None:
    """Move `creates` into batches of at most 16, inserted at `where` in order (each located
    at its first create); each create's uses and name go to its batch result (its users are
    reported modified)."""
    for start in range(0, len(creates), MAX_ALLOC_BATCH):
        chunk = creates[start : start + MAX_ALLOC_BATCH]
        for c in chunk:
            if c.parent is not None:
                c.detach()
        batch = AllocTensorsOp(chunk)  # (located at its first create)
        batch.task_id.name_hint = "alloc"
        rewriter.insert(batch, where)
        term = batch.body.block.last_op
        for c, r in zip(chunk, batch.tensors):
            rewriter.replace_uses_with_if(c.result, r, lambda use: use.operation is not term)
            copy_name(c.result, r)
            c.result.name_hint = None


@dataclass(eq=False)
class BatchCreates(RewritePattern):
    """On the last op of a block (its terminator; not a batch's `pto_tensor.yield`): erases
    the block's creates whose result is unused, moves those whose extents are known at the
    block's entry (`_entry_extent`; the `arith.constant`s and argument `pto_tensor.dim`s
    they need move first) into batches of at most 16 at the start of the block, in program
    order, and every other create into a batch of its own where it stands (rules 2 to 4 of
    docs/passes/batch-tensor-allocations.md). Creates already in a batch stay. Matching the
    last op lets the walk (pre-order) first finish every other change in and under the
    block: blocks are batched once the buffers leaving their scopes have moved. `entry` is
    the function's entry block; `creates`, when given, the creates of each block (in order,
    as `HoistPlan` found them: nothing moved since), else each block is read. Raises
    nothing."""

    entry: Block
    creates: dict[Block, list[CreateOp]] | None = None

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.next_op is not None:
            return
        block = op.parent_block()
        if block is None:
            return
        if self.creates is not None:
            creates = self.creates.get(block)
        elif not isinstance(op, AllocYieldOp):
            creates = [c for c in block.ops if isinstance(c, CreateOp)]
        else:
            return
        if not creates:
            return
        inside: list[CreateOp] = []  # the entry batch, at the start of `block`
        moved_in: list[Operation] = []
        for c in creates:
            if c.result.first_use is None:
                rewriter.erase(c)  # allocates nothing
                continue
            known = [_entry_extent(v, block, self.entry) for v in c.dynamic_sizes]
            if all(k is not False for k in known):
                inside.append(c)
                for k in known:
                    if isinstance(k, Operation) and k not in moved_in:
                        moved_in.append(k)
            else:  # an extent computed in the block: allocated in place
                nxt = c.next_op
                assert nxt is not None
                _insert_batches(rewriter, [c], InsertPoint.before(nxt))
        if not inside:
            return
        for o in [*moved_in, *inside]:
            o.detach()
        start = InsertPoint.at_start(block)
        for o in moved_in:
            rewriter.insert(o, start)
        _insert_batches(rewriter, inside, start)


# --------------------------------------------------------------------------- leaving buffers


def _defined_in(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined inside `op`'s regions (at any depth)."""
    owner: Operation | Block | None
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
    else:
        owner = value.owner
    return owner is not None and owner is not op and op.is_ancestor(owner)


def _leaving(scope: ScopeOp, edges: Callable[[SSAValue], list[storage.Edge]]) -> list[OpResult]:
    """The buffers created in `scope` (at any depth) that may outlive it: the storage roots
    (`pto_tensor.create` results and runtime-allocated task outputs) of the tensors its
    `pto_rt.yield` yields (except for a result that is only returned by the function: the
    C++ returns nothing), in the order found. A value defined in a region cannot be used after
    it, so the scope's results are the only way out; loop carries and if results inside the
    scope reach them through the storage edges. For a manual scope, also the creates directly
    in it that a loop carry or if result directly in it may start as (the C++ declares that
    variable before the scope's header, with the buffer as its initial value).

    The search is storage_roots.reachable's (back, depth first, each value's edges in order),
    reading `edges` (storage_roots.edges, memoized for the function by the caller: the
    searches of nested scopes cross the same values). It stops at values defined outside
    the scope: those were defined before it, so none of them is a buffer created in it. That
    keeps each query to the scope's own ops."""
    ys = yield_values(scope)
    starts = [v for v, r in zip(ys, scope.res) if isinstance(v.type, TensorType) and _used(r)]
    out: list[OpResult] = []
    found: set[SSAValue] = set()

    def search(values: list[SSAValue], direct: bool) -> None:
        seen: set[SSAValue] = set()
        stack = list(reversed(values))
        while stack:
            v = stack.pop()
            if v in seen or not _defined_in(v, scope):
                continue
            seen.add(v)
            links = edges(v)
            stack.extend(w for _, w in reversed(links))
            if v in found or not isinstance(v, OpResult) or links:
                continue
            if not isinstance(v.op, CreateOp | CallOp | SubmitOp):
                continue
            if not direct or (isinstance(v.op, CreateOp) and v.op.parent_op() is scope):
                found.add(v)
                out.append(v)

    search(starts, False)
    if scope.is_manual:
        carried: list[SSAValue] = [
            r
            for op in scope.body.block.ops
            if isinstance(op, scf.ForOp | scf.IfOp)
            for r in op.results
            if isinstance(r.type, TensorType)
        ]
        search(carried, True)
    return out


def _used(value: SSAValue) -> bool:
    """False when every use of `value` is a `func.return` (directly or through enclosing
    scopes' yields): the C++ prints no return value, so nothing reads it after the scope. A
    value without any use counts as used (conservative: hoisting costs only memory)."""
    if value.first_use is None:
        return True
    for use in value.uses:
        op = use.operation
        if isinstance(op, func.ReturnOp):
            continue
        if isinstance(op, ScopeYieldOp):
            owner = op.parent_op()
            res = owner.res[use.index] if isinstance(owner, ScopeOp) else None
            if res is not None and res.first_use is not None and not _used(res):
                continue
        return True
    return False


def _explicit_outputs(
    task: Task, symbols: SymbolTableCollection, rewriter: PatternRewriter
) -> list[CreateOp]:
    """Make every runtime-allocated output of `task` an explicit `pto_tensor.create` right
    before the task (inserted, located at the task), passed as `out` (all of them: arguments
    are positional, and a task whose only runtime-allocated outputs are unused would capture
    its `TaskOutputTensors` for nothing); the task is reported modified. The task's results
    stay the same SSA values; their storage root is now the create."""
    kernel = task.kernel(symbols)
    params = kernel.result_param_indices()
    by_param = dict(zip(params, task.kernel_result_values()))
    n = len(task.args)
    new: list[SSAValue] = []
    creates: list[CreateOp] = []
    for i in range(n, len(kernel.param_types)):
        t = kernel.param_types[i]
        assert isinstance(t, TensorType)
        c = CreateOp(t)
        c.location = task.location
        res = by_param.get(i)
        if res is not None:
            c.result.name_hint = res.name_hint
        new.append(c.result)
        creates.append(c)
    rewriter.insert(creates, InsertPoint.before(task))
    segments = task.properties["operandSegmentSizes"]
    assert isinstance(segments, DenseArrayBase)
    sizes = [int(n) for n in segments.get_values()]
    sizes[0] += len(new)
    task.operands = [*task.args, *new, *task.operands[n:]]
    task.properties["operandSegmentSizes"] = DenseArrayBase.from_list(i32, sizes)
    dirs = task.directions()
    if dirs is not None:
        dirs = [*dirs, *[ArgDirection.OUT] * len(new)]
        task.properties["arg_dirs"] = ArrayAttr([ArgDirectionAttr(d) for d in dirs])
    rewriter.notify_op_modified(task)
    return creates


def _in_manual(op: Operation) -> bool:
    cur = op.parent_op()
    while cur is not None:
        if isinstance(cur, ScopeOp) and cur.is_manual:
            return True
        cur = cur.parent_op()
    return False


def _unit(create: CreateOp) -> Unit:
    batch = create.parent_op()
    return batch if isinstance(batch, AllocTensorsOp) else create


def _pure(op: Operation) -> bool:
    """An op that only computes a scalar from its operands: arith, or `pto_tensor.dim`."""
    if op.regions or any(isinstance(r.type, TensorType) for r in op.results):
        return False
    return op.name.startswith("arith.") or isinstance(op, DimOp)


def _size_ops(
    unit: Unit,
    out_of: Operation,
    moved: dict[Operation, Operation],
    conds: Sequence[SSAValue] = (),
) -> list[Operation] | tuple[SSAValue, SSAValue]:
    """The pure ops (operands first) inside `out_of` that compute `unit`'s extents and the
    conditions `conds` it is allocated under, to move with it; or (extent or condition, the
    value it depends on that is only known inside `out_of`). `moved` maps the ops an earlier
    placement moves to the op they go before."""
    ops: list[Operation] = []
    seen: set[Operation] = set()

    def inside(v: SSAValue) -> bool:
        if isinstance(v, OpResult) and v.op in moved:
            to = moved[v.op]  # right before `to`, in its block
            return to is not out_of and out_of.is_ancestor(to)
        return _defined_in(v, out_of)

    def need(v: SSAValue) -> SSAValue | None:
        if not inside(v):
            return None
        if not isinstance(v, OpResult) or not _pure(v.op):
            return v
        if v.op in seen:
            return None
        for o in v.op.operands:
            bad = need(o)
            if bad is not None:
                return bad
        seen.add(v.op)
        ops.append(v.op)
        return None

    for v in [*conds, *(v for c in unit_creates(unit) for v in c.dynamic_sizes)]:
        bad = need(v)
        if bad is not None:
            return (v, bad)
    return ops


def _line(op: Operation) -> str:
    loc = file_position(op.location)
    if loc is not None:
        return f"line {loc.line.data}"
    return location_of(op)


def _op_name(op: Operation) -> str:
    if isinstance(op, ScopeOp):
        return f"the 'pto_rt.scope {'manual' if op.is_manual else 'auto'}' at {_line(op)}"
    return f"the '{op.name}' at {_line(op)}"


def _located(unit: Unit) -> Operation:
    if isinstance(unit, AllocTensorsOp):
        return unit.creates()[0]
    return unit


class HoistPlan:
    """Where the buffers that leave a scope go, in one orchestration function (entry block
    `body`; `symbols` resolves the kernels of its tasks), decided in steps between the walks
    that make the changes (`_allocate`); each step reads the IR as the walks before it left
    it, and raises its located PassFailedExceptions before any change it plans.

    Built with one walk (`scopes`, and each block's `creates` outside batches for
    `BatchCreates`). `find_leaving` (one search per scope): the buffers each scope lets out
    (`_leaving`), and `outputs`, the tasks whose runtime-allocated outputs are among them
    (`MakeOutputsExplicit` makes them creates, filling `converted`; the search then runs
    again). `plan_dissolves`: `leaves` (each leaving create, or hand-written batch, with the
    scopes it leaves, outermost first) and `dissolved`, the scopes a loop carrying a buffer
    out of them makes go (`DissolveScopes`); a user's manual scope among them is an error.
    `plan_places`: `groups`, for each scope the buffers it lets out go before, the pure ops
    computing their extents and the buffers, in order (`PlaceBuffers`), and `guarded`, for
    each buffer with a dynamic extent created in `scf.if` branches, the branches and the
    pure ops in them to clone (`allocation_guards.allocate_guarded`); an extent or condition
    only known inside is an error. `writers`: the converted tasks still in a manual scope
    (`SubmitWriters` makes them submits, `KeepCreatorOrder` orders their readers)."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols
        self.scopes: list[ScopeOp] = []
        self.creates: dict[Block, list[CreateOp]] = {}  # the creates of each block, in order
        self._collect(body)
        self.roots: list[tuple[ScopeOp, list[OpResult]]] = []
        self.outputs: dict[Task, None] = {}
        self.converted: dict[Task, list[CreateOp]] = {}
        self.leaves: dict[Unit, list[ScopeOp]] = {}
        self.dissolved: dict[ScopeOp, None] = {}
        self.groups: dict[Operation, list[tuple[Unit, list[Operation]]]] = {}
        self.guarded: dict[Unit, tuple[list[Guard], list[list[Operation]]]] = {}
        self.writers: dict[Task, frozenset[CreateOp]] = {}
        self.submits: dict[Task, SubmitOp] = {}

    def _collect(self, block: Block) -> None:
        """`scopes` and `creates` for the ops of `block` and their regions, in program
        order (a loop, not Operation.walk's generators: this reads every op); the creates
        in batches are left out."""
        for op in block.ops:
            regions = op.regions
            if not regions:
                if isinstance(op, CreateOp):
                    self.creates.setdefault(block, []).append(op)
                continue
            if isinstance(op, AllocTensorsOp):
                continue  # its creates are batched already
            if isinstance(op, ScopeOp):
                self.scopes.append(op)
            for region in regions:
                for b in region.blocks:
                    self._collect(b)

    def find_leaving(self) -> None:
        """The roots each scope lets out (`roots`, scopes in program order) and the tasks
        whose runtime-allocated outputs are among them (`outputs`, with their kernels looked
        up: one that does not resolve raises its VerifyException here)."""
        self.roots = []
        memo: dict[SSAValue, list[storage.Edge]] = {}
        symbols = self.symbols

        def edges(v: SSAValue) -> list[storage.Edge]:
            got = memo.get(v)
            if got is None:
                got = memo[v] = storage.edges(v, symbols)
            return got

        for scope in self.scopes:
            found = _leaving(scope, edges)
            self.roots.append((scope, found))
            for root in found:
                if isinstance(root.op, CallOp | SubmitOp) and root.op not in self.outputs:
                    root.op.kernel(self.symbols)
                    self.outputs[root.op] = None

    def plan_dissolves(self) -> None:
        """`leaves` and `dissolved` (class docstring), from `roots` once every leaving task
        output is a create."""
        for scope, found in self.roots:
            for root in found:
                op: Operation | Block = root.op
                if isinstance(op, CallOp | SubmitOp):
                    create = storage.returned_arg(op, root.index, self.symbols)
                    assert create is not None
                    op = create.owner
                assert isinstance(op, CreateOp)
                self.leaves.setdefault(_unit(op), []).append(scope)
        for unit, scopes in self.leaves.items():
            self._dissolve_for(unit, scopes)

    def _dissolve_for(self, unit: Unit, scopes: list[ScopeOp]) -> None:
        """Dissolve the scopes between a loop that carries `unit`'s buffer and the outermost
        scope the buffer leaves, that one included: each iteration of the loop allocates a
        buffer of its own, so the buffer cannot move out of the loop; the scopes around the
        loop, up to the outermost, go instead, and the buffer is allocated in the scope
        around that one. The ancestors are read as the earlier dissolves leave them."""
        alive = [s for s in scopes if s not in self.dissolved]
        if not alive:
            return
        outer = alive[0]
        chain: list[Operation] = []  # the ancestors of `unit` inside `outer`, innermost first
        cur = unit.parent_op()
        while cur is not None and cur is not outer:
            if cur not in self.dissolved:
                chain.append(cur)
            cur = cur.parent_op()
        loops = [k for k, op in enumerate(chain) if isinstance(op, scf.ForOp)]
        if not loops:
            return
        loop = chain[loops[0]]
        doomed = [op for op in chain[loops[0] + 1 :] if isinstance(op, ScopeOp)] + [outer]
        for s in doomed:
            if s.is_manual and s.compiler_owned is None:
                raise pass_error(
                    _located(unit),
                    f"allocates a buffer that leaves {_op_name(s)} through the carries of "
                    f"{_op_name(loop)}, which runs inside that scope: "
                    "every iteration allocates a new buffer and the runtime frees each when "
                    "the manual scope ends, but the last one is used after it; create the "
                    "buffers before the manual scope (e.g. two buffers swapped through the "
                    "carries), or end the manual scope before the loop",
                )
        for s in doomed:
            self.dissolved[s] = None

    def plan_places(self) -> None:
        """`groups` and `writers` (class docstring), once the scopes to dissolve are gone: a
        buffer goes before the outermost scope it leaves that is still there, the groups in
        the order their first buffers were found. An extent computed by an op a group moves
        is read where that op goes (`_size_ops`' `moved`); an op moved by two groups goes
        with the last one only."""
        units: dict[Operation, list[Unit]] = {}
        for unit, scopes in self.leaves.items():
            alive = [s for s in scopes if s not in self.dissolved]
            if alive:
                units.setdefault(alive[0], []).append(unit)
        moved: dict[Operation, Operation] = {}
        for before, group in units.items():
            placed: list[tuple[Unit, list[Operation]]] = []
            for unit in group:
                path, levels = plan_guards(unit, before, partial(_size_ops, unit, before, moved))
                if isinstance(levels, tuple):
                    raise _unplaceable(unit, before, *levels, path)
                if path:  # the ops in its branches are cloned under the same conditions
                    self.guarded[unit] = (path, levels)
                ops = levels[0]
                for op in ops:
                    moved[op] = before
                placed.append((unit, ops))
            self.groups[before] = placed
        for before, placed in self.groups.items():
            self.groups[before] = [
                (unit, [op for op in ops if moved[op] is before]) for unit, ops in placed
            ]
        self.writers = {  # in the order their outputs were found
            t: frozenset(self.converted[t]) for t in self.outputs if _in_manual(t)
        }


def _unplaceable(
    unit: Unit, before: Operation, value: SSAValue, bad: SSAValue, path: Sequence[Guard]
) -> Exception:
    if isinstance(bad, OpResult):
        why = f"computed by '{bad.op.name}' at {_line(bad.op)}"
    else:
        why = "a block argument there"
    dep = "" if bad is value else f" depends on {describe_value(bad)}, which"
    guard = next((g for g, _ in path if g.cond is value), None)
    if guard is None:
        what, fix = f"its extent {describe_value(value)}", "the extent"
    else:  # a dynamic extent is allocated under the conditions of its branches
        where = _op_name(guard)
        what = f"the condition {describe_value(value)} of {where}, which it is allocated under,"
        fix = "the condition"
    return pass_error(
        _located(unit),
        f"allocates a buffer that leaves {_op_name(before)} (it is used after "
        f"it), so it must be allocated before that op, but {what}{dep} is only known "
        f"inside it ({why}): compute {fix} before that op",
    )


@dataclass(eq=False)
class MakeOutputsExplicit(RewritePattern):
    """On a task in `plan.outputs`: makes its runtime-allocated outputs explicit creates
    (`_explicit_outputs`: the creates are inserted before it, it is modified) and records
    them in `plan.converted`. Other ops are left alone. Raises nothing (`plan` resolved the
    kernels)."""

    plan: HoistPlan

    @op_type_rewrite_pattern
    def match_and_rewrite(self, task: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        if task in self.plan.outputs:
            self.plan.converted[task] = _explicit_outputs(task, self.plan.symbols, rewriter)


@dataclass(eq=False)
class DissolveScopes(RewritePattern):
    """On a `pto_rt.scope` in `plan.dissolved`: replaces it by its body (the body's ops are
    inlined before it, its `pto_rt.yield` is erased, its results are replaced by the values
    it yielded, which take a result's name when they have none). Other ops are left alone.
    Raises nothing."""

    plan: HoistPlan

    @op_type_rewrite_pattern
    def match_and_rewrite(self, scope: ScopeOp, rewriter: PatternRewriter) -> None:
        if scope not in self.plan.dissolved:
            return
        block = scope.body.block
        term = block.last_op
        values = list(term.operands) if term is not None else []
        if term is not None:
            rewriter.erase(term)
        rewriter.inline_block(block, InsertPoint.before(scope))
        rewriter.replace(scope, [], values)


@dataclass(eq=False)
class PlaceBuffers(RewritePattern):
    """On a scope `plan.groups` names: moves, for each buffer in its group in order, the
    pure ops computing its extents and a hand-written batch in front of the scope, then the
    group's creates into batches of at most 16 there (located at their first create; their
    users are reported modified). A buffer `plan.guarded` names is allocated there under its
    branches' conditions instead (`allocate_guarded`), and the ops it cloned that nothing
    reads any more are erased. Other ops are left alone. Raises nothing."""

    plan: HoistPlan

    @op_type_rewrite_pattern
    def match_and_rewrite(self, scope: ScopeOp, rewriter: PatternRewriter) -> None:
        group = self.plan.groups.get(scope)
        if group is None:
            return
        where = InsertPoint.before(scope)
        creates: list[CreateOp] = []
        cloned: list[Operation] = []
        for unit, ops in group:
            for op in ops:
                _move(rewriter, op, where)
            guarded = self.plan.guarded.get(unit)
            if guarded is not None:
                allocate_guarded(rewriter, unit, *guarded, where)
                cloned.extend(op for ops in guarded[1][1:] for op in ops)
            elif isinstance(unit, CreateOp):
                unit.detach()
                creates.append(unit)
            else:
                _move(rewriter, unit, where)
        if creates:
            _insert_batches(rewriter, creates, where)
        for op in reversed(cloned):  # the originals no one reads any more
            if op.parent is not None and all(r.first_use is None for r in op.results):
                rewriter.erase(op)


@dataclass(eq=False)
class SubmitWriters(RewritePattern):
    """On a `pto_orch.call` in `plan.writers` (a task in a manual scope whose
    runtime-allocated output became a create): replaces it by a `pto_orch.submit`
    (`CallOp.as_submit`), so that the readers of that buffer outside manual scopes can
    depend on its TaskId; records the submit in `plan.submits`. Raises nothing."""

    plan: HoistPlan

    @op_type_rewrite_pattern
    def match_and_rewrite(self, task: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        if task not in self.plan.writers:
            return
        first = task.results[0].name_hint if task.results else None
        submit = task.as_submit(rewriter)
        if submit is not task:  # names as xDSL's Rewriter.replace_op gives them
            for r in submit.results:
                if r.name_hint is None:
                    r.name_hint = first
        self.plan.submits[task] = submit


@dataclass(eq=False)
class KeepCreatorOrder(RewritePattern):
    """A runtime-allocated output has its task as creator, so in an AUTO scope every later
    task that uses it waits for that task (the creator edge), even when the task ran in a
    manual scope, which records no writer. Once the output is an explicit create, the
    creator is the allocation: on each task outside manual scopes that uses such a buffer
    (`writers`: each writer's submit with its creates), this pattern appends to its
    `compiler_deps` the writer's TaskId, carried to it like a retain edge (`threader`,
    which may replace loops, ifs and scopes on the way); the task is reported modified.
    Other ops are left alone. Raises nothing."""

    writers: list[tuple[SubmitOp, frozenset[CreateOp]]]
    threader: Threader

    @op_type_rewrite_pattern
    def match_and_rewrite(self, user: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        if _in_manual(user):
            return
        sources = self.threader.sources
        add: list[SSAValue] = []
        for writer, creates in self.writers:
            for i in range(len(user.args)):
                value = user.args[i]
                if not isinstance(value.type, TensorType):
                    continue
                if not any(c in creates for c, _ in sources.of(value)):
                    continue
                origin = Origin(writer, writer.task_id, creates, "tid")
                tid = self.threader.of(value, origin, rewriter)
                if tid is not None and tid not in add and tid not in user.compiler_deps:
                    add.append(tid)
        add = self.threader.live_new(add, user.compiler_deps)
        if add:
            user.add_compiler_deps(add)
            rewriter.notify_op_modified(user)


def _walk(
    pattern: RewritePattern,
    region: Region,
    listener: PatternRewriterListener | None,
    post_order: bool = False,
    op_types: tuple[type[Operation], ...] = (Operation,),
    may_act: Callable[[Operation], bool] | None = None,
) -> None:
    TypedRewriteWalker(
        pattern,
        walk_regions_first=post_order,
        apply_recursively=False,
        op_types=op_types,
        listener=listener or PatternRewriterListener(),
        may_act=may_act,
    ).rewrite_region(region)


def _may_batch(plan: HoistPlan, moved: bool, op: Operation) -> bool:
    """Whether the batching walk's patterns may change `op` (its `may_act`): the last op of
    a block (BatchCreates; of a block with creates, as `plan.creates` lists them, when nothing
    moved before the walk), or a scope or task the plan names (PlaceBuffers, SubmitWriters).
    The last op of a block is its terminator, which no rewrite of the walk replaces, so no
    other op becomes one before the walk reaches it."""
    if op.next_op is not None:
        return moved and (op in plan.groups or op in plan.writers)
    return moved or op.parent in plan.creates


_TASKS = (CallOp, SubmitOp)
"""The ops MakeOutputsExplicit and KeepCreatorOrder act on (their walks visit only these)."""


def _allocate(
    function: func.FuncOp, symbols: SymbolTableCollection, listener: PatternRewriterListener | None
) -> None:
    """Plan and rewrite one orchestration function (the steps of `HoistPlan`, each walk
    only when it has something to do)."""
    body = function.body
    plan = HoistPlan(body.block, symbols)
    plan.find_leaving()
    if plan.outputs:
        _walk(MakeOutputsExplicit(plan), body, listener, op_types=_TASKS)
        plan.find_leaving()  # the outputs are creates now
    plan.plan_dissolves()
    if plan.dissolved:
        _walk(DissolveScopes(plan), body, listener, True, (ScopeOp,))  # inner scopes first
    plan.plan_places()
    moved = bool(plan.converted or plan.dissolved or plan.groups)
    if plan.creates or moved:
        # the creates HoistPlan found are each block's unless the walks before moved some
        pattern: RewritePattern = BatchCreates(body.block, None if moved else plan.creates)
        if plan.groups or plan.writers:
            patterns = [PlaceBuffers(plan), SubmitWriters(plan), pattern]
            pattern = GreedyRewritePatternApplier(patterns, dce_enabled=False)
        _walk(pattern, body, listener, may_act=partial(_may_batch, plan, moved))
    if plan.writers:
        writers = [(plan.submits[t], creates) for t, creates in plan.writers.items()]
        sources = storage.CreateSources(symbols, own_variable)
        _walk(KeepCreatorOrder(writers, Threader(sources)), body, listener, op_types=_TASKS)


@dataclass(frozen=True)
class BatchTensorAllocations(ModulePass):
    """In orchestration functions, allocate every buffer that leaves a `pto_rt.scope` before
    the outermost scope it leaves (a runtime-allocated task output that leaves becomes an
    explicit create), move every used `pto_tensor.create` into a `pto_tensor.alloc_tensors`
    batch (one runtime allocation task per batch) and erase the unused ones; then add the
    retain edges manual-scope tasks need (add-retain-edges), because a batch's buffer
    outlives its allocation task only while the tasks that use it are ordered after that
    task. Idempotent (creates already in a batch stay). A buffer that cannot move before the
    scope it leaves (carried out of a user's manual scope by a loop inside it, or an extent
    only known inside) is a located PassFailedException."""

    name = "batch-tensor-allocations"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)
        # A pass keeps the program's meaning: without the retain edges a manual-scope task
        # would let the runtime reuse a batch's memory while the task still reads it.
        AddRetainEdges().apply(ctx, op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """The allocation part of the pass (everything but add-retain-edges, which `apply`
        runs after it as a pass of its own): for each orchestration function of `module`,
        plan it (`HoistPlan`) and apply the patterns (module docstring); `listener`, when
        given, also sees every change the rewriter makes. Raises the plan's first located
        error."""
        symbols = SymbolTableCollection()
        for function in orchestration_functions(module):
            if function.body.blocks:
                _allocate(function, symbols, listener)
