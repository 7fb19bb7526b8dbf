"""Run the `pypto-opt` driver in-process (the tests' fast path: no 0.3 s interpreter start per
call). Same code as the console script: `pypto_dialects.tools.pypto_opt.main`."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pypto_dialects.tools.pypto_opt import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MLIR_OPT = Path("/usr/lib/llvm-19/bin/mlir-opt")


@dataclass
class OptResult:
    """Exit status, stdout and stderr of one in-process `pypto-opt` run."""

    status: int
    out: str
    err: str


def run_main(entry: Callable[[list[str]], None], args: Sequence[object]) -> OptResult:
    """Run a console script's `main` (pypto-opt, pypto-run, pypto-graph) in this process on
    `args` (each made a string) and capture its streams and exit status (`sys.exit("msg")`
    counts as status 1 with `msg` on stderr, as the interpreter prints it)."""
    out, err = io.StringIO(), io.StringIO()
    status = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            entry([str(a) for a in args])
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
            if isinstance(exc.code, str):
                err.write(exc.code)
    return OptResult(status, out.getvalue(), err.getvalue())


def run_opt(args: list[str]) -> OptResult:
    """Run `pypto-opt <args>` in this process and capture its streams and exit status."""
    return run_main(main, args)


def opt_ok(args: list[str]) -> str:
    """`run_opt` that must succeed; returns stdout (the assertion message is the stderr)."""
    res = run_opt(args)
    assert res.status == 0, f"pypto-opt {' '.join(args)} exited {res.status}:\n{res.err}"
    assert "Traceback" not in res.err
    return res.out


def opt_text(text: str, tmp_path: Path, name: str, *flags: str) -> str:
    """Write `text` to `tmp_path/name` and return `pypto-opt <flags> <file>`'s output."""
    path = tmp_path / name
    path.write_text(text)
    return opt_ok([*flags, str(path)])
