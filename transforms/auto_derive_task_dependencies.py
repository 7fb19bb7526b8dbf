"""`auto-derive-task-dependencies` (option `analyze-auto-scopes`, default off): make each AUTO
area whose ordering explicit edges can carry a compiler-owned MANUAL scope (spec: upstream's
AutoDeriveTaskDependencies document, hw-native-sys/pypto
docs/en/dev/passes/38-auto_derive_task_dependencies.md): a loop body or if
branch of a function whose scopes the compiler places (through the markers
materialize-runtime-scopes turns into the scope), a hand-placed `pto_rt.scope auto` or a
function body (this pass makes the scope; a default-mode body only when one scope for it costs
nothing, `_one_scope_fits`), with the loops and ifs inside it:
compiler edges for the RAW / WAR / WAW pairs of each block, the direction demotions. An area
that does not qualify stays AUTO.

Rules: docs/passes/auto-derive-task-dependencies.md. Each function is analysed first, changing
nothing (`FunctionAnalysis`, `plan_function`); then two rewrite patterns, `MakeTaskManual` and
`MakeScopeManual`, applied by one `PatternRewriteWalker`, make the changes. Linear, except that
an access is compared with the uncovered windows of its buffer in its block.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, TensorType, UnitAttr
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import Place, RootSets, covers, overlap
from pypto_dialects.analysis.untracked_hazards import Analysis
from pypto_dialects.limits import MAX_TASK_ARRAY_SIZE, TASK_WINDOW, check_task_window
from pypto_dialects.orch import (
    MANUAL_LAYER,
    PARALLEL,
    ArgDirection,
    ArgDirectionAttr,
    CallOp,
    SubmitOp,
)
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import AUTO_SCOPE, ScopeMode, ScopeModeAttr, ScopeOp, auto_scope_enabled
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.transforms.classify_iter_arg_carry import constant_trip_count
from pypto_dialects.transforms.materialize_runtime_scopes import wrap_block
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker

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
    rejects: counted as a read here, as before the interface (issue 22). A result the runtime
    allocates (a trailing `out` parameter left out) is a write of that result's buffer: in a
    MANUAL scope the runtime adds no creator edge, so its readers need the compiler's edge."""
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
    kernel = task.kernel(roots.symbols)
    for res, param in zip(task.res, kernel.result_param_indices()):
        if param >= len(task.args):  # a runtime-allocated output: a buffer the task writes
            place = roots.of(res)
            out.extend(Access(r, False, True, place) for r in place.roots)
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


@dataclass(frozen=True)
class Area:
    """A region the pass may make manual: `block`, its root block (the bodies and branches of
    the loops and ifs inside it belong to it), and `owner`, the op it is a region of, which
    says what making it manual means: an `scf.for` / `scf.if` of a function with automatic
    scopes (its tasks get `manual_candidate`, materialize-runtime-scopes places the scope), a
    hand-placed `pto_rt.scope auto` (it becomes `manual compiler_owned`), or a `func.func`,
    with automatic scopes or opted out and holding no scope (its body is wrapped in one)."""

    block: Block
    owner: Operation


@dataclass
class Region:
    """An `Area` that qualifies: its tasks with their accesses, in program order."""

    area: Area
    tasks: list[tuple[Task, list[Access]]]


