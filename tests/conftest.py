"""Fixtures shared by several test modules, and the pytest summary's closing lines: what
the execution oracles did in this run.

Execution tests run every program in the interpreter (our model of the PTO2 runtime's
dependency and lifetime rules) and compile its C++ against our model of the runtime's API
(support.model_header); when `PYPTO_SIMPLER_ROOT` names a simpler checkout with its simulator
built, they also run in that simulator (support.simpler_runtime). docs/testing.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import execution, model_header, simpler_runtime


@pytest.fixture
def write(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Writes `text` to `name` under the test's tmp_path and returns the path."""

    def _write(text: str, name: str = "in.mlir") -> Path:
        path = tmp_path / name
        path.write_text(text)
        return path

    return _write


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    terminalreporter.write_line(
        f"execution oracles: {execution.RUNS} programs executed in the interpreter, "
        f"{model_header.COMPILED} C++ files compiled against the API model header"
    )
    found = simpler_runtime.checkout()
    if found is not None:
        terminalreporter.write_line(
            f"real runtime ({found.root}, api={found.generation}: {found.evidence}): "
            f"{simpler_runtime.RUNS} programs executed in its simulator"
        )
    else:
        terminalreporter.write_line(simpler_runtime.skip_reason())
