"""Drives the lit + FileCheck suite from pytest: lit runs once per session (in parallel) and
each .mlir test under tests/filecheck becomes one pytest test, so CI counts them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "filecheck"
FILES = sorted(
    p for p in SUITE.rglob("*.mlir") if "Inputs" not in p.parts and "Output" not in p.parts
)


@pytest.fixture(scope="session")
def lit_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("lit") / "results.json"
    lit = Path(sys.executable).parent / "lit"
    jobs = str(max(2, os.cpu_count() or 2))
    subprocess.run(
        [str(lit), "-q", "-j", jobs, "-o", str(out), str(SUITE)],
        cwd=ROOT,
        check=False,
        capture_output=True,
    )
    data = json.loads(out.read_text())
    return {t["name"].split(" :: ", 1)[1]: t for t in data["tests"]}


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SUITE)) for p in FILES])
def test_filecheck(path: Path, lit_results: dict[str, dict]) -> None:
    rel = str(path.relative_to(SUITE))
    assert rel in lit_results, f"lit did not run {rel}"
    result = lit_results[rel]
    assert result["code"] == "PASS", result.get("output", "")
