"""`scf.for`, `scf.if`, `pto_rt.scope` (auto and manual) and their yields as PTO2 C++.

Rules: docs/targets/pto2-cpp.md, sections Loops, Ifs, and Scopes and C++ lifetimes.
TaskId carries are task_arrays'; the carry / if-result variables and the declarations
hoisted before a manual scope's header are manual's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis.cpp_reads import carry_has_var, names_task_id, scope_result_vars
from pypto_dialects.analysis.task_id_scopes import array_carry_result
from pypto_dialects.attrs import is_task_id_like
from pypto_dialects.carry_plan import REBIND as REBIND_ATTR
from pypto_dialects.carry_plan import CarryPlan, missing_plan
from pypto_dialects.cpp_plan import HoistPlan
from pypto_dialects.orch import DESCENDING, TaskIdType
from pypto_dialects.orch_arrays import IntArrayType
from pypto_dialects.rt import ScopeOp
from pypto_dialects.targets.pto2_cpp import descending, int_arrays, manual, task_arrays
from pypto_dialects.targets.pto2_cpp.cxx_types import c_type
from pypto_dialects.targets.pto2_cpp.deps import INVALID, TaskIdVar, array_size
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr, hint_of
from pypto_dialects.task_id_folds import surely_valid

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter
    from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering

ALIAS, REBIND, DEAD, TASKID = "alias", "rebind", "dead", "taskid"

NARROW_IV_TYPES = frozenset({"int8_t", "int16_t", "int32_t"})
"""The C types of an i8 / i16 / i32 induction variable, which the loop declares as `int64_t`:
its last `i += s` may pass the type's maximum (lb 2147483640, ub 2147483647, step 3), where an
`int32_t` would overflow (undefined behaviour) and the loop go on; in `int64_t` every value the
loop computes (a bound plus a step) fits, and the values inside the body are the MLIR ones."""


def is_read(p: FunctionPrinter, value: SSAValue) -> bool:
    """Whether the printed C++ reads `value` (cpp_reads.read_values, computed once per
    function): an if result, scope result or loop carry that nothing reads gets no
    variable."""
    return p.reads.is_read(value)


def carry_read(p: FunctionPrinter, loop: scf.ForOp, i: int) -> bool:
    """Whether carry `i` of `loop` (not a TaskId carry) needs a C++ variable."""
    return p.reads.carry_read(loop, i)


def is_task_id_value(value: SSAValue) -> bool:
    """True for a `!pto_orch.task_id` or `!pto_orch.task_id_array<N>` value."""
    return is_task_id_like(value.type)


def emit_parallel_assign(p: FunctionPrinter, pairs: Sequence[tuple[Binding, Expr]]) -> None:
    """`target = source;` for each pair, as if all sources were read first."""
    pairs = [(t, s) for t, s in pairs if s is not t]
    pairs = task_arrays.assign_arrays(p.taskids, pairs)  # TaskId arrays: slot-by-slot copies
    written: set[Binding] = set()
    conflict = False
    for target, source in pairs:
        if any(d in written for d in source.deps):
            conflict = True
            break
        written.add(target)
    if not conflict:
        for target, source in pairs:
            p.w.line(f"{target.name} = {source.text};")
        return
    temps = []
    for target, source in pairs:
        tmp = p.names.fresh(f"{target.name}_next", "next")
        p.w.line(f"{target.ctype} {tmp} = {source.text};")
        temps.append(tmp)
    for (target, _), tmp in zip(pairs, temps):
        p.w.line(f"{target.name} = {tmp};")


Source = Callable[[SSAValue], Expr]
"""The C++ expression of a yield operand, at the point where the yield is printed."""


@dataclass
class YieldForward:
    """The yield of a loop body / branch whose block ends `[..., scope, yield]` (the shape
    materialize-runtime-scopes produces), printed by the scope at its own `pto_rt.yield`:
    `pairs(src)` is the whole yield as `(variable, value)` pairs, printed there as one
    parallel assignment (a scope result's value is declared inside the scope; every other
    yield operand is defined before the scope, so it is in C++ scope there too). `bind`:
    scope result index -> the variable it ends up in; `term`: the loop's / branch's yield
    (diagnostics about its operands point there)."""

    term: Operation
    pairs: Callable[[Source], list[tuple[Binding, Expr]]]
    bind: dict[int, Binding]


def _forward(
    p: FunctionPrinter,
    block: Block,
    targets: Sequence[Binding | None],
    pairs: Callable[[Operation, Source], list[tuple[Binding, Expr]]],
) -> bool:
    """Hand the yield of `block` to the scope right before it (see YieldForward); True when
    it was handed over."""
    term = block.last_op
    prev = term.prev_op if term is not None else None
    if term is None or not isinstance(prev, ScopeOp):
        return False
    bind: dict[int, Binding] = {}
    for i, v in enumerate(term.operands):
        target = targets[i]
        if target is not None and isinstance(v, OpResult) and v.owner is prev:
            bind.setdefault(v.index, target)
    p.forwards[prev] = YieldForward(term, lambda src: pairs(term, src), bind)
    return True


# ---------------------------------------------------------------------- scf.for


def carry_plan(op: scf.ForOp) -> tuple[list[bool], list[int]]:
    """The loop's rebind flags and array sizes; a located error when it has none."""
    if not op.iter_args:
        return [], []
    plan = CarryPlan.of(op)
    if plan is None:
        raise codegen_error(op, missing_plan(op))
    return list(plan.rebind), list(plan.array_size)


