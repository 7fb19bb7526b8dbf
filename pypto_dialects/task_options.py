"""The argument-pack options of a kernel task (`pto_orch.call` / `pto_orch.submit`): the SPMD
launch spec (`launch(n[, sync_start])`), the early-resolve hint (`early_resolve`) and the
per-task tensor dump (`dump [i, ...]`). Their syntax, checks and the values the printer and the
interpreter read; the fields themselves are declared on the task ops (orch.py). Rules:
docs/dialects/pto_orch.md#task-options; facts: docs/runtime-api.md A15-A17.

This module does not import orch.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    AnyFloat,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    UnitAttr,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.limits import MAX_BLOCK_NUM, constant_int

UNIT = UnitAttr()


@dataclass
class TaskOptions:
    """The options of one task as parsed (or to be set): a constant block count or a block
    count value (not both), `sync_start`, `early_resolve`, the dumped argument positions
    (None: no dump)."""

    block_num: int | None = None
    block_value: SSAValue | None = None
    sync_start: bool = False
    early_resolve: bool = False
    dump: list[int] | None = None

    def properties(self) -> dict[str, Attribute | None]:
        """The task op's properties that hold these options (None: unset)."""
        return {
            "block_num": None if self.block_num is None else IntegerAttr(self.block_num, i64),
            "sync_start": UNIT if self.sync_start else None,
            "early_resolve": UNIT if self.early_resolve else None,
            "dump_args": None if self.dump is None else DenseArrayBase.from_list(i64, self.dump),
        }


def parse_task_options(parser: Parser) -> TaskOptions:
    """Parse what `print_task_options` prints, each clause optional, in this order:
    `launch(<n> | <%v> : <type> [, sync_start])`, `early_resolve`, `dump [i, ...]`."""
    opts = TaskOptions()
    if parser.parse_optional_keyword("launch") is not None:
        parser.parse_punctuation("(")
        pos = parser.pos
        n = parser.parse_optional_integer(allow_boolean=False)
        if n is not None and not I64_MIN <= n <= I64_MAX:
            parser.raise_error(str(_range_error(f"the block count is {n}")), pos, parser.pos)
        if n is not None:
            opts.block_num = n
        else:
            name = parser.parse_optional_unresolved_operand()
            if name is None:
                parser.raise_error(
                    "expected a block count: an integer (launch(4)) or a value with its type "
                    "(launch(%n : index))", pos, parser.pos
                )
            parser.parse_punctuation(":")
            opts.block_value = parser.resolve_operand(name, parser.parse_type())
        if parser.parse_optional_punctuation(",") is not None:
            parser.parse_keyword("sync_start")
            opts.sync_start = True
        parser.parse_punctuation(")")
    opts.early_resolve = parser.parse_optional_keyword("early_resolve") is not None
    if parser.parse_optional_keyword("dump") is not None:
        opts.dump = parser.parse_comma_separated_list(
            Parser.Delimiter.SQUARE, lambda: _parse_position(parser)
        )
    return opts


I64_MIN, I64_MAX = -(2**63), 2**63 - 1
"""The range of the i64 properties that hold a block count and the dumped positions."""


def _parse_position(parser: Parser) -> int:
    """One dumped argument position; a located error when it does not fit the i64 property
    (the verifier checks the rest: verify_task_options, verify_dump_against)."""
    pos = parser.pos
    p = parser.parse_integer(allow_boolean=False)
    if not I64_MIN <= p <= I64_MAX:
        parser.raise_error(
            f"dump names argument {p}, out of range: a position is the index of a kernel "
            "parameter",
            pos,
            parser.pos,
        )
    return p


