"""Bad input gives one located diagnostic, never a crash or a file outside the output
folder: unverified IR reaching the printer (--disable-verify), ops or types nested deeper than
the parser can recurse, names that would leave `-o DIR/`. The verifier rules themselves
(names, runtime limits, constant bounds, writes into `in` parameters) are pinned by
tests/filecheck/dialects/pto_orch/{names_and_limits,in_parameter_writes}.mlir and
pto_tensor/bounds.mlir."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_driver import run_opt

from pypto_dialects.parsing import MAX_NESTING

FEW_OPERANDS = """pto_orch.kernel @k aiv (in tensor<4xf32>, in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
"""


@pytest.mark.parametrize("passes", [[], ["-p", "pto2-pipeline"]])
def test_disable_verify_still_verifies_before_printing_cpp(write, passes: list[str]) -> None:  # type: ignore[no-untyped-def]
    path = write(FEW_OPERANDS)
    status, out, err = run_opt(["--disable-verify", *passes, "-t", "pto2-cpp", str(path)])
    assert (status, out) == (1, "")
    assert err == (
        f"{path}:3:3: error: 'pto_orch.call' op 1 arguments but kernel '@k' has 3 parameters, "
        "and parameter 1 (in tensor<4xf32>) is not one the runtime can allocate: only trailing "
        "'out' tensors of static shape may be left out; pass it\n")


def test_disable_verify_prints_unverified_mlir(write) -> None:  # type: ignore[no-untyped-def]
    status, out, err = run_opt(["--disable-verify", str(write(FEW_OPERANDS))])
    assert (status, err) == (0, "")
    assert "pto_orch.call @k(%a)" in out


def _nested(levels: int) -> str:
    return (
        "func.func @f(%c: i1) {\n" + "  scf.if %c {\n" * levels + "  }\n" * levels
        + "  func.return\n}\n"
    )


def test_nesting_up_to_the_limit_goes_through_the_pipeline(write) -> None:  # type: ignore[no-untyped-def]
    path = write(_nested(MAX_NESTING - 1))  # the function is one level
    status, _, err = run_opt(["-p", "pto2-pipeline", str(path)])
    assert (status, err) == (0, "")


@pytest.mark.parametrize("levels", [MAX_NESTING, 2000])
def test_nesting_past_the_limit_is_a_located_error(write, levels: int) -> None:  # type: ignore[no-untyped-def]
    path = write(_nested(levels))
    status, out, err = run_opt([str(path)])
    assert (status, out) == (1, "")
    assert err == (
        f"{path}:{MAX_NESTING + 1}:3: error: ops nested more than {MAX_NESTING} levels deep "
        "(the limit of pypto-opt): move the inner ops into a function of their own\n"
    )


@pytest.mark.parametrize(
    "text",
    [
        "func.func @f() attributes {a = " + "[" * 400 + "]" * 400 + "} {\n  func.return\n}\n",
        "func.func @f(%a: " + "tensor<" * 400 + "f32" + ">" * 400 + ") {\n  func.return\n}\n",
    ],
    ids=["attribute", "type"],
)
def test_deeply_nested_attribute_or_type_is_a_located_error(write, text: str) -> None:  # type: ignore[no-untyped-def]
    """Located where Python's recursion limit stopped the parser (a column inside the
    nesting, which depends on the caller's stack depth)."""
    path = write(text)
    status, out, err = run_opt([str(path)])
    assert (status, out) == (1, "")
    where, _, message = err.partition(": error: ")
    assert where.startswith(f"{path}:1:")
    assert 30 < int(where.rsplit(":", 1)[1]) < 3000
    assert message == "types or attributes nested too deeply for pypto-opt's parser here: flatten them\n"


def test_a_function_name_cannot_leave_the_output_folder(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(
        "pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>\n"
        'func.func @"../../escaped"(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = '
        "#pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        "  %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
        "  func.return\n}\n"
    )
    out_dir = tmp_path / "out"
    status, out, err = run_opt(["-p", "pto2-pipeline", "-t", "pto2-cpp", str(path), "-o", f"{out_dir}/"])
    assert (status, out) == (1, "")
    assert err.startswith(f"{path}:2:1: error: 'func.func' op orchestration function name '../../escaped' ")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["in.mlir"]


def test_the_api_refuses_a_path_outside_the_folder(tmp_path: Path) -> None:
    from pypto_dialects.targets.pto2_cpp import api

    class Evil(api.ModuleResult):
        @property
        def files(self) -> dict[str, str]:
            return {"orchestration/../../x.cpp": ""}

    with pytest.raises(ValueError, match="would be written outside"):
        Evil([]).write(tmp_path / "out")
    assert not (tmp_path / "x.cpp").exists()


def test_disable_verify_does_not_outlive_the_run(write) -> None:  # type: ignore[no-untyped-def]
    """xDSL's --disable-verify switches attribute verification off for the whole process; an
    in-process run restores it, so a later run still rejects an out-of-range integer."""
    path = write("func.func @f() {\n  %c = arith.constant 300 : i8\n  func.return\n}\n")
    assert run_opt(["--disable-verify", str(path)])[0] == 0
    status, _, err = run_opt([str(path)])
    assert status == 1
    assert ":2:" in err
