"""`batch-tensor-allocations`: no buffer outlives the scope that allocates it, and each
block's `pto_tensor.create`s are grouped into `pto_tensor.alloc_tensors` batches. A buffer
that leaves a `pto_rt.scope` (auto or manual, through its results: loop carries, if results,
nested scopes) is allocated before the outermost scope it leaves; a runtime-allocated task
output that leaves its scope becomes an explicit create first. Rules:
docs/passes/batch-tensor-allocations.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    ModuleOp,
    TensorType,
    i32,
)
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.diagnostics import describe_value, file_position, location_of, pass_error
from pypto_dialects.orch import ArgDirection, ArgDirectionAttr, CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import copy_name
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.tensor import MAX_ALLOC_BATCH, AllocTensorsOp, CreateOp, DimOp
from pypto_dialects.transforms.add_retain_edges import (
    AddRetainEdges,
    BufferSources,
    Origin,
    Threader,
)

Unit = CreateOp | AllocTensorsOp
"""What moves out of a scope: a create, or a batch written by hand (all its buffers)."""


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


def _place(ops: list[Operation], before: Operation | None, host: Block) -> None:
    for op in ops:
        if before is None:
            host.add_op(op)
        else:
            host.insert_op_before(op, before)


def _batch_block(block: Block, entry: Block) -> None:
    """Batch the creates directly in `block` (rules 2 and 4), then its nested blocks."""
    creates = [op for op in block.ops if isinstance(op, CreateOp)]
    inside: list[CreateOp] = []  # the entry batch, at the start of `block`
    moved_in: list[Operation] = []
    for c in creates:
        if c.result.first_use is None:
            c.detach()
            c.erase()  # allocates nothing
            continue
        known = [_entry_extent(v, block, entry) for v in c.dynamic_sizes]
        if all(k is not False for k in known):
            inside.append(c)
            for k in known:
                if isinstance(k, Operation) and k not in moved_in:
                    moved_in.append(k)
        else:  # an extent computed in the block: allocated in place
            nxt = c.next_op
            assert nxt is not None
            _batch([c], nxt, block)
    for op in [*moved_in, *inside]:
        op.detach()
    before = block.first_op
    _place(moved_in, before, block)
    if inside:
        _batch(inside, before, block)
    for op in list(block.ops):
        if isinstance(op, AllocTensorsOp):
            continue
        for region in op.regions:
            for b in region.blocks:
                _batch_block(b, entry)


# --------------------------------------------------------------------------- leaving buffers


def _defined_in(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined inside `op`'s regions (at any depth)."""
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
    else:
        owner = value.owner
    return owner is not None and owner is not op and op.is_ancestor(owner)  # type: ignore[arg-type]


