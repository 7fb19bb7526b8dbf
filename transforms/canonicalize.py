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
ops erased; after a round that changed nothing it is not run again (`_Walker`: the IR is as
the previous one left it, with no dead op). Each round's worklist holds only the ops the
applier may change (`_may_act`; about a fifth of the ops on the bench's programs): the same
fixed point as xDSL's walker (tests/test_canonicalize_same_as_xdsl.py). Usage:
`pypto-opt -p canonicalize`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnknownLoc, UnregisteredOp
from xdsl.ir import Operation, Region
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
)
from xdsl.traits import (
    ConstantLike,
    HasCanonicalizationPatternsTrait,
    HasFolder,
    IsTerminator,
    SymbolOpInterface,
)
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern, CanonicalizePass
from xdsl.transforms.dead_code_elimination import is_trivially_dead

from pypto_dialects.analysis.dead_ops import region_dce
from pypto_dialects.attrs import TaskIdType
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.system import TaskDummyOp, TaskIsValidOp
from pypto_dialects.task_id_folds import DropInvalidDeps, FoldIsValid, is_invalid_task_id
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


_ACTS: dict[type[Operation], int] = {}
"""Per op class, what the applier may do to one of its ops: `_ALWAYS` (a folder,
canonicalization patterns, FoldIsValid, an unregistered op), `_DEPS` (DropInvalidDeps, when
a TaskId it lists is invalid), `_DEAD` (erase it when trivially dead), `_NEVER` (a terminator or
a symbol with none of those: never trivially dead, xDSL's `would_be_trivially_dead`)."""
_NEVER, _DEAD, _DEPS, _ALWAYS = range(4)


def _class_acts(cls: type[Operation]) -> int:
    if issubclass(cls, (TaskIsValidOp, UnregisteredOp)):
        return _ALWAYS
    if cls.has_trait(HasCanonicalizationPatternsTrait) or (
        cls.has_trait(HasFolder) and not cls.has_trait(ConstantLike)
    ):
        return _ALWAYS
    if issubclass(cls, (TaskDummyOp, CallOp, SubmitOp)):
        return _DEPS
    if cls.has_trait(IsTerminator) or cls.has_trait(SymbolOpInterface):
        return _NEVER
    return _DEAD


def _may_act(op: Operation) -> bool:
    """Whether the canonicalize applier may change `op` as the IR is now: a fold or a
    pattern may apply to it (for a task or barrier, DropInvalidDeps: it lists an invalid
    TaskId), or it is trivially dead (xDSL's test). The walk then visits the same ops as
    xDSL's walker less ones it would return from at once. An op a rewrite changes later is
    put back by xDSL's listener hooks, or found by the next round, which any change starts:
    the rounds end, as xDSL's, when one changes nothing, at the same fixed point."""
    acts = _ACTS.get(type(op))
    if acts is None:
        acts = _ACTS[type(op)] = _class_acts(type(op))
    if acts == _ALWAYS:
        return True
    if acts == _DEPS and any(
        # (`type(...) is`: no class derives from TaskIdType, and an `isinstance` against an
        # attribute class, an ABC, is slow when false, as for most operands of a task)
        is_invalid_task_id(d) for d in op.operands if type(d.type) is TaskIdType
    ):
        return True
    if acts == _NEVER:
        return False
    for r in op.results:  # most ops: a used result, not trivially dead (xDSL's first test)
        if r.first_use is not None:
            return False
    return is_trivially_dead(op)


@dataclass
class _Walker(TypedRewriteWalker):
    """The canonicalize walker: its post-walk step (`_dce`) runs `region_dce` only when the
    IR may have changed since the last one ran, that is, in the first round and after a
    round whose rewrites did something (the walker's own test for another round). The last
    round changes nothing, and `region_dce` of the IR it left, whose every op its previous
    run found live, would find the same (issue 28: a whole liveness sweep, a sixth of the
    pass, for nothing)."""

    _dirty: bool = True

    def _process_worklist(self, listener: PatternRewriterListener) -> bool:
        changed = super()._process_worklist(listener)
        self._dirty = self._dirty or changed
        return changed

    def _dce(self, region: Region, listener: PatternRewriterListener) -> bool:
        if not self._dirty:
            return False
        self._dirty = False
        return region_dce(region, listener)


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
        # every op the applier may change, in xDSL's order (`_may_act`)
        walker = _Walker(pattern, listener=listener, op_types=(Operation,), may_act=_may_act)
        walker.post_walk_func = walker._dce
        walker.rewrite_module(op)
