"""What one task does to one buffer, and whether two such accesses need a compiler edge
(`needs_edge`), for order-untracked-hazards (untracked_hazards.Analysis). Rules:
docs/passes/order-untracked-hazards.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from xdsl.dialects import scf
from xdsl.ir import OpResult, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.iteration_windows import Window
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.tensor import CreateOp

if TYPE_CHECKING:
    from pypto_dialects.analysis.untracked_hazards import Join

Task = CallOp | SubmitOp


class Part(NamedTuple):
    """One argument of a task on one buffer, as `needs_edge` compares it: `value` (the
    argument), `place` (its window of the buffer, storage_roots.Place), whether it reads /
    writes the buffer, and `windows` (the loops whose iterations use disjoint slices of it,
    iteration_windows)."""

    value: SSAValue
    place: storage.Place
    read: bool
    write: bool
    windows: dict[scf.ForOp, Window]


@dataclass(eq=False)
class Access:
    """One task's use of one buffer. `lookup`: the runtime looks up every part of the buffer
    the task touches (`looks_up`); `whole`: every argument on the buffer may be all of it;
    `sure`: the task surely writes all of this buffer (an argument that is all of it and of no
    other buffer); `covered`: every part of the buffer it reads it also writes
    (`writes_its_reads`); `lookup_all`: it looks up all of this buffer (an in / inout
    argument that is all of it and of no other buffer); `recorded`: it surely writes some of
    this buffer (a written argument of this buffer alone); `manual`: the innermost manual
    scope around the task; `parts`: its arguments on the buffer, each with its own window
    (`Part`: two arguments on two windows of one buffer are compared with another task's
    one pair at a time, `needs_edge`); `prev`:
    the outermost loop of which this entry is the previous iteration's instance (it is that
    of every loop between the task and that one it was walked in: loops mark their entries
    from the innermost out, `Analysis._mark_prev`); `join`: the `Join` this entry is one
    writer of, if any; `waits`: the task waits for the earlier writers of what it reads (false
    when its only arguments on the buffer are `no_dep`: a read a later writer is still
    ordered after, docs/passes/order-untracked-hazards.md)."""

    task: Task
    read: bool
    write: bool
    lookup: bool
    whole: bool
    manual: ScopeOp | None
    parts: tuple[Part, ...] = ()
    prev: scf.ForOp | None = None
    sure: bool = False
    covered: bool = True
    lookup_all: bool = False
    recorded: bool = False
    join: Join | None = None
    creates: bool = False
    uses: bool = True  # an argument of the task is on the buffer (not only its creation)
    waits: bool = True

    def but(self, **changes: object) -> Access:
        """A copy with `changes` (`dataclasses.replace` without its walk of the fields)."""
        new = object.__new__(Access)
        new.__dict__.update(self.__dict__, **changes)
        return new


class Slot(NamedTuple):
    """One tensor argument of a task on one buffer."""

    value: SSAValue
    place: storage.Place
    lookup: bool
    read: bool
    write: bool
    tracked: bool = True  # not `no_dep`


def untracked_root(root: SSAValue) -> bool:
    """A `pto_tensor.create ... manual_dep` buffer: the runtime's tensor map neither records
    its writers nor looks it up (a view of it is tracked again; counted as untracked too,
    the conservative answer)."""
    return isinstance(root, OpResult) and isinstance(root.op, CreateOp) and (
        root.op.manual_dep is not None
    )


def slot_holds(root: SSAValue, outer: Slot, inner: Slot) -> bool:
    """Whether argument `outer` surely holds what `inner` touches of `root`: the same value,
    or a window of `root` alone that holds it (a value that may be one of several buffers
    holds only itself)."""
    return outer.value is inner.value or (
        outer.place.roots == {root} and storage.covers(outer.place, inner.place)
    )


def looks_up(root: SSAValue, slots: list[Slot]) -> bool:
    """Whether the runtime orders the task after every earlier recorded writer of `root`
    that overlaps what the task touches: the buffer is tracked and every argument on it is
    looked up (in / inout), or held by one that is. An `output_existing` slot is not
    looked up; a `no_dep` one is not waited for (the user's word), whatever it holds."""
    if untracked_root(root):
        return False
    lookups = [s for s in slots if s.lookup]
    return bool(lookups) and all(
        any(slot_holds(root, l, s) for l in lookups) for s in slots if s.tracked
    )


def writes_its_reads(root: SSAValue, slots: list[Slot]) -> bool:
    """Whether every part of `root` the task reads it also writes (an inout argument, or a
    written argument that holds the read one): then a later lookup that meets its read meets
    its recorded write."""
    writes = [s for s in slots if s.write]
    return all(any(slot_holds(root, w, s) for w in writes) for s in slots if s.read)


def needs_edge(p: Access, x: Access, loop: scf.ForOp | None) -> bool:
    """Whether the earlier access `p` and the later `x` conflict with no runtime ordering
    (`loop`: `p` is from the previous iteration of that loop)."""
    if not (p.write or x.write):
        return False
    pairs = _conflicts(p, x, loop)
    if not pairs:
        return False  # no argument of one meets a written argument of the other
    if p.task is x.task and loop is None:
        return False
    if p.manual is not None and p.manual is x.manual and scope_orders(p, x, loop):
        return False  # one instance of one manual scope: its owner's deps order it
    if p.manual is None and x.manual is None and p.write and x.lookup and (
        all(pp.write for pp, _ in pairs) or p.covered or (x.lookup_all and p.recorded)
    ):
        # the tensor map: x waits for the earlier writer. For a write after p's read (a pair
        # in which p's argument only reads), only when x's lookup surely meets p's recorded
        # write (the map records writers only): p wrote what it read, or x looks up all of
        # the buffer and p surely wrote some of it
        return False
    return True


def _conflicts(p: Access, x: Access, loop: scf.ForOp | None) -> list[tuple[Part, Part]]:
    """The pairs of an argument of `p` and one of `x` on the buffer that may meet, one of
    them a write: not two constant windows that do not meet, nor (`loop`: `p` is of its
    previous iteration) two slices at `iv * c` that each iteration moves past. Each argument
    keeps its own window: two arguments of one task on two windows of one buffer (a read of
    one half and a write of the other) are not one access of an unknown part of it."""
    out = []
    for pp in p.parts:
        for xp in x.parts:
            if not (pp.write or xp.write) or not storage.overlap(pp.place, xp.place):
                continue
            if loop is not None and _disjoint_iterations(
                    pp.windows.get(loop), xp.windows.get(loop)):
                continue
            out.append((pp, xp))
    return out


def scope_orders(p: Access, x: Access, loop: scf.ForOp | None) -> bool:
    """Whether the deps of the manual scope around both `p` and `x` order them. A user's
    scope: when they run in one instance of it (no `loop`, or the loop is inside the scope),
    its deps are the user's to write. A compiler-owned scope: only when they are in one
    instance of one region (same block, no `loop`), the region auto-derive-task-dependencies
    gave its edges; a scope around a nest also holds other regions and other iterations of
    the loops inside it, which nothing orders but this pass's edges."""
    scope = p.manual
    assert scope is not None
    if scope.compiler_owned is not None:
        return loop is None and p.task.parent_block() is x.task.parent_block()
    return loop is None or scope.is_ancestor(loop)


def _disjoint_iterations(wp: Window | None, wx: Window | None) -> bool:
    """Whether two slices, the first of an earlier iteration of a loop (their `Part.windows`
    entries for it), are disjoint: both slice along one axis at `iv * c` with the same span,
    at least as wide as either extent."""
    if wp is None or wx is None or wp[:2] != wx[:2]:
        return False
    return wp[1] >= max(wp[2], wx[2])
