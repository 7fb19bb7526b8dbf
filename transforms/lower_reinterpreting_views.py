"""`lower-reinterpreting-views`: a `pto_tensor.view` that reinterprets its source's shape
(`ViewOp.reinterprets`: a contiguous 2x16 seen as 4x8) becomes the `pto_tensor.reshape` it
stands for. Rules: docs/passes/lower-reinterpreting-views.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)

from pypto_dialects import tensor as pt
from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


class ReinterpretingViewToReshape(RewritePattern):
    """On a `pto_tensor.view` that reinterprets its source (same rank, static shapes of one
    element count, another shape; its verifier made sure the offsets are constant zeros and
    the source is not provably non-contiguous): replaces it by `pto_tensor.reshape` of the
    source to the view's type, located at the view, its result keeping the view's name.
    Every other view is left alone. Raises nothing."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: pt.ViewOp, rewriter: PatternRewriter) -> None:
        if not op.reinterprets():
            return
        assert isinstance(op.result.type, TensorType)  # (the op's constraint)
        new = pt.ReshapeOp(op.source, op.result.type)
        new.location = op.location
        rewriter.replace(op, new)  # (the result takes the view's name hint)


@dataclass(frozen=True)
class LowerReinterpretingViews(ModulePass):
    """In orchestration functions, make every `pto_tensor.view` that reinterprets its
    source's shape a `pto_tensor.reshape` (the runtime's `Tensor::view` rejects such a view;
    its `Tensor::reshape` does what it means). The first step of pto2-pipeline, so no
    analysis sees a view whose layout is not its source's. Idempotent. Raises nothing."""

    name = "lower-reinterpreting-views"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """Apply `ReinterpretingViewToReshape` to the body of every orchestration function of
        `module` that has such a view (one walk each); `listener`, when given, also sees every
        change the rewriter makes."""
        for func in orchestration_functions(module):
            if not any(isinstance(o, pt.ViewOp) and o.reinterprets() for o in walk_list(func.body)):
                continue  # nothing to lower: no pattern walk
            TypedRewriteWalker(
                ReinterpretingViewToReshape(),
                apply_recursively=False,
                op_types=(pt.ViewOp,),
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(func.body)
