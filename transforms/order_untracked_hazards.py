"""`order-untracked-hazards`: a compiler edge for every hazard the PTO2 runtime does not order
(data crossing a manual scope's boundary either way; WAR and `add_output` WAW in AUTO scopes;
any hazard on a `manual_dep` buffer), carrying TaskIds out of scopes, ifs and loops as needed,
or a located error naming both tasks. A write of a value that may be one of several buffers is
a possible write of each: it replaces no earlier access, and the tensor map is counted on only
for what a task surely looks up and an earlier task surely recorded.

Rules: docs/passes/order-untracked-hazards.md. Buffers and windows: storage_roots.RootSets.
Cost: one walk; a loop body is walked twice (loop-carried hazards), except inside the
second walk of an enclosing loop, where once suffices: a task at loop depth d is visited
d + 1 times, O(ops x depth) (bench/nest_depth.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.diagnostics import pass_error
from pypto_dialects.orch import (
    TASK_ID,
    CallOp,
    SubmitOp,
)
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.tensor import CreateOp

Task = CallOp | SubmitOp


# --------------------------------------------------------------------------- buffers


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
            inner = _iv_times(a) if c is not None else None
            if inner is not None:
                return inner[0], inner[1] * c  # type: ignore[operator]
    return None


def iteration_windows(value: SSAValue, roots: storage.RootSets) -> dict[scf.ForOp, Window]:
    """The loops whose iterations use disjoint parts of `value`'s buffer: `value` is (through
    task results, writes and scope results: storage_roots.same_base) a `pto_tensor.slice` of
    a whole buffer with an offset `iv * c`."""
    from pypto_dialects.tensor import SliceOp

    v, links = storage.same_base(value, roots.symbols)
    if len(links) != 1 or links[0][0] is not storage.Link.PART or not isinstance(v, OpResult):
        return {}
    op = v.op
    if not isinstance(op, SliceOp) or not roots.of(op.source).whole:
        return {}
    shape = op.result.type.get_shape()  # type: ignore[attr-defined]
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


# --------------------------------------------------------------------------- accesses


@dataclass(eq=False)
class Access:
    """One task's use of one buffer. `lookup`: the runtime looks up every part of the buffer
    the task touches (`_looks_up`); `whole`: every argument on the buffer may be all of it;
    `sure`: the task surely writes all of this buffer (an argument that is all of it and of no
    other buffer); `covered`: every part of the buffer it reads it also writes
    (`_writes_its_reads`); `lookup_all`: it looks up all of this buffer (an in / inout
    argument that is all of it and of no other buffer); `recorded`: it surely writes some of
    this buffer (a written argument of this buffer alone); `manual`: the innermost manual
    scope around the task; `place`: its window of the buffer (storage_roots.Place); `prev`:
    the loops of which this entry is the previous iteration's instance."""

    task: Task
    read: bool
    write: bool
    lookup: bool
    whole: bool
    manual: ScopeOp | None
    windows: dict[scf.ForOp, Window] = field(default_factory=dict)
    prev: frozenset[scf.ForOp] = frozenset()
    place: storage.Place | None = None
    sure: bool = False
    covered: bool = True
    lookup_all: bool = False
    recorded: bool = False


class _Slot(NamedTuple):
    """One tensor argument of a task on one buffer."""

    value: SSAValue
    place: storage.Place
    lookup: bool
    read: bool
    write: bool


def untracked_root(root: SSAValue) -> bool:
    """A `pto_tensor.create ... manual_dep` buffer: the runtime's tensor map neither records
    its writers nor looks it up (a view of it is tracked again; counted as untracked too,
    the conservative answer)."""
    return isinstance(root, OpResult) and isinstance(root.op, CreateOp) and (
        root.op.manual_dep is not None
    )


def _slot_holds(root: SSAValue, outer: _Slot, inner: _Slot) -> bool:
    """Whether argument `outer` surely holds what `inner` touches of `root`: the same value,
    or a window of `root` alone that holds it (a value that may be one of several buffers
    holds only itself)."""
    return outer.value is inner.value or (
        outer.place.roots == {root} and storage.covers(outer.place, inner.place)
    )


def _looks_up(root: SSAValue, slots: list[_Slot]) -> bool:
    """Whether the runtime orders the task after every earlier recorded writer of `root`
    that overlaps what the task touches: the buffer is tracked and every argument on it is
    looked up (in / inout), or held by one that is. An `output_existing` slot is not
    looked up."""
    if untracked_root(root):
        return False
    lookups = [s for s in slots if s.lookup]
    return bool(lookups) and all(any(_slot_holds(root, l, s) for l in lookups) for s in slots)


