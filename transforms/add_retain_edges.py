"""`add-retain-edges`: every task inside a manual scope lists, in its `compiler_deps`, the
TaskId of each `pto_tensor.alloc_tensors` batch whose buffer one of its tensor arguments may
be. Rules: docs/passes/add-retain-edges.md.

The pass plans each orchestration function (`RetainPlan`, one walk) and applies one rewrite
pattern, `RetainBatches` (which also makes the TaskId carries, `Threader`), with a
`PatternRewriteWalker` to the bodies of the manual scopes whose tasks retain a batch.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import NamedTuple

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.carry_plan import CarryPlan, own_variable
from pypto_dialects.diagnostics import describe_value, file_position, pass_error
from pypto_dialects.orch import (
    CallOp,
    SubmitOp,
    TaskIdType,
)
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeMode, ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.tensor import AllocTensorsOp, CreateOp
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker

Task = CallOp | SubmitOp
Source = storage.Source

def _carrier(value: SSAValue) -> Operation:
    """The loop or if whose variable holds `value` (an iter_arg or an scf.if result)."""
    op: Operation | Block | None
    if isinstance(value, BlockArgument):
        op = value.block.parent_op()
    else:
        op = value.owner
    assert isinstance(op, Operation)
    return op


class _Function:
    """One orchestration function: print order of its ops, its manual-scope tasks and the
    outermost manual scope around each of them."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        self.seq: dict[Operation, int] = {}
        self.tasks: list[Task] = []
        self.scope_of: dict[Task, ScopeOp] = {}
        self.sources = storage.CreateSources(symbols, own_variable)
        self._walk(body, None)

    def _walk(self, block: Block, manual: ScopeOp | None) -> None:
        seq = self.seq
        for op in block.ops:
            seq[op] = len(seq)
            if not op.regions:
                if manual is not None and isinstance(op, CallOp | SubmitOp):
                    self.tasks.append(op)
                    self.scope_of[op] = manual
                continue
            inner = manual
            if inner is None and isinstance(op, ScopeOp) and op.mode.data == ScopeMode.MANUAL:
                inner = op
            for region in op.regions:
                for b in region.blocks:
                    self._walk(b, inner)

    def _order(self, task: Task, source: Source) -> tuple[float, str, int]:
        """Allocation order, then (not allocated before the task: an error) location."""
        create, via = source
        seq = self.seq[create]
        if seq < self.seq[task]:
            return (seq, "", len(via))
        return (float("inf"), str(create.location), len(via))

    def retains(self, task: Task) -> list[tuple[AllocTensorsOp, int | None]]:
        """The batches `task` retains, each with None (its TaskId is in scope at the task)
        or the index of the argument whose buffer it is, to carry the TaskId along that
        value's way (`Threader`). A create that is not in a batch is a located
        PassFailedException."""
        out: list[tuple[AllocTensorsOp, int | None]] = []
        dirs = task.directions() or []
        for i, (value, d) in enumerate(zip(task.args, dirs)):
            if not d.is_tensor or not isinstance(value.type, TensorType):
                continue
            sources = sorted(self.sources.of(value), key=lambda s: self._order(task, s))
            for create, via in sources:
                batch = create.parent_op()
                if not isinstance(batch, AllocTensorsOp):
                    raise pass_error(
                        create,
                        "is not in a pto_tensor.alloc_tensors batch, so a manual-scope task "
                        "cannot retain its buffer: run batch-tensor-allocations before "
                        "add-retain-edges (pto2-pipeline does)",
                    )
                entry = (batch, None if self._direct(task, batch, via) else i)
                if entry not in out and (batch, None) not in out:
                    out.append(entry)
        return out

    def _direct(self, task: Task, batch: AllocTensorsOp, via: tuple[SSAValue, ...]) -> bool:
        """The batch's TaskId is the one of the buffer the task gets: the batch is allocated
        before the task, in a block around it, and around every loop / if whose carry or
        result the buffer passes through (so one allocation serves all their iterations and
        branches)."""
        if self.seq[batch] > self.seq[task]:
            return False
        block = batch.parent_block()
        assert block is not None
        return block.is_ancestor(task) and all(
            block.is_ancestor(_carrier(v)) for v in via
        )


_TASK_ID = TaskIdType()


class Origin(NamedTuple):
    """Where a buffer comes from, for `Threader`: the op whose TaskId goes with it (an
    `alloc_tensors` batch, or the task that wrote it), that TaskId, the creates it may be,
    and the suffix of the names of the TaskIds carried for it."""

    op: Operation
    tid: SSAValue
    creates: frozenset[CreateOp]
    suffix: str

    @staticmethod
    def batch(batch: AllocTensorsOp) -> Origin:
        return Origin(batch, batch.task_id, frozenset(batch.creates()), "alloc")


