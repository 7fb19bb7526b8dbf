"""`canonicalize`: xDSL's canonicalization (folding, each op's canonicalization patterns,
dead-code elimination), where an op it creates without a location takes the location of
the op it was created for.

xDSL's folder materializes a folded value as a new `arith.constant` with an unknown
location; MLIR's gives it the location of the op it folded. Our diagnostics, the race
report and the task graph name an op by its location, so pypto-opt's `canonicalize` (and
the pto2-pipeline step of that name) runs xDSL's own pattern, walker and dead-code
elimination (`xdsl.transforms.canonicalize`) with a rewriter listener that locates such ops:
the same rewrites, only located. The dead-code elimination after each round is xDSL's
`region_dce` computed in one sweep with memoized effects (analysis/dead_ops.py): the same
ops erased. Usage: `pypto-opt -p canonicalize`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnknownLoc
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
)
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern, CanonicalizePass

from pypto_dialects.analysis.dead_ops import region_dce
from pypto_dialects.task_id_folds import DropInvalidDeps, FoldIsValid
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


@dataclass
class _Located(RewritePattern):
    """Runs `inner` on each op, remembering that op as the one any new op is created for."""

    inner: RewritePattern
    current: Operation | None = None

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        self.current = op
        self.inner.match_and_rewrite(op, rewriter)

    def locate(self, new: Operation) -> None:
        """Listener hook: an inserted op without a location takes the matched op's."""
        if isinstance(new.location, UnknownLoc) and self.current is not None:
            new.location = self.current.location


class Canonicalize(CanonicalizePass):
    """xDSL's `canonicalize` on the whole module (any IR), with located results: every op
    that a fold or a canonicalization pattern inserts without a location gets the location
    of the op being rewritten (a folded constant: the op it folded). Raises nothing of its
    own; docs/passes/index.md, step 5 of pto2-pipeline."""

    name = "canonicalize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pattern = _Located(
            GreedyRewritePatternApplier(
                [CanonicalizationRewritePattern(), DropInvalidDeps(), FoldIsValid()],
                ctx=ctx,
                folding_enabled=True,
            )
        )
        listener = PatternRewriterListener()
        listener.operation_insertion_handler.append(pattern.locate)
        # every op, as xDSL's walker (a TypedRewriteWalker for its quicker walk)
        walker = TypedRewriteWalker(
            pattern, post_walk_func=region_dce, listener=listener, op_types=(Operation,)
        )
        walker.rewrite_module(op)
