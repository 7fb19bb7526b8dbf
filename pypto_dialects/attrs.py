"""Attributes and types shared by the pto dialects (registered in the `pto_orch` dialect).

Spec: PyPTO's orchestration codegen document (ParamDirection, ArgDirection, MemorySpace,
TaskId, Array[N, TASK_ID]); docs/dialects/pto_orch.md.
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

    @property
    def reads(self) -> bool:
        """The kernel (or function) reads the parameter: `in`, `inout`."""
        return self is not ParamDirection.OUT

    @property
    def writes(self) -> bool:
        """The kernel (or function) writes the parameter: `out`, `inout`."""
        return self is not ParamDirection.IN


class TensorArgType(StrEnum):
    """The runtime's tag of one tensor slot of a task's `Arg` (`TensorArgType`,
    docs/runtime-api.md A21) and what the runtime does with it when the task is submitted
    in an AUTO scope (docs/runtime-api.md 3.2; in a MANUAL scope it does none of it, 3.4). The
    properties are the only statement of those rules here: the interpreter's runtime model
    (interpreter/graph.py) and `ArgDirection` ask them."""

    INPUT = "INPUT"
    OUTPUT = "OUTPUT"
    INOUT = "INOUT"
    OUTPUT_EXISTING = "OUTPUT_EXISTING"
    NO_DEP = "NO_DEP"

    @property
    def allocates(self) -> bool:
        """OUTPUT (`add_output(TensorCreateInfo)`): the runtime allocates the buffer at submit
        and the task becomes its creator; nothing is looked up or recorded."""
        return self is TensorArgType.OUTPUT

    @property
    def creator_edge(self) -> bool:
        """Every tag but OUTPUT: an edge to the tensor's creator (its allocation), if any."""
        return self is not TensorArgType.OUTPUT

    @property
    def looks_up(self) -> bool:
        """INPUT, INOUT: an edge to every earlier tensor-map writer whose region overlaps the
        slot's (unless the buffer is `manual_dep`)."""
        return self in (TensorArgType.INPUT, TensorArgType.INOUT)

    @property
    def removes_covered(self) -> bool:
        """INOUT: the tensor-map writers whose regions the slot covers are removed."""
        return self is TensorArgType.INOUT

    @property
    def records(self) -> bool:
        """INOUT, OUTPUT_EXISTING: the task is recorded in the tensor map as a writer of the
        slot's region (unless the buffer is `manual_dep`)."""
        return self in (TensorArgType.INOUT, TensorArgType.OUTPUT_EXISTING)


