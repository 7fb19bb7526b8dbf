"""Shared fixtures: the real PTO2 runtime (support.simpler_runtime).

`runtime_headers` and `simulator` skip the test with one line saying how to enable it when no
runtime source is found; under CI (`CI` set) they fail instead, so runtime-backed tests are never
silently absent there. The terminal summary says how long getting the simulator took."""

from __future__ import annotations

import os

import pytest
from support import simpler_runtime


def _missing(exc: Exception) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the runtime-backed tests: {exc}")
    pytest.skip(str(exc))


@pytest.fixture(scope="session")
def runtime_headers() -> list[str]:
    """g++ include flags of the runtime's real headers."""
    try:
        return simpler_runtime.include_flags()
    except simpler_runtime.RuntimeMissing as exc:
        _missing(exc)
        raise


@pytest.fixture(scope="session")
def simulator(runtime_headers: list[str]) -> simpler_runtime.BuildInfo:
    """The runtime's CPU simulator, built once (cached across runs)."""
    try:
        return simpler_runtime.ensure_simulator()
    except simpler_runtime.RuntimeMissing as exc:
        _missing(exc)
        raise


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    built = simpler_runtime.build_info()
    if built is not None:
        how = "reused from the cache" if built.cached else "built"
        terminalreporter.write_line(
            f"PTO2 simulator: {how} in {built.seconds:.1f} s ({built.root.parent}); "
            f"{simpler_runtime.RUNS} programs executed, {simpler_runtime.COMPILED} C++ files "
            "compiled against the runtime headers"
        )
