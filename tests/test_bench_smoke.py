"""Smoke run of the pipeline benchmark (`python -m bench --quick`, docs/performance.md) and
checks of its program generator: the generated programs verify, go through pto2-pipeline, and
have the op count the generator reports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# bench/ is not installed: it imports only once the line above has put the repository on the path
from bench.generate import MIXES, family_size, generate_program  # noqa: E402


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("size", [1, 150, 1200])
def test_generated_program_verifies_and_counts(mix: str, size: int) -> None:
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module, verify_module
    from pypto_dialects.transforms import PASSES

    text, ops = generate_program(size, mix)
    module = parse_module(make_context(), text, "gen.mlir")
    verify_module(module)
    assert sum(1 for _ in module.walk()) == ops
    assert ops >= size
    PASSES["pto2-pipeline"][0]()().apply(make_context(), module)
    verify_module(module)
    names = {op.name for op in module.walk()}
    assert {"scf.for", "scf.if", "pto_tensor.create", "pto_orch.call", "pto_rt.scope"} <= names or size == 1
    if mix == "full" and size > 1:
        assert {"pto_orch.submit", "pto_system.task_dummy", "pto_system.task_invalid"} <= names


def test_full_mix_has_every_segment_kind() -> None:
    text, _ = generate_program(400, "full")
    assert "{pto_orch.parallel}" in text
    assert "{manual_candidate}" in text
    assert "pto_rt.scope manual" in text
    assert re.search(r"deps\(%\w+ : !pto_orch.task_id\)", text)
    assert "iter_args(" in text
    assert "scf.if %use_add" in text


def test_kernel_families_grow_slowly() -> None:
    assert [family_size(n) for n in (1_000, 10_000, 100_000)] == [4, 12, 40]
    text, _ = generate_program(10_000, "auto")
    assert text.count("pto_orch.kernel @kernel_add_") == 12


def test_bench_quick(tmp_path: Path) -> None:
    from pypto_dialects.transforms.pto2_pipeline import STEPS

    raw = tmp_path / "bench.json"
    res = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--json", str(raw)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert res.returncode == 0, res.stderr
    out = res.stdout
    # One table row per quick size: ops, then (a) s and µs/op, ..., and the three ratios.
    rows = [line for line in out.splitlines() if re.match(r"\s+[\d,]+ \|", line)]
    assert len(rows) == 2, out
    for row in rows:
        ratios = row.split("|")[-1].split()
        assert len(ratios) == 3
        assert float(ratios[0]) > 1.0  # (b) does everything (a) does, and more
        assert 0.0 < float(ratios[1]) < 1.0
    assert re.search(r"growth [\d,]+/[\d,]+ ops \(x\d+\.\d+\): \(a\) \d+\.\d+", out)
    for label in ("pypto-opt --help", "pypto-opt tiny.mlir", "xdsl-opt --allow-unregistered-dialect"):
        assert label in out
    assert "targets:" in out
    data = json.loads(raw.read_text())
    assert [r["ops"] for r in data["results"]] == sorted(r["ops"] for r in data["results"])
    assert data["results"][0]["ops"] >= 100
    assert data["results"][-1]["ops"] >= 1000
    for r in data["results"]:
        assert r["a"]["total"] > r["a"]["parse"] > 0
        # the pipeline's steps (the order is written once, in pto2_pipeline.STEPS) and the
        # add-retain-edges step of the batch pass
        assert set(r["subpasses"]) == {f"pass:{name}" for name in (*STEPS, "add-retain-edges")}
        assert r["rss_peak_mib"] >= r["rss_base_mib"] > 0
    assert len(data["startup"]) == 4
    assert all(s["cpu"] > 0 for s in data["startup"])


def test_median_result_merges_runs() -> None:
    from bench.__main__ import median_result

    def run(total: float, cpp: bool) -> dict:
        b = {"total": total * 2, "output": 0.5} if cpp else None
        return {"ops": 1001, "a": {"total": total}, "b": b, "cpp_error": None if cpp else "x"}

    merged = median_result([run(1.0, True), run(3.0, True), run(2.0, True)])
    assert merged["ops"] == 1001
    assert isinstance(merged["ops"], int)
    assert merged["a"]["total"] == 2.0
    assert merged["b"]["total"] == 4.0
    assert merged["cpp_error"] is None
    assert len(merged["runs"]) == 3
    merged = median_result([run(1.0, True), run(2.0, False)])
    assert merged["b"] is None
    assert merged["cpp_error"] == "x"


def test_phase_fence_bench_program() -> None:
    """bench/phase_fence.py's case1 verifies, and the pass puts one barrier in its phase loop."""
    from bench.phase_fence import FENCED, case1
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module, verify_module
    from pypto_dialects.transforms import PASSES

    module = parse_module(make_context(), case1(16, 4), "case1.mlir")
    verify_module(module)
    for name in FENCED:
        PASSES[name][0]()().apply(make_context(), module)
    verify_module(module)
    assert sum(op.name == "pto_system.task_dummy" for op in module.walk()) == 1