def _writes_its_reads(root: SSAValue, slots: list[_Slot]) -> bool:
    """Whether every part of `root` the task reads it also writes (an inout argument, or a
    written argument that holds the read one): then a later lookup that meets its read meets
    its recorded write."""
    writes = [s for s in slots if s.write]
    return all(any(_slot_holds(root, w, s) for w in writes) for s in slots if s.read)


Chain = tuple  # (Access, Chain) | None: a persistent list, newest first, shared by copies


def _items(chain: Chain | None, stop: Chain | None = None):  # type: ignore[no-untyped-def]
    """The accesses of `chain` up to (not including) the node `stop`."""
    while chain is not None and chain is not stop:
        yield chain[0]
        chain = chain[1]


def _reaches(chain: Chain | None, stop: Chain | None) -> bool:
    while chain is not None:
        if chain is stop:
            return True
        chain = chain[1]
    return stop is None


@dataclass
class Pending:
    """The accesses of one buffer a later task may have to be ordered after (persistent
    lists: a copy shares them, so saving a state before a region costs nothing)."""

    writers: Chain | None = None
    readers: Chain | None = None

    def copy(self) -> Pending:
        return Pending(self.writers, self.readers)


State = dict[SSAValue, Pending]


def _union(a: Chain | None, b: Chain | None, base: Chain | None) -> Chain | None:
    """Both `a` and `b` grew from `base` (or were reset since): their union, in time
    proportional to what they added."""
    a_base, b_base = _reaches(a, base), _reaches(b, base)
    out = base if (a_base or b_base) else None
    for item in [*_items(a, base if a_base else None), *_items(b, base if b_base else None)]:
        out = (item, out)
    return out


def _merge_one(state: State, root: SSAValue, other: Pending, base: Pending) -> None:
    """`state[root]` becomes the union of itself and `other` (either path may have run), both
    grown from `base`."""
    mine = state[root]
    mine.writers = _union(mine.writers, other.writers, base.writers)
    mine.readers = _union(mine.readers, other.readers, base.readers)


def _needs_edge(p: Access, x: Access, loop: scf.ForOp | None) -> bool:
    """Whether the earlier access `p` and the later `x` conflict with no runtime ordering
    (`loop`: `p` is from the previous iteration of that loop)."""
    if not (p.write or x.write):
        return False
    if p.place is not None and x.place is not None and not storage.overlap(p.place, x.place):
        return False  # constant windows of the buffer that do not meet (in every iteration)
    if loop is not None and _disjoint_iterations(p, x, loop):
        return False
    if p.task is x.task and loop is None:
        return False
    if p.manual is not None and p.manual is x.manual:
        if loop is None or p.manual.is_ancestor(loop):
            return False  # one manual scope (one instance of it): the user's deps order it
    if p.manual is None and x.manual is None and p.write and x.lookup and (
        not x.write or p.covered or (x.lookup_all and p.recorded)
    ):
        # the tensor map: x waits for the earlier writer. For a write after p's read, only
        # when x's lookup surely meets p's recorded write (the map records writers only): p
        # wrote what it read, or x looks up all of the buffer and p surely wrote some of it
        return False
    return True


def _disjoint_iterations(p: Access, x: Access, loop: scf.ForOp) -> bool:
    """Whether `p` (an earlier iteration of `loop`) and `x` use disjoint slices: both slice
    along one axis at `iv * c` with the same span, at least as wide as either extent."""
    wp, wx = p.windows.get(loop), x.windows.get(loop)
    if wp is None or wx is None or wp[:2] != wx[:2]:
        return False
    return wp[1] >= max(wp[2], wx[2])


@dataclass(eq=False)
class Need:
    """A compiler edge to add: `x` after `p` (through a carry of the loop whose body is
    `loop_body`, if given; blocks survive the rebuilding of their op, ops do not)."""

    x: Task
    p: Access
    loop_body: Block | None


