"""Fuzz `pypto-opt` with mutated inputs: bytes and tokens of examples/*.mlir and
tests/malformed/*.mlir.

    python -m tests.fuzz.fuzz --count 10000 --seed 1 --timeout 10 [--report out.json]

Each input runs in a forked child (state stays isolated, a hang is killed after `--timeout`
seconds) in one of a few modes: print back, the whole pipeline to C++ on stdout, the pipeline
with `-o DIR/`, `--disable-verify`, `--split-input-file --verify-diagnostics`. A run counts as
a finding when it
- prints a Python traceback or `internal error` (crash),
- does not finish within the timeout (hang),
- exits 0 with C++ that holds a line whose shape (identifiers, numbers and string contents
  masked) the printer never prints for the unmutated corpus (unexpected C++ line),
- writes a file outside its `-o` folder (escape).
The counts go to stdout as one JSON object; `--report` keeps every finding's input.
Not part of the normal test suite: tests/test_fuzz_smoke.py runs a few fixed-seed inputs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import select
import signal
import sys
import tempfile
import time
from pathlib import Path

from pypto_dialects.tools.pypto_opt import main as opt_main

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "examples").glob("*.mlir")) + sorted((ROOT / "tests" / "malformed").glob("*.mlir"))
TOKEN = re.compile(rb'"(?:[^"\\\n]|\\.)*"|[%@#^]?[A-Za-z_][\w.$-]*|-?\d+(?:\.\d+)?|//[^\n]*|\s+|.', re.S)
INTERESTING = [
    b"0", b"-1", b"4294967296", b"100000000000", b"9" * 30, b"?", b"@\"a\\nb\"", b"@\"../../x\"",
    b"\"\\n#include <x>\\n\"", b"{", b"}", b"(", b")", b"<", b">", b"[", b"]", b",", b":", b"=",
    b"in", b"out", b"inout", b"no_dep", b"// -----\n", b"\x00", b"\xff", b"tensor<?x4xf32>",
    b"tensor<4294967296xf32>", b"i64", b"index", b"returns [0, 0]", b"%a", b"%0", b"@k",
]
MODES = [
    [],
    ["-p", "pto2-pipeline", "-t", "pto2-cpp"],
    ["-p", "pto2-pipeline", "-t", "pto2-cpp", "-o", "{out}/"],
    ["--disable-verify", "-p", "pto2-pipeline", "-t", "pto2-cpp"],
    ["--split-input-file", "--verify-diagnostics"],
]
MASK = [
    (re.compile(r'"(?:[^"\\]|\\.)*"'), '"S"'),
    (re.compile(r"\b[A-Za-z_]\w*\b"), "I"),
    (re.compile(r"\b\d+\b"), "N"),
    (re.compile(r"(I|N)(\s*(::|\.|->)\s*(I|N))+"), "I"),
    (re.compile(r"\s+"), " "),
]


def shape(line: str) -> str:
    """The line with identifiers, numbers and string contents masked."""
    for pattern, repl in MASK:
        line = pattern.sub(repl, line)
    return line.strip()


def mutate(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    """One to four byte or token mutations of `data`."""
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        if rng.random() < 0.35 and data:  # bytes
            i = rng.randrange(len(data))
            kind = rng.randrange(4)
            if kind == 0:
                data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
            elif kind == 1:
                data = data[:i] + bytes([rng.randrange(256)]) + data[i:]
            elif kind == 2:
                data = data[:i] + data[i + rng.randint(1, 16) :]
            else:
                j = rng.randrange(i, min(len(data), i + 64) + 1)
                data = data[:i] + data[i:j] * rng.randint(2, 4) + data[j:]
        else:  # tokens
            toks = TOKEN.findall(data) or [b""]
            i = rng.randrange(len(toks))
            kind = rng.randrange(6)
            if kind == 5:  # a number for a number, a name for a name: often still valid
                same = [t for t in pool if t[:1].isdigit() == toks[i][:1].isdigit()
                        and t[:1] == toks[i][:1]] or pool
                toks[i] = rng.choice(same)
            elif kind == 0:
                toks[i] = rng.choice(pool)
            elif kind == 1:
                toks[i] = rng.choice(INTERESTING)
            elif kind == 2:
                del toks[i]
            elif kind == 3:
                toks.insert(i, rng.choice(pool + INTERESTING))
            else:
                j = rng.randrange(len(toks))
                toks[i], toks[j] = toks[j], toks[i]
            data = b"".join(toks)
    return data


def run_child(args: list[str], timeout: float) -> tuple[str, int, str, str]:
    """Run `pypto-opt args` in a forked child: (outcome, status, stdout, stderr), outcome is
    'ok' or 'hang'."""
    r_fd, w_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns into the parent's loop
        try:
            os.close(r_fd)
            out, err = io.StringIO(), io.StringIO()
            status = 0
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    opt_main(args)
                except SystemExit as e:
                    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                except BaseException:
                    import traceback

                    err.write("Traceback (escaped main)\n" + traceback.format_exc())
                    status = 99
            payload = json.dumps([status, out.getvalue(), err.getvalue()]).encode()
            with os.fdopen(w_fd, "wb") as w:
                w.write(payload)
        finally:
            os._exit(0)
    os.close(w_fd)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    with os.fdopen(r_fd, "rb") as r:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return "hang", -1, "", ""
            ready, _, _ = select.select([r], [], [], left)
            if ready:
                block = os.read(r.fileno(), 1 << 16)
                if not block:
                    break
                chunks.append(block)
    _, wstatus = os.waitpid(pid, 0)
    if not chunks:
        return "ok", 98, "", f"child died: wait status {wstatus}"
    status, out, err = json.loads(b"".join(chunks))
    return "ok", status, out, err


def known_shapes(workdir: Path, timeout: float) -> set[str]:
    """Shapes of the C++ lines the printer prints for the unmutated examples and the
    printer's FileCheck inputs."""
    shapes: set[str] = set()
    inputs = sorted((ROOT / "examples").glob("*.mlir")) + sorted(
        (ROOT / "tests" / "filecheck" / "targets").rglob("*.mlir")
    )
    for path in inputs:
        _, _status, out, _ = run_child(["--split-input-file", "-p", "pto2-pipeline", "-t", "pto2-cpp", str(path)], timeout)
        shapes.update(shape(line) for line in out.splitlines())
    return shapes


