"""`pypto-opt`: the opt driver of pypto-dialects, used like `mlir-opt`.

An `xDSLOptMain` subclass that only overrides its hooks (README.md): it registers
builtin/func/scf/arith and the four pto dialects, our passes (as `-p name` and as `--name`
flags) and targets, parses with source locations and verifies with located diagnostics
(docs/index.md (Diagnostics)).

Exit status: 0 on success; 1 for bad IR, a failing pass or an unsupported construct (one
`file:line:col: error: message` line on stderr); 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Sequence
from io import BytesIO, StringIO
from typing import IO, TYPE_CHECKING, Any, NoReturn

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.passes import ModulePass, PassPipeline
from xdsl.traits import SymbolTable
from xdsl.utils.arg_spec import ArgSpec, parse_spec
from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, ParseError
from xdsl.xdsl_opt_main import xDSLOptMain

from pypto_dialects.context import DIALECTS
from pypto_dialects.diagnostics import format_op_error, format_parse_error, one_line
from pypto_dialects.irdl_export import EmitIrdlAction
from pypto_dialects.name_locs import attach_name_locs
from pypto_dialects.parsing import parse_module, split_input, verify_module
from pypto_dialects.targets import TARGETS
from pypto_dialects.tools.expected_diagnostics import ChunkExpectations
from pypto_dialects.transforms import PASSES

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.api import OrchestrationResult

DESCRIPTION = """\
pypto-opt: parse, verify, transform and translate PyPTO orchestration programs
(MLIR with the pto_orch, pto_tensor, pto_system and pto_rt dialects).

examples:
  pypto-opt in.mlir                                   parse, verify, print back
  pypto-opt --materialize-runtime-scopes in.mlir      run one pass
  pypto-opt -p pto2-pipeline -t pto2-cpp in.mlir      whole pipeline to PTO2 C++
  pypto-opt -p pto2-pipeline -t pto2-cpp in.mlir -o out/
                                                      write out/orchestration/<func>.cpp and
                                                      out/kernel_config.json (-o names a
                                                      directory: it ends in '/' or exists;
                                                      same as -t 'pto2-cpp{out-dir="out"}')
  pypto-opt -p 'pto2-pipeline{task-window=32768 ring-heap=1073741824}' in.mlir
                                                      options: the ring's task window and heap
                                                      the run has (PTO2_RING_TASK_WINDOW,
                                                      default 16384; PTO2_RING_HEAP, default
                                                      256 MiB), analyze-auto-scopes=true
  pypto-opt --print-op-generic in.mlir                generic form (for upstream mlir-opt)
  pypto-opt --print-op-generic --name-locs in.mlir    ... keeping the value names through
                                                      `mlir-opt --mlir-print-debuginfo`
  pypto-opt --split-input-file --verify-diagnostics t.mlir
                                                      check the diagnostics against the
                                                      file's `// expected-error {{...}}`
                                                      annotations (as mlir-opt)
  pypto-opt --split-input-file --print-diagnostics t.mlir
                                                      print each chunk's diagnostic on
                                                      stdout, exit 0 (for FileCheck)
