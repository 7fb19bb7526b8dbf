"""The race report: pairs of tasks that touch overlapping elements of one buffer, at least
one of them writing, with no path of dependency edges ordering them; and host reads and
writes of an element (`pto_tensor.read` / `write`) that an earlier task writes (or, for a
write, uses) without the runtime waiting for that task first.

The kind is named from the earlier access (submission order) to the later one: RAW (the
earlier writes, the later reads), WAR (the earlier reads, the later writes), WAW (both
write). Overlap is exact (the sets of elements the two regions touch), not the runtime's
conservative test. Rules and examples: docs/interpreter.md.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pypto_dialects.interpreter.graph import Buffer, HostAccess, Task, TaskArg, TaskGraph


@dataclass(frozen=True)
class Race:
    """One unordered conflicting pair: `first` was submitted before `second`."""

    kind: str
    first: Task
    second: Task
    first_arg: TaskArg
    second_arg: TaskArg

    @property
    def buffer(self) -> Buffer:
        return self.first_arg.tensor.buffer

    def diagnostic(self) -> str:
        """One located line, at the later task's op."""
        a, b = self.first, self.second
        verb_b = "writes" if self.kind != "RAW" else "reads"
        verb_a = {"RAW": "written", "WAR": "read", "WAW": "also written"}[self.kind]
        return (
            f"{b.location}: error: '{b.op_name}' op {self.kind} race on {self.buffer.name}: "
            f"{b.label()} {verb_b} {self.second_arg.tensor.describe()}, {verb_a} by "
            f"{a.label()} at {a.location} ({self.first_arg.tensor.describe()}), and no "
            "dependency edge orders the two tasks"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "buffer": self.buffer.id,
            "first": self.first.id,
            "second": self.second.id,
            "message": self.diagnostic(),
        }


@dataclass(frozen=True)
class HostRace:
    """A host access `host` of an element that `task` (submitted before it) touches through
    `arg`, one of the two writing, where the runtime does not wait for the task first."""

    kind: str
    task: Task
    arg: TaskArg
    host: HostAccess

    @property
    def buffer(self) -> Buffer:
        return self.arg.tensor.buffer

    def diagnostic(self) -> str:
        """One located line, at the host access's op."""
        h, t = self.host, self.task
        verb = "reads" if h.kind == "read" else "writes"
        done = {"RAW": "written", "WAR": "read", "WAW": "also written"}[self.kind]
        return (
            f"{h.location}: error: '{h.op_name}' op {self.kind} race on {self.buffer.name}: the "
            f"host {verb} {h.element.describe()}, {done} by {t.label()} at {t.location} "
            f"({self.arg.tensor.describe()}), and the runtime does not wait for that task "
            "before the access (it waits for the buffer's creator and recorded writers, and "
            "for a write their consumers)"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "buffer": self.buffer.id,
            "first": self.task.id,
            "second": None,
            "host": self.host.kind,
            "message": self.diagnostic(),
        }


def find_host_races(graph: TaskGraph) -> list[HostRace]:
    """Every host access that an earlier conflicting task is not ordered before: the task is
    neither one the runtime waits for nor a predecessor (through edges) of one."""
    if not graph.host_accesses:
        return []
    anc = ancestors(graph)
    by_buffer: dict[int, list[tuple[Task, TaskArg]]] = {}
    for task in graph.tasks:
        for arg in task.args:
            by_buffer.setdefault(arg.tensor.buffer.id, []).append((task, arg))
    out: list[HostRace] = []
    for h in graph.host_accesses:
        done = 0
        for w in h.waits:
            done |= anc[w] | (1 << w)
        cell = h.element.elements()
        seen: set[int] = set()
        for task, arg in by_buffer.get(h.element.buffer.id, ()):
            if task.id >= h.after or task.id in seen or done >> task.id & 1:
                continue
            if not (arg.writes or (h.kind == "write" and arg.reads)):
                continue
            if not np.intersect1d(arg.tensor.elements(), cell, assume_unique=True).size:
                continue
            seen.add(task.id)
            kind = ("RAW" if h.kind == "read" else "WAW") if arg.writes else "WAR"
            out.append(HostRace(kind, task, arg, h))
    return out


def ancestors(graph: TaskGraph) -> list[int]:
    """Per task, the bit set of the tasks a path of edges leads from (edges go from an
    earlier task to a later one)."""
    preds: list[list[int]] = [[] for _ in graph.tasks]
    for e in graph.edges:
        preds[e.succ].append(e.pred)
    anc = [0] * len(graph.tasks)
    for t in range(len(graph.tasks)):
        bits = 0
        for p in preds[t]:
            bits |= anc[p] | (1 << p)
        anc[t] = bits
    return anc


def independent(a: Task, b: Task) -> bool:
    """Whether the two tasks ran in different iterations of one execution of a
    `pto_orch.parallel` loop (declared independent by the program)."""
    loops_a = dict(a.parallel)
    return any(loop in loops_a and loops_a[loop] != it for loop, it in b.parallel)


def find_races(graph: TaskGraph, trust_parallel: bool = True) -> list[Race]:
    """Every race of the graph, ordered by the later task, then the earlier one. With
    `trust_parallel`, pairs from different iterations of one `pto_orch.parallel` loop are
    not races (the loop declares its iterations independent)."""
    anc = ancestors(graph)
    by_buffer: dict[int, list[tuple[Task, TaskArg]]] = {}
    for task in graph.tasks:
        for arg in task.args:
            by_buffer.setdefault(arg.tensor.buffer.id, []).append((task, arg))
    elements: dict[int, np.ndarray] = {}

    def elems(arg: TaskArg) -> np.ndarray:
        key = id(arg)
        if key not in elements:
            elements[key] = arg.tensor.elements()
        return elements[key]

    races: dict[tuple[int, int, int], Race] = {}
    for accesses in by_buffer.values():
        for j, (tb, ab) in enumerate(accesses):
            for ta, aa in accesses[:j]:
                if ta.id == tb.id or not (aa.writes or ab.writes):
                    continue
                if anc[tb.id] >> ta.id & 1:
                    continue
                if trust_parallel and independent(ta, tb):
                    continue
                key = (tb.id, ta.id, aa.tensor.buffer.id)
                if key in races:
                    continue
                lo_a, hi_a = aa.tensor.start, aa.tensor.start + aa.tensor.extent()
                lo_b, hi_b = ab.tensor.start, ab.tensor.start + ab.tensor.extent()
                if not (hi_a > lo_b and hi_b > lo_a):
                    continue
                if not np.intersect1d(elems(aa), elems(ab), assume_unique=True).size:
                    continue
                kind = "WAW" if aa.writes and ab.writes else "RAW" if aa.writes else "WAR"
                races[key] = Race(kind, ta, tb, aa, ab)
    return [races[k] for k in sorted(races)]


def assert_no_races(graph: TaskGraph) -> None:
    """Raise AssertionError listing every race (one diagnostic per line); the test
    helper of the race report."""
    races = find_races(graph)
    if races:
        raise AssertionError(
            f"{len(races)} race(s):\n" + "\n".join(r.diagnostic() for r in races)
        )
