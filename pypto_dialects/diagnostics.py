"""Diagnostics: `file:line:col: error: message` for ops, parse errors and passes.

Spec: docs/index.md (Diagnostics). Every error a user can cause is raised as an xDSL
`DiagnosticException` (so `--verify-diagnostics` sees it) whose text is already one
MLIR-style line naming the op and its location.
"""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
from xdsl.utils.exceptions import ParseError, PassFailedException, VerifyException


def location_of(op: Operation) -> str:
    """`file:line:col` of the op (or of its nearest located ancestor), else `<unknown>`."""
    cur: Operation | None = op
    while cur is not None:
        loc = cur.location
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        cur = cur.parent_op()
    return "<unknown>"


def one_line(message: str) -> str:
    """`message` with its line breaks and runs of blanks folded into single spaces (xDSL
    puts some constraint failures on two lines) and non-printable characters escaped."""
    text = " ".join(message.split())
    if text.isprintable():
        return text
    return "".join(  # control and invisible characters (a NUL byte, a BOM) made visible
        c if c.isprintable() else f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}"
        for c in text
    )


def format_op_error(op: Operation, message: str) -> str:
    """The one-line diagnostic for `message` about `op`."""
    return f"{location_of(op)}: error: '{op.name}' op {one_line(message)}"


class LocatedVerifyException(VerifyException):
    """A VerifyException whose text is already the located one-line diagnostic of some op
    (not necessarily the op being verified: a function's check can blame an op inside it)."""


def verify_error(op: Operation, message: str) -> VerifyException:
    """A VerifyException whose text is the located one-line diagnostic."""
    return VerifyException(format_op_error(op, message))


def pass_error(op: Operation, message: str) -> PassFailedException:
    """A PassFailedException whose text is the located one-line diagnostic; raise it from a
    pass when the input breaks one of the pass's preconditions."""
    return PassFailedException(format_op_error(op, message))


def format_parse_error(err: ParseError) -> str:
    """`file:line:col: error: message` for an xDSL ParseError (one line)."""
    span = err.span
    try:
        loc = span.get_location()
        where = f"{loc.file}:{loc.line}:{loc.col}"
    except Exception:  # noqa: BLE001 - a span outside the text still gets a message
        where = getattr(span.input, "name", "<input>")
    return f"{where}: error: {one_line(err.msg)}"