class Analysis:
    """Walks one function and lists the edges it needs."""

    def __init__(self, roots: storage.RootSets) -> None:
        self.roots = roots
        self.needs: list[Need] = []
        self.seen: set[tuple[int, int, int]] = set()
        self.loops: list[scf.ForOp] = []  # the loops around the op being walked
        self.manual: list[ScopeOp] = []
        self.logs: list[dict[SSAValue, Pending]] = []  # undo logs of the open regions
        self.replaying = 0  # > 0 inside the second walk of a loop body

    def block(self, block: Block, state: State) -> None:
        for op in block.ops:
            self.op(op, state)

    def op(self, op: Operation, state: State) -> None:
        if isinstance(op, CallOp | SubmitOp):
            self.task(op, state)
        elif isinstance(op, ScopeOp):
            if op.is_manual:
                self.manual.append(op)
            self.block(op.body.block, state)
            if op.is_manual:
                self.manual.pop()
        elif isinstance(op, scf.IfOp):
            then_log = self._walk(op.true_region.block, state)
            then_state = {r: state[r] for r in then_log}
            state.update({r: p.copy() for r, p in then_log.items()})  # back to before the if
            else_log = (
                self._walk(op.false_region.block, state) if op.false_region.blocks else {}
            )
            for r in then_log.keys() | else_log.keys():
                base = then_log[r] if r in then_log else else_log[r]
                other = then_state.get(r) or base
                _merge_one(state, r, other, base)
        elif isinstance(op, scf.ForOp):
            self.loops.append(op)
            first = self._walk(op.body.block, state)
            second: dict[SSAValue, Pending] = {}
            if not self.replaying:
                # the second walk finds the hazards carried from one iteration to the next.
                # Inside it, each inner loop is walked once: its own carried hazards were
                # found in the first walk (the same body, the same pairs), and what a second
                # walk would add to the state only repeats entries of the same tasks
                self._mark_prev(state, first, op)
                self.replaying += 1
                second = self._walk(op.body.block, state)
                self.replaying -= 1
            self.loops.pop()
            for r in first.keys() | second.keys():  # the loop may run no iteration
                base = first[r] if r in first else second[r]
                _merge_one(state, r, base, base)
        else:
            for region in op.regions:
                for b in region.blocks:
                    self.block(b, state)

    def _walk(self, block: Block, state: State) -> dict[SSAValue, Pending]:
        """Walk `block`; returns what each root it touched was before (an undo log), so a
        region costs the roots it touches, not the whole state."""
        self.logs.append({})
        self.block(block, state)
        return self.logs.pop()

    def _touch(self, state: State, root: SSAValue) -> Pending:
        """`state[root]`, saved first in every open undo log that has not saved it yet."""
        pend = state.get(root)
        for log in self.logs:
            if root not in log:
                log[root] = pend.copy() if pend is not None else Pending()
        if pend is None:
            pend = state[root] = Pending()
        return pend

    @staticmethod
    def _mark_prev(state: State, touched: dict[SSAValue, Pending], loop: scf.ForOp) -> None:
        """Entries made in the first walk of `loop`'s body become the previous iteration's."""
        for root, before in touched.items():
            pend = state[root]
            for attr in ("writers", "readers"):
                chain, base = getattr(pend, attr), getattr(before, attr)
                if not _reaches(chain, base):
                    base = None
                new = [
                    replace(a, prev=a.prev | {loop}) if loop.is_ancestor(a.task) else a
                    for a in _items(chain, base)
                ]
                out = base
                for a in reversed(new):
                    out = (a, out)
                setattr(pend, attr, out)

    def task(self, op: Task, state: State) -> None:
        if op.directions() is None:
            return
        manual = self.manual[-1] if self.manual else None
        per_root: dict[SSAValue, Access] = {}
        slots: dict[SSAValue, list[_Slot]] = {}
        for effect in op.argument_effects(self.roots.symbols):
            if not effect.tracked:
                continue  # no_dep: the user's word that the task need not wait
            value = effect.value
            place = self.roots.of(value)
            roots, whole = place.roots, place.whole
            write, lookup, read = effect.writes, effect.looked_up, effect.reads
            # the task surely writes all of the root: one root, all of it (a write of a value
            # that may be one of several buffers is a possible write of each)
            sure = write and whole and len(roots) == 1
            windows = {} if whole or not self.loops else iteration_windows(value, self.roots)
            for root in roots:
                slots.setdefault(root, []).append(_Slot(value, place, lookup, read, write))
                a = per_root.get(root)
                if a is None:
                    per_root[root] = Access(op, read, write, lookup, whole, manual, windows,
                                            place=place, sure=sure)
                else:
                    a.read |= read
                    a.write |= write
                    a.whole = a.whole and whole
                    a.sure |= sure
                    if a.place != place:  # two windows of one buffer: compared as unknown
                        a.place = None
                    a.windows = {k: w for k, w in a.windows.items() if windows.get(k) == w}
        for root, x in per_root.items():
            x.lookup = _looks_up(root, slots[root])
            x.covered = _writes_its_reads(root, slots[root])
            x.lookup_all = x.lookup and any(
                sl.lookup and sl.place.whole and sl.place.roots == {root} for sl in slots[root]
            )
            x.recorded = any(sl.write and sl.place.roots == {root} for sl in slots[root])
            pend = self._touch(state, root)
            if x.write:
                candidates = [*_items(pend.writers), *_items(pend.readers)]
            elif x.manual is None and x.lookup:  # an auto reader: the tensor map orders it
                candidates = [p for p in _items(pend.writers) if p.manual is not None]
            else:
                candidates = list(_items(pend.writers))
            for p in candidates:
                loop = self._carry_loop(p)
                if loop is not None and isinstance(root, OpResult) and loop.is_ancestor(root.op):
                    continue  # created in the loop body: a new buffer every iteration
                if _needs_edge(p, x, loop):
                    self._need(x, p, loop)
            if x.sure:
                # x is ordered after every entry (an edge, or the tensor map: x looks up all of
                # its access), and every later access of the root after x: x replaces them
                pend.writers = (x, None)
                pend.readers = None
            elif x.write:
                # a possible write (of part of the buffer, or of one of several buffers)
                # replaces nothing: a later access may touch what x did not write
                pend.writers = (x, pend.writers)
                if x.read:
                    pend.readers = (x, pend.readers)
            else:
                pend.readers = (x, pend.readers)

    def _carry_loop(self, p: Access) -> scf.ForOp | None:
        """The outermost loop around the task being walked whose previous iteration `p` is."""
        for lp in self.loops:
            if lp in p.prev:
                return lp
        return None

    def _need(self, x: Access, p: Access, loop: scf.ForOp | None) -> None:
        key = (id(x.task), id(p.task), id(loop))
        if key in self.seen:
            return
        self.seen.add(key)
        # Only the last instance of p is carried: enough when p's instances are ordered among
        # themselves (p surely writes all of the buffer), or, for a loop-carried hazard, when
        # x's are (x_i after every earlier p, and x_(i+1) after x_i).
        exits = [
            o for o in _ancestors(p.task) if isinstance(o, scf.ForOp) and not o.is_ancestor(x.task)
        ]
        chained = p.sure
        if not exits and loop is not None:
            chained = chained or x.sure
        if (exits or loop is not None) and not chained:
            if p.write and p.whole:
                # p writes all of a value that may be one of several buffers: its instances
                # are not ordered by the buffer (each may write another one), so order them
                # with a compiler edge from one instance to the next
                self._chain(p, exits, loop)
            elif not exits and loop is not None and x.write and x.whole:
                self._chain(x, [], loop)
            else:
                raise pass_error(
                    x.task,
                    f"must run after {_name(p.task)} (they use one buffer and the runtime does "
                    "not order them), and that task runs in every iteration of a loop while "
                    "only the last iteration's TaskId can be carried: its access is "
                    + ("a read" if not p.write else "a write of part of the buffer")
                    + ", so earlier iterations stay unordered. Order the iterations with "
                    "explicit deps (a TaskId array), or move one of the tasks",
                )
        self.needs.append(Need(x.task, p, None if loop is None else loop.body.block))

    def _chain(self, a: Access, exits: list[scf.ForOp], loop: scf.ForOp | None) -> None:
        """Order the instances of `a`'s task one after the other in each loop of `exits` and
        in `loop`, and in the loops between them (each instance after the previous
        iteration's, through a carried TaskId)."""
        for lp in _ancestors(a.task):
            if not isinstance(lp, scf.ForOp):
                continue
            if lp not in exits and (loop is None or not loop.is_ancestor(lp)):
                continue
            key = (id(a.task), id(a.task), id(lp))
            if key not in self.seen:
                self.seen.add(key)
                self.needs.append(Need(a.task, a, lp.body.block))


