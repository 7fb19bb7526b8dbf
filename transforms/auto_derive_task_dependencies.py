"""`auto-derive-task-dependencies` (option `analyze-auto-scopes`, default off): make each loop body
or if branch whose ordering explicit edges can carry a compiler-owned MANUAL scope: compiler
edges for its RAW / WAR / WAW pairs, the direction demotions, and the markers
materialize-runtime-scopes turns into the scope. A region that does not qualify stays AUTO.

Rules: docs/passes/auto-derive-task-dependencies.md. Each function is analysed first, changing
nothing (`FunctionAnalysis`, `plan_function`); then one rewrite pattern, `MakeTaskManual`,
applied by a `PatternRewriteWalker`, makes the changes task by task. Linear, except that an
access is compared with the uncovered windows of its buffer in the region.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, TensorType, UnitAttr
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.storage_roots import Place, RootSets, covers, overlap
from pypto_dialects.orch import ArgDirection, ArgDirectionAttr, CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp, auto_scope_enabled
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskInvalidOp

Task = CallOp | SubmitOp
_PURE = (
    pt.CreateOp,
    pt.SliceOp,
    pt.ViewOp,
    pt.ReshapeOp,
    pt.TransposeOp,
    TaskInvalidOp,
    scf.YieldOp,
)


@dataclass(frozen=True)
class Access:
    """One tensor argument's use of one storage root (`place`: its window of that root)."""

    root: SSAValue
    read: bool
    write: bool
    place: Place


def _accesses(task: Task, roots: RootSets) -> list[Access] | None:
    """The accesses of `task`'s tensor arguments (`argument_effects`), or None when the
    task has no directions or a root is unknown. What an access reads and writes is its
    direction's (`ArgDirection.reads` / `writes`), the record's `reads` / `writes` on verified
    IR; they differ only for a `no_dep` slot of an Out/InOut parameter, which the verifier
    rejects: counted as a read here, as before the interface (issue 22)."""
    if task.directions() is None:
        return None
    out = []
    for effect in task.argument_effects(roots.symbols):
        place = roots.of(effect.value)
        if not place.roots:
            return None
        d = effect.direction
        for r in place.roots:
            out.append(Access(r, d.reads, d.writes, place))
    return out


def _inside(value: SSAValue, block: Block) -> bool:
    if not isinstance(value, OpResult):
        return False
    op: Operation | None = value.op
    while op is not None:
        if op.parent_block() is block:
            return True
        op = op.parent_op()
    return False


class FunctionAnalysis:
    """The regions of one function that qualify, and the edges inside each."""

    def __init__(self, f: func.FuncOp, roots: RootSets) -> None:
        self.f = f
        self.roots = roots
        self.pos: dict[Operation, int] = {}
        self.end: dict[Operation, int] = {}
        self.last_write: dict[SSAValue, int] = {}
        self.read_roots: set[SSAValue] = set()
        self._number()

    def _number(self) -> None:
        n = 0
        stack: list[tuple[Operation, bool]] = [
            (op, False) for op in reversed(list(self.f.body.block.ops))
        ]
        while stack:
            op, done = stack.pop()
            if done:
                self.end[op] = n
                continue
            n += 1
            self.pos[op] = n
            if isinstance(op, CallOp | SubmitOp):
                for a in _accesses(op, self.roots) or ():
                    if a.write:
                        self.last_write[a.root] = n
            elif isinstance(op, pt.ReadOp):
                self.read_roots |= self.roots.of(op.operands[0]).roots
            stack.append((op, True))
            for region in reversed(op.regions):
                for block in reversed(region.blocks):
                    stack.extend((o, False) for o in reversed(list(block.ops)))

    def regions(self) -> list[Block]:
        out = []
        for op in self.f.walk():
            if isinstance(op, scf.ForOp):
                out.append(op.body.block)
            elif isinstance(op, scf.IfOp):
                out.extend(r.block for r in op.regions if r.blocks)
        return out

    def qualifies(self, block: Block) -> list[tuple[Task, list[Access]]] | None:
        tasks: list[tuple[Task, list[Access]]] = []
        for op in block.ops:
            if isinstance(op, CallOp | SubmitOp):
                acc = _accesses(op, self.roots)
                if acc is None:
                    return None
                tasks.append((op, acc))
            elif not isinstance(op, _PURE) and op.dialect_name() != "arith":
                return None
        if not tasks:
            return None
        loop = None
        cur = block.parent_op()
        while cur is not None and not isinstance(cur, func.FuncOp):
            if isinstance(cur, ScopeOp) and cur.is_manual:
                return None  # a user manual scope is never touched
            if isinstance(cur, scf.ForOp):
                loop = cur  # the outermost loop around the region
            cur = cur.parent_op()
        written: set[SSAValue] = set()
        only_read: set[SSAValue] = set()
        for _, acc in tasks:
            for a in acc:
                local = _inside(a.root, block)
                if not local and not a.place.whole:
                    return None
                if a.write:
                    written.add(a.root)
                elif not local:
                    only_read.add(a.root)
        if written & self.read_roots:
            return None
        term = block.last_op
        if term is not None:
            for v in term.operands:
                if isinstance(v.type, TensorType) and any(
                    _inside(r, block) for r in self.roots.of(v).roots
                ):
                    return None
        if loop is not None:
            end = self.end[loop]
            for root in only_read - written:
                if self.last_write.get(root, 0) > end:
                    return None
        return tasks


