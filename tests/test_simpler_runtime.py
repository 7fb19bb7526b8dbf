"""The runtime harness itself (support.simpler_runtime): where the runtime comes from, what
happens without one, and the scalar encoding it passes to the simulator."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import _missing
from support import simpler_runtime


def test_without_a_runtime_the_tests_skip_with_how_to_enable(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv(simpler_runtime.ENV_ROOT, raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(simpler_runtime, "_archive", lambda: None)
    monkeypatch.setenv(simpler_runtime.ENV_CACHE, str(tmp_path))
    with pytest.raises(simpler_runtime.RuntimeMissing) as info:
        simpler_runtime.include_flags()
    assert str(info.value) == simpler_runtime.SKIP_REASON
    assert "PYPTO_SIMPLER_ROOT" in simpler_runtime.SKIP_REASON
    with pytest.raises(pytest.skip.Exception) as skipped:
        _missing(info.value)
    assert str(skipped.value) == simpler_runtime.SKIP_REASON


def test_under_ci_a_missing_runtime_fails(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the runtime-backed tests"):
        _missing(simpler_runtime.RuntimeMissing(simpler_runtime.SKIP_REASON))


def test_a_wrong_checkout_path_says_so(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv(simpler_runtime.ENV_ROOT, str(tmp_path))
    with pytest.raises(simpler_runtime.RuntimeMissing, match="is not a simpler checkout"):
        simpler_runtime.simpler_root()


def test_a_user_checkout_is_copied_into_the_cache(runtime_headers, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # a checkout of the user's (here: a copy of the one the suite uses) is read, never written
    checkout = tmp_path / "my-simpler"
    src = simpler_runtime.simpler_root()
    shutil.copytree(src / "src", checkout / "src")
    monkeypatch.setenv(simpler_runtime.ENV_ROOT, str(checkout))
    monkeypatch.setenv(simpler_runtime.ENV_CACHE, str(tmp_path / "cache"))
    root = simpler_runtime.simpler_root()
    assert root.is_relative_to(tmp_path / "cache") and (root / simpler_runtime.RUNTIME_SUBDIR).is_dir()
    flags = simpler_runtime.include_flags()
    assert all(Path(f[2:]).is_dir() for f in flags)
    ok = simpler_runtime.compile_check('#include "pto_orchestration_api.h"\nint main() { return 0; }\n')
    assert ok.returncode == 0, ok.stderr
    assert sorted(p.name for p in checkout.iterdir()) == ["src"]  # nothing written there


def test_the_compile_check_rejects_what_the_runtime_rejects(runtime_headers) -> None:  # type: ignore[no-untyped-def]
    bad = '#include "pto_orchestration_api.h"\nvoid f() { Tensor t; (void)t; }\n'
    res = simpler_runtime.compile_check(bad, "bad.cpp")
    assert res.returncode != 0 and "private" in res.stderr


@pytest.mark.parametrize(
    ("value", "etype", "bits"),
    [(1.0, "f32", 0x3F800000), (-2.5, "f64", 0xC004000000000000), (-7, "i32", 2**64 - 7),
     (True, "i1", 1), (3, "index", 3)],
)
def test_scalar_encoding(value: object, etype: str, bits: int) -> None:
    assert simpler_runtime.scalar_bits(value, etype) == bits