def print_task_options(
    printer: Printer,
    block_num: IntegerAttr | None,
    block_value: SSAValue | None,
    sync_start: UnitAttr | None,
    early_resolve: UnitAttr | None,
    dump: DenseArrayBase[IntegerType] | None,
) -> None:
    """Print ` launch(...)`, ` early_resolve`, ` dump [...]` for the options that are set.
    (A generic-form op with both a constant and a value prints both; the verifier rejects
    it.)"""
    if block_num is not None or block_value is not None or sync_start is not None:
        parts: list[Callable[[], None]] = []
        if block_num is not None:
            parts.append(lambda: printer.print_string(str(block_num.value.data)))
        if block_value is not None:
            def value() -> None:
                printer.print_operand(block_value)
                printer.print_string(" : ")
                printer.print_attribute(block_value.type)

            parts.append(value)
        if sync_start is not None:
            parts.append(lambda: printer.print_string("sync_start"))
        printer.print_string(" launch(")
        printer.print_list(parts, lambda part: part())
        printer.print_string(")")
    if early_resolve is not None:
        printer.print_string(" early_resolve")
    if dump is not None:
        printer.print_string(" dump [")
        printer.print_list(dump.get_values(), lambda v: printer.print_string(str(v)))
        printer.print_string("]")


def _range_error(what: str) -> VerifyException:
    return VerifyException(
        f"{what}, out of range: the runtime's block count is an int16_t of at least 1 "
        f"(1 to {MAX_BLOCK_NUM})"
    )


def verify_task_options(
    block_num: IntegerAttr | None,
    block_value: SSAValue | None,
    sync_start: UnitAttr | None,
    dump: DenseArrayBase[IntegerType] | None,
) -> None:
    """The checks that need no kernel: one block count, of 1..MAX_BLOCK_NUM when constant
    (a property or an `arith.constant` value), an index or integer value otherwise;
    `sync_start` only with a block count; a dump list that names at least one position, none
    negative, none twice. Raises VerifyException."""
    if block_num is not None and block_value is not None:
        raise VerifyException(
            "the block count is given twice (a constant and a value): give one, launch(4) or "
            "launch(%n : index)"
        )
    if block_num is not None and not 1 <= block_num.value.data <= MAX_BLOCK_NUM:
        raise _range_error(f"the block count is {block_num.value.data}")
    if block_value is not None:
        t = block_value.type
        if not isinstance(t, IndexType) and not (
            isinstance(t, IntegerType) and t.width.data > 1
        ):
            raise VerifyException(
                f"the block count has type {t}; it must be an index or integer value"
            )
        n = constant_int(block_value)
        if n is not None and not 1 <= n <= MAX_BLOCK_NUM:
            raise _range_error(f"the block count value is the constant {n}")
    if sync_start is not None and block_num is None and block_value is None:
        raise VerifyException(
            "sync_start is part of a launch spec: give the block count too, "
            "launch(<n>, sync_start)"
        )
    if dump is not None:
        positions = [int(v) for v in dump.get_values()]
        if not positions:
            raise VerifyException("dump names no argument: list the positions, e.g. dump [0]")
        seen: set[int] = set()
        for p in positions:
            if p < 0:
                raise VerifyException(f"dump names argument {p}; positions start at 0")
            if p in seen:
                raise VerifyException(f"dump names argument {p} twice")
            seen.add(p)


def verify_dump_against(
    dump: DenseArrayBase[IntegerType] | None, param_types: Sequence[Attribute], kernel: str
) -> None:
    """Every dumped position is a kernel parameter (an argument, or a trailing `out` the
    runtime allocates) the runtime can dump: a tensor (Tensor / TensorCreateInfo) or an
    integer, index or float scalar (docs/runtime-api.md A17, S3). Raises VerifyException."""
    if dump is None:
        return
    for p in dump.get_values():
        p = int(p)
        if p >= len(param_types):
            raise VerifyException(
                f"dump names argument {p}, but kernel '@{kernel}' has {len(param_types)} "
                f"parameters (positions 0 to {len(param_types) - 1})"
            )
        t = param_types[p]
        if not isinstance(t, TensorType) and not is_arithmetic_scalar(t):
            raise VerifyException(
                f"dump names argument {p} of type {t}: the runtime dumps tensors and "
                "integer, index or float scalars only"
            )


def is_arithmetic_scalar(t: Attribute) -> bool:
    """An integer, index or float type: a C++ arithmetic type in the task's scalar slots."""
    return isinstance(t, IntegerType | IndexType | AnyFloat)


def dump_positions(op: Operation) -> list[int]:
    """The dumped argument positions of a task (its `dump_args` property), in the order
    written; empty when it dumps nothing."""
    dump = op.properties.get("dump_args")
    return [] if not isinstance(dump, DenseArrayBase) else [int(v) for v in dump.get_values()]
