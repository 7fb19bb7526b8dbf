"""`python -m bench.task_deps`: what auto-derive-task-dependencies buys, and what it costs.

Part 1, per program (every orchestration function of examples/, a decode-layer-like chain of 500
tasks, the same chain with a dynamic layer count, case1 at 16 branches, a paged-attention-like
loop nest, the functions of tests/execution/auto_areas.mlir: hand-placed auto scopes and
opted-out bodies, those of tests/execution/fence_hoisting.mlir: phase fences in loop nests, of
compiler_owned_nests.mlir, carries.mlir and possible_writes.mlir, and the random programs of
`RANDOM_SEEDS`), with `analyze-auto-scopes` off and on: tasks, the dependency edges the runtime
creates, by origin (explicit = set_dependencies, creator = alloc retain, tensormap = overlap
lookup), counted by the interpreter's model of the runtime (kernels that do nothing; the counts
equal the runtime's own record where the real runtime was measured), the explicit ones split by
where they come from in the IR (user = the user's `deps` and the barriers of
expand-manual-phase-fence, retain = add-retain-edges' edges from an allocation task, compiler =
the rest: auto-derive-task-dependencies and order-untracked-hazards, after drop-implied-edges;
counted from a second run with those compiler edges taken out), the regions made compiler-owned
MANUAL scopes, all edges, the ordering edges (user + compiler + tensormap: the edges that order
tasks, not allocation lifetimes) and, for comparison, the ordering edges upstream's own
documents give the same program with the same switch (`UPSTREAM`; "—" where they do not
determine them). After the table: the programs with more edges with the option on than off, and
those with more ordering edges than upstream's.

Part 2: the CPU time of auto-derive-task-dependencies (option on) and of
order-untracked-hazards at 1k / 10k / 100k ops (bench/generate.py programs, the cyclic GC off
as in pypto-opt: bench/hazards_scaling.py), for linearity.

Options: `--sizes 1k,10k,100k` (`--sizes none` skips part 2), `--no-run` (skip the runs:
region counts only).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DECODE_LAYERS, DECODE_TASKS = 10, 50

def decode_chain(
    layers: int = DECODE_LAYERS, per_layer: int = DECODE_TASKS, dynamic: bool = False
) -> str:
    """A decode-layer-like program: `layers` iterations of a chain of `per_layer` tasks, each
    reading the weights and the previous intermediate and writing the next (two ping-pong
    buffers created before the loop); the last task updates the hidden state in place.
    `dynamic`: the layer count is a parameter `%n` (a dynamic trip count; `SCALARS` gives
    its value in the runs), not a constant."""
    t = "tensor<16x16xf32>"
    param = ", %n: index" if dynamic else ""
    lines = [
        f"pto_orch.kernel @step aiv (in {t}, in {t}, out {t}) -> {t}",
        f"pto_orch.kernel @update aiv (in {t}, in {t}, inout {t}) -> {t}",
        f"func.func @decode(%w: {t}, %h: {t} {{pto_orch.dir = #pto_orch.dir<inout>}}{param}) "
        "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %cl = arith.addi %n, %c0 : index" if dynamic else
        f"  %cl = arith.constant {layers} : index",
        f"  %b0 = pto_tensor.create : {t}",
        f"  %b1 = pto_tensor.create : {t}",
        f"  %hl = scf.for %l = %c0 to %cl step %c1 iter_args(%hi = %h) -> ({t}) {{",
    ]
    prev = "%hi"
    for i in range(per_layer - 1):
        lines.append(
            f"    %x{i} = pto_orch.call @step(%w, {prev}, %b{i % 2}) : ({t}, {t}, {t}) -> {t}"
        )
        prev = f"%x{i}"
    lines.append(f"    %hn = pto_orch.call @update(%w, {prev}, %hi) : ({t}, {t}, {t}) -> {t}")
    lines.append(f"    scf.yield %hn : {t}")
    lines += ["  }", "  func.return", "}"]
    return "\n".join(lines) + "\n"


def paged_attention(batches: int = 4, blocks: int = 4) -> str:
    """A paged-attention-like loop nest: per batch, per KV block, a score task writes one
    scratch buffer and an update task accumulates it into the batch's accumulator; after the
    blocks a task writes the batch's output from the accumulator (buffers reused across
    iterations: RAW, WAR and WAW between them)."""
    t = "tensor<16x16xf32>"
    return "\n".join([
        f"pto_orch.kernel @qk aiv (in {t}, in {t}, out {t}) -> {t}",
        f"pto_orch.kernel @pv aiv (in {t}, in {t}, inout {t}) -> {t}",
        f"pto_orch.kernel @norm aiv (in {t}, inout {t}) -> {t}",
        f"func.func @paged(%q: {t}, %kv: {t}, %out: {t} {{pto_orch.dir = #pto_orch.dir<inout>}}) "
        "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        f"  %nb = arith.constant {batches} : index",
        f"  %nk = arith.constant {blocks} : index",
        f"  %s = pto_tensor.create : {t}",
        f"  %acc = pto_tensor.create : {t}",
        f"  %of = scf.for %b = %c0 to %nb step %c1 iter_args(%o = %out) -> ({t}) {{",
        f"    %af = scf.for %j = %c0 to %nk step %c1 iter_args(%a = %acc) -> ({t}) {{",
        f"      %s1 = pto_orch.call @qk(in %q, in %kv, out %s) : ({t}, {t}, {t}) -> {t}",
        f"      %a1 = pto_orch.call @pv(in %s1, in %kv, inout %a) : ({t}, {t}, {t}) -> {t}",
        f"      scf.yield %a1 : {t}",
        "    }",
        f"    %o1 = pto_orch.call @norm(in %af, inout %o) : ({t}, {t}) -> {t}",
        f"    scf.yield %o1 : {t}",
        "  }",
        "  func.return",
        "}",
    ]) + "\n"


UPSTREAM: dict[str, tuple[int | None, int | None]] = {
    # (switch off, switch on): ordering edges (explicit deps and barriers + tensor map) that
    # upstream's documents (hw-native-sys/pypto, docs/en/dev/passes/:
    # 38-auto_derive_task_dependencies.md, 39-expand_manual_phase_fence.md) give each program,
    # derived from their rules; None: not determined by them
    # (upstream runs no order-untracked-hazards: where ours adds edges to an AUTO area the
    # runtime leaves unordered, or an analysis outcome the document leaves open, "—").
    # The phase fence leaves "current loop iter-arg arrays" direct: case1's B x B per phase
    # boundary.
    "case1_manual_parallel": (48, 48),
    "case1_16_branches": (768, 768),
    # a user manual scope: the user's deps (and the join barrier)
    "manual_submit": (5, 5),
    # the tensor map alone (no hazard it misses); with the switch on, a whole default-mode
    # body covered by compiler edges becomes MANUAL with the same edges (orch_basic,
    # group_kernel), a chain stays a chain whether the loop is analysed or falls back
    # (for_carry), symbolic windows fall back to AUTO (dynamic_dim)
    "orch_basic": (1, 1), "group_kernel": (1, 1), "for_carry": (3, 3), "dynamic_dim": (3, 3),
    "if_else": (0, 0), "softmax_tuple": (0, 0),
    # hand-placed auto scopes stay AUTO upstream, with compiler edges and demotions on top
    # (in -> no_dep, inout -> output_existing when covered); an opted-out body holding no
    # scope is not analysed (only default-mode bodies get the virtual region)
    "auto_areas:hand_scope": (2, 2), "auto_areas:opted_out_body": (3, 3),
    "auto_areas:nested_scope": (2, 2), "auto_areas:pre_loop_writer": (3, None),
    "auto_areas:user_deps": (3, 2), "auto_areas:dynamic_parallel": (None, None),
    "auto_areas:constant_parallel": (3, None), "auto_areas:dynamic_seq": (None, None),
    "auto_areas:partial_producer": (2, 2), "auto_areas:dynamic_if": (6, 6),
    # the phase fence upstream: one barrier before the loop whose body holds the consumers,
    # once per iteration of the loops around it (N + M per execution), N x M when it does
    # not pay there
    "fence_hoisting:stable_nest": (24, 24), "fence_hoisting:per_phase": (24, 24),
    "fence_hoisting:profitable_as_a_nest": (12, 12), "fence_hoisting:shared": (24, 24),
    "fence_hoisting:inside_a_parallel_loop": (24, 24),
}
"""Upstream's ordering edges per program and switch, from its documents (None: "—")."""