def all_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--report", type=Path)
    ap.add_argument("--progress", type=int, default=0, help="print counts every N inputs (stderr)")
    opts = ap.parse_args(argv)
    rng = random.Random(opts.seed)
    seeds = [p.read_bytes() for p in SEEDS]
    examples = [p.read_bytes() for p in SEEDS if p.parent.name == "examples"]
    pool = sorted({t for s in seeds for t in TOKEN.findall(s) if t.strip()})
    counts = {"inputs": 0, "exit0": 0, "exit1": 0, "other_exit": 0, "traceback": 0,
              "internal_error": 0, "hang": 0, "unexpected_cpp_line": 0, "escape": 0}
    findings: list[dict[str, object]] = []
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:  # import every module the runs use once, before forking
            opt_main(["-p", "pto2-pipeline", "-t", "pto2-cpp", str(ROOT / "examples" / "orch_basic.mlir")])
        except SystemExit:
            pass
    with tempfile.TemporaryDirectory(prefix="pypto-fuzz-") as tmp:
        work = Path(tmp)
        shapes = known_shapes(work, opts.timeout)
        counts["known_cpp_line_shapes"] = len(shapes)
        for n in range(opts.count):
            data = mutate(rng.choice(examples if rng.random() < 0.7 else seeds), rng, pool)
            mode = rng.choice(MODES)
            case = work / f"case{n % 4}"
            case.mkdir(exist_ok=True)
            for p in sorted(case.rglob("*"), reverse=True):
                p.unlink() if p.is_file() else p.rmdir()
            src = case / "in" / "input.mlir"
            src.parent.mkdir()
            src.write_bytes(data)
            out_dir = case / "in" / "out"
            args = [a.replace("{out}", str(out_dir)) for a in mode] + [str(src)]
            outcome, status, out, err = run_child(args, opts.timeout)
            counts["inputs"] += 1
            kinds = []
            if outcome == "hang":
                kinds.append("hang")
            else:
                key = {0: "exit0", 1: "exit1"}.get(status, "other_exit")
                counts[key] += 1
                if "Traceback" in err or "Traceback" in out:
                    kinds.append("traceback")
                if "internal error" in err:
                    kinds.append("internal_error")
                if status == 0 and "pto2-cpp" in mode:
                    texts = [out] + [p.read_text(errors="replace") for p in all_files(out_dir) if p.suffix == ".cpp"]
                    bad = [l for t in texts for l in t.splitlines() if shape(l) not in shapes]
                    if bad:
                        kinds.append("unexpected_cpp_line")
                        err = err + "\nunexpected C++ lines:\n" + "\n".join(bad[:5])
                outside = [p for p in all_files(case) if not (p == src or out_dir in p.parents)]
                if outside:
                    kinds.append("escape")
                    err = err + f"\nfiles outside the output folder: {outside}"
            for k in kinds:
                counts[k] += 1
            if kinds:
                findings.append({"n": n, "kinds": kinds, "args": mode, "status": status,
                                 "input": data.decode("utf-8", "replace"), "stderr": err[-2000:]})
            if opts.progress and (n + 1) % opts.progress == 0:
                print(json.dumps(counts), file=sys.stderr, flush=True)
                if opts.report:
                    opts.report.write_text(json.dumps({"counts": counts, "findings": findings}, indent=1))
    if opts.report:
        opts.report.write_text(json.dumps({"counts": counts, "findings": findings}, indent=1))
    print(json.dumps(counts))
    return 0 if len(findings) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
