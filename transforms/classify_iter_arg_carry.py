"""`classify-iter-arg-carry`: the carry plan of every loop, stamped for the C++ printer.

Spec: PyPTO's orchestration codegen document ("设计原则": ClassifyIterArgCarry stamps `iter_arg_rebind_<i>` /
`iter_arg_array_size_<i>` and codegen only reads them; "ForStmt"; "pl.parallel TaskId
iter_arg 的 array carry"); docs/dialects/ and docs/passes/index.md. User documentation:
docs/passes/classify-iter-arg-carry.md.

For every `scf.for` with iter_args in an orchestration function, the pass sets

    pto_orch.iter_arg_rebind     = array<i1: ...>   one flag per iter_arg
    pto_orch.iter_arg_array_size = array<i64: ...>  one size per iter_arg (0: not an array)

Rebind (the printer declares a carry variable before the loop and assigns it at the end of
each iteration) unless the iter_arg is trivial: its yielded value is, through in-place
aliasing, the very buffer the iter_arg names, so the printer can keep using the init's C++
name. The aliasing followed, backwards from the yielded value:

- a task result (`pto_orch.call` / `submit`) is the Out/InOut argument the kernel's
  `returns` map names;
- a `pto_tensor.write` / `assemble` result is its target;
- an `scf.for` result is its init, when that inner iter_arg is itself trivial;
- a `pto_rt.scope` result is the value its `pto_rt.yield` yields;
- an `scf.if` result is a buffer only when both branches yield the same one.

Anything else (a slice, a reshape, a fresh `pto_tensor.create`, a scalar computed in the
body, ...) is a different value: rebind. TaskId iter_args (`!pto_orch.task_id` and
`!pto_orch.task_id_array<N>`) always rebind: a TaskId is a new value every iteration.

Array size N > 0 (the printer declares `PTO2TaskId arr[N];`, one slot per iteration):

- a `!pto_orch.task_id` iter_arg of a `pto_orch.parallel` loop inside a manual
  `pto_rt.scope` (at any depth above the loop, compiler-owned or not) gets the loop's trip
  count ceil((ub - lb) / step), which must be known: lb, ub and step `arith.constant`;
- a `!pto_orch.task_id` iter_arg of a sequential loop whose yielded value is (through
  `pto_rt.scope` results) an array carry result of a loop nested in its body inherits that
  loop's size (spec: the outer `pl.range` of case1 copies the inner array slot by slot).

Everything else gets 0.

Loops are classified innermost first (one post-order walk), so an outer loop reads the plan
of the loops in its body; existing plan attributes are ignored and recomputed, so running the
pass twice changes nothing. Cost: one walk; each value is resolved once. Linear.

Diagnostics (PassFailedException, located at the `scf.for`):
- a `pto_orch.parallel` loop carrying a TaskId inside a manual scope whose trip count is not
  statically known (a bound or the step is not an `arith.constant`), is 0, or whose step is
  not positive;
- such a loop whose TaskId carry yields an inner loop's array carry (an array cannot hold
  arrays);
- a function that still has to go through materialize-runtime-scopes (auto scopes enabled)
  and carries the compiler's manual-scope markers, with a `pto_orch.parallel` TaskId carry
  outside any manual scope: whether that loop ends up in a compiler-owned manual scope is
  decided by materialize-runtime-scopes, so this pass must run after it.
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
