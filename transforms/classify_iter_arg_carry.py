"""`classify-iter-arg-carry`: stamp the carry plan of every `scf.for` with iter_args
(`pto_orch.iter_arg_rebind`, `pto_orch.iter_arg_array_size`), which the C++ printer only reads,
and make every TaskId that leaves a `pto_orch.parallel` loop stand for all its iterations.

Rules and diagnostics: docs/passes/classify-iter-arg-carry.md. The plan is decided first,
changing nothing (`_Classifier`: one post-order walk, inner loops first, each value resolved
once; every diagnostic is raised there); then one rewrite pattern, `ApplyCarryPlan`, applied
by a pre-order `PatternRewriteWalker`, stamps it and adds the barriers where a TaskId array
meets a place that holds one TaskId (each operand once): linear. Idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.traits import is_side_effect_free

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.analysis.task_id_scopes import array_slots, closing_scope
from pypto_dialects.carry_plan import ARRAY_SIZE, REBIND, CarryPlan, plan_size
from pypto_dialects.diagnostics import pass_error
from pypto_dialects.limits import MAX_TASK_ARRAY_SIZE
from pypto_dialects.loop_steps import constant_trip_count
from pypto_dialects.orch import (
    MANUAL_LAYER,
    PARALLEL,
    CallOp,
    SubmitOp,
    TaskIdArrayType,
    TaskIdType,
)
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp, auto_scope_enabled
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskDummyOp
from pypto_dialects.task_id_folds import is_invalid_task_id
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


def _constant(v: SSAValue) -> int | None:
    owner = v.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _through_scopes(v: SSAValue) -> SSAValue:
    """`v`, seen through `pto_rt.scope` results (the value the scope yields)."""
    while isinstance(v, OpResult) and isinstance(v.op, ScopeOp):
        ys = yield_values(v.op)
        if v.index >= len(ys):
            return v
        v = ys[v.index]
    return v


class _Classifier:
    """One post-order walk over an orchestration function, deciding its carry plans; changes
    nothing. Afterwards `plans` holds the plan of every `scf.for` with iter_args, and
    `iteration_barriers[loop]` the TaskId carries of a parallel loop of unknown trip count
    whose iterations yield a barrier (`_dynamic`). The located errors of the rules are raised
    here, before any change.

    `same.of(v)` is the value `v` surely is (storage_roots.SameValues, through in-place
    aliasing, with the rebind flags of the loops already classified); `rebind` and `sizes`
    hold the plans of the loops already classified (inner loops come first)."""

    def __init__(self, function: func.FuncOp, symbols: SymbolTableCollection):
        self.function = function
        self.symbols = symbols
        self.rebind: dict[scf.ForOp, list[bool]] = {}
        self.same = storage.SameValues(symbols, self._own_variable)
        self.sizes: dict[scf.ForOp, list[int]] = {}
        self.plans: dict[scf.ForOp, CarryPlan] = {}
        self.iteration_barriers: dict[scf.ForOp, list[int]] = {}
        # manual-ness of each scope / loop's context, filled top-down on demand
        self._manual: dict[Operation, bool] = {}
        self._pending_scopes = auto_scope_enabled(function) and _has_markers(function)

    def _own_variable(self, arg: BlockArgument) -> bool:
        """The rebind flag of the carry `arg` (True for a loop not classified yet)."""
        loop = arg.block.parent_op()
        flags = self.rebind.get(loop) if isinstance(loop, scf.ForOp) else None
        k = arg.index - 1
        return flags is None or k >= len(flags) or flags[k]

    def run(self) -> None:
        for block in self.function.body.blocks:
            for op in walk_list(block, post_order=True):
                if isinstance(op, scf.ForOp) and op.iter_args:
                    self.loop(op)

    def in_manual_scope(self, op: Operation) -> bool:
        """True if a manual `pto_rt.scope` encloses `op` (memoized per ancestor)."""
        chain: list[Operation] = []
        parent = op.parent_op()
        found = False
        while parent is not None and parent is not self.function:
            known = self._manual.get(parent)
            if known is not None:
                found = known
                break
            chain.append(parent)
            if isinstance(parent, ScopeOp) and parent.is_manual:
                found = True
                break
            parent = parent.parent_op()
        for p in chain:
            self._manual[p] = found
        return found

    def loop(self, op: scf.ForOp) -> None:
        parallel = PARALLEL in op.attributes
        ys = yield_values(op)
        args = op.body.block.args[1:]
        rebind: list[bool] = []
        sizes: list[int] = []
        for j, arg in enumerate(args):
            t = arg.type
            y = ys[j] if j < len(ys) else arg
            if isinstance(t, TaskIdType | TaskIdArrayType):
                rebind.append(True)
                size = 0
                if isinstance(t, TaskIdType):
                    size = self.parallel_size(op, j) if parallel else self.seq_size(op, j)
                sizes.append(size)
            else:
                rebind.append(self.same.of(y) is not arg)
                sizes.append(0)
        self.rebind[op] = rebind
        self.sizes[op] = sizes
        self.plans[op] = CarryPlan(tuple(rebind), tuple(sizes))

    # ------------------------------------------------------------------ TaskId carries

    def parallel_size(self, op: scf.ForOp, j: int) -> int:
        """The array size of TaskId carry j of a `pto_orch.parallel` loop: its trip count when
        that is a positive constant of at most `MAX_TASK_ARRAY_SIZE` (in every kind of scope;
        more is a located error in a manual scope); else 0, after making sure the carry's
        result still stands for every iteration (see `_dynamic`)."""
        n = constant_trip_count(op)
        if n and n <= MAX_TASK_ARRAY_SIZE:
            return n
        if self.in_manual_scope(op):
            if n:
                raise pass_error(
                    op,
                    f"is a pto_orch.parallel loop of {n} iterations carrying a TaskId (iter_arg "
                    f"{j}) inside a manual scope, so its TaskIds become a C++ stack array with "
                    "one slot per iteration, which a consumer lists one by one: at most "
                    f"{MAX_TASK_ARRAY_SIZE} slots, as a !pto_orch.task_id_array: split it into "
                    "a sequential loop around a parallel loop of at most that many iterations, "
                    "or make the loop sequential (drop 'pto_orch.parallel') to carry a single "
                    "TaskId",
                )
            self.trip_count(op, j)  # raises: the located error of the bound that is not known
        if self._pending_scopes:
            raise pass_error(
                op,
                f"carries a TaskId (iter_arg {j}) in a pto_orch.parallel loop of a function "
                "whose runtime scopes are not placed yet, and its trip count is not a positive "
                f"constant of at most {MAX_TASK_ARRAY_SIZE}: its manual-scope markers let "
                "materialize-runtime-scopes put this loop in a manual scope, where such a "
                "carry is an error; run --materialize-runtime-scopes first (or -p pto2-pipeline)",
            )
        if n is None or n > MAX_TASK_ARRAY_SIZE:
            # more iterations than a TaskId array may hold (a stack array, and a consumer
            # listing 100000 deps overflows the runtime's dependency pool): one TaskId, as for
            # an unknown trip count
            self._dynamic(op, j)
        return 0  # no iteration runs (a constant trip count of 0): the result is the init

    def _dynamic(self, op: scf.ForOp, j: int) -> None:
        """Carry j of a parallel loop whose trip count is not known, outside manual scopes: a
        single TaskId. It stands for every iteration when each iteration's TaskId waits for
        the carry (a chain); otherwise, when the result is used, every iteration is to read
        the init (as an array carry's iterations do) and yield a barrier waiting for the carry
        and its own TaskId: recorded in `iteration_barriers` (`ApplyCarryPlan` makes it)."""
        arg = op.body.block.args[j + 1]
        term = op.body.block.last_op
        if op.res[j].first_use is None or term is None or j >= len(term.operands):
            return
        if _chained(term.operands[j], arg, op):
            return
        self.iteration_barriers.setdefault(op, []).append(j)

    def seq_size(self, op: scf.ForOp, j: int) -> int:
        """A sequential loop's TaskId carry holds what its body yields: an array of N when that
        is one (an inner loop's array carry, seen through scope results), else one TaskId."""
        ys = yield_values(op)
        if j >= len(ys):
            return 0
        y = _through_scopes(ys[j])
        if y is op.body.block.args[j + 1]:  # passed on unchanged: the init
            y = _through_scopes(op.iter_args[j])
        if isinstance(y, OpResult) and isinstance(y.op, scf.ForOp):
            inner = self.sizes.get(y.op)
            if inner is not None and y.index < len(inner):
                return inner[y.index]
        return 0

    def trip_count(self, op: scf.ForOp, j: int) -> int:
        """The constant trip count of a parallel loop whose TaskId carry `j` becomes an array;
        a located error when it is not statically known or not positive."""
        head = (
            f"is a pto_orch.parallel loop carrying a TaskId (iter_arg {j}) inside a manual "
            "scope, so its TaskIds become an array with one slot per iteration"
        )
        values = {"lower bound": op.lb, "upper bound": op.ub, "step": op.step}
        consts: dict[str, int] = {}
        for what, v in values.items():
            c = _constant(v)
            if c is None:
                raise pass_error(
                    op,
                    f"{head}, which needs a statically-known trip count, but its {what} is not "
                    "an arith.constant: make the lower bound, upper bound and step "
                    "arith.constant values (for a dynamic extent, split it into a sequential "
                    "loop around a parallel loop of constant trip count), or make the loop "
                    "sequential (drop 'pto_orch.parallel') to carry a single TaskId",
                )
            consts[what] = c
        lb, ub, step = consts["lower bound"], consts["upper bound"], consts["step"]
        if step <= 0:
            raise pass_error(
                op, f"{head}, which needs a positive step, but the step is {step}"
            )
        n = max(0, -((lb - ub) // step))
        if n == 0:
            raise pass_error(
                op,
                f"{head}, but its trip count is 0 (lower bound {lb}, upper bound {ub}): an "
                "empty TaskId array cannot be declared; remove the loop or fix its bounds",
            )
        return n


def _chained(y: SSAValue, arg: SSAValue, loop: scf.ForOp) -> bool:
    """Whether the TaskId `y` an iteration of `loop` yields is ordered after the carry `arg`
    (the previous iteration's): `arg` itself, or a task or barrier of the body listing such a
    value in its deps / compiler_deps (seen through scope results; an if result when every
    branch yields one)."""
    memo: dict[SSAValue, bool] = {}

    def chained(v: SSAValue) -> bool:
        v = _through_scopes(v)
        if v is arg:
            return True
        if v in memo:
            return memo[v]
        memo[v] = False  # cycles (inner loop carries) resolve to "not chained"
        owner = v.owner
        out = False
        if isinstance(owner, Operation) and loop.is_ancestor(owner):
            if isinstance(owner, SubmitOp) and v is owner.task_id:
                out = any(chained(d) for d in (*owner.deps, *owner.compiler_deps))
            elif isinstance(owner, TaskDummyOp):
                out = any(chained(d) for d in owner.deps)
            elif isinstance(owner, scf.IfOp) and isinstance(v, OpResult):
                branches = [yield_values(owner, r) for r in range(len(owner.regions))]
                out = len(branches) == 2 and all(
                    v.index < len(b) and chained(b[v.index]) for b in branches
                )
        memo[v] = out
        return out

    return chained(y)


# --------------------------------------------------------------------------- barriers


@dataclass(eq=False)
class ApplyCarryPlan(RewritePattern):
    """The changes of the carry plans `plans` (from `_Classifier`), applied op by op in
    pre-order (a loop, and its inits, before its body):

    - on an `scf.for` that `plans` holds: for each carry j that `iteration_barriers` lists
      for it, every use of the iter_arg in the body but the yield becomes the init (each user
      reported modified) and `%<arg>_all = pto_system.task_dummy deps(<iter_arg>, <yielded>)`
      is inserted before the yield (located at the loop), which yields it instead (the yield
      reported modified); then the plan is stamped (the loop reported modified when it
      changes);
    - on any op, when some plan has an array carry (`arrays`): where a `!pto_orch.task_id`
      standing for an array of TaskIds (a parallel loop's result,
      analysis/task_id_scopes.array_slots) reaches a place that holds one TaskId, a barrier
      `%<v>_all = pto_system.task_dummy deps(<v>)` waiting for all of them takes its place
      (the op reported modified): an `scf.if` result, a loop carry planned for another size,
      a parallel loop's yield that is not its own carry passed on, the carry of a parallel
      array loop used other than as a dependency or its loop's yield, and any op other than a
      task. Dead side-effect-free ops are skipped (canonicalize removes them).

    A barrier is located at the op it was made for (the first one in its block: barriers are
    made once per value and block, `made`). Raises nothing."""

    plans: dict[scf.ForOp, CarryPlan]
    iteration_barriers: dict[scf.ForOp, list[int]]
    arrays: bool
    made: dict[tuple[SSAValue, Block], TaskDummyOp] = field(default_factory=dict)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if isinstance(op, scf.ForOp):
            plan = self.plans.get(op)
            if plan is not None:
                for j in self.iteration_barriers.get(op, ()):
                    _iteration_barrier(op, j, rewriter)
                if PARALLEL in op.attributes:
                    for j, init in enumerate(op.iter_args):
                        if plan.size(j) and is_invalid_task_id(init):
                            _invalid_seed(op, j, rewriter)
                before = (op.attributes.get(REBIND), op.attributes.get(ARRAY_SIZE))
                plan.stamp(op)
                if (op.attributes.get(REBIND), op.attributes.get(ARRAY_SIZE)) != before:
                    rewriter.notify_op_modified(op)
        if not self.arrays:
            return
        if op.results and all(r.first_use is None for r in op.results) and is_side_effect_free(op):
            return  # dead (canonicalize removes it): no barrier for it
        changed = False
        for i, v in enumerate(op.operands):
            if type(v.type) is TaskIdType and not _holds(op, i, v):  # (see `may_act`)
                op.operands[i] = self.barrier(v, op, rewriter)
                changed = True
        if changed:
            rewriter.notify_op_modified(op)

    def may_act(self, op: Operation) -> bool:
        """Whether the pattern may change `op` (the walk's `may_act`): a planned loop, or,
        when some plan has an array carry, an op with a `!pto_orch.task_id` operand. The
        rewrites keep every operand's type, so an op without such an operand when the walk
        starts gets none before the walk reaches it. (`type(t) is TaskIdType`: no class derives
        from it, and `isinstance` against an attribute class, an ABC, is slow when false.)"""
        if op in self.plans:
            return True
        return self.arrays and any(type(v.type) is TaskIdType for v in op.operands)

    def barrier(self, v: SSAValue, before: Operation, rewriter: PatternRewriter) -> SSAValue:
        """A barrier waiting for every TaskId of `v`, in the block of `before` (one per value
        and block, reused; the phase fence's `task_dummy deps(v)` right before a loop is
        reused too)."""
        closed = closing_scope(v)
        if closed is not None:
            # the array's C++ variable dies with a scope before `before`: the scope yields a
            # barrier made inside it instead (its result then is that one TaskId)
            scope, inner = closed
            term = scope.body.block.last_op
            assert term is not None
            b = self.barrier(inner, term, rewriter)
            changed = False
            for k, operand in enumerate(term.operands):
                if operand is inner:
                    term.operands[k] = b
                    changed = True
            if changed:
                rewriter.notify_op_modified(term)
            return v
        block = before.parent_block()
        assert block is not None
        key = (v, block)
        made = self.made.get(key)
        if made is not None:
            return made.result
        prev = before.prev_op
        if isinstance(prev, TaskDummyOp) and len(prev.deps) == 1 and prev.deps[0] is v:
            self.made[key] = prev
            return prev.result
        dummy = TaskDummyOp([v])
        dummy.result.name_hint = f"{v.name_hint}_all" if v.name_hint else "all_slots"
        dummy.location = before.location
        rewriter.insert(dummy, InsertPoint.before(before))
        self.made[key] = dummy
        return dummy.result


def _iteration_barrier(loop: scf.ForOp, j: int, rewriter: PatternRewriter) -> None:
    """Carry j of `loop` (`_Classifier._dynamic`): every iteration reads the init, and
    yields a barrier waiting for the carry and the TaskId it yielded (located at the loop)."""
    arg = loop.body.block.args[j + 1]
    term = loop.body.block.last_op
    assert term is not None
    rewriter.replace_uses_with_if(arg, loop.iter_args[j], lambda use: use.operation is not term)
    y = term.operands[j]
    # in the iteration's own scope when the TaskId leaves it only for this yield: there it is
    # one more task of one iteration, where after the scope it is a task of the scope around
    # the loop, one per iteration (the runtime's "scope deadlock" past 16383 iterations)
    if (isinstance(y, OpResult) and isinstance(y.op, ScopeOp) and y.op.parent_op() is loop
            and y.has_one_use()):
        where = y.op.body.block.last_op
        assert where is not None
        inner: SSAValue = where.operands[y.index]
    else:
        where, inner = term, y
    barrier = TaskDummyOp([arg, inner])
    barrier.result.name_hint = f"{arg.name_hint}_all" if arg.name_hint else "all_iterations"
    barrier.location = loop.location
    rewriter.insert(barrier, InsertPoint.before(where))
    if where is term:
        term.operands[j] = barrier.result
        rewriter.notify_op_modified(term)
    else:
        where.operands[cast(OpResult, y).index] = barrier.result
        rewriter.notify_op_modified(where)


def _invalid_seed(loop: scf.ForOp, j: int, rewriter: PatternRewriter) -> None:
    """Array carry j of the parallel `loop`, initialised with `pto_system.task_invalid`: every
    iteration sees the init (the previous round's TaskIds, none here), so every use of the
    iter_arg in the body but the yield becomes the init, as the printer and the interpreter
    read it. A task's or barrier's dependency on it is then one on no task, which
    canonicalize drops (task_id_folds.DropInvalidDeps; the C++ would guard it with a test
    that is always false), and an inner loop seeded with it is seeded with the invalid
    TaskId too (its own carry is then the next one this rewrites, pre-order)."""
    arg = loop.body.block.args[j + 1]
    term = loop.body.block.last_op
    rewriter.replace_uses_with_if(arg, loop.iter_args[j], lambda use: use.operation is not term)


def _holds(op: Operation, i: int, v: SSAValue) -> bool:
    """Whether operand `i` of `op` may be the TaskId (array) `v` as it is."""
    n = array_slots(v) or 0
    if not n:
        return True
    if isinstance(op, CallOp | SubmitOp | TaskDummyOp):
        return True  # a dependency: all slots
    carry_of = _parallel_array_arg(v)
    parent = op.parent_op()
    if isinstance(op, scf.YieldOp) and isinstance(parent, scf.ForOp):
        if carry_of is not None and carry_of is not parent:
            return False
        size = plan_size(parent, i)
        if PARALLEL in parent.attributes and size:
            # an iteration passing its own carry on keeps the init's slot
            return carry_of is parent and n == size
        return n == size
    if isinstance(op, scf.ForOp) and i >= 3:  # an init (after lb, ub, step)
        return carry_of is None and n == plan_size(op, i - 3)
    if isinstance(op, ScopeYieldOp):
        return carry_of is None  # scope results stand for arrays; a carry only in its loop
    return False  # scf.if results, task_is_valid, task_array_set, ...: one TaskId


def _parallel_array_arg(v: SSAValue) -> scf.ForOp | None:
    """The `pto_orch.parallel` loop whose array-carry iter_arg `v` is, or None."""
    if not isinstance(v, BlockArgument) or v.index == 0:
        return None
    loop = v.block.parent_op()
    if isinstance(loop, scf.ForOp) and PARALLEL in loop.attributes and plan_size(loop, v.index - 1):
        return loop
    return None


def _has_markers(function: func.FuncOp) -> bool:
    """True if materialize-runtime-scopes could still create compiler-owned manual scopes
    in `function` (function-level or call-level markers)."""
    if MANUAL_LAYER in function.attributes:
        return True
    return any(
        isinstance(op, CallOp | SubmitOp) and op.manual_candidate is not None
        for op in function.walk()
    )


@dataclass(frozen=True)
class ClassifyIterArgCarry(ModulePass):
    """Stamp `pto_orch.iter_arg_rebind` / `pto_orch.iter_arg_array_size` on every `scf.for`
    with iter_args in the orchestration functions of a module, and the barriers that keep
    the plan printable (rules in the module docstring). Loops of other functions and loops
    without iter_args are left alone."""

    name = "classify-iter-arg-carry"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """For each orchestration function of `module` (in module order): decide its carry
        plans (`_Classifier`, which raises the located errors of the rules before any change
        to the function), then, when it has a loop with iter_args, apply `ApplyCarryPlan` to
        it (one pre-order walk); `listener`, when given, also sees every change the rewriter
        makes."""
        symbols = SymbolTableCollection()
        for f in orchestration_functions(module):
            analysis = _Classifier(f, symbols)
            analysis.run()
            if not analysis.plans:
                continue  # no carries: no plan, no TaskId array, no walk
            arrays = any(any(p.array_size) for p in analysis.plans.values())
            pattern = ApplyCarryPlan(analysis.plans, analysis.iteration_barriers, arrays)
            TypedRewriteWalker(
                pattern,
                apply_recursively=False,
                # without TaskId arrays the pattern changes loops only; with them, any op
                # with a TaskId operand (`ApplyCarryPlan.may_act`)
                op_types=(Operation,) if arrays else (scf.ForOp,),
                listener=listener or PatternRewriterListener(),
                may_act=pattern.may_act,
            ).rewrite_region(f.body)
