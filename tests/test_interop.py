"""Interop with upstream MLIR (docs/testing.md): the generic form of
every example is read by `mlir-opt --allow-unregistered-dialect`, and mlir-opt's generic
output parses back in pypto-opt to the same module.

mlir-opt sorts attributes and renumbers SSA values, so modules are compared through mlir-opt:
A = mlir-opt(pypto-opt --print-op-generic example), B = mlir-opt(pypto-opt --print-op-generic A),
and A == B. Locations are checked separately: the `file:line:col` of every op survives both
trips (mlir-opt with `--mlir-print-local-scope`, as xDSL cannot read location aliases).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from opt_runner import EXAMPLES, MLIR_OPT, opt_ok, opt_text

FILES = sorted(EXAMPLES.glob("*.mlir"))
IDS = [p.stem for p in FILES]

pytestmark = pytest.mark.skipif(
    not MLIR_OPT.exists(),
    reason=f"upstream mlir-opt not found at {MLIR_OPT} (Debian package mlir-19-tools; "
    "scripts/test.sh installs it)",
)

LOC = re.compile(r'loc\("([^"]*)":(\d+):(\d+)\)')


def mlir_opt(text: str, *flags: str) -> str:
    """Run upstream mlir-opt on `text` (generic printing, unregistered dialects allowed)."""
    res = subprocess.run(
        [str(MLIR_OPT), "--allow-unregistered-dialect", "--mlir-print-op-generic", *flags],
        input=text,
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, f"mlir-opt rejected the input:\n{res.stderr}\n--- input:\n{text}"
    return res.stdout


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_mlir_opt_reads_our_generic_form_and_we_read_its(path: Path, tmp_path: Path) -> None:
    generic = opt_ok(["--print-op-generic", str(path)])
    a = mlir_opt(generic)
    # upstream kept our ops (as unregistered ops) and their properties
    for op in re.findall(r'"(pto_[a-z]+\.[a-z_]+)"', generic):
        assert f'"{op}"' in a
    assert "#pto_orch.kind<orchestration>" in a
    # mlir-opt's output parses and verifies in pypto-opt ...
    back = opt_text(a, tmp_path, "from_mlir_opt.mlir", "--print-op-generic")
    # ... and is the same module
    b = mlir_opt(back)
    assert a == b
    # the custom form of what came back equals ours up to SSA names (mlir-opt renumbers)
    custom_back = opt_text(a, tmp_path, "from_mlir_opt2.mlir")
    assert _strip_ssa_names(custom_back) == _strip_ssa_names(opt_ok([str(path)]))


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_locations_survive_mlir_opt(path: Path, tmp_path: Path) -> None:
    generic = opt_ok(["--print-op-generic", "--print-debuginfo", str(path)])
    ours = LOC.findall(generic)
    assert ours, "pypto-opt printed no file:line:col locations"
    a = mlir_opt(generic, "--mlir-print-debuginfo", "--mlir-print-local-scope")
    assert sorted(LOC.findall(a)) == sorted(ours)
    back = opt_text(a, tmp_path, "with_locs.mlir", "--print-op-generic", "--print-debuginfo")
    # every op keeps its original location; only the module (implicit in the example, so
    # `loc(unknown)` upstream) is stamped with the position in the re-read file
    src = str(tmp_path / "with_locs.mlir")
    assert sorted(loc for loc in LOC.findall(back) if loc[0] != src) == sorted(ours)


def test_cli_pipe_through_mlir_opt() -> None:
    """The documented shell pipe, with the real console script on both ends."""
    exe = str(Path(sys.executable).parent / "pypto-opt")
    generic = subprocess.run(
        [exe, "--print-op-generic", str(EXAMPLES / "case1_manual_parallel.mlir")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    upstream = mlir_opt(generic)
    res = subprocess.run([exe], input=upstream, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "} {pto_orch.parallel}" in res.stdout
    assert "pto_rt.scope manual -> (tensor<256x16xf32>) {" in res.stdout


def _strip_ssa_names(text: str) -> str:
    """Replace SSA value names by `%_` (mlir-opt renumbers them, the structure must match)."""
    return re.sub(r"%[A-Za-z0-9_$.-]+(#\d+)?", "%_", text)
