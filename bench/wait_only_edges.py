"""`python -m bench.wait_only_edges`: what `-t 'pto2-cpp{api=current wait-only-edges=true}'`
changes at run time, on every program of `bench.task_deps` (analyze-auto-scopes off and on).

Per program and orchestration function, counted by the interpreter's model of the runtime
(kernels that do nothing): the tasks, the dependency edges the runtime creates (the same set
with and without the option: it changes kinds, not edges), the explicit ones among them, and
the edges that retain their producer (each is a reference the consumer holds on the
producer's slot and buffers until it completes, docs/runtime-api.md 3.1): in the seed
generation (every edge), in the current one as printed by default (creator and explicit edges;
tensor-map edges only wait), and in the current one with `wait-only-edges=true` (explicit
edges on tasks that create no buffer only wait too). The last column is how many explicit edges
became wait-only.

Also asserts, for every row, that the run with the option has the same edges and outputs and
no race or use after free (the option's soundness in the interpreter's model).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rows(name: str, text: str, analyze: bool) -> list[dict]:
    """One row per orchestration function of `text` after `pto2-pipeline` (see the module
    docstring)."""
    from bench.task_deps import SCALARS, _args
    from pypto_dialects.context import make_context
    from pypto_dialects.orch import KernelOp
    from pypto_dialects.orch_attrs import is_orchestration
    from pypto_dialects.parsing import parse_module
    from pypto_dialects.targets.pto2_cpp import generate_module
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
    from support.execution import NOTHING, interpret

    ctx = make_context()
    module = parse_module(ctx, text, name)
    funcs = [op for op in module.ops if is_orchestration(op)]
    args = {f.sym_name.data: _args(f, SCALARS.get(name, 0)) for f in funcs}
    Pto2Pipeline(analyze_auto_scopes=analyze).apply(ctx, module)
    config = json.loads(generate_module(module).files["kernel_config.json"])
    kernels = {k.sym_name.data: NOTHING for k in module.ops if isinstance(k, KernelOp)}
    out = []
    for f in funcs:
        fname = f.sym_name.data
        entry = next(o for o in config["orchestrations"] if o["function"] == fname)
        seed = interpret(module, entry, kernels, args[fname])
        current = interpret(module, entry, kernels, args[fname], api="current")
        waits = interpret(module, entry, kernels, args[fname], api="current",
                          wait_only_edges=True)
        assert waits.edges == current.edges == seed.edges, name
        assert not waits.faults, (name, waits.faults)
        for i, o in current.outputs.items():
            assert (waits.outputs[i] == o).all(), (name, i)
        explicit = {e for e in seed.edges if e[2] == "explicit"}
        out.append({
            "program": name if len(funcs) == 1 else f"{name}:{fname}",
            "analyze": analyze,
            "tasks": len(seed.tasks),
            "edges": len(seed.edges),
            "explicit": len(explicit),
            "retain_seed": len(seed.edges - seed.wait_only),
            "retain_current": len(current.edges - current.wait_only),
            "retain_wait_only": len(waits.edges - waits.wait_only),
            "made_wait_only": len(explicit & waits.wait_only),
        })
    return out


def main(argv: list[str] | None = None) -> int:
    del argv
    sys.path.insert(0, str(ROOT / "tests"))
    from bench.task_deps import _programs

    print("| program | analyze | tasks | edges | explicit | retaining, seed | retaining, current "
          "| retaining, current + wait-only-edges | explicit made wait-only |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, text in _programs():
        for analyze in (False, True):
            for r in rows(name, text, analyze):
                print(f"| {r['program']} | {'on' if analyze else 'off'} | {r['tasks']} | "
                      f"{r['edges']} | {r['explicit']} | {r['retain_seed']} | "
                      f"{r['retain_current']} | {r['retain_wait_only']} | "
                      f"{r['made_wait_only']} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
