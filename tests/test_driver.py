"""The command-line behaviour of `pypto-opt` (docs/index.md (Diagnostics)): help and version,
exit status 2 with one line for a bad command line, exit status 1 with one line for bad
input, output files, stdin, --split-input-file, --print-diagnostics, --print-op-generic,
--allow-unregistered-dialect, passes as -p and as flags.

Most runs are in-process (`pypto_dialects.tools.pypto_opt.main`, the console script's entry
point); the `*_console_script` tests run the installed executable in a subprocess.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from pypto_dialects.tools.pypto_opt import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "orch_basic.mlir"
PYPTO_OPT = Path(sys.executable).parent / "pypto-opt"

KERNEL = "pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>\n"

VALID = """func.func @f(%t: tensor<4xf32>) -> index {
  %d = pto_tensor.dim %t, 0 : tensor<4xf32>
  func.return %d : index
}
"""

# Line 3 is a verifier error: axis 1 of a rank-1 tensor.
INVALID = """// one verifier error
func.func @f(%t: tensor<4xf32>) -> index {
  %d = pto_tensor.dim %t, 1 : tensor<4xf32>
  func.return %d : index
}
"""
INVALID_MSG = ":3:3: error: 'pto_tensor.dim' op axis 1 is out of range for rank 1"

# classify-iter-arg-carry rejects a parallel TaskId carry whose trip count is not constant.
PASS_FAILURE = """func.func @f(%n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
      %b = pto_system.task_dummy deps(%t : !pto_orch.task_id)
      scf.yield %b : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}
"""


def run_opt(args: list[str]) -> tuple[int, str, str]:
    """`pypto-opt <args>` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return status, out.getvalue(), err.getvalue()


def run_script(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    """The installed `pypto-opt` executable."""
    res = subprocess.run(
        [str(PYPTO_OPT), *args], input=stdin, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in res.stdout + res.stderr
    return res


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --------------------------------------------------------------------------- help, version


def test_help_explains_passes_and_targets() -> None:
    status, out, err = run_opt(["--help"])
    assert (status, err) == (0, "")
    assert out.startswith("usage: pypto-opt")
    assert "pto_orch, pto_tensor, pto_system and pto_rt" in out
    # our passes, as flags with their summaries, and the pipeline
    for name in ("fuse-create-assemble-to-slice", "derive-call-directions", "materialize-runtime-scopes",
                 "classify-iter-arg-carry", "pto2-pipeline"):
        assert f"--{name}" in out
    assert "each as -p NAME (comma-separated, in order) or as a flag below (run after -p)" in out
    # targets: -t, the default mlir target and the C++ one
    assert "-t TARGET, --target TARGET" in out
    assert "pypto-opt -p pto2-pipeline -t pto2-cpp in.mlir" in out
    assert "mlir (default): the IR" in out
    assert "pto2-cpp: PTO2 runtime C++" in out
    assert "--split-input-file" in out
    assert "--verify-diagnostics" in out


def test_version_console_script() -> None:
    res = run_script(["--version"])
    assert res.returncode == 0
    assert res.stdout.strip() == "pypto-opt 0.1.0 (xdsl 0.75.0)"


def test_python_m_names_the_tool() -> None:
    """`python -m pypto_dialects.tools.pypto_opt` is the same tool, named pypto-opt."""
    res = subprocess.run(
        [sys.executable, "-m", "pypto_dialects.tools.pypto_opt", "--nope"],
        capture_output=True, text=True, timeout=120,
    )
    assert res.returncode == 2
    assert res.stderr == "pypto-opt: error: unrecognized arguments: --nope (see pypto-opt --help)\n"


# --------------------------------------------------------------------------- bad command lines: 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "nope"], "pypto-opt: error: Unrecognized passes: ['nope']"),
        (["--nope"], "pypto-opt: error: unrecognized arguments: --nope (see pypto-opt --help)"),
        (["-t", "nope"], "pypto-opt: error: argument -t/--target: invalid choice: 'nope' (choose from "),
        (["-f", "nope"], "pypto-opt: error: argument -f/--frontend: invalid choice: 'nope' (choose from mlir) (see pypto-opt --help)"),
        (["-p", "classify-iter-arg-carry{bogus=1}"], "pypto-opt: error: Provided arguments [\"bogus\"] not found in expected arguments []"),
        (["-p", "pto2-pipeline{"], "pypto-opt: error: Error parsing pass pipeline specification: pass-pipeline:1:15 pto2-pipeline{ ^ Expected argument name here"),
        (["-p", "derive-call-directions,,"], "pypto-opt: error: Error parsing pass pipeline specification:"),
        (["-o"], "pypto-opt: error: argument -o/--output-file: expected one argument (see pypto-opt --help)"),
        (["-p", "pto2-pipeline{task-window=1}"], "pypto-opt: error: task-window: expected an integer >= 2, got 1"),
        (["-p", "verify-orchestration{task-window=0}"], "pypto-opt: error: task-window: expected an integer >= 2, got 0"),
    ],
    ids=["unknown-pass", "unknown-flag", "unknown-target", "unknown-frontend",
         "bad-pass-option", "bad-pass-spec", "empty-pass-name", "missing-value",
         "task-window-below-2", "verify-task-window-below-2"],
)
def test_bad_command_line_exits_2_with_one_line(args: list[str], message: str) -> None:
    status, out, err = run_opt([*args, str(EXAMPLE)] if args != ["-o"] else args)
    assert status == 2
    assert out == ""
    assert one_line(err).startswith(message)


