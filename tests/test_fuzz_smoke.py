"""A few fixed-seed inputs of the fuzz harness (tests/fuzz/fuzz.py; the long runs are made by
hand, docs/testing.md "Fuzzing"): none gives a traceback, an internal error, a hang, C++ with
a line the printer never prints, or a file outside the output folder; and the harness flags
an injected C++ line."""

from __future__ import annotations

import json
from pathlib import Path

from fuzz import fuzz


def test_fixed_seed_inputs_are_clean(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    status = fuzz.main(["--count", "25", "--seed", "1", "--timeout", "30", "--report", str(report)])
    data = json.loads(report.read_text())
    assert data["findings"] == []
    assert status == 0
    counts = data["counts"]
    assert counts["inputs"] == 25
    assert counts["exit0"] + counts["exit1"] == 25


def test_an_injected_line_has_an_unknown_shape() -> None:
    known = {fuzz.shape(line) for line in ["        // Task 0: kernel_add", "        Arg params_t0;"]}
    assert fuzz.shape("    // Task 3: other_kernel") in known
    assert fuzz.shape("int x = 1;") not in known
