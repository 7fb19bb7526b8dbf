"""The benchmark worker: time pypto-opt's phases on one file, in this process.

Run as `python -m bench.measure FILE [--ops N] [--no-cpp]` (the driver `python -m bench`
starts one worker per size, so that each size's peak memory is its own). It runs the real
driver, `PyptoOptMain`, as `pypto-opt -p pto2-pipeline -t pto2-cpp FILE -o <scratch>`, with
one addition: right after the first verification (before the passes) it prints the module as
MLIR into a second scratch file, exactly as `pypto-opt FILE` would. The two commands

    (a)  pypto-opt FILE                              parse, verify, print the IR
    (b)  pypto-opt -p pto2-pipeline -t pto2-cpp FILE parse, verify, passes, verify, print C++

share their parse and first verification, so one run measures both, from one parse (at 100k
ops a parse is most of a minute): (a) = parse + first verification + MLIR print + the
driver's overhead (command line, file I/O), (b) = the run's total minus the MLIR print.
Times are CPU seconds (`time.process_time`), after a warm-up of both on a tiny program (the
lazy imports are startup, which `bench/startup.py` measures).

Printed on stdout, one JSON object: `a` (`parse`, `verify`, `output`, `total`) and `b`
(`parse`, `verify` (both verifier runs), `passes`, `output`, `total`), `overhead`, the time
of each pass inside pto2-pipeline (`subpasses`, `pass:<name>`), `ops`, the peak resident set
size of the worker (`rss_peak_mib`, ru_maxrss) and its size after the warm-up
(`rss_base_mib`), and the output sizes in bytes.

If the C++ printer fails on the program, with a diagnostic or an internal error (or with
`--no-cpp`: the run prints MLIR after the passes instead), `b` is None and `cpp_error` says
why; (a) and the passes are still measured. A failing parse, verification or pass is an
error: the worker exits 1 with the driver's one-line diagnostic on stderr.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline
from xdsl.utils.exceptions import DiagnosticException, ParseError

from pypto_dialects.diagnostics import format_parse_error, one_line
from pypto_dialects.tools.pypto_opt import PyptoOptMain

clock = time.process_time


PIPELINE = "pto2-pipeline"
ANALYZED = "pto2-pipeline{analyze-auto-scopes=true}"
"""The two option settings of the pipeline the benchmarks measure."""


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class TimedMain(PyptoOptMain):
    """`PyptoOptMain` recording the CPU time of parsing, the verifier runs (the pipeline
    callbacks), the passes and the output; with `ir_output` set, it also prints the IR there
    after the first verification (run (a)'s output), timed as `ir_print`."""

    times: dict[str, float]
    ir_output: str | None = None
    cpp_error: str | None = None

    def setup_pipeline(self) -> None:
        super().setup_pipeline()
        self.times = {"parse": 0.0, "verify": 0.0, "passes": 0.0, "output": 0.0, "ir_print": 0.0}
        inner = self.pipeline.callback
        times = self.times
        mark = [0.0]

        def callback(prev: ModulePass | None, module: ModuleOp, nxt: ModulePass | None) -> None:
            start = clock()
            if prev is not None:
                times["passes"] += start - mark[0]
            if inner is not None:
                inner(prev, module, nxt)
            end = clock()
            times["verify"] += end - start
            if prev is None:
                times["verify_first"] = end - start
                if self.ir_output is not None:
                    self._print_ir(module)
                    after = clock()
                    times["ir_print"] += after - end
                    end = after
            mark[0] = end

        self.pipeline = PassPipeline(self.pipeline.passes, callback)

    def _print_ir(self, module: ModuleOp) -> None:
        target = self.args.target
        self.args.target = "mlir"
        try:
            text = PyptoOptMain.output_resulting_program(self, module)
        finally:
            self.args.target = target
        assert self.ir_output is not None
        with open(self.ir_output, "w") as f:
            f.write(text)

    def parse_chunk(self, chunk, file_extension, start_offset=0):
        start = clock()
        module = super().parse_chunk(chunk, file_extension, start_offset)
        self.times["parse"] += clock() - start
        return module

    def output_resulting_program(self, prog: ModuleOp) -> str:
        start = clock()
        try:
            text = super().output_resulting_program(prog)
        except Exception as err:
            if self.args.target != "pto2-cpp":
                raise
            msg = str(err.args[0]) if err.args else str(err)
            if not isinstance(err, DiagnosticException):
                msg = f"internal error of the printer: {type(err).__name__}: {msg}"
            self.cpp_error = one_line(msg)
            text = ""
        self.times["output"] += clock() - start
        return text


def _time_subpasses(times: dict[str, float]) -> Callable[[], None]:
    """Wrap the `apply` of each pass that pto2-pipeline runs (ours and xDSL's canonicalize) to
    add its CPU time to `times["pass:<name>"]`; returns the function that undoes it."""
    from xdsl.transforms.canonicalize import CanonicalizePass

    from pypto_dialects.transforms import PASSES
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    saved: list[tuple[type[ModulePass], Callable[[ModulePass, Context, ModuleOp], None]]] = []
    classes = [PASSES[name][0]() for name in PASSES if name != Pto2Pipeline.name]
    timed_classes: list[type[ModulePass]] = [*classes, CanonicalizePass]
    for cls in timed_classes:
        original = cls.apply

        def timed(
            self: ModulePass,
            ctx: Context,
            op: ModuleOp,
            _original: Callable[[ModulePass, Context, ModuleOp], None] = original,
            _key: str = f"pass:{cls.name}",
        ) -> None:
            start = clock()
            try:
                return _original(self, ctx, op)
            finally:
                times[_key] = times.get(_key, 0.0) + clock() - start

        setattr(cls, "apply", timed)
        saved.append((cls, original))

    def undo() -> None:
        for cls, original in saved:
            setattr(cls, "apply", original)

    return undo


def run_driver(args: list[str], ir_output: str | None = None) -> TimedMain:
    """Run pypto-opt with `args` in this process (and the IR print into `ir_output`); the
    driver, whose `times` hold the phase times and `total` (CPU s). Raises the driver's
    exceptions (ParseError, DiagnosticException) unchanged."""
    gc.collect()
    start = clock()
    driver = TimedMain(args=args)
    driver.ir_output = ir_output
    driver.run()
    driver.times["total"] = clock() - start
    if driver.failed:
        raise DiagnosticException("the driver reported a failing chunk")
    return driver


def _warm_up(tmp: str, cpp: bool, pipeline: str = PIPELINE) -> None:
    """Run the measured command once on a tiny program, so that the lazy imports (dialects,
    passes, printer) are not charged to the measurement."""
    from bench.generate import generate_program

    tiny = os.path.join(tmp, "warm_up.mlir")
    with open(tiny, "w") as f:
        f.write(generate_program(1, "auto")[0])
    out = os.path.join(tmp, "warm_up.out")
    run_driver([tiny, "-p", pipeline, *(["-t", "pto2-cpp"] if cpp else []), "-o", out], out)


def measure(path: str, cpp: bool = True, pipeline: str = PIPELINE) -> dict[str, object]:
    """The measurements of (a) and (b) on `path` (see the module docstring); `pipeline`: the
    `-p` spec of (b) (`pto2-pipeline{analyze-auto-scopes=true}` for the other setting)."""
    result: dict[str, object] = {"file": path, "pipeline": pipeline}
    with tempfile.TemporaryDirectory(prefix="pypto-bench-") as tmp:
        _warm_up(tmp, cpp, pipeline)
        result["rss_base_mib"] = _rss_mib()
        ir_out = os.path.join(tmp, "a.mlir")
        out = os.path.join(tmp, "b.out")
        sub: dict[str, float] = {}
        undo = _time_subpasses(sub)
        try:
            args = [path, "-p", pipeline, *(["-t", "pto2-cpp"] if cpp else []), "-o", out]
            driver = run_driver(args, ir_out)
        finally:
            undo()
        t = driver.times
        b = {k: t[k] for k in ("parse", "verify", "passes", "output")}
        b["total"] = t["total"] - t["ir_print"]
        overhead = b["total"] - sum(t[k] for k in ("parse", "verify", "passes", "output"))
        a = {"parse": t["parse"], "verify": t["verify_first"], "output": t["ir_print"]}
        a["total"] = sum(a.values()) + overhead
        result["a"] = a
        result["overhead"] = overhead
        result["a_output_bytes"] = os.path.getsize(ir_out)
        result["passes"] = t["passes"]
        result["verify"] = t["verify"]
        result["subpasses"] = sub
        if not cpp:
            result["b"], result["cpp_error"] = None, "--no-cpp"
        elif driver.cpp_error is not None:
            result["b"], result["cpp_error"] = None, driver.cpp_error
        else:
            result["b"] = b
            result["b_output_bytes"] = os.path.getsize(out)
    result["rss_peak_mib"] = _rss_mib()
    return result


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m bench.measure`."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.measure", description="time pypto-opt's phases on one file"
    )
    parser.add_argument("file")
    parser.add_argument("--no-cpp", action="store_true", help="do not run the pto2-cpp target")
    parser.add_argument("--ops", type=int, default=None, help="op count (else counted by a parse)")
    parser.add_argument(
        "--pipeline", default=PIPELINE, help=f"the -p spec of (b) (default {PIPELINE})"
    )
    args = parser.parse_args(argv)
    try:
        result = measure(args.file, cpp=not args.no_cpp, pipeline=args.pipeline)
        result["ops"] = args.ops if args.ops is not None else count_ops(args.file)
    except ParseError as err:
        print(format_parse_error(err), file=sys.stderr)
        return 1
    except DiagnosticException as err:
        print(one_line(str(err.args[0]) if err.args else str(err)), file=sys.stderr)
        return 1
    json.dump(result, sys.stdout)
    print()
    return 0


def count_ops(path: str) -> int:
    """Ops in the module of `path` (every op `module.walk()` visits)."""
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module

    with open(path, "rb") as f:
        module = parse_module(make_context(), f.read(), path)
    return sum(1 for _ in module.walk())


if __name__ == "__main__":
    sys.exit(main())
