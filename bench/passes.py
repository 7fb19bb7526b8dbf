"""`python -m bench.passes`: where a `pypto-opt -p pto2-pipeline -t pto2-cpp` run spends its
time, phase by phase and pass by pass, in µs per op (docs/performance.md).

For each size (a `bench/generate.py` program, default 10k ops) and each option setting of the
pipeline (`pto2-pipeline` and `pto2-pipeline{analyze-auto-scopes=true}`), one fresh worker
process runs what the driver runs, in the driver's order and with the cyclic GC off as the
driver has it, timing each phase in CPU seconds (`time.process_time`):

    parse                    pypto_dialects.parsing.parse_module on the file's bytes
    verify (after parsing)   verify_module
    <step>                   each pass of Pto2Pipeline.steps(), in order (batch-tensor-
                             allocations includes add-retain-edges, shown apart below it)
    verify (after passes)    verify_module
    print C++                generate_module as `-t pto2-cpp` calls it after pto2-pipeline
                             (tools/pypto_opt.py): verify=False, checked=True, planned=True;
                             the pipeline has just verified, checked verify-orchestration's
                             rules and planned the declarations, so neither is redone

and one more worker per size runs `pypto-opt FILE`'s work: parse, verify, print the IR
(xDSL's MLIR target). Each worker warms up on a tiny program first (lazy imports are startup)
and reports its peak resident set size (`ru_maxrss`), so the table gives the peak memory of
the pipeline next to that of parse + print. The driver's own work (command line, reading the
file, freeing the module) is not in these numbers; `python -m bench` measures whole runs.

Options: `--sizes 10k` (comma-separated, k/m suffixes; e.g. `10k,100k`), `--mix full|auto`,
`--json FILE` (raw numbers), `--repeat N` (workers per setting and size, medians kept;
default 1).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from io import StringIO

SETTINGS = {"default": False, "analyze-auto-scopes=true": True}
"""The option settings of pto2-pipeline measured: label -> analyze_auto_scopes."""

clock = time.process_time


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _wrap(owner: object, name: str, key: str, times: dict[str, float]) -> Callable[[], None]:
    """Replace `owner.name` (a function or method) by one that adds its CPU time to
    `times[key]`; returns the function that undoes it."""
    original = getattr(owner, name)

    def timed(*args, **kwargs):
        start = clock()
        try:
            return original(*args, **kwargs)
        finally:
            times[key] = times.get(key, 0.0) + clock() - start

    setattr(owner, name, timed)
    return lambda: setattr(owner, name, original)


def run_phases(data: bytes, mode: str, analyze: bool) -> list[tuple[str, float]]:
    """The timed phases of one run on `data` (`mode`: 'pipeline' or 'parse-print'), in order;
    the sub-phases (nested in the phase before them) are named with a leading '  '."""
    from xdsl.printer import Printer

    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module, verify_module
    from pypto_dialects.targets.pto2_cpp.api import generate_module
    from pypto_dialects.transforms.add_retain_edges import AddRetainEdges
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    phases: list[tuple[str, float]] = []
    nested: dict[str, float] = {}
    undo = [
        _wrap(AddRetainEdges, "apply", "add-retain-edges", nested),
    ]
    enabled = gc.isenabled()
    gc.disable()
    try:
        ctx = make_context()
        start = clock()
        module = parse_module(ctx, data, "bench.mlir")
        phases.append(("parse", clock() - start))
        start = clock()
        verify_module(module)
        phases.append(("verify (after parsing)", clock() - start))
        if mode == "parse-print":
            start = clock()
            stream = _Sink()
            Printer(stream=stream).print_op(module)
            stream.write("\n")
            phases.append(("print IR", clock() - start))
            return phases
        for step in Pto2Pipeline(analyze_auto_scopes=analyze).steps():
            nested.clear()
            start = clock()
            step.apply(ctx, module)
            phases.append((step.name, clock() - start))
            if "add-retain-edges" in nested:
                phases.append(("  of which add-retain-edges", nested["add-retain-edges"]))
        start = clock()
        verify_module(module)
        phases.append(("verify (after passes)", clock() - start))
        start = clock()
        # As `pypto-opt -p pto2-pipeline -t pto2-cpp` (PyptoOptMain._emit_cpp): the rules and
        # the plan were checked by the pipeline's last steps, which are timed above.
        generate_module(module, verify=False, checked=True, planned=True)
        phases.append(("print C++", clock() - start))
        return phases
    finally:
        for u in undo:
            u()
        if enabled:
            gc.enable()


class _Sink(StringIO):
    """A text stream that keeps only the size of what was written (the IR print's cost is
    the printing, not the growing of a string); a StringIO for its type only (xDSL's Printer
    takes an `IO[str]`), nothing is stored."""

    size = 0

    def write(self, text: str) -> int:
        self.size += len(text)
        return len(text)

    def flush(self) -> None:
        pass


def worker(path: str, mode: str, analyze: bool) -> dict[str, object]:
    """Warm up on a tiny program, then measure `path`: the phases and the peak RSS."""
    from bench.generate import generate_program

    run_phases(generate_program(1, "auto")[0].encode(), mode, analyze)
    base = _rss_mib()
    with open(path, "rb") as f:
        data = f.read()
    phases = run_phases(data, mode, analyze)
    return {"phases": phases, "rss_base_mib": base, "rss_peak_mib": _rss_mib()}


def run_worker(path: str, mode: str, analyze: bool) -> dict:
    """`worker` in a fresh `python -m bench.passes --worker` process; its JSON result."""
    argv = [sys.executable, "-m", "bench.passes", "--worker", path, "--mode", mode]
    if analyze:
        argv.append("--analyze")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"worker exited {proc.returncode}")
    return json.loads(proc.stdout)


def median_runs(runs: list[dict]) -> dict:
    """Per-phase medians of workers of the same setting (phases in the same order)."""
    names = [name for name, _ in runs[0]["phases"]]
    return {
        "phases": [
            (name, statistics.median(r["phases"][i][1] for r in runs))
            for i, name in enumerate(names)
        ],
        "rss_base_mib": statistics.median(r["rss_base_mib"] for r in runs),
        "rss_peak_mib": statistics.median(r["rss_peak_mib"] for r in runs),
        "runs": runs,
    }


def table(ops: int, baseline: dict, settings: dict[str, dict]) -> list[str]:
    """The Markdown table of one size: one row per phase, µs/op (and s) per setting; the
    passes together, the totals of the pipeline and of parse + print, their ratio, and the
    peak memory."""
    labels = list(settings)
    runs = [settings[k] for k in labels]
    own = {"parse", "verify (after parsing)", "verify (after passes)", "print C++"}

    def cell(seconds: float) -> str:
        return f"{seconds / ops * 1e6:.1f} ({seconds:.2f})"

    def row(name: str, cells: list[str]) -> str:
        return f"| {name} | " + " | ".join(cells) + " |"

    def total(r: dict) -> float:
        return sum(s for name, s in r["phases"] if not name.startswith("  "))

    def passes(r: dict) -> float:
        return sum(s for name, s in r["phases"] if not name.startswith("  ") and name not in own)

    lines = [
        f"{ops:,} ops, µs/op (CPU s):",
        "",
        row("phase", [f"`pto2-pipeline{{{k}}}`" if k != "default" else "default" for k in labels]),
        "|---|" + "---:|" * len(labels),
    ]
    for i, (name, _) in enumerate(runs[0]["phases"]):
        shown = "└ " + name.strip() if name.startswith("  ") else name
        lines.append(row(shown, [cell(r["phases"][i][1]) for r in runs]))
    base = total(baseline)
    base_rss = baseline["rss_peak_mib"]
    lines += [
        row("**passes**", [cell(passes(r)) for r in runs]),
        row("**pipeline + C++**", [cell(total(r)) for r in runs]),
        row("parse + verify + print IR", [cell(base)] * len(runs)),
        row("ratio pipeline / parse+print", [f"{total(r) / base:.2f}" for r in runs]),
        row(
            f"peak RSS MiB (parse+print: {base_rss:.0f})",
            [f"{r['rss_peak_mib']:.0f} ({r['rss_peak_mib'] / base_rss:.2f}x)" for r in runs],
        ),
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m bench.passes`."""
    from bench.__main__ import parse_size
    from bench.generate import MIXES, generate_program

    parser = argparse.ArgumentParser(
        prog="python -m bench.passes",
        description="Per-pass profile of pto2-pipeline + C++ (µs/op) and peak memory.",
    )
    parser.add_argument(
        "--sizes",
        type=lambda s: [parse_size(x) for x in s.split(",") if x.strip()],
        default=[10_000],
        help="comma-separated op counts (default 10k)",
    )
    parser.add_argument("--mix", choices=sorted(MIXES), default="full")
    parser.add_argument("--repeat", type=int, default=1, help="workers per setting and size")
    parser.add_argument("--json", metavar="FILE", help="write the raw results as JSON")
    parser.add_argument("--worker", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=("pipeline", "parse-print"), help=argparse.SUPPRESS)
    parser.add_argument("--analyze", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        json.dump(worker(args.worker, args.mode or "pipeline", args.analyze), sys.stdout)
        print()
        return 0

    print(f"per-pass profile: mix {args.mix}, CPU seconds, one worker process per setting")
    results = []
    with tempfile.TemporaryDirectory(prefix="pypto-bench-") as tmp:
        for size in sorted(set(args.sizes)):
            text, ops = generate_program(size, args.mix)
            path = os.path.join(tmp, f"bench_{args.mix}_{ops}.mlir")
            with open(path, "w") as f:
                f.write(text)
            try:
                baseline = median_runs(
                    [run_worker(path, "parse-print", False) for _ in range(args.repeat)]
                )
                settings = {
                    label: median_runs(
                        [run_worker(path, "pipeline", analyze) for _ in range(args.repeat)]
                    )
                    for label, analyze in SETTINGS.items()
                }
            except RuntimeError as err:
                print(f"error: the generated program of {ops} ops failed: {err}", file=sys.stderr)
                return 1
            print()
            print("\n".join(table(ops, baseline, settings)), flush=True)
            results.append({"ops": ops, "parse-print": baseline, **settings})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"mix": args.mix, "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
