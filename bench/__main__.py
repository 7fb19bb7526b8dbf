"""`python -m bench`: benchmarks of the whole pypto-opt pipeline (docs/performance.md).

For each size (ops of a generated orchestration program, `bench/generate.py`), one worker
process (`bench/measure.py`) runs the real driver on the same file and reports CPU seconds:

    (a)  pypto-opt FILE                               bare parse + verify + print
    (b)  pypto-opt -p pto2-pipeline -t pto2-cpp FILE  the whole pipeline to C++
    (c)  the passes alone (inside run (b); without the verifier runs between them)
    (d)  the C++ printer alone (inside run (b))

with the worker's peak RSS; sizes under 50k ops are run 3 times and the per-number medians
kept (`repeats`, `--repeat`). Printed: seconds and µs per op of each, the ratios (b)/(a),
(c)/(a), (d)/(a), the growth factor between consecutive sizes (100k/10k is the one the
targets name), then the startup of pypto-opt next to xdsl-opt (`bench/startup.py`), and the
performance targets with their status.

Options: `--sizes 1k,10k,100k` (default), `--quick` (tiny sizes and 1 startup run, for CI),
`--mix full|auto` (default: full, or auto when the pto2-cpp printer cannot print the full
mix), `--repeat N` (worker runs per size), `--runs N` (startup runs), `--no-startup`,
`--json FILE` (raw results), `--keep DIR` (keep the generated programs), `--check` (exit 1
when (b)/(a) at the checked size, 10k ops or else the largest size measured, exceeds
`--bound`, default 1.3; CI runs `--sizes 2k --check --bound 2.5`, docs/performance.md). Exit
status 1 when a generated program fails to go through the pipeline, or when `--check` fails.
The per-pass profile is `python -m bench.passes`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from itertools import pairwise

from bench.generate import MIXES, generate_program
from bench.measure import ANALYZED, PIPELINE
from bench.startup import StartupResult, measure_startup

DEFAULT_SIZES = (1_000, 10_000, 100_000)
QUICK_SIZES = (100, 1_000)
TARGET_RATIO = 1.3
TARGET_GROWTH = 11.0
TARGET_STARTUP = 1.2
CHECK_SIZE = 10_000
"""The size whose (b)/(a) `--check` compares with `--bound` (when measured; else the largest
size measured)."""


def parse_size(text: str) -> int:
    """`1000`, `10k`, `1m` -> an op count (argparse type)."""
    t = text.strip().lower().replace("_", "")
    scale = {"k": 1_000, "m": 1_000_000}.get(t[-1:], 1)
    try:
        value = int(float(t[:-1] if scale != 1 else t) * scale)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"a size must be positive: '{text}'")
    return value


def machine() -> dict[str, str]:
    """nproc, the CPU model (/proc/cpuinfo), Python and xDSL versions."""
    from importlib.metadata import version

    model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "nproc": str(os.cpu_count()),
        "cpu": model,
        "python": platform.python_version(),
        "xdsl": version("xdsl"),
        "pypto_dialects": version("pypto-dialects"),
    }


def printer_gap(mix: str) -> str | None:
    """None if the pto2-cpp printer prints a small program of `mix` (after pto2-pipeline);
    else why not: its diagnostic, or the internal error it raised (the printer of manual
    scopes and TaskIds may still be in the works). A program that fails to verify or to go
    through the passes is a bug of the generator: that error is raised."""
    from xdsl.utils.exceptions import DiagnosticException

    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module, verify_module
    from pypto_dialects.targets.pto2_cpp import generate_module
    from pypto_dialects.transforms import PASSES

    text, _ = generate_program(4 * 60, mix)
    module = parse_module(make_context(), text, f"<{mix} mix>")
    verify_module(module)
    PASSES["pto2-pipeline"][0]()().apply(make_context(), module)
    verify_module(module)
    try:
        generate_module(module)
    except DiagnosticException as err:
        return (str(err.args[0]) if err.args else str(err)).splitlines()[0]
    except Exception as err:  # report, measure what can be measured
        return f"internal error of the printer: {type(err).__name__}: {err}".splitlines()[0]
    return None


def run_worker(path: str, ops: int, cpp: bool, pipeline: str = PIPELINE) -> dict:
    """Measure `path` in a fresh `python -m bench.measure` process, (b) with `-p pipeline`;
    its JSON result. Raises RuntimeError with the worker's diagnostic when it fails."""
    argv = [sys.executable, "-m", "bench.measure", path, "--ops", str(ops),
            "--pipeline", pipeline]
    if not cpp:
        argv.append("--no-cpp")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"worker exited {proc.returncode}")
    return json.loads(proc.stdout)


