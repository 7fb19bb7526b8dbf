"""Every C++ file the test suite generates compiles against the PTO2 runtime's real headers with
`g++ -std=c++17 -Wall -Wextra -Werror` (support.simpler_runtime.compile_check).

The list: every example after `pto2-pipeline`, every function of every printer test input under
tests/filecheck/targets/pto2_cpp/ (as the printer tests print them, without the pipeline; the
error and --verify-diagnostics inputs excepted), and every function of every execution program
under tests/execution/ (after `pto2-pipeline`). One test walks the list and fails on the first
file that does not compile, naming it and quoting g++.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import simpler_runtime
from support.execution import EXAMPLES, PRINTER_TESTS, PROGRAMS

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module

pytestmark = pytest.mark.usefixtures("runtime_headers")

# Programs the printer rejects today because of an open bug (each must still be rejected, so the
# entry goes when the bug is fixed).
KNOWN_REJECTED = {
    "double_buffer": "'scf.yield' op uses %p1, which has no C++ form",
}


def _inputs() -> list[tuple[Path, bool]]:
    """(file, through pto2-pipeline) for every program whose C++ the suite generates."""
    printer = [p for p in sorted(PRINTER_TESTS.glob("*.mlir"))
               if "--verify-diagnostics" not in p.read_text() and "func.func" in p.read_text()
               and "error:" not in p.read_text()]
    return ([(p, True) for p in sorted(EXAMPLES.glob("*.mlir"))]
            + [(p, False) for p in printer]
            + [(p, True) for p in sorted(PROGRAMS.glob("*.mlir")) if p.stem not in KNOWN_REJECTED])


def _cpp_files(path: Path, pipeline: bool) -> dict[str, str]:
    module = parse_module(make_context(), path.read_text(), str(path))
    files = generate_module(module, pto2_pipeline=pipeline).files
    return {name: text for name, text in files.items() if name.endswith(".cpp")}


def test_every_generated_file_compiles_against_the_runtime_headers() -> None:
    count = 0
    for path, pipeline in _inputs():
        files = _cpp_files(path, pipeline)
        assert files, f"{path}: no C++ emitted"
        for name, text in files.items():
            res = simpler_runtime.compile_check(text, Path(name).name)
            assert res.returncode == 0, (
                f"{path.relative_to(PRINTER_TESTS.parents[3])} -> {name} does not compile "
                f"against the runtime headers:\n{res.stderr}")
            count += 1
    assert count >= 50, count  # examples, printer inputs and execution programs, all there


def test_the_list_covers_examples_printer_inputs_and_execution_programs() -> None:
    names = {p.stem for p, _ in _inputs()}
    assert {p.stem for p in EXAMPLES.glob("*.mlir")} <= names
    assert {p.stem for p in PROGRAMS.glob("*.mlir")} - set(KNOWN_REJECTED) <= names
    assert {"retain", "task_arrays", "tensor_ops", "scalar_args"} <= names


@pytest.mark.parametrize("stem", sorted(KNOWN_REJECTED))
def test_known_rejected_programs_are_still_rejected(stem: str) -> None:
    from pypto_dialects.targets.pto2_cpp.errors import CodegenError

    with pytest.raises(Exception) as info:
        _cpp_files(PROGRAMS / f"{stem}.mlir", True)
    assert KNOWN_REJECTED[stem] in str(info.value)
    assert isinstance(info.value, (CodegenError, Exception))
