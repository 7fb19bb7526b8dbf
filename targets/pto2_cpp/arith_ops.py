"""Scalar `arith` ops as C++ expressions, inlined where used (docs/targets/pto2-cpp.md#op-by-op)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.ir import Operation

from pypto_dialects.targets.pto2_cpp.cxx_types import c_type, literal
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Expr, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

CMPI = ("==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">=")
"""arith.cmpi predicates eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge (by number)."""

CMPF = {1: "==", 2: ">", 3: ">=", 4: "<", 5: "<=", 13: "!="}
"""arith.cmpf predicates with a C++ operator: oeq, ogt, oge, olt, ole, une."""

BINARY = {
    arith.AddiOp: "+",
    arith.SubiOp: "-",
    arith.MuliOp: "*",
    arith.DivSIOp: "/",
    arith.RemSIOp: "%",
    arith.AndIOp: "&",
    arith.OrIOp: "|",
    arith.XOrIOp: "^",
    arith.ShLIOp: "<<",
    arith.ShRSIOp: ">>",
    arith.AddfOp: "+",
    arith.SubfOp: "-",
    arith.MulfOp: "*",
    arith.DivfOp: "/",
}

UNSIGNED_BINARY = {arith.DivUIOp: "/", arith.RemUIOp: "%", arith.ShRUIOp: ">>"}

MIN_MAX = {
    arith.MaxSIOp: (">", False),
    arith.MinSIOp: ("<", False),
    arith.MaxUIOp: (">", True),
    arith.MinUIOp: ("<", True),
    arith.MaxnumfOp: (">", False),
    arith.MinnumfOp: ("<", False),
}

CASTS = (
    arith.IndexCastOp,
    arith.ExtSIOp,
    arith.TruncIOp,
    arith.SIToFPOp,
    arith.FPToSIOp,
    arith.FPToUIOp,
    arith.ExtFOp,
    arith.TruncFOp,
)


def _unsigned(ctype: str) -> str:
    if ctype == "bool":
        return "bool"
    return ctype if ctype.startswith("u") else "u" + ctype


def constant_expr(p: FunctionPrinter, op: arith.ConstantOp) -> Expr:
    """The literal of an `arith.constant` (usable before the op is reached: constants are
    pure and may size a scope-entry allocation)."""
    ct = c_type(op.result.type, op, "constant")
    return Expr(literal(op.value, ct))


def _operand(p: FunctionPrinter, op: Operation, i: int) -> Expr:
    return p.lookup(op.operands[i], op)


def _finish(p: FunctionPrinter, op: Operation, expr: Expr) -> None:
    """Bind the result to `expr`, or declare it when it is named and used more than once."""
    res = op.results[0]
    if hint_of(res) and res.has_more_than_one_use():
        ct = c_type(res.type, op)
        b = p.declare(res, ct, "value")
        p.mark(expr)
        p.w.line(f"{ct} {b.name} = {expr.text};")
        return
    p.bind(res, expr)


def _compound(text: str, *parts: Expr) -> Expr:
    deps: tuple = ()
    for e in parts:
        deps += e.deps
    return Expr(text, True, deps)


def _constant(p: FunctionPrinter, op: arith.ConstantOp) -> None:
    if op.result not in p.env:
        p.bind(op.result, constant_expr(p, op))


def _binary(p: FunctionPrinter, op: Operation) -> None:
    c_type(op.results[0].type, op)
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    sym = BINARY[type(op)]
    _finish(p, op, _compound(f"{a.paren} {sym} {b.paren}", a, b))


def _unsigned_binary(p: FunctionPrinter, op: Operation) -> None:
    ct = c_type(op.results[0].type, op)
    ut = _unsigned(ct)
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    sym = UNSIGNED_BINARY[type(op)]
    _finish(p, op, _compound(f"({ct})(({ut}){a.paren} {sym} ({ut}){b.paren})", a, b))


def _floor_ceil(p: FunctionPrinter, op: Operation) -> None:
    c_type(op.results[0].type, op)
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    x, y = a.paren, b.paren
    if isinstance(op, arith.FloorDivSIOp):
        text = f"{x} / {y} - ({x} % {y} != 0 && ({x} < 0) != ({y} < 0))"
    else:
        text = f"{x} / {y} + ({x} % {y} != 0 && ({x} < 0) == ({y} < 0))"
    _finish(p, op, _compound(text, a, b))


def _min_max(p: FunctionPrinter, op: Operation) -> None:
    ct = c_type(op.results[0].type, op)
    rel, unsigned = MIN_MAX[type(op)]
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    x, y = a.paren, b.paren
    if unsigned:
        ut = _unsigned(ct)
        cond = f"({ut}){x} {rel} ({ut}){y}"
    else:
        cond = f"{x} {rel} {y}"
    _finish(p, op, _compound(f"({cond}) ? {x} : {y}", a, b))


def _cmpi(p: FunctionPrinter, op: arith.CmpiOp) -> None:
    pred = op.predicate.value.data
    ct = c_type(op.lhs.type, op, "operand")
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    x, y = a.paren, b.paren
    if pred >= 6:
        ut = _unsigned(ct)
        x, y = f"({ut}){x}", f"({ut}){y}"
    _finish(p, op, _compound(f"{x} {CMPI[pred]} {y}", a, b))


def _cmpf(p: FunctionPrinter, op: arith.CmpfOp) -> None:
    pred = op.predicate.value.data
    sym = CMPF.get(pred)
    if sym is None:
        raise codegen_error(
            op,
            "has a predicate without a C++ operator (supported: oeq, ogt, oge, olt, ole, une)",
        )
    c_type(op.lhs.type, op, "operand")
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    _finish(p, op, _compound(f"{a.paren} {sym} {b.paren}", a, b))


def _negf(p: FunctionPrinter, op: arith.NegfOp) -> None:
    c_type(op.result.type, op)
    a = _operand(p, op, 0)
    _finish(p, op, _compound(f"-{a.paren}", a))


def _select(p: FunctionPrinter, op: arith.SelectOp) -> None:
    c_type(op.result.type, op)
    c, a, b = (_operand(p, op, i) for i in range(3))
    _finish(p, op, _compound(f"{c.paren} ? {a.paren} : {b.paren}", c, a, b))


def _cast(p: FunctionPrinter, op: Operation) -> None:
    ct = c_type(op.results[0].type, op)
    c_type(op.operands[0].type, op, "operand")
    a = _operand(p, op, 0)
    _finish(p, op, _compound(f"({ct}){a.paren}", a))


def _unsigned_cast(p: FunctionPrinter, op: Operation) -> None:
    ct = c_type(op.results[0].type, op)
    st = c_type(op.operands[0].type, op, "operand")
    a = _operand(p, op, 0)
    _finish(p, op, _compound(f"({ct})({_unsigned(st)}){a.paren}", a))


HANDLERS: dict[type[Operation], Callable] = {arith.ConstantOp: _constant}
HANDLERS.update({k: _binary for k in BINARY})
HANDLERS.update({k: _unsigned_binary for k in UNSIGNED_BINARY})
HANDLERS.update({k: _min_max for k in MIN_MAX})
HANDLERS.update({k: _cast for k in CASTS})
HANDLERS.update(
    {
        arith.FloorDivSIOp: _floor_ceil,
        arith.CeilDivSIOp: _floor_ceil,
        arith.CmpiOp: _cmpi,
        arith.CmpfOp: _cmpf,
        arith.NegfOp: _negf,
        arith.SelectOp: _select,
        arith.ExtUIOp: _unsigned_cast,
        arith.UIToFPOp: _unsigned_cast,
    }
)
