"""Diagnostics of the pto2-cpp target (DESIGN.md section 6).

Every input the printer cannot turn into correct C++ is reported as one located line,
`file:line:col: error: '<op>' op <message>`, raised as a `PassFailedException` (an xDSL
`DiagnosticException`): `pypto-opt` prints it and exits 1, `--verify-diagnostics` prints it
and goes on, and Python callers can catch it.
"""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.diagnostics import format_op_error

NEXT_PART = (
    "is not supported by the pto2-cpp target yet (manual scopes and TaskIds come with the "
    "target's second part)"
)
"""Message tail of the constructs that belong to the TaskId / manual-scope part."""


class CodegenError(PassFailedException):
    """A located, one-line error of the pto2-cpp target."""


def codegen_error(op: Operation, message: str) -> CodegenError:
    """The located one-line diagnostic `message` about `op` (raise it)."""
    return CodegenError(format_op_error(op, message))


def not_supported_yet(op: Operation, what: str) -> CodegenError:
    """The diagnostic for a construct of the second part (manual scopes, TaskIds)."""
    return codegen_error(op, f"{what} {NEXT_PART}")
