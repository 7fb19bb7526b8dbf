"""TaskId carries (scalar, parallel-loop array carries, `!pto_orch.task_id_array` carries)
and TaskId arrays as PTO2 C++. The carry plan is read from the loop, never decided here.

Rules: docs/targets/pto2-cpp.md#taskid-carries, #array-carries-of-parallel-loops and #taskid-arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation, SSAValue

from pypto_dialects.carry_plan import plan_size
from pypto_dialects.orch import (
    DESCENDING,
    PARALLEL,
    TaskArrayCreateOp,
    TaskArrayGetOp,
    TaskArraySetOp,
    TaskIdArrayType,
)
from pypto_dialects.targets.pto2_cpp import descending, int_arrays
from pypto_dialects.targets.pto2_cpp.deps import (
    INVALID,
    SlotRef,
    TaskIdVar,
    array_size,
)
from pypto_dialects.targets.pto2_cpp.int_arrays import IntArrayVar
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering


def _const(v: SSAValue) -> int | None:
    owner = v.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return int(owner.value.value.data)
    return None


def new_var(
    low: TaskIdLowering,
    hints: Sequence[str | None],
    size: int | None,
    producer: Operation,
    default: str = "tid",
) -> TaskIdVar:
    """A new TaskId variable (or array) in the current C++ block (declared by the caller)."""
    p = low.p
    hint = next((h for h in hints if h), None)
    name = p.names.fresh(hint, default)
    return TaskIdVar(name, p.block, size=size, guard=True, producer=producer)


def _carry_var(
    low: TaskIdLowering,
    loop: scf.ForOp,
    i: int,
    hints: Sequence[str | None],
    size: int | None,
) -> TaskIdVar:
    """The variable of carry i: the one declared before a manual header, else a new one."""
    var = low.hoisted.get((loop, i))
    if var is None:
        var = new_var(low, hints, size, loop)
    assert isinstance(var, TaskIdVar)  # a hoisted TaskId carry's variable is one
    return var


def carry(
    low: TaskIdLowering, loop: scf.ForOp, i: int, init: Expr, needed: bool
) -> TaskIdVar | None:
    """The variable a TaskId / TaskId-array carry's yields assign (None: the carry is dead,
    `needed` False; see cpp_reads.carries_needed).
    Binds the iter_arg and the loop result; the caller declares the variable before the loop
    (`declare_var`, with `init`)."""
    p = low.p
    val = loop.body.block.args[i + 1]
    res = loop.res[i]
    size = plan_size(loop, i)  # the verifier checked it against the iter_arg's type
    if isinstance(val.type, TaskIdArrayType):
        n = val.type.size.data
        if not needed:
            return None
        var = _carry_var(low, loop, i, (hint_of(val), hint_of(res)), n)
        p.bind(val, var)
        p.bind(res, var)
        return var
    if size == 0:
        if not needed:
            return None
        var = new_var(low, (hint_of(val), hint_of(res)), None, loop)
        p.bind(val, var)
        p.bind(res, var)
        return var
    if PARALLEL in loop.attributes:
        p.bind(val, init)  # every iteration sees the previous round's TaskIds
        if res.first_use is None:
            return None
        var = _carry_var(low, loop, i, (hint_of(res), hint_of(val)), size)
        var.slot_loop = loop
        p.bind(res, var)
        return var
    if not needed:
        return None
    var = _carry_var(low, loop, i, (hint_of(val), hint_of(res)), size)
    p.bind(val, var)
    p.bind(res, var)
    return var


def slot_index(low: TaskIdLowering, loop: scf.ForOp) -> str:
    """The slot a parallel loop's iteration writes: `i`, or `(i - lb) / step` (a descending
    loop's: descending.slot)."""
    if DESCENDING in loop.attributes:
        return descending.slot(low.p, loop)
    iv = low.p.env[loop.body.block.args[0]]
    lb, step = _const(loop.lb), _const(loop.step)
    if lb == 0 and step == 1:
        return iv.text
    start = f"{iv.text} - {lb}" if lb is not None and lb >= 0 else f"{iv.text} + {-(lb or 0)}"
    return f"({start}) / {step}"


