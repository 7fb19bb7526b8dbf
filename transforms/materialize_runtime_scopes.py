"""`materialize-runtime-scopes`: make every runtime scope of an orchestration function an
explicit `pto_rt.scope` op, so the C++ printer maps scopes 1:1.

Rules, markers and diagnostics: docs/passes/materialize-runtime-scopes.md. One pattern walk,
linear in program size.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, UnitAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.diagnostics import pass_error
from pypto_dialects.orch import (
    MANUAL_LAYER,
    CallOp,
    SubmitOp,
)
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.rt import (
    AUTO_SCOPE,
    ScopeMode,
    ScopeModeAttr,
    ScopeOp,
    YieldOp,
    auto_scope_enabled,
)
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker

# The context a region's ops are in (what the pass may do there).
_SKIP = 0  # not in an orchestration function the pass processes: touch nothing
_AUTO = 1  # processed function, not inside a manual scope: wrap regions, strip markers
_MANUAL = 2  # processed function, inside a manual scope: wrap nothing, strip markers

_FALSE = IntegerAttr.from_bool(False)
_MODES = {m: {"mode": ScopeModeAttr(m)} for m in ScopeMode}
_OWNED_MANUAL = {"mode": ScopeModeAttr(ScopeMode.MANUAL), "compiler_owned": UnitAttr()}


class _Summary(NamedTuple):
    """What a region holds, at any depth: task ops, whether all carry the call-level marker,
    and the first `pto_rt.scope` (None if none)."""

    has_task: bool
    all_marked: bool
    scope: Operation | None


_EMPTY = _Summary(False, True, None)


class _ScopeState:
    """State shared by the patterns during one walk: the context of each visited op that
    holds regions (filled in pre-order, so a parent is always known before its children), the
    memoized region summaries, and the first error (raised after the walk: the walker turns
    exceptions raised inside patterns into multi-line dumps)."""

    def __init__(self) -> None:
        self.context: dict[Operation, int] = {}
        self.summaries: dict[Region, _Summary] = {}
        self.error: PassFailedException | None = None

    def context_of(self, op: Operation) -> int:
        """The context `op` sits in (that of its nearest visited ancestor), memoized."""
        parent = op.parent_op()
        found = self.context.get(parent) if parent is not None else _SKIP
        if found is not None:
            return found
        chain: list[Operation] = []
        while parent is not None and parent not in self.context:
            chain.append(parent)
            parent = parent.parent_op()
        found = self.context[parent] if parent is not None else _SKIP
        for p in chain:
            self.context[p] = found
        return found

    def summary(self, region: Region) -> _Summary:
        """The `_Summary` of `region`, computed once per region (bottom-up, memoized)."""
        known = self.summaries.get(region)
        if known is not None:
            return known
        has_task, all_marked = False, True
        scope: Operation | None = None
        for block in region.blocks:
            for op in block.ops:
                if isinstance(op, CallOp | SubmitOp):
                    has_task = True
                    if op.manual_candidate is None:
                        all_marked = False
                    continue
                if scope is None and isinstance(op, ScopeOp):
                    scope = op
                for inner in op.regions:
                    s = self.summary(inner)
                    has_task |= s.has_task
                    all_marked &= s.all_marked
                    if scope is None:
                        scope = s.scope
        result = _EMPTY
        if has_task or scope is not None:
            result = _Summary(has_task, all_marked, scope)
        self.summaries[region] = result
        return result

    def wrap_nested(self, region: Region, owner: Operation, rewriter: PatternRewriter) -> None:
        """Wrap the body of a loop or branch (`region` of `owner`) in an auto scope, or in a
        compiler-owned manual scope when every task in it is a manual candidate."""
        block = region.block
        only = _only_op(block)
        if isinstance(only, ScopeOp) and (not only.is_manual or only.compiler_owned is not None):
            return  # already wrapped by the compiler; visited next as a scope
        s = self.summary(region)
        if s.has_task and s.all_marked and s.scope is None:
            scope = wrap_block(block, owner, ScopeMode.MANUAL, True, rewriter)
            self.context[scope] = _MANUAL
        else:
            scope = wrap_block(block, owner, ScopeMode.AUTO, False, rewriter)
            self.context[scope] = _AUTO


def _only_op(block: Block) -> Operation | None:
    """The op before the terminator if it is the block's only other op, else None (O(1))."""
    first = block.first_op
    if first is None or first is block.last_op or first.next_op is not block.last_op:
        return None
    return first


