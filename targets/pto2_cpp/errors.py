"""The located `CodegenError` of the pto2-cpp target (docs/targets/pto2-cpp.md#errors)."""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.diagnostics import format_op_error


class CodegenError(PassFailedException):
    """A located, one-line error of the pto2-cpp target."""


def codegen_error(op: Operation, message: str) -> CodegenError:
    """The located one-line diagnostic `message` about `op` (raise it)."""
    return CodegenError(format_op_error(op, message))