def carry_yield(
    low: TaskIdLowering, loop: scf.ForOp, i: int, var: Binding, src: Expr
) -> list[tuple[Binding, Expr]]:
    """The assignment of a TaskId carry at the loop's yield, the yielded value's C++ form
    being `src`: `(target, source)` pairs for the printer's parallel assignment (array
    targets are copied slot by slot)."""
    assert isinstance(var, TaskIdVar)
    n_src = array_size(src)
    if var.slot_loop is loop:
        idx = slot_index(low, loop)
        if n_src:
            src = Expr(f"{src.text}[{idx}]", False, src.deps)
        return [(SlotRef(var, idx), src)]
    if src is var:
        return []
    return [(var, src)]


def if_result(low: TaskIdLowering, op: scf.IfOp, i: int) -> TaskIdVar:
    """The variable of a TaskId / TaskId-array result of an scf.if (declared before it)."""
    r = op.output[i]
    size = r.type.size.data if isinstance(r.type, TaskIdArrayType) else None
    var = new_var(low, (hint_of(r),), size, op, default="if_result")
    low.p.bind(r, var)
    return var


def fill_array(low: TaskIdLowering, var: Binding, init: Expr) -> None:
    """`for (i...) var[i] = init;` (a scalar broadcast) or `= init[i];` (a slot copy); `var`
    is a TaskId array or an integer array (int_arrays.IntArrayVar)."""
    p = low.p
    w = p.w
    i = low.slot_var()
    src = f"{init.text}[{i}]" if array_size(init) else init.text
    p.mark(init)
    w.line(f"for (int64_t {i} = 0; {i} < {array_size(var)}; ++{i})")
    w.depth += 1
    w.line(f"{var.name}[{i}] = {src};")
    w.depth -= 1


def assign_arrays(
    low: TaskIdLowering, pairs: Sequence[tuple[Binding, Expr]]
) -> list[tuple[Binding, Expr]]:
    """Print the array copies among `pairs` (as one parallel assignment: a source that is also
    a target is copied into a temporary first); returns the other pairs."""
    arrays = [(t, s) for t, s in pairs if array_size(t)]
    if not arrays:
        return list(pairs)
    rest = [(t, s) for t, s in pairs if not array_size(t)]
    p = low.p
    w = p.w
    targets = {id(t) for t, _ in arrays}
    copies: list[tuple[Binding, Expr]] = []
    for t, s in arrays:
        if any(id(b) in targets for b in s.deps):
            tmp: Binding
            if isinstance(t, IntArrayVar):
                tmp = int_arrays.like(p, t, f"{t.name}_next")
            else:
                tmp = TaskIdVar(p.names.fresh(f"{t.name}_next", "next"), p.block, array_size(t))
            w.line(f"{t.ctype} {tmp.name}[{array_size(t)}];")
            fill_array(low, tmp, s)
            s = tmp
        copies.append((t, s))
    for t, s in copies:
        fill_array(low, t, s)
    return rest


# ---------------------------------------------------------------------- TaskId array ops


def emit_array_op(low: TaskIdLowering, op: Operation) -> None:
    """Print `task_array_create` / `task_array_get` / `task_array_set`."""
    p = low.p
    w = p.w
    if isinstance(op, TaskArrayCreateOp):
        n = op.result.type.size.data
        var = new_var(low, (hint_of(op.result),), n, op, default="tids")
        p.bind(op.result, var)
        w.line(f"PTO2TaskId {var.name}[{n}];")
        fill_array(low, var, Expr(INVALID))
        return
    if isinstance(op, TaskArrayGetOp):
        arr = p.use(op.array, op)
        idx = p.use(op.index, op)
        var = new_var(low, (hint_of(op.result),), None, op)
        p.bind(op.result, var)
        w.line(f"PTO2TaskId {var.name} = {arr.text}[{idx.text}];")
        return
    assert isinstance(op, TaskArraySetOp)
    arr = p.use(op.array, op)
    value = p.use(op.value, op)
    idx = p.use(op.index, op)
    w.line(f"{arr.text}[{idx.text}] = {value.text};")
    p.bind(op.result, arr)
