"""The hazards the PTO2 runtime does not order, for `order-untracked-hazards`: which pairs of
tasks need a compiler edge (`Analysis`, one walk of an orchestration function; it changes
nothing) and which TaskIds a task's deps already name (`TaskIdSources`, `ordered_before`).

Rules: docs/passes/order-untracked-hazards.md. Buffers and windows: storage_roots.RootSets.
Cost: a loop body is walked twice (loop-carried hazards), except inside the second walk of an
enclosing loop, where once suffices: a task at loop depth d is visited d + 1 times (bench/
nest_depth.py); what a task accesses is worked out on its first visit only, and the loops
around a task are looked up, not searched for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.accessors import enclosing_loops, result_param_indices, task_args
from pypto_dialects.analysis.hazard_access import (
    Access,
    Part,
    Slot,
    Task,
    looks_up,
    needs_edge,
    untracked_root,
    writes_its_reads,
)
from pypto_dialects.analysis.iteration_windows import iteration_windows
from pypto_dialects.analysis.loop_instances import (
    Instance,
    carried,
    last_instance,
    older_carry,
    relation,
)
from pypto_dialects.analysis.task_id_sources import HeldSources, TaskIdSources, check_held
from pypto_dialects.analysis.user_chains import every_iteration_carried, user_chained
from pypto_dialects.diagnostics import location_of, pass_error
from pypto_dialects.loop_steps import at_most_one_trip, constant_trip_count
from pypto_dialects.orch import PARALLEL, CallOp, SubmitOp, TaskIdType
from pypto_dialects.rt import ScopeOp

# --------------------------------------------------------------------------- pending accesses


Chain = tuple  # (Access, Chain) | None: a persistent list, newest first, shared by copies


def _items(chain: Chain | None, stop: Chain | None = None):
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
    creators: Chain | None = None
    """The task that made the buffer (a runtime-allocated output), which a later user of it
    in a manual scope must list (`Analysis._retain`); a write does not replace it."""

    def copy(self) -> Pending:
        return Pending(self.writers, self.readers, self.creators)


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
    mine.creators = _union(mine.creators, other.creators, base.creators)


@dataclass(frozen=True)
class Join:
    """The two writers of one buffer in the two branches of `op`, an `scf.if`: each branch
    ends with one task that surely writes all of the buffer (`tasks`: then, else). Exactly
    one of them runs per execution of the if, and every execution's writer is ordered after
    the previous one's (both write all of one buffer that is the same in every execution:
    the pass, auto-derive's edges or the tensor map order them), so the TaskId of whichever
    ran last stands for both: a consumer that needs both gets that one TaskId, an if result
    that yields the then-task's TaskId in one branch and the else-task's in the other
    (`join_needs`; docs/passes/order-untracked-hazards.md#writers-of-both-branches). Equal
    when made of the same if and tasks (each walk of a loop body makes its own)."""

    op: scf.IfOp
    tasks: tuple[Task, Task]


@dataclass(eq=False)
class Need:
    """A compiler edge to add: `x` after `p`'s task (through a carry of `loop`, if given: `p`
    is the previous iteration's); with `join`, after the last writer of that `Join` (`p` is
    one of its writers). `retain`: the edge also keeps `p`'s runtime-allocated output alive,
    so a chain of deps that orders `x` after `p` does not replace it."""

    x: Task
    p: Access
    loop: scf.ForOp | None
    join: Join | None = None
    retain: bool = False


def join_needs(needs: list[Need]) -> list[Need]:
    """`needs` with, for each consumer and loop, the needs of both writers of a `Join` made
    one need of the join (at the place of the first); the rest as they are, in order."""
    wanted: dict[tuple[Task, Join, scf.ForOp | None], set[Task]] = {}
    retained: set[tuple[Task, Join, scf.ForOp | None]] = set()
    for n in needs:
        if n.p.join is not None:
            wanted.setdefault((n.x, n.p.join, n.loop), set()).add(n.p.task)
            if n.retain:
                retained.add((n.x, n.p.join, n.loop))
    out: list[Need] = []
    done: set[tuple[Task, Join, scf.ForOp | None]] = set()
    for n in needs:
        j = n.p.join
        key = (n.x, j, n.loop) if j is not None else None
        if key is None or j is None or not wanted[key] >= set(j.tasks):
            out.append(n)
        elif key not in done:
            done.add(key)
            out.append(Need(n.x, n.p, n.loop, j, key in retained))
    return out


_TASK, _STRUCTURED, _OTHER = "task", "structured", "other"
_KINDS: dict[type[Operation], str] = {}
"""Op class -> how `Analysis.op` walks it: a failing isinstance against xDSL's op classes
(ABCs) is a Python-level ABC check, and `op` sees every op of the function, those in loops
twice or more (issue 28)."""


def _kind(op: Operation) -> str:
    cls = type(op)
    kind = (
        _TASK if issubclass(cls, (CallOp, SubmitOp))
        else _STRUCTURED if issubclass(cls, (ScopeOp, scf.IfOp, scf.ForOp))
        else _OTHER
    )
    _KINDS[cls] = kind
    return kind


class Analysis:
    """Walks one orchestration function (`block(body, {})`) and lists the edges it needs in
    `needs`, in the order found (each (consumer, producer, loop) once). Changes nothing; an
    edge that cannot be expressed (a TaskId carried out of a loop that would not order every
    earlier iteration) is a located PassFailedException at the later task."""

    def __init__(self, roots: storage.RootSets) -> None:
        self.roots = roots
        self.needs: list[Need] = []
        # each edge once: (consumer, producer, loop, retain), a retain and a hazard edge apart
        # (only the second chains instances); True: found on a `last` root only (`_need`)
        self.seen: dict[tuple[int, int, int, bool, bool], bool] = {}
        self.loops: list[scf.ForOp] = []  # the loops around the op being walked
        self.manual: list[ScopeOp] = []
        self.logs: list[dict[SSAValue, Pending]] = []  # undo logs of the open regions
        self.replaying = 0  # > 0 inside the second walk of a loop body
        self.accesses: dict[Task, list[tuple[SSAValue, Access]]] = {}  # per task, its first visit
        self.around: dict[Operation, frozenset[scf.ForOp]] = {}  # the loops around an op
        self.inner_first: dict[Task, list[scf.ForOp]] = {}  # the loops around a task
        self.tids = TaskIdSources()
        self.positions: dict[Operation, dict[Operation, int]] = {}  # `_ordered`
        self.held = HeldSources()  # what a listed TaskId holds (`_retain`)

    def block(self, block: Block, state: State) -> None:
        """Walk the ops of `block` in order (`op`), `state` the pending accesses per root."""
        for op in block.ops:
            self.op(op, state)

    def op(self, op: Operation, state: State) -> None:
        """Walk one op: a task (`task`), or the regions of a scope, if (both branches from
        the state before it, then merged) or loop (its body twice, loop-carried hazards)."""
        kind = _KINDS.get(type(op))
        if kind is None:
            kind = _kind(op)
        if kind is _TASK:
            self.task(cast(Task, op), state)
        elif kind is _OTHER:
            for region in op.regions:
                for b in region.blocks:
                    self.block(b, state)
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
                t, e = other.writers, state[r].writers
                join = self._join(op, r, other, state[r])
                _merge_one(state, r, other, base)
                if join is not None:
                    assert t is not None
                    assert e is not None
                    state[r].writers = (t[0].but(join=join), (e[0].but(join=join), None))
        elif isinstance(op, scf.ForOp):
            self.loops.append(op)
            first = self._walk(op.body.block, state)
            second: dict[SSAValue, Pending] = {}
            if not self.replaying and not at_most_one_trip(op):  # (else no next iteration)
                # the second walk finds the hazards carried from one iteration to the next.
                # Inside it, each inner loop is walked once: its own carried hazards were
                # found in the first walk (the same body, the same pairs), and what a second
                # walk would add to the state only repeats entries of the same tasks
                self._mark_prev(state, first, op)
                self.replaying += 1
                second = self._walk(op.body.block, state)
                self.replaying -= 1
            self.loops.pop()
            if PARALLEL in op.attributes or not constant_trip_count(op):
                for r in first.keys() | second.keys():  # the loop may run no iteration
                    base = first[r] if r in first else second[r]
                    _merge_one(state, r, base, base)
            # else it runs its body at least once: what its tasks replaced is gone, as after
            # straight-line code (a writer replaces the entries it is ordered after)
        else:
            for region in op.regions:
                for b in region.blocks:
                    self.block(b, state)

    def _join(self, op: scf.IfOp, root: SSAValue, then: Pending, other: Pending) -> Join | None:
        """A `Join` of the writers of `root` of the branches of `op` (`then`, `other`: the
        pending accesses after each) when each branch leaves exactly one, a task that surely
        writes all of `root`, of the branch itself (nothing but runtime scopes between them),
        and `root` is the same buffer in every execution of the if (not created in a loop
        around it)."""
        t, e = then.writers, other.writers
        if t is None or e is None or t[1] is not None or e[1] is not None:
            return None
        a, b = t[0], e[0]
        if not (a.sure and b.sure) or a.task is b.task or a.prev is not None or b.prev is not None:
            return None
        if isinstance(root, OpResult) and self._loops_around(root.op) & frozenset(self.loops):
            return None
        for w in (a, b):
            parent = w.task.parent_op()
            while parent is not op:
                if not isinstance(parent, ScopeOp):
                    return None
                parent = parent.parent_op()
        return Join(op, (a.task, b.task))

    def _walk(self, block: Block, state: State) -> dict[SSAValue, Pending]:
        """Walk `block`; returns what each root it touched was before (an undo log), so a
        region costs the roots it touches, not the whole state."""
        self.logs.append({})
        self.block(block, state)
        return self.logs.pop()

    def _touch(self, state: State, root: SSAValue) -> Pending:
        """`state[root]`, saved first in every open undo log that has not saved it yet (the
        innermost first: a log that has it was opened inside every log that has it too, so
        the search stops there)."""
        pend = state.get(root)
        for log in reversed(self.logs):
            if root in log:
                break
            log[root] = pend.copy() if pend is not None else Pending()
        if pend is None:
            pend = state[root] = Pending()
        return pend

    def _loops_around(self, op: Operation) -> frozenset[scf.ForOp]:
        """The loops `op` is nested in (memoized; a task's are known from its first visit)."""
        got = self.around.get(op)
        if got is None:
            got = self.around[op] = frozenset(enclosing_loops(op))
        return got

    def _mark_prev(
        self, state: State, touched: dict[SSAValue, Pending], loop: scf.ForOp
    ) -> None:
        """Entries made in the first walk of `loop`'s body become the previous iteration's
        (`loop` is around every loop that marked them before)."""
        around = self.around
        for root, before in touched.items():
            pend = state[root]
            for attr in ("writers", "readers", "creators"):
                chain, base = getattr(pend, attr), getattr(before, attr)
                if not _reaches(chain, base):
                    base = None
                new = [
                    a.but(prev=loop) if loop in around[a.task] else a
                    for a in _items(chain, base)
                ]
                out = base
                for a in reversed(new):
                    out = (a, out)
                setattr(pend, attr, out)

    def _accesses(self, op: Task) -> list[tuple[SSAValue, Access]]:
        """Each buffer (root) `op` uses, with its access (computed on the first visit: it
        depends on the task and on the loops and manual scope around it only); none for a
        task without call-site directions."""
        if op.arg_dirs is None:  # (`directions()`, without building the list)
            return []
        manual = self.manual[-1] if self.manual else None
        per_root: dict[SSAValue, Access] = {}
        slots: dict[SSAValue, list[Slot]] = {}
        for effect in op.argument_effects(self.roots.symbols):
            value = effect.value
            place = self.roots.of(value)
            roots, whole = place.roots, place.whole
            write, lookup, read = effect.writes, effect.looked_up, effect.reads
            # no_dep: the user's word that the task need not wait for the buffer's writers;
            # it still reads it, so a later writer is ordered after it (WAR)
            tracked = effect.tracked
            # the task surely writes all of the root: one root, all of it (a write of a value
            # that may be one of several buffers is a possible write of each)
            sure = write and whole and len(roots) == 1
            windows = {} if whole or not self.loops else iteration_windows(value, self.roots)
            for root in self._ordered(roots):
                slots.setdefault(root, []).append(
                    Slot(value, place, lookup, read, write, tracked))
                a = per_root.get(root)
                part = Part(value, place, read, write, windows)
                if a is None:
                    # (`whole` is about the writes: a no_dep read leaves it true)
                    per_root[root] = Access(op, read, write, lookup, whole or not tracked,
                                            manual, (part,), sure=sure, waits=tracked)
                else:
                    a.waits |= tracked
                    a.read |= read
                    a.write |= write
                    a.whole = a.whole and (whole or not tracked)
                    a.sure |= sure
                    a.parts += (part,)  # each window compared on its own (needs_edge)
        n_args = len(task_args(op))
        params = result_param_indices(op.kernel(self.roots.symbols))
        for res, param in zip(op.res, params):
            if param < n_args:
                continue
            # a runtime-allocated output: the task writes all of a new buffer, which the
            # runtime neither looks up nor records (only its creator edge orders a reader, and
            # a MANUAL scope adds none)
            place = self.roots.of(res)
            for root in place.roots:
                slots.setdefault(root, []).append(Slot(res, place, False, False, True))
                a = per_root.get(root)
                if a is None:
                    per_root[root] = Access(op, False, True, False, True, manual,
                                            (Part(res, place, False, True, {}),), sure=True,
                                            creates=True, uses=False)
                else:
                    # the task also reads the root: an earlier instance of the output, carried
                    # into a loop's next iteration. It still writes (a new instance): a
                    # possible write, never left out
                    a.write = True
                    a.creates = True
                    a.parts += (Part(res, place, False, True, {}),)
        for root, x in per_root.items():
            mine = slots.get(root)
            if mine is None:
                continue
            if len(mine) == 1:  # one argument on the buffer (most): the rules below, inline
                s = mine[0]
                alone = s.place.roots == {root}
                x.lookup = s.lookup and not untracked_root(root)
                x.covered = s.write or not s.read
                x.lookup_all = x.lookup and s.place.whole and alone
                x.recorded = s.write and alone
                continue
            x.lookup = looks_up(root, slots[root])
            x.covered = writes_its_reads(root, slots[root])
            x.lookup_all = x.lookup and any(
                sl.lookup and sl.place.whole and sl.place.roots == {root} for sl in slots[root]
            )
            x.recorded = any(sl.write and sl.place.roots == {root} for sl in slots[root])
        return list(per_root.items())

    def task(self, op: Task, state: State) -> None:
        """Compare each buffer task `op` uses with the accesses pending on it (an edge for
        each pair the runtime does not order, `_need`), then record its access."""
        accesses = self.accesses.get(op)
        if accesses is None:
            accesses = self.accesses[op] = self._accesses(op)
            self.around[op] = frozenset(self.loops)
            self.inner_first[op] = self.loops[::-1]
        for root, x in accesses:
            pend = self._touch(state, root)
            if x.manual is not None and pend.creators is not None and x.uses:
                self._retain(x, pend.creators, root)
            if x.write:
                candidates = [*_items(pend.writers), *_items(pend.readers)]
            elif not x.waits:  # no_dep reads only: no earlier writer to wait for
                candidates = []
            elif x.manual is None and x.lookup:  # an auto reader: the tensor map orders it
                candidates = [p for p in _items(pend.writers) if p.manual is not None]
            else:
                candidates = list(_items(pend.writers))
            for p in candidates:
                loop = self._carry_loop(p, x)
                xa = x if loop is None or not isinstance(root, OpResult) or not (
                    loop is root.op or loop in self._loops_around(root.op)
                ) else carried(x, root, loop, self.roots)  # x's uses of earlier iterations'
                if xa is None:
                    continue  # created in the loop body: a new buffer every iteration
                if needs_edge(p, xa, loop):  # then, after p's loop, which instances
                    rel = None if loop is not None else self._instances(p, x, root)
                    if rel is not Instance.DISJOINT:
                        # (a carry that may hold an older iteration's buffer: the carried
                        # TaskId is the previous iteration's, another buffer's task)
                        older = loop is not None and xa is not x and older_carry(
                            x.task, root, loop, self.roots)
                        self._need(x, p, loop, last=rel is Instance.LAST, older=older)
            if x.sure:
                # x is ordered after every entry (an edge, or the tensor map: x looks up all of
                # its access), and every later access of the root after x: x replaces them;
                # not an earlier iteration's entry of a buffer the loop body creates (another
                # buffer, which a later task may still reach through the loop's carry)
                pend.writers = (x, self._other_instances(pend.writers, root))
                pend.readers = self._other_instances(pend.readers, root)
            elif x.write:
                # a possible write (of part of the buffer, or of one of several buffers)
                # replaces nothing: a later access may touch what x did not write
                pend.writers = (x, pend.writers)
                if x.read:
                    pend.readers = (x, pend.readers)
            else:
                pend.readers = (x, pend.readers)
            if x.creates:
                pend.creators = (x, None)

    def _retain(self, x: Access, creators: Chain, root: SSAValue) -> None:
        """`x`'s task, in a manual scope, uses `root`, a buffer the runtime allocated for an
        output of a creator in `creators`: the runtime adds no creator edge there, and only
        an edge on the creator's own TaskId keeps the buffer alive while `x` runs (a chain of
        other tasks orders `x` but holds nothing; docs/passes/order-untracked-hazards.md)."""
        for p in _items(creators):
            # an entry of an earlier iteration of `loop` is still the creator's when x comes
            # before the creator in the body (a later one replaces it): x uses that
            # iteration's buffer through a carry (x may be that creator's next instance)
            loop = self._carry_loop(p, x)
            if p.task is x.task and loop is None:
                continue
            tid = p.task.results[-1] if isinstance(p.task, SubmitOp) else None
            exits = bool(self._exits(p.task, x.task))
            if loop is None and not exits and tid is not None and tid in x.task.operands:
                continue  # x lists the creator's TaskId (or the compiler did)
            if (loop is not None or exits) and not last_instance(
                    x.task.args, p.task, root, self.roots):
                # the carried TaskId is the creator's last instance, and x may use an
                # earlier one's buffer: only the user can name that one
                if any(self.held.holds(d, p.task, self.tids)
                       for d in x.task.operands if isinstance(d.type, TaskIdType)):
                    continue  # x lists a TaskId that may be it: the user's word
                raise pass_error(
                    x.task,
                    f"uses a buffer the runtime allocated for an output of {_name(p.task)}, "
                    "which only an edge on that task's TaskId keeps alive in a manual scope, "
                    "and the buffer may be an earlier instance's than the last one (it is "
                    "passed on through a loop carry or an scf.if): list the TaskId of the "
                    "task that made it, carried beside the tensor, in this task's deps",
                )
            check_held(x.task, p.task, self._exits(p.task, x.task))
            self._need(x, p, loop, retain=True)

    def _ordered(self, roots: frozenset[SSAValue]) -> list[SSAValue]:
        """`roots` in program order (a frozenset's order follows the values' addresses, and
        the edges found, hence the printed deps, would change from run to run)."""
        if len(roots) < 2:
            return list(roots)
        owners = {r: _owner(r) for r in roots}
        top = next(iter(owners.values()))
        while (up := top.parent_op()) is not None:
            top = up
        pos = self.positions.get(top)
        if pos is None:
            pos = self.positions[top] = {o: i for i, o in enumerate(top.walk())}
        return sorted(roots, key=lambda r: (pos[owners[r]], isinstance(r, OpResult),
                                            cast(OpResult | BlockArgument, r).index))

    def _exits(self, p: Task, x: Task) -> list[scf.ForOp]:
        """The loops around `p` that `x` is not in, innermost first (those a TaskId of `p`
        must be carried out of to reach `x`)."""
        around_x = self.around[x]
        return [o for o in self.inner_first[p] if o not in around_x]

    def _other_instances(self, chain: Chain | None, root: SSAValue) -> Chain | None:
        """The entries of `chain` from an earlier iteration of a loop whose body creates
        `root` (they use another instance of it), in the same order."""
        if chain is None or not isinstance(root, OpResult):
            return None
        kept = [p for p in _items(chain) if p.prev is not None and (
            p.prev is root.op or p.prev in self._loops_around(root.op))]
        out: Chain | None = None
        for p in reversed(kept):
            out = (p, out)
        return out

    def _carry_loop(self, p: Access, x: Access) -> scf.ForOp | None:
        """The outermost loop around `x`'s task whose previous iteration `p` is: `p.prev`
        when it is around that task (when it is not, neither is a loop inside it that
        marked `p` before it)."""
        return p.prev if p.prev is not None and p.prev in self.around[x.task] else None

    def _instances(self, p: Access, x: Access, root: SSAValue) -> Instance | None:
        """`loop_instances.relation` of `x` after the one loop `p` is in and `x` is not."""
        exits = self._exits(p.task, x.task)
        if len(exits) != 1:
            return None
        on = self.roots.of
        return relation((v for v in x.task.args if root in on(v).roots),
                        (v for v in p.task.args if root in on(v).roots),
                        p.creates, root, exits[0], self.roots.symbols)

    def _need(
        self, x: Access, p: Access, loop: scf.ForOp | None, retain: bool = False,
        last: bool = False, older: bool = False,
    ) -> None:
        key = (id(x.task), id(p.task), id(loop), retain, older)
        if key in self.seen and (last or not self.seen[key]):
            return  # (on another root x may meet every instance of p: checked again)
        again, self.seen[key] = key in self.seen, last
        # Only the last instance of p is carried: enough when p's instances are ordered among
        # themselves (p surely writes all of the buffer), or, for a loop-carried hazard, when
        # x's are (x_i after every earlier p, and x_(i+1) after x_i).
        exits = self._exits(p.task, x.task)
        # (a retain edge needs only the instance whose buffer x uses, the one carried)
        # (`last`: x uses the buffer p's task used in the last iteration only)
        # (`older`: the instances of a buffer the loop body creates are other buffers, which
        # a whole write does not order)
        chained = retain or last or (p.sure and not older) or (
            loop is None and every_iteration_carried(p.task, exits))
        if not exits and loop is not None:
            chained = chained or (x.sure and not older)
        if (exits or loop is not None) and not chained:
            # the user's deps, or this pass's edges on p's own previous instance (this one,
            # when x is p), chain p's instances in the loops the carried TaskId stands for
            # (those p leaves, and for a loop-carried hazard those up to `loop`)
            carried_loops = self._carried_loops(p.task, exits, loop)
            chained = user_chained(p.task, carried_loops) or self._own_chain(
                p.task, carried_loops)
        if (exits or loop is not None) and not chained:
            if p.write and p.whole:
                # p writes all of a value that may be one of several buffers: its instances
                # are not ordered by the buffer (each may write another one), so order them
                # with a compiler edge from one instance to the next
                self._chain(p, exits, loop)
            elif not exits and loop is not None and x.write and x.whole:
                self._chain(x, [], loop)
            elif p.task is x.task and loop is not None:
                raise pass_error(
                    x.task,
                    "must run after its own instance in the previous iteration of the loop at "
                    f"{location_of(loop)} (each instance uses the buffer and the runtime does "
                    "not order them), and only the last iteration's TaskId can be carried: its "
                    "access is "
                    + ("a read" if not p.write else "a write of part of the buffer")
                    + ", so earlier iterations stay unordered. Order the iterations with "
                    "explicit deps (a TaskId array, or a chain: each iteration's task waiting "
                    "for the TaskId the loop carries from the previous one's)",
                )
            else:
                raise pass_error(
                    x.task,
                    f"must run after {_name(p.task)} (they use one buffer and the runtime does "
                    "not order them), and that task runs in every iteration of a loop while "
                    "only the last iteration's TaskId can be carried: its access is "
                    + ("a read" if not p.write else "a write of part of the buffer")
                    + ", so earlier iterations stay unordered. Order the iterations with "
                    "explicit deps (a TaskId array, or a chain: each iteration's task waiting "
                    "for the TaskId the loop carries from the previous one's), or move one of "
                    "the tasks",
                )
        if not again:
            self.needs.append(Need(x.task, p, loop, retain=retain))

    def _own_chain(self, task: Task, loops: list[scf.ForOp]) -> bool:
        """Whether `task` has an edge on its own instance in the previous iteration of each of
        `loops` (through the loop's carry, an inner loop's starting from the enclosing one's):
        then each instance waits for the one before, and the last one's TaskId orders them
        all. Not through a `pto_orch.parallel` loop, whose carry is one slot per iteration.
        Not for a task that lists deps or compiler deps either: the edge plan leaves out an
        edge on a task the deps already name (`ordered_before`), whichever instance they
        name and whether or not they name it in every run (a TaskId the user passes only in
        some iterations, or restarts from `task_invalid`), so the self edge may never be
        made; the user's own chain is `user_chained`'s to judge."""
        if task.compiler_deps or (isinstance(task, SubmitOp) and task.deps):
            return False
        return bool(loops) and all(
            PARALLEL not in lp.attributes and any(
                (id(task), id(task), id(lp), False, older) in self.seen
                for older in (False, True))
            for lp in loops)

    def _carried_loops(
        self, task: Task, exits: list[scf.ForOp], loop: scf.ForOp | None
    ) -> list[scf.ForOp]:
        """The loops around `task` (innermost first) whose iterations' instances the carried
        TaskId must stand for: `exits`, and for a loop-carried hazard every loop up to `loop`."""
        if loop is None:
            return exits
        out: list[scf.ForOp] = []
        for lp in self.inner_first[task]:
            out.append(lp)
            if lp is loop:
                break
        return out

    def _chain(self, a: Access, exits: list[scf.ForOp], loop: scf.ForOp | None) -> None:
        """Order the instances of `a`'s task one after the other in each loop of `exits` and
        in `loop`, and in the loops between them (each instance after the previous
        iteration's, through a carried TaskId)."""
        # the loops around the task up to `loop` (innermost first) are inside `loop`
        inside = loop is not None and loop in self.around[a.task]
        for lp in self.inner_first[a.task]:
            if lp in exits or inside:
                key = (id(a.task), id(a.task), id(lp), False, False)
                if key not in self.seen:
                    self.seen[key] = False
                    self.needs.append(Need(a.task, a, lp))
            if lp is loop:
                inside = False


def _owner(root: SSAValue) -> Operation:
    """The op defining `root`, or the op whose region has the block of `root`'s argument."""
    if isinstance(root, OpResult):
        return root.op
    parent = cast(BlockArgument, root).block.parent_op()
    assert parent is not None
    return parent


def _name(task: Task) -> str:
    return f"'{task.name}' @{task.callee.root_reference.data} at {location_of(task)}"


# --------------------------------------------------------------------------- TaskIds named