def wrap_block(
    block: Block,
    owner: Operation,
    mode: ScopeMode,
    compiler_owned: bool,
    rewriter: PatternRewriter,
) -> ScopeOp:
    """Move every op of `block` except its terminator into a new `pto_rt.scope` inserted
    before the terminator. The terminator operands that the moved ops define are yielded by
    the scope (once each) and replaced by the scope's results. Returns the new scope, located
    at `owner`."""
    term = block.last_op
    assert term is not None  # verified IR: every block of these regions has a terminator
    inner = Block()
    op = block.first_op
    while op is not None and op is not term:
        nxt = op.next_op
        block.detach_op(op)
        inner.add_op(op)
        op = nxt
    index: dict[SSAValue, int] = {}
    yielded: list[SSAValue] = []
    slots: list[SSAValue | int] = []
    for value in term.operands:
        if isinstance(value.owner, Operation) and value.owner.parent is inner:
            k = index.get(value)
            if k is None:
                k = index[value] = len(yielded)
                yielded.append(value)
            slots.append(k)
        else:
            slots.append(value)
    # Operation.create: the IRDL constructor re-checks every argument and costs about 4x more,
    # which is most of the pass's time on large programs.
    scope_yield = YieldOp.create(operands=yielded)
    scope_yield.location = owner.location
    inner.add_op(scope_yield)
    props = _OWNED_MANUAL if compiler_owned else _MODES[mode]
    scope = ScopeOp.create(
        result_types=[v.type for v in yielded], properties=dict(props), regions=[Region(inner)]
    )
    scope.location = owner.location
    rewriter.insert(scope, InsertPoint.before(term))
    if yielded:
        results = scope.results
        term.operands = [results[s] if isinstance(s, int) else s for s in slots]
    return scope


@dataclass(eq=False)
class _FuncPattern(RewritePattern):
    """Decides a `func.func`'s context; wraps the body of a processed orchestration function
    (auto, or one manual scope under `pto_orch.manual_layer`) and sets `auto_scope = false`."""

    state: _ScopeState

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: func.FuncOp, rewriter: PatternRewriter) -> None:
        state = self.state
        body = op.body
        if not is_orchestration(op) or not auto_scope_enabled(op) or not body.blocks:
            state.context[op] = _SKIP
            return
        if body.first_block is not body.last_block:
            state.context[op] = _SKIP
            state.error = state.error or pass_error(
                op, "an orchestration function needs a single-block body to place its scopes"
            )
            return
        block = body.block
        only = _only_op(block)
        if MANUAL_LAYER in op.attributes:
            state.context[op] = _MANUAL
            if not (isinstance(only, ScopeOp) and only.is_manual and only.compiler_owned is None):
                inner = state.summary(body).scope
                if inner is not None:
                    state.context[op] = _SKIP
                    state.error = state.error or pass_error(
                        inner,
                        f"is inside @{op.sym_name.data}, which carries '{MANUAL_LAYER}': its "
                        "whole body becomes one manual scope and scopes cannot nest in a manual "
                        f"scope; remove this scope or the '{MANUAL_LAYER}' marker",
                    )
                    return
                state.context[wrap_block(block, op, ScopeMode.MANUAL, False, rewriter)] = _MANUAL
            del op.attributes[MANUAL_LAYER]
        else:
            state.context[op] = _AUTO
            if not (isinstance(only, ScopeOp) and not only.is_manual):
                state.context[wrap_block(block, op, ScopeMode.AUTO, False, rewriter)] = _AUTO
        op.attributes[AUTO_SCOPE] = _FALSE
        rewriter.notify_op_modified(op)


