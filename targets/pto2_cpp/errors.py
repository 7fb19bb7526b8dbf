"""Diagnostics of the pto2-cpp target.

Every input the printer cannot turn into correct C++ is reported as one located line,
`file:line:col: error: '<op>' op <message>`, raised as a `PassFailedException` (an xDSL
`DiagnosticException`): `pypto-opt` prints it and exits 1, `--verify-diagnostics` matches it
against the input's `expected-error` annotations, and Python callers can catch it.
"""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.diagnostics import format_op_error


class CodegenError(PassFailedException):
    """A located, one-line error of the pto2-cpp target."""


def codegen_error(op: Operation, message: str) -> CodegenError:
    """The located one-line diagnostic `message` about `op` (raise it)."""
    return CodegenError(format_op_error(op, message))

