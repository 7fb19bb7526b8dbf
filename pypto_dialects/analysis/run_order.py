"""The order in which a run reaches ops: how rules 9 and 10 of verify-orchestration pick,
among the places where every run exceeds a runtime limit, the one the runtime stops at first
(docs/passes/verify-orchestration.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects import scf
from xdsl.ir import Operation

Loops = Sequence[tuple[scf.ForOp, int]]
"""Loops around an op with the iteration (from 0) a run is in; a loop not named is in its
first iteration."""

Key = tuple[tuple[int, int, int], ...]


def run_order_key(op: Operation, loops: Loops = ()) -> Key:
    """A key that sorts ops (each with its loop iterations) in the order one run reaches
    them: for each ancestor from the outermost down, (its region in its parent, its position
    in its block, the iteration when it is a loop of `loops`). Ops in different branches of
    one `scf.if` sort by branch; no run reaches both."""
    iteration = {loop: i for loop, i in loops}
    path: list[tuple[int, int, int]] = []
    cur: Operation | None = op
    while cur is not None:
        block = cur.parent_block()
        parent = cur.parent_op()
        if block is None or parent is None:
            break
        position = 0
        prev = cur.prev_op
        while prev is not None:
            position += 1
            prev = prev.prev_op
        region = block.parent
        index = next(i for i, r in enumerate(parent.regions) if r is region)
        path.append((index, position, iteration.get(cur, 0)))  # type: ignore[call-overload]
        cur = parent
    return tuple(reversed(path))


def earliest(found: Iterable[tuple[Operation, str, Loops]]) -> tuple[Operation, str] | None:
    """The op and message of `found` (places where every run exceeds a limit, with their
    loop iterations) a run reaches first; the first given among equals; None when empty."""
    best: tuple[Key, Operation, str] | None = None
    for op, message, loops in found:
        key = run_order_key(op, loops)
        if best is None or key < best[0]:
            best = (key, op, message)
    return None if best is None else (best[1], best[2])
