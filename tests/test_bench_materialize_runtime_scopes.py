"""Smoke run of bench/bench_materialize_runtime_scopes.py at a tiny size: the generated program
parses, the pass output verifies (the benchmark checks it), and one row with the ratio is
printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "bench_materialize_runtime_scopes.py"


def test_bench_runs_at_a_tiny_size() -> None:
    res = subprocess.run(
        [sys.executable, str(BENCH), "--sizes", "120", "--ops-per-func", "60"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    rows = [line.split() for line in res.stdout.splitlines() if re.match(r"\s+120\s", line)]
    assert len(rows) == 1, res.stdout
    _size, ops, scopes, parse_s, _pass_s, ratio = rows[0]
    assert int(ops) >= 120
    assert int(scopes) > 0
    assert float(parse_s) > 0
    assert float(ratio) > 0
