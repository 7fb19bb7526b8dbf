"""Interop with upstream MLIR (docs/testing.md): the generic form of
every example is read by `mlir-opt --allow-unregistered-dialect`, and mlir-opt's generic
output parses back in pypto-opt to the same module.

mlir-opt sorts attributes and renumbers SSA values, so modules are compared through mlir-opt:
A = mlir-opt(pypto-opt --print-op-generic example), B = mlir-opt(pypto-opt --print-op-generic A),
and A == B. Locations are checked separately: the `file:line:col` of every op survives both
trips, with the location aliases mlir-opt prints after the module or inline
(`--mlir-print-local-scope`). Names survive as locations (`--name-locs`, MLIR's NameLoc): the
C++ of every example through `mlir-opt --canonicalize --cse` is the C++ of the example.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from opt_runner import EXAMPLES, MLIR_OPT, opt_ok, opt_text, run_opt

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


@pytest.mark.parametrize("local_scope", [True, False], ids=["inline", "aliases"])
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_locations_survive_mlir_opt(path: Path, tmp_path: Path, local_scope: bool) -> None:
    generic = opt_ok(["--print-op-generic", "--print-debuginfo", str(path)])
    ours = LOC.findall(generic)
    assert ours, "pypto-opt printed no file:line:col locations"
    a = mlir_opt(generic, "--mlir-print-debuginfo", *(["--mlir-print-local-scope"] * local_scope))
    if local_scope:
        assert sorted(LOC.findall(a)) == sorted(ours)
    else:  # `#loc3 = loc("f":3:5)` after the module, used above it as loc(#loc3)
        assert re.search(r"^#loc\d* = loc\(", a, re.M)
        assert "loc(#loc" in a
    back = opt_text(a, tmp_path, "with_locs.mlir", "--print-op-generic", "--print-debuginfo")
    # every op keeps its original location; only the module (implicit in the example, so
    # `loc(unknown)` upstream) is stamped with the position in the re-read file
    src = str(tmp_path / "with_locs.mlir")
    assert sorted(loc for loc in LOC.findall(back) if loc[0] != src) == sorted(ours)


CPP = ["-p", "pto2-pipeline", "-t", "pto2-cpp"]


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_names_survive_mlir_opt_as_locations(path: Path, tmp_path: Path) -> None:
    direct = opt_ok([*CPP, str(path)])
    generic = opt_ok(["--print-op-generic", "--name-locs", str(path)])
    upstream = mlir_opt(generic, "--mlir-print-debuginfo", "--canonicalize", "--cse")
    assert "%arg0" in upstream  # mlir-opt did rename the values
    assert opt_text(upstream, tmp_path, "through_mlir_opt.mlir", *CPP) == direct


def test_without_name_locations_mlir_opt_loses_the_names(tmp_path: Path) -> None:
    path = EXAMPLES / "for_carry.mlir"
    generic = opt_ok(["--print-op-generic", "--print-debuginfo", str(path)])
    upstream = mlir_opt(generic, "--mlir-print-debuginfo")
    cpp = opt_text(upstream, tmp_path, "no_names.mlir", *CPP)
    assert "Tensor ext_arg0 = " in cpp
    assert "ext_a " not in cpp
    assert "Tensor ext_a = " in opt_ok([*CPP, str(path)])


NAMED_RESULTS = """\
func.func @f(%n: index, %x: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p, %q = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i64, i64) {
    scf.yield %b, %a : i64, i64
  }
  func.return %p, %q : i64, i64
}
"""


def test_several_named_results_and_block_arguments_come_back(tmp_path: Path) -> None:
    generic = opt_text(NAMED_RESULTS, tmp_path, "multi.mlir", "--print-op-generic", "--name-locs")
    assert 'loc(fused["p"(' in generic
    assert ', "q"])' in generic
    upstream = mlir_opt(generic, "--mlir-print-debuginfo")
    assert "%p" not in upstream
    back = opt_text(upstream, tmp_path, "multi_back.mlir")
    assert "%p, %q = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x)" in back
    assert "func.return %p, %q : i64, i64" in back


def test_a_name_of_the_text_wins_over_its_location(tmp_path: Path) -> None:
    text = (
        'func.func @f(%arg0: i64 loc("x"), %y: i64 loc("z")) -> i64 {\n'
        '  %0 = arith.addi %arg0, %y : i64 loc("sum")\n'
        '  %w = arith.muli %0, %0 : i64 loc("9bad")\n'
        "  func.return %w : i64\n}\n"
    )
    out = opt_text(text, tmp_path, "names.mlir")
    # %arg0 is an invented name: the location's `x` replaces it; %y is the user's own
    assert "func.func @f(%x: i64, %y: i64) -> i64 {" in out
    assert "%sum = arith.addi %x, %y : i64" in out
    assert "%w = arith.muli %sum, %sum : i64" in out  # `9bad` is not an SSA name: ignored


def test_diagnostics_after_mlir_opt_point_into_the_original_file(tmp_path: Path) -> None:
    src = tmp_path / "orig.mlir"
    src.write_text(
        "pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>\n"
        "func.func @f(%a: tensor<4xf32>) attributes "
        "{pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        "  %u = pto_orch.call @k(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
        "  func.return\n}\n"
    )
    generic = opt_ok(["--print-op-generic", "--name-locs", "--disable-verify", str(src)])
    upstream = tmp_path / "upstream.mlir"
    upstream.write_text(mlir_opt(generic, "--mlir-print-debuginfo"))
    res = run_opt([*CPP, str(upstream)])
    assert res.status == 1
    assert res.err.startswith(f"{src}:3:")


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
