"""Interpreter implementations of `pto_rt`: a scope is opened, its body run, and closed;
every task submitted inside records it (mode and nesting)."""

from __future__ import annotations

from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)

from pypto_dialects.interpreter.context import run_context, where
from pypto_dialects.rt import ScopeOp, YieldOp


@register_impls
class RtFunctions(InterpreterFunctions):
    """`pto_rt.scope` and `pto_rt.yield`."""

    @impl(ScopeOp)
    def run_scope(self, interpreter: Interpreter, op: ScopeOp, args: PythonValues) -> PythonValues:
        rt = run_context(interpreter).runtime
        rt.open_scope(op.mode.data.value, where(op), op.compiler_owned is not None)
        try:
            return interpreter.run_ssacfg_region(op.body, (), "pto_rt.scope")
        finally:
            rt.close_scope()

    @impl_terminator(YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: YieldOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()
