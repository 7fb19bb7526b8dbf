"""`expand-manual-phase-fence`: one dummy barrier for the submits of a loop nest that all wait
for the same TaskId array, in manual scopes.

A `pto_orch.submit` in a loop whose only dependency is a whole TaskId array of N slots gets N
edges per consumer, N * M for the M consumer submissions. When that is profitable and safe,
the pass inserts `%b = pto_system.task_dummy deps(<array>)` before the outermost loop around
the consumers that the array does not change in (hoisted out of the loop nest as far as the
array stays the same and the trip counts are known) and makes every such consumer depend on
`%b` alone: N + M edges, the same order. Rules, the shapes left alone and examples:
docs/passes/expand-manual-phase-fence.md.

The pass summarizes each orchestration function (`FunctionSummary`, `find_fences`) and then
applies one rewrite pattern, `InsertFence`, to it with a `PatternRewriteWalker`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import UnionFind, edges, yield_values
from pypto_dialects.analysis.wait_only_edges import WaitOnlyEdges
from pypto_dialects.loop_steps import constant_trip_count
from pypto_dialects.orch import PARALLEL, SubmitOp, TaskArraySetOp, TaskIdArrayType, TaskIdType
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp
from pypto_dialects.system import TaskDummyOp
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


def _enclosing_loop(op: Operation) -> scf.ForOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, scf.ForOp):
        parent = parent.parent_op()
    return parent


def _in_manual_scope(op: Operation) -> bool:
    """True if the scope around `op` is a manual scope the user wrote. Compiler-owned manual
    scopes are left alone: in pto2-pipeline they are placed after this pass, so touching them
    when the pipeline runs again would change its output."""
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, ScopeOp):
            return parent.is_manual and parent.compiler_owned is None
        parent = parent.parent_op()
    return False


class FunctionSummary:
    """The analysis of one orchestration function: how many slots a TaskId value stands for
    when listed in `deps` (`slots`), and which values share the storage of a TaskId array
    (`storage`, after `index_storage`). Changes nothing, raises nothing."""

    def __init__(self) -> None:
        self._slots: dict[SSAValue, int | None] = {}
        self._arrays: UnionFind[None] = UnionFind()
        self._stored: dict[scf.ForOp, set[SSAValue]] = {}

    # ---------------------------------------------------------------- slots of a deps entry

    def slots(self, v: SSAValue) -> int | None:
        """The number of TaskIds `deps(v)` stands for in the C++ when `v` is an array
        (a `!pto_orch.task_id_array<N>`, or a `!pto_orch.task_id` the carry plan will make an
        array); None for a single TaskId or an array whose size is not known here."""
        if v not in self._slots:
            self._slots[v] = None  # a cycle (loop carry) resolves to "not an array"
            self._slots[v] = self._compute_slots(v)
        return self._slots[v]

    def _compute_slots(self, v: SSAValue) -> int | None:
        if isinstance(v.type, TaskIdArrayType):
            return v.type.size.data
        if not isinstance(v.type, TaskIdType):
            return None
        if isinstance(v, BlockArgument):
            loop = v.block.parent_op()
            if not isinstance(loop, scf.ForOp) or v.index == 0:
                return None
            j = v.index - 1
            if PARALLEL in loop.attributes:
                # in a parallel loop's body the carry reads its init: every slot of it
                return self.slots(loop.iter_args[j])
            return self._inherited(loop, j)
        if isinstance(v, OpResult):
            owner = v.op
            if isinstance(owner, ScopeOp):
                ys = yield_values(owner)
                return self.slots(ys[v.index]) if v.index < len(ys) else None
            if isinstance(owner, scf.ForOp):
                if PARALLEL in owner.attributes:  # an array carry in every kind of scope
                    n = constant_trip_count(owner)
                    return n if n else None
                if PARALLEL not in owner.attributes:
                    return self._inherited(owner, v.index)
        return None

    def _inherited(self, loop: scf.ForOp, j: int) -> int | None:
        """A sequential loop's TaskId carry is an array when its body yields the array carry of
        a loop nested in it (seen through `pto_rt.scope` results)."""
        ys = yield_values(loop)
        if j >= len(ys):
            return None
        y = ys[j]
        while isinstance(y, OpResult) and isinstance(y.op, ScopeOp):
            inner = yield_values(y.op)
            if y.index >= len(inner):
                return None
            y = inner[y.index]
        if isinstance(y, OpResult) and isinstance(y.op, scf.ForOp) and loop.is_ancestor(y.op):
            return self.slots(y)
        return None

    # ---------------------------------------------------------------- array storage

    def storage(self, v: SSAValue) -> SSAValue:
        """A representative of the C++ TaskId array `v` names (computed by `index_storage`):
        a `task_array_set` result is its array (an in-place store), a loop result is the
        loop's carry variable (its iter_arg), a `pto_rt.scope` result is the value its scope
        yields (their storage edges, analysis.storage_roots). A carry variable, an `scf.if`
        result and a created array are arrays of their own (the C++ copies into them slot by
        slot)."""
        return self._arrays.find(v)

    def stored_in(self, loop: scf.ForOp) -> set[SSAValue]:
        """The storage representatives (`storage`) of the arrays a `task_array_set` in
        `loop`'s body (at any depth) stores into; one walk of the body per loop."""
        got = self._stored.get(loop)
        if got is None:
            got = self._stored[loop] = {
                self.storage(op.array) for op in loop.body.walk() if isinstance(op, TaskArraySetOp)
            }
        return got

    def index_storage(self, body: Block) -> None:
        """One walk joining the values of `body` that name the same C++ TaskId array."""
        for op in walk_list(body):
            if isinstance(op, TaskArraySetOp):
                self._arrays.union(op.result, op.array)
            elif isinstance(op, scf.ForOp | ScopeOp):
                for res in op.results:
                    if isinstance(res.type, TaskIdArrayType):
                        for _, v in edges(res):
                            self._arrays.union(res, v)