def _variable(carry: Expr | None) -> Binding | None:
    """A REBIND or TASKID carry: its variable (a dead TaskId carry has none)."""
    assert carry is None or isinstance(carry, Binding), carry
    return carry


def _for(p: FunctionPrinter, op: scf.ForOp) -> None:
    rebind, sizes = carry_plan(op)
    body = op.body.block
    iv, iter_vals = body.args[0], body.args[1:]
    if DESCENDING not in op.attributes:
        lb, ub, step = p.use(op.lb, op), p.use(op.ub, op), p.use(op.step, op)
    iv_type = c_type(iv.type, op, "induction variable")
    if iv_type in NARROW_IV_TYPES:
        # MLIR's iterations are lb, lb + s, ... below ub; `i += s` past the type's maximum
        # would be signed overflow (int32_t) or wrap around and go on (int8_t / int16_t)
        iv_type = "int64_t"
    needed = p.reads.needed(op)
    kinds: list[str] = []
    carries: list[Expr | None] = []
    decls: list[tuple[Binding, Expr]] = []
    for i, val in enumerate(iter_vals):
        tid = sizes[i] != 0 or is_task_id_value(val)
        # a TaskId carry nothing reads has no variable, and its init may have no C++ form
        # (plan-cpp-declarations captured the TaskId only where the C++ names it)
        read = (
            carry_has_var(op, i, p.reads.needed) or names_task_id(val, p.reads.needed)
            if tid
            else carry_read(p, op, i)
        )
        if not read:
            kinds.append(DEAD)  # nothing reads it: no variable, its init is not needed
            carries.append(None)
            continue
        init = p.lookup(op.iter_args[i], op)
        if tid:
            # The TaskId hook binds the iter_arg and the result itself (a parallel array
            # carry's iter_arg is its init, its result a new array).
            tid_carry = task_arrays.carry(p.taskids, op, i, init, needed[i])
            kinds.append(TASKID if tid_carry is not None else DEAD)
            carries.append(tid_carry)
            if tid_carry is not None:
                decls.append((tid_carry, init))
            continue
        elif not rebind[i]:
            kinds.append(ALIAS)
            carries.append(init)
        elif not needed[i]:
            kinds.append(DEAD)
            carries.append(None)
        else:
            kinds.append(REBIND)
            b = p.taskids.hoisted.get((op, i))  # declared before a manual header
            if b is None:
                b = manual.carry_variable(p, op, i)
            carries.append(b)
            decls.append((b, init))
        if (carry := carries[i]) is not None:
            p.bind(val, carry)
    w = p.w
    w.blank()
    for b, init in decls:
        manual.declare_var(p.taskids, b, init)  # hoisted before a manual header if needed
    if DESCENDING in op.attributes:  # counts down: i = -k (descending.py)
        descending.open_loop(p, op, iv_type)
    else:
        name = p.names.fresh(hint_of(iv), "i")
        header = f"{iv_type} {name} = {lb.text}; {name} < {ub.paren}; {name} += {step.text}"
        p.open_block(f"for ({header})")
        p.bind(iv, Binding(name, iv_type, p.block))
    def pairs_of(term: Operation, src: Source) -> list[tuple[Binding, Expr]]:
        pairs: list[tuple[Binding, Expr]] = []
        for i, v in enumerate(term.operands):
            kind, carry = kinds[i], carries[i]
            if kind == TASKID:
                assert isinstance(carry, Binding)  # a TaskIdVar
                pairs.extend(task_arrays.carry_yield(p.taskids, op, i, carry, src(v)))
            elif kind == REBIND:
                assert isinstance(carry, Binding)  # the carry's variable
                pairs.append((carry, src(v)))
            elif (
                kind == ALIAS
                and (value := src(v)) is not carry
                and p.reads.same_value(v) is not iter_vals[i]
            ):
                # (a variable holding the carry's own buffer, like a hoisted if result whose
                # branches both write the carry in place, needs no assignment)
                assert carry is not None  # the init's expression
                raise codegen_error(
                    op,
                    f"iter_arg #{i} is planned as a no-rebind carry ('{REBIND_ATTR}' = 0), "
                    f"but the loop yields {value.text}, not {carry.text}: the plan is stale, "
                    "re-run classify-iter-arg-carry",
                )
        return pairs

    forwarded = _forward(
        p,
        body,
        [_variable(c) if k in (REBIND, TASKID) else None for k, c in zip(kinds, carries)],
        pairs_of,
    )

    def on_yield(term: Operation) -> None:
        if not forwarded:  # else the scope before the yield printed it
            emit_parallel_assign(p, pairs_of(term, lambda v: _use(p, v, term)))

    p.emit_block(body, on_yield)
    p.close_block()
    w.blank()
    for i, res in enumerate(op.res):
        if (carry := carries[i]) is not None and kinds[i] not in (DEAD, TASKID):
            p.bind(res, carry)


