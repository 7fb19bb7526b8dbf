"""`pto_rt.scope manual` as PTO2 C++: the MANUAL block and the declarations hoisted before
its header. The scope rules are checked before printing (verify-orchestration); the retain
edges come from add-retain-edges.

Rules: docs/targets/pto2-cpp.md#the-manual-block and #retained-buffers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.attrs import TaskIdArrayType, is_task_id_like
from pypto_dialects.orch import PARALLEL
from pypto_dialects.rt import ScopeOp
from pypto_dialects.targets.pto2_cpp.deps import array_size
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter
    from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering


@dataclass
class ManualCtx:
    """An open `PTO2_SCOPE(PTO2ScopeMode::MANUAL)` block: its op and its C++ block."""

    op: ScopeOp
    block: CppBlock


# ---------------------------------------------------------------------- the manual block


def emit_manual_scope(low: TaskIdLowering, op: ScopeOp) -> None:
    """Print a `pto_rt.scope manual [compiler_owned]` op and bind its results."""
    p = low.p
    w = p.w
    block = op.body.block
    w.blank()
    from pypto_dialects.targets.pto2_cpp.control_flow import hoist_task_id_results

    fwd = p.forwards.pop(op, None)
    tid_results = hoist_task_id_results(p, op, fwd)
    hoist_declarations(low, op)
    p.open_block("PTO2_SCOPE(PTO2ScopeMode::MANUAL)")
    ctx = ManualCtx(op, p.block)
    low.manual.append(ctx)
    yielded: list[Expr | None] = [None] * len(op.res)

    # A loop body / branch that is one manual scope (materialize-runtime-scopes makes
    # compiler-owned ones): the carry / if-result assignments happen inside the block, where
    # the yielded values are declared (as for auto scopes).
    from pypto_dialects.targets.pto2_cpp.control_flow import (
        bind_scope_results,
        scope_yield_handler,
    )

    on_yield = scope_yield_handler(p, op, fwd, yielded, tid_results)

    p.emit_block(block, on_yield)
    low.manual.pop()
    p.close_block()
    w.blank()
    bind_scope_results(p, op, fwd, yielded, tid_results)


def hoist_declarations(low: TaskIdLowering, scope: ScopeOp) -> None:
    """Print, before the header of the manual `scope`, the variables its direct `scf.for` /
    `scf.if` ops will assign (which ones: docs/targets/pto2-cpp.md#the-manual-block), with
    their initial value when it is final here (`_known_here`). The loop / if takes the
    variable from `low.hoisted`; declare_var then prints only the initial assignment, if any."""
    from pypto_dialects.targets.pto2_cpp.control_flow import (
        carry_plan,
        carry_read,
        carry_variable,
        if_variable,
        is_read,
    )
    from pypto_dialects.targets.pto2_cpp.task_arrays import carries_needed, carry_has_var, new_var

    p = low.p
    term = scope.body.block.last_op

    def leaves(v: SSAValue) -> bool:
        return any(use.operation is term for use in v.uses)

    def hoist(op: Operation, i: int, b: Binding, init: SSAValue | None) -> None:
        low.hoisted[(op, i)] = b
        low.hoisted_vars.add(b)
        n = array_size(b)
        known = _known_here(low, init, op) if not n and init is not None else None
        if known is not None:
            p.w.line(f"{b.ctype} {b.name} = {p.mark(known).text};")
            low.declared_with_init.add(b)
        else:
            p.w.line(declaration(p, b))

    for op in scope.body.block.ops:
        if isinstance(op, scf.ForOp):
            rebind, sizes = carry_plan(op)
            needed = carries_needed(op) if op.iter_args else []
            for i, val in enumerate(op.body.block.args[1:]):
                res = op.res[i]
                if sizes[i] != 0 or is_task_id_like(val.type):
                    is_array = isinstance(val.type, TaskIdArrayType)
                    if not (is_array or sizes[i]) or not leaves(res) or not carry_has_var(op, i):
                        continue  # a TaskId dies with the scope; an array that stays inside
                    n = val.type.size.data if isinstance(val.type, TaskIdArrayType) else sizes[i]
                    hints = (hint_of(val), hint_of(res))
                    if PARALLEL in op.attributes and not is_array:
                        hints = (hint_of(res), hint_of(val))
                    hoist(op, i, new_var(low, hints, n, op), None)
                elif rebind[i] and needed[i] and carry_read(p, op, i):
                    hoist(op, i, carry_variable(p, op, i), op.iter_args[i])
        elif isinstance(op, scf.IfOp):
            for i, r in enumerate(op.output):
                if r.first_use is None or not (is_task_id_like(r.type) or is_read(p, r)):
                    continue
                if is_task_id_like(r.type):
                    if not isinstance(r.type, TaskIdArrayType) or not leaves(r):
                        continue
                    var = new_var(low, (hint_of(r),), r.type.size.data, op, default="if_result")
                    p.bind(r, var)
                    hoist(op, i, var, None)
                else:
                    hoist(op, i, if_variable(p, op, i), None)


def _known_here(low: TaskIdLowering, value: SSAValue, at: Operation) -> Expr | None:
    """The C++ form of `value` if it is final before the manual header being printed: a
    constant, or a value printed already (outside the scope, or a create allocated before
    the header) that names no variable hoisted there; a task result or a write prints as
    the tensor it writes (storage_roots.tied_base)."""
    value = storage.tied_base(value, low.p.symbols)
    if isinstance(value.owner, ConstantOp):
        return low.p.lookup(value, at)
    expr = low.p.env.get(value)
    if expr is None or any(d in low.hoisted_vars for d in expr.deps):
        return None
    return low.p.lookup(value, at)  # (a located error if its C++ block has closed)


def declaration(p: FunctionPrinter, b: Binding) -> str:
    """The declaration of a carry / if-result variable without its value."""
    n = array_size(b)
    if n:  # a TaskId array, or an integer array (int_arrays.IntArrayVar)
        return f"{b.ctype} {b.name}[{n}];"
    if b.ctype == "Tensor":
        # The runtime's Tensor has no public default constructor: a variable declared
        # before its value is known starts as a copy of a tensor parameter.
        return f"Tensor {b.name} = {placeholder_tensor(p).text};"
    return f"{b.ctype} {b.name};"


def declare_var(low: TaskIdLowering, b: Binding, init: Expr | None) -> None:
    """Print the declaration of a loop carry / if result variable `b` with its initial value
    `init` (None for an if result); for a variable hoisted before a manual header
    (hoist_declarations), only the assignment of `init` when it was not declared with it."""
    p = low.p
    w = p.w
    hoisted = b in low.hoisted_vars
    if hoisted and (init is None or b in low.declared_with_init):
        return
    n = array_size(b)
    if n:
        if not hoisted:
            w.line(declaration(p, b))
        if init is not None:
            from pypto_dialects.targets.pto2_cpp.task_arrays import fill_array

            fill_array(low, b, init)
        return
    if init is None:
        w.line(declaration(p, b))
        return
    text = p.mark(init).text
    w.line(f"{b.name} = {text};" if hoisted else f"{b.ctype} {b.name} = {text};")


def placeholder_tensor(p: FunctionPrinter) -> Expr:
    """The C++ form of the function's first tensor parameter (marked used), the initial value
    of a `Tensor` variable declared before its value is known. A located error when the
    function has no tensor parameter."""
    for arg in p.func.body.block.args:
        if isinstance(arg.type, TensorType):
            return p.use(arg, p.func)
    raise codegen_error(
        p.func,
        "declares a tensor variable before its value is known (an scf.if result or a loop "
        "carry hoisted before a manual scope), and the runtime's Tensor must be initialised "
        "from an existing tensor: give the function a tensor parameter",
    )




def _is_ancestor(outer: CppBlock, inner: CppBlock) -> bool:
    cur: CppBlock | None = inner
    while cur is not None:
        if cur is outer:
            return True
        cur = cur.parent
    return False
