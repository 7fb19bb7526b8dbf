"""The carry plan and the manual-candidate marker are first-class (issue 22, item 3): one
accessor (`pypto_dialects.carry_plan.CarryPlan`) that every reader goes through, a verifier
that takes the two plan attributes as one plan, a loop rebuilt without its plan reported at
the loop, and `manual_candidate` a property of the task ops (docs/dialects/pto_orch.md)."""

from __future__ import annotations

from io import StringIO

import pytest
from xdsl.dialects import scf
from xdsl.dialects.builtin import UnitAttr
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.printer import Printer
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import PassFailedException, VerifyException

from pypto_dialects.carry_plan import ARRAY_SIZE, REBIND, CarryPlan, own_variable, plan_size
from pypto_dialects.context import make_context
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry
from pypto_dialects.transforms.verify_orchestration import VerifyOrchestration

LOOP = """
pto_orch.kernel @k aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r, %t = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %o, %p = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
    %y, %tid = pto_orch.submit @k(in %a, inout %x) deps(%p : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y, %tid : tensor<16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  func.return
}
"""


def print_module(module, generic: bool = False) -> str:  # type: ignore[no-untyped-def]
    out = StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(module)
    return out.getvalue()


def _loop(text: str = LOOP):
    ctx = make_context()
    module = parse_module(ctx, text, "loop.mlir")
    loop = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    return ctx, module, loop


def test_classify_stamps_the_plan_the_accessor_reads() -> None:
    ctx, module, loop = _loop()
    assert CarryPlan.of(loop) is None
    ClassifyIterArgCarry().apply(ctx, module)
    plan = CarryPlan.of(loop)
    # the tensor carry is in place (no variable of its own); the parallel TaskId carry an
    # array of the 4 iterations' TaskIds
    assert plan == CarryPlan((False, True), (0, 4))
    assert [own_variable(a) for a in loop.body.block.args[1:]] == [False, True]
    assert [plan_size(loop, i) for i in range(2)] == [0, 4]
    assert f"{REBIND} = array<i1: false, true>, {ARRAY_SIZE} = array<i64: 0, 4>" in (
        print_module(module)
    )
    verify_module(module)


def test_copy_extends_the_plan_for_appended_carries() -> None:
    ctx, module, loop = _loop()
    ClassifyIterArgCarry().apply(ctx, module)
    body = Rewriter.move_region_contents_to_new_regions(loop.body)
    new = scf.ForOp(loop.lb, loop.ub, loop.step, list(loop.iter_args), body)
    CarryPlan.copy(loop, new, added=2)
    assert CarryPlan.of(new) == CarryPlan((False, True, True, True), (0, 4, 0, 0))
    assert "pto_orch.parallel" in new.attributes


def test_a_loop_rebuilt_without_its_plan_is_reported_at_the_loop() -> None:
    ctx, module, loop = _loop()
    ClassifyIterArgCarry().apply(ctx, module)
    body = Rewriter.move_region_contents_to_new_regions(loop.body)
    new = scf.ForOp(loop.lb, loop.ub, loop.step, list(loop.iter_args), body)
    new.attributes["pto_orch.parallel"] = UnitAttr()
    new.location = loop.location
    Rewriter.replace_op(loop, new, list(new.res))
    with pytest.raises(PassFailedException) as err:
        VerifyOrchestration().apply(ctx, module)
    assert str(err.value).startswith(
        "loop.mlir:8:3: error: 'scf.for' op has 2 iter_args but no carry plan "
        f"('{REBIND}' / '{ARRAY_SIZE}'): run classify-iter-arg-carry first"
    )


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (
            f"{ARRAY_SIZE} = array<i64: 0, 4>",
            f"'{ARRAY_SIZE}' without '{REBIND}': the carry plan is both attributes; re-run "
            "classify-iter-arg-carry",
        ),
        (
            f"{REBIND} = array<i1: true, true>, {ARRAY_SIZE} = array<i64: 0, 4, 0>",
            f"'{ARRAY_SIZE}' has 3 entries for 2 iter_args",
        ),
        (
            f"{REBIND} = array<i1: true, true>, {ARRAY_SIZE} = array<i64: 4, 0>",
            "iter_arg #0: it has type tensor<16xf32>, but its plan is a TaskId array of 4 "
            f"slots; the carry plan ('{ARRAY_SIZE}') is stale, re-run classify-iter-arg-carry",
        ),
    ],
)
def test_the_verifier_takes_the_two_attributes_as_one_plan(plan: str, message: str) -> None:
    _, module, _ = _loop(LOOP.replace("{pto_orch.parallel}", "{pto_orch.parallel, " + plan + "}"))
    with pytest.raises(VerifyException) as err:
        verify_module(module)
    assert message in str(err.value)


def test_manual_candidate_is_a_property_kept_by_as_submit() -> None:
    text = LOOP.replace(
        "deps(%p : !pto_orch.task_id) :", "deps(%p : !pto_orch.task_id) {manual_candidate} :"
    )
    _, module, _ = _loop(text)
    (task,) = [op for op in module.walk() if isinstance(op, SubmitOp)]
    assert task.manual_candidate == UnitAttr()
    assert "manual_candidate" in task.properties
    assert not task.attributes
    assert "{manual_candidate}" in print_module(module)
    assert "<{" in print_module(module, generic=True)
    assert "manual_candidate}>" in print_module(module, generic=True)

    call_text = text.replace("%y, %tid = pto_orch.submit", "%y = pto_orch.call").replace(
        "deps(%p : !pto_orch.task_id) ", ""
    ).replace("scf.yield %y, %tid", "scf.yield %y, %p")
    _, module, _ = _loop(call_text)
    (call,) = [op for op in module.walk() if isinstance(op, CallOp)]
    rewriter = PatternRewriter(call)
    submit = call.as_submit(rewriter)
    assert submit.manual_candidate == UnitAttr()


def test_the_old_discardable_spelling_is_read_into_the_property() -> None:
    text = LOOP.replace(
        "deps(%p : !pto_orch.task_id) :", "deps(%p : !pto_orch.task_id) {pto_orch.manual_candidate} :"
    )
    _, module, _ = _loop(text)
    (task,) = [op for op in module.walk() if isinstance(op, SubmitOp)]
    assert task.manual_candidate == UnitAttr()
    assert not task.attributes
