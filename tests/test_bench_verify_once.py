"""How often `pypto-opt` verifies the module (issue 28: verification is a fifth of a 10k-op
run, docs/performance.md): after parsing, then after each pass of `-p` (mlir-opt's
`--verify-each`, the default) or after the last one only (`--verify-each=false`), never twice
on the same IR: not after a pass that only checks, not between the steps of pto2-pipeline
(one pass, also when --time-passes runs its steps one by one), not again in the pto2-cpp
target. Counts every `verify_module` call, the driver's and the target's, in-process."""

from __future__ import annotations

import pytest

import pypto_dialects.parsing
import pypto_dialects.tools.pypto_opt
from opt_runner import EXAMPLES, run_opt

TWO = "fuse-create-assemble-to-slice,fold-tensor-dims"
CPP = ["-p", "pto2-pipeline", "-t", "pto2-cpp"]


@pytest.fixture
def verify_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The list that gets one entry per `verify_module` call (the driver's name and the one
    the pto2-cpp target imports when it runs)."""
    calls: list[int] = []
    real = pypto_dialects.parsing.verify_module

    def counted(module):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(module)

    monkeypatch.setattr(pypto_dialects.parsing, "verify_module", counted)
    monkeypatch.setattr(pypto_dialects.tools.pypto_opt, "verify_module", counted)
    return calls


@pytest.mark.parametrize(
    ("args", "count"),
    [
        ([], 1),  # parse, print
        (CPP, 2),  # after parsing, after pto2-pipeline; the target does not verify again
        (["--time-passes", *CPP], 2),  # its 13 steps are timed one by one, still one pass
        (["--print-between-passes", "-p", "pto2-pipeline"], 2),
        (["-p", TWO], 3),  # mlir-opt's default --verify-each: after parsing and each pass
        (["--fuse-create-assemble-to-slice", "--fold-tensor-dims"], 3),  # the same as flags
        (["--verify-each", "-p", TWO], 3),
        (["--verify-each=true", "-p", TWO], 3),
        (["--verify-each=false", "-p", TWO], 2),  # after parsing and after the last pass
        (["--verify-each=0", "-p", TWO], 2),
        (["--verify-each=false", *CPP], 2),
        (["-p", "pto2-pipeline,verify-orchestration", "-t", "pto2-cpp"], 2),  # checks only
        (["-p", "verify-orchestration-outputs,verify-orchestration"], 1),
        (["--verify-each=false", "-p", "fold-tensor-dims,verify-orchestration"], 2),
        (["--disable-verify", *CPP], 1),  # the target's own: C++ only from verified IR
        (["--disable-verify", "-p", TWO], 0),
    ],
)
def test_verify_module_calls(verify_calls: list[int], args: list[str], count: int) -> None:
    res = run_opt([*args, str(EXAMPLES / "orch_basic.mlir")])
    assert res.status == 0, res.err
    assert len(verify_calls) == count


def test_each_chunk_of_split_input_file_counts_alike(verify_calls: list[int], tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = (EXAMPLES / "orch_basic.mlir").read_text()
    path = tmp_path / "two.mlir"
    path.write_text(f"{text}\n// -----\n{text}")
    res = run_opt(["--split-input-file", "-p", TWO, str(path)])
    assert res.status == 0, res.err
    assert len(verify_calls) == 2 * 3
    verify_calls.clear()
    res = run_opt(["--split-input-file", "--time-passes", *CPP, "--cpp-listing", str(path)])
    assert res.status == 0, res.err
    assert len(verify_calls) == 2 * 2


def test_verify_each_false_still_verifies_after_the_last_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The verification after the last pass runs whatever --verify-each says: IR that a pass
    left invalid is reported (here: the second verification fails), not printed."""
    from xdsl.utils.exceptions import VerifyException

    calls: list[int] = []

    def second_fails(module):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 2:
            raise VerifyException("invalid after the passes")

    monkeypatch.setattr(pypto_dialects.tools.pypto_opt, "verify_module", second_fails)
    res = run_opt(["--verify-each=false", "-p", TWO, str(EXAMPLES / "orch_basic.mlir")])
    assert (res.status, res.out) == (1, "")
    assert "invalid after the passes" in res.err
    assert len(calls) == 2


@pytest.fixture
def legality_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per run of verify-orchestration's rules (`check_orchestration`): the pass's
    and the pto2-cpp target's."""
    import pypto_dialects.transforms.verify_orchestration as vo

    calls: list[int] = []
    real = vo.check_orchestration

    def counted(module, *limits):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(module, *limits)

    monkeypatch.setattr(vo, "check_orchestration", counted)
    return calls


@pytest.mark.parametrize(
    ("args", "count"),
    [
        (CPP, 1),  # pto2-pipeline ends with verify-orchestration: the target trusts it
        (["--time-passes", *CPP], 1),  # its steps one by one: the last is the check
        (["-p", "pto2-pipeline,verify-orchestration", "-t", "pto2-cpp"], 2),  # asked twice
        (["-p", "pto2-pipeline,canonicalize", "-t", "pto2-cpp"], 2),  # changed after it
        (["-p", "pto2-pipeline,verify-runtime-scopes-materialized", "-t", "pto2-cpp"], 1),
        (["-p", "pto2-pipeline"], 1),  # no target
    ],
)
def test_legality_rules_checked_once(
    legality_calls: list[int], args: list[str], count: int
) -> None:
    """The pto2-cpp target checks verify-orchestration's rules again only when a pass that
    may change the IR ran after the last check (issue 28: the printer's second check)."""
    res = run_opt([*args, str(EXAMPLES / "orch_basic.mlir")])
    assert res.status == 0, res.err
    assert len(legality_calls) == count


def test_target_checks_legality_on_ir_printed_without_the_pipeline(
    legality_calls: list[int], tmp_path
) -> None:  # type: ignore[no-untyped-def]
    res = run_opt(["-p", "pto2-pipeline", str(EXAMPLES / "orch_basic.mlir")])
    assert res.status == 0, res.err
    path = tmp_path / "after.mlir"
    path.write_text(res.out)
    legality_calls.clear()
    res = run_opt(["-t", "pto2-cpp", str(path)])
    assert res.status == 0, res.err
    assert len(legality_calls) == 1


def test_bench_times_the_printer_as_the_driver_runs_it(
    legality_calls: list[int], verify_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m bench.passes` times `print C++` as `-p pto2-pipeline -t pto2-cpp` runs it:
    verify-orchestration's rules once (the pipeline's last step), the declaration plan never
    checked against the IR, two verifications (the bench's own, after parsing and after the
    passes), so the printer row is not inflated by checks the user's run skips."""
    import pypto_dialects.transforms.plan_cpp_declarations as plan
    from bench.generate import generate_program
    from bench.passes import run_phases

    plan_checks: list[int] = []
    real = plan.check_declaration_plan

    def counted(*args):  # type: ignore[no-untyped-def]
        plan_checks.append(1)
        return real(*args)

    monkeypatch.setattr(plan, "check_declaration_plan", counted)
    phases = run_phases(generate_program(100, "full")[0].encode(), "pipeline", False)
    assert [name for name, _ in phases][-2:] == ["verify (after passes)", "print C++"]
    assert (len(legality_calls), len(plan_checks), len(verify_calls)) == (1, 0, 2)