@dataclass
class Fence:
    """The consumers that depend on all of `source` (`slots` TaskIds) and get one barrier
    before `loop`, the outermost loop around them the barrier can precede; `executions`: how
    many times the consumers are submitted per execution of `loop` (M)."""

    loop: scf.ForOp
    source: SSAValue
    slots: int
    consumers: list[SubmitOp]
    executions: int = 0


def _source(consumer: SubmitOp, loop: scf.ForOp) -> SSAValue | None:
    """The value a barrier before `loop` would wait for in place of the consumer's only dep,
    or None when the dep is not stable across the loop (defined or carried by the loop)."""
    return _stable_in(consumer.deps[0], loop)


def _stable_in(dep: SSAValue, loop: scf.ForOp) -> SSAValue | None:
    """`dep` as a value defined before `loop` that the loop's body reads as `dep` in every
    iteration: `dep` itself when defined outside the loop; the init of a `pto_orch.parallel`
    loop's TaskId carry (its body reads the init in every iteration); else None (defined in
    the body, or a sequential loop's carry, which changes every iteration)."""
    if isinstance(dep, BlockArgument) and dep.block is loop.body.block:
        if dep.index > 0 and isinstance(dep.type, TaskIdType) and PARALLEL in loop.attributes:
            return loop.iter_args[dep.index - 1]
        return None
    owner = dep.owner
    defining = owner if isinstance(owner, Operation) else owner.parent_op()
    if defining is not None and (defining is loop or loop.is_ancestor(defining)):
        return None  # defined in the loop body
    return dep


def _hoisted(
    f: FunctionSummary, loop: scf.ForOp, source: SSAValue, executions: int
) -> tuple[scf.ForOp, SSAValue, int]:
    """(the outermost loop a barrier for `source` can precede instead of `loop`, what it waits
    for there, the consumer's executions per execution of that loop). Out of `loop` into the
    `scf.for` whose body holds it directly, as long as that loop's trip count is a positive
    constant (the barrier then runs exactly when the consumers do), the source is stable in
    it (`_stable_in`) and, for a `!pto_orch.task_id_array`, no `task_array_set` in it
    stores into the source's storage."""
    while True:
        outer = loop.parent_op()
        if not isinstance(outer, scf.ForOp):
            break
        trips = constant_trip_count(outer)
        stable = _stable_in(source, outer) if trips else None
        if stable is None or f.slots(stable) != f.slots(source):
            break
        if stable is not source and not _only_sole_dep(source):
            # a parallel loop's carry that is also used otherwise (an inner loop's init, say)
            # gets classify-iter-arg-carry's barrier per iteration anyway, which reuses a
            # fence right before that use: hoisting would add a barrier, not save one
            break
        if isinstance(stable.type, TaskIdArrayType) and _updated_in(f, stable, outer):
            break
        assert trips is not None
        loop, source, executions = outer, stable, executions * trips
    return loop, source, executions


def _only_sole_dep(value: SSAValue) -> bool:
    """Whether every use of `value` is as the only `deps` entry of a submit."""
    return all(
        isinstance(use.operation, SubmitOp)
        and len(use.operation.deps) == 1
        and use.operation.deps[0] is value
        and not use.operation.compiler_deps
        for use in value.uses
    )


