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

from support import simpler_runtime
from support.simpler_runtime import Run

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module

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


@lru_cache(maxsize=None)
def generate(
    path: Path, function: str | None = None, pipeline: bool = True, analyze: bool = False
) -> tuple[str, dict]:
    """The C++ of `function` (default: the file's only orchestration function) of the program at
    `path`, and its kernel_config.json entry (`analyze`: through
    `pto2-pipeline{analyze-auto-scopes=true}`). Asserts that the C++ compiles against the
    runtime's real headers with -Wall -Wextra -Werror."""
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    if analyze:
        from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

        Pto2Pipeline(analyze_auto_scopes=True).apply(ctx, module)
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
    pipeline: bool = True,
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
    return simpler_runtime.run_program(code, config, kernels, args, ring_heap=ring_heap)
