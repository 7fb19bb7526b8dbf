"""Attributes and types shared by the pto dialects (registered in the `pto_orch` dialect).

Spec: PyPTO's orchestration codegen document (ParamDirection, ArgDirection, MemorySpace, TaskId, Array[N, TASK_ID]);
docs/dialects/pto_orch.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr, TensorType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

# --------------------------------------------------------------------------- enums


class FunctionKind(StrEnum):
    """Function kinds of the spec (`pl.FunctionType`); only `orchestration` functions are
    lowered by this project, the others name kernels."""

    ORCHESTRATION = "orchestration"
    OPAQUE = "opaque"
    INCORE = "incore"
    AIC = "aic"
    AIV = "aiv"
    GROUP = "group"
    SPMD = "spmd"


class ParamDirection(StrEnum):
    """Parameter direction of a function or kernel parameter (spec `ParamDirection`)."""

    IN = "in"
    OUT = "out"
    INOUT = "inout"


class ArgDirection(StrEnum):
    """Call-site direction of one task argument (spec `ArgDirection`): how the argument is
    added to the task's `Arg` pack (`add_input`, `add_output`, `add_inout`, `add_no_dep`,
    `add_scalar`). `output_existing` is an in/out slot added with `add_output` (the runtime's
    OUTPUT_EXISTING: published as the buffer's writer, not looked up); only
    auto-derive-task-dependencies writes it, for slots its explicit edges order."""

    IN = "in"
    OUT = "out"
    INOUT = "inout"
    NO_DEP = "no_dep"
    OUTPUT_EXISTING = "output_existing"
    SCALAR = "scalar"


class MemorySpace(StrEnum):
    """Memory space of an `incore` kernel; it decides the core type (spec: core type
    inference): left/right/acc/mat run on AIC, vec on AIV."""

    LEFT = "left"
    RIGHT = "right"
    ACC = "acc"
    MAT = "mat"
    VEC = "vec"


def print_angled_enum(self: EnumAttribute, printer: Printer) -> None:
    """`print_parameter` of our enum attributes: `#dialect.name<value>`, the spelling
    upstream MLIR reads back as an opaque attribute."""
    with printer.in_angle_brackets():
        printer.print_string(self.data.value)


def parse_angled_enum(cls: type[EnumAttribute], parser: AttrParser):  # type: ignore[no-untyped-def]
    """`parse_parameter` matching `print_angled_enum`."""
    with parser.in_angle_brackets():
        return parser.parse_str_enum(cls.enum_type)


@irdl_attr_definition
class FunctionKindAttr(EnumAttribute[FunctionKind]):
    """`#pto_orch.kind<orchestration>`: the kind of a `func.func` (attribute `pto_orch.kind`)."""

    name = "pto_orch.kind"
    print_parameter = print_angled_enum
    parse_parameter = classmethod(parse_angled_enum)


@irdl_attr_definition
class ParamDirectionAttr(EnumAttribute[ParamDirection]):
    """`#pto_orch.dir<out>`: direction of a function parameter (argument attribute
    `pto_orch.dir`; absent means `in`)."""

    name = "pto_orch.dir"
    print_parameter = print_angled_enum
    parse_parameter = classmethod(parse_angled_enum)


@irdl_attr_definition
class ArgDirectionAttr(EnumAttribute[ArgDirection]):
    """`#pto_orch.arg_dir<in>`: call-site direction; printed inline (`in %a`) by `call` and
    `submit`."""

    name = "pto_orch.arg_dir"
    print_parameter = print_angled_enum
    parse_parameter = classmethod(parse_angled_enum)


@irdl_attr_definition
class MemorySpaceAttr(EnumAttribute[MemorySpace]):
    """`#pto_orch.memory_space<vec>`: memory space of an `incore` kernel."""

    name = "pto_orch.memory_space"
    print_parameter = print_angled_enum
    parse_parameter = classmethod(parse_angled_enum)


# --------------------------------------------------------------------------- types


@irdl_attr_definition
class TaskIdType(ParametrizedAttribute, TypeAttribute):
    """`!pto_orch.task_id`: a runtime TaskId (`PTO2TaskId`). May hold the invalid sentinel
    (`pto_system.task_invalid`)."""

    name = "pto_orch.task_id"


@irdl_attr_definition
class TaskIdArrayType(ParametrizedAttribute, TypeAttribute):
    """`!pto_orch.task_id_array<N>`: a fixed-size array of N TaskIds (spec
    `Array[N, TASK_ID]`), lowered to `PTO2TaskId name[N];`."""

    name = "pto_orch.task_id_array"
    size: IntAttr = param_def()

    def __init__(self, size: int | IntAttr):
        super().__init__(IntAttr(size) if isinstance(size, int) else size)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            size = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return (IntAttr(size),)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_int(self.size.data)

    def verify(self) -> None:
        from pypto_dialects.limits import check_task_array_size

        check_task_array_size(self.size.data)


TASK_ID = TaskIdType()

UNKNOWN_HINT = (
    ": remove it (an attribute for another tool belongs in that tool's namespace, which is "
    "kept and ignored)"
)
"""The remedy every dialect's "unknown attribute" diagnostic ends with."""


def is_task_id_like(t: Attribute) -> bool:
    """True for `!pto_orch.task_id` and `!pto_orch.task_id_array<N>`: the types a deps list
    accepts."""
    return isinstance(t, TaskIdType | TaskIdArrayType)


# --------------------------------------------------------------------------- deps lists and directions


def print_deps(printer: Printer, keyword: str, deps: Sequence[SSAValue]) -> None:
    """Print ` keyword(%a, %b : type, type)`, or nothing for an empty list."""
    if not deps:
        return
    printer.print_string(f" {keyword}(")
    printer.print_list(deps, printer.print_operand)
    printer.print_string(" : ")
    printer.print_list((d.type for d in deps), printer.print_attribute)
    printer.print_string(")")


def parse_deps(parser: Parser, keyword: str) -> list[SSAValue]:
    """Parse what `print_deps` prints (nothing: an empty list)."""
    if parser.parse_optional_keyword(keyword) is None:
        return []
    parser.parse_punctuation("(")
    if parser.parse_optional_punctuation(")") is not None:
        return []
    names = parser.parse_comma_separated_list(
        Parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    if len(names) != len(types):
        parser.raise_error(
            f"{keyword}(...) lists {len(names)} values but {len(types)} types"
        )
    return [parser.resolve_operand(n, t) for n, t in zip(names, types)]


def verify_deps(deps: Sequence[SSAValue], what: str) -> None:
    """Raise a VerifyException unless every value of the deps list `what` is a TaskId or a
    TaskId array."""
    for i, d in enumerate(deps):
        if not is_task_id_like(d.type):
            raise VerifyException(
                f"{what} entry {i} has type {d.type}; deps must be !pto_orch.task_id or "
                "!pto_orch.task_id_array<N> values (a tensor orders nothing in a manual "
                "scope: pass the TaskId of the task that produced it)"
            )


def check_arg_direction(i: int, d: ArgDirection, pd: ParamDirection, ptype: Attribute) -> None:
    """Raise a VerifyException unless call-site direction `d` of argument `i` suits kernel
    parameter direction `pd` of type `ptype` (the table in docs/dialects/pto_orch.md)."""
    if not isinstance(ptype, TensorType):
        if d != ArgDirection.SCALAR:
            raise VerifyException(
                f"argument {i} is passed as '{d.value}' but the kernel declares a scalar "
                f"({ptype}): use 'scalar'"
            )
        return
    if d == ArgDirection.SCALAR:
        raise VerifyException(
            f"argument {i} is passed as 'scalar' but the kernel declares a tensor ({ptype})"
        )
    if pd == ParamDirection.IN and d in (
        ArgDirection.OUT, ArgDirection.INOUT, ArgDirection.OUTPUT_EXISTING
    ):
        raise VerifyException(
            f"argument {i} is passed as '{d.value}' but kernel parameter {i} is 'in': a "
            "task cannot write through an input (use 'in' or 'no_dep')"
        )
    if pd != ParamDirection.IN and d == ArgDirection.NO_DEP:
        raise VerifyException(
            f"argument {i} is passed as 'no_dep' but kernel parameter {i} is "
            f"'{pd.value}': no_dep is for inputs the task need not wait for, and a written "
            f"tensor must be tracked (use '{pd.value}')"
        )
    if pd == ParamDirection.INOUT and d == ArgDirection.OUT:
        raise VerifyException(
            f"argument {i} is passed as 'out' but kernel parameter {i} is 'inout': the "
            "kernel reads it (use 'inout')"
        )
    if pd == ParamDirection.INOUT and d == ArgDirection.IN:
        raise VerifyException(
            f"argument {i} is passed as 'in' but kernel parameter {i} is 'inout': the "
            "kernel writes it (use 'inout')"
        )
    if pd == ParamDirection.OUT and d == ArgDirection.IN:
        raise VerifyException(
            f"argument {i} is passed as 'in' but kernel parameter {i} is 'out': the "
            "kernel writes it (use 'out' or 'inout')"
        )
