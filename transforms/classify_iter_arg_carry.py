"""`classify-iter-arg-carry`: stamp the carry plan of every `scf.for` with iter_args
(`pto_orch.iter_arg_rebind`, `pto_orch.iter_arg_array_size`), which the C++ printer only reads.

Rules and diagnostics: docs/passes/classify-iter-arg-carry.md. One post-order walk (inner
loops first), each value resolved once: linear. Idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, ModuleOp, i1, i64
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass

from pypto_dialects.diagnostics import pass_error
from pypto_dialects.orch import (
    ITER_ARG_ARRAY_SIZE,
    ITER_ARG_REBIND,
    MANUAL_CANDIDATE,
    MANUAL_LAYER,
    PARALLEL,
    CallOp,
    SubmitOp,
    TaskIdArrayType,
    TaskIdType,
)
from pypto_dialects.rt import ScopeOp, auto_scope_enabled
from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.orch_attrs import orchestration_functions


def _constant(v: SSAValue) -> int | None:
    owner = v.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


class _Classifier:
    """One post-order walk over an orchestration function.

    `same[v]` is the value `v` is, through in-place aliasing (absent: `v` itself); `sizes`
    holds the array sizes of the loops already classified (inner loops come first)."""

    def __init__(self, function: func.FuncOp, symbols: SymbolTableCollection):
        self.function = function
        self.symbols = symbols
        self.same: dict[SSAValue, SSAValue] = {}
        self.sizes: dict[scf.ForOp, list[int]] = {}
        # manual-ness of each scope / loop's context, filled top-down on demand
        self._manual: dict[Operation, bool] = {}
        self._pending_scopes = auto_scope_enabled(function) and _has_markers(function)

    def root(self, v: SSAValue) -> SSAValue:
        return self.same.get(v, v)

    def run(self) -> None:
        for block in self.function.body.blocks:
            for op in block.walk(region_first=True):
                if isinstance(op, scf.ForOp):
                    if op.iter_args:
                        self.loop(op)
                    continue
                for res in op.results:
                    links = storage.edges(res, self.symbols)
                    if isinstance(op, scf.IfOp):  # a buffer when both branches agree
                        roots = {self.root(v) for _, v in links}
                        if len(links) == 2 and len(roots) == 1:
                            self.same[res] = roots.pop()
                    elif len(links) == 1 and links[0][0] is storage.Link.SAME:
                        self.same[res] = self.root(links[0][1])

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
        manual: bool | None = None
        for j, (arg, init, res) in enumerate(zip(args, op.iter_args, op.res)):
            t = arg.type
            y = ys[j] if j < len(ys) else arg
            if isinstance(t, TaskIdType | TaskIdArrayType):
                rebind.append(True)
                size = 0
                if isinstance(t, TaskIdType):
                    inherited = self.inherited_size(op, y)
                    if parallel:
                        if manual is None:
                            manual = self.in_manual_scope(op)
                        if manual:
                            if inherited:
                                raise pass_error(
                                    op,
                                    f"is a pto_orch.parallel loop whose TaskId carry (iter_arg "
                                    f"{j}) yields the TaskId array of an inner loop; an array "
                                    "carry holds one TaskId per iteration, not arrays: make "
                                    "this loop sequential (drop 'pto_orch.parallel') so it "
                                    "carries the inner array",
                                )
                            size = self.trip_count(op, j)
                        elif self._pending_scopes:
                            raise pass_error(
                                op,
                                f"carries a TaskId (iter_arg {j}) in a pto_orch.parallel loop "
                                "of a function whose runtime scopes are not placed yet: its "
                                "manual-scope markers let materialize-runtime-scopes put this "
                                "loop in a manual scope, which decides the TaskId array "
                                "carry; run --materialize-runtime-scopes first (or "
                                "-p pto2-pipeline)",
                            )
                    else:
                        size = inherited
                sizes.append(size)
            else:
                rebind.append(self.root(y) is not arg)
                sizes.append(0)
            if not rebind[-1]:
                self.same[res] = self.root(init)
        self.sizes[op] = sizes
        op.attributes[ITER_ARG_REBIND] = DenseArrayBase.from_list(i1, rebind)
        op.attributes[ITER_ARG_ARRAY_SIZE] = DenseArrayBase.from_list(i64, sizes)

    def inherited_size(self, loop: scf.ForOp, y: SSAValue) -> int:
        """The array size of the loop in `loop`'s body whose result `y` is (seen through
        `pto_rt.scope` results), or 0."""
        while isinstance(y, OpResult) and isinstance(y.op, ScopeOp):
            ys = yield_values(y.op)
            if y.index >= len(ys):
                return 0
            y = ys[y.index]
        if not isinstance(y, OpResult) or not isinstance(y.op, scf.ForOp):
            return 0
        inner = self.sizes.get(y.op)
        if inner is None or not loop.is_ancestor(y.op):
            return 0
        return inner[y.index] if y.index < len(inner) else 0

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


def _has_markers(function: func.FuncOp) -> bool:
    """True if materialize-runtime-scopes could still create compiler-owned manual scopes
    in `function` (function-level or call-level markers)."""
    if MANUAL_LAYER in function.attributes:
        return True
    return any(
        isinstance(op, CallOp | SubmitOp) and MANUAL_CANDIDATE in op.attributes
        for op in function.walk()
    )


@dataclass(frozen=True)
class ClassifyIterArgCarry(ModulePass):
    """Stamp `pto_orch.iter_arg_rebind` / `pto_orch.iter_arg_array_size` on every `scf.for`
    with iter_args in the orchestration functions of a module (rules in the module
    docstring). Loops of other functions and loops without iter_args are left alone."""

    name = "classify-iter-arg-carry"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        symbols = SymbolTableCollection()
        for f in orchestration_functions(op):
            _Classifier(f, symbols).run()