SCALARS = {"decode_chain_dynamic_250": 5, "auto_areas": 3}
"""Per program, the value of its integer scalar parameters in the runs (else 0)."""


def _args(func, scalar: int = 0) -> list:
    import numpy as np
    from xdsl.dialects.builtin import TensorType

    out: list = []
    for t in func.function_type.inputs.data:
        if isinstance(t, TensorType):
            out.append(np.zeros([48 if d < 0 else d for d in t.get_shape()], np.float32))
        else:
            out.append(0.0 if "f" in str(t) else scalar)
    return out


def _programs() -> list[tuple[str, str]]:
    progs = [(p.stem, p.read_text()) for p in sorted((ROOT / "examples").glob("*.mlir"))]
    from bench.phase_fence import case1

    progs.append(("case1_16_branches", case1(16, 4)))
    progs.append(("paged_attention_4x4", paged_attention()))
    progs.append(("decode_chain_250", decode_chain(5, DECODE_TASKS)))
    progs.append(("decode_chain_500", decode_chain()))
    progs.append(("decode_chain_dynamic_250", decode_chain(5, DECODE_TASKS, dynamic=True)))
    progs.append(("auto_areas", (ROOT / "tests" / "execution" / "auto_areas.mlir").read_text()))
    progs.append(("fence_hoisting",
                  (ROOT / "tests" / "execution" / "fence_hoisting.mlir").read_text()))
    for stem in ("compiler_owned_nests", "carries", "possible_writes"):
        progs.append((stem, (ROOT / "tests" / "execution" / f"{stem}.mlir").read_text()))
    if str(ROOT / "tests") not in sys.path:
        sys.path.insert(0, str(ROOT / "tests"))
    from support.random_programs import generate

    for seed in RANDOM_SEEDS:
        progs.append((f"random_{seed}", generate(seed)[0]))
    return progs