def test_unknown_pass_console_script() -> None:
    res = run_script(["-p", "nope", str(EXAMPLE)])
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr == "pypto-opt: error: Unrecognized passes: ['nope']\n"


def test_unknown_extension_exits_2_and_f_mlir_reads_it(write) -> None:  # type: ignore[no-untyped-def]
    path = write(VALID, "prog.txt")
    status, out, err = run_opt([str(path)])
    assert status == 2
    assert one_line(err) == (
        "pypto-opt: error: Unrecognized file extension 'txt' (name the file *.mlir or pass "
        "-f mlir)"
    )
    status, out, err = run_opt(["-f", "mlir", str(path)])
    assert (status, err) == (0, "")
    assert "%d = pto_tensor.dim %t, 0 : tensor<4xf32>" in out


# --------------------------------------------------------------------------- input and output


def test_missing_input_file_exits_1_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "absent.mlir"
    status, out, err = run_opt([str(path)])
    assert status == 1
    assert out == ""
    assert one_line(err) == f"pypto-opt: error: No such file or directory: {path}"


def test_directory_as_input_exits_1_with_one_line(tmp_path: Path) -> None:
    status, _out, err = run_opt([str(tmp_path)])
    assert status == 1
    assert one_line(err) == f"pypto-opt: error: Is a directory: {tmp_path}"


