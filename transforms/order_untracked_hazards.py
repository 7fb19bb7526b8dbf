"""`order-untracked-hazards`: a compiler edge for every hazard the PTO2 runtime does not order
(data crossing a manual scope's boundary either way; WAR and `add_output` WAW in AUTO scopes;
any hazard on a `manual_dep` buffer), carrying TaskIds out of scopes, ifs and loops as needed,
or a located error naming both tasks. Rules: docs/passes/order-untracked-hazards.md.

For each orchestration function the pass finds the edges (analysis.untracked_hazards.Analysis,
one walk), plans the TaskId results and carries they take (`EdgePlan`, still changing
nothing), then applies one rewrite pattern, `ThreadTaskIds`, with a post-order
`PatternRewriteWalker`: each op is rewritten once, after everything nested in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.accessors import enclosing_loops
from pypto_dialects.analysis.task_id_sources import (
    SameIterationSources,
    TaskIdSources,
    ordered_before,
)
from pypto_dialects.analysis.untracked_hazards import (
    Analysis,
    Join,
    Need,
    Task,
    join_needs,
)
from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.orch import TASK_ID, CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


class TaskIdRef:
    """A TaskId the plan names before it exists: a task's TaskId, or a result or carry the
    plan gives a scope, if or loop. `value` is the SSA value once it exists (a submit's
    TaskId from the start; the rest when `ThreadTaskIds` builds them)."""

    __slots__ = ("value",)

    def __init__(self, value: SSAValue | None = None) -> None:
        self.value = value

    def get(self) -> SSAValue:
        """The value (the walker builds it before any op that uses it: post-order)."""
        assert self.value is not None, "a TaskId used before the walker built it"
        return self.value


@dataclass(eq=False)
class Added:
    """One TaskId result the plan gives a scope, if or loop: `source` (defined in `block`, one
    of the op's blocks) is yielded there and becomes `result`. An if's other branch yields
    `pto_system.task_invalid`; a loop carries it (`arg`, named after `source` when `named`,
    initialised with `pto_system.task_invalid`: `result` is the last iteration's)."""

    source: TaskIdRef
    block: Block
    named: bool = False
    result: TaskIdRef = field(default_factory=TaskIdRef)
    arg: TaskIdRef = field(default_factory=TaskIdRef)
    before: Added | None = None
    """For an if or loop nested in a loop that carries the same TaskId (an `Added` of that
    loop): the TaskId's value on entry to the if or loop is that loop's carry (the task of an
    earlier iteration), not none. An if's other branch yields it and a loop starts from it,
    or a task after them loses the edge to an earlier iteration's task."""
    pending: list[SSAValue] = field(default_factory=list)
    """For a loop's entry: the placeholders, made before its carry exists (the walk is
    post-order), that stand for the carry; replaced by it when the loop is rewritten."""
    branches: dict[Block, TaskIdRef] | None = None
    """For the result of a `Join`: what each branch of the if yields (its writer's TaskId);
    `source` is the then-branch's."""


class EdgePlan:
    """The IR changes for the edges `needs` of one function (from `Analysis`), decided before
    any change:

    - `producers`: the `pto_orch.call`s whose TaskId an edge names (each becomes a submit);
    - `added[op]`: the TaskId results of a scope, if or loop, in order (a TaskId leaves the
      region it is defined in, one region at a time, until it reaches the consumer's block;
      a loop-carried edge takes the TaskId to the loop's body and then through a carry; each
      (TaskId, block) gets one result, each (TaskId, loop) one carry);
    - `deps[x]`: what consumer `x` gets in its `compiler_deps`, in order, skipping a task its
      deps already order it after (`ordered_before`; for an edge within one iteration of the
      loops around both tasks, not through the back edge of their carries:
      `SameIterationSources`) and an edge planned already;
    - `ready[op]`: the consumers whose deps all exist once the walker has rewritten `op`
      (the consumer itself, or the outermost loop whose carry it uses).

    Raises nothing."""

    def __init__(self, needs: list[Need]) -> None:
        self.producers: set[Operation] = {n.p.task for n in needs if isinstance(n.p.task, CallOp)}
        for n in needs:
            if n.join is not None:
                self.producers.update(t for t in n.join.tasks if isinstance(t, CallOp))
        self.tids: dict[Operation, TaskIdRef] = {}
        self._joins: dict[Join, TaskIdRef] = {}
        self.added: dict[Operation, list[Added]] = {}
        self.deps: dict[Task, list[TaskIdRef]] = {}
        self.ready: dict[Operation, list[Task]] = {}
        self.current: dict[Operation, SubmitOp] = {}  # producers, once rewritten
        self._out: dict[tuple[TaskIdRef, Block], TaskIdRef] = {}
        self._carried: dict[tuple[TaskIdRef, Block], TaskIdRef] = {}
        self._entries: dict[tuple[TaskIdRef, Block], Added] = {}
        self._around: dict[Task, dict[Block | Operation, int]] = {}
        sources = TaskIdSources()
        named: dict[Task, set[Operation]] = {}
        named_in: dict[tuple[Task, frozenset[Operation]], set[Operation]] = {}
        planned: set[tuple[Task, Operation, scf.ForOp | None]] = set()
        trigger: dict[Task, Operation] = {}
        for n in needs:
            x, loop = n.x, n.loop
            p: Operation = n.p.task if n.join is None else n.join.op
            if x not in named:
                named[x] = ordered_before(x, sources)
            done = set(n.join.tasks) if n.join is not None else {p}
            names = named[x]
            if loop is None and done <= names and not n.retain:
                # an edge within one iteration of the loops around both tasks: a TaskId the
                # deps reach through the back edge of such a loop's carry names an earlier
                # iteration's instance, not the one the edge is for
                shared = frozenset(enclosing_loops(x)).intersection(enclosing_loops(p))
                if shared:
                    key = (x, shared)
                    if key not in named_in:
                        named_in[key] = ordered_before(x, SameIterationSources(shared))
                    names = named_in[key]
            if (done <= names and not n.retain) or (x, p, loop) in planned:
                continue
            planned.add((x, p, loop))
            ref = self._tid(p) if n.join is None else self._join(n.join)
            around = self._ancestors(x)
            stop = loop.body.block if loop is not None else None
            block = p.parent_block()
            while block is not None and (
                block is not stop if stop is not None else block not in around
            ):
                ref = self._out_of(ref, block)
                owner = block.parent_op()
                assert owner is not None
                block = owner.parent_block()
            if loop is not None:
                ref = self._carry(ref, loop)
                t = trigger.get(x)
                if t is None or t is x or around[loop] > around[t]:
                    trigger[x] = loop
            else:
                trigger.setdefault(x, x)
            refs = self.deps.setdefault(x, [])
            if ref not in refs:  # one carry may serve an edge across iterations and out of it
                refs.append(ref)
        for x, op in trigger.items():
            self.ready.setdefault(op, []).append(x)
        self._link_entry_values()

    def names(self, op: Operation) -> bool:
        """Whether `ThreadTaskIds` changes `op` (one of the ops the plan was made for): a
        producer, an op given TaskId results, or one that makes consumers ready."""
        return op in self.producers or op in self.added or op in self.ready

    def _link_entry_values(self) -> None:
        """Set `before` on every if and loop entry a carried TaskId passes through inside the
        loop that carries it: its chain of results (scopes and ifs, down to the next loop)
        from the loop's source downwards."""
        made_by: dict[TaskIdRef, tuple[Operation, Added]] = {
            a.result: (owner, a) for owner, entries in self.added.items() for a in entries
        }
        for owner, entries in self.added.items():
            if not isinstance(owner, scf.ForOp):
                continue
            for loop_entry in entries:
                src = loop_entry.source
                while src in made_by:
                    inner, a = made_by[src]
                    if isinstance(inner, scf.IfOp | scf.ForOp) and a.before is None:
                        a.before = loop_entry
                    if isinstance(inner, scf.ForOp) or a.branches is not None:
                        break  # inside it, its own carry is the value on entry; a join's
                        # branches each yield their own writer
                    src = a.source

    def _ancestors(self, x: Task) -> dict[Block | Operation, int]:
        """The blocks and ops `x` is nested in, each with its distance from `x` (memoized)."""
        got = self._around.get(x)
        if got is None:
            got = {}
            cur: Operation | None = x
            while cur is not None:
                block = cur.parent_block()
                if block is None:
                    break
                got[block] = len(got)
                cur = block.parent_op()
                if cur is not None:
                    got[cur] = len(got)
            self._around[x] = got
        return got

    def _tid(self, task: Operation) -> TaskIdRef:
        ref = self.tids.get(task)
        if ref is None:
            value = task.task_id if isinstance(task, SubmitOp) else None
            ref = self.tids[task] = TaskIdRef(value)
        return ref

    def _join(self, join: Join) -> TaskIdRef:
        """The TaskId of the last writer of `join`: a result of its if that yields each
        branch's writer (carried out of the scopes around it in the branch); one per join."""
        got = self._joins.get(join)
        if got is None:
            branches: dict[Block, TaskIdRef] = {}
            for task, region in zip(join.tasks, (join.op.true_region, join.op.false_region)):
                ref = self._tid(task)
                block = task.parent_block()
                while block is not region.block:
                    assert block is not None
                    ref = self._out_of(ref, block)
                    owner = block.parent_op()
                    assert owner is not None
                    block = owner.parent_block()
                branches[region.block] = ref
            entry = self._add(join.op, branches[join.op.true_region.block],
                              join.op.true_region.block, False)
            entry.branches = branches
            got = self._joins[join] = entry.result
        return got

    def _add(self, owner: Operation, source: TaskIdRef, block: Block, named: bool) -> Added:
        entry = Added(source, block, named)
        self.added.setdefault(owner, []).append(entry)
        return entry

    def _out_of(self, ref: TaskIdRef, block: Block) -> TaskIdRef:
        """`ref` (defined in `block`) as a result of the op that owns `block` (a loop: the
        last iteration's, through a carry)."""
        key = (ref, block)
        got = self._out.get(key)
        if got is None:
            owner = block.parent_op()
            assert isinstance(owner, ScopeOp | scf.IfOp | scf.ForOp), owner
            entry = self._entries[key] = self._add(owner, ref, block, False)
            got = self._out[key] = entry.result
        return got

    def _carry(self, ref: TaskIdRef, loop: scf.ForOp) -> TaskIdRef:
        """`ref` (defined in `loop`'s body) as the previous iteration's: a carry of `loop`
        (the loop's result of that carry also stands for `ref` out of the body from now). A
        loop carries a TaskId once: when `ref` already leaves the loop (`_out_of`), that
        carry is the previous iteration's too (its value on entry, an enclosing loop's carry
        when there is one, orders the first iteration as the enclosing loop needs)."""
        key = (ref, loop.body.block)
        arg = self._carried.get(key)
        if arg is None:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = self._add(loop, ref, loop.body.block, True)
                self._out[key] = entry.result
            entry.named = True
            arg = self._carried[key] = entry.arg
        return arg


def _invalid(rewriter: PatternRewriter, before: Operation, at: Operation) -> SSAValue:
    """A `%none = pto_system.task_invalid` inserted before `before`, located at `at`."""
    # `TaskInvalidOp()` without the IRDL builder, which checks again what `create` is given
    inv = TaskInvalidOp.create(result_types=[TASK_ID])
    inv.result.name_hint = "none"
    inv.location = at.location
    rewriter.insert(inv, InsertPoint.before(before))
    return inv.result


def _entry_value(rewriter: PatternRewriter, a: Added, before: Operation, at: Operation) -> SSAValue:
    """The value of `a`'s TaskId on entry to its if or loop: none, or, in a loop carrying it
    (`a.before`), that loop's carry, which does not exist yet: a `task_invalid` placeholder
    the loop's rewrite replaces."""
    value = _invalid(rewriter, before, at)
    if a.before is not None:
        a.before.pending.append(value)
    return value


def _append_operands(rewriter: PatternRewriter, op: Operation, values: list[SSAValue]) -> None:
    op.operands = [*op.operands, *values]
    rewriter.notify_op_modified(op)


@dataclass(eq=False)
class ThreadTaskIds(RewritePattern):
    """Applies `plan` (an `EdgePlan`) to the op it is given, walked in post-order (every op
    nested in it is rewritten already, so every TaskId it yields exists):

    - a producer `pto_orch.call` is replaced by a `pto_orch.submit` (`CallOp.as_submit`:
      same location);
    - a `pto_rt.scope`, `scf.if` or `scf.for` with planned TaskId results is replaced by one
      with all of them, the old results first (same location, attributes and, for a loop,
      carry plan through `CarryPlan.copy`; regions moved over); each result is named after
      its TaskId; its yields get the TaskIds (reported modified); an if's other branch
      yields, and a loop's new carry starts from, the TaskId's value on entry: the carry of
      an enclosing loop that carries it (`Added.before`), else a `pto_system.task_invalid`
      inserted there, located at the if or loop;
    - then each consumer the plan makes ready at this op gets its `compiler_deps` (reported
      modified).

    Other ops are left alone (the walker is given only those `plan.names`). Raises
    nothing."""

    plan: EdgePlan

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: CallOp | SubmitOp | ScopeOp | scf.IfOp | scf.ForOp, rewriter: PatternRewriter
    ) -> None:
        plan = self.plan
        if isinstance(op, CallOp) and op in plan.producers:
            new = op.as_submit(rewriter)
            plan.current[op] = new
            ref = plan.tids.get(op)  # none when every edge from it was already there
            if ref is not None:
                ref.value = new.task_id
        added = plan.added.get(op)
        if added is not None:
            if isinstance(op, ScopeOp):
                self._scope(op, added, rewriter)
            elif isinstance(op, scf.IfOp):
                self._if(op, added, rewriter)
            else:
                assert isinstance(op, scf.ForOp)
                self._loop(op, added, rewriter)
        for x in plan.ready.get(op, ()):
            task = plan.current.get(x, x)
            task.add_compiler_deps([ref.get() for ref in plan.deps[x]])
            rewriter.notify_op_modified(task)

    @staticmethod
    def _extended(
        old: Operation, added: list[Added], operands: list[SSAValue], regions: list[Region]
    ) -> Operation:
        """An op of `old`'s kind with its properties, attributes and location, `operands` and
        `regions`, and the result types of `old` followed by one TaskId per `added`. Built
        with `create`: the op's own constructor would rebuild and check each property
        again, for nothing (2-3x the time)."""
        return type(old).create(
            operands=operands,
            result_types=[*(r.type for r in old.results), *(TASK_ID for _ in added)],
            properties=dict(old.properties),
            attributes=dict(old.attributes),
            regions=regions,
            location=old.location,
        )

    @staticmethod
    def _replace(
        old: Operation, new: Operation, added: list[Added], rewriter: PatternRewriter
    ) -> None:
        """Replace `old` by `new` (from `_extended`); each added result is named after its
        TaskId and becomes the plan's value for it."""
        n = len(old.results)
        rewriter.replace(old, new, list(new.results[:n]))
        for res, a in zip(new.results[n:], added):
            res.name_hint = a.source.get().name_hint
            a.result.value = res

    def _scope(self, op: ScopeOp, added: list[Added], rewriter: PatternRewriter) -> None:
        term = op.body.block.last_op
        assert isinstance(term, ScopeYieldOp)
        body = rewriter.move_region_contents_to_new_regions(op.body)
        self._replace(op, self._extended(op, added, [], [body]), added, rewriter)
        _append_operands(rewriter, term, [a.source.get() for a in added])

    def _if(self, op: scf.IfOp, added: list[Added], rewriter: PatternRewriter) -> None:
        then_r, else_r = (
            rewriter.move_region_contents_to_new_regions(r)
            for r in (op.true_region, op.false_region)
        )
        if not else_r.blocks:
            empty = scf.YieldOp()
            empty.location = op.location
            else_r.add_block(Block([empty]))
        new = self._extended(op, added, [op.cond], [then_r, else_r])
        self._replace(op, new, added, rewriter)
        for region in (then_r, else_r):
            term = region.block.last_op
            assert isinstance(term, scf.YieldOp)
            values = [
                a.branches[region.block].get() if a.branches is not None
                else a.source.get() if a.block is region.block
                else _entry_value(rewriter, a, term, new)
                for a in added
            ]
            _append_operands(rewriter, term, values)

    def _loop(self, op: scf.ForOp, added: list[Added], rewriter: PatternRewriter) -> None:
        inits = [_entry_value(rewriter, a, op, op) for a in added]
        body = rewriter.move_region_contents_to_new_regions(op.body)
        block = body.block
        for a in added:
            arg = rewriter.insert_block_argument(block, len(block.args), TASK_ID)
            arg.name_hint = a.source.get().name_hint if a.named else None
            a.arg.value = arg
            for placeholder in a.pending:
                rewriter.replace_all_uses_with(placeholder, arg)
                owner = placeholder.owner
                assert isinstance(owner, Operation)
                rewriter.erase(owner)
        new = self._extended(op, added, [*op.operands, *inits], [body])
        CarryPlan.copy(op, new, added=len(added))
        self._replace(op, new, added, rewriter)
        term = block.last_op
        assert isinstance(term, scf.YieldOp)
        _append_operands(rewriter, term, [a.source.get() for a in added])


@dataclass(frozen=True)
class OrderUntrackedHazards(ModulePass):
    """Add the compiler edges the runtime's own tracking misses (see the module docstring).
    Needs call-site directions (derive-call-directions) and explicit scopes
    (materialize-runtime-scopes); raises a located PassFailedException when an edge cannot be
    expressed."""

    name = "order-untracked-hazards"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """For each orchestration function of `module` (in module order): find its edges
        (`Analysis`; its located error, if any, before any change), plan them (`EdgePlan`)
        and, when there are any, apply `ThreadTaskIds` to the function body (one post-order
        walk); `listener`, when given, also sees every change the rewriter makes."""
        symbols = SymbolTableCollection()
        for f in orchestration_functions(module):
            if not f.body.blocks:
                continue
            analysis = Analysis(storage.RootSets(symbols))
            analysis.block(f.body.block, {})
            if not analysis.needs:
                continue  # nothing to add: no walk
            plan = EdgePlan(join_needs(analysis.needs))
            TypedRewriteWalker(
                ThreadTaskIds(plan),
                walk_regions_first=True,
                apply_recursively=False,
                op_types=(CallOp, SubmitOp, ScopeOp, scf.IfOp, scf.ForOp),
                may_act=plan.names,
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(f.body)
