"""The task window of the ring that deep scopes share, checked on the IR where the program
alone decides it (docs/passes/verify-orchestration.md, rule 9; the numbers in
pypto_dialects/limits.py).

Scopes `SHARED_RING` deep and deeper put their tasks in one ring, and the ring gives its slots
back in task order, never past a task whose scope is still open (docs/runtime-api.md K9, K10,
3.1). So a task submitted directly in such a scope (its *holder*) keeps the slot of every
later task of the ring until its scope ends: those of the scopes nested in it too, though each
of them ends. When the holder and the tasks after it fill the window, the next submit waits
for a slot only the orchestrator's own later scope end could free: the run cannot go on. The
interpreter reports that run as its `ring-window` fault (`interpreter/runtime_limits.py`);
scope_limits.py checks the other half of rule 9, each scope's own tasks.

As scope_limits.py's, the count is a lower bound that holds for every run (a loop whose trip
count is not a constant runs no iteration, an `scf.if` its branch with fewer submits, and a
holder in a branch counts only itself), so a program this check refuses stops the runtime
whatever its inputs. The depths are the IR's `pto_rt.scope` nesting, so the check needs the
scopes placed (materialize-runtime-scopes: `pto_rt.auto_scope = false`).
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation

from pypto_dialects.analysis.scope_limits import SUBMITS, SubmitCounter, fewest_trips
from pypto_dialects.diagnostics import location_of
from pypto_dialects.limits import SHARED_RING, TASK_WINDOW
from pypto_dialects.rt import ScopeOp, auto_scope_enabled

Loops = list[tuple[scf.ForOp, int]]
"""The loops entered, outermost first, with the iteration (from 0)."""


def ring_window_error(
    func: FuncOp, task_window: int = TASK_WINDOW
) -> tuple[Operation, str] | None:
    """The first submit of orchestration function `func` (its scopes placed) at which every
    run fills the shared ring's task window past a holder, with the message (module
    docstring), or None; None too while the compiler still places the function's scopes.
    The scopes `SHARED_RING` deep and deeper are each checked as a holder's scope, outer
    first, in program order; each walk reads its scope's own ops (nested scopes through the
    memoised counts) unless the window is crossed in them."""
    if auto_scope_enabled(func):
        return None
    direct, every = SubmitCounter(), SubmitCounter(nested=True)
    for scope in _deep_scopes(list(func.body.blocks), 0):
        found = _Walk(direct, every, task_window).scope(scope)
        if found is not None:
            return found
    return None


def _deep_scopes(blocks: list[Block], depth: int) -> list[ScopeOp]:
    """The scopes in `blocks` (`depth` scopes deep) that are `SHARED_RING` or more deep, in
    program order (outer before inner)."""
    out: list[ScopeOp] = []
    stack = [(op, depth) for b in reversed(blocks) for op in reversed(list(b.ops))]
    while stack:
        op, d = stack.pop()
        if isinstance(op, ScopeOp):
            d += 1
            if d >= SHARED_RING:
                out.append(op)
        for region in reversed(op.regions):
            for b in reversed(region.blocks):
                stack.extend((inner, d) for inner in reversed(list(b.ops)))
    return out


class _Walk:
    """One scope's walk in program order: `held` counts the ring's tasks from the first one
    every run submits directly in the scope (`holder`) on, those of nested scopes included."""

    def __init__(self, direct: SubmitCounter, every: SubmitCounter, window: int) -> None:
        self.direct = direct
        self.every = every
        self.window = window
        self.held: int | None = None
        self.holder: tuple[Operation, Loops] | None = None
        self.loops: Loops = []
        self.owner: ScopeOp | None = None

    def scope(self, scope: ScopeOp) -> tuple[Operation, str] | None:
        """The crossing of the holder of `scope`, with its message, or None."""
        if self.every.block(scope.body.block) < self.window:
            return None  # (no holder in it fills the window)
        self.owner = scope
        found = self.block(scope.body.block, True)
        return None if found is None else (found, self.message(found))

    def block(self, block: Block, own: bool) -> Operation | None:
        """Walk `block`'s ops (`own`: directly in the holder's scope); the op whose submits
        cross the window, descended into, or None."""
        for op in block.ops:
            found = self.op(op, own)
            if found is not None:
                return found
        return None

    def add(self, n: int) -> bool:
        """Count `n` more held tasks; whether the last of them is past the window."""
        assert self.held is not None
        if self.held + n >= self.window:
            return True
        self.held += n
        return False

    def op(self, op: Operation, own: bool) -> Operation | None:
        if type(op) in SUBMITS:
            if self.held is None:
                if own:
                    self.held, self.holder = 1, (op, list(self.loops))
                return None
            return op if self.add(1) else None
        if isinstance(op, ScopeOp):
            if self.held is None:
                return None  # its tasks end before any holder
            if self.add(self.every.block(op.body.block)):
                return self.block(op.body.block, False)
            return None
        if isinstance(op, scf.ForOp):
            return self.loop(op, own)
        if isinstance(op, scf.IfOp):
            if self.held is None:
                if own and self.direct.op(op):  # a holder in either branch: count it only
                    self.held, self.holder = 1, (op, list(self.loops))
                return None
            return op if self.add(self.every.op(op)) else None
        return None

    def loop(self, op: scf.ForOp, own: bool) -> Operation | None:
        trips = fewest_trips(op)
        body = op.body.block
        first = 0
        if not trips:
            return None
        if self.held is None:  # iteration 0 may find the holder; the others hold as much
            self.loops.append((op, 0))
            found = self.block(body, own)
            self.loops.pop()
            if found is not None or self.held is None:
                return found
            first = 1
        per = self.every.block(body)
        if not self.add(per * (trips - first)):
            return None
        assert self.held is not None
        done = (self.window - 1 - self.held) // per  # whole iterations before the crossing
        self.held += done * per
        self.loops.append((op, first + done))
        found = self.block(body, own)
        assert found is not None
        return found

    def message(self, op: Operation) -> str:
        assert self.holder is not None
        assert self.owner is not None
        holder, where = self.holder
        at = "".join(f", in iteration {i} of the loop at {location_of(loop)}"
                     for loop, i in where[::-1][:3])
        iterations = "".join(f", in iteration {i} of the loop at {location_of(loop)}"
                             for loop, i in self.loops[::-1][:3])
        what = "this submit would be"
        if isinstance(op, scf.IfOp):
            what = "the submits of this scf.if (of its branch with fewer) reach"
        return (
            f"exceeds the task window of the runtime's ring {SHARED_RING} in every run: "
            f"{what} the {self.window}th task the ring holds{iterations}, as the "
            f"'{holder.name}' at {location_of(holder)}{at}, submitted before them directly in "
            f"the {self.owner.mode.data.value} scope at {location_of(self.owner)}, keeps its "
            "slot until that scope ends (the ring gives slots back in task order, and scopes "
            f"{SHARED_RING} deep and deeper share ring {SHARED_RING}, tasks of nested scopes "
            f"included), and the ring holds at most {self.window - 1}: the runtime cannot go "
            "on (the orchestrator waits for a slot only its own later scope end could free); "
            "end that scope sooner: move the tasks before the loop after it, or give them a "
            "scope of their own (a function with pto_rt.auto_scope = false places its own "
            "scopes), or submit fewer tasks inside it; a run with another window (the "
            "runtime's PTO2_RING_TASK_WINDOW sets it) is checked with the option task-window=N"
        )