class ArgDirection(StrEnum):
    """Call-site direction of one task argument (spec `ArgDirection`): how the argument is
    added to the task's `Arg` pack (`add_input`, `add_output`, `add_inout`, `add_no_dep`,
    `add_scalar`). `output_existing` is an in/out slot added with `add_output` (the runtime's
    OUTPUT_EXISTING: published as the buffer's writer, not looked up); only
    auto-derive-task-dependencies writes it, for slots its explicit edges order.

    What a direction means for the argument (the table of docs/dialects/pto_orch.md,
    "Attributes") is stated once, by the properties below: `reads` / `writes` (what the task
    may do to the data), `tensor_arg_type` (the runtime's tag), `looked_up` / `recorded` /
    `tracked` (what the runtime's tensor map does with the slot). They describe verified IR,
    where the direction suits the kernel parameter (`check_arg_direction`: e.g. `no_dep` only
    for an `in` parameter). Per task: `pto_orch.call` / `submit`'s `argument_effects()`."""

    IN = "in"
    OUT = "out"
    INOUT = "inout"
    NO_DEP = "no_dep"
    OUTPUT_EXISTING = "output_existing"
    SCALAR = "scalar"

    @staticmethod
    def for_param(pd: ParamDirection, ptype: Attribute) -> ArgDirection:
        """The direction a kernel parameter alone gives its argument: `scalar` for a
        non-tensor type, else `in` / `out` / `inout` as the parameter (what
        derive-call-directions writes before its write-after-write promotion of `out`, and
        what the interpreter runs a task without directions with)."""
        if not isinstance(ptype, TensorType):
            return ArgDirection.SCALAR
        return _DIRECTION_OF_PARAM[pd]

    @property
    def is_tensor(self) -> bool:
        """Every direction but `scalar` passes a tensor."""
        return self is not ArgDirection.SCALAR

    @property
    def reads(self) -> bool:
        """The task may read the argument's data: `in`, `inout`, `no_dep` (an input the task
        need not wait for), `output_existing` (an `inout` slot published without lookup).
        `out` is write-only; `scalar` is no tensor."""
        return self in _READING

    @property
    def writes(self) -> bool:
        """The task may write the argument's data: `out`, `inout`, `output_existing`."""
        return self in _WRITING

    def data_effect(self, pd: ParamDirection | None = None) -> tuple[bool, bool]:
        """(reads, writes): what a task does to the data of an argument passed with this
        direction to a kernel parameter of direction `pd` (None: not known). The direction's
        `reads` / `writes`, except for `no_dep` with a known `pd`: `no_dep` says only that the
        runtime does not track the slot, so what the task does to the data is what the kernel
        parameter says. In verified IR that is an `in` parameter (a read, as `reads` says);
        for a `no_dep` write slot, which the verifier rejects, the interpreter runs the
        kernel's write, untracked."""
        if self is ArgDirection.NO_DEP and pd is not None:
            return pd.reads, pd.writes
        return self in _READING, self in _WRITING

    @property
    def tensor_arg_type(self) -> TensorArgType | None:
        """The runtime's tag of the slot (None for `scalar`). Every `out` argument is an
        existing tensor, added with `add_output(const Tensor&)`: OUTPUT_EXISTING, as
        `output_existing`; OUTPUT is only a trailing kernel parameter left out, whose buffer
        the runtime allocates."""
        return _TAG_OF_DIRECTION[self]

    @property
    def looked_up(self) -> bool:
        """The runtime orders the task after the earlier recorded writers of the argument's
        region (`in`, `inout`; not for a `manual_dep` buffer, nor in a MANUAL scope)."""
        tag = _TAG_OF_DIRECTION[self]
        return tag is not None and tag.looks_up

    @property
    def recorded(self) -> bool:
        """The runtime records the task as a writer of the argument's region (`out`,
        `inout`, `output_existing`; not for a `manual_dep` buffer, nor in a MANUAL scope)."""
        tag = _TAG_OF_DIRECTION[self]
        return tag is not None and tag.records

    @property
    def tracked(self) -> bool:
        """The runtime's tensor map sees the argument (`looked_up` or `recorded`): every
        tensor direction but `no_dep`, which is neither waited for nor published."""
        return self.looked_up or self.recorded


_DIRECTION_OF_PARAM = {
    ParamDirection.IN: ArgDirection.IN,
    ParamDirection.OUT: ArgDirection.OUT,
    ParamDirection.INOUT: ArgDirection.INOUT,
}
_READING = frozenset(
    (ArgDirection.IN, ArgDirection.INOUT, ArgDirection.NO_DEP, ArgDirection.OUTPUT_EXISTING)
)
_WRITING = frozenset((ArgDirection.OUT, ArgDirection.INOUT, ArgDirection.OUTPUT_EXISTING))
_TAG_OF_DIRECTION: dict[ArgDirection, TensorArgType | None] = {
    ArgDirection.IN: TensorArgType.INPUT,
    ArgDirection.OUT: TensorArgType.OUTPUT_EXISTING,
    ArgDirection.INOUT: TensorArgType.INOUT,
    ArgDirection.NO_DEP: TensorArgType.NO_DEP,
    ArgDirection.OUTPUT_EXISTING: TensorArgType.OUTPUT_EXISTING,
    ArgDirection.SCALAR: None,
}


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


def parse_angled_enum(cls: type[EnumAttribute], parser: AttrParser):
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
    accepts. (An exact type test: no class derives from either, and an `isinstance` against
    an attribute class, an ABC, is slow when false, as it is for most values the analyses
    ask about.)"""
    cls = type(t)
    return cls is TaskIdType or cls is TaskIdArrayType


# ------------------------------------------------------------------------ deps lists and directions


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
