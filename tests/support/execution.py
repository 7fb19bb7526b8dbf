"""Execution tests' plumbing: the programs, their C++, and the kernels as small C++ loops.

Every program an execution test runs is a `.mlir` file (examples/, tests/execution/, or a printer
test input), so the compile check (tests/test_pto2_cpp_compile.py) lists the same files.
`execute` emits one function's C++ (through `pto2-pipeline` unless told otherwise), checks that it
compiles against the runtime's real headers with -Wall -Wextra -Werror, and runs it in the
runtime's CPU simulator (support.simpler_runtime).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np
from support import simpler_runtime
from support.simpler_runtime import Run

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.orch import KernelOp
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from pypto_dialects.transforms import PASSES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PROGRAMS = ROOT / "tests" / "execution"
PRINTER_TESTS = ROOT / "tests" / "filecheck" / "targets" / "pto2_cpp"

# Kernel bodies (`kernel_entry(int64_t* args)`; pto_test_kernel.h in scope). Tensors come first in
# the task's argument order, then scalars.
ADD = """
    Tensor *a = tensor(args, 0), *b = tensor(args, 1), *o = tensor(args, 2);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(a, i) + at<float>(b, i);
"""
MUL = """
    Tensor *a = tensor(args, 0), *b = tensor(args, 1), *o = tensor(args, 2);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(a, i) * at<float>(b, i);
"""
# (in x, out o): o = x + 1
INC = """
    Tensor *x = tensor(args, 0), *o = tensor(args, 1);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(x, i) + 1.0f;
"""
NOTHING = "(void)args;"
COPY = """
    Tensor *x = tensor(args, 0), *o = tensor(args, 1);
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = at<float>(x, i);
"""

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


def _transform(ctx, module, pipeline: bool | tuple[str, ...], analyze: bool) -> bool:  # type: ignore[no-untyped-def]
    """Run the passes `pipeline` / `analyze` name on `module` (see `generate`); True when
    that leaves nothing for the printer's own `pto2_pipeline` flag to do."""
    if analyze:
        Pto2Pipeline(analyze_auto_scopes=True).apply(ctx, module)
        return True
    if isinstance(pipeline, tuple):
        for name in pipeline:
            PASSES[name][0]()().apply(ctx, module)
        return True
    return False


def generate_files(path: Path, pipeline: Pipeline) -> dict[str, str]:
    """Every file the target writes for the program at `path` after the passes `pipeline`."""
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    done = _transform(ctx, module, pipeline, False)
    return generate_module(module, pto2_pipeline=pipeline is True and not done).files


@lru_cache(maxsize=None)
def generate(
    path: Path, function: str | None = None, pipeline: bool | tuple[str, ...] = True,
    analyze: bool = False,
) -> tuple[str, dict]:
    """The C++ of `function` (default: the file's only orchestration function) of the program at
    `path`, and its kernel_config.json entry. `pipeline`: True for `pto2-pipeline`, False for
    none, or the names of the passes to run, in order; `analyze`: through
    `pto2-pipeline{analyze-auto-scopes=true}`. Asserts that the C++ compiles against the
    runtime's real headers with -Wall -Wextra -Werror."""
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    if _transform(ctx, module, pipeline, analyze):
        pipeline = False
    result = generate_module(module, pto2_pipeline=pipeline)
    res = result[function] if function else result.results[0]
    config = json.loads(result.files["kernel_config.json"])
    entry = next(o for o in config["orchestrations"] if o["function"] == res.function)
    check = simpler_runtime.compile_check(res.code, f"{res.function}.cpp")
    assert check.returncode == 0, check.stderr
    return res.code, entry


def execute(
    path: Path,
    kernels: dict[str, str],
    args: list,
    function: str | None = None,
    pipeline: bool | tuple[str, ...] = True,
    ring_heap: int | None = None,
    edit=None,  # type: ignore[no-untyped-def]
    analyze: bool = False,
) -> Run:
    """Run one function of the program at `path` in the simulator (see `generate` and
    `simpler_runtime.run_program`). `edit`, when given, rewrites the C++ first (a control run:
    the same program with some lines removed)."""
    code, config = generate(path, function, pipeline, analyze)
    if edit is not None:
        code = edit(code)
    run = simpler_runtime.run_program(code, config, kernels, args, ring_heap=ring_heap)
    if edit is None:
        model = model_edges(path, pipeline, analyze, config, args)
        if model is not None:
            # The C++ batches creates into one alloc_tensors task per scope; the interpreter
            # allocates per create: compare allocation edges by their successor and origin.
            model, record = _fold_allocs(model), _fold_allocs(run.edges)
            assert model == record, (
                f"the interpreter's task graph disagrees with the runtime's record:\n"
                f"  interpreter only: {sorted(model - record)}\n"
                f"  runtime only: {sorted(record - model)}")
    return run


def model_edges(path: Path, pipeline: bool | tuple[str, ...], analyze: bool, config: dict,
                args: list) -> set[tuple[str, str, str]] | None:
    """The dependency edges the interpreter's task graph predicts for the same program and
    arguments, named as `Run.edges` names them. None for a program whose control flow reads
    tensor data (`pto_tensor.read`): the interpreter's kernels here write nothing, so such a
    program could take another path than the real run."""
    text = path.read_text()
    if "pto_tensor.read" in text:
        return None
    ctx = make_context()
    module = parse_module(ctx, text, str(path))
    if not _transform(ctx, module, pipeline, analyze) and pipeline:
        Pto2Pipeline().apply(ctx, module)
    by_name = {p["name"]: a for p, a in zip(config["params"], args)}
    kernels = {k.sym_name.data: _noop for k in module.walk() if isinstance(k, KernelOp)}
    graph = run_function(module, config["function"], by_name, kernels).graph
    names = {t.id: f"t{i}" for i, t in enumerate(graph.kernel_tasks())}
    allocs = sorted(e.pred for e in graph.edges if e.pred not in names)
    names.update({tid: f"alloc{j}" for j, tid in enumerate(dict.fromkeys(allocs))})
    return {(names[e.pred], names[e.succ], e.origin) for e in graph.edges}


def _fold_allocs(edges: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    return {("alloc" if p.startswith("alloc") else p, s, o) for p, s, o in edges}


def _noop(*_args: object) -> None:
    return None
