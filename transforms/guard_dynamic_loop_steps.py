"""`guard-dynamic-loop-steps`: an `scf.for` whose step is not a constant runs no iteration
when the step is not positive, instead of looping forever (step 0) or until the index
overflows (a negative step). Rules: docs/passes/guard-dynamic-loop-steps.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pypto_dialects.orch_attrs import orchestration_functions


def _is_guard(loop: scf.ForOp) -> bool:
    """The upper bound already is `select(step > 0, ub, lb)` of this loop."""
    sel = loop.ub.owner
    if not isinstance(sel, arith.SelectOp) or sel.rhs is not loop.lb:
        return False
    cmp = sel.cond.owner
    if not isinstance(cmp, arith.CmpiOp) or cmp.predicate.value.data != 4:  # sgt
        return False
    zero = cmp.rhs.owner
    return (
        cmp.lhs is loop.step
        and isinstance(zero, arith.ConstantOp)
        and isinstance(zero.value, IntegerAttr)
        and zero.value.value.data == 0
    )


def _guard(loop: scf.ForOp) -> None:
    step: SSAValue = loop.step
    zero = arith.ConstantOp(IntegerAttr(0, step.type))
    positive = arith.CmpiOp(step, zero.result, "sgt")
    positive.result.name_hint = "step_positive"
    ub = arith.SelectOp(positive.result, loop.ub, loop.lb)
    ub.result.name_hint = "ub_guarded"
    Rewriter.insert_op([zero, positive, ub], InsertPoint.before(loop))
    loop.operands[1] = ub.result


@dataclass(frozen=True)
class GuardDynamicLoopSteps(ModulePass):
    """In orchestration functions, give every `scf.for` with a non-constant step the upper
    bound `step > 0 ? ub : lb`, so a step that is not positive runs no iteration. Constant
    steps are left alone (the verifier rejects a constant step <= 0). Idempotent."""

    name = "guard-dynamic-loop-steps"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in orchestration_functions(op):
            for loop in [o for o in func.body.walk() if isinstance(o, scf.ForOp)]:
                if isinstance(loop.step.owner, arith.ConstantOp) or _is_guard(loop):
                    continue
                _guard(loop)
