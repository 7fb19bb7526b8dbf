"""Brace-scope check of the pto2-cpp target (issue 6, rule 6): in every C++ file the target
emits in the test suite, no identifier is used outside the `{...}` block that declares it.

A manual scope is a scheduling region, not a storage scope: tensors created in it are
allocated before its header, outputs aliasing outer tensors keep the outer name, and loop
carries / if results declared directly in it are declared before the header. The checker
(tests/support/brace_scopes.py) walks the emitted text block by block, so a hoisting or
remapping mistake shows up as a name used after the `}` that ended its block, whichever
program triggers it. Inputs: every example after `pto2-pipeline` and every printer test input
under tests/filecheck/targets/pto2_cpp/ (the same set as the compile check).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from opt_runner import EXAMPLES, ROOT
from support.brace_scopes import scope_violations

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module

PRINTER_TESTS = ROOT / "tests" / "filecheck" / "targets" / "pto2_cpp"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.mlir"))
TEST_INPUTS = sorted(
    p
    for p in PRINTER_TESTS.glob("*.mlir")
    if "--verify-diagnostics" not in p.read_text() and "func.func" in p.read_text()
)


def _files(path: Path, pipeline: bool) -> dict[str, str]:
    module = parse_module(make_context(), path.read_text(), str(path))
    files = generate_module(module, pto2_pipeline=pipeline).files
    return {name: text for name, text in files.items() if name.endswith(".cpp")}


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_names_stay_in_their_blocks(path: Path) -> None:
    for name, text in _files(path, True).items():
        assert scope_violations(text) == [], name


@pytest.mark.parametrize("path", TEST_INPUTS, ids=[p.stem for p in TEST_INPUTS])
def test_printer_test_input_names_stay_in_their_blocks(path: Path) -> None:
    for name, text in _files(path, False).items():
        assert scope_violations(text) == [], name


def test_inputs_include_the_manual_scope_programs() -> None:
    stems = {p.stem for p in TEST_INPUTS} | {p.stem for p in EXAMPLE_FILES}
    assert {"manual_scope", "retain", "array_carry", "case1_manual_parallel", "manual_submit"} <= stems


# -- the checker itself ---------------------------------------------------------------------


def test_checker_catches_an_unhoisted_carry() -> None:
    """The emitted @hoisting of manual_scope.mlir is clean; the same text with the hoisted
    declarations moved back into the manual block (what the printer would print without
    rule 6) is caught at the tasks after the block."""
    text = _files(PRINTER_TESTS / "manual_scope.mlir", False)["orchestration/hoisting.cpp"]
    assert scope_violations(text) == []
    lines = text.splitlines()
    hoisted = ["        Tensor x = buf;", "        int64_t k = 0;", "        Tensor sel;"]
    header = lines.index("        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {")
    assert lines[header - 3 : header] == hoisted
    broken = lines[: header - 3] + [lines[header]] + ["    " + h for h in hoisted] + lines[header + 1 :]
    found = scope_violations("\n".join(broken))
    assert any("'x' used outside" in v for v in found), found
    assert any("'sel' used outside" in v for v in found), found


def test_checker_scopes_for_init_union_members_and_initializers() -> None:
    code = """
void f(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    PTO2_SCOPE() {
        uint32_t s[2] = {16, 16};
        Tensor t = from_tensor_arg(orch_args.tensor(0));
        for (int64_t i = 0; i < 4; ++i)
            t = t;
        int64_t j = i;
        for (int64_t k = 0; k < 2; ++k) {
            if (s[k] > 0)
                j = k;
        }
        union { uint64_t u64; float val; } c_conv;
        c_conv.u64 = 1;
        float q = val;
        int64_t j = 2;
    }
    Arg a;
    a.add_input(t);
}
"""
    assert scope_violations(code) == [
        "line 9: 'i' used outside the block that declares it",
        "line 16: 'val' used outside the block that declares it",
        "line 17: 'j' declared twice in one block",
        "line 20: 't' used outside the block that declares it",
    ]