def _ancestors(op: Operation):  # type: ignore[no-untyped-def]
    cur = op.parent_op()
    while cur is not None and not isinstance(cur, func.FuncOp):
        yield cur
        cur = cur.parent_op()


def _name(task: Task) -> str:
    from pypto_dialects.diagnostics import location_of

    return f"'{task.name}' @{task.callee.root_reference.data} at {location_of(task)}"


# --------------------------------------------------------------------------- the IR edits




class Threader:
    """Carries TaskIds out of closed regions (memoized per value and region block)."""

    def __init__(self) -> None:
        self.rw = Rewriter()
        self.memo: dict[tuple[SSAValue, Block], SSAValue] = {}
        self.renamed: dict[SSAValue, SSAValue] = {}  # results of an op rebuilt here

    def live(self, value: SSAValue) -> SSAValue:
        """`value`, or what replaced it when its op was rebuilt."""
        while value in self.renamed:
            value = self.renamed[value]
        return value

    def replace(self, old: Operation, new: Operation, results: list[SSAValue]) -> None:
        self.renamed.update(zip(old.results, results))
        self.rw.replace_op(old, new, results)

    def out_of(self, value: SSAValue, block: Block) -> SSAValue:
        """`value` (defined in `block`) as a result of the op that owns `block`."""
        key = (value, block)
        got = self.memo.get(key)
        if got is not None:
            return self.live(got)
        owner = block.parent_op()
        assert owner is not None
        if isinstance(owner, ScopeOp):
            res = self._scope_result(owner, value)
        elif isinstance(owner, scf.IfOp):
            res = self._if_result(owner, block, value)
        else:
            assert isinstance(owner, scf.ForOp)
            res = self._carry(owner, value)[1]
        res.name_hint = value.name_hint
        self.memo[key] = res
        return res

    def carried(self, value: SSAValue, loop: scf.ForOp) -> SSAValue:
        """`value` (defined in `loop`'s body) as the body's iter_arg (the previous iteration's)."""
        key = (value, loop.body.block)
        arg = self.memo.get(("carry", key))  # type: ignore[call-overload]
        if arg is not None:
            arg = self.live(arg)
        if arg is None:
            arg, res = self._carry(loop, value)
            arg.name_hint = res.name_hint = value.name_hint
            self.memo[key] = res
            self.memo[("carry", key)] = arg  # type: ignore[index]
        return arg

    def _scope_result(self, scope: ScopeOp, value: SSAValue) -> SSAValue:
        term = scope.body.block.last_op
        assert isinstance(term, ScopeYieldOp)
        new = ScopeOp(
            scope.mode.data,
            Rewriter.move_region_contents_to_new_regions(scope.body),
            [r.type for r in scope.res] + [TASK_ID],
            scope.compiler_owned is not None,
        )
        new.attributes.update(scope.attributes)
        term.operands = [*term.operands, value]
        self.replace(scope, new, list(new.res[:-1]))
        return new.res[-1]

    def _if_result(self, op: scf.IfOp, block: Block, value: SSAValue) -> SSAValue:
        then_r, else_r = (
            Rewriter.move_region_contents_to_new_regions(r)
            for r in (op.true_region, op.false_region)
        )
        if not else_r.blocks:
            else_r.add_block(Block([scf.YieldOp()]))
        for region in (then_r, else_r):
            term = region.block.last_op
            assert isinstance(term, scf.YieldOp)
            v = value if region.block is block else TaskInvalidOp.insert_before(term)
            term.operands = [*term.operands, v]
        new = scf.IfOp(op.cond, [r.type for r in op.output] + [TASK_ID], then_r, else_r)
        new.attributes.update(op.attributes)
        self.replace(op, new, list(new.output[:-1]))
        return new.output[-1]

    def _carry(self, loop: scf.ForOp, value: SSAValue) -> tuple[SSAValue, SSAValue]:
        init = TaskInvalidOp.insert_before(loop)
        body = Rewriter.move_region_contents_to_new_regions(loop.body)
        block = body.block
        arg = block.insert_arg(TASK_ID, len(block.args))
        term = block.last_op
        assert isinstance(term, scf.YieldOp)
        term.operands = [*term.operands, value]
        new = scf.ForOp(loop.lb, loop.ub, loop.step, [*loop.iter_args, init], body)
        CarryPlan.copy(loop, new, added=1)
        self.replace(loop, new, list(new.res[:-1]))
        return arg, new.res[-1]