class FunctionAnalysis:
    """The areas of one function that qualify, and the edges inside each."""

    def __init__(self, f: func.FuncOp, roots: RootSets, task_window: int = TASK_WINDOW) -> None:
        self.f = f
        self.roots = roots
        self.task_window = task_window
        self.pos: dict[Operation, int] = {}
        self.end: dict[Operation, int] = {}
        self.last_write: dict[SSAValue, int] = {}
        self.last_use: dict[SSAValue, int] = {}
        self.first_write: dict[SSAValue, int] = {}
        self.read_roots: set[SSAValue] = set()
        """The roots a `pto_tensor.read` reads (the host waits for tracked writers only)."""
        self.host_written: set[SSAValue] = set()
        """The roots a `pto_tensor.write` writes (it waits for tracked tasks only)."""
        self.acc: dict[Task, list[Access] | None] = {}
        self.first_partial: dict[SSAValue, int] = {}
        """Per root, the position of the first task in a loop that writes part of it."""
        self._number()
        self.untracked: set[Operation] = set()
        """The tasks order-untracked-hazards gives an edge with every area AUTO."""
        hazards = Analysis(roots)
        try:
            hazards.block(f.body.block, {})
        except PassFailedException:
            pass  # the same error is order-untracked-hazards' to report
        else:
            self.untracked = {n.x for n in hazards.needs}

    def _number(self) -> None:
        n = 0
        loops = 0
        stack: list[tuple[Operation, bool]] = [
            (op, False) for op in reversed(list(self.f.body.block.ops))
        ]
        while stack:
            op, done = stack.pop()
            if done:
                self.end[op] = n
                loops -= isinstance(op, scf.ForOp)
                continue
            n += 1
            self.pos[op] = n
            if isinstance(op, CallOp | SubmitOp):
                acc = self.acc[op] = _accesses(op, self.roots)
                for a in acc or ():
                    self.last_use[a.root] = n
                    if a.write:
                        self.last_write[a.root] = n
                        self.first_write.setdefault(a.root, n)
                        if loops and not a.place.whole:
                            self.first_partial.setdefault(a.root, n)
            elif isinstance(op, pt.ReadOp):
                self.read_roots |= self.roots.of(op.operands[0]).roots
            elif isinstance(op, pt.WriteOp):
                self.host_written |= self.roots.of(op.tensor).roots
            loops += isinstance(op, scf.ForOp)
            stack.append((op, True))
            for region in reversed(op.regions):
                for block in reversed(region.blocks):
                    stack.extend((o, False) for o in reversed(list(block.ops)))

    def areas(self) -> list[Area]:
        """The areas of the function, outer before inner: with automatic scopes, the body, then
        every loop body and if branch; opted out, the body when it holds no `pto_rt.scope`,
        else every hand-placed auto scope."""
        f = self.f
        if auto_scope_enabled(f):
            out = [Area(f.body.block, f)]
            for op in walk_list(f):
                if isinstance(op, scf.ForOp):
                    out.append(Area(op.body.block, op))
                elif isinstance(op, scf.IfOp):
                    out.extend(Area(r.block, op) for r in op.regions if r.blocks)
            return out
        scopes = [op for op in walk_list(f) if isinstance(op, ScopeOp)]
        if not scopes:
            return [Area(f.body.block, f)]
        return [Area(s.body.block, s) for s in scopes if not s.is_manual]

    def _explicit_anyway(self, tasks: list[tuple[Task, list[Access]]]) -> bool:
        """Whether order-untracked-hazards orders a task of the area with an explicit edge
        with the area AUTO too (`self.untracked`: a possible write, a `manual_dep` buffer, a
        WAR...): there the tensor map's edges come on top, made manual the explicit ones
        alone remain."""
        return any(t in self.untracked for t, _ in tasks)

    def _one_scope_fits(self, area: Block, body: bool) -> bool:
        """Whether `area` (of a function with automatic scopes) may become one scope: without
        the option each loop body inside it is a scope of its own, which holds only the tasks
        of one iteration and, for the function body (`body`), frees the buffers an iteration
        allocates when the iteration ends. So: every loop inside it around a task with a
        constant trip count, and fewer than `task_window` task instances per instance of the
        area, allocations included (the runtime's bound on the tasks submitted directly in one
        scope: more is its fatal "scope deadlock"); for the body also no buffer allocated in a
        loop (a `pto_tensor.create`, a runtime-allocated output). A loop body or branch was
        allowed any inner loop before, and one of 20000 tasks made one manual scope of them
        (found by a breaker session)."""
        count = 0
        stack: list[tuple[Block, int, bool]] = [(area, 1, False)]
        while stack:
            block, times, in_loop = stack.pop()
            for op in block.ops:
                if isinstance(op, pt.CreateOp):
                    if in_loop and body:
                        return False
                    count += times
                    continue
                if isinstance(op, CallOp | SubmitOp):
                    if in_loop and body and len(op.res) > 0 and any(
                        p >= len(op.args)
                        for p in op.kernel(self.roots.symbols).result_param_indices()
                    ):
                        return False
                    count += times
                    continue
                inner, looped = times, in_loop
                if isinstance(op, scf.ForOp):
                    trips = constant_trip_count(op)
                    if trips is None:
                        if any(isinstance(o, CallOp | SubmitOp) for o in op.walk()):
                            return False
                        trips = 0
                    inner, looped = times * trips, True
                for region in op.regions:
                    stack.extend((b, inner, looped) for b in region.blocks)
        return count < self.task_window

    def _leaves_a_stale_entry(
        self, written: set[SSAValue], block: Block, first: Operation, limit: int
    ) -> bool:
        """Whether the area (rooted at `block`; `first`, the outermost loop around it or its
        owner; `limit`, the position where that ends) writes a buffer from outside that a task
        before `first` writes and a task after `limit` uses. Made manual, its writes never reach
        the tensor map, so every AUTO task after it that looks that buffer up still finds the
        writer before it, an edge on top of the explicit one from the area (random program
        26: 66 edges for 60)."""
        start = self.pos[first]
        return any(
            not _inside(r, block)
            and self.first_write.get(r, start) < start
            and self.last_use.get(r, 0) > limit
            for r in written
        )

    def _chains_alone(self, tasks: list[tuple[Task, list[Access]]], loop: scf.ForOp) -> bool:
        """Whether the area, the body of `loop` (no loop around it), orders its iterations
        one after the other and nothing else: a task of it writes a buffer from outside that
        it uses, and no task before the loop writes a buffer the area uses (whose TaskId every
        iteration would wait for, where the tensor map orders the first one only). Its
        iterations' edges are then one carried TaskId each, as many as the tensor map's."""
        start = self.pos[loop]
        chained = False
        for _, acc in tasks:
            for a in acc:
                if self.first_write.get(a.root, start) < start:
                    return False
                chained |= a.write and not _inside(a.root, loop.body.block)
        return chained

    def qualifies(self, area: Area) -> Region | None:
        """`area` as a `Region` when explicit edges can carry all of its ordering (the rules
        of docs/passes/auto-derive-task-dependencies.md#which-regions-qualify), else None."""
        block = area.block
        tasks: list[tuple[Task, list[Access]]] = []
        blocks = [block]
        for op in walk_list(block):
            if isinstance(op, CallOp | SubmitOp):
                acc = self.acc.get(op)
                if acc is None:
                    return None
                tasks.append((op, acc))
            elif isinstance(op, scf.ForOp):
                if PARALLEL in op.attributes and not (
                    0 < (constant_trip_count(op) or 0) <= MAX_TASK_ARRAY_SIZE
                ):
                    return None  # its TaskIds cannot be carried in a manual scope
                blocks.append(op.body.block)
            elif isinstance(op, scf.IfOp):
                blocks.extend(r.block for r in op.regions if r.blocks)
            elif op is not block.last_op and not isinstance(op, _PURE) and (
                op.dialect_name() != "arith"
            ):
                return None
        if not tasks:
            return None
        if auto_scope_enabled(self.f) and not self._one_scope_fits(block, area.owner is self.f):
            return None
        loop = None
        cur = block.parent_op()
        while cur is not None and not isinstance(cur, func.FuncOp):
            if isinstance(cur, ScopeOp) and cur.is_manual:
                return None  # a user manual scope is never touched
            if isinstance(cur, scf.ForOp):
                loop = cur  # the outermost loop around the area
            cur = cur.parent_op()
        if not (
            _has_inner_edge(tasks, block)
            or self._explicit_anyway(tasks)
            or (loop is area.owner and self._chains_alone(tasks, loop))
        ):
            return None  # no edge inside: all its ordering is at its boundary
        limit = self.end[loop] if loop is not None else self.end.get(area.owner, len(self.pos))
        written: set[SSAValue] = set()
        used: set[SSAValue] = set()
        only_read: dict[SSAValue, set[scf.ForOp]] = {}
        for t, acc in tasks:
            here = t.parent_block()
            assert here is not None
            for a in acc:
                if not _inside(a.root, here) and not a.place.whole:
                    return None
                outer = not _inside(a.root, block)
                if outer and self.first_partial.get(a.root, limit + 1) <= limit:
                    return None  # an earlier instance of a partial writer in a loop
                used.add(a.root)
                if a.write and len(a.place.roots) > 1 and len(blocks) > 1:
                    return None  # a possible write: its edges across blocks over-approximate
                if a.write:
                    written.add(a.root)
                elif outer:
                    first = _outermost_loop(t)
                    if first is not None:
                        only_read.setdefault(a.root, set()).add(first)
        if written & self.read_roots or used & self.host_written:
            return None  # the host reads or writes a buffer of the area
        if not isinstance(area.owner, func.FuncOp) and self._leaves_a_stale_entry(
            written, block, loop or area.owner, limit
        ):
            return None
        # what leaves a block of the area is a new buffer of each instance, ordered by nothing
        # outside; except what leaves the area itself where it runs once (a hand-placed scope
        # outside loops, an opted-out body): order-untracked-hazards carries its TaskIds out
        once = isinstance(area.owner, func.FuncOp) or (
            isinstance(area.owner, ScopeOp) and loop is None
        )
        for b in blocks:
            term = b.last_op
            if term is None or (b is block and once):
                continue
            for v in term.operands:
                if isinstance(v.type, TensorType) and any(
                    _inside(r, b) for r in self.roots.of(v).roots
                ):
                    return None
        if len(blocks) > 1 and _repeats_an_edge(tasks, block, self.pos):
            return None
        if len(blocks) > 1 and _multiplies_carries(tasks, block, loop is not None):
            return None
        for root, firsts in only_read.items():
            if root not in written and any(
                self.last_write.get(root, 0) > self.end[first] for first in firsts
            ):
                return None  # read in every iteration of a loop, written after it
        return Region(area, tasks)


