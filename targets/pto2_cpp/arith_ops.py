"""Scalar `arith` ops as C++ expressions with MLIR's semantics at every width, inlined where
used (docs/targets/pto2-cpp.md#scalar-arithmetic, which lists every op's form).

The C value of every integer expression is the MLIR value (signed, i1 as 0/1) whatever C type
the expression has. Plain C where that is exact; otherwise explicit conversions (wrap-around
through unsigned types) or a small helper function, printed once at the top of the file
(`FunctionPrinter.prelude`) when used. Where MLIR's result is poison or undefined (division by
zero, signed division overflow, a shift by the width or more, an out-of-range float-to-int
conversion) the C++ computes some value without undefined behaviour. A comparison that g++
-Wall -Wextra would reject as always true or false (a value with itself, a constant at the
type's edge) prints its value; an operand g++ would fold to a constant in a comparison is
compared through a variable (`_decided`, `_comparands`). Floats: IEEE, no fused multiply-add
(`FP_CONTRACT_OFF`), exact literals (cxx_types.literal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue

from pypto_dialects.analysis.loop_headers import prints_use
from pypto_dialects.arith_casts import IndexCastUIOp
from pypto_dialects.targets.pto2_cpp.cxx_types import c_type, is_float_c, literal
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

UNSIGNED = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}
SIGNED_MIN = {8: "INT8_MIN", 16: "INT16_MIN", 32: "INT32_MIN", 64: "INT64_MIN"}

CMPI = ("==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">=")
"""arith.cmpi predicates eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge (by number)."""

CMPI_I1 = (
    "{a} == {b}", "{a} != {b}",
    "{a} && !{b}", "{a} || !{b}", "!{a} && {b}", "!{a} || {b}",
    "!{a} && {b}", "!{a} || {b}", "{a} && !{b}", "{a} || !{b}",
)
"""The same on i1 (`bool`) as logic: i1 is signed, true is -1, so the signed predicates turn
round (`slt` is "a is true and b false"). No relational operator: g++ judges one on a bool
against a constant it folded as always true or false (-Wbool-compare)."""

CMPI_SELF = (True, False, False, True, False, True, False, True, False, True)
"""Each cmpi predicate of a value with itself."""

CMPF = {
    1: "{a} == {b}",
    2: "{a} > {b}",
    3: "{a} >= {b}",
    4: "{a} < {b}",
    5: "{a} <= {b}",
    6: "{a} < {b} || {a} > {b}",
    7: "!__builtin_isnan({a}) && !__builtin_isnan({b})",
    8: "!({a} < {b} || {a} > {b})",
    9: "!({a} <= {b})",
    10: "!({a} < {b})",
    11: "!({a} >= {b})",
    12: "!({a} > {b})",
    13: "{a} != {b}",
    14: "__builtin_isnan({a}) || __builtin_isnan({b})",
}
"""arith.cmpf predicates 1..14 (oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une,
uno); 0 (false) and 15 (true) are constants. C's relational operators are the ordered
predicates (false on NaN); an unordered one is the negated ordered opposite."""

RING: dict[type[Operation], str] = {arith.AddiOp: "+", arith.SubiOp: "-", arith.MuliOp: "*"}
BITWISE: dict[type[Operation], str] = {arith.AndIOp: "&", arith.OrIOp: "|", arith.XOrIOp: "^"}
FLOAT_BINARY: dict[type[Operation], str] = {
    arith.AddfOp: "+", arith.SubfOp: "-", arith.MulfOp: "*", arith.DivfOp: "/"
}
SHIFTS = (arith.ShLIOp, arith.ShRSIOp, arith.ShRUIOp)
DIVISIONS: dict[type[Operation], str] = {
    arith.DivSIOp: "divsi",
    arith.RemSIOp: "remsi",
    arith.DivUIOp: "divui",
    arith.RemUIOp: "remui",
    arith.CeilDivSIOp: "ceildivsi",
    arith.FloorDivSIOp: "floordivsi",
    arith.CeilDivUIOp: "ceildivui",
}
INT_MIN_MAX: dict[type[Operation], tuple[str, bool]] = {
    arith.MaxSIOp: (">", False),
    arith.MinSIOp: ("<", False),
    arith.MaxUIOp: (">", True),
    arith.MinUIOp: ("<", True),
}
FLOAT_MIN_MAX: dict[type[Operation], str] = {
    arith.MaxnumfOp: "maxnumf",
    arith.MinnumfOp: "minnumf",
    arith.MaximumfOp: "maximumf",
    arith.MinimumfOp: "minimumf",
}

FP_CONTRACT_OFF = (
    "// MLIR rounds every mulf and addf / subf on its own: no fused multiply-add",
    '#pragma GCC optimize("fp-contract=off")',
)
"""Printed at the top of a file that has an `arith.mulf` (GCC contracts `a * b + c` into one
fused multiply-add by default wherever the target has one, as on the AICPU's aarch64)."""


# ---------------------------------------------------------------------------- types


def width(t: Attribute) -> int:
    """Bits of an integer or index type (index: 64, as the runtime's int64_t)."""
    if isinstance(t, IndexType):
        return 64
    assert isinstance(t, IntegerType)
    return t.width.data


def _int_name(t: Attribute) -> str:
    """`i<N>` of an integer type, index as i64 (helper names)."""
    return f"i{width(t)}"


def _is_const(value: SSAValue) -> bool:
    return isinstance(value.owner, arith.ConstantOp)


def _const_int(value: SSAValue) -> int | None:
    """The value of an integer `arith.constant` operand, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


_RELATIONS: dict[str, Callable[[int, int], bool]] = {
    "<": lambda x, y: x < y,
    "<=": lambda x, y: x <= y,
    ">": lambda x, y: x > y,
    ">=": lambda x, y: x >= y,
}


def _decided(rel: str, op: Operation, n: int, unsigned: bool) -> bool | None:
    """The value of `lhs rel rhs` (N-bit operands read as signed or unsigned) when a constant
    operand decides it whatever the other one is (`x <u 0`, `x >s INT8_MAX`, ...): g++ -Wextra
    rejects such a comparison (-Wtype-limits: "comparison is always false due to limited range
    of data type"), so it is printed as its value. None otherwise."""
    test = _RELATIONS.get(rel)
    if test is None:
        return None
    a, b = _const_int(op.operands[0]), _const_int(op.operands[1])
    if a is None and b is None:
        return None
    lo, hi = (0, (1 << n) - 1) if unsigned else (-(1 << (n - 1)), (1 << (n - 1)) - 1)

    def norm(v: int) -> int:
        v %= 1 << n
        return v if unsigned or v <= hi else v - (1 << n)

    if a is not None and b is not None:
        return test(norm(a), norm(b))
    if b is not None:
        low, high = test(lo, norm(b)), test(hi, norm(b))
    else:
        assert a is not None
        low, high = test(norm(a), lo), test(norm(a), hi)
    return low if low == high else None


class Wrapped(Expr):
    """`(intN_t)(X)` for N = 32 or 64: a signed value computed as the unsigned N-bit
    expression X (wrap-around). An op that reads its operand as unsigned N bits uses X itself:
    `(uintN_t)(intN_t)X` is X."""

    __slots__ = ("bits", "unsigned")

    def __init__(self, signed: str, unsigned: str, bits: int, deps: tuple) -> None:
        super().__init__(f"({signed})({unsigned})", True, deps)
        self.unsigned = unsigned
        self.bits = bits


# ---------------------------------------------------------------------------- plumbing


def constant_expr(p: FunctionPrinter, op: arith.ConstantOp) -> Expr:
    """The literal of an `arith.constant` (usable before the op is reached: constants are
    pure and may size a scope-entry allocation); a located error for a value no C++ literal
    of its type holds exactly."""
    ct = c_type(op.result.type, op, "constant")
    try:
        text = literal(op.value, ct)
    except ValueError as err:
        raise codegen_error(op, str(err)) from None
    return Expr(text)


def _has_c_type(e: Expr, ct: str) -> bool:
    """`e` is known to have the C type `ct` (a variable of it, or a wrap-around result)."""
    if isinstance(e, Binding):
        return e.ctype == ct
    return isinstance(e, Wrapped) and f"int{e.bits}_t" == ct


def _operand(p: FunctionPrinter, op: Operation, i: int) -> Expr:
    return p.lookup(op.operands[i], op)


def _absorbed(p: FunctionPrinter, op: Operation) -> bool:
    """g++ folds the C++ of `op` to a constant although an operand names a variable: `x & 0`,
    `x * 0`, `x | -1`, `x - x`, `x ^ x`, `0 << x`, `false && x`, `true || x`, a select whose
    condition it folds (over-approximated where the value is unknown here)."""
    vals = [_const_int(v) for v in op.operands]
    exprs = [p.lookup(v, op) for v in op.operands]
    n = width(op.results[0].type) if isinstance(op.results[0].type, IntegerType | IndexType) else 0
    if isinstance(op, arith.AndIOp | arith.MuliOp) and 0 in vals:
        return True
    if isinstance(op, arith.OrIOp) and -1 in vals:
        return True
    if isinstance(op, arith.SubiOp | arith.XOrIOp) and exprs[0].text == exprs[1].text:
        return True
    if isinstance(op, arith.ShLIOp | arith.ShRUIOp | arith.ShRSIOp):
        return vals[0] == 0 or (n == 1 and vals[1] == -1)
    if n == 1 and isinstance(op, arith.MaxSIOp | arith.MinUIOp):  # `a && b`
        return 0 in vals
    if n == 1 and isinstance(op, arith.MinSIOp | arith.MaxUIOp):  # `a || b`
        return -1 in vals
    if isinstance(op, arith.CmpiOp) and width(op.lhs.type) == 1:  # logic: over-approximated
        return any(_folds(e) for e in exprs)
    if isinstance(op, arith.SelectOp):
        if vals[0] is not None:
            return _folds(exprs[1] if vals[0] else exprs[2])
        return _folds(exprs[0]) and (_folds(exprs[1]) or _folds(exprs[2]))
    return False


INLINE_LIMIT = 60
"""An unnamed value used more than once is inlined at each use only while its expression is
at most this long; a longer one gets a variable (`value`, `value_1`, ...), so a chain of
reused unnamed values (mlir-opt's `%0`, `%1`) prints in linear, not exponential, size."""


def _finish(p: FunctionPrinter, op: Operation, expr: Expr) -> None:
    """Bind the result to `expr`, or declare it when more than one use prints it
    (`descending.prints_use`) and it is named or longer than INLINE_LIMIT."""
    if expr.deps and not isinstance(expr, Folded | Binding) and _absorbed(p, op):
        expr = Folded(expr.text, expr.compound, expr.deps)
    res = op.results[0]
    printed = sum(1 for u in res.uses if prints_use(u))
    if printed > 1 and (hint_of(res) or len(expr.text) > INLINE_LIMIT):
        ct = c_type(res.type, op)
        b = p.declare(res, ct, "value")
        p.mark(expr)
        p.w.line(f"{ct} {b.name} = {expr.text};")
        return
    p.bind(res, expr)


def _deps(*parts: Expr) -> tuple:
    deps: tuple = ()
    for e in parts:
        deps += e.deps
    return deps


class Folded(Expr):
    """An expression g++ folds to a constant although it names variables: `((void)x, false)`
    and what is computed from such and literals only."""

    __slots__ = ()


def _folds(e: Expr) -> bool:
    """g++ folds `e` to a constant: it names no variable (only literals), or it is Folded."""
    return not e.deps or isinstance(e, Folded)


def _compound(text: str, *parts: Expr) -> Expr:
    deps = _deps(*parts)
    if deps and all(_folds(e) for e in parts):
        return Folded(text, True, deps)
    return Expr(text, True, deps)


def _constant_result(value: bool, *parts: Expr) -> Expr:
    """`true` / `false` for an op whose result does not depend on its operands; operands that
    name variables are still evaluated, `((void)x, false)`, so no variable is left unused."""
    text = "true" if value else "false"
    named = [e for e in parts if e.deps]
    if not named:
        return Expr(text)
    return Folded("(" + "".join(f"(void){e.paren}, " for e in named) + text + ")", False,
                  _deps(*parts))


def _neg(e: Expr) -> str:
    """`-x` (`-(-1.5f)` for a negative literal: `--` would be a decrement)."""
    return f"-({e.text})" if e.text.startswith("-") else f"-{e.paren}"


def _as_unsigned(e: Expr, bits: int) -> str:
    """The bits of `e` (an N-bit value) as `uintN_t`: X for a Wrapped of N bits."""
    if isinstance(e, Wrapped) and e.bits == bits:
        return f"({e.unsigned})" if " " in e.unsigned else e.unsigned
    return f"({UNSIGNED[bits]}){e.paren}"


def _wrapped(p: FunctionPrinter, op: Operation, bits: int, unsigned: str, *parts: Expr) -> None:
    deps = _deps(*parts)
    if deps and all(_folds(e) for e in parts):  # keep it Folded (no unsigned chain then)
        return _finish(p, op, Folded(f"(int{bits}_t)({unsigned})", True, deps))
    _finish(p, op, Wrapped(f"int{bits}_t", unsigned, bits, deps))


def _helper(p: FunctionPrinter, name: str, text: Callable[[], str]) -> str:
    """`name`, printing its definition `text()` at the top of the file on first use."""
    if name not in p.prelude:
        p.prelude[name] = text()
    return name


def _call(
    p: FunctionPrinter, op: Operation, name: str, text: Callable[[], str], *args: Expr
) -> None:
    _helper(p, name, text)
    _finish(p, op, Expr(f"{name}({', '.join(a.text for a in args)})", False, _deps(*args)))


# ---------------------------------------------------------------------------- constants


def _constant(p: FunctionPrinter, op: arith.ConstantOp) -> None:
    if op.result not in p.env:
        p.bind(op.result, constant_expr(p, op))


# ---------------------------------------------------------------------------- integers


def _ring(p: FunctionPrinter, op: Operation) -> None:
    """addi / subi / muli: modulo 2^N. i1: `^` (add, sub) and `&&` (mul); i8 / i16: in C's
    int, which cannot overflow, converted back; i32 / i64 / index: in the unsigned type."""
    t = op.results[0].type
    c_type(t, op)
    n = width(t)
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    sym = RING[type(op)]
    if n == 1:  # modulo 2: xor (add, sub) and and (mul)
        return _finish(p, op, _compound(f"{a.paren} {'&&' if sym == '*' else '^'} {b.paren}", a, b))
    if n in (8, 16):
        return _finish(p, op, _compound(f"(int{n}_t)({a.paren} {sym} {b.paren})", a, b))
    x, y = _as_unsigned(a, n), _as_unsigned(b, n)
    # a literal next to an unsigned operand converts to it by itself (modulo 2^N)
    if _is_const(op.operands[1]):
        y = b.paren
    elif _is_const(op.operands[0]):
        x = a.paren
    _wrapped(p, op, n, f"{x} {sym} {y}", a, b)


def _bitwise(p: FunctionPrinter, op: Operation) -> None:
    """andi / ori / xori: exact in C on the signed values (two's complement)."""
    c_type(op.results[0].type, op)
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    _finish(p, op, _compound(f"{a.paren} {BITWISE[type(op)]} {b.paren}", a, b))


def _shift_amount(op: Operation, b: Expr, n: int) -> str:
    """The shift amount: a literal below the width as it is, anything else masked to
    0..N-1 (an amount of N or more is poison in MLIR and undefined behaviour in C++)."""
    value = op.operands[1]
    if isinstance(value.owner, arith.ConstantOp):
        attr = value.owner.value
        assert isinstance(attr, IntegerAttr)  # an integer shift amount
        v = attr.value.data % (1 << n)
        if v < n:
            return str(v)
    return f"({b.paren} & {n - 1})"


def _shift(p: FunctionPrinter, op: Operation) -> None:
    t = op.results[0].type
    c_type(t, op)
    n = width(t)
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    if n == 1:  # by 0: a; by 1 (true): poison
        return _finish(p, op, _compound(f"{a.paren} && !{b.paren}", a, b))
    amount = _shift_amount(op, b, n)
    if isinstance(op, arith.ShRSIOp):  # arithmetic: C++ shifts a negative value arithmetically
        x = a.paren
        if n >= 32 and not _has_c_type(a, f"int{n}_t"):  # a literal is an int: make it intN_t
            x = f"(int{n}_t){x}"
        return _finish(p, op, _compound(f"{x} >> {amount}", a, b))
    sym = "<<" if isinstance(op, arith.ShLIOp) else ">>"
    if n in (8, 16):  # the unsigned value promotes to int, where the result fits
        text = f"(int{n}_t)(({UNSIGNED[n]}){a.paren} {sym} {amount})"
        return _finish(p, op, _compound(text, a, b))
    _wrapped(p, op, n, f"{_as_unsigned(a, n)} {sym} {amount}", a, b)


def _unfolded(p: FunctionPrinter, op: Operation, i: int, e: Expr) -> Expr:
    """Operand `i` of `op` as a variable: g++ folds an expression of literals to a constant and
    then rejects a comparison the constant decides (-Wtype-limits, -Wtautological-compare),
    which a variable does not let it see."""
    value = op.operands[i]
    ct = c_type(value.type, op, "operand")
    b = p.declare(None, ct, "value", hint=hint_of(value))
    p.mark(e)
    p.w.line(f"{ct} {b.name} = {e.text};")
    return b


def _widened(value: SSAValue) -> bool:
    """`value` is a widening integer conversion (extsi, extui, index_cast, index_castui to a
    wider type)."""
    owner = value.owner
    return (isinstance(owner, arith.ExtSIOp | arith.ExtUIOp | arith.IndexCastOp | IndexCastUIOp)
            and width(owner.results[0].type) > width(owner.operands[0].type))


def _comparands(p: FunctionPrinter, op: Operation, eq: bool) -> tuple[Expr, Expr]:
    """The operands of a comparison (cmpi, a min / max) as they can be compared in C++ without
    a compiler warning: a literal stays (`_decided` deals with it), an expression of literals
    only (`5 | 250`) becomes a variable, and so does `x & C` / `x | C` compared for (in)equality
    with a constant (g++'s "bitwise comparison always evaluates to false"), and so does a
    widening conversion compared with a constant."""
    es = [_operand(p, op, 0), _operand(p, op, 1)]
    constant = [_folds(e) for e in es]
    for i in (0, 1):
        if constant[i] and not _is_const(op.operands[i]):
            es[i] = _unfolded(p, op, i, es[i])
    for i in (0, 1):
        # g++ judges `(int32_t)c8 > 2143212821` by the range of the int8_t inside
        if constant[1 - i] and not isinstance(es[i], Binding) and _widened(op.operands[i]):
            es[i] = _unfolded(p, op, i, es[i])
    if eq:
        for i in (0, 1):
            owner = op.operands[i].owner
            if (constant[1 - i] and not isinstance(es[i], Binding)
                    and isinstance(owner, arith.AndIOp | arith.OrIOp)
                    and any(_folds(p.lookup(v, op)) for v in owner.operands)):
                es[i] = _unfolded(p, op, i, es[i])
    return es[0], es[1]


def _int_min_max(p: FunctionPrinter, op: Operation) -> None:
    t = op.results[0].type
    c_type(t, op)
    rel, unsigned = INT_MIN_MAX[type(op)]
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    if a.text == b.text:
        return _finish(p, op, a)
    a, b = _comparands(p, op, False)
    if width(t) == 1:  # signed: true (-1) < false (0); unsigned: false < true
        both = (rel == ">") != unsigned
        return _finish(p, op, _compound(f"{a.paren} {'&&' if both else '||'} {b.paren}", a, b))
    decided = _decided(rel, op, width(t), unsigned)
    if decided is not None:  # max(x, INT_MAX): the constant (see _decided)
        kept, dropped = (a, b) if decided else (b, a)
        if dropped.deps:  # still evaluated, so no variable is left unused
            text = f"((void){dropped.paren}, {kept.text})"
            kept = (Folded if _folds(kept) else Expr)(text, False, _deps(kept, dropped))
        return _finish(p, op, kept)
    x, y = a.paren, b.paren
    if unsigned:
        x, y = _as_unsigned(a, width(t)), _as_unsigned(b, width(t))
    _finish(p, op, _compound(f"({x} {rel} {y}) ? {a.paren} : {b.paren}", a, b))


def _cmpi(p: FunctionPrinter, op: arith.CmpiOp) -> None:
    pred = op.predicate.value.data
    t = op.lhs.type
    c_type(t, op, "operand")
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    if a.text == b.text:  # `x > x` is a self-comparison g++ -Wall rejects
        return _finish(p, op, _constant_result(CMPI_SELF[pred], a))
    a, b = _comparands(p, op, pred <= 1)
    n = width(t)
    if n == 1:
        return _finish(p, op, _compound(CMPI_I1[pred].format(a=a.paren, b=b.paren), a, b))
    decided = _decided(CMPI[pred], op, n, pred >= 6)
    if decided is not None:
        return _finish(p, op, _constant_result(decided, a, b))
    x, y = a.paren, b.paren
    if pred >= 6:
        x, y = _as_unsigned(a, n), _as_unsigned(b, n)
    _finish(p, op, _compound(f"{x} {CMPI[pred]} {y}", a, b))


def _division(p: FunctionPrinter, op: Operation) -> None:
    t = op.results[0].type
    ct = c_type(t, op)
    kind = DIVISIONS[type(op)]
    n = width(t)
    name = f"arith_{kind}_{_int_name(t)}"
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    _call(p, op, name, lambda: _division_helper(kind, n, name, ct), a, b)


_DIVISION_DOC = {
    "divsi": "rounds toward zero",
    "remsi": "the remainder of divsi, with the sign of a",
    "divui": "unsigned",
    "remui": "unsigned",
    "ceildivsi": "rounds toward +infinity",
    "floordivsi": "rounds toward -infinity",
    "ceildivui": "unsigned, rounds up",
}

_I1_DIVISION = {
    "divsi": ("false", "(true is -1): false / true is false; true / true overflows"),
    "remsi": ("false", "(true is -1): x % true is false"),
    "ceildivsi": ("false", "(true is -1): false / true is false; true / true overflows"),
    "floordivsi": ("false", "(true is -1): false / true is false; true / true overflows"),
    "divui": ("a", "(true is 1): x / true is x"),
    "remui": ("false", "(true is 1): x % true is false"),
    "ceildivui": ("a", "(true is 1): x / true is x"),
}
"""i1 divisions: (the result, why); a division by false is poison too."""


def _division_helper(kind: str, n: int, name: str, ct: str) -> str:
    head = f"static inline {ct} {name}({ct} a, {ct} b) {{"
    if n == 1:
        result, why = _I1_DIVISION[kind]
        unused = "    (void)b;\n" if result == "a" else "    (void)a;\n    (void)b;\n"
        return (f"// arith.{kind}, i1 {why}; a division by false is poison\n"
                f"{head}\n{unused}    return {result};\n}}")
    u = UNSIGNED[n]
    signed = kind in ("divsi", "remsi", "ceildivsi", "floordivsi")
    overflow = signed and kind != "remsi"
    poison = f"b == 0 and {SIGNED_MIN[n]} / -1 are" if overflow else "b == 0 is"
    doc = f"// arith.{kind}, i{n}: {_DIVISION_DOC[kind]}; {poison} poison (0 here)\n"
    if kind == "remsi":
        guard = "    if (b == 0 || b == -1) return 0;  // x % -1 is 0 (MIN % -1 overflows in C++)"
    elif overflow:
        guard = f"    if (b == 0 || (a == {SIGNED_MIN[n]} && b == -1)) return 0;"
    else:
        guard = "    if (b == 0) return 0;"
    body = {
        "divsi": f"    return ({ct})(a / b);",
        "remsi": f"    return ({ct})(a % b);",
        "divui": f"    return ({ct})(({u})a / ({u})b);",
        "remui": f"    return ({ct})(({u})a % ({u})b);",
        "ceildivsi": f"    {ct} q = ({ct})(a / b);\n"
                     f"    return (a % b != 0 && (a < 0) == (b < 0)) ? ({ct})(q + 1) : q;",
        "floordivsi": f"    {ct} q = ({ct})(a / b);\n"
                      f"    return (a % b != 0 && (a < 0) != (b < 0)) ? ({ct})(q - 1) : q;",
        "ceildivui": f"    {u} q = ({u})(({u})a / ({u})b);\n"
                     f"    return ({ct})(q + (({u})a % ({u})b != 0));",
    }[kind]
    return f"{doc}{head}\n{guard}\n{body}\n}}"


# ---------------------------------------------------------------------------- floats


def _float_binary(p: FunctionPrinter, op: Operation) -> None:
    c_type(op.results[0].type, op)
    if isinstance(op, arith.MulfOp):
        _helper(p, "#fp-contract", lambda: "\n".join(FP_CONTRACT_OFF))
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    _finish(p, op, _compound(f"{a.paren} {FLOAT_BINARY[type(op)]} {b.paren}", a, b))


def _negf(p: FunctionPrinter, op: arith.NegfOp) -> None:
    c_type(op.result.type, op)
    a = _operand(p, op, 0)
    _finish(p, op, _compound(_neg(a), a))


def _float_min_max(p: FunctionPrinter, op: Operation) -> None:
    ct = c_type(op.results[0].type, op)
    kind = FLOAT_MIN_MAX[type(op)]
    name = f"arith_{kind}_{'f32' if ct == 'float' else 'f64'}"
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    _call(p, op, name, lambda: _float_min_max_helper(kind, name, ct), a, b)


def _float_min_max_helper(kind: str, name: str, ct: str) -> str:
    is_max = kind.startswith("max")
    if kind.endswith("numf"):
        doc, on_nan = "a NaN operand is ignored", ("b", "a")
    else:
        doc, on_nan = "a NaN operand is the result", ("a", "b")
    order = "+0 is above -0" if is_max else "-0 is below +0"
    zero = "b : a" if is_max else "a : b"
    rel = ">" if is_max else "<"
    return (
        f"// arith.{kind}, {'f32' if ct == 'float' else 'f64'}: {doc}; {order}\n"
        f"static inline {ct} {name}({ct} a, {ct} b) {{\n"
        f"    if (__builtin_isnan(a)) return {on_nan[0]};\n"
        f"    if (__builtin_isnan(b)) return {on_nan[1]};\n"
        f"    if (a == b) return __builtin_signbit(a) ? {zero};\n"
        f"    return a {rel} b ? a : b;\n}}"
    )


def _cmpf(p: FunctionPrinter, op: arith.CmpfOp) -> None:
    pred = op.predicate.value.data
    c_type(op.lhs.type, op, "operand")
    a, b = _operand(p, op, 0), _operand(p, op, 1)
    if pred in (0, 15):
        return _finish(p, op, _constant_result(pred == 15, a, b))
    text = CMPF[pred].format(a=a.paren, b=b.paren)
    _finish(p, op, _compound(text, a, b))


# ---------------------------------------------------------------------------- select, casts


def _select(p: FunctionPrinter, op: arith.SelectOp) -> None:
    ct = c_type(op.result.type, op)
    c, a, b = (_operand(p, op, i) for i in range(3))
    x = a.paren
    if ct == "int64_t" and not (_has_c_type(a, ct) or _has_c_type(b, ct)):
        # `c ? 2 : -28` would be an int, which g++ then compares by int's range
        x = f"(int64_t){x}"
    _finish(p, op, _compound(f"{c.paren} ? {x} : {b.paren}", c, a, b))


def _int_cast(p: FunctionPrinter, op: Operation) -> None:
    """extsi / extui / trunci / index_cast / index_castui between integer types (index is
    int64_t: index <-> i64 is the value itself)."""
    rt, st = op.results[0].type, op.operands[0].type
    ct = c_type(rt, op)
    c_type(st, op, "operand")
    a = _operand(p, op, 0)
    n, m = width(rt), width(st)
    if n == m:  # index <-> i64: both int64_t
        return _finish(p, op, a)
    if n < m:  # truncation (trunci, index_cast / index_castui down): modulo 2^N
        if n == 1:
            return _finish(p, op, _compound(f"(bool)({a.paren} & 1)", a))
        return _finish(p, op, _compound(f"({ct}){a.paren}", a))
    if isinstance(op, arith.ExtUIOp | IndexCastUIOp):  # zero extension
        src = "" if m == 1 else f"({UNSIGNED[m]})"
        return _finish(p, op, _compound(f"({ct}){src}{a.paren}", a))
    if m == 1:  # sign extension of i1: true is -1
        return _finish(p, op, _compound(f"-({ct}){a.paren}", a))
    _finish(p, op, _compound(f"({ct}){a.paren}", a))


def _int_to_float(p: FunctionPrinter, op: Operation) -> None:
    ct = c_type(op.results[0].type, op)
    st = op.operands[0].type
    c_type(st, op, "operand")
    a = _operand(p, op, 0)
    m = width(st)
    if isinstance(op, arith.UIToFPOp):
        src = "" if m == 1 else f"({UNSIGNED[m]})"
        return _finish(p, op, _compound(f"({ct}){src}{a.paren}", a))
    if m == 1:
        return _finish(p, op, _compound(f"({ct})-(int){a.paren}", a))
    _finish(p, op, _compound(f"({ct}){a.paren}", a))


def _float_to_int(p: FunctionPrinter, op: Operation) -> None:
    rt, st = op.results[0].type, op.operands[0].type
    ct = c_type(rt, op)
    sct = c_type(st, op, "operand")
    kind = "fptoui" if isinstance(op, arith.FPToUIOp) else "fptosi"
    n = width(rt)
    name = f"arith_{kind}_{'f32' if sct == 'float' else 'f64'}_i{n}"
    a = _operand(p, op, 0)
    _call(p, op, name, lambda: _float_to_int_helper(kind, n, name, sct, ct), a)


def _float_to_int_helper(kind: str, n: int, name: str, sct: str, ct: str) -> str:
    src = "f32" if sct == "float" else "f64"
    if kind == "fptosi":
        lo = -(1 << (n - 1)) if n > 1 else -1
        hi = (1 << (n - 1)) - 1 if n > 1 else 0
        low_test = f"x >= {lo}.0" if n == 64 else f"x > {lo - 1}.0"
        value = "x <= -1.0" if n == 1 else f"({ct})x"
    else:
        lo, hi = 0, (1 << n) - 1
        low_test = "x > -1.0"
        value = "x >= 1.0" if n == 1 else f"({ct})({UNSIGNED[n]})x"
    zero = "false" if n == 1 else "0"
    return (
        f"// arith.{kind}, {src} to i{n}: rounds toward zero; NaN, infinities and values out of "
        f"{lo}..{hi} are poison ({zero} here)\n"
        f"static inline {ct} {name}({sct} x) {{\n"
        f"    if (!({low_test} && x < {hi + 1}.0)) return {zero};\n"
        f"    return {value};\n}}"
    )


def _float_cast(p: FunctionPrinter, op: Operation) -> None:
    """extf / truncf: C's conversion rounds to nearest, ties to even (IEEE, as MLIR)."""
    ct = c_type(op.results[0].type, op)
    c_type(op.operands[0].type, op, "operand")
    a = _operand(p, op, 0)
    _finish(p, op, _compound(f"({ct}){a.paren}", a))


def _bitcast(p: FunctionPrinter, op: arith.BitcastOp) -> None:
    """The same bits as the other type, through the runtime's `to_u64` / `from_u64`."""
    ct = c_type(op.result.type, op)
    st = c_type(op.input.type, op, "operand")
    a = _operand(p, op, 0)
    # to_u64 copies the operand's C type's bytes: a float expression is a float (double), an
    # integer one may be an int literal
    x = a.text if is_float_c(st) or _has_c_type(a, st) else f"({st}){a.paren}"
    _finish(p, op, Expr(f"from_u64<{ct}>(to_u64({x}))", False, a.deps))


def _when_read(handler: Callable) -> Callable:
    """`handler`, run only when a printed line reads the op's result (cpp_reads.read_values):
    an arith value that is only returned, or only feeds such values, prints nothing (the
    entry is `void`), so no variable of it, nor of a host read it computes from, is left
    unused."""

    def run(p: FunctionPrinter, op: Operation) -> None:
        if p.reads.is_read(op.results[0]):
            handler(p, op)

    return run


HANDLERS: dict[type[Operation], Callable] = {}
HANDLERS.update({k: _ring for k in RING})
HANDLERS.update({k: _bitwise for k in BITWISE})
HANDLERS.update({k: _shift for k in SHIFTS})
HANDLERS.update({k: _division for k in DIVISIONS})
HANDLERS.update({k: _int_min_max for k in INT_MIN_MAX})
HANDLERS.update({k: _float_binary for k in FLOAT_BINARY})
HANDLERS.update({k: _float_min_max for k in FLOAT_MIN_MAX})
HANDLERS.update(
    {
        arith.CmpiOp: _cmpi,
        arith.CmpfOp: _cmpf,
        arith.NegfOp: _negf,
        arith.SelectOp: _select,
        arith.ExtSIOp: _int_cast,
        arith.ExtUIOp: _int_cast,
        arith.TruncIOp: _int_cast,
        arith.IndexCastOp: _int_cast,
        IndexCastUIOp: _int_cast,
        arith.SIToFPOp: _int_to_float,
        arith.UIToFPOp: _int_to_float,
        arith.FPToSIOp: _float_to_int,
        arith.FPToUIOp: _float_to_int,
        arith.ExtFOp: _float_cast,
        arith.TruncFOp: _float_cast,
        arith.BitcastOp: _bitcast,
    }
)
HANDLERS = {k: _when_read(h) for k, h in HANDLERS.items()}
HANDLERS[arith.ConstantOp] = _constant