class TaskIdSources(storage.Resolver[frozenset[Operation]]):
    """The submits whose TaskId a TaskId value may be (`of(value)`): back through the storage
    edges of TaskId values, which are scope and if results and loop carries (the memo engine:
    a carry cycle adds nothing, and every answer it keeps is exact); a TaskId no submit
    defines (an allocation batch's, the invalid one, a barrier's, an array slot) has none."""

    def __init__(self) -> None:
        super().__init__(SymbolTableCollection())  # no kernel is looked up for a TaskId

    def leaf(self, value: SSAValue) -> frozenset[Operation]:
        op = value.owner
        if isinstance(op, SubmitOp) and value is op.task_id:
            return frozenset({op})
        return frozenset()

    def join(
        self, value: SSAValue, parts: list[tuple[storage.Link, frozenset[Operation]]]
    ) -> frozenset[Operation]:
        return frozenset().union(*(p for _, p in parts))

    def cut(self) -> frozenset[Operation]:
        return frozenset()


REACH = 64
"""How many tasks the search for an existing path of deps visits per consumer (a bound that
keeps the pass linear; a path it does not find costs one redundant edge)."""


def _ordered_before(x: Task, sources: TaskIdSources) -> set[Operation]:
    """The tasks `x`'s deps and compiler deps already order it after, following the deps of
    those tasks in turn (up to REACH tasks). A TaskId carried through a loop counts as the task
    that yields it (the previous iteration's instance)."""
    seen: set[Operation] = set()
    todo: list[Operation] = [x]
    while todo and len(seen) < REACH:
        t = todo.pop()
        for v in [*getattr(t, "deps", ()), *getattr(t, "compiler_deps", ())]:
            for src in sources.of(v):
                if src not in seen:
                    seen.add(src)
                    todo.append(src)
    return seen


