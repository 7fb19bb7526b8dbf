"""`TypedRewriteWalker`: xDSL's `PatternRewriteWalker` for a pattern that acts on ops of a few
types only (an `op_type_rewrite_pattern`, a pattern that returns at once on any other op).

The walker puts every op of the region on its worklist, and then, for each, resets its
rewriter and calls the pattern: about 2 µs per op and pass, most of it for ops the pattern
returns from at once (issue 28: a dozen such walks per pto2-pipeline run). This walker puts
only the ops of `op_types` on the worklist (the type test asked once per op class), in the
same order, listed by `accessors.walk_list` (a walk without xDSL's chain of generators);
everything else (the rewriter, the listener, erased ops leaving the worklist,
`apply_recursively`) is xDSL's. With `apply_recursively=False` it applies the pattern to
exactly the ops xDSL's walker would have it change, in the same order: the same rewrites,
the same listener events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.ir import Block, Operation, Region
from xdsl.pattern_rewriter import PatternRewriteWalker

from pypto_dialects.analysis.accessors import walk_list


@dataclass
class TypedRewriteWalker(PatternRewriteWalker):
    """A `PatternRewriteWalker` whose worklist holds only the ops of `op_types` (instances of
    one of them); the pattern must do nothing to any other op."""

    op_types: tuple[type[Operation], ...] = field(default=())
    may_act: Callable[[Operation], bool] | None = field(default=None)
    """When given, an op of `op_types` goes on the worklist only if `may_act(op)`: the
    pattern must do nothing to an op it returns False for, as the IR is when the walk
    starts (an op the rewrites change later is put back by xDSL's listener hooks)."""

    def _populate_worklist(self, op: Operation | Region | Block) -> None:
        if self.walk_reverse:
            super()._populate_worklist(op)
            return
        # xDSL pushes `op.walk(reverse=True, region_first=not walk_regions_first)`: the
        # forward walk (pre- or post-order) backwards, so that the stack pops it forwards
        wanted: dict[type[Operation], bool] = {}
        types = self.op_types
        push = self._worklist.push
        may_act = self.may_act
        for sub_op in reversed(walk_list(op, post_order=self.walk_regions_first)):
            cls = type(sub_op)
            hit = wanted.get(cls)
            if hit is None:
                hit = wanted[cls] = issubclass(cls, types)
            if hit and (may_act is None or may_act(sub_op)):
                push(sub_op)
