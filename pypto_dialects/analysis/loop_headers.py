"""What the C++ header of an `scf.for` names (docs/targets/pto2-cpp.md#loops): its bounds and
step, except that a loop marked `pto_orch.descending` (printed counting down, `i = -k`)
names no variable for a constant bound and `x` for a `0 - x` bound. The reads analysis
(cpp_reads.read_values) and the printer (targets/pto2_cpp/descending.py, arith_ops.py) ask
here, so a bound is declared exactly when some line prints it."""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import SSAValue, Use

from pypto_dialects.orch import DESCENDING


def constant_of(value: SSAValue) -> int | None:
    """The integer of an `arith.constant`, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return int(owner.value.value.data)
    return None


def negated_of(value: SSAValue) -> SSAValue | None:
    """`x` when `value` is `arith.subi %zero, %x` with `%zero` the constant 0, else None."""
    owner = value.owner
    if isinstance(owner, arith.SubiOp) and constant_of(owner.lhs) == 0:
        return owner.rhs
    return None


def header_reads(loop: scf.ForOp) -> list[SSAValue]:
    """The values the C++ header of `loop` names: its bounds and step, except that a
    descending loop names no variable for a constant one and `x` for a `0 - x` one."""
    bounds = [loop.lb, loop.ub, loop.step]
    if DESCENDING not in loop.attributes:
        return bounds
    out: list[SSAValue] = []
    for v in bounds:
        x = negated_of(v)
        if x is not None:
            out.append(x)
        elif constant_of(v) is None:
            out.append(v)
    return out


def prints_use(use: Use) -> bool:
    """Whether `use` prints its value's C++ form: not a bound or step of a descending loop
    whose header prints the constant negated or `x` for `0 - x` (`header_reads`)."""
    loop = use.operation
    if not isinstance(loop, scf.ForOp) or use.index > 2 or DESCENDING not in loop.attributes:
        return True
    v = loop.operands[use.index]
    return negated_of(v) is None and constant_of(v) is None
