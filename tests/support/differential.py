"""Differential check of one random program: the interpreter against the PTO2 runtime's
simulator (`support.simpler_runtime`).

    problems = disagreements(seed)     # [] when they agree

They agree when (1) every tensor parameter ends with the same values, (2) the runtime's
dependency record has the interpreter's tensor-map and explicit edges between tasks exactly,
and a creator edge into the same tasks (the C++ batches several creates into one
`alloc_tensors`, so creator sources are not compared), and (3) the record orders every pair
of tasks that touch the same elements, one writing (outside different iterations of one
`pto_orch.parallel` loop), which the interpreter's graph orders.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.races import ancestors, independent
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.targets.pto2_cpp.api import generate_orchestration
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support.random_programs import KERNEL_BODY, generate


def compare(text: str, name: str, kernels: dict[str, Any], args: dict[str, Any]) -> list[str]:
    """The disagreements of one program (see the module docstring)."""
    from support.simpler_runtime import run_program

    ctx = make_context()
    module = parse_module(ctx, text, f"{name}.mlir")
    verify_module(module)
    Pto2Pipeline().apply(ctx, module)
    res = generate_orchestration(module, name)
    config = json.loads(res.kernel_config)["orchestrations"][0]
    interp = run_function(module, name, args, kernels)
    run_args = [args[p["name"]] for p in config["params"]]
    run = run_program(res.code, config, KERNEL_BODY, run_args)
    problems = []
    for i, p in enumerate(config["params"]):
        if p["kind"] == "tensor":
            got, want = run.outputs[i], interp.outputs[p["name"]]
            if not np.array_equal(got, want):
                where = np.argwhere(got != want)[:3].tolist()
                problems.append(f"output %{p['name']} differs (first at {where})")
    graph = interp.graph
    tasks = graph.kernel_tasks()
    names = {t.id: f"t{i}" for i, t in enumerate(tasks)}
    if len(run.tasks) != len(tasks):
        problems.append(f"{len(run.tasks)} tasks in the runtime, {len(tasks)} in the interpreter")
    for origin in ("tensormap", "explicit"):
        mine = {
            (names[e.pred], names[e.succ])
            for e in graph.edges
            if e.origin == origin and e.pred in names
        }
        theirs = {(p, s) for p, s, o in run.edges if o == origin and p.startswith("t")}
        if mine != theirs:
            problems.append(
                f"{origin} edges: interpreter only {sorted(mine - theirs)}, "
                f"runtime only {sorted(theirs - mine)}"
            )
    mine_c = {names[e.succ] for e in graph.edges if e.origin == "creator"}
    theirs_c = {s for _, s, o in run.edges if o == "creator"}
    if mine_c != theirs_c:
        problems.append(
            f"creator edges into: interpreter only {sorted(mine_c - theirs_c)}, "
            f"runtime only {sorted(theirs_c - mine_c)}"
        )
    anc = ancestors(graph)
    unordered = []
    for j, b in enumerate(tasks):
        for a in tasks[:j]:
            if not anc[b.id] >> a.id & 1 or independent(a, b):
                continue
            conflict = any(
                x.tensor.buffer is y.tensor.buffer
                and (x.writes or y.writes)
                and np.intersect1d(x.tensor.elements(), y.tensor.elements()).size
                for x in a.args
                for y in b.args
            )
            if conflict and not run.ordered(names[a.id], names[b.id]):
                unordered.append((names[a.id], names[b.id]))
    if unordered:
        problems.append(f"conflicting pairs the runtime does not order: {unordered[:5]}")
    return problems


def disagreements(seed: int) -> list[str]:
    """`compare` on `generate(seed)`."""
    return compare(*generate(seed))
