"""Parsing with source locations, and the structural verifier run after every parse/pass.

Spec: DESIGN.md section 6 (diagnostics). xDSL leaves parsed ops at `loc(unknown)`; the
`LocatingParser` stamps each op with `file:line:col` of its first token, at linear cost
(line starts are precomputed once and searched with `bisect`).
"""

from __future__ import annotations

from bisect import bisect_right

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from pypto_dialects.diagnostics import format_op_error


class LocatingParser(Parser):
    """An xDSL `Parser` that gives every op without an explicit `loc(...)` a
    `FileLineColLoc` of its first token. `line_offset` is added to line numbers (the offset
    of a `--split-input-file` chunk)."""

    def __init__(self, ctx: Context, input: str | bytes, name: str = "<unknown>", line_offset: int = 0):
        super().__init__(ctx, input, name)
        text = self.lexer.input.content
        starts = [0]
        find = text.find
        i = find("\n")
        while i >= 0:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self._line_starts = starts
        self._file = StringAttr(name)
        self._line_offset = line_offset

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        op = super().parse_operation()
        if isinstance(op.location, UnknownLoc):
            line = bisect_right(self._line_starts, start)
            col = start - self._line_starts[line - 1] + 1
            op.location = FileLineColLoc(
                self._file, IntAttr(line + self._line_offset), IntAttr(col)
            )
        return op


def parse_module(
    ctx: Context,
    text: str | bytes,
    name: str = "<input>",
    line_offset: int = 0,
    allow_implicit_module: bool = True,
) -> ModuleOp:
    """Parse `text` into a module whose ops carry `name:line:col` locations.

    Raises xDSL's ParseError on malformed text (see `diagnostics.format_parse_error`).
    """
    return LocatingParser(ctx, text, name, line_offset).parse_module(allow_implicit_module)


def _verify_discardable(op: Operation) -> None:
    for name, value in op.attributes.items():
        dialect, _, _ = name.partition(".")
        if dialect == "pto_orch":
            from pypto_dialects.orch import verify_operation_attribute
        elif dialect == "pto_rt":
            from pypto_dialects.rt import verify_operation_attribute
        elif dialect in ("pto_tensor", "pto_system"):
            raise VerifyException(f"unknown attribute '{name}' of the {dialect} dialect")
        else:
            continue
        verify_operation_attribute(op, name, value)


def verify_module(module: ModuleOp) -> None:
    """Verify every op of `module` (xDSL's op verifiers plus the dialects' checks of their
    discardable attributes, MLIR's `verifyOperationAttribute`).

    Raises a VerifyException whose text is `file:line:col: error: '<op>' op <message>` for
    the first op that fails; nested ops are checked before their parent, as in MLIR.
    """
    for op in module.walk(region_first=True):
        try:
            op.verify(verify_nested_ops=False)
            for region in op.regions:
                if len(region.blocks) == 1 and region.block.first_op is None:
                    if not op.has_trait(NoTerminator):
                        raise VerifyException(
                            "has an empty block; a single-block region needs at least "
                            "its terminator"
                        )
            if op.attributes:
                _verify_discardable(op)
        except VerifyException as err:
            msg = str(err.args[0]) if err.args else str(err)
            prefix = "Operation does not verify: "
            if msg.startswith(prefix):
                msg = msg[len(prefix):]
            raise VerifyException(format_op_error(op, msg)) from None
        except DiagnosticException:
            raise
