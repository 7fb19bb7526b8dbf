"""The repository is clean under ruff with the selection in pyproject.toml ([tool.ruff]),
xDSL's own choice of rules; the pinned ruff comes with the test extras."""

from __future__ import annotations

import subprocess
import sys

from opt_runner import ROOT


def test_ruff_check_is_clean() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stdout + res.stderr
