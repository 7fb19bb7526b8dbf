"""The execution check (docs/testing.md).

`run_orchestration(cpp_text, tensors=[...], scalars=[...])` compiles emitted orchestration C++
together with the recording runtime (tests/support/pto_runtime_recorder.cpp) and a generated
driver main under `-fsanitize=address,undefined`, runs `aicpu_orchestration_entry` on concrete
arguments and returns the recorded task graph as a `Graph`:

    graph = run_orchestration(code, tensors=[([16, 16], "f32")] * 3)
    assert [t.kernel_ids for t in graph.kernel_tasks] == [[0], [0]]
    assert graph.kernel_tasks[0].directions == ["IN", "IN", "OUT"]

The recorder is compiled once into object files cached under the system temp directory (keyed
by a hash of its sources and flags); each program costs one g++ compile + link and one run.
docs/testing.md describes the JSON the recorder writes and every query below.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import struct
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Sequence

SUPPORT_DIR = Path(__file__).resolve().parent
RECORDER_UNITS = ("pto_runtime_recorder.cpp", "pto_runtime_recorder_json.cpp")
RECORDER_SOURCES = tuple(
    SUPPORT_DIR / f
    for f in (
        "pto_orchestration_api.h",
        "pto_runtime_recorder.h",
        "pto_runtime_recorder_internal.h",
        *RECORDER_UNITS,
    )
)
CXX = shutil.which("g++") or "g++"
SANITIZE_FLAGS = (
    "-std=c++17",
    "-g",
    "-O0",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=undefined",
    "-fno-omit-frame-pointer",
)
# detect_leaks=0: LeakSanitizer needs ptrace, which containers often forbid, and a leak is not
# what this check looks for. halt_on_error: the first memory error ends the run.
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:detect_stack_use_after_return=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}
TIMEOUT_S = 120

# Accepted dtype spellings -> the runtime's DataType enumerator.
DTYPES = {
    "FLOAT32": ("FLOAT32", 4, "f"), "FLOAT16": ("FLOAT16", 2, "e"), "BFLOAT16": ("BFLOAT16", 2, None),
    "INT8": ("INT8", 1, "b"), "INT16": ("INT16", 2, "h"), "INT32": ("INT32", 4, "i"), "INT64": ("INT64", 8, "q"),
    "UINT8": ("UINT8", 1, "B"), "UINT16": ("UINT16", 2, "H"), "UINT32": ("UINT32", 4, "I"),
    "UINT64": ("UINT64", 8, "Q"), "BOOL": ("BOOL", 1, "?"),
}
DTYPE_ALIASES = {
    "F32": "FLOAT32", "FP32": "FLOAT32", "F16": "FLOAT16", "FP16": "FLOAT16", "BF16": "BFLOAT16",
    "I8": "INT8", "I16": "INT16", "I32": "INT32", "I64": "INT64", "U8": "UINT8", "U16": "UINT16",
    "U32": "UINT32", "U64": "UINT64", "I1": "BOOL",
}
# Runtime argument tags -> the IR's direction names.
DIRECTION = {
    "INPUT": "IN", "OUTPUT": "OUT", "OUTPUT_EXISTING": "OUT", "INOUT": "INOUT", "NO_DEP": "NO_DEP",
}


class RecorderError(Exception):
    """The program did not compile, crashed (sanitizer report, abort), or recorded runtime
    errors the caller did not allow. `.output` holds the compiler's or the run's stderr."""

    def __init__(self, message: str, output: str = "") -> None:
        super().__init__(message + (("\n" + output) if output else ""))
        self.output = output


# ----------------------------------------------------------------------------------------------
# The graph
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TensorRef:
    """A tensor argument: buffer id plus the strided view (element offset, shape, strides)."""

    buffer: int | None
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    dtype: str

    def elements(self) -> frozenset[int]:
        """Element offsets (from the buffer's base) the view covers."""
        if any(s == 0 for s in self.shape):
            return frozenset()
        out = {self.offset}
        for extent, stride in zip(self.shape, self.strides):
            out = {base + i * stride for base in out for i in range(extent)}
        return frozenset(out)

    def span(self) -> tuple[int, int]:
        """[first, last + 1) element offsets of the view."""
        if any(s == 0 for s in self.shape):
            return (self.offset, self.offset)
        last = self.offset + sum((e - 1) * s for e, s in zip(self.shape, self.strides))
        return (self.offset, last + 1)

    def overlaps(self, other: TensorRef) -> bool:
        """Whether the two views share an element of the same buffer."""
        if self.buffer is None or self.buffer != other.buffer:
            return False
        (a0, a1), (b0, b1) = self.span(), other.span()
        if a1 <= b0 or b1 <= a0:
            return False
        if math.prod(self.shape) * math.prod(other.shape) > 1 << 24:
            return True  # too large to enumerate: the spans intersect, assume they share
        return not self.elements().isdisjoint(other.elements())


@dataclass(frozen=True)
class TaskArg:
    """One tensor slot of a task: the runtime tag (INPUT, OUTPUT, OUTPUT_EXISTING, INOUT,
    NO_DEP), its IR direction (IN, OUT, INOUT, NO_DEP) and the tensor."""

    tag: str
    tensor: TensorRef

    @property
    def direction(self) -> str:
        return DIRECTION[self.tag]

    @property
    def reads(self) -> bool:
        return self.tag in ("INPUT", "INOUT")

    @property
    def writes(self) -> bool:
        return self.tag in ("OUTPUT", "OUTPUT_EXISTING", "INOUT")


@dataclass(frozen=True)
class Task:
    """A recorded task. `id` is its TaskId's local id (= submission order, allocs included);
    `kind` is aic | aiv | mixed | dummy | alloc; `kernels` maps aic/aiv0/aiv1 to kernel ids
    (-1 = unused slot); `deps` are the TaskIds passed to set_dependencies, in order."""

    id: int
    seq: int
    kind: str
    api: str
    kernels: dict[str, int]
    scope: int | None
    in_manual: bool
    file: str
    line: int
    args: tuple[TaskArg, ...]
    scalars: tuple[int, ...]
    deps: tuple[int, ...]
    outputs: tuple[int, ...]

    @property
    def kernel_ids(self) -> list[int]:
        """The valid kernel ids, in slot order aic, aiv0, aiv1."""
        return [k for k in (self.kernels["aic"], self.kernels["aiv0"], self.kernels["aiv1"]) if k >= 0]

    @property
    def kernel_id(self) -> int | None:
        """The kernel id of a single-kernel task (None for mixed / dummy / alloc)."""
        ids = self.kernel_ids
        return ids[0] if len(ids) == 1 else None

    @property
    def directions(self) -> list[str]:
        return [a.direction for a in self.args]

    @property
    def buffers(self) -> list[int | None]:
        return [a.tensor.buffer for a in self.args]

    def scalar_as(self, index: int, fmt: str) -> Any:
        """Scalar `index` decoded with a struct format: 'f' (f32), 'd' (f64), 'i', 'q', ..."""
        size = struct.calcsize("<" + fmt)
        raw = self.scalars[index].to_bytes(8, "little")[:size]
        return struct.unpack("<" + fmt, raw)[0]


@dataclass(frozen=True)
class Scope:
    id: int
    mode: str
    parent: int | None
    rejected: bool
    file: str
    line: int
    children: tuple[int, ...]
    tasks: tuple[int, ...]


@dataclass(frozen=True)
class Hazard:
    """Something the runtime would run but possibly compute wrong (see Graph.hazards)."""

    kind: str
    message: str
    tasks: tuple[int, ...] = ()


@dataclass
class Graph:
    """The recorded task graph of one run. Build with `Graph.from_json(data)`."""

    data: dict[str, Any]
    tasks: list[Task] = field(default_factory=list)
    scopes: list[Scope] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Graph:
        g = cls(data)
        for t in data["tasks"]:
            g.tasks.append(
                Task(
                    id=t["id"], seq=t["seq"], kind=t["kind"], api=t["api"], kernels=dict(t["kernels"]),
                    scope=t["scope"], in_manual=t["in_manual"], file=t["file"], line=t["line"],
                    args=tuple(TaskArg(a["dir"], _tensor(a["tensor"])) for a in t["args"]),
                    scalars=tuple(t["scalars"]), deps=tuple(t["deps"]), outputs=tuple(t["outputs"]),
                )
            )
        for s in data["scopes"]:
            g.scopes.append(
                Scope(
                    id=s["id"], mode=s["mode"], parent=s["parent"], rejected=s["rejected"], file=s["file"],
                    line=s["line"], children=tuple(s["children"]), tasks=tuple(s["tasks"]),
                )
            )
        return g

    # -- raw facts ------------------------------------------------------------------------------

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Runtime errors: dicts with kind, message, file, line, task, scope."""
        return self.data["errors"]

    @property
    def error_kinds(self) -> list[str]:
        return [e["kind"] for e in self.errors]

    @property
    def buffers(self) -> list[dict[str, Any]]:
        return self.data["buffers"]

    @property
    def accesses(self) -> list[dict[str, Any]]:
        """get_tensor_data ("read") / set_tensor_data ("write") calls, in program order."""
        return self.data["accesses"]

    @property
    def expected_arg_count(self) -> int:
        return self.data["expected_arg_count"]

    # -- task queries ---------------------------------------------------------------------------

    @property
    def kernel_tasks(self) -> list[Task]:
        """Tasks that run kernels (aic, aiv, mixed), in submission order."""
        return [t for t in self.tasks if t.kind in ("aic", "aiv", "mixed")]

    @property
    def alloc_tasks(self) -> list[Task]:
        return [t for t in self.tasks if t.kind == "alloc"]

    @property
    def dummy_tasks(self) -> list[Task]:
        return [t for t in self.tasks if t.kind == "dummy"]

    def tasks_by_kernel(self, kernel_id: int, kind: str | None = None) -> list[Task]:
        """Tasks with `kernel_id` in any slot (and of `kind`, when given)."""
        return [t for t in self.tasks if kernel_id in t.kernel_ids and (kind is None or t.kind == kind)]

    def kernel_counts(self) -> Counter:
        """(kind, kernel id) -> how many tasks ran it; mixed tasks count under their id tuple."""
        counts: Counter = Counter()
        for t in self.kernel_tasks:
            counts[(t.kind, t.kernel_id if t.kind != "mixed" else tuple(t.kernel_ids))] += 1
        return counts

    def task(self, task_id: int) -> Task:
        return self.tasks[task_id]

    def deps_of(self, task: Task | int) -> list[Task]:
        """The tasks `task` lists in set_dependencies, in order."""
        t = self.tasks[task] if isinstance(task, int) else task
        return [self.tasks[d] for d in t.deps]

    def consumers_of(self, task: Task | int) -> list[Task]:
        """Tasks listing `task` in their set_dependencies."""
        tid = task if isinstance(task, int) else task.id
        return [t for t in self.tasks if tid in t.deps]

    @cached_property
    def _ancestors(self) -> list[frozenset[int]]:
        anc: list[frozenset[int]] = []
        for t in self.tasks:
            s: set[int] = set()
            for d in t.deps:
                s.add(d)
                s |= anc[d]
            anc.append(frozenset(s))
        return anc

    def depends_on(self, later: Task | int, earlier: Task | int) -> bool:
        """Whether `later` reaches `earlier` through explicit dependency edges (transitively)."""
        a = later if isinstance(later, int) else later.id
        b = earlier if isinstance(earlier, int) else earlier.id
        return b in self._ancestors[a]

    @cached_property
    def _ordered_ancestors(self) -> list[frozenset[int]]:
        # Explicit deps plus the runtime's creator edge: a task using a tensor the runtime
        # allocated as some task's add_output(TensorCreateInfo) result waits for that task.
        anc: list[frozenset[int]] = []
        for t in self.tasks:
            preds = set(t.deps)
            for a in t.args:
                b = a.tensor.buffer
                if b is not None and self.buffers[b]["kind"] == "output" and self.buffers[b]["task"] != t.id:
                    preds.add(self.buffers[b]["task"])
            s: set[int] = set()
            for d in preds:
                s.add(d)
                s |= anc[d]
            anc.append(frozenset(s))
        return anc

    # -- scope queries --------------------------------------------------------------------------

    def scope_of(self, task: Task | int) -> Scope | None:
        t = self.tasks[task] if isinstance(task, int) else task
        return None if t.scope is None else self.scopes[t.scope]

    def scope_path(self, task: Task | int) -> list[str]:
        """Modes of the scopes enclosing `task`, outermost first, e.g. ['AUTO', 'MANUAL']."""
        s = self.scope_of(task)
        path = []
        while s is not None:
            path.append(s.mode)
            s = None if s.parent is None else self.scopes[s.parent]
        return path[::-1]

    def scope_tree(self) -> list[tuple]:
        """The scope forest as nested tuples (mode, [task ids], [children...]) in program order."""

        def build(s: Scope) -> tuple:
            return (s.mode, list(s.tasks), [build(self.scopes[c]) for c in s.children])

        return [build(s) for s in self.scopes if s.parent is None]

    # -- hazards --------------------------------------------------------------------------------

    def hazards(self) -> list[Hazard]:
        """What the runtime would accept but may run wrong:

        * unretained_alloc — a task inside a MANUAL scope reads or writes a buffer returned by
          alloc_tensors without listing that allocation's TaskId in its deps (docs/targets/pto2-cpp.md,
          difference 5: the runtime may hand the buffer out again);
        * unordered — two tasks touch overlapping elements of one buffer, at least one writes,
          and nothing orders them: the later one does not reach the earlier through explicit
          deps and creator edges (a user of a runtime-allocated output waits for the task that
          produced it), and the runtime's automatic tracking does not apply (it applies only
          when both tasks were submitted outside MANUAL scopes: a MANUAL submit skips the
          runtime's tensor map entirely; NO_DEP slots are never tracked);
        * stale_read — get_tensor_data reads elements a task inside a MANUAL scope wrote
          (difference 6: the runtime does not wait for a producer it did not track);
        * duplicate_dep — a task lists the same TaskId twice.
        """
        out: list[Hazard] = []
        for t in self.tasks:
            for d, n in Counter(t.deps).items():
                if n > 1:
                    out.append(Hazard("duplicate_dep", f"task {t.id} (line {t.line}) lists task {d} {n} times", (t.id, d)))
            if not t.in_manual:
                continue
            for a in t.args:
                b = a.tensor.buffer
                if b is None or a.tag == "OUTPUT":
                    continue
                buf = self.buffers[b]
                if buf["kind"] == "alloc" and buf["task"] not in t.deps:
                    out.append(
                        Hazard(
                            "unretained_alloc",
                            f"task {t.id} (line {t.line}) uses buffer {b} of alloc task {buf['task']} "
                            f"inside a MANUAL scope without depending on it",
                            (t.id, buf["task"]),
                        )
                    )
        accesses = [(t, a) for t in self.tasks if t.kind != "alloc" for a in t.args if a.tag != "NO_DEP"]
        by_buffer: dict[int, list[tuple[Task, TaskArg]]] = {}
        for t, a in accesses:
            if a.tensor.buffer is not None:
                by_buffer.setdefault(a.tensor.buffer, []).append((t, a))
        seen: set[tuple[int, int]] = set()
        for items in by_buffer.values():
            for j, (tj, aj) in enumerate(items):
                for ti, ai in items[:j]:
                    if ti.id == tj.id or (ti.id, tj.id) in seen or not (ai.writes or aj.writes):
                        continue
                    if not ai.tensor.overlaps(aj.tensor):
                        continue
                    tracked = not ti.in_manual and not tj.in_manual
                    if tracked or ti.id in self._ordered_ancestors[tj.id]:
                        continue
                    seen.add((ti.id, tj.id))
                    out.append(
                        Hazard(
                            "unordered",
                            f"task {tj.id} (line {tj.line}) and task {ti.id} (line {ti.line}) access buffer "
                            f"{ai.tensor.buffer} ({'write' if ai.writes else 'read'} then "
                            f"{'write' if aj.writes else 'read'}) with no dependency between them",
                            (ti.id, tj.id),
                        )
                    )
        for acc in self.accesses:
            if acc["kind"] != "read":
                continue
            ref = _tensor(acc["tensor"])
            for t in self.tasks:
                if t.seq > acc["seq"] or not t.in_manual:
                    continue
                if any(a.writes and a.tensor.overlaps(ref) for a in t.args):
                    out.append(
                        Hazard(
                            "stale_read",
                            f"get_tensor_data at line {acc['line']} reads buffer {ref.buffer} written by task "
                            f"{t.id} (line {t.line}) inside a MANUAL scope",
                            (t.id,),
                        )
                    )
        return out


def _tensor(d: dict[str, Any]) -> TensorRef:
    return TensorRef(d["buffer"], d["offset"], tuple(d["shape"]), tuple(d["strides"]), d["dtype"])


# ----------------------------------------------------------------------------------------------
# Building and running
# ----------------------------------------------------------------------------------------------


def _cache_dir() -> Path:
    h = hashlib.sha256()
    for p in RECORDER_SOURCES:
        h.update(p.read_bytes())
    h.update(" ".join((CXX, *SANITIZE_FLAGS)).encode())
    return Path(tempfile.gettempdir()) / "pto2_recorder_cache" / h.hexdigest()[:16]


_OBJECTS: tuple[Path, ...] | None = None


def recorder_objects() -> tuple[Path, ...]:
    """The recorder compiled to object files (once per source version; cached in the temp dir)."""
    global _OBJECTS
    if _OBJECTS is not None and all(o.exists() for o in _OBJECTS):
        return _OBJECTS
    cache = _cache_dir()
    objects = []
    for unit in RECORDER_UNITS:
        obj = cache / Path(unit).with_suffix(".o").name
        if not obj.exists():
            obj.parent.mkdir(parents=True, exist_ok=True)
            tmp = obj.with_suffix(f".{os.getpid()}.tmp.o")
            proc = subprocess.run(
                [CXX, *SANITIZE_FLAGS, "-Wall", "-Wextra", "-Werror", "-I", str(SUPPORT_DIR), "-c",
                 str(SUPPORT_DIR / unit), "-o", str(tmp)],
                capture_output=True, text=True, check=False, timeout=TIMEOUT_S,
            )
            if proc.returncode != 0:
                raise RecorderError(f"the recorder ({unit}) does not compile", proc.stderr)
            os.replace(tmp, obj)  # atomic: concurrent sessions never see a half-written object
        objects.append(obj)
    _OBJECTS = tuple(objects)
    return _OBJECTS


@dataclass(frozen=True)
class TensorSpec:
    """One entry tensor argument: shape, dtype (runtime name or alias: 'f32', 'bf16', 'i32',
    ...) and its initial contents (`data`, flattened, or a `fill` value; zeros by default)."""

    shape: tuple[int, ...]
    dtype: str = "FLOAT32"
    data: tuple[float | int, ...] | None = None
    fill: float | int = 0


def _dtype(name: str) -> str:
    key = name.upper()
    key = DTYPE_ALIASES.get(key, key)
    if key not in DTYPES:
        raise ValueError(f"unknown dtype {name!r}; expected one of {sorted(DTYPES)} or {sorted(DTYPE_ALIASES)}")
    return key


def _spec(t: Any) -> TensorSpec:
    if isinstance(t, TensorSpec):
        return t
    if isinstance(t, dict):
        return TensorSpec(tuple(t["shape"]), t.get("dtype", "FLOAT32"),
                          tuple(t["data"]) if t.get("data") is not None else None, t.get("fill", 0))
    shape, dtype = t
    return TensorSpec(tuple(shape), dtype)


def _element_bytes(dtype: str, value: float | int) -> bytes:
    name, size, fmt = DTYPES[dtype]
    if name == "BFLOAT16":
        return struct.pack("<f", float(value))[2:]
    return struct.pack("<" + fmt, value if fmt not in "fe" else float(value))


def encode_scalar(value: Any) -> int:
    """A scalar argument as the runtime's 64-bit slot: ints as two's complement (64-bit),
    floats as float32 bits (the orchestration decodes f32 through a union), or an explicit
    (type, value) pair with type in f32, f64, i8..i64, u8..u64, bool."""
    if isinstance(value, tuple):
        kind, v = value
        fmts = {"f32": "f", "f64": "d", "i8": "b", "i16": "h", "i32": "i", "i64": "q", "u8": "B",
                "u16": "H", "u32": "I", "u64": "Q", "bool": "?"}
        if kind not in fmts:
            raise ValueError(f"unknown scalar type {kind!r}")
        raw = struct.pack("<" + fmts[kind], v)
        return int.from_bytes(raw.ljust(8, b"\0"), "little")
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        return encode_scalar(("f32", value))
    if isinstance(value, int):
        return value & 0xFFFFFFFFFFFFFFFF
    raise TypeError(f"scalar {value!r}: expected int, float or (type, value)")


def driver_main(tensors: Sequence[TensorSpec], scalars: Sequence[int], orchestration_file: str) -> str:
    """The C++ driver: the entry's buffers and scalars, then pto2_recorder_run."""
    lines = [
        '#include "pto_runtime_recorder.h"',
        f'#include "{orchestration_file}"',
        "",
        "int main(int argc, char **argv) {",
        "    static ChipStorageTaskArgs orch_args;",
    ]
    for i, t in enumerate(tensors):
        dtype = _dtype(t.dtype)
        numel = math.prod(t.shape)
        size = DTYPES[dtype][1]
        if t.data is not None:
            if len(t.data) != numel:
                raise ValueError(f"tensor {i}: {len(t.data)} values for shape {list(t.shape)}")
            payload = b"".join(_element_bytes(dtype, v) for v in t.data)
        else:
            payload = _element_bytes(dtype, t.fill) * numel
        init = ", ".join(str(b) for b in payload) if any(payload) else ""
        lines.append(f"    alignas(64) static unsigned char buf{i}[{max(1, numel * size)}] = {{{init}}};")
        shape = ", ".join(str(s) for s in t.shape)
        lines.append(f"    static const uint32_t shape{i}[{len(t.shape)}] = {{{shape}}};")
        lines.append(
            f"    orch_args.add_tensor(pto2_recorder_external_tensor({i}, buf{i}, shape{i}, {len(t.shape)}, "
            f"DataType::{dtype}));"
        )
    for s in scalars:
        lines.append(f"    orch_args.add_scalar({s}ULL);")
    lines.append("    return pto2_recorder_run(orch_args, argc > 1 ? argv[1] : nullptr);")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_orchestration(
    cpp_text: str,
    tensors: Iterable[Any] = (),
    scalars: Iterable[Any] = (),
    *,
    allow_errors: bool = False,
    name: str = "orchestration.cpp",
) -> Graph:
    """Compile `cpp_text` (an orchestration source defining the two entry points) with the
    recorder under ASan + UBSan, run it on `tensors` (TensorSpec, (shape, dtype) pairs or dicts)
    and `scalars` (see encode_scalar), and return the recorded Graph.

    Raises RecorderError when the source does not compile, when the run crashes (a sanitizer
    report or abort; the report is in .output), or when the run recorded runtime errors and
    `allow_errors` is false.
    """
    specs = [_spec(t) for t in tensors]
    words = [encode_scalar(s) for s in scalars]
    objects = recorder_objects()
    with tempfile.TemporaryDirectory(prefix="pto2_exec_") as tmp:
        d = Path(tmp)
        (d / name).write_text(cpp_text)
        (d / "driver_main.cpp").write_text(driver_main(specs, words, name))
        exe = d / "orchestration_run"
        build = subprocess.run(
            [CXX, *SANITIZE_FLAGS, "-I", str(SUPPORT_DIR), "-I", str(d), str(d / "driver_main.cpp"), *map(str, objects),
             "-o", str(exe)],
            capture_output=True, text=True, check=False, timeout=TIMEOUT_S,
        )
        if build.returncode != 0:
            raise RecorderError(f"{name} does not compile against the recording runtime", build.stderr)
        out = d / "graph.json"
        env = {**os.environ, **SANITIZER_ENV}
        run = subprocess.run(
            [str(exe), str(out)], capture_output=True, text=True, check=False, timeout=TIMEOUT_S, env=env, cwd=d
        )
        if run.returncode != 0 or not out.exists():
            raise RecorderError(f"{name} crashed in the recording runtime (exit {run.returncode})", run.stderr)
        graph = Graph.from_json(json.loads(out.read_text()))
    if graph.errors and not allow_errors:
        lines = [f"{e['kind']}: {e['message']} (line {e['line']})" for e in graph.errors]
        raise RecorderError(f"{name} recorded runtime errors", "\n".join(lines))
    return graph
