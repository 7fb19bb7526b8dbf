"""Diagnostics: `file:line:col: error: message` for ops, parse errors and passes.

Spec: docs/index.md (Diagnostics). Every error a user can cause is raised as an xDSL
`DiagnosticException` (so `--verify-diagnostics` sees it) whose text is already one
MLIR-style line naming the op and its location.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import ParseError, PassFailedException, VerifyException


def file_position(loc: Attribute) -> FileLineColLoc | None:
    """The file position inside location `loc`: itself, the location a name wraps
    (`loc("a"("f":1:2))`), the first position of a fused location, a call site's callee."""
    for _ in range(64):  # locations nest; a bound keeps a malformed one from looping
        if isinstance(loc, FileLineColLoc):
            return loc
        if isinstance(loc, NameLoc):
            loc = loc.location
        elif isinstance(loc, CallSiteLoc):
            loc = loc.callee
        elif isinstance(loc, FusedLoc):
            parts = loc.locations.data if isinstance(loc.locations, ArrayAttr) else ()
            found = (file_position(inner) for inner in parts)
            return next((f for f in found if f is not None), None)
        else:
            return None
    return None


def describe_value(value: SSAValue) -> str:
    """A value as messages name it: `%name` (its name hint), else `block argument #i` or
    `result #i of 'op'`."""
    if value.name_hint:
        return f"%{value.name_hint}"
    if isinstance(value, BlockArgument):
        return f"block argument #{value.index}"
    assert isinstance(value, OpResult), value
    return f"result #{value.index} of '{value.op.name}'"


def location_of(op: Operation) -> str:
    """`file:line:col` of the op (or of its nearest located ancestor), else `<unknown>`."""
    cur: Operation | None = op
    while cur is not None:
        loc = file_position(cur.location)
        if loc is not None:
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
    except Exception:  # a span outside the text still gets a message
        where = getattr(span.input, "name", "<input>")
    return f"{where}: error: {one_line(err.msg)}"
