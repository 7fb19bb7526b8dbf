"""The malformed-input corpus (tests/malformed/*.mlir): no input makes `pypto-opt` print a
Python traceback; each one is one located diagnostic (docs/index.md (Diagnostics)).

Every corpus file starts with `// expected: LINE:COL: error: MESSAGE`, the exact diagnostic
it must produce. For each file and each mode:
- plain run and `--split-input-file`: exit status 1, nothing on stdout, stderr exactly one
  line `<path>:LINE:COL: error: MESSAGE`;
- `--print-diagnostics` (with and without `--split-input-file`): exit status 0, the same
  line on stdout, nothing on stderr;
- `--verify-diagnostics` (the file has no `expected-error` annotation): exit status 1, the
  same diagnostic reported as `<path>:LINE:COL: error: unexpected error: MESSAGE`.
No output anywhere contains "Traceback" or "internal error".

Documented exceptions (inputs that are not in the corpus):
- an empty file, or one with only blanks and comments, is a valid empty module (as in
  MLIR), not malformed: `test_empty_input_is_an_empty_module`;
- errors not tied to a position in the input (a missing input file, a bad command line) are
  one `pypto-opt: error: ...` line instead; tests/test_driver.py covers them.

Most runs are in-process (`pypto_dialects.tools.pypto_opt.main`, the console script's entry
point) to keep the suite fast; `test_console_script` runs a few files through the installed
`pypto-opt` executable.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pypto_dialects.tools.pypto_opt import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "tests" / "malformed").glob("*.mlir"))
PYPTO_OPT = Path(sys.executable).parent / "pypto-opt"
DIAGNOSTIC = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.+)$")


class Hang(Exception):
    """pypto-opt ran longer than `TIME_LIMIT` seconds on one small input."""


TIME_LIMIT = 30


def _on_alarm(signum: int, frame: object) -> None:
    raise Hang(f"pypto-opt took more than {TIME_LIMIT} s")


def run_opt(args: list[str]) -> tuple[int, str, str]:
    """`pypto-opt <args>` in this process: (exit status, stdout, stderr). A run that takes
    longer than `TIME_LIMIT` seconds fails the test (a regression: a catastrophic-backtracking
    pattern once made one typo hang the parser)."""
    out, err = io.StringIO(), io.StringIO()
    status = 0
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(TIME_LIMIT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(args))
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return status, out.getvalue(), err.getvalue()


def expected_line(path: Path) -> str:
    """The diagnostic the corpus file declares on its first line, with its path."""
    first = path.read_bytes().split(b"\n", 1)[0].decode()
    prefix = "// expected: "
    assert first.startswith(prefix), f"{path.name}: first line must be '{prefix}...'"
    return f"{path}:{first[len(prefix):]}"


@pytest.fixture(autouse=True)
def _no_traceback_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYPTO_OPT_TRACEBACK", raising=False)


def _assert_clean(*streams: str) -> None:
    for s in streams:
        assert "Traceback" not in s
        assert "internal error" not in s


def test_corpus_size() -> None:
    assert len(CORPUS) >= 25
    names = {p.name for p in CORPUS}
    for required in (
        "truncated_function.mlir",
        "unknown_op.mlir",
        "unknown_dialect_attribute.mlir",
        "wrong_argument_type.mlir",
        "undefined_value.mlir",
        "duplicate_ssa_name.mlir",
        "bad_direction_keyword.mlir",
        "deps_on_tensor.mlir",
        "unbalanced_open_brace.mlir",
        "garbage_bytes.mlir",
        "missing_kernel.mlir",
    ):
        assert required in names


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
@pytest.mark.parametrize("flags", [[], ["--split-input-file"]], ids=["plain", "split"])
def test_one_located_error(path: Path, flags: list[str]) -> None:
    status, out, err = run_opt([*flags, str(path)])
    _assert_clean(out, err)
    assert status == 1
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    m = DIAGNOSTIC.match(lines[0])
    assert m, lines[0]
    assert m.group("path") == str(path), lines[0]
    assert lines[0] == expected_line(path)


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
@pytest.mark.parametrize(
    "flags",
    [["--print-diagnostics"], ["--split-input-file", "--print-diagnostics"]],
    ids=["print", "split-print"],
)
def test_print_diagnostics_reports_and_succeeds(path: Path, flags: list[str]) -> None:
    status, out, err = run_opt([*flags, str(path)])
    _assert_clean(out, err)
    assert status == 0, err
    assert err == ""
    assert out.splitlines() == [expected_line(path)]


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_verify_diagnostics_reports_the_unexpected_error(path: Path) -> None:
    status, out, err = run_opt(["--verify-diagnostics", str(path)])
    _assert_clean(out, err)
    assert (status, out) == (1, "")
    where, _, message = expected_line(path).partition(": error: ")
    assert err.splitlines() == [f"{where}: error: unexpected error: {message}"]


@pytest.mark.parametrize(
    "name", ["garbage_bytes.mlir", "truncated_function.mlir", "deps_on_tensor.mlir"]
)
def test_console_script(name: str) -> None:
    """The installed `pypto-opt` executable behaves as the in-process entry point."""
    path = ROOT / "tests" / "malformed" / name
    res = subprocess.run([str(PYPTO_OPT), str(path)], capture_output=True, text=True)
    _assert_clean(res.stdout, res.stderr)
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.splitlines() == [expected_line(path)]


@pytest.mark.parametrize(
    "text", ["", "\n\n", "   \t\n", "// only a comment\n", "// a\n\n// b"],
    ids=["empty", "newlines", "blanks", "comment", "comments"],
)
def test_empty_input_is_an_empty_module(text: str, tmp_path: Path) -> None:
    path = tmp_path / "empty.mlir"
    path.write_text(text)
    status, out, err = run_opt([str(path)])
    assert (status, err) == (0, "")
    assert out.strip() == "builtin.module {\n}"


def _mutants(seed: int, count: int) -> list[tuple[str, str]]:
    """Deterministic damaged copies of the examples: truncations, deleted spans, inserted
    tokens (the corpus's kinds of damage, at positions the corpus does not pick)."""
    rnd = random.Random(seed)
    sources = sorted((ROOT / "examples").glob("*.mlir"))
    tokens = ["(", ")", "{", "}", ">", ",", ":", "=", "%a", "@k", "!pto_orch.task_id", "out",
              "deps(", "pto_rt.scope", "-1", '"', "^bb0:"]
    cases = []
    for i in range(count):
        src = sources[i % len(sources)]
        text = src.read_text()
        at = rnd.randrange(len(text))
        kind = i % 3
        if kind == 0:
            text, what = text[:at], f"cut@{at}"
        elif kind == 1:
            n = rnd.randrange(1, 10)
            text, what = text[:at] + text[at + n:], f"del{n}@{at}"
        else:
            tok = rnd.choice(tokens)
            text, what = text[:at] + tok + text[at:], f"ins{tok!r}@{at}"
        cases.append((f"{src.stem}-{what}", text))
    return cases


@pytest.mark.parametrize(("name", "text"), _mutants(2026, 48), ids=[n for n, _ in _mutants(2026, 48)])
def test_damaged_examples_never_crash(name: str, text: str, tmp_path: Path) -> None:
    """Damaged inputs either still parse and verify (exit 0, nothing on stderr) or give one
    located diagnostic (exit 1); never a traceback or an internal error."""
    path = tmp_path / "damaged.mlir"
    path.write_text(text)
    status, out, err = run_opt(["-p", "pto2-pipeline", str(path)])
    _assert_clean(out, err)
    if status == 0:
        assert err == ""
    else:
        assert status == 1
        lines = err.splitlines()
        assert len(lines) == 1, err
        m = DIAGNOSTIC.match(lines[0])
        assert m, lines[0]
        assert m.group("path") == str(path), lines[0]


def test_unterminated_string_before_a_long_line_is_fast(tmp_path: Path) -> None:
    """Regression: xDSL's string-literal pattern backtracked exponentially on a stray `"`
    followed by a long line (the run never ended)."""
    path = tmp_path / "quote.mlir"
    path.write_text('func.func @f() attributes {note = "' + "x, (y) : z " * 40 + "} {\n}\n")
    status, _out, err = run_opt([str(path)])
    assert status == 1
    assert err.splitlines() == [
        f"{path}:1:35: error: unterminated string literal: the closing '\"' is missing on its line"
    ]
