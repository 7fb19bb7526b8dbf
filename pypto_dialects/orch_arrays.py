"""Integer arrays of the `pto_orch` dialect (registered there, orch.py): the type
`!pto_orch.int_array<N, T>` and `pto_orch.int_array_create` / `int_array_get` /
`int_array_set`, upstream's `pl.array.create(N, pl.INT32)` (C++ `int32_t arr[N] = {0};`) for
tables of indices at orchestration level. Rules: docs/dialects/pto_orch.md#integer-arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IndexType, IntAttr, IntegerType
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    param_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import NoMemoryEffect, Pure
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.limits import MAX_TASK_ARRAY_SIZE, constant_int

INDEX = IndexType()


@irdl_attr_definition
class IntArrayType(ParametrizedAttribute, TypeAttribute):
    """`!pto_orch.int_array<N, T>`: a fixed-size array of N integers of type T (`index` or an
    integer type of 8, 16, 32 or 64 bits), upstream's `Array[N, INT32]`, lowered to a C++
    stack array `int32_t name[N]`. Value semantics: `int_array_set` gives a new array."""

    name = "pto_orch.int_array"
    size: IntAttr = param_def()
    element_type: Attribute = param_def()

    def __init__(self, size: int | IntAttr, element_type: Attribute):
        super().__init__(IntAttr(size) if isinstance(size, int) else size, element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            size = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            element = parser.parse_type()
        return (IntAttr(size), element)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_int(self.size.data)
            printer.print_string(", ")
            printer.print_attribute(self.element_type)

    def verify(self) -> None:
        t = self.element_type
        if not isinstance(t, IndexType) and not (
            isinstance(t, IntegerType) and t.width.data in (8, 16, 32, 64)
        ):
            raise VerifyException(
                f"an integer array holds index or 8, 16, 32 or 64-bit integers, not {t}"
            )
        n = self.size.data
        if not 0 < n <= MAX_TASK_ARRAY_SIZE:
            raise VerifyException(
                f"an integer array has 1 to {MAX_TASK_ARRAY_SIZE} elements (the C++ is a "
                f"stack array), not {n}"
            )


def _array_type(t: Attribute) -> IntArrayType:
    assert isinstance(t, IntArrayType)  # (the operand's / result's constraint)
    return t


def _verify_element(op: Operation, array: Attribute, index: SSAValue | None, value: Attribute,
                    what: str) -> None:
    """`value` (the type of `what`) is the array's element type; a constant index is in range."""
    t = _array_type(array)
    if value != t.element_type:
        raise VerifyException(f"{what} has type {value}, but {t} holds {t.element_type}")
    n = constant_int(index) if index is not None else None
    if n is not None and not 0 <= n < t.size.data:
        raise VerifyException(
            f"element {n} is out of range for {t} (elements 0..{t.size.data - 1})"
        )


def _parse_typed(parser: Parser) -> IntArrayType:
    parser.parse_punctuation(":")
    t = parser.parse_type()
    if not isinstance(t, IntArrayType):
        parser.raise_error(f"expected an !pto_orch.int_array type, not {t}")
    return t


def _parse_indexed(parser: Parser) -> tuple[SSAValue, SSAValue, dict, IntArrayType]:
    """`%a[%i] attr-dict : !pto_orch.int_array<...>` (the tail of get and set): the array and
    index resolved, the attributes and the array type."""
    array = parser.parse_unresolved_operand()
    index = parser.parse_comma_separated_list(
        Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )
    attrs = parser.parse_optional_attr_dict()
    t = _parse_typed(parser)
    if len(index) != 1:
        parser.raise_error("an integer array takes one index")
    return parser.resolve_operand(array, t), parser.resolve_operand(index[0], INDEX), attrs, t


def _print_indexed(printer: Printer, array: SSAValue, index: SSAValue) -> None:
    """`%a[%i]`."""
    printer.print_operand(array)
    printer.print_string("[")
    printer.print_operand(index)
    printer.print_string("]")


