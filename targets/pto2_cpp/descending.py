"""`scf.for` marked `pto_orch.descending` as a C++ loop that counts down.

The loop is an ordinary upward `scf.for %k = lb to ub step s` (its meaning in the IR, in the
passes and in the interpreter); the marker asks for the loop variable `i = -k`: `for (int64_t
i = -lb; i > -ub; i += -s)`, the same iterations in the same order. A body op `0 - k` prints
as `i`; any other use of `k` as `(-i)`. Rules: docs/targets/pto2-cpp.md#loops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from pypto_dialects.analysis.loop_headers import constant_of as _constant
from pypto_dialects.analysis.loop_headers import negated_of
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter


def _negated(p: FunctionPrinter, value: SSAValue, at: Operation) -> Expr:
    """The C++ of `-value`: the negated literal of a constant, `x` for `0 - x`, else `-(v)`."""
    c = _constant(value)
    if c is not None:
        return Expr(str(-c))
    x = negated_of(value)
    if x is not None:
        return p.use(x, at)
    v = p.use(value, at)
    return Expr(f"-{v.paren}", True, v.deps)


def index_ops(loop: scf.ForOp) -> list[Operation]:
    """The body's `0 - k` ops of the loop's induction variable `k` (each is the C++ `i`)."""
    iv = loop.body.block.args[0]
    return [u.operation for u in iv.uses if negated_of(u.operation.results[0]) is iv]


def open_loop(p: FunctionPrinter, op: scf.ForOp, iv_type: str) -> Binding:
    """Print the header `for (<T> i = -lb; i > -ub; i += -s) {`, enter its block, bind the
    index ops to `i` (their op prints nothing: `p.prebound`) and the induction variable to
    `(-i)`. Returns the loop variable."""
    iv = op.body.block.args[0]
    indices = index_ops(op)
    hint = next((hint_of(o.results[0]) for o in indices if hint_of(o.results[0])), None)
    name = p.names.fresh(hint or hint_of(iv), "i")
    start, stop = _negated(p, op.lb, op), _negated(p, op.ub, op)
    step = _negated(p, op.step, op)
    header = f"{iv_type} {name} = {start.text}; {name} > {stop.paren}; {name} += {step.text}"
    p.open_block(f"for ({header})")
    var = Binding(name, iv_type, p.block)
    for o in indices:
        p.bind(o.results[0], var)
        p.prebound.add(o)
    p.bind(iv, Expr(f"-{name}", True, (var,)))
    return var


def slot(p: FunctionPrinter, loop: scf.ForOp) -> str:
    """The slot the iteration of a descending `pto_orch.parallel` loop writes, the iteration's
    number `(k - lb) / s` in the loop variable `i = -k`: `(-lb - i) / s` (`-lb - i` for s 1)."""
    iv = p.env[loop.body.block.args[0]]
    var = iv.deps[0].name
    start = _negated(p, loop.lb, loop)
    s = _constant(loop.step)
    head = f"{start.paren} - {var}"
    return head if s == 1 else f"({head}) / {p.use(loop.step, loop).paren}"
