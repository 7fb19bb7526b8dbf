"""Execution tests' plumbing: the programs, their C++, and the kernels.

Every program an execution test runs is a `.mlir` file (examples/, tests/execution/, or a printer
test input), so the compile check (tests/test_pto2_cpp_compile.py) lists the same files.
`execute` takes one function of a program through its passes and then:

1. prints its C++ and compiles it against our model of the runtime's API
   (`support.model_header`, `g++ -std=c++17 -Wall -Wextra -Werror`), in both API generations
   (the `api=current` C++ against the current generation's model);
2. runs the same IR in the interpreter (`pypto_dialects.interpreter`, our model of the PTO2
   runtime's dependency and lifetime rules) with each kernel's Python implementation, and
   returns a `Run`: the outputs, the tasks and the dependency edges named as the runtime's
   own record names them, so the expected edge sets the tests hold (taken from that record
   when the real runtime was in the loop) are compared as they are;
3. asserts that the run has no race and no use after free (a program with either has no
   single right output on the device), unless the test is a control that expects them; and
   then that the interpreter modelling the current generation's runtime gives the same edges
   and outputs, with no fault either, and so does the current generation with the target
   option `wait-only-edges=true` (whose C++, when it differs, is compile-checked too);
4. when `PYPTO_SIMPLER_ROOT` names a simpler checkout with its simulator already built
   (`support.simpler_runtime`), also runs the C++ of the checkout's API generation there
   with each kernel's C++ body and asserts the same outputs and edges.

A kernel is a `Kernel`: a Python implementation (one argument per kernel parameter in the
kernel's order: numpy views for tensors, numbers for scalars; see docs/interpreter.md) and,
for the optional real-runtime layer, a C++ body of `kernel_entry(int64_t* args)` (tensors
first in the task's order, then scalars; `sim_kernels/pto_test_kernel.h` helpers in scope).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.orch import accepted_keywords
from pypto_dialects.interpreter.run import RunResult
from pypto_dialects.limits import HEAP_SIZE
from pypto_dialects.name_locs import clone_with_names
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.parsing import parse_module
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.tensor import AllocTensorsOp
from pypto_dialects.transforms import PASSES
from pypto_dialects.transforms.plan_cpp_declarations import PlanCppDeclarations
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support import model_header, simpler_runtime

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PROGRAMS = ROOT / "tests" / "execution"
PRINTER_TESTS = ROOT / "tests" / "filecheck" / "targets" / "pto2_cpp"

RUNS = 0
"""Programs executed in the interpreter by `execute` in this process."""


@dataclass(frozen=True)
class Kernel:
    """A kernel for both oracles: `py(*params)` for the interpreter, `cpp` (a body of
    `kernel_entry(int64_t* args)`) for the real simulator when one is available."""

    py: Callable[..., Any]
    cpp: str | None = None

    def __call__(self, *args: Any) -> Any:
        return self.py(*args)


# Common kernels. (in a, in b, out o)
ADD = Kernel(lambda a, b, o: a + b, """
    Tensor *a = tensor(args, 0), *b = tensor(args, 1), *o = tensor(args, 2);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(a, i) + at<float>(b, i);
""")
MUL = Kernel(lambda a, b, o: a * b, """
    Tensor *a = tensor(args, 0), *b = tensor(args, 1), *o = tensor(args, 2);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(a, i) * at<float>(b, i);
""")
# (in x, out o): o = x + 1
INC = Kernel(lambda x, o: x + np.float32(1), """
    Tensor *x = tensor(args, 0), *o = tensor(args, 1);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(x, i) + 1.0f;
""")
NOTHING = Kernel(lambda *args: None, "(void)args;")
COPY = Kernel(lambda x, o: x, """
    Tensor *x = tensor(args, 0), *o = tensor(args, 1);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(x, i);
""")


def _acc_into(x: np.ndarray, acc: np.ndarray) -> None:
    acc += x


# (in x, inout acc): acc += x
ACC_INTO = Kernel(_acc_into, """
    Tensor *x = tensor(args, 0), *a = tensor(args, 1);
    for (uint64_t i = 0; i < numel(a); ++i) at<float>(a, i) += at<float>(x, i);