def _has_inner_edge(tasks: list[tuple[Task, list[Access]]], block: Block) -> bool:
    """Whether one instance of the area (rooted at `block`) orders two of its own tasks: two
    tasks of it use one buffer, one of them writing, or a task in a loop of the area writes
    a buffer it uses (its iterations). An area without such a pair has all of its ordering at
    its boundary: made manual, each edge into it, out of it and between its instances is an
    explicit edge per task (and a task after it still finds the writers before it in the
    tensor map, which never saw the area's writes), where the tensor map creates one edge per
    lookup, to the last writer only: it stays AUTO."""
    users: dict[SSAValue, Task] = {}
    writers: dict[SSAValue, Task] = {}
    for t, acc in tasks:
        looped = _innermost_loop(t, block) is not None
        for a in acc:
            w = writers.get(a.root)
            u = users.get(a.root)
            if (w is not None and w is not t) or (a.write and u is not None and u is not t):
                return True
            if a.write and looped:
                return True
            users.setdefault(a.root, t)
            if a.write:
                writers.setdefault(a.root, t)
    return False


def _multiplies_carries(
    tasks: list[tuple[Task, list[Access]]], block: Block, repeated: bool
) -> bool:
    """Whether order-untracked-hazards would carry more TaskIds through the area than the
    tensor map creates edges: a buffer written in two blocks of the area other than its own
    and the two branches of one if (each writer's TaskId is carried on through the other's
    blocks, and each later task waits for both: @two_inner, @two_ifs in
    tests/execution/compiler_owned_nests.mlir), or a task of a `pto_orch.parallel` loop of
    the area that writes a buffer from outside the loop's body while another task of the
    area uses it or the area repeats (a loop around it): the loop's TaskIds are an array, and
    each later task waits for every slot (N x N edges where the tensor map chains N)."""
    blocks: dict[SSAValue, set[Block]] = {}
    users: dict[SSAValue, set[Task]] = {}
    for t, acc in tasks:
        for a in acc:
            users.setdefault(a.root, set()).add(t)
    for t, acc in tasks:
        here = t.parent_block()
        assert here is not None
        par = _parallel_loop(t, block)
        for a in acc:
            if not a.write:
                continue
            if here is not block:
                blocks.setdefault(a.root, set()).add(here)
            if par is not None and not _inside(a.root, par.body.block) and (
                repeated or _innermost_loop(par, block) is not None or len(users[a.root]) > 1
            ):
                return True
    for bs in blocks.values():
        if len(bs) > 2 or (len(bs) == 2 and not _branches_of_one_if(*bs)):
            return True
    return False