RANDOM_SEEDS = (6, 13, 20, 26)
"""Random programs (tests/support/random_programs.py, `python -m bench.differential`) that had
more edges with the option on than off (4 for 3, 72 for 50, 22 for 8, 66 for 60)."""


def _without_compiler_edges(module) -> None:
    """Keep, of every task's `compiler_deps`, only the retain edges (an allocation's TaskId)."""
    from pypto_dialects.orch import CallOp, SubmitOp
    from pypto_dialects.tensor import AllocTensorsOp

    for op in module.walk():
        if isinstance(op, CallOp | SubmitOp):
            op.set_compiler_deps([d for d in op.compiler_deps
                                  if isinstance(getattr(d, "op", None), AllocTensorsOp)])


def _user_edges(module, entry, kernels, args) -> int:
    """The explicit edges not from an allocation task of a run without the compiler edges."""
    from support.execution import NOTHING, interpret

    _without_compiler_edges(module)
    r = interpret(module, entry, {k: NOTHING for k in kernels}, args)
    return sum(1 for p, _, o in r.edges if o == "explicit" and not p.startswith("alloc"))


def _row(name: str, text: str, analyze: bool, run: bool) -> list[dict]:
    import json

    from pypto_dialects.context import make_context
    from pypto_dialects.orch import KernelOp
    from pypto_dialects.orch_attrs import is_orchestration
    from pypto_dialects.parsing import parse_module
    from pypto_dialects.rt import ScopeOp
    from pypto_dialects.targets.pto2_cpp import generate_module
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    ctx = make_context()
    module = parse_module(ctx, text, name)
    funcs = [op for op in module.ops if is_orchestration(op)]
    args = {f.sym_name.data: _args(f, SCALARS.get(name, 0)) for f in funcs}
    Pto2Pipeline(analyze_auto_scopes=analyze).apply(ctx, module)
    result = generate_module(module)
    config = json.loads(result.files["kernel_config.json"])
    kernels = [k.sym_name.data for k in module.ops if isinstance(k, KernelOp)]
    rows = []
    for f in [op for op in module.ops if is_orchestration(op)]:
        fname = f.sym_name.data
        manual = sum(1 for o in f.walk() if isinstance(o, ScopeOp) and o.compiler_owned)
        row = {"program": name if len(funcs) == 1 else f"{name}:{fname}", "analyze": analyze,
               "regions_manual": manual}
        if run:
            from support.execution import NOTHING, interpret

            res = result[fname]
            entry = next(o for o in config["orchestrations"] if o["function"] == res.function)
            r = interpret(module, entry, {k: NOTHING for k in kernels}, args[fname])
            origins = Counter(o for _, _, o in r.edges)
            retain = sum(1 for p, _, o in r.edges if o == "explicit" and p.startswith("alloc"))
            row.update(retain=retain, order=origins["explicit"] - retain)
            row.update(tasks=len(r.tasks), explicit=origins["explicit"],
                       creator=origins["creator"], tensormap=origins["tensormap"],
                       manual_tasks=sum(1 for t in r.tasks if t["scope"] == "manual"))
        rows.append(row)
    if run:  # the IR without compiler edges last: the rows above are counted
        for row, f in zip(rows, [op for op in module.ops if is_orchestration(op)]):
            fname = f.sym_name.data
            entry = next(o for o in config["orchestrations"]
                         if o["function"] == result[fname].function)
            user = _user_edges(module, entry, kernels, args[fname])
            order = row["order"]
            assert isinstance(order, int)
            row.update(user=user, compiler=order - user)
            explicit, creator, tensormap = row["explicit"], row["creator"], row["tensormap"]
            assert isinstance(explicit, int)
            assert isinstance(creator, int)
            assert isinstance(tensormap, int)
            row.update(edges=explicit + creator + tensormap, ordering=order + tensormap)
    for row in rows:
        up = UPSTREAM.get(str(row["program"]))
        row["upstream"] = None if up is None else up[analyze]
    return rows


