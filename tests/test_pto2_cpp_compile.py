"""Compile check of the pto2-cpp target (DESIGN.md section 7): every C++ file the target
emits in the test suite compiles with `g++ -std=c++17 -fsyntax-only` against
tests/support/pto_orchestration_api.h, and also with -Wall -Wextra -Werror (no unused
variables, no sign-compare traps).

Inputs: every example after `pto2-pipeline` (the manual-scope ones included), and every
printer test input under tests/filecheck/targets/pto2_cpp/ (the error tests, and the
end-to-end tests that run the examples, excepted).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from opt_runner import EXAMPLES, ROOT
from support.compile_check import syntax_check

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module

PRINTER_TESTS = ROOT / "tests" / "filecheck" / "targets" / "pto2_cpp"
MANUAL = {"manual_submit", "case1_manual_parallel"}

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.mlir"))
TEST_INPUTS = sorted(
    p
    for p in PRINTER_TESTS.glob("*.mlir")
    if "--verify-diagnostics" not in p.read_text() and "func.func" in p.read_text()
)


def _module(path: Path):  # type: ignore[no-untyped-def]
    return parse_module(make_context(), path.read_text(), str(path))


def _compile_all(files: dict[str, str]) -> None:
    cpp = {name: text for name, text in files.items() if name.endswith(".cpp")}
    assert cpp, "no C++ file emitted"
    for name, text in cpp.items():
        base = Path(name).name
        res = syntax_check(text, name=base)
        assert res.returncode == 0, f"{name}:\n{res.stderr}"
        res = syntax_check(text, name=base, strict=True)
        assert res.returncode == 0, f"{name} (-Wall -Wextra -Werror):\n{res.stderr}"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_compiles(path: Path) -> None:
    result = generate_module(_module(path), pto2_pipeline=True)
    assert [r.function for r in result.results] == [path.stem]
    _compile_all(result.files)


PIPELINE_PROGRAMS = sorted(
    p for d in ("loop_yields", "waw_external") for p in (PRINTER_TESTS / d).glob("*.mlir")
)


@pytest.mark.parametrize("path", PIPELINE_PROGRAMS, ids=[p.stem for p in PIPELINE_PROGRAMS])
def test_pipeline_program_compiles(path: Path) -> None:
    """The programs kept for execution (pipeline input) after pto2-pipeline."""
    _compile_all(generate_module(_module(path), pto2_pipeline=True).files)


@pytest.mark.parametrize("path", TEST_INPUTS, ids=[p.stem for p in TEST_INPUTS])
def test_printer_test_input_compiles(path: Path) -> None:
    _compile_all(generate_module(_module(path)).files)


def test_inputs_are_found() -> None:
    assert len(EXAMPLE_FILES) >= 6
    assert len(TEST_INPUTS) >= 15


def test_manual_examples_are_compiled() -> None:
    assert MANUAL <= {p.stem for p in EXAMPLE_FILES}
