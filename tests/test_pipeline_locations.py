"""After pto2-pipeline, every op of an input that has locations has one (issue 26, item 6).

The race report, the task graph (`pypto-run`, `pypto-graph --explain`) and every diagnostic
name an op by its location, so an op a pass rebuilds (a task turned into a submit, a loop
given a carry, a scope given a result) keeps the location of the op it replaces, and an op a
pass adds (a barrier, an invalid TaskId, an allocation batch, a folded constant) takes the
location of the op it is made for. Checked on every example and execution program, both
settings of analyze-auto-scopes, step by step so a failure names the pass."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp, UnknownLoc
from xdsl.ir import Operation

from opt_runner import EXAMPLES
from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

PROGRAMS = sorted(EXAMPLES.glob("*.mlir")) + sorted(
    (Path(__file__).parent / "execution").glob("*.mlir")
)


def _unlocated(module: ModuleOp) -> list[Operation]:
    return [op for op in module.walk() if op is not module and isinstance(op.location, UnknownLoc)]


@pytest.mark.parametrize("auto", [False, True], ids=["default", "analyze-auto-scopes"])
@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_op_is_left_without_a_location(path: Path, auto: bool) -> None:
    for chunk in path.read_text().split("// -----"):
        ctx = make_context()
        module = parse_module(ctx, chunk, str(path))
        verify_module(module)
        assert _unlocated(module) == []  # the parser locates every op
        for step in Pto2Pipeline(analyze_auto_scopes=auto).steps():
            step.apply(ctx, module)
            lost = _unlocated(module)
            assert lost == [], f"{step.name} left {[op.name for op in lost]} without a location"


def test_the_check_sees_an_unlocated_op() -> None:
    """The helper above is not vacuous: an op built without a location is reported."""
    from xdsl.dialects import arith

    module = ModuleOp([arith.ConstantOp.from_int_and_width(1, 32)])
    assert [op.name for op in _unlocated(module)] == ["arith.constant"]
