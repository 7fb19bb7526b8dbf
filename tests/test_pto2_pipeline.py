"""`pypto-opt -p pto2-pipeline` on every program in examples/: every
call-site direction and every carry plan ends up explicit, with the values the rules give,
and the output re-parses and is a fixpoint of the pipeline. Plus the passes' Python API.

Rules: docs/passes/derive-call-directions.md, docs/passes/classify-iter-arg-carry.md; order:
docs/passes/index.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects import scf
from xdsl.utils.exceptions import PassFailedException

from opt_runner import EXAMPLES, opt_ok, opt_text
from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.context import make_context
from pypto_dialects.orch import (
    CallOp,
    SubmitOp,
)
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.transforms import PASSES
from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry
from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections

FILES = sorted(EXAMPLES.glob("*.mlir"))
IDS = [p.stem for p in FILES]

# What the rules give on the examples: per task (in program order) its callee and directions,
# per loop with iter_args (innermost first, as printed closing braces come) its plan.
EXPECTED_DIRS = {
    "orch_basic": [
        ("kernel_add", "in in out"),
        ("kernel_add", "in in out"),
    ],
    "for_carry": [("kernel_add", "in in inout")],
    "if_else": [("kernel_add", "in in out"), ("kernel_mul", "in in out")],
    "softmax_tuple": [("kernel_softmax", "in scalar inout inout inout")],
    "group_kernel": [("matmul_bias", "in in in out"), ("kernel_matmul", "in in out")],
    # the second task writes a slice of the carried Out parameter: inout, not out
    "dynamic_dim": [("kernel_scale", "in out"), ("kernel_relu", "in inout")],
    "manual_submit": [
        ("kernel_add", "in in out"),
        ("kernel_mul", "in in out"),
        ("kernel_mul", "in in out"),
        ("kernel_add", "in in out"),
    ],
    "case1_manual_parallel": [("kernel_stripe", "in scalar scalar inout")],
}
EXPECTED_PLANS = {
    "for_carry": [([False], [0])],
    "dynamic_dim": [([False], [0])],
    # inner pl.parallel (4 branches) then the outer phase loop, which inherits the array
    "case1_manual_parallel": [([False, True], [0, 4]), ([False, True], [0, 4])],
}


def _tasks_and_loops(text: str) -> tuple[list, list]:
    module = parse_module(make_context(), text, "pipeline-output")
    verify_module(module)
    tasks, loops = [], []
    for func in module.ops:
        if not is_orchestration(func):
            continue
        for op in func.walk(region_first=True):
            if isinstance(op, CallOp | SubmitOp):
                tasks.append(op)
            elif isinstance(op, scf.ForOp) and op.iter_args:
                loops.append(op)
    tasks.sort(key=lambda op: (op.location.line.data, op.location.column.data))
    return tasks, loops


def test_every_example_is_covered() -> None:
    assert set(IDS) == set(EXPECTED_DIRS), "add the new example's expected directions"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_pipeline_makes_directions_and_plans_explicit(path: Path, tmp_path: Path) -> None:
    out = opt_ok(["-p", "pto2-pipeline", str(path)])
    tasks, loops = _tasks_and_loops(out)
    assert tasks, "every example submits tasks"
    for op in tasks:
        assert op.arg_dirs is not None, f"{op.callee} has no call-site directions"
    got = [
        (op.callee.root_reference.data, " ".join(d.data.value for d in op.arg_dirs.data))
        for op in tasks
    ]
    assert got == EXPECTED_DIRS[path.stem]
    plans = []
    for loop in loops:
        plan = CarryPlan.of(loop)
        assert plan is not None, "a loop without a carry plan"
        assert len(plan.rebind) == len(plan.array_size) == len(loop.iter_args)
        plans.append((list(plan.rebind), list(plan.array_size)))
    assert plans == EXPECTED_PLANS.get(path.stem, [])
    # the output re-parses to itself, and the pipeline is a fixpoint on it
    assert opt_text(out, tmp_path, "reparsed.mlir") == out
    assert opt_text(out, tmp_path, "again.mlir", "-p", "pto2-pipeline") == out


def test_passes_are_registered_with_summaries() -> None:
    for name in ("derive-call-directions", "classify-iter-arg-carry", "pto2-pipeline"):
        factory, summary = PASSES[name]
        assert factory().name == name
        assert summary


def test_python_api_runs_the_passes() -> None:
    text = (EXAMPLES / "case1_manual_parallel.mlir").read_text()
    ctx = make_context()
    module = parse_module(ctx, text, "case1.mlir")
    DeriveCallDirections().apply(ctx, module)
    ClassifyIterArgCarry().apply(ctx, module)
    verify_module(module)
    loops = [op for op in module.walk() if isinstance(op, scf.ForOp)]
    assert [list(CarryPlan.of(op).array_size) for op in loops] == [  # type: ignore[union-attr]
        [0, 4],
        [0, 4],
    ]


def test_unresolved_kernel_is_a_located_pass_error() -> None:
    """Only reachable from the Python API on IR that was not verified: the pass reports the
    task's location instead of raising a traceback-worthy exception."""
    text = """
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @missing(%a, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
"""
    ctx = make_context()
    module = parse_module(ctx, text, "bad.mlir")
    with pytest.raises(PassFailedException) as err:
        DeriveCallDirections().apply(ctx, module)
    assert str(err.value) == (
        "bad.mlir:4:3: error: 'pto_orch.call' op '@missing' does not name a kernel in this "
        "module"
    )