"""


CHECK_ONLY_PASSES = frozenset(
    {"verify-orchestration", "verify-orchestration-outputs", "verify-runtime-scopes-materialized"}
)
"""Passes that only check the IR and never change it: the driver does not verify the IR again
after them (mlir-opt skips the verifier after a pass that preserved all analyses)."""

PLANNERS = frozenset({"plan-cpp-declarations", "pto2-pipeline"})
"""Passes after which the declaration plan fits the IR (pto2-pipeline plans after every pass
that changes the IR): when one of them is the last pass that could change the IR, `-t
pto2-cpp` does not check the plan against the IR again."""

LEGALITY_CHECKS = frozenset({"verify-orchestration", "pto2-pipeline"})
"""Passes after which verify-orchestration's rules hold (pto2-pipeline ends with that pass):
when one of them is the last pass that could change the IR, `-t pto2-cpp` does not check the
rules again."""


class LocatedParseError(ParseError):
    """A ParseError printed as one `file:line:col: error: message` line."""

    def __str__(self) -> str:
        return format_parse_error(self)


def _fail(message: str, status: int) -> NoReturn:
    print(message, file=sys.stderr)
    sys.exit(status)


def _raw_options(target: str) -> list[tuple[str, list[str] | None]]:
    """The options of a well-formed `-t` spec in the order written, each with its values as
    written (`api=true` is 'true', not True) or None without `=`: xDSL's `parse_spec`
    converts the values and keeps only the last of two options of one name."""
    from xdsl.utils.arg_spec import PipelineLexer, SpecTokenKind

    out: list[tuple[str, list[str] | None]] = []
    lexer = PipelineLexer(target)
    inside = expect_key = False
    while (tok := lexer.lex()).kind is not SpecTokenKind.EOF:
        if tok.kind is SpecTokenKind.L_BRACE:
            inside = expect_key = True
        elif not inside:
            continue
        elif tok.kind is SpecTokenKind.R_BRACE:
            inside = False
        elif tok.kind is SpecTokenKind.SPACE:
            expect_key = True
        elif expect_key:
            out.append((tok.span.text, None))
            expect_key = False
        elif tok.kind is SpecTokenKind.EQUALS:
            out[-1] = (out[-1][0], [])
        elif tok.kind is not SpecTokenKind.COMMA:
            values = out[-1][1]
            assert values is not None
            values.append(tok.span.text)
    return out


def _check_target_spec(target: str) -> None:
    """A malformed `-t` spec, an option `-t pto2-cpp` does not have, an option given twice,
    and an option without its value are usage errors (exit 2), as they are for `-p`; each
    message names the option and what it accepts."""
    try:
        spec = parse_spec(target)
    except ArgSpecParseError as err:
        _fail(f"pypto-opt: error: -t '{target}': {one_line(str(err))}", 2)
    if spec.name != "pto2-cpp":
        return
    from pypto_dialects.targets.pto2_cpp.generation import API_USAGE, GENERATIONS, usage

    accepted = {
        "api": API_USAGE,
        "out-dir": 'out-dir takes one directory, as out-dir="DIR"',
        "wait-only-edges": "wait-only-edges takes true or false (true needs api=current)",
    }
    given: dict[str, str] = {}
    for key, values in _raw_options(target):
        if key not in accepted:
            _fail(
                f"pypto-opt: error: -t '{target}': pto2-cpp has no option '{key}' (its "
                "options are out-dir=\"DIR\", api=seed|current and wait-only-edges=true|false)",
                2,
            )
        written = key if values is None else f"{key}={','.join(values)}"
        if key in given:
            _fail(
                f"pypto-opt: error: -t '{target}': option '{key}' is given twice "
                f"({given[key]}, {written}): give it once; {accepted[key]}",
                2,
            )
        given[key] = written
        if key == "api":
            if values is None:
                _fail(f"pypto-opt: error: -t '{target}': option 'api' needs a value: "
                      f"{API_USAGE}", 2)
            if len(values) != 1:
                _fail(f"pypto-opt: error: -t '{target}': option 'api' takes one value, not "
                      f"{len(values)} ({','.join(values)}): {API_USAGE}", 2)
            shown = values[0].strip('"')  # api="seed" is api=seed
            if shown not in GENERATIONS:
                _fail(f"pypto-opt: error: -t '{target}': {usage(shown)}", 2)
        elif key == "wait-only-edges":
            _check_wait_only_edges(target, spec.parameters)
        elif values is None or len(values) != 1 or not str(spec.parameters[key][0]):
            _fail(f"pypto-opt: error: -t '{target}': {accepted[key]}", 2)


def _check_wait_only_edges(target: str, params: dict) -> None:
    """`wait-only-edges` takes `true` or `false`, and `true` needs `api=current` (usage
    errors, exit 2)."""
    from pypto_dialects.targets.pto2_cpp.generation import api_generation, check_wait_only_edges

    values = params["wait-only-edges"]
    if len(values) != 1 or not isinstance(values[0], bool):
        _fail(f"pypto-opt: error: -t '{target}': wait-only-edges takes true or false", 2)
    api = params.get("api", ("seed",))
    try:
        check_wait_only_edges(api_generation(str(api[0])), values[0])
    except ValueError as err:
        _fail(f"pypto-opt: error: -t '{target}': {err}", 2)


def _route_output_dir(args: argparse.Namespace) -> None:
    """`-o DIR` with `-t pto2-cpp`, DIR ending in '/' or an existing directory: the target
    writes its files (orchestration/<func>.cpp, kernel_config.json) under DIR (its `out-dir`
    option) and nothing is printed. Any other `-o` names the one output file."""
    out = args.output_file
    if not out or not (out.endswith(("/", os.sep)) or os.path.isdir(out)):
        return
    spec = parse_spec(args.target)
    if spec.name != "pto2-cpp":
        return
    params = dict(spec.parameters)
    params["out-dir"] = (out,)
    args.target = str(ArgSpec(spec.name, params))
    args.output_file = None


class _Buffer(StringIO):
    """The `-o FILE` text, kept after xDSL's run closes its output stream."""

    def close(self) -> None:
        pass


