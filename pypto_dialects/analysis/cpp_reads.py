"""What the PTO2 C++ of an orchestration function reads: which values some printed line
reads (`read_values`), which loop carries and TaskIds get a C++ variable (`carries_needed`,
`carry_has_var`, `names_task_id`), and which entry parameters and dynamic-dim symbols the
printed body names (`named_entry_values`). plan-cpp-declarations decides the C++ declarations
from these (docs/passes/plan-cpp-declarations.md); the pto2-cpp printer prints what it
decided.

Expects post-pipeline IR: carry plans stamped, directions derived, allocations batched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis.accessors import (
    class_kind,
    dialect_name,
    is_terminator,
    walk_list,
)
from pypto_dialects.analysis.loop_headers import header_reads, prints_use
from pypto_dialects.analysis.storage_roots import SameValues, returned_arg, yield_values
from pypto_dialects.attrs import is_task_id_like
from pypto_dialects.carry_plan import CarryPlan, plan_size
from pypto_dialects.orch import PARALLEL, CallOp, SubmitOp, TaskIdArrayType
from pypto_dialects.orch_arrays import (
    IntArrayCreateOp,
    IntArrayGetOp,
    IntArraySetOp,
    IntArrayType,
)
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.tensor import AllocTensorsOp, CreateOp, DimOp, WriteOp

# ---------------------------------------------------------------------- read values


def read_values(func: Operation, ops: Iterable[Operation] | None = None) -> set[SSAValue]:
    """The values of `func` whose C++ form some printed line reads: every operand of an op
    other than a terminator, a loop init (of a loop's bounds, those its header names:
    `loop_headers.header_reads`) or an op that prints only when its result is read
    (`reads_when_read`: scalar arith, a dim, an integer array create / get / set), and,
    backwards from those, the values assigned to a read if result, scope result or loop
    carry (its init and its yielded value; a carry is read when its iter_arg or its result
    is) and the operands a read result of an op that prints only when read reads.
    `func.return` prints nothing: a value that is only returned is not read, nor is a value
    only such values are computed from (through arith chains, dims, integer array ops, carries
    and if / scope results). An if result, scope result, loop carry or integer array that
    nothing reads gets no C++ variable, and an arith value, dim, integer array update or
    element nothing reads prints nothing. `ops`: the ops of `func`'s body in walk order, when
    the caller has them (`CppReads.ops`)."""
    return set(_read_values(func, ops).values())


def _read_values(func: Operation, ops: Iterable[Operation] | None) -> dict[int, SSAValue]:
    """`read_values`, by `id` (a value's `__hash__` is a Python-level call, and this asks
    one per use of every value the printed lines read)."""
    live: dict[int, SSAValue] = {}
    todo: list[SSAValue] = []
    for op in walk_list(func) if ops is None else ops:
        if is_terminator(op):
            continue
        if class_kind(_REGION_KINDS, op, _REGION_OPS) == 0:
            # lb, ub, step as its header names them; not the inits
            todo.extend(header_reads(cast(scf.ForOp, op)))
        elif reads_when_read(op) is None:
            todo.extend(op._operands)
    while todo:
        v = todo.pop()
        key = id(v)
        if key in live:
            continue
        live[key] = v
        if type(v) is not OpResult and isinstance(v, BlockArgument):
            loop = v.block.parent_op()
            if isinstance(loop, scf.ForOp) and v.index > 0:
                todo.extend(_carry_sources(loop, v.index - 1))
                todo.append(loop.res[v.index - 1])
            continue
        assert isinstance(v, OpResult), v
        owner = v.op
        when_read = reads_when_read(owner)
        if when_read is not None:  # a value, element or array update someone reads
            todo.extend(when_read)
            continue
        kind = class_kind(_REGION_KINDS, owner, _REGION_OPS)
        if kind == 0:
            assert isinstance(owner, scf.ForOp)
            todo.extend(_carry_sources(owner, v.index))
            todo.append(owner.body.block.args[v.index + 1])
        elif kind == 1:
            for region in owner.regions:
                term = region.block.last_op if region.blocks else None
                if term is not None and v.index < len(term.operands):
                    todo.append(term.operands[v.index])
    return live


def reads_when_read(op: Operation) -> Sequence[SSAValue] | None:
    """What `op` reads when it prints only when its result is read, else None (it prints
    whatever is read). Such ops: scalar arith (inlined where used, or a variable of its own;
    an `arith.constant` reads nothing), `pto_tensor.dim` (its source, for an extent read from
    the tensor: not a static extent, which is a literal, nor an entry argument's dynamic
    extent, which is a symbol of the entry's prologue), and the integer array ops (an
    `int_array_set` reads the array it updates, the value and the index)."""
    kind = _KINDS.get(type(op))
    if kind is None:
        kind = _KINDS[type(op)] = (
            _ARRAY if isinstance(op, IntArrayCreateOp | IntArrayGetOp | IntArraySetOp)
            else _DIM if isinstance(op, DimOp)
            else _ARITH if op.dialect_name() == "arith"
            else _OTHER
        )
    if kind is _OTHER:
        return None
    if kind is _DIM:
        assert isinstance(op, DimOp)
        src = op.source
        if op.static_extent() is not None or (
            isinstance(src, BlockArgument) and isinstance(src.block.parent_op(), FuncOp)
        ):
            return ()
        return (src,)
    return op.operands


_REGION_OPS = (scf.ForOp, scf.IfOp | ScopeOp)
_REGION_KINDS: dict[type[Operation], int] = {}  # op class -> its entry of _REGION_OPS (class_kind)

_OTHER, _ARRAY, _DIM, _ARITH = "other", "array", "dim", "arith"
_KINDS: dict[type[Operation], str] = {}
"""The kind of each op class for `reads_when_read` (its isinstance chain, asked once)."""


def _carry_sources(loop: scf.ForOp, k: int) -> list[SSAValue]:
    term = loop.body.block.last_op
    # `loop.iter_args[k]` is operand 3 + k (after lb, ub, step), read from the operand tuple
    # (xDSL's variadic accessor rebuilds the group on every access)
    out = [tuple.__getitem__(loop._operands, 3 + k)]
    if term is not None and k < len(term._operands):
        out.append(term._operands[k])
    return out


# ---------------------------------------------------------------------- carries and TaskIds


def carries_needed(loop: scf.ForOp) -> list[bool]:
    """Which carries of `loop` need a C++ variable: carry i does when its result is used,
    when its iter_arg is used by an op other than the loop's yield, or when the yield passes
    its iter_arg on to another carry that needs one (x in `scf.yield %y, %x`)."""
    block = loop.body.block
    term = block.last_op
    args = block.args[1:]
    needed = [loop.res[j].first_use is not None for j in range(len(args))]
    fed_by: list[list[int]] = [[] for _ in args]  # yield position -> iter_args it receives
    for j, a in enumerate(args):
        for use in a.uses:
            if use.operation is not term:
                needed[j] = True
            elif use.index != j:
                fed_by[use.index].append(j)
    work = [k for k, n in enumerate(needed) if n]
    while work:
        for j in fed_by[work.pop()]:
            if not needed[j]:
                needed[j] = True
                work.append(j)
    return needed


Needed = Callable[[scf.ForOp], list[bool]]
"""`carries_needed`, or a memo of it (`CppReads.needed`) for a caller that asks it of the
same loops many times while the IR does not change."""


def carry_has_var(loop: scf.ForOp, i: int, needed: Needed = carries_needed) -> bool:
    """Whether TaskId carry i of `loop` gets a C++ variable: the result of a parallel array
    carry when it is used, any other carry when `carries_needed` (asked through `needed`)."""
    val = loop.body.block.args[i + 1]
    if PARALLEL in loop.attributes and plan_size(loop, i) and not isinstance(
        val.type, TaskIdArrayType
    ):
        return loop.res[i].first_use is not None
    return needed(loop)[i]


def names_task_id(value: SSAValue, needed: Needed = carries_needed) -> bool:
    """Whether the printed C++ names the TaskId `value` (so a submit or barrier captures it).
    Every use prints it except a yield or loop-init use whose carry / result gets no C++
    variable: a dead carry, an unused if or scope result. `needed`: as for `carry_has_var`."""
    for use in value.uses:
        o = use.operation
        parent = o.parent_op()
        if isinstance(o, scf.YieldOp) and isinstance(parent, scf.ForOp):
            named = carry_has_var(parent, use.index, needed)
        elif isinstance(o, scf.YieldOp) and isinstance(parent, scf.IfOp):
            named = parent.results[use.index].first_use is not None
        elif isinstance(o, ScopeYieldOp) and parent is not None:
            # a named result either has a variable assigned at this yield (the value is
            # defined inside the scope) or prints as the value itself; a result nothing names
            # (only yielded into a carry without a variable) names nothing here
            named = names_task_id(parent.results[use.index], needed)
        elif isinstance(o, scf.ForOp) and use.index >= 3:  # an init (after lb, ub, step)
            j = use.index - 3
            named = carry_has_var(o, j, needed) or names_task_id(o.body.block.args[j + 1], needed)
        else:
            named = True
        if named:
            return True
    return False


class CppReads:
    """`read_values` of one function, computed on first use, and the questions asked of it
    (`carries_needed`, the loops' carry plans and `same_value` memoized: the IR must not
    change meanwhile), with the ops of the function's body listed once (`ops`) for the walks
    that ask them."""

    def __init__(self, func: Operation, symbols: SymbolTableCollection | None = None) -> None:
        self.func = func
        self._ops: list[Operation] | None = None
        self._live: dict[int, SSAValue] | None = None  # read_values, by id
        self._needed: dict[scf.ForOp, list[bool]] = {}
        self._plans: dict[Operation, CarryPlan | None] = {}
        self._same = SameValues(symbols or SymbolTableCollection(), self.own_variable)

    def carry_plan(self, loop: Operation) -> CarryPlan | None:
        """`CarryPlan.of(loop)`, read once per loop (it parses the loop's attributes)."""
        plans = self._plans
        if loop in plans:
            return plans[loop]
        got = plans[loop] = CarryPlan.of(loop)
        return got

    def own_variable(self, arg: BlockArgument) -> bool:
        """`carry_plan.own_variable(arg)`, with the loop's plan read once (`carry_plan`)."""
        loop = arg.block.parent_op()
        plan = self.carry_plan(loop) if loop is not None else None
        return plan is None or plan.own_variable(arg.index - 1)

    @property
    def ops(self) -> list[Operation]:
        """Every op of the function's body (not the function itself), in `walk()` order,
        listed on first use."""
        if self._ops is None:
            self._ops = [op for region in self.func.regions for op in walk_list(region)]
        return self._ops

    def needed(self, loop: scf.ForOp) -> list[bool]:
        """`carries_needed(loop)`, computed once per loop."""
        got = self._needed.get(loop)
        if got is None:
            got = self._needed[loop] = carries_needed(loop)
        return got

    def same_value(self, value: SSAValue) -> SSAValue:
        """The value `value` surely is, through in-place aliasing, as classify-iter-arg-carry
        sees it (storage_roots.SameValues with the loops' carry plans)."""
        return self._same.of(value)

    def if_alias(self, op: scf.IfOp, i: int) -> SSAValue | None:
        """The value defined before `op` that result `i` prints as: both branches yield it
        (through in-place aliasing, `same_value`) and the result is only yielded on (a loop
        carry, a scope result); None when the result is a variable of its own."""
        r = op.output[i]
        if not only_yielded(r):
            return None
        same = self.same_value(r)
        return None if same is r else same

    def is_read(self, value: SSAValue) -> bool:
        """Whether the printed C++ reads `value` (`read_values`)."""
        if self._live is None:
            self._live = _read_values(self.func, self.ops)
        return id(value) in self._live

    def carry_read(self, loop: scf.ForOp, i: int) -> bool:
        """Whether carry `i` of `loop` (not a TaskId carry) needs a C++ variable."""
        return self.is_read(loop.body.block.args[i + 1]) or self.is_read(loop.res[i])

    def rebind_carry(self, loop: scf.ForOp, i: int) -> bool:
        """Whether carry `i` of `loop` is a variable of its own assigned at the yield (not
        a TaskId carry, planned with rebind, needed and read)."""
        val = loop.body.block.args[i + 1]
        plan = self.carry_plan(loop)
        if plan is None or plan.size(i) or is_task_id_like(val.type):
            return False
        return plan.own_variable(i) and self.needed(loop)[i] and self.carry_read(loop, i)

    def if_has_variable(self, op: scf.IfOp, i: int, hoisted: bool) -> bool:
        """Whether result `i` of `op` (not a TaskId) is a C++ variable assigned in the
        branches: read, and either `hoisted` before a manual header or not an alias of the
        one value both branches yield (`if_alias`)."""
        r = op.output[i]
        if r.first_use is None or is_task_id_like(r.type) or not self.is_read(r):
            return False
        return hoisted or self.if_alias(op, i) is None


def only_yielded(r: SSAValue) -> bool:
    """Whether every use of `r` is a yield (scf.yield or pto_rt.yield)."""
    return all(isinstance(u.operation, scf.YieldOp | ScopeYieldOp) for u in r.uses)


# ---------------------------------------------------------------------- entry values


def entry_dim_symbols(
    func: FuncOp, ops: Iterable[Operation] | None = None
) -> list[tuple[DimOp, int, int]]:
    """The `pto_tensor.dim`s of a dynamic extent of a function argument, first one per
    (argument, axis), in program order: (op, argument index, axis). Each such (argument,
    axis) is one dynamic-dim symbol of the entry's prologue. `ops`: the ops of the body in
    walk order, when the caller has them (`CppReads.ops`)."""
    entry = func.body.block
    seen: set[tuple[int, int]] = set()
    out = []
    for op in walk_list(func.body) if ops is None else ops:
        if not isinstance(op, DimOp):
            continue
        src = op.source
        if not isinstance(src, BlockArgument) or src.block is not entry:
            continue
        if op.static_extent() is not None:
            continue
        key = (src.index, op.axis.value.data)
        if key not in seen:
            seen.add(key)
            out.append((op, key[0], key[1]))
    return out


def _entry_dim(op: DimOp, func: FuncOp) -> tuple[int, int] | None:
    src = op.source
    if isinstance(src, BlockArgument) and src.block is func.body.block:
        if op.static_extent() is None:
            return (src.index, op.axis.value.data)
    return None


@dataclass(frozen=True)
class EntryNames:
    """The entry parameters (argument indices) and dynamic-dim symbols ((argument, axis)) the
    printed body names, and whether it declares a tensor variable before its value is known
    (which starts as a copy of the first tensor parameter)."""

    params: frozenset[int]
    dims: frozenset[tuple[int, int]]
    placeholder: bool


def alias_sources(
    values: Iterable[SSAValue],
    reads: CppReads,
    hoisted: Callable[[Operation, int], bool],
    symbols: SymbolTableCollection,
) -> set[SSAValue]:
    """The values whose C++ variables the C++ forms of `values` name (a value's own when it
    is a variable): back through the values that print as another one: a task result as the
    argument its kernel returns, a write result as the tensor written, a scope result as
    the value yielded, a loop carry without a variable of its own as its init, an if result
    that is an alias (`if_alias`) as that value, an arith result as its operands. A loop
    carry with a variable is named by the loop's result; an entry-argument dynamic dim by
    the dim itself. `hoisted(op, i)`: result `i` of an `scf.if` is declared before a manual
    header (a variable, never an alias). TaskIds are left out (none is a parameter). Each
    value is visited once: linear in the values reached."""
    out: set[SSAValue] = set()
    seen: set[SSAValue] = set()
    todo = list(values)
    while todo:
        v = todo.pop()
        if v in seen or is_task_id_like(v.type):
            continue
        seen.add(v)
        nxt = _printed_as(v, reads, hoisted, symbols)
        if nxt is None:
            out.add(v)
        else:
            todo.extend(nxt)
    return out


def _printed_as(
    v: SSAValue,
    reads: CppReads,
    hoisted: Callable[[Operation, int], bool],
    symbols: SymbolTableCollection,
) -> Iterable[SSAValue] | None:
    """The values `v` prints as (see alias_sources), or None when it is a C++ variable or
    literal of its own."""
    if type(v) is not OpResult and isinstance(v, BlockArgument):
        loop = v.block.parent_op()
        if isinstance(loop, scf.ForOp) and v.index > 0:
            k = v.index - 1
            if not reads.own_variable(v):
                return [loop.iter_args[k]]
            return [loop.res[k]]  # the carry's variable
        return None
    assert isinstance(v, OpResult), v
    op = v.op
    kind = class_kind(_PRINTED_KINDS, op, _PRINTED_OPS)
    if kind == 0:
        assert isinstance(op, scf.ForOp)
        if not reads.own_variable(op.body.block.args[v.index + 1]):
            return [op.iter_args[v.index]]
        return None
    if kind == 1:
        assert isinstance(op, scf.IfOp)
        if hoisted(op, v.index):
            return None
        same = reads.if_alias(op, v.index)
        return None if same is None else [same]
    if kind == 2:
        ys = yield_values(op)
        return [ys[v.index]] if v.index < len(ys) else None
    if kind == 3:
        assert isinstance(op, CallOp | SubmitOp)
        arg = returned_arg(op, v.index, symbols)
        return None if arg is None else [arg]
    if kind == 4:
        assert isinstance(op, WriteOp)
        return [op.tensor]
    if kind == 5:  # an arith.constant
        return None
    if dialect_name(op) == "arith":
        return list(op.operands)
    return None


_PRINTED_OPS = (scf.ForOp, scf.IfOp, ScopeOp, CallOp | SubmitOp, WriteOp, arith.ConstantOp)
_PRINTED_KINDS: dict[type[Operation], int] = {}  # op class -> its entry of _PRINTED_OPS


def _forwarded(scope: ScopeOp, r: SSAValue) -> bool:
    """Whether the printer hands scope result `r` to the loop / if yield right after the scope
    (control_flow.YieldForward: the scope assigns the loop's / if's variable at its own yield),
    directly or through the auto scopes around it that end with it (control_flow._hand_on):
    every use of `r` is that yield."""
    nxt = scope.next_op
    if nxt is None or r.first_use is None or any(u.operation is not nxt for u in r.uses):
        return False
    if isinstance(nxt, scf.YieldOp):
        return isinstance(nxt.parent_op(), scf.ForOp | scf.IfOp)
    outer = nxt.parent_op()
    if isinstance(nxt, ScopeYieldOp) and isinstance(outer, ScopeOp) and not outer.is_manual:
        return all(_forwarded(outer, outer.res[u.index]) for u in r.uses)
    return False


def _declared_inside(
    s: SSAValue, scope: ScopeOp, hoisted: Callable[[Operation, int], bool]
) -> bool:
    """Whether the C++ variable of `s` (an `alias_sources` value) is declared inside `scope`'s
    block: `s` is defined inside the scope, a loop / if result declared before a manual
    header (`hoisted`) counting as defined where that manual scope is. A constant is a
    literal, no variable."""
    if isinstance(s, OpResult):
        owner: Operation | None = s.op
        if isinstance(owner, arith.ConstantOp):
            return False
        if isinstance(owner, scf.ForOp | scf.IfOp) and hoisted(owner, s.index):
            owner = owner.parent_op()
    else:
        assert isinstance(s, BlockArgument), s
        owner = s.block.parent_op()
    return owner is not None and owner is not scope and scope.is_ancestor(owner)


_MADE_IN_SCOPE = (CallOp | SubmitOp, AllocTensorsOp, CreateOp)
"""Ops whose result is a buffer the runtime allocates (a runtime output, a created tensor):
made inside a scope, it is freed when the scope ends."""


def scope_result_vars(
    scope: ScopeOp,
    reads: CppReads,
    hoisted: Callable[[Operation, int], bool],
    symbols: SymbolTableCollection,
) -> list[int]:
    """The results of `scope` the printer declares as variables before its header and
    assigns at its `pto_rt.yield` (docs/targets/pto2-cpp.md, "Scopes and C++ lifetimes"): a
    read tensor, scalar or integer array result (not a TaskId, whose variable
    hoist_task_id_results makes) not handed to a loop's / if's yield right after the scope
    (`_forwarded`), whose yielded value prints as a C++ variable declared inside the scope
    (a loop carry, an if result, a view, an arith value of such, an integer array: copied
    element by element; or an arith value of the scope the printer may declare as a variable:
    `_arith_var_inside`), unless that value is a buffer the runtime allocates inside the
    scope (freed at its end: the printer's located error stays). `hoisted`: as for
    `alias_sources`."""
    term = scope.body.block.last_op
    if term is None or not scope.res:
        return []
    out = []
    for j, r in enumerate(scope.res):
        if is_task_id_like(r.type) or not (
            isinstance(r.type, TensorType | IntArrayType) or _is_scalar(r.type)
        ):
            continue
        if not reads.is_read(r) or _forwarded(scope, r):
            continue
        sources = alias_sources([term.operands[j]], reads, hoisted, symbols)
        inside = [s for s in sources if _declared_inside(s, scope, hoisted)]
        if inside and not any(
            isinstance(s, OpResult) and isinstance(s.op, _MADE_IN_SCOPE) for s in inside
        ):
            out.append(j)
        elif not inside and _arith_var_inside(term.operands[j], scope):
            out.append(j)
    return out


def _arith_var_inside(v: SSAValue, scope: ScopeOp) -> bool:
    """Whether the C++ form of scalar `v` may name the variable of an arith value defined
    inside `scope`: `v` or an arith operand it is computed from (through arith values of the
    scope) is used by more than one printed use, which the printer may declare as a variable
    where it is defined (arith_ops._finish), although `alias_sources` looks through it to
    its operands. Assigning such a value to a variable declared before the scope is right
    whether or not the printer declared it."""
    todo, seen = [v], set()
    while todo:
        x = todo.pop()
        if x in seen or not isinstance(x, OpResult):
            continue
        seen.add(x)
        op = x.op
        if dialect_name(op) != "arith" or isinstance(op, arith.ConstantOp):
            continue
        if op is scope or not scope.is_ancestor(op):
            continue
        if sum(1 for u in x.uses if prints_use(u)) > 1:
            return True
        todo.extend(op.operands)
    return False


def _is_scalar(t: object) -> bool:
    return isinstance(t, IndexType | IntegerType | AnyFloat)


_NAMED_OPS = (DimOp, scf.ForOp, scf.IfOp, IntArrayCreateOp | IntArrayGetOp | IntArraySetOp)
_NAMED_KINDS: dict[type[Operation], int] = {}  # op class -> its entry of _NAMED_OPS


def named_entry_values(
    func: FuncOp,
    reads: CppReads,
    hoisted: Callable[[Operation, int], bool],
    with_init: Callable[[scf.ForOp, int], bool],
    symbols: SymbolTableCollection,
) -> EntryNames:
    """The entry parameters and dynamic-dim symbols the printed body of `func` names.

    A value is named where a line prints it: every operand of an op that prints its operands
    (tasks, tensor ops, allocations' dynamic sizes, TaskId and integer array ops); a dim's
    source when it is printed (read, and not a static extent, not an entry argument's
    dynamic extent: those read `orch_args`); a loop's bounds and step and, for a carry with a
    variable of its own, its init and yielded value (a loop's bounds as its header names them:
    `loop_headers.header_reads`); an if's condition and, for a result with a variable, the
    values both branches yield; the operands of a read arith value used more than once (it
    may be printed as a variable of its own where it is defined; one used once is printed
    inside its user's text; one nothing reads prints nothing: `reads_when_read`). A
    terminator names nothing itself (a yield assigns the variables above; a return prints
    nothing). What a named value prints as is named too (`alias_sources`). A
    tensor variable declared before its value is known (an if result with a variable, a carry
    `hoisted` without `with_init`) names the first tensor parameter."""
    named: list[SSAValue] = []
    placeholder = False
    for op in reads.ops:
        if is_terminator(op):
            continue
        if isinstance(op, ScopeOp):
            term = op.body.block.last_op
            for j in scope_result_vars(op, reads, hoisted, symbols):
                assert term is not None
                named.append(term.operands[j])  # assigned at the yield
                if isinstance(op.res[j].type, TensorType):
                    placeholder = True  # declared before the header (manual.declaration)
            continue
        kind = class_kind(_NAMED_KINDS, op, _NAMED_OPS)
        if kind == 4:  # any other op but arith: it prints its operands
            if dialect_name(op) != "arith":
                named.extend(op.operands)
                continue
        if kind == 0:
            assert isinstance(op, DimOp)
            if reads.is_read(op.result):  # else it prints nothing
                named.extend(reads_when_read(op) or ())
        elif kind == 1:
            assert isinstance(op, scf.ForOp)
            named.extend(header_reads(op))
            term = op.body.block.last_op
            for i, init in enumerate(op.iter_args):
                if not reads.rebind_carry(op, i):
                    continue
                named.append(init)
                if term is not None and i < len(term.operands):
                    named.append(term.operands[i])
                if isinstance(init.type, TensorType) and hoisted(op, i) and not with_init(op, i):
                    placeholder = True
        elif kind == 2:
            assert isinstance(op, scf.IfOp)
            named.append(op.cond)
            for i, r in enumerate(op.output):
                if not reads.if_has_variable(op, i, hoisted(op, i)):
                    continue
                if isinstance(r.type, TensorType):
                    placeholder = True
                for region in range(len(op.regions)):
                    ys = yield_values(op, region)
                    if i < len(ys):
                        named.append(ys[i])
        elif dialect_name(op) == "arith":
            if not op.results or not reads.is_read(op.results[0]):
                continue  # prints nothing
            if sum(1 for u in op.results[0].uses if prints_use(u)) > 1:
                named.extend(op.operands)
        elif kind == 3:
            if reads.is_read(op.results[0]):  # else it prints nothing
                named.extend(op.operands)
        else:
            named.extend(op.operands)
    params: set[int] = set()
    dims: set[tuple[int, int]] = set()
    entry = func.body.block
    for src in alias_sources(named, reads, hoisted, symbols):
        if type(src) is not OpResult:  # (exact: an isinstance against the ABC is slower)
            if isinstance(src, BlockArgument) and src.block is entry:
                params.add(src.index)
        elif isinstance(src.op, DimOp):
            key = _entry_dim(src.op, func)
            if key is not None:
                dims.add(key)
    return EntryNames(frozenset(params), frozenset(dims), placeholder)