def find_fences(f: FunctionSummary, body: Block) -> list[Fence]:
    """The profitable, safe fences of one function body (`f` its summary, storage indexed),
    in program order (of their first consumers). Changes nothing, raises nothing."""
    groups: dict[tuple[scf.ForOp, SSAValue], Fence] = {}
    creators = WaitOnlyEdges()
    for op in walk_list(body):
        if not isinstance(op, SubmitOp) or len(op.deps) != 1 or op.compiler_deps:
            continue
        if _may_hold_buffers(creators, op.deps[0]):
            # the consumer's edge is also a reference: it keeps the buffers its producers
            # created (a runtime-allocated output, an allocation) alive while it runs; an
            # edge to the barrier holds only the barrier, which lets the producers go once
            # it has run
            continue
        loop = _enclosing_loop(op)
        if loop is None or not _in_manual_scope(loop):
            continue
        source = _source(op, loop)
        if source is None or f.slots(source) is None:
            continue
        trips = constant_trip_count(loop)
        if not trips:
            continue  # a known-zero loop, or a benefit that cannot be estimated
        if isinstance(source.type, TaskIdArrayType) and _updated_in(f, source, loop):
            continue
        loop, source, executions = _hoisted(f, loop, source, trips)
        key = (loop, source)
        if key not in groups:
            n = f.slots(source)
            assert n is not None
            groups[key] = Fence(loop, source, n, [])
        groups[key].consumers.append(op)
        groups[key].executions += executions
    fences = []
    for fence in groups.values():
        m = fence.executions
        if fence.slots * m <= fence.slots + m:
            continue  # N -> 1, 2 -> 2: the barrier saves nothing
        fences.append(fence)
    return fences


def _may_hold_buffers(creators: WaitOnlyEdges, dep: SSAValue) -> bool:
    """Whether `dep` may name a task that created a buffer (or cannot be traced)."""
    found = creators.producers.of(dep)
    return found is None or any(creators.creates_buffer(p) for p in found)


def _updated_in(f: FunctionSummary, source: SSAValue, loop: scf.ForOp) -> bool:
    """True if a `task_array_set` in `loop` writes the storage of the array `source`
    (through any alias): the slots the consumers wait for would change while the loop runs."""
    return f.storage(source) in f.stored_in(loop)


@dataclass(eq=False)
class InsertFence(RewritePattern):
    """On an `scf.for` that is the loop of fences in `fences` (from `find_fences`, grouped by
    loop): for each fence, in order, inserts `%fence = pto_system.task_dummy deps(<source>)`
    before the loop (located at the fence's first consumer) and makes each consumer's only
    `deps` entry `%fence` (each consumer is reported modified). Other ops are left alone.
    Raises nothing."""

    fences: dict[scf.ForOp, list[Fence]]

    @op_type_rewrite_pattern
    def match_and_rewrite(self, loop: scf.ForOp, rewriter: PatternRewriter) -> None:
        for fence in self.fences.get(loop, ()):
            barrier = TaskDummyOp([fence.source])
            barrier.location = fence.consumers[0].location
            barrier.results[0].name_hint = "fence"
            rewriter.insert(barrier, InsertPoint.before(loop))
            for consumer in fence.consumers:
                # operands: args, then deps (one entry), then compiler_deps (none)
                operands = list(consumer.operands)
                operands[len(consumer.args)] = barrier.results[0]
                consumer.operands = operands
                rewriter.notify_op_modified(consumer)


@dataclass(frozen=True)
class ExpandManualPhaseFence(ModulePass):
    """In manual scopes, replace a profitable, safe full-array TaskId fan-out
    `tids[N] -> consumers[M]` by `tids[N] -> pto_system.task_dummy -> consumers[M]`.
    Raises nothing."""

    name = "expand-manual-phase-fence"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """For each orchestration function of `module`: summarize it (`FunctionSummary`),
        find its fences (`find_fences`), and when there are any apply `InsertFence` to it
        (one walk); `listener`, when given, also sees every change the rewriter makes."""
        for function in orchestration_functions(module):
            f = FunctionSummary()
            body = function.body.block
            f.index_storage(body)
            by_loop: dict[scf.ForOp, list[Fence]] = {}
            for fence in find_fences(f, body):
                by_loop.setdefault(fence.loop, []).append(fence)
            if not by_loop:
                continue  # nothing to insert: no walk
            TypedRewriteWalker(
                InsertFence(by_loop),
                apply_recursively=False,
                op_types=(scf.ForOp,),
                listener=listener or PatternRewriterListener(),
            ).rewrite_region(function.body)
