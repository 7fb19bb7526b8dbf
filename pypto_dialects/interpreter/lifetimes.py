"""The lifetime report: uses of a runtime-allocated buffer after the PTO2 runtime may have
handed its memory to another allocation.

The runtime's rule (hw-native-sys/simpler, seed API; docs/interpreter.md "Lifetimes"): a
buffer from `alloc_tensors` or from a task's runtime-allocated output belongs to the scope
that allocated it. Ending that scope never waits; it releases the scope's reference. From
then on the buffer is held only by the tasks that retain its creator (the allocation task,
or the task whose output it is): in an AUTO scope every task with an edge to the creator
(every non-OUTPUT tensor argument adds one); in a MANUAL scope only tasks that list the
creator's TaskId in their deps. Only edges that retain count (in the current API generation a
tensor-map edge only waits: graph.RuntimeBehaviour). Once those have completed, the memory
may be reused by a later allocation of the same heap ring.

Since a task may complete at any moment after it is submitted, the report is the
conservative reading of that rule, over the whole run:

- a task submitted, or a host read / write made, after the buffer's scope ended touches a
  buffer that may already be reused: **use after free**;
- a task submitted before the scope ended is safe if it is the creator, a task that retains
  the creator, or a task some retaining task waits for (a path of edges to it): then the
  memory is not released before it completes. Any other task that touches the buffer may
  still run when the memory is released; that is a use after free when a later allocation
  is made in the same ring (nothing can reuse the memory otherwise).

Stricter than the runtime in one documented way: the runtime reclaims a ring's memory in
allocation order, which can keep a buffer alive longer than its own holders do; the report
does not count on that.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any

from pypto_dialects.interpreter.graph import Buffer, HostAccess, Task, TaskArg, TaskGraph


@dataclass(frozen=True)
class UseAfterFree:
    """One use of `buffer` the runtime does not keep it alive for: by `task` (its argument
    `arg`) or by the host access `host`. `late` is True when the use came after the
    buffer's scope had ended, False when the task was submitted before but nothing that
    retains the buffer waits for it."""

    buffer: Buffer
    scope_location: str
    late: bool
    task: Task | None = None
    arg: TaskArg | None = None
    host: HostAccess | None = None

    @property
    def kind(self) -> str:
        return "use-after-free"

    @property
    def location(self) -> str:
        if self.task is not None:
            return self.task.location
        assert self.host is not None  # one of the two is set
        return self.host.location

    def diagnostic(self) -> str:
        """One located line at the op that uses the buffer."""
        name = self.buffer.name
        if self.task is not None:
            who = f"'{self.task.op_name}' op use after free: {self.task.label()}"
            what = f"touches {self.arg.tensor.describe()}" if self.arg else f"touches {name}"
        else:
            assert self.host is not None
            verb = "reads" if self.host.kind == "read" else "writes"
            who = f"'{self.host.op_name}' op use after free: the host"
            what = f"{verb} {self.host.tensor.describe()}"
        if self.late:
            why = (
                f"after the scope that allocated {name} (at {self.scope_location}) ended; "
                "the runtime may already have given its memory to another allocation: "
                "allocate it in a scope that is still open here"
            )
        else:
            why = (
                f"but nothing that retains {name} waits for this task, so the memory may be "
                f"reused while it runs once the scope that allocated it (at "
                f"{self.scope_location}) has ended: list the allocation's TaskId in the "
                "task's deps, or allocate the buffer in a scope that outlives the task"
            )
        return f"{self.location}: error: {who} {what} {why}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "buffer": self.buffer.id,
            "task": self.task.id if self.task is not None else None,
            "host": self.host.kind if self.host is not None else None,
            "late": self.late,
            "message": self.diagnostic(),
        }


def _allocations_by_ring(graph: TaskGraph) -> dict[int, list[int]]:
    """Per ring, the ids (ascending) of the tasks that allocate memory: allocation tasks
    and tasks with a runtime-allocated output."""
    out: dict[int, list[int]] = {}
    for t in graph.tasks:
        if t.kind == "alloc" or any(a.direction == "runtime_out" for a in t.args):
            out.setdefault(t.ring, []).append(t.id)
    return out


def find_use_after_free(graph: TaskGraph) -> list[UseAfterFree]:
    """Every use after free of the run (see the module docstring), in the order of the
    using task (host accesses after the tasks submitted before them)."""
    from pypto_dialects.interpreter.races import ancestors

    released = [b for b in graph.buffers if not b.external and b.released_after is not None]
    if not released:
        return []
    users: dict[int, list[tuple[Task, TaskArg]]] = {}
    for task in graph.tasks:
        for arg in task.args:
            users.setdefault(arg.tensor.buffer.id, []).append((task, arg))
    holders: dict[int, set[int]] = {}
    for e in graph.edges:
        if e.retains:  # a wait-only edge (current generation) holds nothing
            holders.setdefault(e.pred, set()).add(e.succ)
    hosts: dict[int, list[HostAccess]] = {}
    for h in graph.host_accesses:
        hosts.setdefault(h.tensor.buffer.id, []).append(h)
    allocations = _allocations_by_ring(graph)
    anc: list[int] | None = None
    faults: list[tuple[float, UseAfterFree]] = []
    for buf in released:
        end = buf.released_after
        assert end is not None
        scope_loc = graph.scopes[buf.scope].location if buf.scope is not None else "<entry>"
        ring_allocs = allocations.get(buf.ring, [])
        reused = bisect_left(ring_allocs, end) < len(ring_allocs)
        keepers = (
            {h for h in holders.get(buf.creator, ()) if h < end}
            if buf.creator is not None
            else set()
        )
        seen: set[int] = set()
        for task, arg in users.get(buf.id, ()):
            if task.id in seen:
                continue
            if task.id >= end:
                seen.add(task.id)
                faults.append((task.id, UseAfterFree(buf, scope_loc, True, task, arg)))
                continue
            if not reused or task.id == buf.creator or task.id in keepers:
                continue
            if anc is None:
                anc = ancestors(graph)
            if any(anc[k] >> task.id & 1 for k in keepers):
                continue
            seen.add(task.id)
            faults.append((task.id, UseAfterFree(buf, scope_loc, False, task, arg)))
        for h in hosts.get(buf.id, ()):
            if h.event > buf.released_event:
                faults.append((h.after - 0.5, UseAfterFree(buf, scope_loc, True, host=h)))
    faults.sort(key=lambda f: f[0])
    return [f for _, f in faults]
