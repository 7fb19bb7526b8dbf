"""`python -m bench.nest_depth`: what order-untracked-hazards costs as loops nest deeper.

Each program is a nest of `d` `scf.for` loops carrying one tensor, with two in-place tasks
in the innermost body (`nest_program`), run through derive-call-directions,
materialize-runtime-scopes and order-untracked-hazards (the pass is timed, in CPU seconds).
Printed per depth: the ops, the pass's time and µs per op, the ratio of µs/op to the
shallowest depth of the run, and the count that explains it: how many times the analysis
visits each task (`visits`). Walking every loop body twice at every level visits a task of
depth d 2^d times; the pass walks a body twice only on its first visit, so a task of depth d
is visited d + 1 times and the pass is O(ops x depth).

The last column is the main job on the same program: parse, pto2-pipeline and the C++
printer, in CPU seconds (issue 26: a depth-16 nest in under a second; `--check` fails
otherwise).

Options: `--depths 1,4,8,12,16` (default), `--check`.
"""

from __future__ import annotations

import argparse
import time


def nest_program(depth: int) -> str:
    """A function with `depth` nested loops (trip count 2) carrying %a, and two tasks that
    update the carry in place in the innermost body."""
    t = "tensor<16xf32>"
    lines = [
        f"pto_orch.kernel @k aiv (inout {t}, in {t}) -> {t}",
        f"func.func @f(%a: {t} {{pto_orch.dir = #pto_orch.dir<inout>}}, %b: {t}) "
        "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %c2 = arith.constant 2 : index",
    ]
    cur = "%a"
    for i in range(depth):
        pad = "  " * (i + 1)
        lines.append(f"{pad}%r{i} = scf.for %i{i} = %c0 to %c2 step %c1 "
                     f"iter_args(%x{i} = {cur}) -> ({t}) {{")
        cur = f"%x{i}"
    pad = "  " * (depth + 1)
    lines.append(f"{pad}%y = pto_orch.call @k({cur}, %b) : ({t}, {t}) -> {t}")
    lines.append(f"{pad}%z = pto_orch.call @k(%y, %b) : ({t}, {t}) -> {t}")
    prev = "%z"
    for i in reversed(range(depth)):
        lines.append("  " * (i + 2) + f"scf.yield {prev} : {t}")
        lines.append("  " * (i + 1) + "}")
        prev = f"%r{i}"
    lines += ["  func.return", "}"]
    return "\n".join(lines) + "\n"


def measure(depth: int) -> tuple[int, float, int]:
    """(ops, order-untracked-hazards CPU s, visits per task) for a nest of `depth`."""
    from pypto_dialects.analysis.untracked_hazards import Analysis
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module
    from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
    from pypto_dialects.transforms.materialize_runtime_scopes import MaterializeRuntimeScopes
    from pypto_dialects.transforms.order_untracked_hazards import OrderUntrackedHazards

    ctx = make_context()
    module = parse_module(ctx, nest_program(depth), "nest")
    ops = sum(1 for _ in module.walk())
    DeriveCallDirections().apply(ctx, module)
    MaterializeRuntimeScopes().apply(ctx, module)
    visits = 0
    task = Analysis.task

    def counting(self, op, state):
        nonlocal visits
        visits += 1
        return task(self, op, state)

    Analysis.task = counting  # type: ignore[method-assign]
    try:
        t0 = time.process_time()
        OrderUntrackedHazards().apply(ctx, module)
        t1 = time.process_time()
    finally:
        Analysis.task = task  # type: ignore[method-assign]
    return ops, t1 - t0, visits // 2


def pipeline_seconds(depth: int) -> float:
    """CPU seconds of the main job on a nest of `depth`: parse, pto2-pipeline and the C++
    printer (`generate_module`), in process (no interpreter start-up)."""
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module
    from pypto_dialects.targets.pto2_cpp import generate_module
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    t0 = time.process_time()
    ctx = make_context()
    module = parse_module(ctx, nest_program(depth), "nest")
    Pto2Pipeline().apply(ctx, module)
    generate_module(module)
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.nest_depth")
    ap.add_argument("--depths", default="1,4,8,12,16")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when the deepest nest's pipeline + C++ takes 1 s or more")
    opts = ap.parse_args(argv)
    print("| depth | ops | order-untracked s | µs/op | ratio | visits per task "
          "| pipeline + C++ s |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    first = None
    whole = 0.0
    for d in (int(s) for s in opts.depths.split(",")):
        ops, secs, visits = measure(d)
        whole = pipeline_seconds(d)
        per = secs / ops * 1e6
        first = first or per
        print(f"| {d} | {ops} | {secs:.4f} | {per:.1f} | {per / first:.2f} | {visits} "
              f"| {whole:.3f} |", flush=True)
    if opts.check and whole >= 1.0:
        print(f"the deepest nest took {whole:.3f} s through pto2-pipeline and the printer "
              "(bound: 1 s)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