# ---------------------------------------------------------------------- scf.if


def _branch(p: FunctionPrinter, block: Block, results: Sequence[Binding | None]) -> None:
    def pairs_of(term: Operation, src: Source) -> list[tuple[Binding, Expr]]:
        return [(t, src(v)) for v, t in zip(term.operands, results) if t is not None]

    forwarded = _forward(p, block, results, pairs_of)

    def on_yield(term: Operation) -> None:
        if not forwarded:
            emit_parallel_assign(p, pairs_of(term, lambda v: _use(p, v, term)))

    p.emit_block(block, on_yield)


def _if(p: FunctionPrinter, op: scf.IfOp) -> None:
    cond = p.use(op.cond, op)
    results: list[Binding | None] = []
    aliases: list[tuple[OpResult, Expr]] = []
    for i, r in enumerate(op.output):
        if r.first_use is None or not (is_task_id_like(r.type) or is_read(p, r)):
            results.append(None)
        elif (b := p.taskids.hoisted.get((op, i))) is not None:
            results.append(b)  # declared before a manual header
        elif is_task_id_value(r):
            results.append(task_arrays.if_result(p.taskids, op, i))
        elif (same := p.reads.if_alias(op, i)) is not None and same in p.env:
            # both branches yield this buffer / value, and r is only passed on (a loop carry,
            # a scope result): r prints as it, nothing to declare or assign
            results.append(None)
            aliases.append((r, p.lookup(same, op)))
        else:
            results.append(manual.if_variable(p, op, i))
    w = p.w
    w.blank()
    pending = [b for b in results if b is not None]
    for b in pending:  # (hoisted before a manual header if needed)
        manual.declare_var(p.taskids, b, None, pending)
    p.open_block(f"if ({cond.text})")
    _branch(p, op.true_region.block, results)
    if op.false_region.blocks:
        other = op.false_region.block
        if other.first_op is not other.last_op or any(b is not None for b in results):
            p.else_block()
            _branch(p, other, results)
    p.close_block()
    w.blank()
    for r, expr in aliases:
        p.bind(r, expr)


# ---------------------------------------------------------------------- pto_rt.scope


def _use(p: FunctionPrinter, value: SSAValue, at: Operation) -> Expr:
    return p.use(value, at)


