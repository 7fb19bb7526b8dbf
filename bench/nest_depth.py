"""`python -m bench.nest_depth`: what order-untracked-hazards costs as loops nest deeper.

Each program is a nest of `d` `scf.for` loops carrying one tensor, with two in-place tasks
in the innermost body (`nest_program`), run through derive-call-directions,
materialize-runtime-scopes and order-untracked-hazards (the pass is timed, in CPU seconds).
Printed per depth: the ops, the pass's time and µs per op, the ratio of µs/op to the
shallowest depth of the run, and the count that explains it: how many times the analysis
visits each task (`visits`). Walking every loop body twice at every level visits a task of
depth d 2^d times; the pass walks a body twice only on its first visit, so a task of depth d
is visited d + 1 times and the pass is O(ops x depth).

Options: `--depths 1,4,8,12,16` (default).
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.nest_depth")
    ap.add_argument("--depths", default="1,4,8,12,16")
    opts = ap.parse_args(argv)
    print("| depth | ops | order-untracked s | µs/op | ratio | visits per task |")
    print("|---:|---:|---:|---:|---:|---:|")
    first = None
    for d in (int(s) for s in opts.depths.split(",")):
        ops, secs, visits = measure(d)
        per = secs / ops * 1e6
        first = first or per
        print(f"| {d} | {ops} | {secs:.4f} | {per:.1f} | {per / first:.2f} | {visits} |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
