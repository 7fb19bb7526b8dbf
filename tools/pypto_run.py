"""`pypto-run`: run an orchestration function without hardware (the interpreter), write its
outputs and task graph, and report races.

An `xDSLRunMain` subclass (xDSL's `xdsl-run`): its hooks register our dialects and
arguments; `--func` is `xdsl-run`'s `--symbol`. Exit status: 0 when the run has no race,
no use after free and exceeds no runtime limit; 1 for bad IR, a program that cannot run,
races, uses of freed buffers or an exceeded runtime limit (each printed as one located
line on stderr); 2 for a bad command line. Usage and output
files: docs/interpreter.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from xdsl.dialects.func import FuncOp
from xdsl.passes import PassPipeline
from xdsl.tools.xdsl_run import xDSLRunMain
from xdsl.utils.exceptions import DiagnosticException, InterpretationError, ParseError

from pypto_dialects.context import DIALECTS
from pypto_dialects.diagnostics import format_parse_error, one_line
from pypto_dialects.limits import (
    API_GENERATIONS,
    DEFAULT_API_GENERATION,
    HEAP_SIZE,
    MIN_HEAP_SIZE,
    MIN_TASK_WINDOW,
    TASK_WINDOW,
    check_heap_size,
)

if TYPE_CHECKING:
    from pypto_dialects.interpreter.lifetimes import UseAfterFree
    from pypto_dialects.interpreter.races import HostRace, Race
    from pypto_dialects.interpreter.runtime_limits import LimitFault

DESCRIPTION = """\
pypto-run: run a PyPTO orchestration function on numpy data with Python kernels, and
report its task graph (the PTO2 runtime's dependency edges), its races and its uses of
buffers the runtime may already have freed, and the first runtime limit it exceeds
(task window, scope depth) (exit status 1 if there is any).

examples:
  pypto-run f.mlir --func orch --kernels kernels.py --arg a=a.npy --arg n=4
  pypto-run f.mlir -p pto2-pipeline --func orch --kernels kernels.py --arg a=a.npy --out out/
                     run after the pipeline (runtime scopes placed); write out/<param>.npy,
                     out/task_graph.json, out/task_graph.dot and out/task_graph.html, and
                     each argument a task marks for a dump as out/dump/t<task>_<kernel>_arg<i>.npy
  pypto-run f.mlir ... --explain 17 --path 3 17
                     why task 17 waits (each edge's origin, slot, region, buffer) and the
                     chain of edges from task 3 to it; pypto-graph does the same on a saved
                     out/task_graph.json
"""


def _fail(message: str, status: int) -> NoReturn:
    print(message, file=sys.stderr)
    sys.exit(status)


class KernelFileError(Exception):
    """The --kernels file does not import (a located message on the user's file)."""


def _task_window(text: str) -> int:
    """`--task-window N`: an integer of at least `MIN_TASK_WINDOW` (a scope must hold one
    task)."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < MIN_TASK_WINDOW:
        raise argparse.ArgumentTypeError(
            f"expected an integer >= {MIN_TASK_WINDOW}, got '{text}'"
        )
    return n


def _ring_heap(text: str) -> int:
    """`--ring-heap N`: a power of two of at least 1024 bytes (`limits.check_heap_size`)."""
    try:
        n = int(text)
    except ValueError:
        n = 0  # (not an integer: the same message as a bad size)
    try:
        return check_heap_size(n)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a power of two >= {MIN_HEAP_SIZE}, got '{text}'") from None


MAX_FAULTS = 100
"""The fault lines pypto-run prints by default (`--max-faults`): a program of many unordered
writers has a race per pair, millions of lines."""


def _max_faults(text: str) -> int:
    """`--max-faults N`: an integer >= 0 (0: every fault)."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got '{text}'")
    return n


def load_kernels(path: str) -> dict[str, Any]:
    """The kernel implementations of a Python file: its `KERNELS` mapping if it has one,
    else its functions by name."""
    spec = importlib.util.spec_from_file_location("pypto_run_kernels", path)
    if spec is None or spec.loader is None:
        raise OSError(f"cannot load kernels from {path}")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except SyntaxError as err:
        where = f"{err.filename or path}:{err.lineno or 0}:{err.offset or 0}"
        raise KernelFileError(f"{where}: error: {err.msg} (in the --kernels file)") from None
    except Exception as err:  # the user's file failed at import: say which
        raise KernelFileError(
            f"{path}: error: importing the --kernels file raised {type(err).__name__}: {err}"
        ) from None
    table = getattr(module, "KERNELS", None)
    if isinstance(table, Mapping):
        return dict(table)
    return {k: v for k, v in vars(module).items() if callable(v) and not k.startswith("_")}


def parse_arg(text: str) -> tuple[str, Any]:
    """`name=file.npy` (a tensor) or `name=<number>` (a scalar).

    Returns `(name, value)`. Raises `ValueError` (a usage error, exit 2) for text of
    another shape, a number that does not parse, and a .npy file that cannot be read or
    is not an array file."""
    import numpy as np

    name, sep, value = text.partition("=")
    if not sep or not name:
        raise ValueError(f"--arg {text!r}: write NAME=FILE.npy or NAME=NUMBER")
    if value.endswith(".npy"):
        try:
            return name, np.load(value, allow_pickle=False)
        except OSError as err:
            reason = err.strerror or one_line(str(err))
            raise ValueError(f"--arg {text!r}: cannot read '{value}': {reason}") from None
        except ValueError:  # not an .npy file, or an array of Python objects
            raise ValueError(
                f"--arg {text!r}: '{value}' is not a numpy .npy file of numbers"
            ) from None
    try:
        return name, int(value, 0)
    except ValueError:
        try:
            return name, float(value)
        except ValueError:
            raise ValueError(
                f"--arg {text!r}: '{value}' is neither a .npy file nor a number"
            ) from None


class PyptoRunMain(xDSLRunMain):
    """The `pypto-run` driver (hooks of `xDSLRunMain`, and its `run`)."""

    def register_all_dialects(self) -> None:
        for name, factory in DIALECTS.items():
            self.ctx.register_dialect(name, factory)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        arg_parser.prog = "pypto-run"

        def error(message: str) -> NoReturn:
            _fail(f"pypto-run: error: {one_line(message)} (see pypto-run --help)", 2)

        arg_parser.error = error  # type: ignore[method-assign]
        super().register_all_arguments(arg_parser)
        arg_parser.set_defaults(symbol=None)
        arg_parser.add_argument(
            "--func",
            dest="symbol",
            help="the function to run (default: the only orchestration function)",
        )
        arg_parser.add_argument(
            "--kernels", help="Python file with the kernel implementations (KERNELS or functions)"
        )
        arg_parser.add_argument(
            "--arg",
            dest="run_args",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="an argument: NAME=FILE.npy for a tensor, NAME=NUMBER for a scalar",
        )
        arg_parser.add_argument(
            "-p", "--passes", default="", help="passes to run first, e.g. pto2-pipeline"
        )
        arg_parser.add_argument(
            "--out",
            help="directory for <param>.npy, task_graph.json, task_graph.dot and "
            "task_graph.html (one self-contained page; pypto-graph queries the JSON)",
        )
        arg_parser.add_argument(
            "--explain", type=int, action="append", default=[], metavar="TASK",
            help="print task TASK (its id in the graph), what it waits for and why: each "
            "predecessor with the edge's origin, slot, region and buffer (repeatable)",
        )
        arg_parser.add_argument(
            "--api", choices=API_GENERATIONS, default=DEFAULT_API_GENERATION,
            help="the PTO2 runtime API generation whose behaviour the run models: seed "
            "(simpler b7d04b45e, the default) or current (simpler 6ebaf7715); see "
            "docs/interpreter.md, API generations",
        )
        arg_parser.add_argument(
            "--wait-only-edges", action="store_true",
            help="with --api current: model the C++ of -t 'pto2-cpp{api=current "
            "wait-only-edges=true}', whose explicit edges on TaskIds of tasks that create no "
            "buffer wait without retaining (docs/interpreter.md, API generations)",
        )
        arg_parser.add_argument(
            "--task-window", type=_task_window, default=TASK_WINDOW, metavar="N",
            help="the ring's task window the run is checked against: a scope holds at most "
            "N - 1 tasks submitted directly in it (default 16384, the runtime's; its "
            "PTO2_RING_TASK_WINDOW environment variable sets another)",
        )
        arg_parser.add_argument(
            "--ring-heap", type=_ring_heap, default=HEAP_SIZE, metavar="N",
            help="the heap per ring the run is checked against, in bytes (default 256 MiB, "
            "the runtime's; its PTO2_RING_HEAP environment variable sets another)",
        )
        arg_parser.add_argument(
            "--max-faults", type=_max_faults, default=MAX_FAULTS, metavar="N",
            help=f"print at most N fault lines (default {MAX_FAULTS}; 0: all of them); the "
            "summary line counts them all, and the exit status is 1 either way",
        )
        arg_parser.add_argument(
            "--path", type=int, nargs=2, action="append", default=[], metavar=("FROM", "TO"),
            help="print the chain of edges by which task TO waits for task FROM",
        )

    def run(self) -> None:  # one flow: parse, passes, run, report
        from pypto_dialects.interpreter.explain import GraphQueryError, explain, graph_html, path
        from pypto_dialects.interpreter.export import doc_text, graph_dot, graph_json
        from pypto_dialects.interpreter.run import run_function
        from pypto_dialects.orch_attrs import is_orchestration
        from pypto_dialects.parsing import parse_module, verify_module
        from pypto_dialects.transforms import PASSES

        args = self.args
        if args.args:
            _fail("pypto-run: error: pass arguments as --arg NAME=FILE.npy or --arg NAME=NUMBER "
                  "(xdsl-run's --args is not supported)", 2)
        name = args.input_file or "<stdin>"
        stream, _ = self.get_input_stream()
        try:
            text = stream.read()
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
        module = parse_module(self.ctx, text, name)
        verify_module(module)
        if args.passes:
            available = {n: factory for n, (factory, _) in PASSES.items()}
            try:
                pipeline = PassPipeline.parse_spec(available, args.passes)
            except Exception as err:  # a bad -p is a bad command line
                _fail(f"pypto-run: error: {one_line(str(err))}", 2)
            pipeline.apply(self.ctx, module)
            verify_module(module)
        symbol = args.symbol
        if symbol is None:
            orch = [
                op.sym_name.data
                for op in module.walk()
                if isinstance(op, FuncOp) and is_orchestration(op)  # verified: only on func
            ]
            if len(orch) != 1:
                _fail(
                    "pypto-run: error: name the function to run with --func "
                    f"(orchestration functions: {', '.join(orch) or 'none'})",
                    2,
                )
            symbol = orch[0]
        kernels = load_kernels(args.kernels) if args.kernels else {}
        try:
            run_args = dict(parse_arg(a) for a in args.run_args)
            result = run_function(module, symbol, run_args, kernels, args.api,
                                  args.wait_only_edges)
        except ValueError as err:
            _fail(f"pypto-run: error: {one_line(str(err))}", 2)
        limits = result.limit_faults(args.task_window, args.ring_heap)
        races = result.races()
        host_races = result.host_races()
        freed = result.use_after_free()
        graph = result.graph
        print(
            f"@{symbol}: {len(graph.kernel_tasks())} tasks, {len(graph.edges)} edges, "
            f"{len(graph.scopes)} scopes, {len(races) + len(host_races)} races, "
            f"{len(freed)} uses after free"
            + (f", runtime limit exceeded ({limits[0].kind})" if limits else "")
        )
        if args.verbose:
            for n, value in result.outputs.items():
                print(f"{n} = {value.tolist()}")
        doc = graph_json(graph, [*races, *host_races], freed, limits) if (
            args.explain or args.path or args.out) else {}
        if args.explain or args.path:
            try:
                for tid in args.explain:
                    print(explain(doc, tid))
                for a, b in args.path:
                    print(path(doc, a, b))
            except GraphQueryError as err:
                _fail(f"pypto-run: error: {err}", 2)
        if args.out:
            import numpy as np

            out = Path(args.out)
            out.mkdir(parents=True, exist_ok=True)
            for n, value in result.outputs.items():
                np.save(out / f"{n}.npy", value)
            if result.dumps:
                (out / "dump").mkdir(exist_ok=True)
                for n, value in result.dumps.items():
                    np.save(out / "dump" / f"{n}.npy", value)
            (out / "task_graph.json").write_text(doc_text(doc))
            (out / "task_graph.dot").write_text(graph_dot(graph, races, f"@{symbol}", freed))
            (out / "task_graph.html").write_text(graph_html(doc, f"@{symbol}"))
        faults: list[Race | HostRace | UseAfterFree | LimitFault] = [
            *limits, *races, *host_races, *freed
        ]
        shown = faults[: args.max_faults] if args.max_faults else faults
        for fault in shown:
            print(fault.diagnostic(), file=sys.stderr)
        if len(shown) < len(faults):
            print(f"pypto-run: {len(faults) - len(shown)} more faults not shown (--max-faults "
                  "0 prints them all)", file=sys.stderr)
        if faults:
            sys.exit(1)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `pypto-run` console script."""
    try:
        PyptoRunMain(description=DESCRIPTION, args=argv).run()
    except ParseError as err:
        _fail(format_parse_error(err), 1)
    except (DiagnosticException, InterpretationError) as err:
        _fail(one_line(str(err.args[0]) if err.args else str(err)), 1)
    except KernelFileError as err:
        _fail(one_line(str(err)), 1)
    except OSError as err:
        if err.strerror and err.filename:
            _fail(f"pypto-run: error: {err.strerror}: {err.filename}", 1)
        _fail(f"pypto-run: error: {one_line(str(err))}", 1)
    except Exception as err:  # never a traceback for users
        if os.environ.get("PYPTO_OPT_TRACEBACK"):
            raise
        _fail(
            f"pypto-run: internal error: {type(err).__name__}: {one_line(str(err))} "
            "(set PYPTO_OPT_TRACEBACK=1 for the traceback and report it)",
            1,
        )


if __name__ == "__main__":
    main()