class _ListAction(argparse.Action):
    """`--list-xdsl`: print a fixed listing and exit 0."""

    def __init__(
        self, option_strings: Sequence[str], dest: str, listing: str = "", **kwargs: Any
    ) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)
        self.listing = listing

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        print(self.listing)
        parser.exit()


class PyptoOptMain(xDSLOptMain):
    """The `pypto-opt` driver (hooks of `xDSLOptMain` only)."""

    version_format = "pypto-opt 0.1.0 (xdsl {xdsl_version})"

    def register_all_dialects(self) -> None:
        for name, factory in DIALECTS.items():
            self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, (factory, _) in PASSES.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        # Only targets that can print our dialects: MLIR text and ours. xDSL's other targets
        # (wgsl, csl, the assemblers, ...) print nothing or fail on pto ops, so `-t wgsl` is a
        # usage error (exit 2) that lists these, never a silent empty output.
        super().register_all_targets()
        self.available_targets = {
            "mlir": self.available_targets["mlir"],
            **TARGETS,
        }

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        arg_parser.prog = "pypto-opt"  # also under `python -m pypto_dialects.tools.pypto_opt`

        def error(message: str) -> NoReturn:  # one line, exit 2 (argparse prints the usage)
            _fail(f"pypto-opt: error: {one_line(message)} (see pypto-opt --help)", 2)

        arg_parser.error = error  # type: ignore[method-assign]
        super().register_all_arguments(arg_parser)
        for action in arg_parser._actions:  # xDSL's flag, mlir-opt's meaning
            if action.dest == "verify_diagnostics":
                action.help = (
                    "check the diagnostics against the input's expected-error/warning/"
                    "note/remark annotations, as mlir-opt: exit 1 on a missing, unexpected "
                    "or mismatched diagnostic, 0 when all match"
                )
        arg_parser.add_argument(
            "--cpp-listing",
            action="store_true",
            help="-t pto2-cpp with several orchestration functions and no -o DIR/: print "
            "their files as one listing (each after a '// ===== orchestration/<func>.cpp "
            "=====' line; not one compilable file) instead of failing",
        )
        arg_parser.add_argument(
            "--name-locs",
            action="store_true",
            help="write each value's name into its location (`loc(\"a\"(...))`, MLIR's "
            "NameLoc) and print locations (--print-debuginfo): names then survive tools "
            "that rename values, such as upstream mlir-opt with --mlir-print-debuginfo; "
            "pypto-opt reads them back (docs/index.md, Interop)",
        )
        arg_parser.add_argument(
            "--print-diagnostics",
            action="store_true",
            help="print each chunk's diagnostic on stdout and exit 0 (xDSL's "
            "--verify-diagnostics; for FileCheck tests)",
        )
        # mlir-opt's `-verify-each` (a boolean cl::opt, default true): `--verify-each`,
        # `--verify-each=true|false|1|0`. Exact option strings, so that argparse neither takes
        # the input file for the flag's value nor rejects `=false`.
        arg_parser.add_argument(
            "--verify-each",
            dest="verify_each",
            action="store_const",
            const=True,
            default=True,
            help="verify the IR after each pass of -p (default, as mlir-opt); "
            "--verify-each=false verifies it once after parsing and once after the last pass "
            "only. Never twice on the same IR: not after a pass that only checks (such as "
            "verify-orchestration), and not between the passes of pto2-pipeline, which is one "
            "pass (with --time-passes too)",
        )
        for value, flag in (("true", True), ("1", True), ("false", False), ("0", False)):
            arg_parser.add_argument(
                f"--verify-each={value}",
                dest="verify_each",
                action="store_const",
                const=flag,
                help=argparse.SUPPRESS,
            )
        arg_parser.add_argument(
            "--emit-irdl",
            action=EmitIrdlAction,
            help="print the four pto dialects as IRDL for upstream mlir-opt 19 "
            "(`mlir-opt --irdl-file=FILE`) and exit; reads no input (docs/index.md, Interop)",
        )
        # Ours first: dialects, passes and pipelines, targets; xDSL's own ~150 passes and
        # targets are still accepted, and listed by --list-xdsl only.
        ours = [
            arg_parser.add_argument_group(
                "dialects",
                "pto_orch, pto_tensor, pto_system, pto_rt (ours); builtin, func, scf, arith",
            )
        ]
        group = arg_parser.add_argument_group(
            "passes and pipelines",
            "each as -p NAME (comma-separated, in order) or as a flag below (run after -p)",
        )
        ours.append(group)
        for name, (_, summary) in PASSES.items():
            group.add_argument(
                f"--{name}",
                dest="pass_flags",
                action="append_const",
                const=name,
                help=summary,
            )
        ours.append(
            arg_parser.add_argument_group(
                "targets (-t NAME)",
                "mlir (default): the IR, in custom or generic form\n"
                "pto2-cpp: PTO2 runtime C++ (-o DIR/ writes orchestration/<func>.cpp and "
                "kernel_config.json)",
            )
        )
        groups = arg_parser._action_groups  # argparse keeps no public order
        for g in ours:
            groups.remove(g)
        groups[1:1] = ours  # after the positional input file
        xdsl_passes = [n for n in self.available_passes if n not in PASSES]
        arg_parser.add_argument(
            "--list-xdsl",
            action=_ListAction,
            listing=(
                f"xDSL passes (also accepted by -p; {len(xdsl_passes)}):\n  "
                + "\n  ".join(xdsl_passes)
                + "\nxDSL's own targets (wgsl, csl, riscv-asm, ...) cannot print the pto "
                "dialects: -t takes mlir and the targets listed by --help"
            ),
            help="list xDSL's own passes, which pypto-opt also accepts, and exit",
        )
        for action in arg_parser._actions:  # shorter help for xDSL's flags
            if action.dest == "passes":
                action.help = (
                    "passes to run, comma-separated: ours are listed under 'passes and "
                    "pipelines' (xDSL's: --list-xdsl)"
                )
            elif action.dest == "target":
                action.help = "output target: mlir (default) or pto2-cpp (xDSL's: --list-xdsl)"
            elif action.dest == "output_file":
                action.help = (
                    "output file (written only when the run succeeds); with -t pto2-cpp, a "
                    "directory when it ends in '/' or exists"
                )
            elif action.dest == "disable_verify":
                action.help = (
                    "do not verify the IR after parsing nor after passes (-t pto2-cpp "
                    "still verifies what it prints)"
                )
            elif action.dest == "time_passes":
                action.help = "print the time of each pass (of a pipeline too) on stderr"

    def setup_pipeline(self) -> None:
        args = self.args
        _check_target_spec(args.target)
        _route_output_dir(args)
        flags = getattr(args, "pass_flags", None) or []
        if flags:
            args.passes = ",".join([p for p in (args.passes,) if p] + flags)
        if args.print_diagnostics and args.verify_diagnostics:
            _fail(
                "pypto-opt: error: --verify-diagnostics and --print-diagnostics exclude each "
                "other (see pypto-opt --help)",
                2,
            )
        # --verify-diagnostics is ours (expected-* annotations, `check_diagnostics`);
        # --print-diagnostics is xDSL's --verify-diagnostics, with parse errors included.
        self.checking = args.verify_diagnostics
        args.verify_diagnostics = args.print_diagnostics
        args.parsing_diagnostics = args.parsing_diagnostics or args.print_diagnostics
        verify = self.verify = not args.disable_verify
        args.disable_verify = True  # verification is ours (located diagnostics), below
        timing, args.time_passes = args.time_passes, False  # ours too: on stderr, below
        try:
            super().setup_pipeline()
        except (Exception, ArgSpecParseError) as err:  # bad command line
            _fail(f"pypto-opt: error: {one_line(str(err))}", 2)
        inner = self.pipeline.callback
        passes: list[ModulePass] = []
        ends: set[int] = set()  # indices in `passes` of the last step of each pass of -p
        for p in self.pipeline.passes:
            steps = getattr(p, "steps", None)
            if steps is not None and (timing or args.print_between_passes):
                passes.extend(steps())  # a pipeline's passes one by one
            else:
                passes.append(p)
            ends.add(len(passes) - 1)
        each = args.verify_each
        started = 0.0
        ran = 0  # passes (steps) run so far
        changed = False  # whether a pass may have changed the IR since it was last verified
        self._legal = False  # verify-orchestration has checked the IR as it is now
        self._planned = False  # plan-cpp-declarations has planned the IR as it is now

        def callback(prev: ModulePass | None, module: ModuleOp, nxt: ModulePass | None) -> None:
            # Verification as mlir-opt's: after parsing, then after each pass of -p
            # (`--verify-each`, the default) or after the last one only (`--verify-each=false`),
            # but never twice on the same IR (mlir-opt skips a pass that preserved all
            # analyses): not after a pass that only checks, and not between the steps of
            # pto2-pipeline, which run one by one for --time-passes/--print-between-passes
            # only. The pto2-cpp target does not verify again (`_emit_cpp`).
            nonlocal started, ran, changed
            if timing and prev is not None:
                took = time.perf_counter() - started
                print(f"pass {prev.name}: {took:.6f} s", file=sys.stderr)
            if prev is None:  # parsed (each chunk of --split-input-file starts here)
                due, ran, changed = True, 0, False
                self._legal = self._planned = False
            else:
                if prev.name in LEGALITY_CHECKS:
                    self._legal = True
                elif prev.name not in CHECK_ONLY_PASSES:
                    self._legal = False
                if prev.name in PLANNERS:
                    self._planned = True
                elif prev.name not in CHECK_ONLY_PASSES:
                    self._planned = False
                changed = changed or prev.name not in CHECK_ONLY_PASSES
                end = ran in ends
                ran += 1
                due = changed and ((each and end) or nxt is None)
            if verify and due:
                verify_module(module)
                changed = False
            if inner is not None:
                inner(prev, module, nxt)
            started = time.perf_counter()

        self.pipeline = PassPipeline(tuple(passes), callback)

    def run(self) -> None:
        # A run builds one long-lived IR graph and leaves almost no cyclic garbage, so the
        # cyclic GC only re-traverses the graph: about 15% of a large run's time (measured
        # by `python -m bench`, docs/performance.md). It is off for the run (reference
        # counting still frees memory) and restored afterwards for in-process callers.
        enabled = gc.isenabled()
        gc.disable()
        try:
            super().run()
        finally:
            if enabled:
                gc.enable()
        if self.checking:
            self.check_diagnostics()
        if self._cpp_results and not self.failed:
            from pypto_dialects.targets.pto2_cpp.api import ModuleResult

            out_dir = self._out_dir()
            assert out_dir is not None  # results are only collected for -o DIR/
            ModuleResult(tuple(self._cpp_results)).write(out_dir)
        if self._output is not None and not self.failed:
            with open(self.args.output_file, "w") as f:
                f.write(self._output.getvalue())

    # -- output: `-o FILE` is written at the end, only by a run that succeeded (never created
    # or truncated by a failing one); with `-o DIR/` (pto2-cpp's out-dir) stdout gets
    # nothing, and the files of all `--split-input-file` chunks are written together, so
    # kernel_config.json lists every chunk's functions.

    _output: StringIO | None = None
    _cpp_results: list[OrchestrationResult] = []  # out-dir mode
    _cpp_functions: int = 0  # orchestration functions printed to one stream so far

    def prepare_output(self) -> IO[str]:
        self._cpp_results = []
        if self._out_dir() is not None:
            return StringIO()  # the chunk separators go nowhere
        if self.args.output_file is None:
            return sys.stdout
        self._output = _Buffer()
        return self._output

    def _api(self) -> str:
        """pto2-cpp's `api` option (checked by `_check_target_spec`), default seed."""
        values = parse_spec(self.args.target).parameters.get("api")
        return str(values[0]) if values else "seed"

    def _wait_only_edges(self) -> bool:
        """pto2-cpp's `wait-only-edges` option (checked by `_check_target_spec`), default off."""
        values = parse_spec(self.args.target).parameters.get("wait-only-edges")
        return bool(values and values[0] is True)

    def _out_dir(self) -> str | None:
        spec = parse_spec(self.args.target)
        if spec.name != "pto2-cpp" or "out-dir" not in spec.parameters:
            return None
        (value,) = spec.parameters["out-dir"]
        return str(value)

    def _emit_cpp(self, prog: ModuleOp) -> str:
        """pto2-cpp output of one chunk: collected for `-o DIR/`; printed otherwise, where
        several orchestration functions (each defines aicpu_orchestration_entry) are only
        allowed on stdout, as a listing of the files."""
        from pypto_dialects.targets.pto2_cpp.api import generate_module

        result = generate_module(
            prog, verify=False, checked=self._legal, planned=self._planned, api=self._api(),
            wait_only_edges=self._wait_only_edges(),
        )
        if self._out_dir() is not None:
            taken = {r.function for r in self._cpp_results}
            for r in result.results:
                if r.function in taken:
                    raise DiagnosticException(
                        format_op_error(
                            SymbolTable.lookup_symbol(prog, r.function) or prog,
                            f"@{r.function} is an orchestration function of an earlier chunk "
                            f"too; both would be written to {r.path}: rename one",
                        )
                    )
            self._cpp_results.extend(result.results)
            return ""
        if self._output is not None:
            self._cpp_functions += len(result.results)
            if self._cpp_functions > 1:
                raise DiagnosticException(
                    f"pypto-opt: error: {self._cpp_functions} orchestration functions cannot "
                    f"share one C++ file ({self.args.output_file}): each defines "
                    "aicpu_orchestration_entry; write them with -o DIR/ (one file each)"
                )
        elif len(result.results) > 1 and not self.args.cpp_listing:
            raise DiagnosticException(
                f"pypto-opt: error: {len(result.results)} orchestration functions cannot be "
                "one C++ translation unit on stdout: each defines aicpu_orchestration_entry; "
                "write them with -o DIR/ (one file each), or pass --cpp-listing to print "
                "them as a listing of the files"
            )
        return result.code

    def check_diagnostics(self) -> None:
        """--verify-diagnostics: print every unexpected diagnostic and unmatched annotation
        of every chunk on stderr; any makes the exit status 1."""
        for chunk in self.expectations:
            for problem in chunk.finish():
                self._print_failure(problem)

    # -- with --split-input-file (and no --verify-diagnostics) every chunk is processed and
    # each failing chunk reports its diagnostic on stderr, as mlir-opt does; the exit status
    # is 1 if any chunk failed (`failed`, read by `main`).

    # With --verify-diagnostics, each chunk's diagnostic goes to its `ChunkExpectations`
    # (one per chunk, in order, read in `prepare_input`) instead of stderr.

    failed: bool = False
    verify: bool = True
    checking: bool = False
    expectations: list[ChunkExpectations]
    _chunk_index: int = -1
    _skip_output: bool = False

    def _keep_going(self) -> bool:
        args = self.args
        return self.checking or (
            bool(args.split_input_file)
            and not (args.verify_diagnostics or args.parsing_diagnostics)
        )

    def _print_failure(self, message: str) -> None:
        print(message, file=sys.stderr)
        self.failed = True

    def _report(self, message: str) -> None:
        if self.checking:
            self.expectations[self._chunk_index].report(message)
        else:
            self._print_failure(message)

    def get_input_stream(self) -> tuple[IO[bytes], str]:
        # `-` reads stdin (as mlir-opt); `-f NAME` decides the frontend whatever the file's
        # extension (xDSL checks the extension even when -f is given).
        if self.args.input_file == "-":
            self.args.input_file = None
        stream, extension = super().get_input_stream()
        if self.args.frontend:
            extension = self.args.frontend.partition("{")[0]
        return stream, extension

    def get_input_name(self) -> str:
        return self.args.input_file or "<stdin>"

    def prepare_input(self) -> tuple[list[tuple[IO[bytes], int]], str]:
        # --split-input-file splits on whole `// -----` lines (parsing.split_input), not on
        # the text anywhere, so a comment that mentions the marker stays in its chunk.
        split = self.args.split_input_file
        self.args.split_input_file = False
        try:
            chunks, extension = super().prepare_input()
        finally:
            self.args.split_input_file = split
        if not split and not self.checking:
            return chunks, extension
        ((stream, _),) = chunks
        data = stream.read()
        stream.close()
        parts = split_input(data) if split else [(data, 0)]
        if self.checking:
            name = self.get_input_name()
            self.expectations = [
                ChunkExpectations.scan(name, c.decode("utf-8", "replace"), off)
                for c, off in parts
            ]
        return [(BytesIO(c), off) for c, off in parts], extension

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        self._chunk_index += 1
        frontend = self.args.frontend or file_extension
        if frontend != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
        try:
            return parse_module(
                self.ctx,
                chunk.read(),
                self.get_input_name(),
                start_offset,
                allow_implicit_module=not self.args.no_implicit_module,
            )
        except ParseError as err:
            located = LocatedParseError(err.span, err.msg)
            if self._keep_going():
                self._report(str(located))
                return None
            raise located from None

    def apply_passes(self, prog: ModuleOp) -> None:
        try:
            try:
                super().apply_passes(prog)
            except Exception as crash:
                if self.verify or isinstance(crash, DiagnosticException):
                    raise
                # --disable-verify let IR the verifiers reject reach a pass, which failed
                # on it: report what the verifier says about it, else the crash.
                verify_module(prog)
                raise
        except DiagnosticException as err:
            if not self._keep_going():
                raise
            self._report(one_line(str(err.args[0]) if err.args else str(err)))
            self._skip_output = True

    def output_resulting_program(self, prog: ModuleOp) -> str:
        if self._skip_output:
            self._skip_output = False
            return ""
        try:
            if parse_spec(self.args.target).name == "pto2-cpp":
                if not self.verify:
                    # C++ is only printed from IR the verifiers accept, --disable-verify or
                    # not: the printer relies on them and would crash or print wrong C++.
                    verify_module(prog)
                return self._emit_cpp(prog)
            if self.args.name_locs:
                attach_name_locs(prog)
                self.args.print_debuginfo = True
            return super().output_resulting_program(prog)
        except DiagnosticException as err:  # a target that rejects the module
            if not self._keep_going():
                raise
            self._report(one_line(str(err.args[0]) if err.args else str(err)))
            return ""


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `pypto-opt` console script."""
    post_init = Attribute.__post_init__  # --disable-verify replaces it for the process
    try:
        driver = PyptoOptMain(description=DESCRIPTION, args=argv)
        driver.run()
        if driver.failed:
            sys.exit(1)
    except ParseError as err:
        _fail(format_parse_error(err), 1)
    except ArgSpecParseError as err:  # a malformed -p / -t spec (xDSL raises a BaseException)
        _fail(f"pypto-opt: error: {one_line(str(err))}", 2)
    except DiagnosticException as err:
        _fail(one_line(str(err.args[0]) if err.args else str(err)), 1)
    except BrokenPipeError:
        sys.exit(1)
    except OSError as err:
        if err.strerror and err.filename:
            _fail(f"pypto-opt: error: {err.strerror}: {err.filename}", 1)
        _fail(f"pypto-opt: error: {one_line(str(err))}", 1)
    except Exception as err:  # never a traceback for users
        if isinstance(err, ValueError) and str(err).startswith("Unrecognized file extension"):
            _fail(f"pypto-opt: error: {err} (name the file *.mlir or pass -f mlir)", 2)
        if os.environ.get("PYPTO_OPT_TRACEBACK"):
            raise
        _fail(
            f"pypto-opt: internal error: {type(err).__name__}: {one_line(str(err))} "
            "(set PYPTO_OPT_TRACEBACK=1 for the traceback and report it)",
            1,
        )
    finally:
        Attribute.__post_init__ = post_init  # type: ignore[method-assign]


if __name__ == "__main__":
    main()
