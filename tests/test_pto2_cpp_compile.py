"""Every C++ file the test suite generates compiles against our model of the PTO2 runtime's API
header (tests/support/pto2_model/<generation>/, written from docs/runtime-api.md's facts) with
`g++ -std=c++17 -Wall -Wextra -Werror` (support.model_header.compile_check), in both API
generations: the printer's default output (`api=seed`) against the seed model, and its
`api=current` output against the current model. And one generation's output does not compile
against the other generation's model (the half-port trap, shown on the printer's real output).

The list: every example after `pto2-pipeline`, every function of every printer test input under
tests/filecheck/targets/pto2_cpp/ (as the printer tests print them: after the passes their RUN
line runs; the error and --verify-diagnostics inputs excepted), and every function of every execution program
under tests/execution/ (after `pto2-pipeline`). One test walks the list and fails on the first
file that does not compile, naming it and quoting g++.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import model_header
from support.execution import (
    EXAMPLES,
    PRINTER_TESTS,
    PROGRAMS,
    Pipeline,
    all_inputs,
    generate_files,
)


def _inputs() -> list[tuple[Path, Pipeline]]:
    """(file, the passes run first) for every program whose C++ the suite generates."""
    return all_inputs()


def _cpp_files(path: Path, pipeline: Pipeline, api: str = "seed") -> dict[str, str]:
    files = generate_files(path, pipeline, api)
    return {name: text for name, text in files.items() if name.endswith(".cpp")}


@pytest.mark.parametrize("api", model_header.GENERATIONS)
def test_every_generated_file_compiles_against_the_model_header(api: str) -> None:
    count = 0
    for path, pipeline in _inputs():
        files = _cpp_files(path, pipeline, api)
        assert files, f"{path}: no C++ emitted"
        for name, text in files.items():
            res = model_header.compile_check(text, Path(name).name, generation=api)
            assert res.returncode == 0, (
                f"{path.relative_to(PRINTER_TESTS.parents[3])} -> {name} (api={api}) does not "
                f"compile against the {api} model header:\n{res.stderr}")
            count += 1
    assert count >= 50, count  # examples, printer inputs and execution programs, all there


ORCH_BASIC = EXAMPLES / "orch_basic.mlir"
DYNAMIC = EXAMPLES / "dynamic_dim.mlir"


@pytest.mark.parametrize(("api", "model", "expected"), [
    # the seed's entry against the current model: the half port's trap (the real runtime
    # accepts it and reads the wrong layout), and the seed spellings that are gone
    ("seed", "current", [
        "conflicting declaration of C function 'PTO2OrchestrationConfig "
        "aicpu_orchestration_config(const ChipStorageTaskArgs&)'",
        "conflicting declaration of C function 'void aicpu_orchestration_entry(const "
        "ChipStorageTaskArgs&)'",
        "'from_tensor_arg' was not declared in this scope",
        "class template argument deduction failed",
    ]),
    # the current entry against the seed model
    ("current", "seed", [
        "'ChipTaskArgs' does not name a type",
        "'ChipTensor' does not name a type",
        "'CoreTaskArgs' was not declared in this scope",
    ]),
])
def test_one_generations_output_does_not_compile_against_the_other_model(
    api: str, model: str, expected: list[str]
) -> None:
    (name, text), = _cpp_files(ORCH_BASIC, True, api).items()
    res = model_header.compile_check(text, Path(name).name, generation=model)
    assert res.returncode != 0
    for fragment in expected:
        assert fragment in res.stderr, (fragment, res.stderr)


def test_a_half_port_of_the_printers_output_is_caught() -> None:
    """The current output with only the entry's parameter type left at the seed's (the trap of
    docs/runtime-api.md E1 and A1: it compiles against the real runtime and reads the wrong
    layout) does not compile against the current model; with the dynamic extent left at the
    seed's spelling (X4) neither."""
    (name, text), = _cpp_files(DYNAMIC, True, "current").items()
    assert model_header.compile_check(text, name, generation="current").returncode == 0
    half = text.replace("const ChipTaskArgs& orch_args", "const ChipStorageTaskArgs& orch_args")
    assert half != text
    res = model_header.compile_check(half, "half_port.cpp", generation="current")
    assert "conflicting declaration of C function 'void aicpu_orchestration_entry(const " \
        "ChipStorageTaskArgs&)'" in res.stderr, res.stderr
    extent = "(int64_t)orch_args.tensor(0).ref().shapes[0]"
    assert extent in text
    seed_extent = text.replace(extent, "(int64_t)orch_args.tensor(0).shapes[0]")
    res = model_header.compile_check(seed_extent, "seed_extent.cpp", generation="current")
    assert "has no member named 'shapes'" in res.stderr, res.stderr


def test_the_list_covers_examples_printer_inputs_and_execution_programs() -> None:
    names = {p.stem for p, _ in _inputs()}
    assert {p.stem for p in EXAMPLES.glob("*.mlir")} <= names
    assert {p.stem for p in PROGRAMS.glob("*.mlir")} <= names
    assert {"retain", "task_arrays", "tensor_ops", "scalar_args"} <= names