def findings(rows: list[dict]) -> tuple[list[str], list[str]]:
    """(programs with more edges with the option on than off, rows with more ordering edges
    than upstream's), from the rows of `_row` with the runs."""
    off = {r["program"]: r["edges"] for r in rows if not r["analyze"]}
    more = [f"{r['program']}: {r['edges']} on > {off[r['program']]} off" for r in rows
            if r["analyze"] and r["edges"] > off.get(r["program"], r["edges"])]
    worse = [f"{r['program']} ({'on' if r['analyze'] else 'off'}): {r['ordering']} > "
             f"{r['upstream']}" for r in rows
             if r.get("upstream") is not None and r["ordering"] > r["upstream"]]
    return more, worse


def _pass_times(sizes: list[int]) -> list[tuple[int, int, float, float]]:
    from bench.hazards_scaling import measure

    return [(n, *measure(n)) for n in sizes]


def _size(s: str) -> int:
    s = s.strip().lower()
    mult = 1000 if s.endswith("k") else 1
    return int(float(s.rstrip("k")) * mult)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.task_deps")
    ap.add_argument("--sizes", default="1k,10k,100k")
    ap.add_argument("--no-run", action="store_true")
    opts = ap.parse_args(argv)
    run = not opts.no_run
    if run:
        sys.path.insert(0, str(ROOT / "tests"))
    print(
        "| program | analyze | tasks | manual tasks | explicit | user | compiler | retain "
        "| creator | tensormap | regions made manual | all edges | ordering | upstream ordering |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    every: list[dict] = []
    for name, text in _programs():
        for analyze in (False, True):
            for r in _row(name, text, analyze, run):
                every.append(r)
                up = r.get("upstream")
                print(f"| {r['program']} | {'on' if analyze else 'off'} | {r.get('tasks', '-')} | "
                      f"{r.get('manual_tasks', '-')} | {r.get('explicit', '-')} | "
                      f"{r.get('user', '-')} | {r.get('compiler', '-')} | {r.get('retain', '-')} | "
                      f"{r.get('creator', '-')} | {r.get('tensormap', '-')} | "
                      f"{r['regions_manual']} | {r.get('edges', '-')} | {r.get('ordering', '-')} | "
                      f"{'—' if up is None else up} |", flush=True)
    if run:
        more, worse = findings(every)
        print()
        print("more edges with the option on than off: " + ("; ".join(more) or "none"))
        print("more ordering edges than upstream's: " + ("; ".join(worse) or "none"))
    if opts.sizes.strip().lower() == "none":
        return 0
    print()
    print(
        "| ops | auto-derive-task-dependencies (s) | µs/op | order-untracked-hazards (s) | µs/op |"
    )
    print("|---|---|---|---|---|")
    for n, ops, a, o in _pass_times([_size(s) for s in opts.sizes.split(",")]):
        print(
            f"| {ops} | {a:.3f} | {a / ops * 1e6:.2f} | {o:.3f} | {o / ops * 1e6:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