def _leaving(scope: ScopeOp, symbols: SymbolTableCollection) -> list[OpResult]:
    """The buffers created in `scope` (at any depth) that may outlive it: the storage roots
    (`pto_tensor.create` results and runtime-allocated task outputs) of the tensors its
    `pto_rt.yield` yields (except for a result that is only returned by the function: the
    C++ returns nothing), in the order found. A value defined in a region cannot be used after
    it, so the scope's results are the only way out; loop carries and if results inside the
    scope reach them through the storage edges. For a manual scope, also the creates directly
    in it that a loop carry or if result directly in it may start as (the C++ declares that
    variable before the scope's header, with the buffer as its initial value).

    The search (storage_roots.reachable, back, each value's edges in order) stops at values
    defined outside the scope: those were defined before it, so none of them is a buffer
    created in it. That keeps each query to the scope's own ops."""
    ys = yield_values(scope)
    starts = [v for v, r in zip(ys, scope.res) if isinstance(v.type, TensorType) and _used(r)]
    out: list[OpResult] = []
    found: set[SSAValue] = set()

    def inside(v: SSAValue) -> bool:
        return _defined_in(v, scope)

    def search(values: list[SSAValue], direct: bool) -> None:
        for v in storage.reachable(values, symbols, within=inside, in_order=True):
            if v in found or not isinstance(v, OpResult):
                continue
            if not isinstance(v.op, CreateOp | CallOp | SubmitOp) or storage.edges(v, symbols):
                continue
            if not direct or (isinstance(v.op, CreateOp) and v.op.parent_op() is scope):
                found.add(v)
                out.append(v)

    search(starts, False)
    if scope.is_manual:
        carried = [
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


def _explicit_outputs(task: CallOp | SubmitOp, symbols: SymbolTableCollection) -> list[CreateOp]:
    """Make every runtime-allocated output of `task` an explicit `pto_tensor.create` right
    before the task, passed as `out` (all of them: arguments are positional, and a task
    whose only runtime-allocated outputs are unused would capture its `TaskOutputTensors`
    for nothing). The task's results stay the same SSA values; their storage root is now the
    create."""
    kernel = task.kernel(symbols)
    params = kernel.result_param_indices()
    by_param = dict(zip(params, task.kernel_result_values()))
    n = len(task.args)
    block = task.parent_block()
    assert block is not None
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
        block.insert_op_before(c, task)
        new.append(c.result)
        creates.append(c)
    sizes = list(task.properties["operandSegmentSizes"].get_values())  # type: ignore[attr-defined]
    sizes[0] += len(new)
    task.operands = [*task.args, *new, *task.operands[n:]]
    task.properties["operandSegmentSizes"] = DenseArrayBase.from_list(i32, sizes)
    dirs = task.directions()
    if dirs is not None:
        dirs = [*dirs, *[ArgDirection.OUT] * len(new)]
        task.properties["arg_dirs"] = ArrayAttr([ArgDirectionAttr(d) for d in dirs])
    return creates


def _in_manual(op: Operation) -> bool:
    cur = op.parent_op()
    while cur is not None:
        if isinstance(cur, ScopeOp) and cur.is_manual:
            return True
        cur = cur.parent_op()
    return False


def _keep_creator_order(func_body: Block, converted: dict[CallOp | SubmitOp, list[CreateOp]],
                        symbols: SymbolTableCollection) -> None:
    """A runtime-allocated output has its task as creator, so in an AUTO scope every later
    task that uses it waits for that task (the creator edge), even when the task ran in a
    manual scope, which records no writer. Once the output is an explicit create, the
    creator is the allocation: each task outside manual scopes that uses the buffer gets a
    compiler edge to the writer instead (its TaskId carried to it like a retain edge)."""
    manual = {t: cs for t, cs in converted.items() if _in_manual(t)}
    if not manual:
        return
    writers = [(t.as_submit(), frozenset(cs)) for t, cs in manual.items()]
    sources = BufferSources(symbols)
    threader = Threader(sources)
    users = [
        op for op in func_body.walk()
        if isinstance(op, CallOp | SubmitOp) and not _in_manual(op)
    ]
    for user in users:
        add: list[SSAValue] = []
        for writer, creates in writers:
            for i, value in enumerate(list(user.args)):
                value = user.args[i]
                if not isinstance(value.type, TensorType):
                    continue
                if not any(c in creates for c, _ in sources.of(value)):
                    continue
                tid = threader.of(value, Origin(writer, writer.task_id, creates, "tid"))
                if tid is not None and tid not in add and tid not in user.compiler_deps:
                    add.append(tid)
        user.add_compiler_deps(add)


def _unit(create: CreateOp) -> Unit:
    batch = create.parent_op()
    return batch if isinstance(batch, AllocTensorsOp) else create


def _pure(op: Operation) -> bool:
    """An op that only computes a scalar from its operands: arith, or `pto_tensor.dim`."""
    if op.regions or any(isinstance(r.type, TensorType) for r in op.results):
        return False
    return op.name.startswith("arith.") or isinstance(op, DimOp)


def _size_ops(
    unit: Unit, out_of: Operation
) -> list[Operation] | tuple[SSAValue, SSAValue]:
    """The pure ops (operands first) inside `out_of` that compute `unit`'s extents, to move
    with it; or (extent, the value it depends on that is only known inside `out_of`)."""
    ops: list[Operation] = []
    seen: set[Operation] = set()

    def need(v: SSAValue) -> SSAValue | None:
        if not _defined_in(v, out_of):
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

    creates = unit.creates() if isinstance(unit, AllocTensorsOp) else [unit]
    for c in creates:
        for v in c.dynamic_sizes:
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


def _dissolve(scope: ScopeOp) -> None:
    """Replace an auto (or compiler-owned manual) scope by its body: its ops move in front of
    it and its results become the values it yields."""
    host = scope.parent_block()
    assert host is not None
    term = scope.body.block.last_op
    values = list(term.operands) if term is not None else []
    for op in list(scope.body.block.ops):
        if op is term:
            break
        op.detach()
        host.insert_op_before(op, scope)
    for r, v in zip(scope.res, values):
        if v.name_hint is None:
            v.name_hint = r.name_hint
        r.replace_all_uses_with(v)
    scope.detach()
    scope.erase()


class _Hoister:
    """Moves every buffer that leaves a scope in front of the outermost scope it leaves (or,
    when a loop inside that scope carries it, in front of the loop body's outermost scope it
    leaves, dissolving the scopes around the loop up to that outermost one)."""

    def __init__(self, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols
        self.dissolved: set[ScopeOp] = set()
        self.groups: dict[Operation, list[Unit]] = {}  # the op a group goes before -> units
        self.converted: dict[CallOp | SubmitOp, list[CreateOp]] = {}  # task -> its new creates

    def run(self, func_body: Block) -> None:
        leaves: dict[Unit, list[ScopeOp]] = {}  # unit -> the scopes it leaves, outermost first
        for scope in [op for op in func_body.walk() if isinstance(op, ScopeOp)]:
            for root in _leaving(scope, self.symbols):
                op = root.op
                if isinstance(op, CallOp | SubmitOp):
                    self.converted[op] = _explicit_outputs(op, self.symbols)
                    create = storage.returned_arg(op, root.index, self.symbols)
                    assert create is not None
                    op = create.owner
                assert isinstance(op, CreateOp)
                leaves.setdefault(_unit(op), []).append(scope)
        # First every scope that must go (a loop inside it carries a buffer out), then the
        # places: a buffer goes before the outermost scope it leaves that is still there.
        for unit, scopes in leaves.items():
            self._dissolve_for(unit, scopes)
        for unit, scopes in leaves.items():
            alive = [s for s in scopes if s not in self.dissolved]
            if alive:
                self.groups.setdefault(alive[0], []).append(unit)
        for before, units in self.groups.items():
            self._place(before, units)
        _keep_creator_order(func_body, self.converted, self.symbols)

    def _dissolve_for(self, unit: Unit, scopes: list[ScopeOp]) -> None:
        """Dissolve the scopes between a loop that carries `unit`'s buffer and the outermost
        scope the buffer leaves, that one included (see the class docstring)."""
        alive = [s for s in scopes if s not in self.dissolved]
        if not alive:
            return
        outer = alive[0]
        chain: list[Operation] = []  # the ancestors of `unit` inside `outer`, innermost first
        cur = unit.parent_op()
        while cur is not None and cur is not outer:
            chain.append(cur)
            cur = cur.parent_op()
        loops = [k for k, op in enumerate(chain) if isinstance(op, scf.ForOp)]
        if not loops:
            return
        # Each iteration of the loop allocates a buffer of its own, so the buffer cannot move
        # out of the loop; the scopes around the loop, up to `outer`, go instead, and the
        # buffer is allocated in the scope around `outer`.
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
            self.dissolved.add(s)
            _dissolve(s)

    def _place(self, before: Operation, units: list[Unit]) -> None:
        host = before.parent_block()
        assert host is not None
        creates: list[CreateOp] = []
        for unit in units:
            ops = _size_ops(unit, before)
            if isinstance(ops, tuple):
                extent, bad = ops
                if isinstance(bad, OpResult):
                    why = f"computed by '{bad.op.name}' at {_line(bad.op)}"
                else:
                    why = "a block argument there"
                dep = "" if bad is extent else f" depends on {describe_value(bad)}, which"
                raise pass_error(
                    _located(unit),
                    f"allocates a buffer that leaves {_op_name(before)} (it is used after "
                    "it), so it must be allocated before that op, but its extent "
                    f"{describe_value(extent)}{dep} is only known inside it ({why}): compute the "
                    "extent before that op",
                )
            for op in ops:
                op.detach()
                host.insert_op_before(op, before)
            unit.detach()
            if isinstance(unit, CreateOp):
                creates.append(unit)
            else:
                host.insert_op_before(unit, before)
        if creates:
            _batch(creates, before, host)


def _located(unit: Unit) -> Operation:
    if isinstance(unit, AllocTensorsOp):
        return unit.creates()[0]
    return unit


@dataclass(frozen=True)
class BatchTensorAllocations(ModulePass):
    """In orchestration functions, allocate every buffer that leaves a `pto_rt.scope` before
    the outermost scope it leaves (a runtime-allocated task output that leaves becomes an
    explicit create), move every used `pto_tensor.create` into a `pto_tensor.alloc_tensors`
    batch (one runtime allocation task per batch) and erase the unused ones; then add the
    retain edges manual-scope tasks need (add-retain-edges), because a batch's buffer
    outlives its allocation task only while the tasks that use it are ordered after that
    task. Idempotent (creates already in a batch stay)."""

    name = "batch-tensor-allocations"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        symbols = SymbolTableCollection()
        for function in orchestration_functions(op):
            if function.body.blocks:
                _Hoister(symbols).run(function.body.block)
                _batch_block(function.body.block, function.body.block)
        # A pass keeps the program's meaning: without the retain edges a manual-scope task
        # would let the runtime reuse a batch's memory while the task still reads it.
        AddRetainEdges().apply(ctx, op)
