"""`plan-cpp-declarations`: stamp the declaration plan (pypto_dialects/cpp_plan.py) on every
orchestration function: which parameters and dynamic-dim symbols the entry's prologue
declares, and which loop carries / if results of a manual scope are declared before its
header. Rules: docs/passes/plan-cpp-declarations.md. One walk per function (the body's ops are
listed once, then planned and stamped from that list); idempotent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriterListener,
    RewritePattern,
)

from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.cpp_reads import (
    CppReads,
    alias_sources,
    carry_has_var,
    entry_dim_symbols,
    named_entry_values,
    names_task_id,
)
from pypto_dialects.analysis.storage_roots import tied_base
from pypto_dialects.attrs import TaskIdArrayType, is_task_id_like
from pypto_dialects.cpp_plan import (
    ALWAYS_SUBMITTED,
    CAPTURED,
    DECLARED_DIMS,
    DECLARED_PARAMS,
    HOISTED,
    HOISTED_WITH_INIT,
    MISSING,
    NAMES,
    RERUN,
    HoistPlan,
    ProloguePlan,
    always_submitted,
    captures_task_id,
    stamp_always_submitted,
    stamp_captured,
)
from pypto_dialects.diagnostics import verify_error
from pypto_dialects.orch import SubmitOp
from pypto_dialects.orch_arrays import IntArrayType
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskDummyOp
from pypto_dialects.task_id_folds import surely_valid
from pypto_dialects.tensor import DimOp
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker


@dataclass
class FunctionPlan:
    """The declaration plan of one function: its prologue, the hoists of the loops / ifs
    directly in its manual scopes (only the ones that hoist something), the submits /
    dummies whose TaskId the C++ captures and the dummies it submits unconditionally."""

    prologue: ProloguePlan
    hoists: dict[Operation, HoistPlan] = field(default_factory=dict[Operation, HoistPlan])
    captured: set[Operation] = field(default_factory=set[Operation])
    always: set[Operation] = field(default_factory=set[Operation])
    ops: list[Operation] | None = None
    """The ops of the function's body in walk order, as planned (`CppReads.ops`): `StampPlan`
    stamps them without walking the body again (stamping changes attributes only)."""

    def stamp(self, function: func.FuncOp, ops: Iterable[Operation] | None = None) -> None:
        """Write the plan on `function` and its ops (`ops`: its body's, when the caller has
        them listed), replacing any plan they had."""
        self.stamp_op(function, is_function=True)
        for op in walk_list(function.body) if ops is None else ops:
            self.stamp_op(op)

    def stamp_op(self, op: Operation, is_function: bool = False) -> bool:
        """Write `op`'s part of the plan (the prologue on the function, the hoists on a loop /
        if, `pto_orch.captured` on a submit / dummy, `pto_orch.always_submitted` on a dummy)
        and remove every other plan attribute
        of `op`; True when its attributes changed."""
        kind = _kind(op)
        if kind not in _STAMPED and not is_function and not op.attributes:
            return False  # nothing to stamp, nothing to remove
        if is_function:
            changed = ProloguePlan.of(op) != self.prologue
            if changed:
                self.prologue.stamp(op)
            keep: tuple[str, ...] = (DECLARED_PARAMS, DECLARED_DIMS)
        elif kind is _HOISTS:
            hoist = self.hoists.get(op, HoistPlan())
            changed = HoistPlan.of(op) != hoist
            if changed:
                hoist.stamp(op)
            keep = (HOISTED, HOISTED_WITH_INIT)
        elif kind is _TASK:
            changed = stamp_captured(op, op in self.captured)
            keep = (CAPTURED,)
        elif kind is _DUMMY:
            changed = stamp_captured(op, op in self.captured)
            changed = stamp_always_submitted(op, op in self.always) or changed
            keep = (CAPTURED, ALWAYS_SUBMITTED)
        else:
            changed, keep = False, ()
        gone = [name for name in NAMES if name not in keep and name in op.attributes]
        for name in gone:
            del op.attributes[name]
        return changed or bool(gone)


_OTHER, _HOISTS, _TASK, _DUMMY, _SCOPE, _DIM = "other", "hoists", "task", "dummy", "scope", "dim"
_STAMPED = (_HOISTS, _TASK, _DUMMY)
"""The kinds of op `FunctionPlan.stamp_op` writes a plan on (`_HOISTS`: an `scf.for` /
`scf.if`, `_TASK`: a submit, `_DUMMY`: a dummy)."""
_KINDS: dict[type[Operation], str] = {}


def _kind(op: Operation) -> str:
    """The kind of `op` for the planner and `FunctionPlan.stamp_op` (`_STAMPED`, `_SCOPE`: a
    `pto_rt.scope`, `_DIM`: a `pto_tensor.dim`, `_OTHER`), asked once per op class: an
    `isinstance` against an op class (an ABC) is slow when false, as it is for most ops."""
    kind = _KINDS.get(type(op))
    if kind is None:
        cls = type(op)
        kind = _KINDS[cls] = (
            _HOISTS if issubclass(cls, scf.ForOp | scf.IfOp)
            else _TASK if issubclass(cls, SubmitOp)
            else _DUMMY if issubclass(cls, TaskDummyOp)
            else _SCOPE if issubclass(cls, ScopeOp)
            else _DIM if issubclass(cls, DimOp)
            else _OTHER
        )
    return kind


def _leaves(value: SSAValue, scope: ScopeOp) -> bool:
    """Whether the manual `scope` yields `value`."""
    term = scope.body.block.last_op
    return any(use.operation is term for use in value.uses)


def _hoisted_carries(loop: scf.ForOp, scope: ScopeOp, reads: CppReads) -> list[int]:
    """The carries of `loop` (directly in the manual `scope`) declared before its header: a
    carry with a variable of its own assigned at the yield (tensors and scalars), and a
    TaskId array carry (an array, or a planned array of TaskIds) with a variable whose
    result the scope yields."""
    plan = reads.carry_plan(loop)
    if plan is None:
        return []  # no plan: the printer reports it at the loop
    out = []
    for i, val in enumerate(loop.body.block.args[1:]):
        if plan.size(i) or is_task_id_like(val.type):
            array = isinstance(val.type, TaskIdArrayType) or plan.size(i)
            if array and _leaves(loop.res[i], scope) and carry_has_var(loop, i):
                out.append(i)
        elif reads.rebind_carry(loop, i):
            out.append(i)
    return out


def _hoisted_results(op: scf.IfOp, scope: ScopeOp, reads: CppReads) -> list[int]:
    """The results of `op` (directly in the manual `scope`) declared before its header: a
    read tensor or scalar result, and a TaskId array result the scope yields."""
    out = []
    for i, r in enumerate(op.output):
        if is_task_id_like(r.type):
            if isinstance(r.type, TaskIdArrayType) and _leaves(r, scope):
                out.append(i)
        elif reads.if_has_variable(op, i, hoisted=True):
            out.append(i)
    return out


def _defining_op(value: SSAValue) -> Operation | None:
    if isinstance(value, OpResult):
        return value.op
    assert isinstance(value, BlockArgument), value
    return value.block.parent_op()


class _Planner:
    """The plan of one function (`run`)."""

    def __init__(
        self, function: func.FuncOp, symbols: SymbolTableCollection, reads: CppReads | None
    ) -> None:
        self.function = function
        self.symbols = symbols
        self.reads = reads or CppReads(function, symbols)
        self.hoisted: dict[Operation, list[int]] = {}
        self.hoisted_values: set[SSAValue] = set()
        self.dims: list[Operation] = []  # the body's pto_tensor.dims, in order (`run`)

    def is_hoisted(self, op: Operation, i: int) -> bool:
        return i in self.hoisted.get(op, ())

    def run(self) -> FunctionPlan:
        """The plan, from one pass over the body's ops (the manual scopes' hoists, the
        captured TaskIds, the dummies always submitted, the dims) and `_prologue`."""
        scopes: list[tuple[Operation, ScopeOp]] = []
        captured: set[Operation] = set()
        always: set[Operation] = set()
        for op in self.reads.ops:
            kind = _kind(op)
            if kind is _OTHER or kind is _HOISTS:
                continue
            if kind is _DIM:
                self.dims.append(op)
                continue
            if kind is _TASK or kind is _DUMMY:
                if names_task_id(op.results[-1]):
                    captured.add(op)
                if kind is _DUMMY:
                    assert isinstance(op, TaskDummyOp)
                    if op.deps and surely_valid(op.result):
                        always.add(op)
                continue
            assert isinstance(op, ScopeOp)
            if not op.is_manual:
                continue
            for child in op.body.block.ops:
                if isinstance(child, scf.ForOp):
                    found = _hoisted_carries(child, op, self.reads)
                elif isinstance(child, scf.IfOp):
                    found = _hoisted_results(child, op, self.reads)
                else:
                    continue
                if found:
                    self.hoisted[child] = found
                    self.hoisted_values.update(child.results[i] for i in found)
                    scopes.append((child, op))
        plan = FunctionPlan(self._prologue(), ops=self.reads.ops)
        plan.captured = captured
        plan.always = always
        for op, scope in scopes:
            found = self.hoisted[op]
            init: tuple[int, ...] = ()
            if isinstance(op, scf.ForOp):
                init = tuple(i for i in found if self._known_before(op, i, scope))
            plan.hoists[op] = HoistPlan(tuple(found), init)
        return plan

    def _known_before(self, loop: scf.ForOp, i: int, scope: ScopeOp) -> bool:
        """Whether carry `i` is declared with its initial value, final before the header of
        `scope`: not a TaskId nor an integer array (an array variable is declared without a
        value and filled slot by slot where the loop is printed), and (seen through in-place
        updates, `tied_base`) a constant, or a value defined outside the scope whose C++ names
        no variable declared before a manual header."""
        plan = self.reads.carry_plan(loop)
        t = loop.body.block.args[i + 1].type
        if is_task_id_like(t) or isinstance(t, IntArrayType):
            return False
        if plan is None or plan.size(i):
            return False
        value = tied_base(loop.iter_args[i], self.symbols)
        if isinstance(value.owner, arith.ConstantOp):
            return True
        owner = _defining_op(value)
        if owner is not None and scope.is_ancestor(owner):
            return False
        sources = alias_sources([value], self.reads, self.is_hoisted, self.symbols)
        return not any(s in self.hoisted_values for s in sources)

    def _with_init(self, loop: scf.ForOp, i: int) -> bool:
        if not self.is_hoisted(loop, i):
            return False
        scope = loop.parent_op()
        assert isinstance(scope, ScopeOp)
        return self._known_before(loop, i, scope)

    def _prologue(self) -> ProloguePlan:
        names = named_entry_values(
            self.function, self.reads, self.is_hoisted, self._with_init, self.symbols
        )
        inputs = self.function.function_type.inputs.data
        tensors = [i for i, t in enumerate(inputs) if isinstance(t, TensorType)]
        params = set(names.params)
        if names.placeholder and tensors:
            params.add(tensors[0])
        order = tensors + [i for i, t in enumerate(inputs) if not isinstance(t, TensorType)]
        symbols = entry_dim_symbols(self.function, self.dims)
        dims = [(a, x) for _, a, x in symbols if (a, x) in names.dims]
        return ProloguePlan(tuple(i for i in order if i in params), tuple(dims))


def plan_function(
    function: func.FuncOp, symbols: SymbolTableCollection, reads: CppReads | None = None
) -> FunctionPlan:
    """The declaration plan of the orchestration `function` (post-pipeline IR), without
    stamping it (`reads`: the function's CppReads, when the caller has one). Raises nothing:
    a loop without a carry plan hoists nothing (the printer reports the missing carry plan
    at the loop)."""
    return _Planner(function, symbols, reads).run()


def _text(values: Sequence[object]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def check_declaration_plan(function: func.FuncOp, symbols: SymbolTableCollection) -> None:
    """Check that the plan stamped on `function` is the one plan-cpp-declarations computes
    for it now. Raises a located VerifyException at the function (no plan, or a different
    prologue) or at the first `scf.for` / `scf.if` whose hoists differ: the IR changed after
    the plan was stamped (a stale plan), or it was written by hand."""
    stamped = ProloguePlan.of(function)
    if stamped is None:
        raise verify_error(function, MISSING)
    reads = CppReads(function, symbols)
    want = plan_function(function, symbols, reads)
    for op in reads.ops:
        if isinstance(op, SubmitOp | TaskDummyOp):
            if captures_task_id(op) != (op in want.captured):
                now = "names" if op in want.captured else "no longer names"
                raise verify_error(
                    op,
                    f"{'lacks' if op in want.captured else 'has'} '{CAPTURED}', but the C++ "
                    f"{now} its TaskId: the declaration plan is stale (the IR changed after "
                    f"it was planned); {RERUN}",
                )
            if always_submitted(op) != (op in want.always):
                raise verify_error(
                    op,
                    f"{'lacks' if op in want.always else 'has'} '{ALWAYS_SUBMITTED}', but "
                    f"one of its deps {'is' if op in want.always else 'is no longer'} a "
                    "TaskId that is never invalid: the declaration plan is stale (the IR "
                    f"changed after it was planned); {RERUN}",
                )
            continue
        if not isinstance(op, scf.ForOp | scf.IfOp):
            continue
        have, need = HoistPlan.of(op), want.hoists.get(op, HoistPlan())
        for name, a, b in (
            (HOISTED, have.hoisted, need.hoisted),
            (HOISTED_WITH_INIT, have.with_init, need.with_init),
        ):
            if a != b:
                raise verify_error(
                    op,
                    f"has '{name}' = {_text(a)}, but the declarations before the manual "
                    f"header are {_text(b)}: the declaration plan is stale (the IR changed "
                    f"after it was planned); {RERUN}",
                )
    prologue: list[tuple[str, Sequence[object], Sequence[object], str]] = [
        (DECLARED_PARAMS, stamped.params, want.prologue.params, "parameters"),
        (DECLARED_DIMS, stamped.dims, want.prologue.dims, "dynamic-dim symbols"),
    ]
    for name, stamped_items, wanted, what in prologue:
        if stamped_items != wanted:
            raise verify_error(
                function,
                f"has '{name}' = {_text(stamped_items)}, but the body's C++ names the {what} "
                f"{_text(wanted)}: the declaration plan is stale (the IR changed after it was "
                f"planned); {RERUN}",
            )


def check_declaration_plans(module: ModuleOp) -> None:
    """`check_declaration_plan` on every orchestration function of `module` (the pto2-cpp
    target, before printing a module that came with a plan)."""
    symbols = SymbolTableCollection()
    for f in orchestration_functions(module):
        check_declaration_plan(f, symbols)


class StampPlan(RewritePattern):
    """Write the precomputed plans (`plans`: orchestration function -> its FunctionPlan) on
    each planned function and every op in it (`FunctionPlan.stamp_op`; the ops the plan
    lists, when it does: the IR must not change between planning and stamping). Each op whose
    attributes change is reported to the rewriter (`notify_op_modified`); an op whose plan is
    already right is left alone, so a second application changes nothing."""

    def __init__(self, plans: dict[Operation, FunctionPlan]) -> None:
        self.plans = plans

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        plan = self.plans.get(op)
        if plan is None:
            return  # not a planned function (the ops in one are stamped with it)
        if plan.stamp_op(op, is_function=True):
            rewriter.notify_op_modified(op)
        for inner in walk_list(op.regions[0]) if plan.ops is None else plan.ops:
            if plan.stamp_op(inner):
                rewriter.notify_op_modified(inner)


def stamp_plans(
    module: ModuleOp, listener: PatternRewriterListener | None = None,
    only_unplanned: bool = False,
) -> None:
    """Plan every orchestration function of `module` (`only_unplanned`: those without a
    plan), then stamp the plans with `StampPlan` in one walk (`listener` sees every op it
    modifies)."""
    symbols = SymbolTableCollection()
    plans: dict[Operation, FunctionPlan] = {
        f: plan_function(f, symbols)
        for f in orchestration_functions(module)
        if not only_unplanned or ProloguePlan.of(f) is None
    }
    if not plans:
        return
    TypedRewriteWalker(  # the plans' keys are functions: only those are visited
        StampPlan(plans), apply_recursively=False, listener=listener or PatternRewriterListener(),
        op_types=(func.FuncOp,),
    ).rewrite_module(module)


def plan_module(module: ModuleOp, only_unplanned: bool = False) -> None:
    """Stamp the plan on every orchestration function of `module` (`only_unplanned`: on
    those without one)."""
    stamp_plans(module, only_unplanned=only_unplanned)


@dataclass(frozen=True)
class PlanCppDeclarations(ModulePass):
    """Stamp the declaration plan on every orchestration function of a module (the rules:
    docs/passes/plan-cpp-declarations.md); a plan already there is replaced."""

    name = "plan-cpp-declarations"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite_module(op)

    def rewrite_module(
        self, module: ModuleOp, listener: PatternRewriterListener | None = None
    ) -> None:
        """The pass (`stamp_plans`); `listener` sees every op whose plan changes."""
        stamp_plans(module, listener)