def test_hazards_scaling_bench(capsys: pytest.CaptureFixture[str]) -> None:
    # `python -m bench.hazards_scaling` at two tiny sizes: one row per size, ratio 1.00 first
    from bench.hazards_scaling import main

    assert main(["--sizes", "100,200"]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if re.match(r"\| \d", r)]
    assert len(rows) == 2
    assert rows[0].split("|")[4].strip() == "1.00"


def test_task_deps_bench_rows() -> None:
    """bench/task_deps.py on two of its programs: no row with more edges with the option on
    than off or more ordering edges than upstream's documents give, and the counts of the
    reviewer's in-place if (a chain) and of a hoisted fence, with upstream's beside them."""
    from bench.task_deps import _programs, _row, findings

    progs = dict(_programs())
    rows = [r for name in ("auto_areas", "fence_hoisting") for analyze in (False, True)
            for r in _row(name, progs[name], analyze, True)]
    assert findings(rows) == ([], [])
    # the programs that had more edges with the option on (issue 23): none has now
    more = [r for name in ("compiler_owned_nests", "carries", "possible_writes", "random_6",
                           "random_13", "random_20", "random_26") for analyze in (False, True)
            for r in _row(name, progs[name], analyze, True)]
    assert findings(more)[0] == []
    counts = {(r["program"], r["analyze"]): r["edges"] for r in more}
    assert counts["compiler_owned_nests:two_inner", True] == 7  # 12 before
    assert counts["compiler_owned_nests:two_ifs", True] == 3  # 5 before
    assert counts["compiler_owned_nests:parallel_inner", True] == 3  # 4 before
    assert counts["carries:swap", True] == 11  # 17 before
    assert counts["random_20", True] == counts["random_20", False] == 8  # 22 on before
    assert counts["random_26", True] == counts["random_26", False] == 60  # 66 on before
    assert counts["possible_writes:pingpong", True] == 3  # 7 off
    got = {(r["program"], r["analyze"]): (r["tasks"], r["edges"], r["ordering"], r["upstream"])
           for r in rows}
    assert got["auto_areas:dynamic_if", False] == (7, 6, 6, 6)
    assert got["auto_areas:dynamic_if", True] == (7, 6, 6, 6)
    assert got["auto_areas:dynamic_parallel", True][3] is None  # "—"
    assert got["fence_hoisting:stable_nest", True] == (13, 12, 12, 24)
    assert got["fence_hoisting:per_phase", False] == (18, 16, 16, 24)


def test_bench_measures_the_other_option_setting(tmp_path: Path) -> None:
    """`--analyze-auto-scopes`: (b) runs `pto2-pipeline{analyze-auto-scopes=true}`, said in
    the header and the JSON, in the worker's result too."""
    raw = tmp_path / "bench.json"
    res = subprocess.run(
        [sys.executable, "-m", "bench", "--sizes", "100", "--repeat", "1", "--no-startup",
         "--analyze-auto-scopes", "--json", str(raw)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )
    assert res.returncode == 0, res.stderr
    assert "(b): pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' -t pto2-cpp" in res.stdout
    data = json.loads(raw.read_text())
    assert data["pipeline"] == "pto2-pipeline{analyze-auto-scopes=true}"
    assert [r["pipeline"] for r in data["results"]] == [data["pipeline"]]