def _edges(tasks: list[tuple[Task, list[Access]]]) -> list[tuple[Task, Task]]:
    """(earlier, later) task pairs the region needs, per buffer: a task after the earlier
    writers whose windows overlap its own, a writer also after the overlapping readers. A
    write drops the entries whose windows it covers (it is ordered after them, and whatever
    overlaps them overlaps it); statically disjoint windows of one buffer get no edge."""
    writers: dict[SSAValue, list[tuple[Task, Place]]] = {}
    readers: dict[SSAValue, list[tuple[Task, Place]]] = {}
    out: list[tuple[Task, Task]] = []
    for x, acc in tasks:
        preds: list[Task] = []
        for a in acc:
            pend = writers.get(a.root, [])
            if a.write:
                pend = pend + readers.get(a.root, [])
            preds.extend(t for t, pl in pend if t is not x and overlap(pl, a.place))
        for a in acc:
            if a.write:
                for table in (writers, readers):
                    table[a.root] = [e for e in table.get(a.root, ()) if not covers(a.place, e[1])]
                writers[a.root].append((x, a.place))
            elif a.read:
                readers.setdefault(a.root, []).append((x, a.place))
        seen: set[int] = set()
        for p in preds:
            if id(p) not in seen:
                seen.add(id(p))
                out.append((p, x))
    return out


def _demoted(t: Task, block: Block, roots: RootSets) -> list[ArgDirection] | None:
    """`t`'s directions with the demotions of a region made manual (None: none changes): an
    `inout` slot becomes `output_existing` (its hazards inside the region are this pass's
    edges, those across the region's boundary order-untracked-hazards' edges, which it adds
    for an `output_existing` slot as for an `inout` one); an `in` slot of a buffer created in
    the region becomes `no_dep` (every writer of that buffer is a task of the region instance,
    ordered by this pass's edges). An `in` slot of an outer buffer stays `in`:
    order-untracked-hazards leaves `no_dep` slots alone, as the user's word that the task
    need not wait. In a MANUAL scope the runtime looks nothing up and publishes nothing
    whatever the tag, so the run is the same; the tags say the slot needs no lookup."""
    dirs = t.directions()
    assert dirs is not None
    new = list(dirs)
    for i, (value, d) in enumerate(zip(t.args, dirs)):
        if d == ArgDirection.INOUT:
            new[i] = ArgDirection.OUTPUT_EXISTING
        elif d == ArgDirection.IN and isinstance(value.type, TensorType):
            rs = roots.of(value).roots
            if rs and all(_inside(r, block) for r in rs):
                new[i] = ArgDirection.NO_DEP
    return None if new == dirs else new


