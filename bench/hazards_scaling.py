"""`python -m bench.hazards_scaling`: the time per op of auto-derive-task-dependencies and
order-untracked-hazards at growing program sizes, and its ratio to the smallest size (the
passes must stay linear: a ratio near 1).

Each size is a `bench/generate.py` program of the `auto` mix, parsed once; then
derive-call-directions, auto-derive-task-dependencies (`analyze-auto-scopes` on, timed),
materialize-runtime-scopes and order-untracked-hazards (timed) run on it, in CPU seconds. The
cyclic GC is off while the passes run, as `pypto-opt` runs them (tools/pypto_opt.py); `--gc`
leaves it on, to show what it costs at each size (docs/performance.md).

Options: `--sizes 1k,10k,100k` (default), `--gc`.
"""

from __future__ import annotations

import argparse
import gc
import time


def measure(n: int, with_gc: bool = False) -> tuple[int, float, float]:
    """(ops, auto-derive s, order-untracked s) for a generated program of about `n` ops."""
    from bench.generate import generate_program
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module
    from pypto_dialects.transforms.auto_derive_task_dependencies import (
        AutoDeriveTaskDependencies,
    )
    from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
    from pypto_dialects.transforms.materialize_runtime_scopes import MaterializeRuntimeScopes
    from pypto_dialects.transforms.order_untracked_hazards import OrderUntrackedHazards

    text, ops = generate_program(n, "auto")
    ctx = make_context()
    enabled = gc.isenabled()
    if not with_gc:
        gc.disable()
    try:
        module = parse_module(ctx, text, "gen")
        DeriveCallDirections().apply(ctx, module)
        t0 = time.process_time()
        AutoDeriveTaskDependencies(True).apply(ctx, module)
        t1 = time.process_time()
        MaterializeRuntimeScopes().apply(ctx, module)
        t2 = time.process_time()
        OrderUntrackedHazards().apply(ctx, module)
        t3 = time.process_time()
    finally:
        if enabled:
            gc.enable()
    del module
    gc.collect()
    return ops, t1 - t0, t3 - t2


def _size(s: str) -> int:
    s = s.strip().lower()
    mult = 1000 if s.endswith("k") else 1
    return int(float(s.rstrip("k")) * mult)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.hazards_scaling")
    ap.add_argument("--sizes", default="1k,10k,100k")
    ap.add_argument("--gc", action="store_true", help="leave the cyclic GC on")
    opts = ap.parse_args(argv)
    print(f"cyclic GC: {'on' if opts.gc else 'off (as pypto-opt)'}")
    print("| ops | auto-derive s | µs/op | ratio | order-untracked s | µs/op | ratio |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    first: tuple[float, float] | None = None
    for n in (_size(s) for s in opts.sizes.split(",")):
        ops, a, o = measure(n, opts.gc)
        pa, po = a / ops * 1e6, o / ops * 1e6
        first = first or (pa, po)
        print(f"| {ops} | {a:.3f} | {pa:.1f} | {pa / first[0]:.2f} | {o:.3f} | {po:.1f} | "
              f"{po / first[1]:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
