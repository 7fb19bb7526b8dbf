"""The loop rule of orchestration functions: a constant `scf.for` step is positive; and a
loop's trip count when its bounds are constants (`constant_trip_count`).

Checked by the verifier of `pto_orch.kind = #pto_orch.kind<orchestration>` (docs/dialects/
pto_orch.md, "Orchestration functions"); a step that is not a constant is guarded by the
guard-dynamic-loop-steps pass.
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation

from pypto_dialects.analysis.accessors import class_kind, walk_list
from pypto_dialects.diagnostics import LocatedVerifyException, format_op_error
from pypto_dialects.limits import constant_int

_LOOPS = (scf.ForOp,)
_LOOP_KINDS: dict[type[Operation], int] = {}  # op class -> 0 for an scf.for (class_kind)


def verify_loop_steps(func: Operation) -> None:
    """A constant `scf.for` step in an orchestration function is positive (MLIR's rule: the
    C++ `for` would never end with 0 and never run with a negative step). Raised as the
    loop's own located diagnostic."""
    # (`walk_list`: the ops of `func.walk()`; the class test memoized per op class)
    for op in walk_list(func):
        if class_kind(_LOOP_KINDS, op, _LOOPS) != 0:
            continue
        assert isinstance(op, scf.ForOp)
        step = op.step.owner
        if isinstance(step, arith.ConstantOp) and isinstance(step.value, IntegerAttr):
            n = step.value.value.data
            if n <= 0:
                raise LocatedVerifyException(
                    format_op_error(
                        op,
                        f"has the constant step {n}: a loop step must be positive (a step of "
                        "0 never ends, a negative one never runs); to count down, loop "
                        "upwards and compute the index from the induction variable "
                        "(ub - 1 - i)",
                    )
                )


def constant_trip_count(op: scf.ForOp) -> int | None:
    """ceil((ub - lb) / step) when the bounds and a positive step are `arith.constant`s,
    else None."""
    return trip_count(constant_int(op.lb), constant_int(op.ub), constant_int(op.step))


def trip_count(lb: int | None, ub: int | None, step: int | None) -> int | None:
    """ceil((ub - lb) / step), at least 0, for known bounds and a positive step, else None."""
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return max(0, -((lb - ub) // step))


def at_most_one_trip(op: scf.ForOp) -> bool:
    """Whether the loop runs its body at most once (constant bounds and a positive constant
    step, a trip count of 0 or 1): its tasks have one instance per execution of the code
    around it, and no iteration follows another."""
    n = constant_trip_count(op)
    return n is not None and n <= 1
