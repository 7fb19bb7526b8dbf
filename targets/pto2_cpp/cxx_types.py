"""MLIR types and constants as PTO2 C++: element `DataType`s, scalar C types, literals and
the scalar-argument encoding (docs/targets/pto2-cpp.md, sections Internal tensors and Tasks).
"""

from __future__ import annotations

import math
import struct

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, TensorType
from xdsl.ir import Attribute, Operation

from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Expr

DATA_TYPES: dict[str, str] = {
    "f32": "FLOAT32",
    "f16": "FLOAT16",
    "bf16": "BFLOAT16",
    "i8": "INT8",
    "si8": "INT8",
    "ui8": "UINT8",
    "i16": "INT16",
    "si16": "INT16",
    "ui16": "UINT16",
    "i32": "INT32",
    "si32": "INT32",
    "ui32": "UINT32",
    "i64": "INT64",
    "si64": "INT64",
    "ui64": "UINT64",
    "i1": "BOOL",
}
"""MLIR element type -> the runtime's `DataType::` enumerator (every type the a2a3 runtime has:
its `data_type.h` has no FP8 / FP4 types)."""

C_TYPES: dict[str, str] = {
    "index": "int64_t",
    "i64": "int64_t",
    "si64": "int64_t",
    "ui64": "uint64_t",
    "i32": "int32_t",
    "si32": "int32_t",
    "ui32": "uint32_t",
    "i16": "int16_t",
    "si16": "int16_t",
    "ui16": "uint16_t",
    "i8": "int8_t",
    "si8": "int8_t",
    "ui8": "uint8_t",
    "i1": "bool",
    "f32": "float",
    "f64": "double",
}
"""MLIR scalar type -> C++ type of an orchestration-level scalar (f16/bf16 have none)."""

FLOAT_C_TYPES = frozenset({"float", "double"})


def data_type(t: Attribute, op: Operation) -> str:
    """`DataType::<NAME>` of a tensor type's element type; a located error for an element type
    the runtime does not have."""
    assert isinstance(t, TensorType)
    elem = str(t.element_type)
    name = DATA_TYPES.get(elem)
    if name is None:
        raise codegen_error(
            op,
            f"element type {elem} has no PTO2 runtime DataType (supported: "
            f"{', '.join(sorted(set(DATA_TYPES)))})",
        )
    return f"DataType::{name}"


def c_type(t: Attribute, op: Operation, what: str = "scalar") -> str:
    """The C++ type of an orchestration-level scalar of MLIR type `t`; a located error when
    there is none (e.g. f16, or a tensor where a scalar is needed)."""
    name = C_TYPES.get(str(t))
    if name is None:
        raise codegen_error(
            op,
            f"{what} of type {t} has no C++ scalar type at orchestration level (supported: "
            "index, i1, i8-i64, ui8-ui64, f32, f64)",
        )
    return name


def is_float_c(ctype: str) -> bool:
    return ctype in FLOAT_C_TYPES


def _f32_text(v: float) -> str:
    """Shortest decimal text that reads back as the same float32."""
    bits = struct.pack("<f", v)
    for digits in range(1, 10):
        s = f"{v:.{digits}g}"
        if struct.pack("<f", float(s)) == bits:
            return s
    return repr(v)


def _float_literal(v: float, ctype: str) -> str:
    f32 = ctype == "float"
    if math.isnan(v):
        return '__builtin_nanf("")' if f32 else '__builtin_nan("")'
    if math.isinf(v):
        inf = "__builtin_inff()" if f32 else "__builtin_inf()"
        return inf if v > 0 else "-" + inf
    s = _f32_text(v) if f32 else repr(v)
    if not any(c in s for c in ".e"):
        s += ".0"
    elif s.startswith(".") or s.startswith("-."):
        s = s.replace(".", "0.", 1)
    if "e" in s and "." not in s.split("e")[0]:
        mant, exp = s.split("e")
        s = f"{mant}.0e{exp}"
    return s + ("f" if f32 else "")


def _int_literal(v: int, ctype: str) -> str:
    if ctype == "bool":
        return "true" if v else "false"
    unsigned = ctype.startswith("uint")
    if unsigned:
        width = int(ctype[4:-2])
        v &= (1 << width) - 1
        return f"{v}u" if v <= 0xFFFFFFFF else f"{v}ull"
    if v == -(1 << 63):
        return "(-9223372036854775807ll - 1)"
    if -(1 << 31) <= v < (1 << 31):
        return str(v)
    return f"{v}ll"


def literal(attr: Attribute, ctype: str) -> str:
    """C++ literal of a constant's value attribute, of the C type `ctype` (`1.5f`, `7`,
    `true`, `4294967296ll`)."""
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
