"""`pypto-run --max-faults N`: a program of many unordered writers has a race per pair (a
breaker session's 3000 writers printed 4.5 million lines); pypto-run prints the first N fault
lines (100 by default, 0 for all), then how many it left out. The summary line counts every
race, and the exit status is 1 either way."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from opt_runner import run_main
from pypto_dialects.tools.pypto_run import MAX_FAULTS, main

T = "tensor<16xf32>"


def writers(n: int) -> str:
    """`n` tasks that each write all of %o in a manual scope with no dependency: every pair
    of them races (WAW), n * (n - 1) / 2 races."""
    calls = "".join(f"    %w{k} = pto_orch.call @acc(%o) : ({T}) -> {T}\n" for k in range(n))
    return (
        f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
        f"func.func @f(%o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}) attributes "
        "{pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
        f"  pto_rt.scope manual {{\n{calls}  }}\n  func.return\n}}\n"
    )


@pytest.mark.parametrize(("n", "limit", "shown"), [
    (16, None, MAX_FAULTS),  # 120 races, the default shows 100
    (16, "7", 7),
    (16, "0", 120),  # 0: all of them
    (5, "20", 10),  # fewer races than the limit: all, and no note
])
def test_at_most_n_fault_lines(tmp_path: Path, n: int, limit: str | None, shown: int) -> None:
    src = tmp_path / "t.mlir"
    src.write_text(writers(n))
    kernels = tmp_path / "k.py"
    kernels.write_text("def acc(o):\n    o += 1\n")
    np.save(tmp_path / "o.npy", np.zeros(16, np.float32))
    argv = [src, "-p", "pto2-pipeline", "--kernels", kernels,
            "--arg", f"o={tmp_path / 'o.npy'}"]
    res = run_main(main, [*argv, *(["--max-faults", limit] if limit else [])])
    races = n * (n - 1) // 2
    assert res.status == 1
    assert f", {races} races, " in res.out
    lines = res.err.splitlines()
    assert all(" op WAW race on %o: " in line for line in lines[:shown])
    if shown < races:
        assert lines[shown:] == [
            f"pypto-run: {races - shown} more faults not shown (--max-faults 0 prints them all)"]
    else:
        assert len(lines) == races


@pytest.mark.parametrize("bad", ["-1", "x"])
def test_a_bad_limit_is_a_usage_error(tmp_path: Path, bad: str) -> None:
    src = tmp_path / "t.mlir"
    src.write_text(writers(2))
    res = run_main(main, [src, "--max-faults", bad])
    assert res.status == 2
    assert res.err == (
        f"pypto-run: error: argument --max-faults: expected an integer >= 0, got '{bad}' "
        "(see pypto-run --help)\n")