@dataclass(eq=False)
class _ForPattern(RewritePattern):
    """Wraps an `scf.for` body (auto, or compiler-owned manual) in a processed function
    outside manual scopes."""

    state: _ScopeState

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp, rewriter: PatternRewriter) -> None:
        ctx = self.state.context[op] = self.state.context_of(op)
        if ctx == _AUTO:
            self.state.wrap_nested(op.body, op, rewriter)


@dataclass(eq=False)
class _IfPattern(RewritePattern):
    """Wraps each existing branch of an `scf.if` (no else is synthesized) in a processed
    function outside manual scopes."""

    state: _ScopeState

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        ctx = self.state.context[op] = self.state.context_of(op)
        if ctx != _AUTO:
            return
        for region in (op.true_region, op.false_region):
            if region.blocks:
                self.state.wrap_nested(region, op, rewriter)


@dataclass(eq=False)
class _ScopePattern(RewritePattern):
    """Records the context inside an existing `pto_rt.scope`: a manual one suppresses every
    wrapping below it."""

    state: _ScopeState

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ScopeOp, rewriter: PatternRewriter) -> None:
        ctx = self.state.context_of(op)
        self.state.context[op] = _MANUAL if ctx != _SKIP and op.is_manual else ctx


@dataclass(eq=False)
class _StripCandidatePattern(RewritePattern):
    """Clears the `manual_candidate` property from the task ops of a
    processed function (the scope-level `compiler_owned` keyword replaces it)."""

    state: _ScopeState

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: CallOp | SubmitOp, rewriter: PatternRewriter) -> None:
        if op.manual_candidate is not None and self.state.context_of(op) != _SKIP:
            op.manual_candidate = None
            rewriter.notify_op_modified(op)


@dataclass(eq=False)
class _ByType(RewritePattern):
    """`GreedyRewritePatternApplier([...], dce_enabled=False)` over patterns that each act on
    one op type (`op_type_rewrite_pattern`s; the types disjoint): the one pattern for the op's
    type is called, where the applier would call each in turn and all but that one return at
    once (four calls per op for nothing)."""

    by_type: tuple[tuple[type[Operation] | tuple[type[Operation], ...], RewritePattern], ...]
    _memo: dict[type[Operation], RewritePattern | None] = field(default_factory=dict)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        cls = type(op)
        if cls in self._memo:
            pattern = self._memo[cls]
        else:
            pattern = self._memo[cls] = next(
                (p for t, p in self.by_type if issubclass(cls, t)), None)
        if pattern is not None:
            pattern.match_and_rewrite(op, rewriter)


@dataclass(frozen=True)
class MaterializeRuntimeScopes(ModulePass):
    """Insert the explicit runtime scopes of every orchestration function still in
    auto-scope mode (upstream PyPTO's MaterializeRuntimeScopes pass; rules in
    docs/passes/materialize-runtime-scopes.md).

    Input: verified IR. Output: the same module, each processed function carrying
    `pto_rt.auto_scope = false`. Raises a located PassFailedException for a function marked
    `pto_orch.manual_layer` whose body already holds a scope.
    """

    name = "materialize-runtime-scopes"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        state = _ScopeState()
        patterns = _ByType((
            (func.FuncOp, _FuncPattern(state)),
            (scf.ForOp, _ForPattern(state)),
            (scf.IfOp, _IfPattern(state)),
            (ScopeOp, _ScopePattern(state)),
            ((CallOp, SubmitOp), _StripCandidatePattern(state)),
        ))
        TypedRewriteWalker(
            patterns,
            apply_recursively=False,
            op_types=(func.FuncOp, scf.ForOp, scf.IfOp, ScopeOp, CallOp, SubmitOp),
        ).rewrite_module(op)
        if state.error is not None:
            raise state.error
