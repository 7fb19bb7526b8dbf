"""Benchmark of materialize-runtime-scopes: pass time as a ratio to parsing the same program.

Usage: python bench/bench_materialize_runtime_scopes.py [--sizes 1000,10000,100000] [--repeat N]

For each size it generates an orchestration program of about that many ops (loops carrying a
tensor, ifs with and without else, tensor creates, calls, compiler manual candidates, a nested
loop, and user manual scopes with submits; one function per `--ops-per-func` ops), then measures
in the same run:

    parse  parsing the text with the project's located parser (`parse_module`)
    pass   MaterializeRuntimeScopes().apply on the parsed module

and prints both and the ratio pass/parse (best of `--repeat` runs; each pass run gets a fresh
parse, as the pass rewrites the module). The pass must stay linear (docs/performance.md): the
ratio should not grow with the size. After timing, the rewritten module is verified and its
scopes counted (not timed), so a benchmark run is also a correctness check.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.rt import ScopeOp
from pypto_dialects.transforms.materialize_runtime_scopes import (
    MaterializeRuntimeScopes,
)

T = "tensor<16x16xf32>"
SIG = f"({T}, {T}, {T}) -> {T}"
HEADER = f"""\
pto_orch.kernel @kernel_add aiv (in {T}, in {T}, out {T}) -> {T}
pto_orch.kernel @kernel_mul aiv (in {T}, in {T}, out {T}) -> {T}
"""


def _unit(k: int, prev: str) -> tuple[list[str], str, int]:
    """One block of the generated body, rotating through four shapes. Returns (lines, the
    tensor it leaves for the next unit, number of ops, implicit terminators included)."""
    shape = k % 4
    if shape == 0:  # create + loop with a call and an if/else
        return [
            f"  %t{k} = pto_tensor.create : {T}",
            f"  %r{k} = scf.for %i{k} = %c0 to %c4 step %c1 "
            f"iter_args(%acc{k} = {prev}) -> ({T}) {{",
            f"    %a{k} = pto_orch.call @kernel_add(%x, %acc{k}, %t{k}) : {SIG}",
            f"    %cond{k} = arith.cmpi eq, %i{k}, %c0 : index",
            f"    %y{k} = scf.if %cond{k} -> ({T}) {{",
            f"      %m{k} = pto_orch.call @kernel_mul(%a{k}, %x, %acc{k}) : {SIG}",
            f"      scf.yield %m{k} : {T}",
            "    } else {",
            f"      scf.yield %a{k} : {T}",
            "    }",
            f"    scf.yield %y{k} : {T}",
            "  }",
        ], f"%r{k}", 9
    if shape == 1:  # loop whose tasks are all compiler manual candidates, nested loop inside
        return [
            f"  %r{k} = scf.for %i{k} = %c0 to %c4 step %c1 "
            f"iter_args(%acc{k} = {prev}) -> ({T}) {{",
            f"    %a{k} = pto_orch.call @kernel_add(%x, %acc{k}, %acc{k}) "
            f"{{manual_candidate}} : {SIG}",
            f"    %n{k} = scf.for %j{k} = %c0 to %c4 step %c1 "
            f"iter_args(%in{k} = %a{k}) -> ({T}) {{",
            f"      %b{k} = pto_orch.call @kernel_mul(%x, %in{k}, %in{k}) "
            f"{{manual_candidate}} : {SIG}",
            f"      scf.yield %b{k} : {T}",
            "    }",
            f"    scf.yield %n{k} : {T}",
            "  }",
        ], f"%r{k}", 6
    if shape == 2:  # if without else, then a plain call
        return [
            f"  %cond{k} = arith.cmpi eq, %c0, %c1 : index",
            f"  scf.if %cond{k} {{",
            f"    %u{k} = pto_orch.call @kernel_add(%x, {prev}, {prev}) : {SIG}",
            "  }",
            f"  %r{k} = pto_orch.call @kernel_mul(%x, {prev}, {prev}) : {SIG}",
        ], f"%r{k}", 5
    # user manual scope with a loop of submits (suppressed)
    return [
        f"  %r{k} = pto_rt.scope manual -> ({T}) {{",
        f"    %none{k} = pto_system.task_invalid",
        f"    %o{k}, %tid{k} = scf.for %i{k} = %c0 to %c4 step %c1 "
        f"iter_args(%oi{k} = {prev}, %ti{k} = %none{k}) -> ({T}, !pto_orch.task_id) {{",
        f"      %s{k}, %st{k} = pto_orch.submit @kernel_add(%x, %oi{k}, %oi{k}) "
        f"deps(%ti{k} : !pto_orch.task_id) : {SIG}",
        f"      scf.yield %s{k}, %st{k} : {T}, !pto_orch.task_id",
        "    }",
        f"    pto_rt.yield %o{k} : {T}",
        "  }",
    ], f"%r{k}", 6


def generate(n_ops: int, ops_per_func: int = 5000) -> tuple[str, int]:
    """An orchestration program of about `n_ops` ops. Returns (text, op count)."""
    out = [HEADER]
    total = 2  # the kernels
    k = 0
    f = 0
    while total < n_ops:
        out.append(
            f"func.func @orch{f}(%x: {T}, %d: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}) -> {T} "
            "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {"
        )
        out += [
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %c4 = arith.constant 4 : index",
        ]
        total += 5  # func, three constants, return
        in_func = 0
        prev = "%d"
        while in_func < ops_per_func and total < n_ops:
            lines, prev, n = _unit(k, prev)
            out += lines
            total += n
            in_func += n
            k += 1
        out += [f"  func.return {prev} : {T}", "}"]
        f += 1
    return "\n".join(out) + "\n", total


def _timed(fn):
    gc.collect()
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def measure(n_ops: int, repeat: int = 1, ops_per_func: int = 5000) -> dict[str, float]:
    """Parse and pass times (seconds, best of `repeat`) for a generated program of `n_ops`
    ops; raises if the pass output does not verify."""
    text, total = generate(n_ops, ops_per_func)
    ctx = make_context()
    best_parse = best_pass = float("inf")
    module = None
    for _ in range(repeat):
        t_parse, module = _timed(lambda: parse_module(ctx, text, "bench.mlir"))
        parsed_ops = sum(1 for _ in module.walk()) - 1  # not timed; minus the module
        assert parsed_ops == total, (parsed_ops, total)
        t_pass, _ = _timed(lambda m=module: MaterializeRuntimeScopes().apply(ctx, m))
        best_parse = min(best_parse, t_parse)
        best_pass = min(best_pass, t_pass)
    assert module is not None
    verify_module(module)
    scopes = sum(1 for op in module.walk() if isinstance(op, ScopeOp))
    return {
        "ops": total,
        "parse": best_parse,
        "pass": best_pass,
        "ratio": best_pass / best_parse,
        "scopes": scopes,
    }


def main(argv: list[str] | None = None) -> None:
    """Command line: print one row per size."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000,100000", help="op counts, comma-separated")
    ap.add_argument("--repeat", type=int, default=1, help="runs per size (best is kept)")
    ap.add_argument("--ops-per-func", type=int, default=5000, help="ops per generated function")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    print("materialize-runtime-scopes: pass time / parse time, same run")
    print(f"{'size':>8} {'ops':>8} {'scopes':>7} {'parse_s':>9} {'pass_s':>9} {'pass/parse':>11}")
    for size in sizes:
        r = measure(size, args.repeat, args.ops_per_func)
        print(
            f"{size:>8} {r['ops']:>8} {r['scopes']:>7} {r['parse']:>9.4f} {r['pass']:>9.4f} "
            f"{r['ratio']:>11.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