""")



def _stripe64(x, row, o):  # type: ignore[no-untyped-def]
    o[...] = x[row:row + 16] + np.float32(row)


def _reduce4(y, s):  # type: ignore[no-untyped-def]
    acc = np.zeros((16, 16), np.float32)
    for b in range(4):
        acc = acc + y[16 * b:16 * b + 16]
    s[...] = acc


# (in x 64x16, in index row, out o 16x16): o = rows [row, row + 16) of x + row
STRIPE64 = Kernel(_stripe64, """
    Tensor *x = tensor(args, 0), *o = tensor(args, 1);
    uint64_t row = (uint64_t)args[2];
    for (uint64_t r = 0; r < 16; ++r)
        for (uint64_t c = 0; c < 16; ++c) at2<float>(o, r, c) = at2<float>(x, row + r, c) + (float)row;
""")
# (in y 64x16, out s 16x16): s = the sum of the four 16-row blocks of y
REDUCE4 = Kernel(_reduce4, """
    Tensor *y = tensor(args, 0), *s = tensor(args, 1);
    for (uint64_t r = 0; r < 16; ++r)
        for (uint64_t c = 0; c < 16; ++c) {
            float acc = 0;
            for (uint64_t b = 0; b < 4; ++b) acc += at2<float>(y, 16 * b + r, c);
            at2<float>(s, r, c) = acc;
        }
""")


def striped(x: np.ndarray) -> np.ndarray:
    """`x` with each 16-row stripe b of its 64 rows raised by 16 * b (what four STRIPE64
    tasks over rows 0, 16, 32, 48 write)."""
    return x + (np.arange(64, dtype=np.float32)[:, None] // 16) * 16


RNG = np.random.default_rng(7)
"""The inputs of the execution tests (a fixed seed: a failure reproduces)."""


def rand(*shape: int) -> np.ndarray:
    return RNG.integers(-8, 8, size=shape).astype(np.float32)


def zeros(*shape: int) -> np.ndarray:
    return np.zeros(shape, np.float32)


def edges(*triples: str) -> set[tuple[str, str, str]]:
    """`edges("t0>t1 tensormap", ...)` as the record's (pred, succ, origin) triples."""
    out = set()
    for t in triples:
        pair, origin = t.split()
        pred, succ = pair.split(">")
        out.add((pred, succ, origin))
    return out


LOWERING = ("batch-tensor-allocations", "add-retain-edges")
"""The passes the printer needs on hand-written post-pipeline IR (the allocation batches and
the retain edges of manual tasks)."""

Pipeline = bool | tuple[str, ...]
"""True: `pto2-pipeline`; False: no pass; a tuple: those passes, in order."""


def printer_inputs() -> list[tuple[Path, Pipeline]]:
    """Every printer test input that prints C++ for all its functions, with the passes its RUN
    line runs first (the error and --verify-diagnostics inputs excepted)."""
    out = []
    for path in sorted(PRINTER_TESTS.glob("*.mlir")):
        text = path.read_text()
        if "func.func" not in text or "error:" in text or "-diagnostics" in text:
            continue
        run = next((line for line in text.splitlines() if "RUN:" in line), "")
        out.append((path, True if "pto2-pipeline" in run else LOWERING if LOWERING[0] in run else False))
    return out


def all_inputs() -> list[tuple[Path, Pipeline]]:
    """(program, through pto2-pipeline) for every program whose C++ the suite generates: the
    examples, the printer test inputs and the execution programs."""
    return ([(p, True) for p in sorted(EXAMPLES.glob("*.mlir"))] + printer_inputs()
            + [(p, True) for p in sorted(PROGRAMS.glob("*.mlir"))])


def _transform(ctx, module, pipeline: Pipeline, analyze: bool) -> bool:  # type: ignore[no-untyped-def]
    """Run the passes `pipeline` / `analyze` name on `module` (see `generate`); True when
    that leaves nothing for the printer's own `pto2_pipeline` flag to do."""
    if analyze:
        Pto2Pipeline(analyze_auto_scopes=True).apply(ctx, module)
        return True
    if isinstance(pipeline, tuple):
        for name in pipeline:
            PASSES[name][0]()().apply(ctx, module)
        return True
    if pipeline:
        Pto2Pipeline().apply(ctx, module)
        return True
    return False


def generate_files(path: Path, pipeline: Pipeline, api: str = "seed",
                   wait_only_edges: bool = False) -> dict[str, str]:
    """Every file the target writes for the program at `path` after the passes `pipeline`,
    in the runtime API generation `api` (with the `wait-only-edges` option when asked)."""
    return generate_module(lowered(path, pipeline), api=api,
                           wait_only_edges=wait_only_edges).files


@cache
def lowered(path: Path, pipeline: Pipeline) -> ModuleOp:
    """The program at `path` after the passes `pipeline` (parsed and lowered once per test
    process; the printer leaves the module as it is)."""
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    _transform(ctx, module, pipeline, False)
    return module