class Threader:
    """The TaskId of an origin carried along a tensor's way through loop carries, if results
    and scope results: `of(value, src, rewriter)` is a `!pto_orch.task_id` value defined where
    `value` is (the loop / if / scope that defines it gets one more carry or result), equal to
    the origin's TaskId of the instance whose buffer `value` holds, whenever it holds one of
    the origin's buffers (invalid, or an earlier instance's, otherwise: a dependency on it is
    guarded, and one on a task that has retired is skipped by the runtime).

    Every change goes through the rewriter of the pattern that asks (`of`'s `rewriter`): a
    `scf.for`, `scf.if` or `pto_rt.scope` that gets a carry or result is replaced by a new
    one (same location and attributes, the carry plan through `CarryPlan.copy`, its regions
    moved over), each `pto_system.task_invalid` seed is inserted (located at the loop or if
    it seeds) and each yield or loop whose operands change is reported modified. The
    threader remembers what it built across calls (one per function and origin kind)."""

    def __init__(self, sources: storage.CreateSources) -> None:
        self.sources = sources
        self.memo: dict[tuple[SSAValue, Origin], SSAValue | None] = {}
        self.renamed: dict[SSAValue, SSAValue] = {}
        self.replaced: dict[Operation, Operation] = {}
        self.rw: PatternRewriter | None = None

    def live(self, value: SSAValue) -> SSAValue:
        """`value`, or the result that replaced it when its op was rebuilt."""
        while value in self.renamed:
            value = self.renamed[value]
        return value

    def live_new(self, values: list[SSAValue], have: Collection[SSAValue]) -> list[SSAValue]:
        """The live value (`live`) of each of `values`, in order, once each, leaving out those
        in `have`: a later `of` may have rebuilt the loop, if or scope that defines an
        earlier value (one more result for another buffer), so TaskIds collected one `of` at
        a time are resolved once all are collected."""
        return [v for v in dict.fromkeys(self.live(v) for v in values) if v not in have]

    def current(self, op: Operation) -> Operation:
        """`op`, or the op that replaced it when it was rebuilt."""
        while op in self.replaced:
            op = self.replaced[op]
        return op

    def of(self, value: SSAValue, src: Origin, rewriter: PatternRewriter) -> SSAValue | None:
        """The TaskId of `src` for `value` (class docstring), built through `rewriter`; None
        when `value` cannot hold one of `src`'s buffers or its way is not one the threader
        follows. Raises nothing."""
        self.rw = rewriter
        return self._of(value, src)

    def _replace(self, old: Operation, new: Operation, results: list[SSAValue]) -> None:
        """Replace `old` by `new` (`results` for `old`'s results), names kept: each result
        takes the name of the one it replaces, and a nameless result of `new` the name of
        `old`'s first one."""
        assert self.rw is not None
        self.renamed.update(zip(old.results, results))
        self.replaced[old] = new
        for o, n in zip(old.results, results):
            n.name_hint = o.name_hint
        first = old.results[0].name_hint if old.results else None
        for r in new.results:
            if r.name_hint is None:
                r.name_hint = first
        self.rw.replace(old, new, results)

    def _invalid(self, before: Operation, at: Operation) -> SSAValue:
        """A `%none = pto_system.task_invalid` inserted before `before`, located at `at`."""
        assert self.rw is not None
        inv = TaskInvalidOp()
        inv.result.name_hint = "none"
        inv.location = at.location
        self.rw.insert(inv, InsertPoint.before(before))
        return inv.result

    def _set_operand(self, op: Operation, index: int, value: SSAValue) -> None:
        assert self.rw is not None
        op.operands[index] = value
        self.rw.notify_op_modified(op)

    def _append_operand(self, op: Operation, value: SSAValue) -> None:
        assert self.rw is not None
        op.operands = [*op.operands, value]
        self.rw.notify_op_modified(op)

    def _reaches(self, value: SSAValue, src: Origin) -> bool:
        return any(c in src.creates for c, _ in self.sources.of(value))

    def _of(self, value: SSAValue, src: Origin) -> SSAValue | None:
        value = self.live(value)
        key = (value, src)
        if key in self.memo:
            got = self.memo[key]
            return None if got is None else self.live(got)
        if not isinstance(value.type, TensorType) or not self._reaches(value, src):
            self.memo[key] = None
            return None
        if isinstance(value, BlockArgument):
            res = self._carry(value, src)
        else:
            assert isinstance(value, OpResult)
            op = value.op
            if op is src.op:
                res = src.tid
            elif isinstance(op, scf.ForOp):
                arg = op.body.block.args[value.index + 1]
                got = self._of(arg, src)
                loop = arg.block.parent_op()
                if isinstance(got, BlockArgument) and got.block is arg.block and loop is not None:
                    res = loop.results[got.index - 1]
                else:
                    res = got
            elif isinstance(op, scf.IfOp):
                res = self._if_result(op, value.index, src)
            elif isinstance(op, ScopeOp):
                res = self._scope_result(op, value.index, src)
            else:
                links = storage.edges(value, self.sources.symbols)
                res = self._of(links[0][1], src) if len(links) == 1 else None
        self.memo[(self.live(value), src)] = res
        return res

    def _carry(self, value: BlockArgument, src: Origin) -> SSAValue | None:
        loop = value.block.parent_op()
        if not isinstance(loop, scf.ForOp) or value.index == 0:
            return None
        k = value.index - 1
        if not own_variable(value):
            return self._of(loop.iter_args[k], src)  # the init's buffer throughout
        assert self.rw is not None
        init = self._invalid(loop, loop)
        body = self.rw.move_region_contents_to_new_regions(loop.body)
        block = body.block
        arg = self.rw.insert_block_argument(block, len(block.args), _TASK_ID)
        arg.name_hint = f"{value.name_hint or 'carry'}_{src.suffix}"
        new = scf.ForOp(loop.lb, loop.ub, loop.step, [*loop.iter_args, init], body)
        CarryPlan.copy(loop, new, added=1)
        new.location = loop.location
        self._replace(loop, new, list(new.res[:-1]))
        term = block.last_op
        assert isinstance(term, scf.YieldOp)
        self._append_operand(term, self._invalid(term, new))
        self.memo[(value, src)] = arg  # a carry that passes itself on is its own TaskId
        first = self._of(new.iter_args[k], src)
        cur = arg.block.parent_op()
        assert isinstance(cur, scf.ForOp)
        if first is not None:
            self._set_operand(cur, 3 + arg.index - 1, first)
        term = arg.block.last_op
        assert isinstance(term, scf.YieldOp)
        nxt = self._of(term.operands[k], src)
        if nxt is not None:
            self._set_operand(term, arg.index - 1, nxt)
        return arg

    def _if_result(self, op: scf.IfOp, index: int, src: Origin) -> SSAValue | None:
        regions = [op.true_region, op.false_region]
        got = [self._of(storage.yield_values(op, r)[index], src) for r in range(2)]
        if all(g is None for g in got):
            return None
        assert self.rw is not None
        moved = [self.rw.move_region_contents_to_new_regions(r) for r in regions]
        hint = op.output[index].name_hint
        new = scf.IfOp(op.cond, [*[r.type for r in op.output], _TASK_ID], moved[0], moved[1])
        new.attributes.update(op.attributes)
        new.location = op.location
        self._replace(op, new, list(new.output[:-1]))
        new.output[-1].name_hint = f"{hint or 'if_result'}_{src.suffix}"
        for region, g in zip(moved, got):
            term = region.block.last_op
            assert isinstance(term, scf.YieldOp)
            self._append_operand(term, g if g is not None else self._invalid(term, new))
        return new.output[-1]

    def _scope_result(self, op: ScopeOp, index: int, src: Origin) -> SSAValue | None:
        term = op.body.block.last_op
        assert isinstance(term, ScopeYieldOp)
        got = self._of(term.operands[index], src)
        if got is None:
            return None
        if isinstance(got, OpResult):
            owner: Operation | None = got.op
        else:
            assert isinstance(got, BlockArgument)
            owner = got.block.parent_op()
        if owner is None or owner is op or not op.is_ancestor(owner):
            return got  # defined before the scope: still visible after it
        assert self.rw is not None
        hint = op.res[index].name_hint
        new = ScopeOp(
            op.mode.data,
            self.rw.move_region_contents_to_new_regions(op.body),
            [*[r.type for r in op.res], _TASK_ID],
            op.compiler_owned is not None,
        )
        new.attributes.update(op.attributes)
        new.location = op.location
        self._replace(op, new, list(new.res[:-1]))
        new.res[-1].name_hint = f"{hint or 'scope_result'}_{src.suffix}"
        self._append_operand(term, got)
        return new.res[-1]


