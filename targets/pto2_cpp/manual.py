"""`pto_rt.scope manual` as PTO2 C++: the declarations hoisted before the MANUAL block's
header, and the carry / if-result variables they and control_flow declare (control_flow
prints the block itself, `emit_manual_scope`). The scope rules are checked before printing
(verify-orchestration); the retain edges come from add-retain-edges.

Rules: docs/targets/pto2-cpp.md#the-manual-block and #retained-buffers.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.attrs import TaskIdArrayType, is_task_id_like
from pypto_dialects.carry_plan import plan_size
from pypto_dialects.cpp_plan import HoistPlan
from pypto_dialects.orch import PARALLEL
from pypto_dialects.orch_arrays import IntArrayType
from pypto_dialects.rt import ScopeOp
from pypto_dialects.targets.pto2_cpp import int_arrays
from pypto_dialects.targets.pto2_cpp.cxx_types import c_type
from pypto_dialects.targets.pto2_cpp.deps import array_size
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr, hint_of
from pypto_dialects.targets.pto2_cpp.task_arrays import fill_array, new_var

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter
    from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering


@dataclass
class ManualCtx:
    """An open `PTO2_SCOPE(PTO2ScopeMode::MANUAL)` block: its op and its C++ block."""

    op: ScopeOp
    block: CppBlock


# ------------------------------------------------------ declarations before the manual header


def hoist_declarations(low: TaskIdLowering, scope: ScopeOp) -> None:
    """Print, before the header of the manual `scope`, the variables its direct `scf.for` /
    `scf.if` ops will assign, as their declaration plan says (`pto_orch.hoisted`, with the
    initial value for the carries of `pto_orch.hoisted_with_init`; cpp_plan.py). The loop /
    if takes the variable from `low.hoisted`; declare_var then prints only the initial
    assignment, if any."""
    p = low.p

    def hoist(op: Operation, i: int, b: Binding, init: SSAValue | None) -> None:
        low.hoisted[(op, i)] = b
        low.hoisted_vars.add(b)
        if init is not None:
            known = p.lookup(storage.tied_base(init, p.symbols), op)
            p.w.line(f"{b.ctype} {b.name} = {p.mark(known).text};")
            low.declared_with_init.add(b)
        else:
            p.w.line(declaration(p, b))

    for op in scope.body.block.ops:
        if not isinstance(op, scf.ForOp | scf.IfOp):
            continue
        plan = HoistPlan.of(op)
        for i in plan.hoisted:
            if isinstance(op, scf.ForOp):
                val, res = op.body.block.args[i + 1], op.res[i]
                size = plan_size(op, i)
                if size or is_task_id_like(val.type):
                    is_array = isinstance(val.type, TaskIdArrayType)
                    n = val.type.size.data if isinstance(val.type, TaskIdArrayType) else size
                    hints = (hint_of(val), hint_of(res))
                    if PARALLEL in op.attributes and not is_array:
                        hints = (hint_of(res), hint_of(val))
                    hoist(op, i, new_var(low, hints, n, op), None)
                else:
                    init = op.iter_args[i] if i in plan.with_init else None
                    hoist(op, i, carry_variable(p, op, i), init)
            else:
                r = op.output[i]
                if isinstance(r.type, TaskIdArrayType):
                    var = new_var(low, (hint_of(r),), r.type.size.data, op, default="if_result")
                    p.bind(r, var)
                    hoist(op, i, var, None)
                else:
                    hoist(op, i, if_variable(p, op, i), None)


def value_ctype(p: FunctionPrinter, value: SSAValue, op: Operation, what: str) -> str:
    """C++ type of a variable holding `value`: the generation's tensor type (`Tensor`,
    `ChipTensor`) or the scalar's C type."""
    if isinstance(value.type, TensorType):
        return p.api.tensor
    return c_type(value.type, op, what)


def carry_variable(p: FunctionPrinter, op: scf.ForOp, i: int) -> Binding:
    """A new variable for rebind carry `i` of `op` (not a TaskId carry): a `Tensor`, a scalar,
    or an integer array (int_arrays); the caller declares it."""
    val, res = op.body.block.args[i + 1], op.res[i]
    if isinstance(val.type, IntArrayType):
        return int_arrays.new_var(p, val if hint_of(val) else res, op, "carry")
    ct = value_ctype(p, val, op, f"iter_arg #{i}")
    return p.declare(None, ct, "carry", hint=hint_of(val) or hint_of(res))


def if_variable(p: FunctionPrinter, op: scf.IfOp, i: int) -> Binding:
    """A new variable for result `i` of `op` (not a TaskId), bound to it; the caller declares
    it."""
    r = op.output[i]
    if isinstance(r.type, IntArrayType):
        var = int_arrays.new_var(p, r, op, "if_result")
        p.bind(r, var)
        return var
    return p.declare(r, value_ctype(p, r, op, f"result #{i}"), "if_result")


def declaration(p: FunctionPrinter, b: Binding, pending: Collection[Binding] = ()) -> str:
    """The declaration of a carry / if-result variable without its value (`pending`: the
    variables bound but not declared yet besides `b`, which cannot be its placeholder)."""
    n = array_size(b)
    if n:  # a TaskId array, or an integer array (int_arrays.IntArrayVar)
        return f"{b.ctype} {b.name}[{n}];"
    if b.ctype == p.api.tensor:
        # The seed runtime's Tensor has no public default constructor: a variable declared
        # before its value is known starts as a copy of a tensor parameter (also in the
        # current generation, whose default-constructed ChipTensor would be uninitialized).
        return f"{b.ctype} {b.name} = {placeholder_tensor(p, {b, *pending}).text};"
    return f"{b.ctype} {b.name};"


def declare_var(
    low: TaskIdLowering, b: Binding, init: Expr | None, pending: Collection[Binding] = ()
) -> None:
    """Print the declaration of a loop carry / if result variable `b` with its initial value
    `init` (None for an if result; `pending`: as `declaration`'s); for a variable hoisted
    before a manual header (hoist_declarations), only the assignment of `init` when it was
    not declared with it."""
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
            fill_array(low, b, init)
        return
    if init is None:
        w.line(declaration(p, b, pending))
        return
    text = p.mark(init).text
    w.line(f"{b.name} = {text};" if hoisted else f"{b.ctype} {b.name} = {text};")


def placeholder_tensor(p: FunctionPrinter, pending: Collection[Binding] = ()) -> Expr:
    """The C++ form of the function's first tensor parameter (marked used), the initial value
    of a `Tensor` variable declared before its value is known; without a tensor parameter,
    the first tensor variable bound so far whose C++ block is still open, but the `pending`
    ones, bound and not declared yet (the variable itself: `Tensor t = t;` reads it
    uninitialised). A located error when there is none."""
    for arg in p.func.body.block.args:
        if isinstance(arg.type, TensorType):
            return p.use(arg, p.func)
    # No tensor parameter (plan-cpp-declarations then declares none for this): the first
    # tensor variable still in C++ scope (a created tensor, a runtime output) will do, as the
    # variable is assigned before it is read.
    refs = (p.api.tensor, f"const {p.api.tensor}&")
    for expr in p.env.values():
        if (isinstance(expr, Binding) and expr.ctype in refs and expr.block.open
                and expr not in pending):
            return p.mark(expr)
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