@dataclass
class TaskPlan:
    """What `MakeTaskManual` does to one task of a region made manual: `submit`, make it a
    `pto_orch.submit` (a later task of the region depends on its TaskId); `preds`, the tasks
    (as in the analysed IR) whose TaskIds it gets as compiler deps, in order; `dirs`, its
    demoted directions (None: they stay)."""

    submit: bool
    preds: list[Task]
    dirs: list[ArgDirection] | None


def plan_function(f: func.FuncOp, roots: RootSets) -> dict[Task, TaskPlan]:
    """The plans of the tasks of the regions of `f` that qualify (`FunctionAnalysis`), each
    region's edges (`_edges`) and demotions (`_demoted`) decided on the IR as it is; changes
    nothing, raises nothing."""
    analysis = FunctionAnalysis(f, roots)
    plans: dict[Task, TaskPlan] = {}
    for block in analysis.regions():
        tasks = analysis.qualifies(block)
        if tasks is None:
            continue
        pairs = _edges(tasks)
        preds: dict[Task, list[Task]] = {}
        for p, x in pairs:
            preds.setdefault(x, []).append(p)
        sources = {p for p, _ in pairs}
        for t, _ in tasks:
            plans[t] = TaskPlan(
                isinstance(t, CallOp) and t in sources,
                preds.get(t, []),
                _demoted(t, block, roots),
            )
    return plans


@dataclass(eq=False)
class MakeTaskManual(RewritePattern):
    """On a `pto_orch.call` / `pto_orch.submit` that `plans` (from `plan_function`) holds, in
    program order (a task's predecessors are earlier tasks of its block): a call whose TaskId
    a later task needs is replaced by a submit (`CallOp.as_submit`: inserted, the call
    replaced and erased, its users reported modified); then the task appends the TaskIds of
    its predecessors it does not list yet to its `compiler_deps`, takes its demoted
    directions and gets `manual_candidate` (the task reported modified when any of this
    changes it). Other ops are left alone. Raises nothing."""

    plans: dict[Task, TaskPlan]
    submits: dict[Task, SubmitOp] = field(default_factory=dict)

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        plan = self.plans.get(op)
        if plan is None:
            return
        task: Task = op
        if plan.submit:
            task = self.submits[op] = op.as_submit(rewriter)
        add: list[SSAValue] = []
        for p in plan.preds:
            sp = self.submits.get(p, p)
            assert isinstance(sp, SubmitOp)
            if sp.task_id not in task.compiler_deps and sp.task_id not in add:
                add.append(sp.task_id)
        task.add_compiler_deps(add)
        changed = bool(add)
        if plan.dirs is not None:
            task.properties["arg_dirs"] = ArrayAttr([ArgDirectionAttr(d) for d in plan.dirs])
            changed = True
        if task.manual_candidate is None:
            task.manual_candidate = UnitAttr()
            changed = True
        if changed:
            rewriter.notify_op_modified(task)


@dataclass(frozen=True)
class AutoDeriveTaskDependencies(ModulePass):
    """See the module docstring. No-op unless `analyze_auto_scopes` is true."""

    name = "auto-derive-task-dependencies"

    analyze_auto_scopes: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.analyze_auto_scopes:
            self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """For each orchestration function of `module` with automatic scopes (in module
        order): plan it (`plan_function`), then, when a region qualifies, apply
        `MakeTaskManual` to it (one pre-order walk); `listener`, when given, also sees every
        change the rewriter makes. Runs whatever `analyze_auto_scopes` says (`apply` checks
        it)."""
        symbols = SymbolTableCollection()
        for f in orchestration_functions(module):
            if not auto_scope_enabled(f):
                continue
            plans = plan_function(f, RootSets(symbols))
            if not plans:
                continue  # no region qualifies: no walk
            PatternRewriteWalker(
                MakeTaskManual(plans),
                apply_recursively=False,
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(f.body)