@irdl_op_definition
class IntArrayCreateOp(IRDLOperation):
    """`pto_orch.int_array_create`: a new integer array, every element 0, or the N given values.

    Syntax: `%a = pto_orch.int_array_create : !pto_orch.int_array<4, i32>`,
    `%a = pto_orch.int_array_create %x, %c16, %c32, %y : !pto_orch.int_array<4, i32>`.
    C++: `int32_t a[4] = {0};` / `int32_t a[4] = {x, 16, 32, y};`.
    Verifier: no element or N elements, each of the element type.
    """

    name = "pto_orch.int_array_create"
    elements = var_operand_def()
    result = result_def(IntArrayType)
    traits = traits_def(Pure())  # a C++ local array: no task, no runtime buffer

    def __init__(self, array_type: IntArrayType, elements: Sequence[SSAValue] = ()):
        super().__init__(operands=[elements], result_types=[array_type])

    @classmethod
    def parse(cls, parser: Parser) -> IntArrayCreateOp:
        values = parser.parse_optional_undelimited_comma_separated_list(
            parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
        ) or []
        attrs = parser.parse_optional_attr_dict()
        t = _parse_typed(parser)
        op = cls(t, [parser.resolve_operand(v, t.element_type) for v in values])
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        if self.elements:
            printer.print_string(" ")
            printer.print_list(self.elements, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        t = _array_type(self.result.type)
        if self.elements and len(self.elements) != t.size.data:
            raise VerifyException(
                f"{t} is created from {t.size.data} elements or none (all 0), not "
                f"{len(self.elements)}"
            )
        for i, v in enumerate(self.elements):
            _verify_element(self, t, None, v.type, f"element {i}")


@irdl_op_definition
class IntArrayGetOp(IRDLOperation):
    """`pto_orch.int_array_get`: read one element (a snapshot: a later `int_array_set` of the
    element does not change the value read).

    Syntax: `%v = pto_orch.int_array_get %a[%i] : !pto_orch.int_array<4, i32>` (`%v : i32`).
    C++: `int32_t v = a[i];`. Verifier: the result has the element type; a constant index is
    within the array.
    """

    name = "pto_orch.int_array_get"
    array = operand_def(IntArrayType)
    index = operand_def(IndexType)
    result = result_def()
    # reads an element of an SSA value; not speculatable: a dynamic index may be out of range
    traits = traits_def(NoMemoryEffect())

    def __init__(self, array: SSAValue, index: SSAValue):
        t = _array_type(array.type)
        super().__init__(operands=[array, index], result_types=[t.element_type])

    @classmethod
    def parse(cls, parser: Parser) -> IntArrayGetOp:
        array, index, attrs, _ = _parse_indexed(parser)
        op = cls(array, index)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.array, self.index)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.array.type)

    def verify_(self) -> None:
        _verify_element(self, self.array.type, self.index, self.result.type, "the result")


@irdl_op_definition
class IntArraySetOp(IRDLOperation):
    """`pto_orch.int_array_set`: the array with one element replaced (SSA form of an in-place
    store: the array operand is not used after it, verify-orchestration checks).

    Syntax: `%a2 = pto_orch.int_array_set %v, %a[%i] : !pto_orch.int_array<4, i32>`.
    C++: `a[i] = v;`. Verifier: the value has the element type; a constant index is within
    the array.
    """

    name = "pto_orch.int_array_set"
    T: ClassVar = VarConstraint("T", base(IntArrayType))
    value = operand_def()
    array = operand_def(T)
    index = operand_def(IndexType)
    result = result_def(T)
    traits = traits_def(Pure())  # a new array value (an unused one stores nothing anyone reads)

    def __init__(self, value: SSAValue, array: SSAValue, index: SSAValue):
        super().__init__(operands=[value, array, index], result_types=[array.type])

    @classmethod
    def parse(cls, parser: Parser) -> IntArraySetOp:
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        array, index, attrs, t = _parse_indexed(parser)
        op = cls(parser.resolve_operand(value, t.element_type), array, index)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        printer.print_string(", ")
        _print_indexed(printer, self.array, self.index)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.array.type)

    def verify_(self) -> None:
        _verify_element(self, self.array.type, self.index, self.value.type, "the value")


INT_ARRAY_OPS = (IntArrayCreateOp, IntArrayGetOp, IntArraySetOp)