def _branches_of_one_if(a: Block, b: Block) -> bool:
    op = a.parent_op()
    return isinstance(op, scf.IfOp) and op is b.parent_op()


def _parallel_loop(op: Operation, block: Block) -> scf.ForOp | None:
    """The innermost `pto_orch.parallel` loop around `op` inside `block` (None: none)."""
    cur = op.parent_op()
    while cur is not None:
        home = cur.parent_block()
        if home is None or not block.is_ancestor(home):
            return None
        if isinstance(cur, scf.ForOp) and PARALLEL in cur.attributes:
            return cur
        cur = cur.parent_op()
    return None


def _repeats_an_edge(
    tasks: list[tuple[Task, list[Access]]], block: Block, pos: dict[Operation, int]
) -> bool:
    """Whether a task in a loop of the area (rooted at `block`) uses a buffer that a task
    of the area before that loop writes, or writes one it uses. order-untracked-hazards would
    give every iteration of the loop (and the tasks after it) the earlier task's TaskId, an
    edge the tensor map does not need: the area would cost more edges than it saves."""
    first_write: dict[SSAValue, int] = {}
    first_use: dict[SSAValue, int] = {}
    for t, acc in tasks:
        for a in acc:
            first_use.setdefault(a.root, pos[t])
            if a.write:
                first_write.setdefault(a.root, pos[t])
    for t, acc in tasks:
        loop = _innermost_loop(t, block)
        if loop is None:
            continue
        start = pos[loop]
        for a in acc:
            if first_write.get(a.root, start) < start or (
                a.write and first_use.get(a.root, start) < start
            ):
                return True
    return False