def hoist_task_id_results(
    p: FunctionPrinter, op: ScopeOp, fwd: YieldForward | None
) -> dict[int, Binding]:
    """A used `!pto_orch.task_id` result of a scope (not handed to an enclosing yield): a
    variable declared `PTO2TaskId::invalid()` right before the scope's header, assigned at the
    scope's yield and guarded at its uses unless the yielded TaskId is never invalid
    (task_id_folds.surely_valid) (a TaskId declared inside the scope dies with it).
    Returns result index -> variable."""
    out: dict[int, Binding] = {}
    term = op.body.block.last_op
    for j, r in enumerate(op.res):
        if not isinstance(r.type, TaskIdType) or not names_task_id(r, p.reads.needed):
            continue  # unused, or only yielded into a carry that has no variable
        if term is None:
            continue
        v = term.operands[j]
        if isinstance(v, OpResult):
            owner: Operation | None = v.op
        else:
            assert isinstance(v, BlockArgument), v
            owner = v.block.parent_op()
        if owner is None or not op.is_ancestor(owner) or owner is op:
            continue  # defined before the scope: still in C++ scope after it
        if array_carry_result(v):
            continue  # printed as the loop's TaskId array, which is declared before the scope
        if fwd is not None and j in fwd.bind:
            continue
        # assigned at the yield, which always runs before a use after the scope: guarded only
        # when the yielded TaskId may be invalid (never for a submit's)
        var = TaskIdVar(p.names.fresh(hint_of(r), "tid"), p.block, guard=not surely_valid(r))
        p.w.line(f"PTO2TaskId {var.name} = {INVALID};")
        out[j] = var
    return out


def hoist_scope_results(
    p: FunctionPrinter, op: ScopeOp, fwd: YieldForward | None, out: dict[int, Binding]
) -> None:
    """The tensor / scalar results of `op` whose yielded value is a C++ variable declared
    inside the scope (cpp_reads.scope_result_vars: a loop carry, an if result, a view made
    in the scope): a variable declared right before the scope's header (a tensor starts as a
    copy of the first tensor parameter, manual.declaration), assigned at the scope's yield,
    added to `out` (result index -> variable)."""
    for j in scope_result_vars(op, p.reads, _hoisted_by_plan, p.symbols):
        if fwd is not None and j in fwd.bind:
            continue
        r = op.res[j]
        b: Binding
        if isinstance(r.type, IntArrayType):
            b = int_arrays.new_var(p, r if hint_of(r) else _yielded(op, j), op, "scope_result")
        else:
            ct = manual.value_ctype(p, r, op, f"result #{j}")
            b = p.declare(None, ct, "scope_result", hint=hint_of(r) or hint_of(_yielded(op, j)))
        p.w.line(manual.declaration(p, b))
        out[j] = b


def _yielded(op: ScopeOp, j: int) -> SSAValue:
    term = op.body.block.last_op
    assert term is not None
    return term.operands[j]


def _hoisted_by_plan(op: Operation, i: int) -> bool:
    """Whether loop carry / if result `i` of `op` is declared before a manual header (its
    declaration plan, as plan-cpp-declarations stamped it)."""
    return isinstance(op, scf.ForOp | scf.IfOp) and i in HoistPlan.of(op).hoisted


def scope_yield_handler(
    p: FunctionPrinter,
    op: ScopeOp,
    fwd: YieldForward | None,
    yielded: list[Expr | None],
    hoisted: dict[int, Binding] | None = None,
) -> Callable[[Operation], None]:
    """The callback run at a scope's `pto_rt.yield` (auto or manual scope): prints the
    enclosing loop's / branch's yield handed to this scope (`fwd`) as one parallel
    assignment, where the values the scope yields are declared; assigns the `hoisted` TaskId
    result variables; stores the C++ expression of every other used result in `yielded`."""
    hoisted = hoisted or {}

    def on_yield(term: Operation) -> None:
        if fwd is not None:

            def src(v: SSAValue) -> Expr:
                if isinstance(v, OpResult) and v.owner is op:
                    return _use(p, term.operands[v.index], term)
                return _use(p, v, fwd.term)

            emit_parallel_assign(p, fwd.pairs(src))
        for j, var in hoisted.items():
            value = _use(p, term.operands[j], term)
            if array_size(var):  # an integer array: copied element by element
                task_arrays.fill_array(p.taskids, var, value)
            else:
                p.w.line(f"{var.name} = {p.mark(value).text};")
        for j, v in enumerate(term.operands):
            if j in hoisted:
                continue
            r = op.res[j]
            if isinstance(r.type, TaskIdType) and not names_task_id(r, p.reads.needed):
                continue  # only yielded into a carry that has no variable: named nowhere
            if (fwd is None or j not in fwd.bind) and r.first_use is not None and (
                is_task_id_like(r.type) or is_read(p, r)
            ):
                yielded[j] = p.lookup(v, term)

    return on_yield