def repeats(size: int) -> int:
    """Worker runs of one size by default: 3 below 50k ops (a run of a few seconds is easily
    disturbed by other jobs on the machine; the medians of 3 are kept), 1 above (a run of a
    minute or more averages the load by itself, and a repeat would double the time)."""
    return 3 if size < 50_000 else 1


def median_result(runs: list[dict]) -> dict:
    """One worker result made of the per-number medians of `runs` (nested dicts merged key by
    key; other values from the first run), with the raw results under `runs`."""

    def merge(values: list):
        first = values[0]
        if isinstance(first, dict):
            keys = [k for k in first if all(isinstance(v, dict) and k in v for v in values)]
            return {k: merge([v[k] for v in values]) for k in keys}
        numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
        if not numbers or all(v == first for v in values):
            return first
        return statistics.median(values)

    merged = merge(runs)
    for key in ("b", "cpp_error"):  # the printer either worked in every run or in none
        merged[key] = merge([r.get(key) for r in runs]) if all(r.get(key) for r in runs) else None
    if merged["b"] is None and merged["cpp_error"] is None:
        merged["cpp_error"] = next(r["cpp_error"] for r in runs if r.get("cpp_error"))
    merged["runs"] = runs
    return merged


def _us(seconds: float | None, ops: int) -> str:
    return "-" if seconds is None else f"{seconds / ops * 1e6:.0f}"


def _s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.2f}"


def _ratio(x: float | None, y: float | None) -> str:
    return "-" if x is None or not y else f"{x / y:.2f}"


def summarize(r: dict) -> dict:
    """The (a)-(d) seconds of one worker result (None where not measured)."""
    b = r.get("b")
    return {
        "ops": r["ops"],
        "a": r["a"]["total"],
        "b": b["total"] if b else None,
        "c": r["passes"],
        "d": b["output"] if b else None,
        "rss": r["rss_peak_mib"],
        "rss_base": r["rss_base_mib"],
    }


def print_table(results: list[dict], out) -> None:
    """The main table and the breakdown of (b)."""
    rows = [summarize(r) for r in results]

    def p(*a: object) -> None:
        print(*a, file=out)

    p(
        "       ops | (a) parse+print | (b) pipeline+C++ |  (c) passes    | (d) C++ printer "
        "| peak RSS |  b/a   c/a   d/a"
    )
    p(
        "           |     s     µs/op |      s     µs/op |     s    µs/op |     s     µs/op "
        "|      MiB |"
    )
    for s in rows:
        n = s["ops"]
        p(
            f"{n:>10,} | {_s(s['a']):>6} {_us(s['a'], n):>9} | {_s(s['b']):>6} {_us(s['b'], n):>9} "
            f"| {_s(s['c']):>5} {_us(s['c'], n):>8} | {_s(s['d']):>5} {_us(s['d'], n):>9} "
            f"| {s['rss']:>8.0f} | {_ratio(s['b'], s['a']):>5} {_ratio(s['c'], s['a']):>5} "
            f"{_ratio(s['d'], s['a']):>5}"
        )
    p("")
    p("breakdown (CPU s; verify: after parsing, and for (b) again after the passes):")
    for r in results:
        n = r["ops"]
        a, b = r["a"], r.get("b")
        p(
            f"{n:>10,} (a) parse {a['parse']:.2f}  verify {a['verify']:.2f}  "
            f"print {a['output']:.2f}  driver {r['overhead']:.2f}"
        )
        if b:
            p(
                f"{'':>10} (b) parse {b['parse']:.2f}  verify {b['verify']:.2f}  "
                f"passes {b['passes']:.2f}  C++ {b['output']:.2f}  driver {r['overhead']:.2f}"
            )
        p(f"{'':>10} passes: " + "  ".join(f"{k[5:]} {v:.2f}" for k, v in r["subpasses"].items()))
        if r.get("cpp_error"):
            p(f"{'':>10} (b), (d) not measured: {r['cpp_error']}")