def test_output_file(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dest = tmp_path / "out.mlir"
    status, out, err = run_opt([str(write(VALID)), "-o", str(dest)])
    assert (status, out, err) == (0, "", "")
    text = dest.read_text()
    assert text.startswith("builtin.module {\n  func.func @f(%t: tensor<4xf32>) -> index {\n")
    assert "    %d = pto_tensor.dim %t, 0 : tensor<4xf32>\n" in text
    # the output parses back to the same text
    status, again, err = run_opt([str(dest)])
    assert (status, err) == (0, "")
    assert again == text


def test_output_file_in_missing_directory(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dest = tmp_path / "no" / "such" / "out.mlir"
    status, _out, err = run_opt([str(write(VALID)), "-o", str(dest)])
    assert status == 1
    assert one_line(err) == f"pypto-opt: error: No such file or directory: {dest}"


@pytest.mark.parametrize("args", [[], ["-"]], ids=["no-file", "dash"])
def test_stdin_console_script(args: list[str]) -> None:
    res = run_script(args, stdin=VALID)
    assert (res.returncode, res.stderr) == (0, "")
    assert "%d = pto_tensor.dim %t, 0 : tensor<4xf32>" in res.stdout
    res = run_script(args, stdin=INVALID)
    assert res.returncode == 1
    assert res.stderr == f"<stdin>{INVALID_MSG}\n"


def test_broken_pipe_is_quiet_console_script() -> None:
    """`pypto-opt big.mlir | head -1`: no traceback, no 'Exception ignored' noise."""
    proc = subprocess.Popen(
        [str(PYPTO_OPT), "--print-op-generic", str(EXAMPLE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert err == ""


# --------------------------------------------------------------------------- diagnostics


def test_verifier_error_exits_1_with_one_located_line(write) -> None:  # type: ignore[no-untyped-def]
    path = write(INVALID)
    status, out, err = run_opt([str(path)])
    assert status == 1
    assert out == ""
    assert one_line(err) == f"{path}{INVALID_MSG}"


def test_verifier_error_console_script(write) -> None:  # type: ignore[no-untyped-def]
    path = write(INVALID)
    res = run_script([str(path)])
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr == f"{path}{INVALID_MSG}\n"


def test_print_diagnostics_prints_the_diagnostic_and_exits_0(write) -> None:  # type: ignore[no-untyped-def]
    path = write(INVALID)
    status, out, err = run_opt(["--print-diagnostics", str(path)])
    assert (status, err) == (0, "")
    assert out == f"{path}{INVALID_MSG}\n"


def test_parse_error_with_and_without_print_diagnostics(write) -> None:  # type: ignore[no-untyped-def]
    path = write("func.func @f() {\n  %x = pto_tensor.create : tensor<4xf32\n}\n")
    expected = f"{path}:2:40: error: Expected '>' after builtin parameter list"
    status, out, err = run_opt([str(path)])
    assert (status, out) == (1, "")
    assert one_line(err) == expected
    status, out, err = run_opt(["--print-diagnostics", str(path)])
    assert (status, err) == (0, "")
    assert out == expected + "\n"


def test_pass_failure_exits_1_with_one_located_line(write) -> None:  # type: ignore[no-untyped-def]
    path = write(PASS_FAILURE)
    status, out, err = run_opt(["-p", "classify-iter-arg-carry", str(path)])
    assert (status, out) == (1, "")
    line = one_line(err)
    assert line.startswith(
        f"{path}:6:5: error: 'scf.for' op is a pto_orch.parallel loop carrying a TaskId "
        "(iter_arg 0) inside a manual scope"
    )
    status, out, err = run_opt(["--classify-iter-arg-carry", "--print-diagnostics", str(path)])
    assert (status, err) == (0, "")
    assert out == line + "\n"


def test_error_in_a_pass_output_is_verified(write) -> None:  # type: ignore[no-untyped-def]
    """--disable-verify is not needed to run a pass on valid IR, and the IR a pass prints
    is verified (a valid module passes through pto2-pipeline)."""
    status, out, err = run_opt(["-p", "pto2-pipeline", str(EXAMPLE)])
    assert (status, err) == (0, "")
    assert "pto_rt.auto_scope = false" in out


# --------------------------------------------------------------------------- --split-input-file


def test_split_input_file_processes_every_chunk(write) -> None:  # type: ignore[no-untyped-def]
    text = "\n// -----\n".join(
        f"func.func @f{i}() {{\n  func.return\n}}" for i in range(3)
    )
    status, out, err = run_opt(["--split-input-file", str(write(text))])
    assert (status, err) == (0, "")
    chunks = out.split("// -----\n")
    assert len(chunks) == 3
    for i, chunk in enumerate(chunks):
        assert chunk.startswith(f"builtin.module {{\n  func.func @f{i}() {{\n")


def test_split_input_file_keeps_whole_file_lines(write) -> None:  # type: ignore[no-untyped-def]
    """Each chunk's diagnostics carry the line numbers of the whole file, for parse and
    verifier errors, with and without --print-diagnostics."""
    text = (
        "func.func @ok() {\n  func.return\n}\n"          # lines 1-3
        "// -----\n"                                     # line 4
        "func.func @p() {\n  %x = foo.bar\n}\n"          # lines 5-7: unknown op at 6:8
        "// -----\n"                                     # line 8
        + INVALID                                        # lines 9-13: dim at 11:3
    )
    path = write(text)
    parse_msg = (f"{path}:6:8: error: unknown operation 'foo.bar': dialect 'foo' is not "
                 "registered (or pass --allow-unregistered-dialect)")
    verify_msg = f"{path}:11:3: error: 'pto_tensor.dim' op axis 1 is out of range for rank 1"
    status, out, err = run_opt(["--split-input-file", str(path)])
    assert status == 1
    assert err.splitlines() == [parse_msg, verify_msg]
    assert out.count("// -----\n") == 2
    assert "func.func @ok()" in out
    status, out, err = run_opt(["--split-input-file", "--print-diagnostics", str(path)])
    assert (status, err) == (0, "")
    assert [line for line in out.splitlines() if "error:" in line] == [parse_msg, verify_msg]


# --------------------------------------------------------------------------- printing, dialects, passes


def test_print_op_generic_round_trips(write) -> None:  # type: ignore[no-untyped-def]
    status, generic, err = run_opt(["--print-op-generic", str(EXAMPLE)])
    assert (status, err) == (0, "")
    assert generic.startswith('"builtin.module"() ({')
    assert '"pto_orch.kernel"() <{sym_name = "kernel_add", kind = #pto_orch.kind<aiv>' in generic
    status, custom, err = run_opt([str(write(generic, "generic.mlir"))])
    status2, direct, err2 = run_opt([str(EXAMPLE)])
    assert (status, status2, err, err2) == (0, 0, "", "")
    assert custom == direct


def test_allow_unregistered_dialect(write) -> None:  # type: ignore[no-untyped-def]
    path = write('func.func @f() {\n  %x = "foo.bar"() {a = 1 : i64} : () -> index\n  func.return\n}\n')
    status, out, err = run_opt([str(path)])
    assert status == 1
    assert one_line(err) == (
        f"{path}:2:8: error: unknown operation 'foo.bar': dialect 'foo' is not registered "
        "(or pass --allow-unregistered-dialect)"
    )
    status, out, err = run_opt(["--allow-unregistered-dialect", str(path)])
    assert (status, err) == (0, "")
    assert '%x = "foo.bar"() {a = 1 : i64} : () -> index' in out


def test_pass_as_flag_and_as_p_agree() -> None:
    s1, by_flag, e1 = run_opt(["--derive-call-directions", str(EXAMPLE)])
    s2, by_p, e2 = run_opt(["-p", "derive-call-directions", str(EXAMPLE)])
    assert (s1, s2, e1, e2) == (0, 0, "", "")
    assert by_flag == by_p
    assert "pto_orch.call @kernel_add(in %a, in %b, out %c)" in by_flag


def test_explicit_mlir_target() -> None:
    s1, default, _ = run_opt([str(EXAMPLE)])
    s2, explicit, _ = run_opt(["-t", "mlir", str(EXAMPLE)])
    assert s1 == s2 == 0
    assert default == explicit


def test_split_input_file_target_errors_keep_going(write) -> None:  # type: ignore[no-untyped-def]
    """A chunk the target rejects is reported and the next chunks still run; an error about
    the implicit module is located at the first line of its chunk."""
    text = (
        "func.func @plain() {\n  func.return\n}\n"   # lines 1-3: nothing to print
        "// -----\n"                                  # line 4
        "func.func @plain2() {\n  func.return\n}\n"  # lines 5-7
    )
    path = write(text)
    status, _out, err = run_opt(["-t", "pto2-cpp", "--split-input-file", str(path)])
    assert status == 1
    lines = err.splitlines()
    assert [line.split(" error: ")[0] for line in lines] == [f"{path}:1:1:", f"{path}:5:1:"]
    assert all(" error: 'builtin.module' op " in line for line in lines)