def _apply(needs: list[Need]) -> None:
    th = Threader()
    rw = th.rw
    current: dict[Operation, Task] = {}

    def cur(op: Task) -> Task:
        while op in current:
            op = current[op]
        return op

    # 1. every producer names its TaskId
    for n in needs:
        p = cur(n.p.task)
        if isinstance(p, CallOp):
            current[p] = p.as_submit(rw)
    # 2. the TaskId each consumer depends on, carried to where it is visible, unless its
    # deps / compiler_deps already name that task, or this pass gave it that task's TaskId
    # from the same place (in line, or the previous iteration of the same loop: an edge to
    # the previous iteration of an inner loop does not name the last instance of the
    # previous iteration of an outer one)
    sources = TaskIdSources()
    named: dict[Task, set[Operation]] = {}
    added: set[tuple[Task, Operation, Block | None]] = set()
    extra: dict[Task, list[SSAValue]] = {}
    order: list[Task] = []
    for n in needs:
        x, p = cur(n.x), cur(n.p.task)
        assert isinstance(p, SubmitOp)
        stop = n.loop_body
        if x not in named:
            named[x] = _ordered_before(x, sources)
        if p in named[x] or (x, p, stop) in added:
            continue
        added.add((x, p, stop))
        value: SSAValue = th.live(p.task_id)
        block = p.parent_block()
        while block is not None and (
            block is not stop if stop is not None else not _holds(block, x)
        ):
            value = th.out_of(value, block)
            block = value.owner.parent_block()  # type: ignore[union-attr]
        if stop is not None:
            value = th.carried(value, _loop_of(stop))
        if x not in extra:
            extra[x] = []
            order.append(x)
        extra[x].append(value)
    # 3. each consumer gets its compiler deps (a value of an op replaced since is renamed)
    live = th.live
    for x in order:
        cur(x).add_compiler_deps([live(v) for v in extra[x]])


def _loop_of(block: Block | None) -> scf.ForOp:
    loop = block.parent_op() if block is not None else None
    assert isinstance(loop, scf.ForOp)
    return loop


def _holds(block: Block, op: Operation) -> bool:
    """Whether `op` is (nested) in `block`."""
    cur: Operation | None = op
    while cur is not None:
        if cur.parent_block() is block:
            return True
        cur = cur.parent_op()
    return False


@dataclass(frozen=True)
class OrderUntrackedHazards(ModulePass):
    """Add the compiler edges the runtime's own tracking misses (see the module docstring).
    Needs call-site directions (derive-call-directions) and explicit scopes
    (materialize-runtime-scopes); raises a located PassFailedException when an edge cannot be
    expressed."""

    name = "order-untracked-hazards"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        symbols = SymbolTableCollection()
        for f in orchestration_functions(op):
            analysis = Analysis(storage.RootSets(symbols))
            analysis.block(f.body.block, {})
            if analysis.needs:
                _apply(analysis.needs)