def growth(results: list[dict]) -> list[tuple[int, int, float | None, float | None, float]]:
    """(ops small, ops large, growth of (a), growth of (b), op ratio) for consecutive sizes."""
    rows = [summarize(r) for r in results]
    out = []
    for lo, hi in pairwise(rows):
        ga = hi["a"] / lo["a"] if lo["a"] else None
        gb = hi["b"] / lo["b"] if hi["b"] and lo["b"] else None
        out.append((lo["ops"], hi["ops"], ga, gb, hi["ops"] / lo["ops"]))
    return out


def check_targets(
    results: list[dict], startup: list[StartupResult] | None
) -> list[tuple[str, bool | None, str]]:
    """The performance targets: (description, held (None: not measured), the measured value)."""
    rows = {summarize(r)["ops"]: summarize(r) for r in results}
    checks: list[tuple[str, bool | None, str]] = []
    for nominal in (10_000, 100_000):
        s = next((v for k, v in rows.items() if abs(k - nominal) <= nominal // 50), None)
        name = f"(b)/(a) <= {TARGET_RATIO} at {nominal // 1000}k ops"
        if s is None or s["b"] is None:
            checks.append((name, None, "not measured"))
        else:
            ratio = s["b"] / s["a"]
            checks.append((name, ratio <= TARGET_RATIO, f"{ratio:.2f}"))
    g = [x for x in growth(results) if abs(x[0] - 10_000) <= 200 and abs(x[1] - 100_000) <= 2000]
    name = f"growth 100k/10k <= {TARGET_GROWTH:g}"
    if not g:
        checks.append((name, None, "not measured"))
    else:
        _, _, ga, gb, _ = g[0]
        worst = max(x for x in (ga, gb) if x is not None)
        value = f"(a) {ga:.2f}" + (f", (b) {gb:.2f}" if gb is not None else "")
        checks.append((name, worst <= TARGET_GROWTH, value))
    name = f"pypto-opt startup <= {TARGET_STARTUP}x xdsl-opt's (tiny file, CPU)"
    if not startup:
        checks.append((name, None, "not measured"))
    else:
        by = {s.label: s for s in startup}
        ours = by["pypto-opt tiny.mlir"].cpu
        theirs = by["xdsl-opt --allow-unregistered-dialect tiny.generic.mlir"].cpu
        checks.append((name, ours <= TARGET_STARTUP * theirs, f"{ours / theirs:.2f}x"))
    return checks


def check_ratio(results: list[dict], bound: float) -> tuple[bool, str]:
    """`--check`: whether (b)/(a) (`pypto-opt -p pto2-pipeline -t pto2-cpp` over `pypto-opt`,
    the pipeline over a bare parse + print of the same program) at the checked size (10k ops,
    within 2%, when measured; else the largest size measured) is at most `bound`; and the
    message that says so, naming the ratio, the size and the bound. A ratio that could not be
    measured (the printer failed) fails the check."""
    rows = [summarize(r) for r in results]
    if not rows:
        return False, "bench check FAILED: no size was measured"
    near = [s for s in rows if abs(s["ops"] - CHECK_SIZE) <= CHECK_SIZE // 50]
    s = near[0] if near else max(rows, key=lambda s: s["ops"])
    where = f"at {s['ops']:,} ops"
    if s["b"] is None or not s["a"]:
        return False, f"bench check FAILED: (b)/(a) {where} not measured (the C++ printer failed)"
    ratio = s["b"] / s["a"]
    what = (
        f"pipeline/parse+print ratio (b)/(a) = {ratio:.2f} {where} (pypto-opt -p "
        f"pto2-pipeline -t pto2-cpp over pypto-opt, same file)"
    )
    if ratio > bound:
        return False, f"bench check FAILED: {what} exceeds the bound {bound:g}"
    return True, f"bench check passed: {what} is within the bound {bound:g}"


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m bench`."""
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Benchmarks of the pypto-opt pipeline on generated orchestration programs.",
    )
    parser.add_argument(
        "--sizes",
        type=lambda s: [parse_size(x) for x in s.split(",") if x.strip()],
        default=None,
        help="comma-separated op counts (default 1k,10k,100k; suffixes k and m)",
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes (smoke run, seconds)")
    parser.add_argument("--mix", choices=sorted(MIXES), default=None, help="program mix")
    parser.add_argument("--runs", type=int, default=None, help="startup runs (default 9)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=None,
        help="worker runs per size (default: 3 below 50k ops, else 1)",
    )
    parser.add_argument(
        "--analyze-auto-scopes",
        action="store_true",
        help=f"measure (b) with -p '{ANALYZED}' (the pipeline's other option setting)",
    )
    parser.add_argument("--no-startup", action="store_true", help="skip the startup benchmark")
    parser.add_argument("--json", metavar="FILE", help="write the raw results as JSON")
    parser.add_argument("--keep", metavar="DIR", help="write the generated programs to DIR")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when (b)/(a) at 10k ops (else at the largest size measured) exceeds "
        "--bound",
    )
    parser.add_argument(
        "--bound",
        type=float,
        default=TARGET_RATIO,
        help=f"the bound of --check (default {TARGET_RATIO}; CI: 2.5 at 2k ops)",
    )
    args = parser.parse_args(argv)
    sizes = sorted(set(args.sizes or (QUICK_SIZES if args.quick else DEFAULT_SIZES)))
    runs = args.runs or (1 if args.quick else 9)
    out = sys.stdout
    info = machine()
    print(
        f"pypto-opt benchmark: {info['nproc']} cores, {info['cpu']}, Python {info['python']}, "
        f"xdsl {info['xdsl']}; CPU seconds (time.process_time), one worker process per size",
        file=out,
    )
    mix = args.mix or "full"
    gap = printer_gap(mix)
    if gap is not None and args.mix is None:
        print(f"note: the pto2-cpp printer does not print the full mix: {gap}", file=out)
        print("      measuring the 'auto' mix (no manual scopes, no TaskIds) instead", file=out)
        mix, gap = "auto", printer_gap("auto")
    if gap is not None:
        print(f"note: (b) and (d) not measured, the printer fails: {gap}", file=out)
    print(f"program mix: {mix} ({', '.join(f.__name__[1:] for f in MIXES[mix])})", file=out)
    pipeline = ANALYZED if args.analyze_auto_scopes else PIPELINE
    print(f"(b): pypto-opt -p '{pipeline}' -t pto2-cpp", file=out)
    out.flush()

    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="pypto-bench-") as tmp:
        workdir = args.keep or tmp
        os.makedirs(workdir, exist_ok=True)
        for size in sizes:
            text, ops = generate_program(size, mix)
            path = os.path.join(workdir, f"bench_{mix}_{ops}.mlir")
            with open(path, "w") as f:
                f.write(text)
            try:
                n = args.repeat or (1 if args.quick else repeats(size))
                worker_runs = [
                    run_worker(path, ops, cpp=gap is None, pipeline=pipeline) for _ in range(n)
                ]
                results.append(median_result(worker_runs))
            except RuntimeError as err:
                print(f"error: the generated program of {ops} ops failed: {err}", file=sys.stderr)
                return 1
        print(file=out)
        print_table(results, out)
        print(file=out)
        for lo, hi, ga, gb, ratio in growth(results):
            gbs = f"{gb:.2f}" if gb is not None else "-"
            print(
                f"growth {hi:,}/{lo:,} ops (x{ratio:.2f}): (a) {ga:.2f}  (b) {gbs}", file=out
            )
        startup = None
        if not args.no_startup:
            tiny_text, _ = generate_program(1, "auto")
            tiny = os.path.join(workdir, "tiny.mlir")
            with open(tiny, "w") as f:
                f.write(tiny_text)
            startup = measure_startup(tiny, workdir, runs)
            print(file=out)
            n_lines = tiny_text.count(chr(10))
            print(f"startup (median of {runs} runs; tiny.mlir = {n_lines} lines)", file=out)
            base = startup[-1].cpu
            for s in startup:
                print(
                    f"  {s.label:<58} CPU {s.cpu:.3f} s (min {s.cpu_min:.3f})  "
                    f"wall {s.wall:.3f} s  ({s.cpu / base:.2f}x xdsl-opt)",
                    file=out,
                )
    checks = check_targets(results, startup)
    print(file=out)
    print("targets:", file=out)
    for name, held, value in checks:
        status = "not measured" if held is None else ("holds" if held else "MISSES")
        print(f"  {name:<58} {value:<22} {status}", file=out)
    check = None
    if args.check:
        ok, message = check_ratio(results, args.bound)
        check = {"bound": args.bound, "passed": ok, "message": message}
        print(file=out)
        out.flush()
        print(message, file=out if ok else sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "machine": info,
                    "mix": mix,
                    "pipeline": pipeline,
                    "results": results,
                    "startup": [s.__dict__ for s in startup] if startup else None,
                    "targets": checks,
                    "check": check,
                },
                f,
                indent=1,
            )
    return 1 if check is not None and not check["passed"] else 0


if __name__ == "__main__":
    sys.exit(main())
