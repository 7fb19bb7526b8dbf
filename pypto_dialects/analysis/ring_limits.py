"""What a ring holds while scopes are open, checked on the IR where the program alone decides
it: the task window of the ring deep scopes share (rule 9 of
docs/passes/verify-orchestration.md) and the heap every ring has (rule 10); the numbers in
pypto_dialects/limits.py.

A ring gives its slots and its heap back in task order, never past a task whose scope is still
open (docs/runtime-api.md K9-K11, 3.1, 3.5). A scope `d` deep puts its tasks in ring
min(d, `SHARED_RING`), so:

- in a scope less than `SHARED_RING` deep, every task and buffer of the scope is held until
  it ends (scopes nested in it are in other rings);
- scopes `SHARED_RING` deep and deeper share one ring, so the first task every run submits
  directly in such a scope (its *holder*) keeps every later task of the ring, and its
  buffer, until the scope ends: those of the scopes nested in it too, though each of them ends.

When what a ring holds fills its task window (`ring_window_error`; each scope's own tasks are
scope_limits.py's check) or its heap (`held_heap_error`; one allocation larger than the heap
is heap_limits.py's), the orchestrator waits for what only its own later scope end could give
back: the runtime cannot go on. The interpreter reports such a run as its `ring-window` and
`heap` faults (interpreter/runtime_limits.py).

As scope_limits.py's, the counts are lower bounds that hold for every run (a loop whose trip
count is not a constant runs no iteration, an `scf.if` its branch with less, a holder in a
branch with what the branch that holds less holds from it on, an extent not known before the
run allocates nothing, and a scope
in a branch or in such a loop is left to the run), so a program these checks refuse stops the
runtime whatever its inputs. The depths are the IR's
`pto_rt.scope` nesting, so the checks need the scopes placed (materialize-runtime-scopes:
`pto_rt.auto_scope = false`).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import scf
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation

from pypto_dialects.analysis.heap_limits import ALIGN, allocated_bytes
from pypto_dialects.analysis.run_order import Loops, earliest
from pypto_dialects.analysis.scope_limits import SUBMITS, SubmitCounter, fewest_trips
from pypto_dialects.diagnostics import location_of
from pypto_dialects.limits import HEAP_SIZE, SHARED_RING, TASK_WINDOW
from pypto_dialects.rt import ScopeOp, auto_scope_enabled
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.tensor import AllocTensorsOp

_Loops = list[tuple[scf.ForOp, int]]
"""The loops entered, outermost first, with the iteration (from 0)."""

_LOOPS_NAMED = 3
"""The innermost loops a message names the iteration of."""

_UNLIMITED = 2**62
"""A limit no count reaches: a walk that only sums."""

_OTHER = (
    "; a run with another {what} (the runtime's {env} sets it) is checked with the option "
    "{option}=N"
)


def ring_window_error(
    func: FuncOp, task_window: int = TASK_WINDOW
) -> tuple[Operation, str] | None:
    """The submit of orchestration function `func` a run reaches first among those of
    `ring_window_errors`, with its message, or None."""
    return earliest(ring_window_errors(func, task_window))


def ring_window_errors(
    func: FuncOp, task_window: int = TASK_WINDOW
) -> list[tuple[Operation, str, Loops]]:
    """For each holder's scope of orchestration function `func` (its scopes placed) where
    every run fills the shared ring's task window (module docstring), the submit that does
    it, with the message and its loop iterations; none while the compiler still places the
    function's scopes. Each scope `SHARED_RING` deep or deeper is checked as a holder's
    scope; a walk reads its scope's own ops (nested scopes through memoised counts) unless
    the window is crossed in them."""
    if auto_scope_enabled(func):
        return []
    sure, every = SubmitCounter(), SubmitCounter(nested=True)
    if every.block(func.body.block) < task_window:
        return []  # the whole function submits fewer: no scope can hold more
    out: list[tuple[Operation, str, Loops]] = []
    for scope, depth in _scopes(func):
        if depth >= SHARED_RING:
            found = _Walk(sure, every, task_window - 1).scope(scope)
            if found is not None:
                out.append((found[0], _window_message(found, task_window), found[1].loops))
    return out


def held_heap_error(
    func: FuncOp, heap_size: int = HEAP_SIZE, symbols: SymbolTableCollection | None = None
) -> tuple[Operation, str] | None:
    """The allocation of orchestration function `func` a run reaches first among those of
    `held_heap_errors`, with its message, or None."""
    return earliest(held_heap_errors(func, heap_size, symbols))


def held_heap_errors(
    func: FuncOp, heap_size: int = HEAP_SIZE, symbols: SymbolTableCollection | None = None
) -> list[tuple[Operation, str, Loops]]:
    """For each scope of orchestration function `func` (its scopes placed; and the
    executor's) where every run holds more than a ring's `heap_size` bytes (module
    docstring), the allocation that does it, with the message and its loop iterations; none
    while the compiler still places the function's scopes. The executor's scope and each
    scope less than `SHARED_RING` deep count the buffers allocated directly in them; each
    deeper scope, from its holder on, those of the scopes nested in it too."""
    if auto_scope_enabled(func):
        return []
    symbols = symbols or SymbolTableCollection()
    params: dict[str, list[int]] = {}

    def weight(op: Operation) -> int:
        return allocated_bytes(op, symbols, params)

    sure = SubmitCounter()
    own, every = SubmitCounter(weight=weight), SubmitCounter(nested=True, weight=weight)
    if every.block(func.body.block) <= heap_size:
        return []  # the whole function allocates less: no scope can hold more
    out: list[tuple[Operation, str, Loops]] = []
    found = _Walk(sure, own, heap_size, weight).top(func.body.block)
    if found is not None:
        out.append((found[0], _heap_message(found, heap_size), found[1].loops))
    for scope, depth in _scopes(func):
        counter = every if depth >= SHARED_RING else own
        found = _Walk(sure, counter, heap_size, weight).scope(scope)
        if found is not None:
            out.append((found[0], _heap_message(found, heap_size), found[1].loops))
    return out


def _scopes(func: FuncOp) -> list[tuple[ScopeOp, int]]:
    """The scopes of `func` that every run opens, with their depth (a top-level one is 1
    deep), in program order (outer before inner): none in an `scf.if` branch or in a loop
    that may run no iteration (as heap_limits.py counts allocations). Reads only the ops
    with regions below the function's blocks."""
    out: list[tuple[ScopeOp, int]] = []

    def walk(block: Block, depth: int) -> None:
        for op in block.ops:
            if not op.regions:
                continue
            kind = type(op)
            if kind is ScopeOp:
                out.append((op, depth + 1))
                walk(op.regions[0].block, depth + 1)
            elif kind is scf.ForOp:
                if fewest_trips(op):
                    walk(op.regions[0].block, depth)
            elif kind is not scf.IfOp and kind is not AllocTensorsOp:
                for region in op.regions:
                    for inner in region.blocks:
                        walk(inner, depth)

    for block in func.body.blocks:
        walk(block, 0)
    return out


class _Found:
    """Where a walk crosses its limit: the op, the loops it runs in, what the ring holds with
    it, and the holder (its op and loops) and scope (None: the executor's)."""

    def __init__(self, op: Operation, loops: _Loops, total: int,
                 holder: tuple[Operation, _Loops], owner: ScopeOp | None, nested: bool) -> None:
        self.op, self.loops, self.total = op, loops, total
        self.holder, self.owner, self.nested = holder, owner, nested


class _Walk:
    """One scope's walk in program order: `held` sums the weights (`count`'s: tasks, or heap
    bytes) of the ring's tasks from the first one every run submits directly in the scope
    (`holder`; `sure` counts the direct submits every run makes) on, those of nested scopes
    too when `count` counts them; crossing means more than `limit`."""

    def __init__(self, sure: SubmitCounter, count: SubmitCounter, limit: int,
                 weight: Callable[[Operation], int] | None = None) -> None:
        self.sure, self.count, self.limit = sure, count, limit
        self.weight = weight or (lambda op: 1)
        self.held: int | None = None
        self.holder: tuple[Operation, _Loops] | None = None
        self.loops: _Loops = []
        self.owner: ScopeOp | None = None
        self.total = 0

    def top(self, block: Block) -> tuple[Operation, _Found] | None:
        """The crossing of the executor's scope (the ops of the function's `block` outside
        every scope)."""
        if self.count.block(block) <= self.limit:
            return None
        return self._found(self.block(block, True))

    def scope(self, scope: ScopeOp) -> tuple[Operation, _Found] | None:
        """The crossing of the holder of `scope`, or None."""
        if self.count.block(scope.body.block) <= self.limit:
            return None  # (no holder in it reaches the limit)
        self.owner = scope
        return self._found(self.block(scope.body.block, True))

    def _found(self, op: Operation | None) -> tuple[Operation, _Found] | None:
        if op is None:
            return None
        assert self.holder is not None
        return op, _Found(op, list(self.loops), self.total, self.holder, self.owner,
                          self.count.nested)

    def block(self, block: Block, own: bool) -> Operation | None:
        """Walk `block`'s ops (`own`: directly in the holder's scope); the op that crosses the
        limit, descended into (`loops` then names its iterations), or None."""
        for op in block.ops:
            found = self.op(op, own)
            if found is not None:
                return found
        return None

    def add(self, n: int) -> bool:
        """Count `n` more; whether that crosses the limit (then nothing is added)."""
        assert self.held is not None
        if self.held + n > self.limit:
            return True
        self.held += n
        return False

    def op(self, op: Operation, own: bool) -> Operation | None:
        if type(op) in SUBMITS:
            w = self.weight(op)
            if self.held is None:
                if not own:
                    return None
                self.held, self.holder = 0, (op, list(self.loops))
            if self.add(w):
                self.total = self.held + w
                return op
            return None
        if isinstance(op, ScopeOp):
            if self.held is None or not self.add(self.count.op(op)):
                return None  # (before a holder, its tasks end before any)
            return self.block(op.body.block, False)
        if isinstance(op, scf.ForOp):
            return self.loop(op, own)
        if isinstance(op, scf.IfOp):
            if self.held is None:
                if own and self.sure.op(op):  # a holder in either branch
                    return self.branch_holder(op)
                return None
            if self.add(self.count.op(op)):
                self.total = self.held + self.count.op(op)
                return op
        return None

    def branch_holder(self, op: scf.IfOp) -> Operation | None:
        """The holder is in whichever branch of `op` runs (both submit directly in every run):
        what the branch holds from it on, the fewer of the two, counts; `op` when that is past
        the limit already."""
        totals: list[int] = []
        for region in (op.true_region, op.false_region):
            sub = _Walk(self.sure, self.count, _UNLIMITED, self.weight)
            sub.loops = list(self.loops)
            sub.block(region.block, True)
            totals.append(sub.held or 0)
        self.held, self.holder = 0, (op, list(self.loops))
        if self.add(min(totals)):
            self.total = min(totals)
            return op
        return None

    def loop(self, op: scf.ForOp, own: bool) -> Operation | None:
        trips = fewest_trips(op)
        if not trips:
            return None
        body = op.body.block
        first = 0
        if self.held is None:  # iteration 0 may find the holder; the others hold as much
            self.loops.append((op, 0))
            found = self.block(body, own)
            if found is not None:
                return found
            self.loops.pop()
            if self.held is None:
                return None
            first = 1
        per = self.count.block(body)
        if not self.add(per * (trips - first)):
            return None
        assert self.held is not None
        done = (self.limit - self.held) // per  # whole iterations before the crossing
        self.held += done * per
        self.loops.append((op, first + done))
        found = self.block(body, own)
        assert found is not None
        return found


def _iterations(loops: Loops) -> str:
    """`, in iteration i of the loop at l` for the innermost loops, innermost first."""
    named = "".join(f", in iteration {i} of the loop at {location_of(loop)}"
                    for loop, i in loops[::-1][:_LOOPS_NAMED])
    if len(loops) > _LOOPS_NAMED:
        named += f", inside {len(loops) - _LOOPS_NAMED} more loops"
    return named


def _holder(found: _Found) -> str:
    holder, loops = found.holder
    assert found.owner is not None
    return (
        f"as the '{holder.name}' at {location_of(holder)}{_iterations(loops)}, submitted "
        f"before them directly in the {found.owner.mode.data.value} scope at "
        f"{location_of(found.owner)}, keeps"
    )


def _window_message(found: tuple[Operation, _Found], window: int) -> str:
    op, f = found
    what = "this submit would be"
    if isinstance(op, scf.IfOp):
        what = "the submits of this scf.if (of its branch with fewer) reach"
    return (
        f"exceeds the task window of the runtime's ring {SHARED_RING} in every run: {what} "
        f"the {window}th task the ring holds{_iterations(f.loops)}, {_holder(f)} its slot "
        "until that scope ends (the ring gives slots back in task order, and scopes "
        f"{SHARED_RING} deep and deeper share ring {SHARED_RING}, tasks of nested scopes "
        f"included), and the ring holds at most {window - 1}: the runtime cannot go on (the "
        "orchestrator waits for a slot only its own later scope end could free); end that "
        "scope sooner: move the tasks before the loop after it, or give them a scope of their "
        "own (a function with pto_rt.auto_scope = false places its own scopes), or submit "
        "fewer tasks inside it"
        + _OTHER.format(what="window", env="PTO2_RING_TASK_WINDOW", option="task-window")
    )


def _heap_message(found: tuple[Operation, _Found], heap: int) -> str:
    op, f = found
    what = "this allocation makes"
    if isinstance(op, scf.IfOp):
        what = "the allocations of this scf.if (of its branch with less) make"
    holds = f"{f.total} bytes (each buffer rounded up to {ALIGN}){_iterations(f.loops)}"
    if f.nested:
        why = (
            f"ring {SHARED_RING} hold {holds}, {_holder(f)} every later buffer of the ring "
            "until that scope ends (the ring reclaims in task order, and scopes "
            f"{SHARED_RING} deep and deeper share ring {SHARED_RING}, buffers of nested "
            "scopes included)"
        )
        advice = (
            "end that scope sooner: move the tasks before the loop after it, or give them a "
            "scope of their own (a function with pto_rt.auto_scope = false places its own "
            "scopes), or allocate less inside it"
        )
    else:
        where = (f"the {f.owner.mode.data.value} scope at {location_of(f.owner)}"
                 if f.owner is not None else
                 "the executor's outer scope (outside every pto_rt.scope)")
        why = (
            f"{where} hold {holds}, which it keeps until it ends (the ring reclaims in task "
            "order, never past a task whose scope is open)"
        )
        advice = (
            "give the repeated work a scope of its own (e.g. one per loop iteration), or "
            "allocate less"
        )
    return (
        f"exceeds the runtime's heap in every run: {what} {why}, more than a ring's heap of "
        f"{heap} bytes: the runtime stops with its fatal heap exhaustion; {advice}"
        + _OTHER.format(what="heap", env="PTO2_RING_HEAP", option="ring-heap")
    )