def _var_name(value: SSAValue) -> str:
    """The name of the C++ variable of a carry / if result (its name hint)."""
    hint = value.name_hint
    if hint is None and isinstance(value, BlockArgument):
        loop = value.block.parent_op()
        if isinstance(loop, scf.ForOp) and value.index >= 1:
            hint = loop.results[value.index - 1].name_hint
    return hint or ("carry" if isinstance(value, BlockArgument) else "if_result")


def _unretainable(
    task: Task, value: SSAValue, create: CreateOp, via: tuple[SSAValue, ...]
) -> PassFailedException:
    batch = create.parent_op()
    result = create.result
    if isinstance(batch, AllocTensorsOp):
        result = batch.tensors[batch.creates().index(create)]
    loc = file_position(create.location)
    line = f" at line {loc.line.data}" if loc is not None else ""
    carried = f" (it is carried in the C++ variable '{_var_name(via[-1])}')" if via else ""
    return pass_error(
        task,
        f"passes {describe_value(value)}{carried} to a task inside a manual scope; its buffer "
        f"may be the one {describe_value(result)}{line} allocates in an earlier iteration or "
        "branch, whose "
        "alloc_tensors TaskId is not in scope here, so the task cannot retain the buffer "
        "(docs/targets/pto2-cpp.md, difference 5): create the buffer outside the loop or if "
        "that carries it (e.g. two buffers before the loop, swapped through the carries), or "
        "run this task outside the manual scope",
    )


