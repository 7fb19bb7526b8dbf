"""Every program in examples/ parses, verifies and round-trips through pypto-opt.

docs/testing.md (round-trip tests, custom -> generic -> custom) (the examples
list). A round trip must reproduce the printed module exactly, SSA names included: the C++
printer takes C++ names from them.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from opt_runner import EXAMPLES, opt_ok, opt_text

EXPECTED = {
    "orch_basic",
    "for_carry",
    "if_else",
    "softmax_tuple",
    "group_kernel",
    "dynamic_dim",
    "manual_submit",
    "case1_manual_parallel",
}
FILES = sorted(EXAMPLES.glob("*.mlir"))
IDS = [p.stem for p in FILES]


def test_every_required_example_exists() -> None:
    assert EXPECTED <= set(IDS), f"missing examples: {sorted(EXPECTED - set(IDS))}"


def test_every_example_has_a_header_comment() -> None:
    for path in FILES:
        first = path.read_text().splitlines()[0]
        assert first.startswith("// "), f"{path.name} starts without a header comment"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_custom_round_trip(path: Path, tmp_path: Path) -> None:
    """custom -> custom: printing the parsed example and parsing that again is a fixpoint."""
    first = opt_ok([str(path)])
    assert first.startswith("builtin.module {\n")
    assert opt_text(first, tmp_path, "again.mlir") == first


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_generic_round_trip(path: Path, tmp_path: Path) -> None:
    """custom -> generic -> custom gives the same module as custom -> custom."""
    custom = opt_ok([str(path)])
    generic = opt_ok(["--print-op-generic", str(path)])
    assert '"pto_orch.' in generic
    assert "pto_orch.call @" not in generic
    assert opt_text(generic, tmp_path, "generic.mlir") == custom
    # and the generic form is itself a fixpoint
    assert opt_text(generic, tmp_path, "generic2.mlir", "--print-op-generic") == generic


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_keeps_its_ssa_names(path: Path) -> None:
    """Every `%name` the example defines survives printing (the C++ names come from them)."""
    src = path.read_text()
    out = opt_ok([str(path)])
    defined = set(re.findall(r"%([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|,|:)", src))
    printed = set(re.findall(r"%([A-Za-z_][A-Za-z0-9_]*)", out))
    assert defined
    assert defined <= printed, sorted(defined - printed)


def test_console_script_prints_orch_basic() -> None:
    """The README's main command, through the real console script (one subprocess)."""
    exe = Path(sys.executable).parent / "pypto-opt"
    res = subprocess.run(
        [str(exe), str(EXAMPLES / "orch_basic.mlir")], capture_output=True, text=True
    )
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    lines = [line.strip() for line in res.stdout.splitlines()]
    assert lines[0] == "builtin.module {"
    assert lines.count(
        "%d1 = pto_orch.call @kernel_add(%c1, %b, %d) : (tensor<16x16xf32>, "
        "tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>"
    ) == 1