def _lowered(path: Path, pipeline: Pipeline, analyze: bool,
             edit: Callable[[ModuleOp], None] | None) -> ModuleOp:
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    _transform(ctx, module, pipeline, analyze)
    if edit is not None:
        edit(module)
        # the edited IR is another program: its declaration plan is planned anew (a plan
        # left from before the edit is stale, which the target reports)
        PlanCppDeclarations().apply(ctx, module)
    return module


def _print(module: ModuleOp, function: str | None) -> tuple[str, dict]:
    result = generate_module(clone_with_names(module))
    res = result[function] if function else result.results[0]
    config = json.loads(result.files["kernel_config.json"])
    entry = next(o for o in config["orchestrations"] if o["function"] == res.function)
    check = model_header.compile_check(res.code, f"{res.function}.cpp")
    assert check.returncode == 0, check.stderr
    current = generate_module(clone_with_names(module), api="current")[res.function].code
    check = model_header.compile_check(current, f"{res.function}.cpp", generation="current")
    assert check.returncode == 0, check.stderr
    waits = generate_module(clone_with_names(module), api="current",
                            wait_only_edges=True)[res.function].code
    if waits != current:
        check = model_header.compile_check(waits, f"{res.function}.cpp", generation="current")
        assert check.returncode == 0, check.stderr
    return res.code, entry


@cache
def generate(
    path: Path, function: str | None = None, pipeline: Pipeline = True, analyze: bool = False,
) -> tuple[str, dict]:
    """The C++ of `function` (default: the file's only orchestration function) of the program at
    `path`, and its kernel_config.json entry. `pipeline`: True for `pto2-pipeline`, False for
    none, or the names of the passes to run, in order; `analyze`: through
    `pto2-pipeline{analyze-auto-scopes=true}`. Asserts that the C++ compiles against the
    model header with -Wall -Wextra -Werror, and the `api=current` C++ against the current
    generation's model."""
    return _print(_lowered(path, pipeline, analyze, None), function)


@dataclass
class Run:
    """One execution of a program, in the vocabulary of the runtime's dependency record.

    `outputs`: every tensor parameter after the run, by parameter index. `tasks`: the kernel
    and dummy tasks in submit order, each a dict with `name` (`@kernel` or `task_dummy`),
    `scope` (`auto` / `manual`), `kernel_ids` (`[aic, aiv0, aiv1]`, -1 where unused) and
    `args` (per tensor slot: `type`, the runtime's TensorArgType, and `start_offset`, a
    string). `edges`: `(pred, succ, origin)` with origin `explicit`, `creator` or `tensormap`;
    a task is `t<i>` (its index in `tasks`), an allocation task `alloc<j>` (in submit order
    of those that are an edge's source). `faults`: the race and use-after-free report, one
    located line each. `result`: the interpreter's RunResult. `wait_only`: the edges (as in
    `edges`) that only wait, holding nothing (the current generation's tensor-map edges, and
    the explicit edges of `wait-only-edges`)."""

    outputs: dict[int, np.ndarray]
    tasks: list[dict]
    edges: set[tuple[str, str, str]]
    faults: list[str]
    result: RunResult = field(repr=False)
    wait_only: set[tuple[str, str, str]] = field(default_factory=set)

    def pairs(self, *origins: str) -> set[tuple[str, str]]:
        """(pred, succ) pairs, restricted to the given origins when any are named."""
        return {(p, s) for p, s, o in self.edges if not origins or o in origins}

    def count(self, origin: str) -> int:
        """How many edges of one origin there are."""
        return sum(1 for e in self.edges if e[2] == origin)

    def ordered(self, before: str, after: str) -> bool:
        """Whether a path of edges leads from `before` to `after`."""
        succ: dict[str, set[str]] = {}
        for p, s, _ in self.edges:
            succ.setdefault(p, set()).add(s)
        seen, todo = set(), [before]
        while todo:
            n = todo.pop()
            for m in succ.get(n, ()):
                if m == after:
                    return True
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return False


def _kernel_ids(config: dict) -> dict[str, list[int]]:
    """`@name` -> the MixedKernels ids a task of that kernel is submitted with."""
    table = {k["name"]: k for k in config["kernels"]}

    def kid(name: str | None) -> int:
        return -1 if name is None else table[name]["id"]

    out: dict[str, list[int]] = {}
    for k in config["kernels"]:
        if k["id"] is not None:
            ids = [k["id"], -1, -1] if k["core_type"] == "AIC" else [-1, k["id"], -1]
        elif "aic" in k:
            ids = [kid(k["aic"]), kid(k.get("aiv")), -1]
        else:
            ids = [-1, kid(k.get("aiv0")), kid(k.get("aiv1"))]
        out["@" + k["name"]] = ids
    return out