def _innermost_loop(op: Operation, block: Block) -> scf.ForOp | None:
    """The innermost `scf.for` around `op` that is inside `block` (None: none)."""
    cur = op.parent_op()
    while cur is not None:
        home = cur.parent_block()
        if home is None:
            return None
        if isinstance(cur, scf.ForOp):
            return cur if block.is_ancestor(home) else None
        cur = cur.parent_op()
    return None


def _outermost_loop(op: Operation) -> scf.ForOp | None:
    loop = None
    cur = op.parent_op()
    while cur is not None:
        if isinstance(cur, scf.ForOp):
            loop = cur
        cur = cur.parent_op()
    return loop


def _edges(tasks: list[tuple[Task, list[Access]]]) -> list[tuple[Task, Task]]:
    """(earlier, later) task pairs one block of a region needs (`tasks`: the block's, in
    order), per buffer: a task after the earlier writers whose windows overlap its own, a
    writer also after the overlapping readers. A write drops the entries whose windows it
    covers (it is ordered after them, and whatever overlaps them overlaps it); statically
    disjoint windows of one buffer get no edge."""
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


def _demoted(t: Task, roots: RootSets, only_here: set[SSAValue]) -> list[ArgDirection] | None:
    """`t`'s directions with the demotions of a region made manual (None: none changes): an
    `inout` slot becomes `output_existing` (its hazards inside its block are this pass's
    edges, the others order-untracked-hazards' edges, which it adds for an `output_existing`
    slot as for an `inout` one); an `in` slot of a buffer of `only_here` (created in `t`'s
    block and used by tasks of that block only) becomes `no_dep` (every writer of that buffer
    is a task of the block instance, ordered by this pass's edges). Any other `in` slot stays
    `in`: order-untracked-hazards leaves `no_dep` slots alone, as the user's word that the
    task need not wait. In a MANUAL scope the runtime looks nothing up and publishes nothing
    whatever the tag, so the run is the same; the tags say the slot needs no lookup."""
    dirs = t.directions()
    assert dirs is not None
    new = list(dirs)
    for i, (value, d) in enumerate(zip(t.args, dirs)):
        if d == ArgDirection.INOUT:
            new[i] = ArgDirection.OUTPUT_EXISTING
        elif d == ArgDirection.IN and isinstance(value.type, TensorType):
            rs = roots.of(value).roots
            if rs and rs <= only_here:
                new[i] = ArgDirection.NO_DEP
    return None if new == dirs else new


