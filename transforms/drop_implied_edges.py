"""`drop-implied-edges`: drop each compiler edge of a MANUAL scope that a path of other edges
already implies (a transitive reduction of the `compiler_deps` that auto-derive-task-dependencies
and order-untracked-hazards add; the user's `deps` stay). Rules:
docs/passes/drop-implied-edges.md.

For each orchestration function the analysis (analysis.implied_edges) finds the implied edges
of every manual scope, once, changing nothing; one rewrite pattern, `DropImpliedDeps`, then
removes them from their tasks in place.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)

from pypto_dialects.analysis.implied_edges import Task, implied_edges
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


@dataclass(frozen=True)
class DropImpliedDeps(RewritePattern):
    """Remove from a task the `compiler_deps` positions `drops` lists for it (the task and
    its TaskId stay; the operands change in place)."""

    drops: dict[Task, list[int]]

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        drop = self.drops.get(op)
        if not drop:
            return
        gone = set(drop)
        op.set_compiler_deps([d for i, d in enumerate(op.compiler_deps) if i not in gone])
        rewriter.notify_op_modified(op)


@dataclass(frozen=True)
class DropImpliedEdges(ModulePass):
    """Drop the implied compiler edges of every manual scope (see the module docstring).
    Expects the compiler edges in place (after order-untracked-hazards) and runs before
    classify-iter-arg-carry, which plans the TaskId carries the remaining edges use. Raises
    nothing: an edge it cannot prove implied stays."""

    name = "drop-implied-edges"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """For each orchestration function of `module`: find its implied edges and, when
        there are any, apply `DropImpliedDeps` to its body (one walk, visiting the tasks
        with edges to drop); `listener`, when given, sees every change."""
        for f in orchestration_functions(module):
            drops = implied_edges(f)
            if not drops:
                continue
            TypedRewriteWalker(
                DropImpliedDeps(drops),
                apply_recursively=False,
                op_types=(CallOp, SubmitOp),
                listener=listener or PatternRewriterListener(),
                may_act=drops.__contains__,  # only the tasks with edges to drop
            ).rewrite_region(f.body)
