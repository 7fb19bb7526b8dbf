"""Every C++ file the test suite generates compiles against our model of the PTO2 runtime's API
header (tests/support/pto2_model/seed/, written from shared/runtime/API.md) with
`g++ -std=c++17 -Wall -Wextra -Werror` (support.model_header.compile_check).

The list: every example after `pto2-pipeline`, every function of every printer test input under
tests/filecheck/targets/pto2_cpp/ (as the printer tests print them: after the passes their RUN
line runs; the error and --verify-diagnostics inputs excepted), and every function of every execution program
under tests/execution/ (after `pto2-pipeline`). One test walks the list and fails on the first
file that does not compile, naming it and quoting g++.
"""

from __future__ import annotations

from pathlib import Path

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


def _cpp_files(path: Path, pipeline: Pipeline) -> dict[str, str]:
    files = generate_files(path, pipeline)
    return {name: text for name, text in files.items() if name.endswith(".cpp")}


def test_every_generated_file_compiles_against_the_model_header() -> None:
    count = 0
    for path, pipeline in _inputs():
        files = _cpp_files(path, pipeline)
        assert files, f"{path}: no C++ emitted"
        for name, text in files.items():
            res = model_header.compile_check(text, Path(name).name)
            assert res.returncode == 0, (
                f"{path.relative_to(PRINTER_TESTS.parents[3])} -> {name} does not compile "
                f"against the model header:\n{res.stderr}")
            count += 1
    assert count >= 50, count  # examples, printer inputs and execution programs, all there


def test_the_list_covers_examples_printer_inputs_and_execution_programs() -> None:
    names = {p.stem for p, _ in _inputs()}
    assert {p.stem for p in EXAMPLES.glob("*.mlir")} <= names
    assert {p.stem for p in PROGRAMS.glob("*.mlir")} <= names
    assert {"retain", "task_arrays", "tensor_ops", "scalar_args"} <= names
