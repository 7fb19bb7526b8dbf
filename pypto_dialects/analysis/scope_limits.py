"""The runtime's task window of a scope, checked on the IR where the program alone decides
it (docs/passes/verify-orchestration.md, rule 9; the number in pypto_dialects/limits.py).

The interpreter counts it exactly over a run (`interpreter/runtime_limits.py`). Here
the count is a lower bound that holds for every run: a loop whose trip count is not a constant
counts as running no iteration, an `scf.if` as its branch with fewer submits, and a scope in a
branch or in such a loop is left to the run. So a program
this check refuses stops the runtime whatever its inputs ("scope deadlock"), and one it
accepts may still exceed the window when a dynamic trip count is large (the interpreter
reports that run).

The runtime's other scope limit, 64 scopes open at once, needs no check here (rule 9 of
docs/passes/verify-orchestration.md says why: the parser's nesting limit bounds it).

What counts as one submit in the scope it is directly in (the runtime's count, K10): a kernel
task (`pto_orch.call` / `pto_orch.submit`), a `pto_system.task_dummy` barrier, and the hidden
allocation task of a `pto_tensor.alloc_tensors` (or of a bare `pto_tensor.create` of IR that
skipped batch-tensor-allocations). Tasks of a nested `pto_rt.scope` count in that scope only.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, Region, SSAValue

from pypto_dialects.analysis.run_order import Loops, earliest
from pypto_dialects.diagnostics import location_of
from pypto_dialects.limits import TASK_WINDOW, constant_int
from pypto_dialects.loop_steps import trip_count
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.system import TaskDummyOp
from pypto_dialects.tensor import AllocTensorsOp, CreateOp

SUBMITS = frozenset({CallOp, SubmitOp, TaskDummyOp, AllocTensorsOp, CreateOp})
"""Ops that submit one task to the scope they are directly in."""


_LOOPS_NAMED = 3
"""The innermost loops a task-window message names the iteration of."""
_SAME_VALUE = frozenset({"arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui"})
"""Casts that keep a non-negative value."""


def _div(a: int, b: int) -> int | None:  # toward zero, as C and arith.divsi
    return None if b == 0 else (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1)


def _rem(a: int, b: int) -> int | None:  # the dividend's sign, as C and arith.remsi
    q = _div(a, b)
    return None if q is None else a - b * q


def _unsigned(fold: Callable[[int, int], int | None]) -> Callable[[int, int], int | None]:
    """An unsigned op: `fold` of the operands' 64-bit patterns read unsigned, its result's
    pattern read signed again (an index is 64 bits; a loop compares its bounds signed)."""
    def op(a: int, b: int) -> int | None:
        r = fold(a % 2**64, b % 2**64)
        return None if r is None else r - 2**64 if r >= 2**63 else r
    return op


def _shift(fold: Callable[[int, int], int]) -> Callable[[int, int], int | None]:
    """A shift by 0 to 63 bits (any other amount is poison in arith)."""
    return lambda a, b: fold(a, b) if 0 <= b < 64 else None


_ARITH: dict[str, Callable[[int, int], int | None]] = {
    "arith.addi": int.__add__, "arith.subi": int.__sub__, "arith.muli": int.__mul__,
    "arith.maxsi": max, "arith.minsi": min,
    "arith.maxui": _unsigned(max), "arith.minui": _unsigned(min),
    "arith.divsi": _div, "arith.remsi": _rem,
    "arith.divui": _unsigned(_div), "arith.remui": _unsigned(_rem),
    "arith.floordivsi": lambda a, b: None if b == 0 else a // b,
    "arith.ceildivsi": lambda a, b: None if b == 0 else -(-a // b),
    "arith.ceildivui": _unsigned(lambda a, b: None if b == 0 else -(-a // b)),
    "arith.andi": int.__and__, "arith.ori": int.__or__, "arith.xori": int.__xor__,
    "arith.shli": _shift(int.__lshift__), "arith.shrsi": _shift(int.__rshift__),
    "arith.shrui": _unsigned(_shift(int.__rshift__)),
}
"""The index ops whose value `static_int` computes from static operands (canonicalize folds
none of them), with arith's semantics on 64-bit indices; None where it is not one number
(division by zero, a shift out of range: poison)."""


def static_int(value: SSAValue, depth: int = 8) -> int | None:
    """The value of an integer computed from `arith.constant`s only (through the casts that
    keep a non-negative value their result type holds, and the index ops of `_ARITH`), else
    None: canonicalize folds
    none of these, so a constant trip count written `arith.index_cast %c20000_i32` or
    `arith.maxsi %c40000, %c2` is still one."""
    found = constant_int(value)
    owner = value.owner
    if found is not None or depth == 0 or not isinstance(owner, Operation):
        return found
    if owner.name in _SAME_VALUE:
        inner = static_int(owner.operands[0], depth - 1)
        # (a non-negative value the result type holds as a signed number: a narrowing cast
        # of a larger one truncates it)
        t = value.type
        bits = t.width.data if isinstance(t, IntegerType) else 64
        return inner if inner is not None and 0 <= inner < 2 ** (bits - 1) else None
    fold = _ARITH.get(owner.name)
    if fold is not None and isinstance(value.type, IndexType):
        a, b = (static_int(v, depth - 1) for v in owner.operands)
        if a is not None and b is not None:
            result = fold(a, b)
            return result if result is not None and abs(result) < 2**62 else None
    return None


def fewest_trips(op: scf.ForOp) -> int:
    """The loop's trip count when its bounds and a positive step are static (`static_int`),
    else 0 (the fewest iterations a run may make)."""
    return trip_count(static_int(op.lb), static_int(op.ub), static_int(op.step)) or 0


class SubmitCounter:
    """The fewest submits a block makes directly in its scope (memoised per block), or, with
    `nested`, in its scope and the scopes nested in it (ring 3 holds both:
    analysis/ring_limits.py); each submit counts 1, or `weight` of it (its heap bytes, say)."""

    def __init__(
        self, nested: bool = False, weight: Callable[[Operation], int] | None = None
    ) -> None:
        self.memo: dict[Block, int] = {}
        self.nested = nested
        self.weight = weight

    def block(self, block: Block) -> int:
        n = self.memo.get(block)
        if n is None:
            n = 0
            weight = self.weight
            for op in block.ops:  # (the common ops first: tasks, then ops without regions)
                if type(op) in SUBMITS:
                    n += 1 if weight is None else weight(op)
                elif op.regions:
                    n += self.op(op)
            self.memo[block] = n
        return n

    def op(self, op: Operation) -> int:
        """The fewest submits `op` makes directly in its scope."""
        kind = type(op)
        if kind in SUBMITS:
            return 1 if self.weight is None else self.weight(op)
        if kind is scf.ForOp:
            trips = fewest_trips(op)  # type: ignore[arg-type]
            return trips * self.block(op.regions[0].block) if trips else 0
        if kind is scf.IfOp:
            return min(self.region(op.regions[0]), self.region(op.regions[1]))
        if self.nested and kind is ScopeOp:
            return self.block(op.regions[0].block)
        return 0  # a scope counts its own; nothing else submits

    def region(self, region: Region) -> int:
        first = region.first_block
        return self.block(first) if first is not None else 0


def scope_limit_error(
    func: FuncOp, task_window: int = TASK_WINDOW
) -> tuple[Operation, str] | None:
    """The op of orchestration function `func` a run reaches first among those where every
    run exceeds the runtime's task window of a scope (`scope_limit_errors`), with the
    message, or None."""
    return earliest(scope_limit_errors(func, task_window))


def scope_limit_errors(
    func: FuncOp, task_window: int = TASK_WINDOW
) -> list[tuple[Operation, str, Loops]]:
    """For each scope of orchestration function `func` (and the executor's) that every run
    fills past the runtime's task window, the op whose submit does it, with the message (rule
    9 of docs/passes/verify-orchestration.md) and the loop iterations it happens in; linear
    in the ops. `task_window`: the ring's window (the runtime's `PTO2_RING_TASK_WINDOW`; a
    scope holds one task less)."""
    counter = SubmitCounter()
    out: list[tuple[Operation, str, Loops]] = []
    pending: list[tuple[list[Block], ScopeOp | None]] = [(list(func.body.blocks), None)]
    while pending:
        blocks, scope = pending.pop()
        nested: list[ScopeOp] = []
        for block in blocks:
            if counter.block(block) >= task_window:  # (else nothing to locate)
                found = _crossing(counter, block, 0, scope, [], task_window)
                if found is not None:
                    out.append(found)
            _nested_scopes(block, nested)
        pending.extend((list(s.body.blocks), s) for s in reversed(nested))
    return out


def _nested_scopes(block: Block, into: list[ScopeOp]) -> None:
    """The scopes in `block` that no other scope in it holds and that every run of the block
    opens, in program order: none in an `scf.if` branch or in a loop that may run no
    iteration (their tasks are left to the run, as an `scf.if`'s and such a loop's are)."""
    for op in block.ops:
        if not op.regions:
            continue
        if isinstance(op, ScopeOp):
            into.append(op)
        elif not isinstance(op, scf.IfOp) and not (
            isinstance(op, scf.ForOp) and not fewest_trips(op)
        ):
            for region in op.regions:
                for inner in region.blocks:
                    _nested_scopes(inner, into)


def _crossing(
    counter: SubmitCounter,
    block: Block,
    before: int,
    scope: ScopeOp | None,
    loops: list[tuple[scf.ForOp, int]],
    window: int,
) -> tuple[Operation, str, Loops] | None:
    """The op of `block` (run after `before` submits in `scope`) whose submit is the
    `window`-th of the scope, descending into the loop iteration where that happens, with its
    message and loops; `loops`: the loops entered so far, with the iteration."""
    n = before
    for op in block.ops:
        if isinstance(op, ScopeOp):
            continue
        made = counter.op(op)
        if not made:
            continue
        if n + made < window:
            n += made
            continue
        if isinstance(op, scf.ForOp):
            per = counter.block(op.body.block)
            done = (window - 1 - n) // per  # whole iterations before the crossing
            return _crossing(
                counter, op.body.block, n + done * per, scope, [*loops, (op, done)], window
            )
        return op, _window_message(op, scope, loops, window), loops
    return None


def _window_message(
    op: Operation, scope: ScopeOp | None, loops: list[tuple[scf.ForOp, int]], window: int
) -> str:
    capacity = window - 1
    if scope is None:
        where = "the executor's outer scope (outside every pto_rt.scope)"
    else:
        where = f"the {scope.mode.data.value} scope at {location_of(scope)}"
    inner = loops[::-1][:_LOOPS_NAMED]  # (a deep nest: the innermost loops only)
    iterations = "".join(
        f", in iteration {i} of the loop at {location_of(loop)}" for loop, i in inner
    ) + (" (from 0)" if loops else "")
    if len(loops) > _LOOPS_NAMED:
        iterations += f", inside {len(loops) - _LOOPS_NAMED} more loops"
    what = f"this submit would be task {window}"
    if isinstance(op, scf.IfOp):
        what = f"the submits of this scf.if (of its branch with fewer) reach task {window}"
    advice = "give the repeated work a scope of its own (e.g. one per loop iteration)"
    if isinstance(op, AllocTensorsOp | CreateOp) and loops:
        advice = (
            "this is the allocation of a buffer that the loop body makes and carries to the "
            "next iteration, which stays in the scope around the loop: split the loop into an "
            f"outer loop over chunks of fewer than {capacity} iterations (each outer "
            "iteration gets a scope of its own)"
        )
    return (
        f"exceeds the runtime's task window in every run: {what} submitted directly in "
        f"{where}{iterations}, which holds at most "
        f"{capacity} (the ring's task window, {window}, less one; allocations and "
        "barriers count, tasks of nested scopes do not): the runtime stops with its fatal "
        f"\"scope deadlock\"; {advice}; a run with another window (the runtime's "
        "PTO2_RING_TASK_WINDOW sets it) is checked with the option task-window=N"
    )
