"""The task graph a run records, and the PTO2 runtime's dependency rules that build it.

A run of an orchestration function submits tasks; this module keeps what the PTO2 runtime
keeps while it does: buffers (external tensors and `alloc_tensors` allocations), tensor
views as regions of a buffer (start offset, shape and strides in elements, as the runtime's
`Tensor`), the runtime scopes, the tensor map of earlier writers, and every dependency edge
with the runtime's origin label (`explicit`, `creator`, `tensormap`). The rules are those of
the runtime's `pto_dep_compute.h` (hw-native-sys/simpler); docs/interpreter.md states them.
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pypto_dialects.attrs import ArgDirection, TensorArgType
from pypto_dialects.limits import API_GENERATIONS, DEFAULT_API_GENERATION, SHARED_RING

PACKED_OUTPUT_ALIGN = 1024
"""Bytes an `alloc_tensors` buffer is rounded up to (the runtime's PTO2_PACKED_OUTPUT_ALIGN)."""

ORIGINS = ("explicit", "creator", "tensormap")
"""Edge origins, spelled as the runtime's dependency record (deps.json) spells them."""


@dataclass(frozen=True)
class RuntimeBehaviour:
    """What the runtime of one API generation does differently (docs/runtime-api.md topics
    3.1-3.9; docs/interpreter.md, "API generations").

    `tensormap_edges_retain`: a tensor-map edge also retains its producer (seed: every edge
    holds the producer until the consumer completes); in the current generation it only waits,
    and only creator and explicit edges retain (3.2; an edge merged with a creator or explicit
    one retains). `host_write_waits_all_holders`: `set_tensor_data` waits for every consumer
    that retains a producer it waits for (current); the seed stops one consumer early once the
    producer's scope has ended, so only the consumers of producers whose scope is still open
    are counted on (3.8). `drops_dead_creators`: a creator edge to a producer that may already
    be consumed (the buffer's scope has ended, so only its holders keep it) is dropped
    (current, 3.2: the runtime checks that the creator is still alive); the seed adds it
    without checking. `dep_kinds`: an explicit edge may be wait-only (`DEP_WAIT`
    without `DEP_RETAIN`: D7, D8, D10; current), which the run's `wait_only_edges` option
    uses; the seed has no kinds."""

    name: str
    tensormap_edges_retain: bool
    host_write_waits_all_holders: bool
    drops_dead_creators: bool
    dep_kinds: bool = False


BEHAVIOURS: dict[str, RuntimeBehaviour] = {
    "seed": RuntimeBehaviour("seed", True, False, False, False),
    "current": RuntimeBehaviour("current", False, True, True, True),
}
assert tuple(BEHAVIOURS) == API_GENERATIONS


def runtime_behaviour(api: str = DEFAULT_API_GENERATION) -> RuntimeBehaviour:
    """The behaviour of generation `api`; ValueError naming the generations otherwise."""
    found = BEHAVIOURS.get(api)
    if found is None:
        raise ValueError(
            f"unknown PTO2 API generation {api!r}: use seed (the default) or current"
        )
    return found


class Overlap(enum.Enum):
    """The runtime's OverlapStatus of a tensor-map lookup."""

    NO_OVERLAP = "no_overlap"
    COVERED = "covered"
    OTHER = "other"


@dataclass(eq=False)
class Buffer:
    """One storage: an external tensor (a function parameter) or an allocation (a
    `pto_tensor.create`). `data` is the flat element array; `size_bytes` is the runtime's
    `buffer.size` (allocations are rounded up to 1024 bytes)."""

    id: int
    name: str
    shape: tuple[int, ...]
    data: np.ndarray
    size_bytes: int
    external: bool
    creator: int | None = None
    location: str = "<unknown>"
    scope: int | None = None
    """The runtime scope that allocated it (None: the executor's scope, which outlives the
    run's every task)."""
    ring: int = 0
    """The heap ring it lives in: min(scope depth, 3) (docs/runtime-api.md K9)."""
    batched: bool = False
    """Allocated by a `pto_tensor.alloc_tensors` batch (its TaskId is in the IR), as opposed
    to a bare `pto_tensor.create` of input IR."""
    released_event: int = 0
    """The run's event number of that scope end (host accesses after it are later)."""
    released_after: int | None = None
    """Set when its scope ends: the number of tasks submitted by then. From that point only
    the tasks that retain its creator keep the memory (docs/interpreter.md, lifetimes)."""

    @property
    def itemsize(self) -> int:
        return int(self.data.itemsize)


@dataclass(frozen=True, eq=False)
class TensorValue:
    """A tensor SSA value at run time: a strided region of a buffer (elements)."""

    buffer: Buffer
    start: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    manual_dep: bool = False  # the whole of a `manual_dep` create: the tensor map skips it

    @staticmethod
    def whole(buffer: Buffer, manual_dep: bool = False) -> TensorValue:
        return TensorValue(buffer, 0, buffer.shape, row_major(buffer.shape), manual_dep)

    def array(self, writeable: bool = True) -> np.ndarray:
        """A numpy view of the region (writes go to the buffer)."""
        item = self.buffer.itemsize
        return np.lib.stride_tricks.as_strided(
            self.buffer.data[self.start :],
            shape=self.shape,
            strides=tuple(s * item for s in self.strides),
            writeable=writeable,
        )

    @property
    def contiguous(self) -> bool:
        return self.strides == row_major(self.shape)

    def extent(self) -> int:
        """Elements from the first to one past the last (the runtime's extent_elem)."""
        if self.contiguous:
            return int(np.prod(self.shape, dtype=np.int64))
        return 1 + sum((n - 1) * s for n, s in zip(self.shape, self.strides) if n > 0)

    def elements(self) -> np.ndarray:
        """The sorted flat element indices of the region."""
        idx = np.full((1,), self.start, dtype=np.int64)
        for n, s in zip(self.shape, self.strides):
            idx = (idx[:, None] + np.arange(n, dtype=np.int64)[None, :] * s).reshape(-1)
        return np.unique(idx)

    def describe(self) -> str:
        """`%c`, `%c[16:32, 0:16]` or `%c{offset 8, shape 4x4, strides 1x16}`."""
        name = self.buffer.name
        full = row_major(self.buffer.shape)
        if self.start == 0 and self.shape == self.buffer.shape and self.strides == full:
            return name
        if len(self.shape) == len(full) and self.strides == full:
            offs, rem = [], self.start
            for s in full:
                offs.append(rem // s)
                rem %= s
            return name + "[" + ", ".join(f"{o}:{o + n}" for o, n in zip(offs, self.shape)) + "]"
        shape = "x".join(map(str, self.shape))
        strides = "x".join(map(str, self.strides))
        return f"{name}{{offset {self.start}, shape {shape}, strides {strides}}}"

    def to_json(self) -> dict[str, Any]:
        return {
            "buffer": self.buffer.id,
            "start_offset": self.start,
            "shape": list(self.shape),
            "strides": list(self.strides),
        }


def row_major(shape: tuple[int, ...]) -> tuple[int, ...]:
    out, s = [], 1
    for n in reversed(shape):
        out.append(s)
        s *= n
    return tuple(reversed(out))


def check_overlap(probe: TensorValue, entry: TensorValue) -> Overlap:
    """The runtime's tensor-map overlap test of a looked-up tensor against a recorded writer
    (PTO2TensorMapEntry::check_overlap): a byte-range test, then, when both views share one
    row-major axis layout, a per-dimension test that can say COVERED (the probe contains the
    entry); anything it cannot decide is OTHER (a conservative overlap)."""
    in_begin, ent_begin = probe.start, entry.start
    if not (probe.start + probe.extent() > ent_begin and entry.start + entry.extent() > in_begin):
        return Overlap.NO_OVERLAP
    n = len(probe.shape)
    if n != len(entry.shape) or n == 0 or probe.strides != entry.strides:
        return Overlap.OTHER
    strides = entry.strides
    if strides[-1] != 1 or any(strides[i - 1] % strides[i] for i in range(1, n)):
        return Overlap.OTHER
    ref = [0] * n
    for i in range(1, n):
        ref[i] = strides[i - 1] // strides[i]
    storage = probe.buffer.size_bytes // probe.buffer.itemsize
    if storage % strides[0]:
        return Overlap.OTHER
    ref[0] = storage // strides[0]
    in_off, ent_off = [], []
    in_rem, ent_rem = probe.start, entry.start
    for s in strides:
        in_off.append(in_rem // s)
        ent_off.append(ent_rem // s)
        in_rem %= s
        ent_rem %= s
    if in_rem or ent_rem:
        return Overlap.OTHER
    for i in range(n):
        if in_off[i] + probe.shape[i] > ref[i] or ent_off[i] + entry.shape[i] > ref[i]:
            return Overlap.OTHER
    covered = True
    for i in range(n):
        a0, a1 = in_off[i], in_off[i] + probe.shape[i]
        b0, b1 = ent_off[i], ent_off[i] + entry.shape[i]
        if not (a1 > b0 and b1 > a0):
            return Overlap.NO_OVERLAP
        if not (a0 <= b0 and b1 <= a1):
            covered = False
    return Overlap.COVERED if covered else Overlap.OTHER


TAGS: dict[str, TensorArgType] = {
    **{d.value: tag for d in ArgDirection if (tag := d.tensor_arg_type) is not None},
    "runtime_out": TensorArgType.OUTPUT,
}
"""Call-site direction -> the runtime's tensor tag (`ArgDirection.tensor_arg_type`; every
`out` of ours is a pre-allocated tensor, OUTPUT_EXISTING), and `runtime_out`: an output the
runtime allocates for the task, `add_output(TensorCreateInfo)`, OUTPUT."""


@dataclass
class TaskArg:
    """One tensor slot of a task, in the order the task adds its tensors."""

    slot: int
    param: int
    direction: str
    tensor: TensorValue
    reads: bool
    writes: bool

    @property
    def tag(self) -> str:
        """The runtime's tag of the slot, e.g. "INPUT" (`tensor_arg_type`'s value)."""
        return TAGS[self.direction].value

    @property
    def tensor_arg_type(self) -> TensorArgType:
        """The runtime's tag of the slot, whose properties say what the runtime does with it."""
        return TAGS[self.direction]

    def to_json(self) -> dict[str, Any]:
        return {
            "slot": self.slot,
            "param": self.param,
            "direction": self.direction,
            "type": self.tag,
            "reads": self.reads,
            "writes": self.writes,
            "region": self.tensor.describe(),
            **self.tensor.to_json(),
        }


@dataclass
class Task:
    """A task instance: a kernel task (`call` / `submit`), a dummy barrier
    (`task_dummy`), or the allocation task of a buffer (the runtime's hidden
    `alloc_tensors` task, the source of creator edges)."""

    id: int
    kind: str
    name: str
    op_name: str
    location: str
    scope: int | None
    args: list[TaskArg] = field(default_factory=list)
    scalars: list[Any] = field(default_factory=list)
    deps: list[int] = field(default_factory=list)
    parallel: tuple[tuple[int, int], ...] = ()
    """(loop execution, iteration) of every enclosing `pto_orch.parallel` loop."""
    ring: int = 0
    """The ring of the scope it was submitted in (min(depth, 3))."""

    def label(self) -> str:
        return f"task {self.id} ({self.name})"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "op": self.op_name,
            "location": self.location,
            "scope": self.scope,
            "args": [a.to_json() for a in self.args],
            "scalars": [s if isinstance(s, int | float | bool) else str(s) for s in self.scalars],
            "explicit_deps": list(self.deps),
            "parallel": [list(p) for p in self.parallel],
        }


@dataclass(frozen=True)
class Edge:
    """A dependency edge as the runtime records it: `arg` is the consumer's tensor slot
    (-1 for explicit edges); `overlap` is set for tensor-map edges; `retains`: the consumer
    holds the producer (its slot and buffers) until it completes (every edge in the seed
    generation; RuntimeBehaviour.tensormap_edges_retain)."""

    pred: int
    succ: int
    origin: str
    arg: int = -1
    overlap: str | None = None
    retains: bool = True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "pred": self.pred,
            "succ": self.succ,
            "source": self.origin,
            "arg": self.arg,
        }
        if self.overlap is not None:
            out["overlap"] = self.overlap
        if not self.retains:  # the current generation's wait-only edges
            out["retains"] = False
        return out


@dataclass
class Scope:
    """One execution of a `pto_rt.scope` (a loop body's scope runs once per iteration)."""

    id: int
    mode: str
    parent: int | None
    location: str
    compiler_owned: bool = False
    depth: int = 1
    """Nesting depth: the executor's own scope is 0, a top-level `pto_rt.scope` 1."""
    opened_after: int = 0
    """The number of tasks submitted before it opened (orders its opening among them)."""
    closed_after: int | None = None
    """The number of tasks submitted before it ended (None: open when the run ended): its
    reference to each task submitted in it is released then (docs/runtime-api.md 3.1)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "mode": self.mode,
            "parent": self.parent,
            "location": self.location,
            "compiler_owned": self.compiler_owned,
        }


@dataclass
class HostAccess:
    """A `pto_tensor.read` / `pto_tensor.write` of one element by the orchestration function
    (the runtime's get_tensor_data / set_tensor_data), made after `after` tasks had been
    submitted: `tensor` is the view the call names, `element` the element it touches, and
    `waits` the tasks the runtime waits for before the access (docs/interpreter.md)."""

    kind: str
    op_name: str
    location: str
    tensor: TensorValue
    after: int
    element: TensorValue
    waits: frozenset[int] = frozenset()
    event: int = 0
    """Its number among the run's scope ends and host accesses."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "op": self.op_name, "location": self.location,
                "after": self.after, "waits": sorted(self.waits), **self.element.to_json()}


@dataclass
class TaskGraph:
    """Tasks (ids in submission order; allocation tasks included), edges, buffers, scopes."""

    tasks: list[Task] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    buffers: list[Buffer] = field(default_factory=list)
    scopes: list[Scope] = field(default_factory=list)
    host_accesses: list[HostAccess] = field(default_factory=list)

    def edge_set(self, origin: str | None = None) -> set[tuple[int, int, str]]:
        """`{(pred, succ, origin)}`, optionally of one origin."""
        return {
            (e.pred, e.succ, e.origin) for e in self.edges if origin is None or e.origin == origin
        }

    def kernel_tasks(self) -> list[Task]:
        return [t for t in self.tasks if t.kind != "alloc"]

    def scope_mode(self, task: Task) -> str:
        return "auto" if task.scope is None else self.scopes[task.scope].mode

    def to_json(self) -> dict[str, Any]:
        return {
            "tasks": [t.to_json() for t in self.tasks],
            "edges": [e.to_json() for e in self.edges],
            "buffers": [
                {
                    "id": b.id,
                    "name": b.name,
                    "shape": list(b.shape),
                    "dtype": str(b.data.dtype),
                    "size_bytes": b.size_bytes,
                    "external": b.external,
                    "creator": b.creator,
                    "location": b.location,
                    "scope": b.scope,
                    "released_after": b.released_after,
                }
                for b in self.buffers
            ],
            "scopes": [s.to_json() for s in self.scopes],
            "host_accesses": [h.to_json() for h in self.host_accesses],
        }


@dataclass
class Runtime:
    """The PTO2 runtime's dependency bookkeeping during one run.

    `submit` applies the runtime's rules to one task: explicit edges first (each predecessor
    once), then, outside manual scopes, per tensor slot in order: creator retention for
    every non-OUTPUT slot (skipped when that predecessor is already an edge of the task),
    and for INPUT / INOUT a lookup of the tensor map's earlier writers that overlap (one
    edge per matching entry; an INOUT that COVERS an entry removes it); then INOUT and
    OUTPUT_EXISTING slots are recorded as writers. Inside a manual scope only the explicit
    edges exist and nothing is recorded. `behaviour`: the API generation's differences
    (RuntimeBehaviour). An explicit predecessor listed wait-only (`submit(..., wait_only=)`,
    the `wait-only-edges` option) is an edge that does not retain; when it is also listed
    with a retaining kind, or is also a creator or tensor-map predecessor of the task (merged
    into one edge), the edge still counts as wait-only: how the runtime merges kinds is not
    established, so nothing counts on such an edge holding its producer.
    """

    behaviour: RuntimeBehaviour = field(default_factory=runtime_behaviour)
    graph: TaskGraph = field(default_factory=TaskGraph)
    scope_stack: list[int] = field(default_factory=list)
    tensor_map: list[tuple[int, TensorValue]] = field(default_factory=list)
    parallel_stack: list[tuple[int, int]] = field(default_factory=list)
    parallel_loops: int = 0
    scope_buffers: dict[int, list[Buffer]] = field(default_factory=dict)
    """The buffers each open scope allocated (released when it closes)."""
    events: int = 0
    """Scope ends and host accesses so far (orders the two)."""

    def in_manual_scope(self) -> bool:
        return any(self.graph.scopes[s].mode == "manual" for s in self.scope_stack)

    def current_scope(self) -> int | None:
        return self.scope_stack[-1] if self.scope_stack else None

    def ring(self) -> int:
        """The ring tasks and allocations go to now: min(scope depth, 3) (docs/runtime-api.md
        3.1)."""
        return min(len(self.scope_stack), SHARED_RING)

    def open_scope(self, mode: str, location: str, compiler_owned: bool) -> Scope:
        scope = Scope(len(self.graph.scopes), mode, self.current_scope(), location, compiler_owned,
                      len(self.scope_stack) + 1, len(self.graph.tasks))
        self.graph.scopes.append(scope)
        self.scope_stack.append(scope.id)
        return scope

    def close_scope(self) -> None:
        """End the innermost scope: its reference to every buffer it allocated is released
        (the runtime's scope end never waits, docs/runtime-api.md 3.1)."""
        scope = self.scope_stack.pop()
        self.events += 1
        self.graph.scopes[scope].closed_after = len(self.graph.tasks)
        for buf in self.scope_buffers.pop(scope, ()):
            buf.released_after = len(self.graph.tasks)
            buf.released_event = self.events

    def _own(self, buf: Buffer) -> None:
        buf.scope, buf.ring = self.current_scope(), self.ring()
        if buf.scope is not None:
            self.scope_buffers.setdefault(buf.scope, []).append(buf)

    def host_access(
        self, kind: str, op_name: str, location: str, tensor: TensorValue, index: tuple[int, ...]
    ) -> None:
        """Record a host read or write of element `index` of `tensor`, with the tasks the
        runtime waits for first (get_tensor_data / set_tensor_data): the buffer's creator and
        every recorded writer whose region overlaps `tensor`; for a write also the tasks that
        retain one of those: in the seed generation only while that task's scope is still
        open (once it has ended, the seed runtime may stop waiting one consumer early, so none
        is counted on), in the current one always. Checked by the race and lifetime
        reports."""
        buf = tensor.buffer
        producers = {buf.creator} if buf.creator is not None else set()
        for producer, written in self.tensor_map:
            if written.buffer is buf and check_overlap(tensor, written) is not Overlap.NO_OVERLAP:
                producers.add(producer)
        waits = set(producers)
        if kind == "write":
            held = producers
            if not self.behaviour.host_write_waits_all_holders:
                open_scopes = set(self.scope_stack)
                held = {
                    p for p in producers
                    if self.graph.tasks[p].scope is None or self.graph.tasks[p].scope in open_scopes
                }
            waits |= {e.succ for e in self.graph.edges if e.pred in held and e.retains}
        start = tensor.start + sum(i * s for i, s in zip(index, tensor.strides))
        element = TensorValue(buf, start, (1,) * len(index), tensor.strides)
        self.events += 1
        self.graph.host_accesses.append(HostAccess(
            kind, op_name, location, tensor, len(self.graph.tasks), element, frozenset(waits),
            self.events))

    def new_buffer(
        self,
        name: str,
        shape: tuple[int, ...],
        data: np.ndarray,
        external: bool,
        location: str,
        creator: int | None = None,
    ) -> Buffer:
        """A buffer; an allocation (not `external`) gets its own allocation task, or joins
        the batch whose allocation task is `creator`."""
        size = int(data.size * data.itemsize)
        if not external:
            size = -(-size // PACKED_OUTPUT_ALIGN) * PACKED_OUTPUT_ALIGN
        buf = Buffer(len(self.graph.buffers), name, shape, data, size, external, None, location)
        self.graph.buffers.append(buf)
        if not external:
            self._own(buf)
            if creator is None:
                alloc = self._new_task("alloc", f"alloc {name}", "pto_tensor.create", location)
                creator = alloc.id
            buf.creator = creator
        return buf

    def new_task_output(
        self, name: str, shape: tuple[int, ...], data: np.ndarray, location: str
    ) -> Buffer:
        """A buffer the runtime allocates for a task's output (`add_output(TensorCreateInfo)`):
        no allocation task; its creator is set to the task when it is submitted."""
        size = -(-int(data.size * data.itemsize) // PACKED_OUTPUT_ALIGN) * PACKED_OUTPUT_ALIGN
        buf = Buffer(len(self.graph.buffers), name, shape, data, size, False, None, location)
        self.graph.buffers.append(buf)
        self._own(buf)
        return buf

    def _new_task(self, kind: str, name: str, op_name: str, location: str) -> Task:
        task = Task(len(self.graph.tasks), kind, name, op_name, location, self.current_scope())
        task.parallel = tuple(self.parallel_stack)
        task.ring = self.ring()
        self.graph.tasks.append(task)
        return task

    def submit(
        self,
        kind: str,
        name: str,
        op_name: str,
        location: str,
        args: list[TaskArg],
        scalars: list[Any],
        explicit: list[int],
        wait_only: Collection[int] = (),
    ) -> Task:
        task = self._new_task(kind, name, op_name, location)
        task.args, task.scalars, task.deps = args, scalars, list(explicit)
        edges = self.graph.edges
        preds: set[int] = set()
        for pred in explicit:
            if pred not in preds:
                preds.add(pred)
                edges.append(Edge(pred, task.id, "explicit", retains=pred not in wait_only))
        for a in args:  # a runtime-allocated output's owner is its task, in any scope
            if a.tensor_arg_type.allocates:
                a.tensor.buffer.creator = task.id
        if self.in_manual_scope():
            return task
        first = len(edges)
        retained = preds - set(wait_only)  # explicit edges retain unless wait-only; creators too
        for a in args:
            tag = a.tensor_arg_type
            owner = a.tensor.buffer.creator
            if not tag.creator_edge or owner is None:
                pass
            elif self.behaviour.drops_dead_creators and a.tensor.buffer.released_after is not None:
                pass  # the producer may already be consumed: the runtime drops the edge
            else:
                if owner not in wait_only:
                    retained.add(owner)
                if owner not in preds:
                    preds.add(owner)
                    edges.append(Edge(owner, task.id, "creator", a.slot))
            if not tag.looks_up or a.tensor.manual_dep:
                continue
            for entry in reversed(list(self.tensor_map)):  # newest first, as the runtime
                producer, written = entry
                if written.buffer is not a.tensor.buffer:
                    continue
                status = check_overlap(a.tensor, written)
                if status is Overlap.NO_OVERLAP:
                    continue
                preds.add(producer)
                edges.append(Edge(producer, task.id, "tensormap", a.slot, status.value))
                if tag.removes_covered and status is Overlap.COVERED:
                    self.tensor_map.remove(entry)
        if not self.behaviour.tensormap_edges_retain:  # merged edges keep the strongest kind
            edges[first:] = [
                replace(e, retains=False) if e.origin == "tensormap" and e.pred not in retained
                else e
                for e in edges[first:]
            ]
        for a in args:
            if a.tensor_arg_type.records and not a.tensor.manual_dep:
                self.tensor_map.append((task.id, a.tensor))
        return task