@dataclass
class TaskPlan:
    """What `MakeTaskManual` does to one task of a region made manual: `submit`, make it a
    `pto_orch.submit` (a later task of its block depends on its TaskId); `preds`, the tasks
    (as in the analysed IR) whose TaskIds it gets as compiler deps, in order; `dirs`, its
    demoted directions (None: they stay); `candidate`, mark it `manual_candidate` (its
    scope is placed by materialize-runtime-scopes)."""

    submit: bool
    preds: list[Task]
    dirs: list[ArgDirection] | None
    candidate: bool = True


@dataclass
class FunctionPlan:
    """What the pass does to one function: `tasks`, per task of a region made manual; `scopes`,
    the hand-placed auto scopes that become `manual compiler_owned`; `wrap`, whether the body
    is wrapped in a `pto_rt.scope manual compiler_owned` (a default-mode function then opts
    out: its scopes are placed)."""

    tasks: dict[Task, TaskPlan] = field(default_factory=dict)
    scopes: set[ScopeOp] = field(default_factory=set)
    wrap: bool = False


def plan_function(
    f: func.FuncOp, roots: RootSets, task_window: int = TASK_WINDOW
) -> FunctionPlan:
    """The plan of `f`: the areas that qualify (`FunctionAnalysis`; outer first, an area
    inside one that qualified is part of it), each block's edges (`_edges`, the edges between
    blocks and iterations are order-untracked-hazards') and demotions (`_demoted`), decided on
    the IR as it is, against the ring's `task_window` (`check_task_window`); changes nothing,
    raises nothing."""
    analysis = FunctionAnalysis(f, roots, task_window)
    plan = FunctionPlan()
    taken: set[Block] = set()
    for area in analysis.areas():
        if _in_any(area.block, taken):
            continue
        region = analysis.qualifies(area)
        if region is None:
            continue
        taken.add(area.block)
        if isinstance(area.owner, ScopeOp):
            plan.scopes.add(area.owner)
        elif isinstance(area.owner, func.FuncOp):
            plan.wrap = True
        candidate = isinstance(area.owner, scf.ForOp | scf.IfOp)
        term = area.block.last_op
        leaving = {  # buffers that leave the area (only one that runs once): used after it
            r
            for v in (term.operands if term is not None else ())
            if isinstance(v.type, TensorType)
            for r in roots.of(v).roots
        }
        per_block: dict[Block, list[tuple[Task, list[Access]]]] = {}
        users: dict[SSAValue, set[Block]] = {}
        for t, acc in region.tasks:
            b = t.parent_block()
            assert b is not None
            per_block.setdefault(b, []).append((t, acc))
            for a in acc:
                users.setdefault(a.root, set()).add(b)
        for b, tasks in per_block.items():
            pairs = _edges(tasks)
            preds: dict[Task, list[Task]] = {}
            for p, x in pairs:
                preds.setdefault(x, []).append(p)
            sources = {p for p, _ in pairs}
            only_here = {
                r for r, bs in users.items() if bs == {b} and _inside(r, b) and r not in leaving
            }
            for t, _ in tasks:
                plan.tasks[t] = TaskPlan(
                    isinstance(t, CallOp) and t in sources,
                    preds.get(t, []),
                    _demoted(t, roots, only_here),
                    candidate,
                )
    return plan


def _in_any(block: Block, blocks: set[Block]) -> bool:
    """Whether `block` is nested in an op of one of `blocks` (O(depth))."""
    op = block.parent_op()
    while op is not None:
        if op.parent_block() in blocks:
            return True
        op = op.parent_op()
    return False


