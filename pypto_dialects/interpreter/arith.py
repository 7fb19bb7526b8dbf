"""`arith` on orchestration scalars, with MLIR's semantics at every width.

xDSL's `ArithFunctions` (xdsl/interpreters/arith.py) implements part of the dialect;
`PtoArithFunctions` subclasses it, adds every op it leaves out and replaces the
implementations that differ from MLIR (docs/interpreter.md#scalar-arithmetic-arith lists
which). Values are xDSL's interpreter scalars, as everywhere in this interpreter
(`context.python_scalar`):

- an integer of any width (`index`: 64 bits) is an `IntegerAttr` whose value xDSL keeps in
  the signed range (two's complement), so i1 `true` is -1: MLIR's i1 is a signed 1-bit
  integer. Each op reads its operands' bit patterns as signed or unsigned, as the MLIR op
  does, and wraps its result modulo 2^N.
- a float is a `FloatAttr` rounded to its type (f16, bf16, f32, f64). Arithmetic computes in
  Python's f64 and `FloatAttr` rounds the result once to the result type (to nearest, ties to
  even; overflow to infinity). For +, -, *, / that is the correctly rounded f32 / f16 / bf16
  result: f64 holds more than 2p + 2 bits of a p-bit type, so rounding twice cannot differ
  from rounding the exact value once. Integer-to-float conversions round the exact integer.

Poison (MLIR's undefined result: division by zero, signed division overflow MIN / -1, a shift
by the width or more, fptosi / fptoui of NaN, an infinity or a value the integer type does not
hold, an `nsw` / `nuw` flag broken) is a located InterpretationError: such a program has no
defined result. An arith op on tensors or vectors, a dense constant, and float types other
than f16, bf16, f32 and f64 are refused with a located error: orchestration-level arith is
scalar (tensor arithmetic belongs in a kernel), as in the C++ target.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.arith import IntegerOverflowFlag
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
)
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import scalar_attr
from xdsl.ir import Attribute, Operation
from xdsl.utils.comparisons import to_signed, to_unsigned

from pypto_dialects.arith_casts import IndexCastUIOp
from pypto_dialects.interpreter.context import run_error

FLOAT_PRECISION: dict[type[Attribute], int] = {
    BFloat16Type: 8,
    Float16Type: 11,
    Float32Type: 24,
    Float64Type: 53,
}
"""The float types the interpreter computes in, and their precision p (significand bits)."""

_PACK: dict[type[Attribute], str] = {Float16Type: "<e", Float32Type: "<f", Float64Type: "<d"}


# ---------------------------------------------------------------------------- checks


def _check_type(op: Operation, t: Attribute) -> None:
    if isinstance(t, IntegerType | IndexType) or type(t) in FLOAT_PRECISION:
        return
    if isinstance(t, AnyFloat):
        raise run_error(
            op, f"computes in {t}: the interpreter's float types are f16, bf16, f32 and f64"
        )
    raise run_error(
        op,
        f"operates on {t}: the interpreter runs arith on scalars only (tensor arithmetic "
        "belongs in a kernel)",
    )


def check_scalar_op(op: Operation) -> None:
    """A located error unless every operand and result of `op` is an integer, index or
    f16 / bf16 / f32 / f64 scalar."""
    for value in (*op.operands, *op.results):
        _check_type(op, value.type)


def poison(op: Operation, what: str) -> Exception:
    """The located error for an op whose result is poison."""
    return run_error(op, f"{what}: the result is poison in MLIR (undefined behaviour)")


def _width(interpreter: Interpreter, t: Attribute) -> int:
    if isinstance(t, IndexType):
        return interpreter.index_bitwidth
    assert isinstance(t, IntegerType)
    return t.width.data


def _int(interpreter: Interpreter, t: Attribute, value: int) -> IntegerAttr:
    """The interpreter value of integer type `t` holding `value` modulo 2^N."""
    attr = scalar_attr(value, t, interpreter.index_bitwidth)
    assert isinstance(attr, IntegerAttr)  # t is an integer or index type
    return attr


def _float(t: Attribute, value: float) -> FloatAttr:
    """The interpreter value of float type `t` nearest `value`."""
    assert isinstance(t, AnyFloat)
    return FloatAttr(value, t)


def _fits(value: int, width: int, signed: bool) -> bool:
    if signed:
        return -(1 << (width - 1)) <= value < (1 << (width - 1))
    return 0 <= value < (1 << width)


def _round_int(value: int, precision: int) -> float:
    """`value` rounded to `precision` significant bits (to nearest, ties to even), exactly:
    `float(value)` alone rounds a wide integer to f64 first, and rounding that again to f32
    can differ from rounding the integer once."""
    magnitude = abs(value)
    shift = magnitude.bit_length() - precision
    if shift > 0:
        kept, dropped = magnitude >> shift, magnitude & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if dropped > half or (dropped == half and kept & 1):
            kept += 1
        magnitude = kept << shift
    try:
        return math.copysign(float(magnitude), value)
    except OverflowError:  # an integer wider than f64's range (i1025 and wider)
        return math.copysign(math.inf, value)


def _float_bits(t: Attribute, value: float) -> int:
    if isinstance(t, BFloat16Type):  # the upper half of the f32 of the same value
        return _float_bits(Float32Type(), value) >> 16
    return int.from_bytes(struct.pack(_PACK[type(t)], value), "little")


def _bits_float(t: Attribute, bits: int) -> float:
    if isinstance(t, BFloat16Type):
        return _bits_float(Float32Type(), bits << 16)
    fmt = _PACK[type(t)]
    return struct.unpack(fmt, bits.to_bytes(struct.calcsize(fmt), "little"))[0]


def _max_num(a: float, b: float, larger: bool) -> float:
    """IEEE maxNum / minNum as LLVM's APFloat `maxnum` / `minnum`: a NaN operand yields the
    other one; -0.0 orders below +0.0."""
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    if a == b == 0:
        negative = math.copysign(1, a) < 0
        return b if negative == larger else a
    return max(a, b) if larger else min(a, b)


# ---------------------------------------------------------------------------- implementations


@register_impls
class PtoArithFunctions(ArithFunctions):
    """`arith.*`: xDSL's implementations where they match MLIR, ours for the rest."""

    # -- integer operands

    def _ints(
        self, interpreter: Interpreter, op: Operation, args: PythonValues, signed: bool
    ) -> tuple[int, int, int]:
        """The two integer operands of a binary op read as signed or unsigned, and N."""
        check_scalar_op(op)
        width = _width(interpreter, op.operands[0].type)
        read = to_signed if signed else to_unsigned
        return read(args[0].value.data, width), read(args[1].value.data, width), width

    def _with_overflow_flags(
        self,
        interpreter: Interpreter,
        op: arith.SignlessIntegerBinaryOperationWithOverflow,
        args: PythonValues,
        symbol: str,
        f: Callable[[int, int], int],
    ) -> PythonValues:
        """`f` on the operands, wrapped; poison when an `nsw` / `nuw` flag of the op is
        broken (the exact signed / unsigned result does not fit)."""
        a, b, width = self._ints(interpreter, op, args, True)
        flags = op.overflow_flags.data
        for flag, signed in ((IntegerOverflowFlag.NSW, True), (IntegerOverflowFlag.NUW, False)):
            if flag in flags:
                x, y = (a, b) if signed else (to_unsigned(a, width), to_unsigned(b, width))
                exact = f(x, y)
                if not _fits(exact, width, signed):
                    kind = "signed" if signed else "unsigned"
                    raise poison(
                        op,
                        f"{x} {symbol} {y} = {exact} overflows {kind} "
                        f"{op.result.type} under the '{flag.value}' flag",
                    )
        return (_int(interpreter, op.result.type, f(a, b)),)

    @impl(arith.AddiOp)
    def run_addi(self, interpreter: Interpreter, op: arith.AddiOp, args: PythonValues):
        return self._with_overflow_flags(interpreter, op, args, "+", lambda x, y: x + y)

    @impl(arith.SubiOp)
    def run_subi(self, interpreter: Interpreter, op: arith.SubiOp, args: PythonValues):
        return self._with_overflow_flags(interpreter, op, args, "-", lambda x, y: x - y)

    @impl(arith.MuliOp)
    def run_muli(self, interpreter: Interpreter, op: arith.MuliOp, args: PythonValues):
        return self._with_overflow_flags(interpreter, op, args, "*", lambda x, y: x * y)

    @impl(arith.AddUIExtendedOp)
    def run_addui_extended(
        self, interpreter: Interpreter, op: arith.AddUIExtendedOp, args: PythonValues
    ) -> PythonValues:
        a, b, width = self._ints(interpreter, op, args, False)
        carry = a + b >= 1 << width
        return _int(interpreter, op.sum.type, a + b), _int(interpreter, op.overflow.type, carry)

    @impl(arith.MulUIExtendedOp)
    def run_mului_extended(
        self, interpreter: Interpreter, op: arith.MulUIExtendedOp, args: PythonValues
    ) -> PythonValues:
        a, b, width = self._ints(interpreter, op, args, False)
        t = op.low.type
        return _int(interpreter, t, a * b), _int(interpreter, t, (a * b) >> width)

    @impl(arith.MulSIExtendedOp)
    def run_mulsi_extended(
        self, interpreter: Interpreter, op: arith.MulSIExtendedOp, args: PythonValues
    ) -> PythonValues:
        a, b, width = self._ints(interpreter, op, args, True)
        t = op.low.type
        return _int(interpreter, t, a * b), _int(interpreter, t, (a * b) >> width)

    # -- division: by zero, and MIN / -1 for the signed quotients, is poison

    def _divisor(self, op: Operation, a: int, b: int, width: int, overflows: bool) -> None:
        if b == 0:
            raise poison(op, f"divides {a} by zero")
        if overflows and b == -1 and a == -(1 << (width - 1)):
            raise poison(
                op, f"divides {a} by -1: the quotient {-a} overflows {op.results[0].type}"
            )

    def _signed_division(
        self,
        interpreter: Interpreter,
        op: Operation,
        args: PythonValues,
        quotient: Callable[[int, int], int],
        overflows: bool = True,
    ) -> PythonValues:
        a, b, width = self._ints(interpreter, op, args, True)
        self._divisor(op, a, b, width, overflows)
        return (_int(interpreter, op.results[0].type, quotient(a, b)),)

    def _unsigned_division(
        self,
        interpreter: Interpreter,
        op: Operation,
        args: PythonValues,
        quotient: Callable[[int, int], int],
    ) -> PythonValues:
        a, b, width = self._ints(interpreter, op, args, False)
        self._divisor(op, a, b, width, False)
        return (_int(interpreter, op.results[0].type, quotient(a, b)),)

    @impl(arith.DivSIOp)
    def run_divsi(self, interpreter: Interpreter, op: arith.DivSIOp, args: PythonValues):
        return self._signed_division(interpreter, op, args, _trunc_div)

    @impl(arith.RemSIOp)
    def run_remsi(self, interpreter: Interpreter, op: arith.RemSIOp, args: PythonValues):
        # MIN remsi -1 is 0 (MLIR's folder); only division by zero is undefined
        return self._signed_division(
            interpreter, op, args, lambda a, b: a - b * _trunc_div(a, b), overflows=False
        )

    @impl(arith.FloorDivSIOp)
    def run_floordivsi(
        self, interpreter: Interpreter, op: arith.FloorDivSIOp, args: PythonValues
    ):
        return self._signed_division(interpreter, op, args, lambda a, b: a // b)

    @impl(arith.CeilDivSIOp)
    def run_ceildivsi(
        self, interpreter: Interpreter, op: arith.CeilDivSIOp, args: PythonValues
    ):
        return self._signed_division(interpreter, op, args, lambda a, b: -(-a // b))

    @impl(arith.DivUIOp)
    def run_divui(self, interpreter: Interpreter, op: arith.DivUIOp, args: PythonValues):
        return self._unsigned_division(interpreter, op, args, lambda a, b: a // b)

    @impl(arith.RemUIOp)
    def run_remui(self, interpreter: Interpreter, op: arith.RemUIOp, args: PythonValues):
        return self._unsigned_division(interpreter, op, args, lambda a, b: a % b)

    @impl(arith.CeilDivUIOp)
    def run_ceildivui(
        self, interpreter: Interpreter, op: arith.CeilDivUIOp, args: PythonValues
    ):
        return self._unsigned_division(interpreter, op, args, lambda a, b: -(-a // b))

    # -- min / max

    def _pick(
        self, interpreter: Interpreter, op: Operation, args: PythonValues, signed: bool,
        larger: bool,
    ) -> PythonValues:
        a, b, _ = self._ints(interpreter, op, args, signed)
        keep_lhs = a >= b if larger else a <= b
        return (args[0] if keep_lhs else args[1],)

    @impl(arith.MaxSIOp)
    def run_maxsi(self, interpreter: Interpreter, op: arith.MaxSIOp, args: PythonValues):
        return self._pick(interpreter, op, args, True, True)

    @impl(arith.MinSIOp)
    def run_minsi(self, interpreter: Interpreter, op: arith.MinSIOp, args: PythonValues):
        return self._pick(interpreter, op, args, True, False)

    @impl(arith.MaxUIOp)
    def run_maxui(self, interpreter: Interpreter, op: arith.MaxUIOp, args: PythonValues):
        return self._pick(interpreter, op, args, False, True)

    @impl(arith.MinUIOp)
    def run_minui(self, interpreter: Interpreter, op: arith.MinUIOp, args: PythonValues):
        return self._pick(interpreter, op, args, False, False)

    # -- shifts: the amount is unsigned; the width or more is poison

    def _shift_amount(
        self, interpreter: Interpreter, op: Operation, args: PythonValues
    ) -> tuple[int, int]:
        check_scalar_op(op)
        width = _width(interpreter, op.operands[0].type)
        amount = to_unsigned(args[1].value.data, width)
        if amount >= width:
            raise poison(op, f"shifts {op.operands[0].type} by {amount} bits")
        return amount, width

    @impl(arith.ShLIOp)
    def run_shlsi(self, interpreter: Interpreter, op: arith.ShLIOp, args: PythonValues):
        self._shift_amount(interpreter, op, args)  # below the width: the same read signed
        return self._with_overflow_flags(interpreter, op, args, "<<", _shift_left)

    @impl(arith.ShRSIOp)
    def run_shrsi(self, interpreter: Interpreter, op: arith.ShRSIOp, args: PythonValues):
        amount, width = self._shift_amount(interpreter, op, args)
        return (_int(interpreter, op.result.type, to_signed(args[0].value.data, width) >> amount),)

    @impl(arith.ShRUIOp)
    def run_shrui(self, interpreter: Interpreter, op: arith.ShRUIOp, args: PythonValues):
        amount, width = self._shift_amount(interpreter, op, args)
        return (
            _int(interpreter, op.result.type, to_unsigned(args[0].value.data, width) >> amount),
        )

    # -- integer casts

    @impl(arith.ExtSIOp)
    def run_extsi(self, interpreter: Interpreter, op: arith.ExtSIOp, args: PythonValues):
        check_scalar_op(op)
        value = to_signed(args[0].value.data, _width(interpreter, op.input.type))
        return (_int(interpreter, op.result.type, value),)

    @impl(arith.ExtUIOp)
    def run_extui(self, interpreter: Interpreter, op: arith.ExtUIOp, args: PythonValues):
        check_scalar_op(op)
        value = to_unsigned(args[0].value.data, _width(interpreter, op.input.type))
        return (_int(interpreter, op.result.type, value),)

    @impl(arith.TruncIOp)
    def run_trunci(self, interpreter: Interpreter, op: arith.TruncIOp, args: PythonValues):
        check_scalar_op(op)
        return (_int(interpreter, op.result.type, args[0].value.data),)

    @impl(IndexCastUIOp)
    def run_index_castui(self, interpreter: Interpreter, op: IndexCastUIOp, args: PythonValues):
        """Zero-extends to a wider type (index_cast sign-extends), truncates to a narrower
        one."""
        check_scalar_op(op)
        value = to_unsigned(args[0].value.data, _width(interpreter, op.input.type))
        return (_int(interpreter, op.result.type, value),)

    # -- float arithmetic (xDSL's addf / subf / mulf / maximumf / minimumf are exact)

    @impl(arith.DivfOp)
    def run_divf(self, interpreter: Interpreter, op: arith.DivfOp, args: PythonValues):
        check_scalar_op(op)
        a, b = args[0].value.data, args[1].value.data
        if b != 0:
            q = a / b
        elif math.isnan(a) or a == 0:
            q = math.nan
        else:  # x / ±0 is ±infinity, the sign the product of the signs
            q = math.copysign(math.inf, a) * math.copysign(1, b)
        return (_float(op.result.type, q),)

    @impl(arith.NegfOp)
    def run_negf(self, interpreter: Interpreter, op: arith.NegfOp, args: PythonValues):
        check_scalar_op(op)
        return (_float(op.result.type, -args[0].value.data),)

    @impl(arith.MaxnumfOp)
    def run_maxnumf(self, interpreter: Interpreter, op: arith.MaxnumfOp, args: PythonValues):
        check_scalar_op(op)
        return (_float(op.result.type, _max_num(args[0].value.data, args[1].value.data, True)),)

    @impl(arith.MinnumfOp)
    def run_minnumf(self, interpreter: Interpreter, op: arith.MinnumfOp, args: PythonValues):
        check_scalar_op(op)
        return (
            _float(op.result.type, _max_num(args[0].value.data, args[1].value.data, False)),
        )

    # -- float casts

    @impl(arith.ExtFOp)
    def run_extf(self, interpreter: Interpreter, op: arith.ExtFOp, args: PythonValues):
        check_scalar_op(op)
        src, dst = op.input.type, op.result.type
        assert isinstance(src, AnyFloat)  # verified
        assert isinstance(dst, AnyFloat)
        if dst.bitwidth <= src.bitwidth:
            raise run_error(op, f"extends {src} to {dst}, which is not wider")
        return (_float(dst, args[0].value.data),)

    @impl(arith.TruncFOp)
    def run_truncf(self, interpreter: Interpreter, op: arith.TruncFOp, args: PythonValues):
        check_scalar_op(op)
        src, dst = op.input.type, op.result.type
        assert isinstance(src, AnyFloat)  # verified
        assert isinstance(dst, AnyFloat)
        if dst.bitwidth >= src.bitwidth:
            raise run_error(op, f"truncates {src} to {dst}, which is not narrower")
        return (_float(dst, args[0].value.data),)  # to nearest, ties to even

    @impl(arith.SIToFPOp)
    def run_sitofp(self, interpreter: Interpreter, op: arith.SIToFPOp, args: PythonValues):
        check_scalar_op(op)
        value = to_signed(args[0].value.data, _width(interpreter, op.input.type))
        dst = op.result.type
        return (_float(dst, _round_int(value, FLOAT_PRECISION[type(dst)])),)

    @impl(arith.UIToFPOp)
    def run_uitofp(self, interpreter: Interpreter, op: arith.UIToFPOp, args: PythonValues):
        check_scalar_op(op)
        value = to_unsigned(args[0].value.data, _width(interpreter, op.input.type))
        dst = op.result.type
        return (_float(dst, _round_int(value, FLOAT_PRECISION[type(dst)])),)

    def _to_int(
        self, interpreter: Interpreter, op: arith.FPToSIOp | arith.FPToUIOp,
        args: PythonValues, signed: bool,
    ) -> PythonValues:
        """Round toward zero; poison when the integer type does not hold the result."""
        check_scalar_op(op)
        x: float = args[0].value.data
        dst = op.result.type
        if math.isnan(x) or math.isinf(x):
            raise poison(op, f"converts {x} to {dst}")
        value = math.trunc(x)
        if not _fits(value, _width(interpreter, dst), signed):
            kind = "signed" if signed else "unsigned"
            raise poison(op, f"converts {x} to {dst}: {value} is outside its {kind} range")
        return (_int(interpreter, dst, value),)

    @impl(arith.FPToSIOp)
    def run_fptosi(self, interpreter: Interpreter, op: arith.FPToSIOp, args: PythonValues):
        return self._to_int(interpreter, op, args, True)

    @impl(arith.FPToUIOp)
    def run_fptoui(self, interpreter: Interpreter, op: arith.FPToUIOp, args: PythonValues):
        return self._to_int(interpreter, op, args, False)

    @impl(arith.BitcastOp)
    def run_bitcast(self, interpreter: Interpreter, op: arith.BitcastOp, args: PythonValues):
        """The same bits as another type of the same width (index: 64 bits). A signaling
        NaN comes out quiet (Python converts floats through f64)."""
        check_scalar_op(op)
        src, dst = op.input.type, op.result.type
        value: Any = args[0].value.data
        if isinstance(src, IntegerType | IndexType):
            bits = to_unsigned(value, _width(interpreter, src))
        else:
            bits = _float_bits(src, value)
        if isinstance(dst, IntegerType | IndexType):
            return (_int(interpreter, dst, bits),)
        return (_float(dst, _bits_float(dst, bits)),)

    # -- xDSL's implementations, behind the scalar check (xDSL asserts, or silently picks a
    #    tensor operand, where MLIR's verifier lets a tensor / vector type through)

    @impl(arith.ConstantOp)
    def run_constant(
        self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues
    ) -> PythonValues:
        if not isinstance(op.value, IntegerAttr | FloatAttr):
            raise run_error(
                op,
                f"is a {op.result.type} constant: the interpreter runs arith on scalars only "
                "(tensor arithmetic belongs in a kernel)",
            )
        check_scalar_op(op)
        return super().run_constant(interpreter, op, args).values

    @impl(arith.AndIOp)
    def run_andi(self, interpreter: Interpreter, op: arith.AndIOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_andi(interpreter, op, args).values

    @impl(arith.OrIOp)
    def run_ori(self, interpreter: Interpreter, op: arith.OrIOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_ori(interpreter, op, args).values

    @impl(arith.XOrIOp)
    def run_xori(self, interpreter: Interpreter, op: arith.XOrIOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_xori(interpreter, op, args).values

    @impl(arith.CmpiOp)
    def run_cmpi(self, interpreter: Interpreter, op: arith.CmpiOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_cmpi(interpreter, op, args).values

    @impl(arith.CmpfOp)
    def run_cmpf(self, interpreter: Interpreter, op: arith.CmpfOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_cmpf(interpreter, op, args).values

    @impl(arith.AddfOp)
    def run_addf(self, interpreter: Interpreter, op: arith.AddfOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_addf(interpreter, op, args).values

    @impl(arith.SubfOp)
    def run_subf(self, interpreter: Interpreter, op: arith.SubfOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_subf(interpreter, op, args).values

    @impl(arith.MulfOp)
    def run_mulf(self, interpreter: Interpreter, op: arith.MulfOp, args: PythonValues):
        check_scalar_op(op)
        return super().run_mulf(interpreter, op, args).values

    @impl(arith.MaximumfOp)
    def run_maximumf(
        self, interpreter: Interpreter, op: arith.MaximumfOp, args: PythonValues
    ):
        check_scalar_op(op)
        return super().run_maximumf(interpreter, op, args).values

    @impl(arith.MinimumfOp)
    def run_minimumf(
        self, interpreter: Interpreter, op: arith.MinimumfOp, args: PythonValues
    ):
        check_scalar_op(op)
        return super().run_minimumf(interpreter, op, args).values


def _trunc_div(a: int, b: int) -> int:
    """The quotient rounded toward zero (C's, MLIR's divsi)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _shift_left(a: int, b: int) -> int:
    return a << b