def _group_impls(config: dict, kernels: dict[str, Any]) -> dict[str, Any]:
    """The kernels mapping for the interpreter: a group kernel (AIC + AIV, or two AIV) not
    given by its own name runs its members' implementations one after the other on the
    same arguments (each also gets the keywords of an SPMD block it takes: `block_idx`,
    `block_num`); the last value a member returns is the group's. A `Kernel` is given as its
    Python implementation, whose signature says which of those keywords it takes."""
    out = {n: k.py if isinstance(k, Kernel) else k for n, k in kernels.items()}
    for k in config["kernels"]:
        if k["id"] is not None or k["name"] in out:
            continue
        members = [out[m] for m in (k.get("aic"), k.get("aiv"), k.get("aiv0"), k.get("aiv1"))
                   if m is not None and m in out]

        def group(*args: Any, _members: list = members, **block: Any) -> Any:
            returned = None
            for m in _members:
                value = m(*args, **{n: block[n] for n in accepted_keywords(m, block)})
                returned = returned if value is None else value
            return returned

        out[k["name"]] = group
    return out


def interpret(module: ModuleOp, config: dict, kernels: dict[str, Any], args: list,
              api: str = "seed", wait_only_edges: bool = False,
              heap_size: int = HEAP_SIZE) -> Run:
    """Run the function `config` describes in the interpreter (modelling the runtime of API
    generation `api`, and the C++ of the `wait-only-edges` option when asked), as a `Run`;
    its faults include the heap exhaustion of a ring of `heap_size` bytes."""
    global RUNS
    RUNS += 1
    params = config["params"]
    if len(args) != len(params):
        raise ValueError(f"{len(params)} arguments expected, {len(args)} given")
    by_name = {p["name"]: (np.copy(a) if isinstance(a, np.ndarray) else a)
               for p, a in zip(params, args)}
    result = run_function(module, config["function"], by_name, _group_impls(config, kernels),
                          api, wait_only_edges)
    graph = result.graph
    tasks = graph.kernel_tasks()
    names = {t.id: f"t{i}" for i, t in enumerate(tasks)}
    allocs = sorted({e.pred for e in graph.edges if e.pred not in names})
    names.update({tid: f"alloc{j}" for j, tid in enumerate(allocs)})
    ids = _kernel_ids(config)
    records = [{
        "name": t.name,
        "scope": graph.scope_mode(t),
        "kernel_ids": ids.get(t.name, [-1, -1, -1]),
        "args": [{"type": a.tag, "start_offset": str(a.tensor.start)} for a in t.args],
    } for t in tasks]
    outputs = {i: result.outputs[p["name"]] for i, p in enumerate(params)
               if p["kind"] == "tensor"}
    faults = [f.diagnostic() for f in result.faults(heap_size=heap_size)]
    return Run(outputs, records, {(names[e.pred], names[e.succ], e.origin) for e in graph.edges},
               faults, result,
               {(names[e.pred], names[e.succ], e.origin) for e in graph.edges if not e.retains})


