"""`guard-dynamic-loop-steps`: an `scf.for` whose step is not a constant runs no iteration
when the step is not positive, instead of looping forever (step 0) or until the index
overflows (a negative step). Rules: docs/passes/guard-dynamic-loop-steps.md.

The pass applies one rewrite pattern, `GuardLoopStep`, to each orchestration function with
a `PatternRewriteWalker`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


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


def _needs_guard(loop: scf.ForOp) -> bool:
    """The step is not an `arith.constant` and the upper bound is not the guard yet."""
    return not isinstance(loop.step.owner, arith.ConstantOp) and not _is_guard(loop)


class GuardLoopStep(RewritePattern):
    """On an `scf.for` whose step is not an `arith.constant` and whose upper bound is not
    already the guard: inserts `%0 = arith.constant 0`, `%step_positive = arith.cmpi sgt,
    step, %0` and `%ub_guarded = arith.select %step_positive, ub, lb` before the loop (each
    located at the loop) and makes `%ub_guarded` the loop's upper bound (the loop is
    reported modified). Anything else is left alone. Raises nothing."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, loop: scf.ForOp, rewriter: PatternRewriter) -> None:
        if not _needs_guard(loop):
            return
        step = loop.step
        assert isinstance(step.type, IntegerType | IndexType)  # scf.for's verifier
        zero = arith.ConstantOp(IntegerAttr(0, step.type))
        positive = arith.CmpiOp(step, zero.result, "sgt")
        positive.result.name_hint = "step_positive"
        ub = arith.SelectOp(positive.result, loop.ub, loop.lb)
        ub.result.name_hint = "ub_guarded"
        for new in (zero, positive, ub):
            new.location = loop.location
        rewriter.insert([zero, positive, ub], InsertPoint.before(loop))
        # One operand, set in place: replace_uses_with_if would visit every use of the bound.
        loop.operands[1] = ub.result
        rewriter.notify_op_modified(loop)


@dataclass(frozen=True)
class GuardDynamicLoopSteps(ModulePass):
    """In orchestration functions, give every `scf.for` with a non-constant step the upper
    bound `step > 0 ? ub : lb`, so a step that is not positive runs no iteration. Constant
    steps are left alone (the verifier rejects a constant step <= 0). Idempotent. Raises
    nothing."""

    name = "guard-dynamic-loop-steps"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """Apply `GuardLoopStep` to the body of every orchestration function of `module`
        that has a loop to guard (one walk each, pre-order); `listener`, when given, also
        sees every change the rewriter makes."""
        for func in orchestration_functions(module):
            if not any(isinstance(o, scf.ForOp) and _needs_guard(o) for o in walk_list(func.body)):
                continue  # nothing to guard: no pattern walk
            TypedRewriteWalker(
                GuardLoopStep(),
                apply_recursively=False,
                op_types=(scf.ForOp,),
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(func.body)
