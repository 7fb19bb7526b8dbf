"""The ops the interpreter does not run, with the reason for each (`NOT_RUN`: the exclusion
list of tests/test_interpreter_ops.py and docs/interpreter.md), and the located error for a
declaration found where ops run.

`builtin.module`, `func.func` and `pto_orch.kernel` declare symbols: a module is never run,
only the function called in it; a `func.func` runs when it is called; a kernel runs when a
task calls it. The verifier accepts any of them nested in a function body, where the pto2-cpp
target refuses it ("cannot run at orchestration level"); `DeclarationFunctions` refuses it
there too, with a located error instead of xDSL's unlocated "Could not find interpretation
function".
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Operation

from pypto_dialects.interpreter.context import run_error
from pypto_dialects.orch import KernelOp

NOT_RUN: dict[str, str] = {
    "builtin.module": (
        "a declaration: the interpreter runs a function of the module, never the module; one "
        "nested in a function body is refused with a located error (as pto2-cpp refuses it)"
    ),
    "pto_orch.kernel": (
        "a declaration: a task runs the kernel (its --kernels implementation); one nested in "
        "a function body is refused with a located error (as pto2-cpp refuses it)"
    ),
    "pto_tensor.yield": (
        "the terminator of pto_tensor.alloc_tensors (its only parent), whose implementation "
        "allocates the creates without running the body"
    ),
    "builtin.unregistered": (
        "an op of an unregistered dialect (parsed only with --allow-unregistered-dialect) has "
        "no semantics to run; xDSL makes a Python class per op name, so no implementation can "
        "be registered (the run stops with xDSL's 'Could not find interpretation function')"
    ),
}
"""Op name -> why the interpreter has no implementation that runs it."""


def _nested(op: Operation, what: str) -> Exception:
    return run_error(
        op,
        f"declares {what} inside a function body: the interpreter runs ops, not declarations "
        "(move it to the module's top level)",
    )


@register_impls
class DeclarationFunctions(InterpreterFunctions):
    """A declaration reached as an op of a running body: a located error."""

    @impl(ModuleOp)
    def run_module(
        self, interpreter: Interpreter, op: ModuleOp, args: PythonValues
    ) -> PythonValues:
        raise _nested(op, "a module")

    @impl(func.FuncOp)
    def run_func(
        self, interpreter: Interpreter, op: func.FuncOp, args: PythonValues
    ) -> PythonValues:
        raise _nested(op, f"the function @{op.sym_name.data}")

    @impl(KernelOp)
    def run_kernel(
        self, interpreter: Interpreter, op: KernelOp, args: PythonValues
    ) -> PythonValues:
        raise _nested(op, f"the kernel @{op.sym_name.data}")
