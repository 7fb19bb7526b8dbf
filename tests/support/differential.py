"""Differential check of one random program: what the user wrote against what `pto2-pipeline`
makes of it, both run in the interpreter (our model of the PTO2 runtime), and the C++ printed
from the pipeline's output compiled against our API model header.

    problems = disagreements(seed)     # [] when they agree

They agree when (1) the C++ compiles with -Wall -Wextra -Werror against the model header (in
both API generations: the `api=current` C++ against the current model),
(2) the pipeline's output runs with no race and no use after free, (3) every tensor parameter
ends with the same values in both runs (the input IR's meaning is the sequential program),
(4) the pipeline's output orders every pair of tasks that touch the same elements, one writing
(outside different iterations of one `pto_orch.parallel` loop), and (5) when the real runtime's
simulator is available (support.simpler_runtime; the C++ of its API generation), its outputs and its record's tensor-map and
explicit edges equal the interpreter's (creator edges into the same tasks: the record names
allocation tasks by runtime id).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.races import ancestors, independent
from pypto_dialects.name_locs import clone_with_names
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.targets.pto2_cpp.api import generate_orchestration
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support import model_header, simpler_runtime
from support.execution import interpret
from support.random_programs import KERNEL_BODY, generate
from support.runtime_output_programs import RtGen


def _conflicts(a: Any, b: Any) -> bool:
    return any(
        x.tensor.buffer.id == y.tensor.buffer.id
        and (x.writes or y.writes)
        and np.intersect1d(x.tensor.elements(), y.tensor.elements()).size
        for x in a.args
        for y in b.args
    )


def compare(
    text: str, name: str, kernels: dict[str, Any], args: dict[str, Any], analyze: bool = False,
    api: str = "seed",
) -> list[str]:
    """The disagreements of one program (see the module docstring); `analyze`: the pipeline
    with analyze-auto-scopes=true; `api`: the runtime generation both interpreter runs model
    (the C++ of both generations is compile-checked either way); with "current", the C++ of
    `wait-only-edges=true` is compile-checked and its run must agree too."""
    ctx = make_context()
    source = parse_module(ctx, text, f"{name}.mlir")
    verify_module(source)
    module = clone_with_names(source)
    try:
        Pto2Pipeline(analyze_auto_scopes=analyze).apply(ctx, module)
    except (DiagnosticException, PassFailedException) as err:  # a valid program refused
        return [f"pto2-pipeline refuses the program: {err}"]
    problems = []
    res = generate_orchestration(clone_with_names(module), name)
    for api in model_header.GENERATIONS:
        code = res.code if api == "seed" else generate_orchestration(
            clone_with_names(module), name, api=api).code
        check = model_header.compile_check(code, f"{name}.cpp", generation=api)
        if check.returncode != 0:
            problems.append(f"the api={api} C++ does not compile against the {api} model "
                            f"header:\n{check.stderr}")
    config = json.loads(res.kernel_config)["orchestrations"][0]
    before = run_function(source, name, args, kernels, api)
    run_args = [args[p["name"]] for p in config["params"]]
    after = interpret(module, config, kernels, run_args, api)
    problems += after.faults
    if api == "current":  # and the C++ of wait-only-edges=true: fewer edges retain
        waits_code = generate_orchestration(clone_with_names(module), name, api="current",
                                            wait_only_edges=True).code
        check = model_header.compile_check(waits_code, f"{name}.cpp", generation="current")
        if check.returncode != 0:
            problems.append(f"the wait-only-edges C++ does not compile:\n{check.stderr}")
        waits = interpret(module, config, kernels, run_args, "current", wait_only_edges=True)
        problems += [f"with wait-only edges: {f}" for f in waits.faults]
        for i, out in after.outputs.items():
            if not np.array_equal(waits.outputs[i], out):
                problems.append(f"with wait-only edges, output {i} differs")
    for i, p in enumerate(config["params"]):
        if p["kind"] != "tensor":
            continue
        got, want = after.outputs[i], before.outputs[p["name"]]
        if not np.array_equal(got, want):
            where = np.argwhere(got != want)[:3].tolist()
            problems.append(f"output %{p['name']} differs (first at {where})")
    # Pairs the sequential meaning orders that the pipeline's graph must order: the two runs
    # submit the same kernel tasks in the same order (the pipeline adds only barriers).
    mine = [t for t in before.graph.kernel_tasks() if t.kind == "kernel"]
    theirs = [t for t in after.result.graph.kernel_tasks() if t.kind == "kernel"]
    if len(mine) != len(theirs):
        problems.append(f"{len(mine)} kernel tasks before the pipeline, {len(theirs)} after")
        return problems
    anc = ancestors(after.result.graph)
    unordered = [
        (a.id, b.id)
        for j, b in enumerate(theirs)
        for a in theirs[:j]
        if not independent(a, b) and not anc[b.id] >> a.id & 1 and _conflicts(a, b)
    ]
    if unordered:
        problems.append(f"conflicting pairs the pipeline's output does not order: {unordered[:5]}")
    if simpler_runtime.available():
        api = simpler_runtime.generation() or "seed"  # the checkout's API generation
        code = res.code if api == "seed" else generate_orchestration(
            clone_with_names(module), name, api=api).code
        real = simpler_runtime.run_program(code, config, KERNEL_BODY, run_args)
        for i, out in after.outputs.items():
            if not np.array_equal(real.outputs[i], out):
                problems.append(f"the simulator's output {i} differs from the interpreter's")
        for origin in ("tensormap", "explicit"):
            a = {(p, s) for p, s, o in after.edges if o == origin and p.startswith("t")}
            b = {(p, s) for p, s, o in real.edges if o == origin and p.startswith("t")}
            if a != b:
                problems.append(f"{origin} edges: interpreter only {sorted(a - b)}, "
                                f"runtime only {sorted(b - a)}")
        a_c = {s for _, s, o in after.edges if o == "creator"}
        b_c = {s for _, s, o in real.edges if o == "creator"}
        if a_c != b_c:
            problems.append(f"creator edges into: interpreter only {sorted(a_c - b_c)}, "
                            f"runtime only {sorted(b_c - a_c)}")
    return problems


def disagreements(
    seed: int, analyze: bool = False, runtime_outputs: bool = False, api: str = "seed",
    user_deps: bool = False,
) -> list[str]:
    """`compare` on `generate(seed)` (`analyze`: with analyze-auto-scopes=true;
    `runtime_outputs`: the program of support.runtime_output_programs; `api`: as `compare`;
    `user_deps`: the program of support.user_dep_programs, on the runtime-output generator
    with `runtime_outputs`)."""
    if user_deps:
        from support import user_dep_programs

        prog = user_dep_programs.generate(seed, rt=runtime_outputs, analyze=analyze)
        return compare(*prog, analyze=analyze, api=api)
    prog = generate(seed, RtGen) if runtime_outputs else generate(seed)
    return compare(*prog, analyze=analyze, api=api)
