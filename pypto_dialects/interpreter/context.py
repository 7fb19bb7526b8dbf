"""What every implementation module shares during a run: the runtime model, the kernel
implementations, and how values and errors are spelled."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from pypto_dialects.analysis.wait_only_edges import WaitOnlyEdges
from pypto_dialects.diagnostics import format_op_error, location_of
from pypto_dialects.interpreter.graph import Runtime
from pypto_dialects.symbols import SymbolTableCollection

KernelImpl = Callable[..., Any]
"""A kernel's Python implementation: one argument per kernel parameter (numpy views for
tensors, numbers for scalars); see docs/interpreter.md."""


@dataclass
class RunContext:
    """The state of one run, stored on the interpreter (`Interpreter.get_data`)."""

    kernels: Mapping[str, KernelImpl] = field(default_factory=dict)
    runtime: Runtime = field(default_factory=Runtime)
    symbols: SymbolTableCollection = field(default_factory=SymbolTableCollection)  # kernel ops
    dumps: dict[str, np.ndarray] = field(default_factory=dict)
    """The arguments tasks marked for a dump (`dump [i, ...]`), by file stem
    `t<task>_<kernel>_arg<i>`, in submit order."""
    wait_only: WaitOnlyEdges | None = None
    """With the `wait_only_edges` option: which deps values the C++ lists as `DEP_WAIT`
    (analysis/wait_only_edges.py); None: every explicit edge waits and retains."""


class _RunData(InterpreterFunctions):
    """The key the run's context is stored under (`Interpreter.get_data` keys its data by an
    `InterpreterFunctions` class); implements no op."""


def run_context(interpreter: Interpreter) -> RunContext:
    """The run's context (created empty on first use)."""
    ctx: RunContext = interpreter.get_data(_RunData, "context", RunContext)
    return ctx


def set_run_context(interpreter: Interpreter, ctx: RunContext) -> None:
    interpreter.set_data(_RunData, "context", ctx)


def run_error(op: Operation, message: str) -> InterpretationError:
    """A located one-line diagnostic about `op`, raised while running it."""
    return InterpretationError(format_op_error(op, message))


def where(op: Operation) -> str:
    return location_of(op)


def python_scalar(value: Any) -> Any:
    """An xDSL interpreter scalar (IntegerAttr / FloatAttr) as a Python number."""
    if isinstance(value, IntegerAttr | FloatAttr):
        return value.value.data
    return value


def value_name(value: SSAValue, fallback: str) -> str:
    return f"%{value.name_hint}" if value.name_hint else fallback