@dataclass(eq=False)
class MakeTaskManual(RewritePattern):
    """On a `pto_orch.call` / `pto_orch.submit` that `plans` (from `plan_function`) holds, in
    program order (a task's predecessors are earlier tasks of its block): a call whose TaskId
    a later task needs is replaced by a submit (`CallOp.as_submit`: inserted, the call
    replaced and erased, its users reported modified); then the task appends the TaskIds of
    its predecessors it does not list yet (in its `deps` or `compiler_deps`) to its
    `compiler_deps`, takes its demoted directions and, when planned, gets `manual_candidate`
    (the task reported modified when any of this changes it). Other ops are left alone.
    Raises nothing."""

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
        listed = {*task.compiler_deps, *(task.deps if isinstance(task, SubmitOp) else ())}
        add: list[SSAValue] = []
        for p in plan.preds:
            sp = self.submits.get(p, p)
            assert isinstance(sp, SubmitOp)
            if sp.task_id not in listed and sp.task_id not in add:
                add.append(sp.task_id)
        task.add_compiler_deps(add)
        changed = bool(add)
        if plan.dirs is not None:
            task.properties["arg_dirs"] = ArrayAttr([ArgDirectionAttr(d) for d in plan.dirs])
            changed = True
        if plan.candidate and task.manual_candidate is None:
            task.manual_candidate = UnitAttr()
            changed = True
        if changed:
            rewriter.notify_op_modified(task)


@dataclass(eq=False)
class MakeScopeManual(RewritePattern):
    """On a hand-placed `pto_rt.scope auto` of `scopes` (from `plan_function`): it becomes
    `pto_rt.scope manual compiler_owned` (reported modified). Other ops are left alone.
    Raises nothing."""

    scopes: set[ScopeOp]

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ScopeOp, rewriter: PatternRewriter) -> None:
        if op in self.scopes and not op.is_manual:
            op.properties["mode"] = ScopeModeAttr(ScopeMode.MANUAL)
            op.compiler_owned = UnitAttr()
            rewriter.notify_op_modified(op)


@dataclass(frozen=True)
class AutoDeriveTaskDependencies(ModulePass):
    """See the module docstring. No-op unless `analyze_auto_scopes` is true."""

    name = "auto-derive-task-dependencies"

    analyze_auto_scopes: bool = False
    task_window: int = TASK_WINDOW
    """The ring's task window the program runs with (`task-window`, `check_task_window`)."""

    def __post_init__(self) -> None:
        check_task_window(self.task_window)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.analyze_auto_scopes:
            self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """For each orchestration function of `module` (in module order; not one carrying
        `pto_orch.manual_layer`, whose whole body becomes a manual scope): plan it
        (`plan_function`), then, when an area qualifies, apply `MakeTaskManual` and
        `MakeScopeManual` to it (one pre-order walk) and, for an opted-out body that
        qualifies, wrap the body in a `pto_rt.scope manual compiler_owned` (located at the
        function; the values `func.return` uses leave through the scope's results; a
        default-mode function gets `pto_rt.auto_scope = false`, so materialize-runtime-scopes
        leaves it);
        `listener`, when given, also sees every change the rewriter makes. Runs whatever
        `analyze_auto_scopes` says (`apply` checks it)."""
        symbols = SymbolTableCollection()
        listener = listener or PatternRewriterListener()
        for f in orchestration_functions(module):
            if MANUAL_LAYER in f.attributes:
                continue  # its whole body becomes one manual scope: nothing is AUTO
            plan = plan_function(f, RootSets(symbols), self.task_window)
            if not plan.tasks:
                continue  # no area qualifies: no walk
            TypedRewriteWalker(
                GreedyRewritePatternApplier(
                    [MakeTaskManual(plan.tasks), MakeScopeManual(plan.scopes)],
                    dce_enabled=False,
                ),
                apply_recursively=False,
                op_types=(CallOp, SubmitOp, ScopeOp),
                listener=listener,
            ).rewrite_region(f.body)
            if plan.wrap:
                term = f.body.block.last_op
                assert term is not None  # verified IR: the body ends with func.return
                rewriter = PatternRewriter(term)
                rewriter.extend_from_listener(listener)
                wrap_block(f.body.block, f, ScopeMode.MANUAL, True, rewriter)
                if auto_scope_enabled(f):  # its scopes are placed: materialize leaves it
                    f.attributes[AUTO_SCOPE] = IntegerAttr.from_bool(False)
                    rewriter.notify_op_modified(f)
