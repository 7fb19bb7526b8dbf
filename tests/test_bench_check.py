"""`python -m bench --check` (docs/performance.md): the comparison of (b)/(a) with `--bound` and
the exit status, on fake measurements (goals live in benchmarks that print ratios, never in
timed tests: nothing here is timed). Also `python -m bench.passes`' table, on a fake run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# bench/ is not installed: it imports only once the line above has put the repository on the path
import bench.__main__ as bench_main  # noqa: E402
from bench.__main__ import TARGET_RATIO, check_ratio  # noqa: E402


def fake(ops: int, a: float, b: float | None) -> dict:
    """A worker result (bench/measure.py's shape, the fields `summarize` reads) with (a) and
    (b) totals of `a` and `b` CPU seconds."""
    return {
        "ops": ops,
        "a": {"total": a, "parse": a / 2, "verify": a / 4, "output": a / 4},
        "b": None if b is None else {"total": b, "parse": a / 2, "verify": a / 2, "passes": 0.1,
                                     "output": 0.1},
        "passes": 0.1,
        "overhead": 0.0,
        "subpasses": {},
        "rss_peak_mib": 50.0,
        "rss_base_mib": 30.0,
        "cpp_error": None if b is not None else "the printer failed",
    }


def test_default_bound_is_the_target() -> None:
    assert TARGET_RATIO == 1.3


def test_ratio_within_the_bound_passes() -> None:
    ok, message = check_ratio([fake(1_003, 1.0, 3.0), fake(10_011, 10.0, 12.9)], 1.3)
    assert ok
    assert "1.29 at 10,011 ops" in message
    assert "within the bound 1.3" in message


def test_ratio_equal_to_the_bound_passes() -> None:
    assert check_ratio([fake(10_000, 4.0, 10.0)], 2.5)[0]


def test_ratio_over_the_bound_fails_naming_ratio_and_bound() -> None:
    ok, message = check_ratio([fake(10_011, 10.0, 19.0)], 1.3)
    assert not ok
    assert message.startswith("bench check FAILED")
    assert "(b)/(a) = 1.90 at 10,011 ops" in message
    assert "exceeds the bound 1.3" in message


def test_checks_10k_when_measured_not_other_sizes() -> None:
    results = [fake(1_003, 1.0, 5.0), fake(10_011, 10.0, 12.0), fake(100_003, 100.0, 500.0)]
    ok, message = check_ratio(results, 1.3)
    assert ok
    assert "at 10,011 ops" in message


def test_checks_the_largest_size_without_10k() -> None:
    ok, message = check_ratio([fake(1_003, 1.0, 1.1), fake(2_007, 2.0, 6.0)], 2.5)
    assert not ok
    assert "3.00 at 2,007 ops" in message
    assert check_ratio([fake(1_003, 1.0, 9.0), fake(2_007, 2.0, 4.0)], 2.5)[0]


def test_unmeasured_ratio_fails() -> None:
    ok, message = check_ratio([fake(10_011, 10.0, None)], 1.3)
    assert not ok
    assert "not measured" in message
    assert not check_ratio([], 1.3)[0]


@pytest.fixture
def fake_bench(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """`python -m bench` with its worker replaced by a fake measurement whose (b)/(a) is the
    returned list's one element (no process, no timing)."""
    ratio = [1.0]
    monkeypatch.setattr(bench_main, "printer_gap", lambda mix: None)
    monkeypatch.setattr(
        bench_main, "run_worker", lambda path, ops, cpp, pipeline: fake(ops, 1.0, 1.0 * ratio[0])
    )
    return ratio


def run_bench(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = bench_main.main(["--sizes", "100", "--no-startup", "--repeat", "1", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_check_exit_status_follows_the_bound(fake_bench, capsys) -> None:  # type: ignore[no-untyped-def]
    fake_bench[0] = 1.9  # today's ratio at 10k: over the full bench's 1.3, within CI's 2.5
    status, _, err = run_bench(["--check"], capsys)
    assert status == 1
    assert "(b)/(a) = 1.90" in err
    assert "exceeds the bound 1.3" in err
    status, out, err = run_bench(["--check", "--bound", "2.5"], capsys)
    assert (status, err) == (0, "")
    assert "within the bound 2.5" in out
    fake_bench[0] = 3.8  # a 2x regression: CI's check catches it
    status, _, err = run_bench(["--check", "--bound", "2.5"], capsys)
    assert status == 1
    assert "(b)/(a) = 3.80" in err
    assert "exceeds the bound 2.5" in err


def test_without_check_a_missed_bound_exits_0(fake_bench, capsys) -> None:  # type: ignore[no-untyped-def]
    fake_bench[0] = 5.0
    status, out, _ = run_bench([], capsys)
    assert status == 0
    assert "bench check" not in out


def test_check_is_in_the_json(fake_bench, capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import json

    fake_bench[0] = 2.0
    raw = tmp_path / "bench.json"
    assert run_bench(["--check", "--bound", "2.5", "--json", str(raw)], capsys)[0] == 0
    check = json.loads(raw.read_text())["check"]
    assert check["bound"] == 2.5
    assert check["passed"] is True


def test_passes_table_on_a_fake_run() -> None:
    from bench.passes import table

    def run(scale: float, rss: float) -> dict:
        phases = [
            ("parse", 1.0),
            ("verify (after parsing)", 0.5),
            ("derive-call-directions", 0.2 * scale),
            ("batch-tensor-allocations", 0.3 * scale),
            ("  of which add-retain-edges", 0.1 * scale),
            ("verify (after passes)", 0.5),
            ("print C++", 0.4),
        ]
        return {"phases": phases, "rss_peak_mib": rss}

    baseline = {"phases": [("parse", 1.0), ("verify (after parsing)", 0.5), ("print IR", 0.5)],
                "rss_peak_mib": 40.0}
    lines = table(10_000, baseline, {"default": run(1.0, 60.0), "analyze-auto-scopes=true": run(2.0, 80.0)})
    text = "\n".join(lines)
    assert "| derive-call-directions | 20.0 (0.20) | 40.0 (0.40) |" in text
    assert "| └ of which add-retain-edges | 10.0 (0.10) | 20.0 (0.20) |" in text
    assert "| **passes** | 50.0 (0.50) | 100.0 (1.00) |" in text  # sub-rows not counted twice
    assert "| **pipeline + C++** | 290.0 (2.90) | 340.0 (3.40) |" in text
    assert "| ratio pipeline / parse+print | 1.45 | 1.70 |" in text
    assert "| peak RSS MiB (parse+print: 40) | 60 (1.50x) | 80 (2.00x) |" in text