def execute(
    path: Path,
    kernels: dict[str, Any],
    args: list,
    function: str | None = None,
    pipeline: Pipeline = True,
    ring_heap: int | None = None,
    edit: Callable[[ModuleOp], None] | None = None,
    analyze: bool = False,
    faults: bool = False,
) -> Run:
    """Run one function of the program at `path` (see the module docstring). `edit`, when
    given, changes the IR after the passes (a control run: the same program without some
    edges); the C++ printed from the edited IR is compile-checked too. `faults`: the test
    expects races or uses after free (a control) instead of asserting there are none.
    `ring_heap` is the heap per ring, for the real simulator and the interpreter's heap check
    (the lifetime report does not depend on it)."""
    module = _lowered(path, pipeline, analyze, edit)
    code, config = _print(module, function)
    heap = HEAP_SIZE if ring_heap is None else ring_heap
    run = interpret(module, config, kernels, args, heap_size=heap)
    if not faults:
        assert not run.faults, "\n".join(run.faults)
        # the current generation's runtime (graph.RuntimeBehaviour) runs it alike: same
        # edges and outputs, no fault
        current = interpret(module, config, kernels, args, api="current", heap_size=heap)
        assert not current.faults, "api=current:\n" + "\n".join(current.faults)
        assert current.edges == run.edges
        for i, out in run.outputs.items():
            np.testing.assert_array_equal(current.outputs[i], out)
        # ... and with wait-only edges (`wait-only-edges=true`): the same edges, fewer of
        # them retaining, and still no use after free
        waits = interpret(module, config, kernels, args, api="current", wait_only_edges=True,
                          heap_size=heap)
        assert not waits.faults, "api=current wait-only-edges:\n" + "\n".join(waits.faults)
        assert waits.edges == run.edges
        for i, out in run.outputs.items():
            np.testing.assert_array_equal(waits.outputs[i], out)
    if simpler_runtime.available() and not faults and all(
            getattr(kernels.get(k["name"]), "cpp", None) for k in config["kernels"]
            if k["id"] is not None):
        api = simpler_runtime.generation() or "seed"  # the checkout's API generation
        if api != "seed":
            code = generate_module(clone_with_names(module), api=api)[config["function"]].code
        real = simpler_runtime.run_program(
            code, config, {n: k.cpp for n, k in kernels.items()}, args, ring_heap=ring_heap)
        for i, out in run.outputs.items():
            np.testing.assert_array_equal(real.outputs[i], out)
        fold = lambda es: {("alloc" if p.startswith("alloc") else p, s, o) for p, s, o in es}  # noqa: E731
        assert fold(real.edges) == fold(run.edges), (
            f"the runtime's record disagrees with the interpreter:\n"
            f"  interpreter only: {sorted(fold(run.edges) - fold(real.edges))}\n"
            f"  runtime only: {sorted(fold(real.edges) - fold(run.edges))}")
    return run


def relative_faults(r: Run) -> list[str]:
    """The run's race and use-after-free lines, paths relative to the repository."""
    return [f.replace(f"{ROOT}/", "") for f in r.faults]


def race_line(at: str, kind: str, buf: str, second: str, first: str, first_at: str,
          op: str = "pto_orch.call") -> str:
    """One race line of the report: `second` (`3 (@k)`) at `at` races with `first`."""
    verb = "reads" if kind == "RAW" else "writes"
    done = {"RAW": "written", "WAR": "read", "WAW": "also written"}[kind]
    return (f"{at}: error: '{op}' op {kind} race on {buf}: task {second} {verb} {buf}, {done} by "
            f"task {first} at {first_at} ({buf}), and no dependency edge orders the two tasks")


# ---------------------------------------------------------------------------------- IR edits


def drop_deps(module: ModuleOp, keep: Callable[[Any], bool] = lambda v: False) -> int:
    """Replace every TaskId a task's `deps` / `compiler_deps` (or a barrier's deps) lists, for
    which `keep(value)` is false, by the invalid TaskId, which the C++ guards away and the
    interpreter skips: the program without those edges. Returns how many were dropped."""
    dropped = 0
    for op in list(module.walk()):
        if isinstance(op, SubmitOp):
            lists = [op.deps, op.compiler_deps]
        elif isinstance(op, CallOp):
            lists = [op.compiler_deps]
        elif isinstance(op, TaskDummyOp):
            lists = [op.operands]
        else:
            continue
        targets = {id(v) for values in lists for v in values if not keep(v)}
        for i, v in enumerate(op.operands):
            if id(v) in targets:
                op.operands[i] = TaskInvalidOp.insert_before(op)
                dropped += 1
    return dropped


def drop_retain_edges(module: ModuleOp) -> None:
    """The program without its retain edges: every dep on an allocation batch's TaskId."""
    n = drop_deps(module, keep=lambda v: not isinstance(v.owner, AllocTensorsOp))
    assert n, "no retain edge to drop"


def with_and_without_step(monkeypatch: Any, step: str, path: Path, kernels: dict[str, Any],
                          function: str, args: list[np.ndarray],
                          analyze: bool) -> tuple[Run, Run]:
    """`execute` of `function` through `pto2-pipeline` with its step `step` and without it
    (taken out of `STEPS` for the run; `monkeypatch` is pytest's fixture), each on copies of
    `args`. Asserts that both runs give the same outputs; returns (with, without)."""
    from pypto_dialects.transforms import pto2_pipeline

    assert step in pto2_pipeline.STEPS, step
    runs = []
    for steps in (pto2_pipeline.STEPS, tuple(s for s in pto2_pipeline.STEPS if s != step)):
        with monkeypatch.context() as m:
            m.setattr(pto2_pipeline, "STEPS", steps)
            runs.append(execute(path, kernels, [a.copy() for a in args], function=function,
                                analyze=analyze))
    on, off = runs
    assert on.outputs.keys() == off.outputs.keys()
    for i in on.outputs:
        np.testing.assert_array_equal(on.outputs[i], off.outputs[i])
    return on, off