class RetainPlan:
    """The retain edges of one orchestration function (entry block `body`; `symbols`
    resolves the kernels of its tasks), decided before any change (one walk):
    `retained[task]` lists, for each manual-scope task that retains a batch, the batches with
    None (the batch's TaskId is in scope at the task) or the index of the argument whose
    buffer it is (its TaskId is carried along that argument's way, `Threader`); `scopes` are
    the outermost manual scopes around those tasks, in program order. A create that is not in
    a batch is a located PassFailedException. `error` holds the first error `RetainBatches`
    meets (a TaskId that cannot be carried to its task)."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        f = _Function(body, symbols)
        self.retained: dict[Task, list[tuple[AllocTensorsOp, int | None]]] = {}
        scopes: dict[ScopeOp, None] = {}
        for task in f.tasks:
            retained = f.retains(task)
            if retained:
                self.retained[task] = retained
                scopes[f.scope_of[task]] = None
        self.scopes = list(scopes)
        self.threader = Threader(f.sources)
        self.leaves = storage.RootSets(symbols)  # the TaskIds a compiler dep may be
        self.error: PassFailedException | None = None


@dataclass(eq=False)
class RetainBatches(RewritePattern):
    """On a `pto_orch.call` / `pto_orch.submit` that `plan` (a `RetainPlan`) lists: appends
    to its `compiler_deps` the TaskId of each batch it retains that it does not list yet, in
    the plan's order, each once (the task is reported modified): the batch's own TaskId, or
    the one `plan.threader` carries to the argument (which may replace loops, ifs and scopes
    on the way). A batch whose TaskId a listed dependency may already be (an earlier run) is
    skipped. Other ops are left alone. A TaskId that cannot be carried to the task is a
    located PassFailedException kept in `plan.error` (the walker would wrap a raised one),
    which stops every later rewrite."""

    plan: RetainPlan

    @op_type_rewrite_pattern
    def match_and_rewrite(self, task: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        plan = self.plan
        retained = plan.retained.get(task)
        if retained is None or plan.error is not None:
            return
        have = set(task.compiler_deps)
        add: list[SSAValue] = []
        for batch, index in retained:
            tid: SSAValue
            if index is None:
                tid = batch.task_id
            elif any(batch.task_id in plan.leaves.of(t).roots for t in have):
                continue  # carried here by an earlier run (idempotence)
            else:
                value = task.args[index]
                got = plan.threader.of(value, Origin.batch(batch), rewriter)
                if got is None:
                    plan.error = _unretainable(task, value, batch.creates()[0], ())
                    return
                tid = got
            if tid not in have and tid not in add:
                add.append(tid)
        add = plan.threader.live_new(add, have)
        if add:
            task.add_compiler_deps(add)
            rewriter.notify_op_modified(task)


@dataclass(frozen=True)
class AddRetainEdges(ModulePass):
    """In orchestration functions, append to each manual-scope task's `compiler_deps` the
    TaskId of every `pto_tensor.alloc_tensors` batch whose buffer a tensor argument may be
    (run batch-tensor-allocations first), carrying the TaskId through loop carries, if
    results and scope results where the batch's own is not in scope at the task. A create
    outside a batch, and a TaskId that cannot be carried, are located PassFailedExceptions.
    Idempotent."""

    name = "add-retain-edges"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """Plan each orchestration function of `module` (`RetainPlan`), then, when a task
        retains a batch, apply `RetainBatches` to the body of each manual scope the plan
        names (one walker, pre-order: tasks in program order); `listener`, when given, also
        sees every change the rewriter makes. Raises the plan's or the pattern's first
        located error."""
        symbols = SymbolTableCollection()
        for func in orchestration_functions(module):
            if not func.body.blocks:
                continue
            plan = RetainPlan(func.body.block, symbols)
            if not plan.retained:
                continue  # nothing to add: no walk
            walker = TypedRewriteWalker(
                RetainBatches(plan),
                apply_recursively=False,
                op_types=(CallOp, SubmitOp),
                listener=listener or PatternRewriterListener(),
            )
            for scope in plan.scopes:
                # a scope whose result carries a TaskId out was rebuilt by an earlier task
                walker.rewrite_region(plan.threader.current(scope).regions[0])
                if plan.error is not None:
                    raise plan.error
