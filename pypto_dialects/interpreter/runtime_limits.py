"""The runtime's hard limits over a run: what makes the PTO2 runtime stop a program that the
dependency and lifetime rules alone would let run.

Two limits are counted exactly as the runtime counts them, a third from below
(hw-native-sys/simpler; the numbers in pypto_dialects/limits.py; docs/interpreter.md, "Runtime
limits"):

- **task window** (docs/runtime-api.md K10): every task submitted while a scope is the
  innermost open one is kept in that scope's task list until the scope ends, and holds its
  slot of the ring's task window. Before each submit (kernel task, dummy barrier, or the
  hidden allocation task of an `alloc_tensors`) the runtime counts the tasks already submitted
  directly in the current scope (not those of scopes nested in it, whose lists are dropped at
  their end); at `TASK_WINDOW - 1` of them it stops with the fatal "scope deadlock". So a
  scope holds at most 16383 tasks, and the 16384th submit is the fault. The executor's outer
  scope (tasks outside every `pto_rt.scope`) counts the same way.
- **ring window** (`ring-window`, K10, 3.1, 3.5): the ring's slots come back in task order,
  never past a task whose scope is still open. Scopes 3 deep and deeper share ring 3, so a
  task of a scope 3 deep that stays open holds the slots of every later task of the ring, those
  of the scopes nested in it included: when 16383 of them are held, the next submit waits for
  a slot only the orchestrator's own later scope end could free, and the run cannot go on. A
  lower bound, as the heap's (a task whose scope has ended counts as consumed).
- **scope depth** (K8): at most `MAX_SCOPE_DEPTH` scopes are open at once, the executor's
  own included; opening a 64th nested `pto_rt.scope` trips the runtime's "Scope stack
  overflow" assertion.

After a fatal error the runtime does nothing more (every later call is a no-op), so the report
is the first limit the run exceeds, or nothing.

- **heap** (K11, 3.5, 3.9): every allocation (an `alloc_tensors` buffer, a task's
  runtime-allocated output) takes its size, rounded up to 1024 bytes, from the heap of its
  scope's ring, and the ring reclaims memory in task order, never past a task whose scope is
  still open (the scope holds a reference to each task submitted in it, one that allocates
  nothing included). So at each allocation the ring holds at least every buffer from the
  oldest task of the ring whose scope is still open onward; when that and the new buffer
  exceed the heap, the orchestrator waits for memory that only its own
  later scope ends could give back, and the runtime stops the run (heap exhaustion). The count
  is a lower bound (tasks whose scope has ended are counted consumed, though a consumer may
  still hold them; wrap-around waste is not counted), so a reported fault is certain.

Not modelled, because when the runtime frees the entries depends on when tasks complete:
the dependency pool (K7: a task's distinct predecessors beyond 64 spill into a per-ring pool
of 16384 entries, given back as tasks retire) and the tensor map's 65536 entries (K12: an
entry leaves when its producer retires or an INOUT covers it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pypto_dialects.interpreter.graph import Buffer, Scope, Task, TaskGraph
from pypto_dialects.limits import HEAP_SIZE, MAX_SCOPE_DEPTH, TASK_WINDOW


@dataclass(frozen=True)
class LimitFault:
    """One exceeded runtime limit: `kind` is `scope-deadlock` (the task window; `task` is
    the submit the runtime refuses, `scope` the scope holding the tasks, None for the
    executor's outer scope), `scope-depth` (`scope` is the scope opened too deep) or `heap`
    (`task` is the allocation or submit whose `buffer` the ring cannot serve, `scope` the
    scope it runs in)."""

    kind: str
    scope: Scope | None
    task: Task | None = None
    task_window: int = TASK_WINDOW
    """The ring's task window the run was checked against (the runtime's
    `PTO2_RING_TASK_WINDOW`, 16384 unless set)."""
    buffer: Buffer | None = None
    """`heap`: the buffer the ring cannot serve."""
    held: int = 0
    """`heap`: the bytes of the ring that cannot be reclaimed before the allocation."""
    oldest: Buffer | None = None
    """`heap`: the oldest buffer of the ring that cannot be reclaimed (None when the buffer
    alone is larger than the heap)."""
    holder: Task | None = None
    """`heap`: the oldest task of the ring whose scope is still open, which holds `oldest`
    and every later buffer of the ring (the ring reclaims in task order)."""
    heap_size: int = HEAP_SIZE
    """The heap per ring the run was checked against (the runtime's `PTO2_RING_HEAP`,
    `PTO2_HEAP_SIZE` unless set)."""

    @property
    def location(self) -> str:
        if self.task is not None:
            return self.task.location
        assert self.scope is not None  # a depth fault names its scope
        return self.scope.location

    def diagnostic(self) -> str:
        """One located line at the op the runtime stops at."""
        if self.kind == "scope-depth":
            assert self.scope is not None
            return (
                f"{self.location}: error: 'pto_rt.scope' op exceeds the runtime's scope depth: "
                f"this {self.scope.mode} scope is nested {self.scope.depth} deep, "
                f"{self.scope.depth + 1} scopes open with the executor's own, and the runtime "
                f"holds at most {MAX_SCOPE_DEPTH} (PTO2_MAX_SCOPE_DEPTH, the executor's scope "
                "included): its \"Scope stack overflow\" assertion stops the run here; nest "
                "fewer scopes"
            )
        assert self.task is not None
        if self.kind == "heap":
            return self._heap_diagnostic()
        if self.kind == "ring-window":
            assert self.holder is not None
            return (
                f"{self.location}: error: '{self.task.op_name}' op exceeds the runtime's task "
                f"window of ring {self.task.ring}: {self.task.label()} would be the "
                f"{self.task_window}th task the ring holds, as {self.holder.label()} (at "
                f"{self.holder.location}), submitted before them in the same ring, waits for "
                "the end of its scope (the ring gives slots back in task order; scopes 3 deep "
                f"and deeper share ring 3), and the ring holds at most {self.task_window - 1}: "
                "the orchestrator waits for a slot only its own later scope end could free, "
                "and the run cannot go on here; end that scope sooner (e.g. give the outer "
                "loop body's tasks a scope of their own) or submit fewer tasks inside it"
            )
        capacity = self.task_window - 1
        if self.scope is None:
            where = "the executor's outer scope (outside every pto_rt.scope)"
        else:
            where = f"the {self.scope.mode} scope at {self.scope.location}"
        return (
            f"{self.location}: error: '{self.task.op_name}' op exceeds the runtime's task "
            f"window: {self.task.label()} would be task {capacity + 1} submitted directly "
            f"in {where}, which holds at most {capacity} (the ring's task window, "
            f"{self.task_window}, less one; "
            "allocations and barriers count, tasks of nested scopes do not): the runtime stops "
            "with its fatal \"scope deadlock\" here; give the repeated work a scope of its "
            "own (e.g. one per loop iteration)"
        )

    def _heap_diagnostic(self) -> str:
        assert self.task is not None
        assert self.buffer is not None
        buf = self.buffer
        need = self.held + buf.size_bytes
        if self.oldest is None:
            why = f"the buffer alone needs more than the ring's {self.heap_size} bytes"
        elif self.holder is not None and self.holder.id != self.oldest.creator:
            why = (
                f"{self.held} bytes of the ring, allocated from {self.oldest.name} (at "
                f"{self.oldest.location}) on, cannot be reclaimed while {self.holder.label()} "
                f"(at {self.holder.location}), submitted before them in the same ring, waits "
                "for the end of its scope (the ring reclaims in task order), so it needs "
                f"{need} of its {self.heap_size} bytes"
            )
        else:
            why = (
                f"{self.held} bytes of the ring, allocated from {self.oldest.name} (at "
                f"{self.oldest.location}) on, cannot be reclaimed while the scope that "
                f"allocated {self.oldest.name} is open (the ring reclaims in allocation order), "
                f"so it needs {need} of its {self.heap_size} bytes"
            )
        return (
            f"{self.location}: error: '{self.task.op_name}' op exceeds the runtime's heap: "
            f"{self.task.label()} allocates {buf.name} ({buf.size_bytes} bytes, rounded up to "
            f"1024) in heap ring {buf.ring}, and {why} (PTO2_HEAP_SIZE per ring): the runtime "
            "stops with its fatal heap exhaustion here; let a scope that ends free the buffers "
            "sooner (e.g. one per loop iteration) or allocate less"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "scope": self.scope.id if self.scope is not None else None,
            "task": self.task.id if self.task is not None else None,
            "buffer": self.buffer.id if self.buffer is not None else None,
            "message": self.diagnostic(),
        }


def _open(graph: TaskGraph, task: Task, now: int) -> bool:
    """Whether the scope `task` was submitted in is still open when the task numbered `now` is
    created (the executor's own scope stays open for the whole run)."""
    if task.scope is None:
        return True
    closed = graph.scopes[task.scope].closed_after
    return closed is None or closed > now


def _by_ring(graph: TaskGraph) -> dict[int, list[Task]]:
    """The tasks of each ring, in submission order."""
    rings: dict[int, list[Task]] = {}
    for t in graph.tasks:
        rings.setdefault(t.ring, []).append(t)
    return rings


def _past_consumed(graph: TaskGraph, tasks: list[Task], i: int, now: int) -> int:
    """The index, from `i` on, of the oldest task of `tasks` (one ring's) submitted before the
    task numbered `now` whose scope is still open then, else of the first one not before it:
    the ring gives back memory and slots in task order, up to that task."""
    while i < len(tasks) and tasks[i].id < now and not _open(graph, tasks[i], now):
        i += 1
    return i


def _heap_fault(graph: TaskGraph, heap_size: int) -> tuple[float, LimitFault] | None:
    """The first allocation a ring's heap cannot serve (see the module docstring), keyed by
    the task that allocates it. A buffer is reclaimed only when every task of its ring up to
    its creator is consumed, and a task is not before the scope it was submitted in ends
    (docs/runtime-api.md 3.1, 3.5): so the ring holds every buffer from the oldest task of the
    ring whose scope is open on, a task that allocates nothing included. Linear in the tasks
    and buffers: per ring, that task only moves forward (a scope that has ended stays
    ended)."""
    rings: dict[int, list[Buffer]] = {}
    for buf in graph.buffers:  # in allocation order
        if not buf.external and buf.creator is not None:
            rings.setdefault(buf.ring, []).append(buf)
    ring_tasks = _by_ring(graph)
    first: tuple[float, LimitFault] | None = None
    for ring, bufs in rings.items():
        tasks = ring_tasks.get(ring, [])
        oldest_task = 0  # index in `tasks` of the oldest task of the ring not yet consumed
        start, held = 0, 0  # held: the bytes of bufs[start:k]
        for k, buf in enumerate(bufs):
            now = buf.creator
            assert now is not None
            oldest_task = _past_consumed(graph, tasks, oldest_task, now)
            holder = tasks[oldest_task] if oldest_task < len(tasks) else None
            bound = holder.id if holder is not None and holder.id < now else now
            while start < k and bufs[start].creator < bound:  # type: ignore[operator]
                held -= bufs[start].size_bytes
                start += 1
            if held + buf.size_bytes > heap_size:
                if first is None or now < first[0]:
                    task = graph.tasks[now]
                    scope = graph.scopes[task.scope] if task.scope is not None else None
                    oldest = bufs[start] if start < k else None
                    first = (now, LimitFault("heap", scope, task, buffer=buf, held=held,
                                             oldest=oldest, heap_size=heap_size,
                                             holder=holder if oldest is not None else None))
                break
            held += buf.size_bytes
    return first


def _ring_fault(graph: TaskGraph, task_window: int) -> tuple[float, LimitFault] | None:
    """The first submit a ring has no slot for (see the module docstring): the ring holds
    every task from its oldest one whose scope is open on. Linear in the tasks: per ring,
    that task only moves forward."""
    capacity = task_window - 1
    first: tuple[float, LimitFault] | None = None
    for tasks in _by_ring(graph).values():
        oldest = 0
        for k, task in enumerate(tasks):
            oldest = _past_consumed(graph, tasks, oldest, task.id)
            if k - oldest >= capacity:
                if first is None or task.id < first[0]:
                    scope = graph.scopes[task.scope] if task.scope is not None else None
                    first = (task.id, LimitFault("ring-window", scope, task, task_window,
                                                 holder=tasks[oldest]))
                break
    return first


def find_limit_faults(
    graph: TaskGraph, task_window: int = TASK_WINDOW, heap_size: int = HEAP_SIZE
) -> list[LimitFault]:
    """The first runtime limit the run exceeds, as a one-element list (the runtime stops
    there), or an empty list. Linear in the tasks, scopes and buffers. `task_window` is the
    ring's task window (the runtime's default, or what `PTO2_RING_TASK_WINDOW` sets it to); a
    scope holds at most `task_window - 1` tasks. `heap_size` is the heap per ring (the
    runtime's default, or what `PTO2_RING_HEAP` sets it to)."""
    capacity = task_window - 1
    first: tuple[float, LimitFault] | None = None
    counts: dict[int | None, int] = {}
    for task in graph.tasks:
        n = counts.get(task.scope, 0)
        counts[task.scope] = n + 1
        if n == capacity:
            scope = graph.scopes[task.scope] if task.scope is not None else None
            first = (task.id, LimitFault("scope-deadlock", scope, task, task_window))
            break
    for scope in graph.scopes:
        if scope.depth >= MAX_SCOPE_DEPTH:
            at = scope.opened_after - 0.5  # before the task submitted next
            if first is None or at < first[0]:
                first = (at, LimitFault("scope-depth", scope))
            break
    ring = _ring_fault(graph, task_window)
    if ring is not None and (first is None or ring[0] < first[0]):
        first = ring  # (on one task the scope's own count is reported)
    heap = _heap_fault(graph, heap_size)
    if heap is not None and (first is None or heap[0] < first[0]):
        first = heap  # on one task the window check comes first, the allocation after it
    return [first[1]] if first is not None else []
