"""MLIR types and constants as PTO2 C++: element `DataType`s, scalar C types, literals and
the scalar-argument encoding (docs/targets/pto2-cpp.md, sections Internal tensors and Tasks).
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, TensorType
from xdsl.ir import Attribute, Operation

from pypto_dialects.cpp_types import (  # (DATA_TYPES: re-exported for the printer)
    C_TYPES,
    DATA_TYPES,
    bad_rank,
    no_c_type,
    no_data_type,
)
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Expr

FLOAT_C_TYPES = frozenset({"float", "double"})


def check_rank(t: TensorType, op: Operation, what: str) -> int:
    """The rank of `t`; a located error at `op` when the runtime's tensors cannot have it:
    "<what> <t> has rank <n>; PTO2 runtime tensors have 1 to 5 dimensions"."""
    why = bad_rank(what, t)
    if why is not None:
        raise codegen_error(op, why)
    return len(t.get_shape())


def data_type(t: Attribute, op: Operation) -> str:
    """`DataType::<NAME>` of a tensor type's element type; a located error for an element type
    the runtime does not have."""
    assert isinstance(t, TensorType)
    name = DATA_TYPES.get(str(t.element_type))
    if name is None:
        raise codegen_error(op, no_data_type(t.element_type))
    return f"DataType::{name}"


def c_type(t: Attribute, op: Operation, what: str = "scalar") -> str:
    """The C++ type of an orchestration-level scalar of MLIR type `t`; a located error when
    there is none (e.g. f16, or a tensor where a scalar is needed). verify-orchestration
    (pypto_dialects/cpp_types.py) reports every such value first."""
    name = C_TYPES.get(str(t))
    if name is None:
        raise codegen_error(op, no_c_type(what, t))
    return name


def is_float_c(ctype: str) -> bool:
    return ctype in FLOAT_C_TYPES


def nearest_f32(x: Fraction) -> Fraction | None:
    """The f32 value nearest to `x` (ties to even), as C++ rounds a decimal `f` literal; None
    beyond the largest finite f32 (the literal would overflow to infinity)."""
    if x == 0:
        return Fraction(0)
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1  # 2^e <= a < 2^(e+1)
    ulp = Fraction(2) ** (max(e, -126) - 23)  # subnormals share the smallest normal's ulp
    q = a / ulp
    n, rest = divmod(q.numerator, q.denominator)
    if 2 * rest > q.denominator or (2 * rest == q.denominator and n % 2 == 1):
        n += 1
    v = n * ulp
    if v >= 2**128:
        return None
    return v if x > 0 else -v


def _f32_text(v: float) -> str:
    """The shortest decimal text that reads back (rounded to nearest) as the f32 `v`."""
    exact = Fraction(v)
    if nearest_f32(exact) != exact:
        raise ValueError(f"value {v!r} is not an f32 value: no f32 literal holds it exactly")
    for digits in range(1, 10):
        s = f"{v:.{digits}g}"
        if nearest_f32(Fraction(s)) == exact:
            return s
    raise AssertionError(v)  # 9 significant digits always identify an f32


def _nan_literal(v: float, f32: bool) -> str:
    """A NaN with its sign and payload: `__builtin_nanf("")` is the canonical quiet NaN
    (0x7fc00000), `__builtin_nanf("0x5")` carries payload 5, a leading `-` sets the sign."""
    bits = struct.unpack("<Q", struct.pack("<d", v))[0]
    mantissa = bits & ((1 << 52) - 1)
    if f32:
        mantissa >>= 29  # the f32's 23 bits (xDSL holds an f32 NaN as the double it widens to)
        quiet = 1 << 22
    else:
        quiet = 1 << 51
    payload = mantissa & (quiet - 1)
    name = "__builtin_nan" if mantissa & quiet else "__builtin_nans"
    arg = f"0x{payload:x}" if payload else ""
    text = f'{name}{"f" if f32 else ""}("{arg}")'
    return ("-" if bits >> 63 else "") + text


def _float_literal(v: float, ctype: str) -> str:
    """The exact C++ literal of the f32 / f64 `v`: the shortest decimal that reads back as it
    (`0.1f`, `3.4028235e+38f`, `-0.0`, `5.0e-324`), infinities and NaNs (payload and sign
    included) as GCC builtins."""
    f32 = ctype == "float"
    if math.isnan(v):
        return _nan_literal(v, f32)
    if math.isinf(v):
        inf = "__builtin_inff()" if f32 else "__builtin_inf()"
        return inf if v > 0 else "-" + inf
    s = _f32_text(v) if f32 else repr(v)
    mant, e, exp = s.partition("e")
    if "." not in mant:
        mant += ".0"
    elif mant.startswith((".", "-.")):
        mant = mant.replace(".", "0.", 1)
    return mant + e + exp + ("f" if f32 else "")


_INT_BITS = {"int8_t": 8, "int16_t": 16, "int32_t": 32, "int64_t": 64}


def _int_literal(v: int, ctype: str) -> str:
    """A literal whose value is `v` as the C type `ctype` (the constant's bits read as that
    type; the minimum of int32_t / int64_t as `(-MAX - 1)`, since `-2147483648` is a `long`)."""
    if ctype == "bool":
        return "true" if v & 1 else "false"
    if ctype.startswith("uint"):
        width = int(ctype[4:-2])
        v &= (1 << width) - 1
        return f"{v}u" if v <= 0xFFFFFFFF else f"{v}ull"
    width = _INT_BITS[ctype]
    v &= (1 << width) - 1
    if v >> (width - 1):
        v -= 1 << width
    if v == -(1 << 63):
        return "(-9223372036854775807ll - 1)"
    if v == -(1 << 31):
        return "(-2147483647 - 1)"
    if -(1 << 31) <= v < (1 << 31):
        return str(v)
    return f"{v}ll"


def literal(attr: Attribute, ctype: str) -> str:
    """C++ literal of a constant's value attribute, of the C type `ctype` (`1.5f`, `7`,
    `true`, `4294967296ll`), exactly its value; ValueError when no literal of `ctype` holds
    it."""
    if isinstance(attr, FloatAttr):
        return _float_literal(float(attr.value.data), ctype)
    assert isinstance(attr, IntegerAttr)
    return _int_literal(int(attr.value.data), ctype)


def scalar_arg(expr: Expr, ctype: str) -> str:
    """A scalar as a task argument: `to_u64(x)` for floats, `(uint64_t)x` otherwise."""
    return f"to_u64({expr.text})" if is_float_c(ctype) else f"(uint64_t){expr.paren}"


def index_u32(text: str, is_literal: bool) -> str:
    """An extent/offset/index as a `uint32_t` array element: literals as they are, anything
    else cast (an `int64_t` in a braced initializer would be a narrowing error)."""
    return text if is_literal else f"(uint32_t){text}"


def initial_value(attr: FloatAttr | IntegerAttr, t: TensorType, op: Operation) -> str:
    """The argument of `TensorCreateInfo::set_initial_value` for a tensor of type `t`: a value
    of the element's C++ type, whose low bytes (the runtime copies one element's size of
    `to_u64(value)`) are the element. f16 / bf16 have no C++ type here: their bit pattern as
    `uint16_t`."""
    elem = str(t.element_type)
    if elem in ("f16", "bf16"):
        assert isinstance(attr, FloatAttr)
        v = float(attr.value.data)
        if elem == "f16":
            bits = struct.unpack("<H", struct.pack("<e", v))[0]
        else:  # bf16: the high half of the f32, rounded to nearest even
            u = struct.unpack("<I", struct.pack("<f", v))[0]
            bits = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF if not math.isnan(v) else 0x7FC0
        return f"static_cast<uint16_t>(0x{bits:04x})"
    ctype = c_type(attr.type, op, "init value")
    text = literal(attr, ctype)
    return text if is_float_c(ctype) else f"static_cast<{ctype}>({text})"