def bind_scope_results(
    p: FunctionPrinter,
    op: ScopeOp,
    fwd: YieldForward | None,
    yielded: list[Expr | None],
    hoisted: dict[int, Binding] | None = None,
) -> None:
    """Bind a printed scope's results (see scope_yield_handler)."""
    for j, r in enumerate(op.res):
        if fwd is not None and j in fwd.bind:
            p.bind(r, fwd.bind[j])
        elif hoisted and j in hoisted:
            p.bind(r, hoisted[j])
        elif (expr := yielded[j]) is not None:
            p.bind(r, expr)


def _hand_on(p: FunctionPrinter, op: ScopeOp, fwd: YieldForward) -> bool:
    """An auto scope handed a loop's / branch's yield whose block ends `[..., scope,
    pto_rt.yield]` yielding that inner scope's results (an auto scope around a manual one):
    hand the yield on to the inner scope, where the values it yields are declared. True when
    it was handed on."""
    term = op.body.block.last_op
    if term is None:
        return False
    inner = term.prev_op
    if not isinstance(inner, ScopeOp) or not any(
        isinstance(v, OpResult) and v.owner is inner for v in term.operands
    ):
        return False

    def pairs(src: Source) -> list[tuple[Binding, Expr]]:
        def outer(v: SSAValue) -> Expr:
            if isinstance(v, OpResult) and v.owner is op:
                return src(term.operands[v.index])
            return src(v)

        return fwd.pairs(outer)

    bind: dict[int, Binding] = {}
    for j, target in fwd.bind.items():
        v = term.operands[j]
        if isinstance(v, OpResult) and v.owner is inner:
            bind.setdefault(v.index, target)
    p.forwards[inner] = YieldForward(fwd.term, pairs, bind)
    return True


def emit_manual_scope(low: TaskIdLowering, op: ScopeOp) -> None:
    """Print a `pto_rt.scope manual [compiler_owned]` op and bind its results."""
    p = low.p
    w = p.w
    block = op.body.block
    w.blank()
    fwd = p.forwards.pop(op, None)
    tid_results = hoist_task_id_results(p, op, fwd)
    hoist_scope_results(p, op, fwd, tid_results)
    manual.hoist_declarations(low, op)
    p.open_block("PTO2_SCOPE(PTO2ScopeMode::MANUAL)")
    ctx = manual.ManualCtx(op, p.block)
    low.manual.append(ctx)
    yielded: list[Expr | None] = [None] * len(op.res)

    # A loop body / branch that is one manual scope (materialize-runtime-scopes makes
    # compiler-owned ones): the carry / if-result assignments happen inside the block, where
    # the yielded values are declared (as for auto scopes).
    on_yield = scope_yield_handler(p, op, fwd, yielded, tid_results)

    p.emit_block(block, on_yield)
    low.manual.pop()
    p.close_block()
    w.blank()
    bind_scope_results(p, op, fwd, yielded, tid_results)


def _scope(p: FunctionPrinter, op: ScopeOp) -> None:
    if op.is_manual:
        emit_manual_scope(p.taskids, op)
        return
    fwd = p.forwards.pop(op, None)
    if fwd is not None and _hand_on(p, op, fwd):
        # the inner scope prints the yield; this one only binds its results
        fwd = YieldForward(fwd.term, lambda src: [], fwd.bind)
    yielded: list[Expr | None] = [None] * len(op.res)
    p.w.blank()
    hoisted = hoist_task_id_results(p, op, fwd)
    hoist_scope_results(p, op, fwd, hoisted)
    on_yield = scope_yield_handler(p, op, fwd, yielded, hoisted)
    p.open_block("PTO2_SCOPE()")
    p.emit_block(op.body.block, on_yield)
    p.close_block()
    p.w.blank()
    bind_scope_results(p, op, fwd, yielded, hoisted)


HANDLERS = {scf.ForOp: _for, scf.IfOp: _if, ScopeOp: _scope}
