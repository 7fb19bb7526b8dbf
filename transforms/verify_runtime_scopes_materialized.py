"""`verify-runtime-scopes-materialized`: the spec's `RuntimeScopesMaterialized` property.

Spec: PyPTO's MaterializeRuntimeScopes document ("Pass 属性": MaterializeRuntimeScopes
produces RuntimeScopesMaterialized); docs/passes/index.md and docs/targets/pto2-cpp.md (the
C++ printer maps scopes 1:1 and derives none itself).

An orchestration function whose scopes the compiler still has to place (`pto_rt.auto_scope`
absent or true) cannot be printed: its `PTO2_SCOPE()`s are not in the IR yet. The C++ printer
calls `check_runtime_scopes_materialized` before printing; the pass of the same name runs the
check inside a pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pypto_dialects.diagnostics import pass_error
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.rt import AUTO_SCOPE, auto_scope_enabled


def check_runtime_scopes_materialized(module: ModuleOp) -> None:
    """Check that every orchestration `func.func` with a body in `module` (and in nested
    `builtin.module`s) carries `pto_rt.auto_scope = false`, i.e. its runtime scopes are explicit
    `pto_rt.scope` ops (placed by materialize-runtime-scopes or by the user).

    Returns None. Raises a PassFailedException with the located one-line diagnostic
    `file:line:col: error: 'func.func' op ...` for the first function still in auto-scope
    mode. Bodiless declarations are not checked (there is nothing to print). Cost: one look
    at each top-level op.
    """
    todo = [module]
    while todo:
        mod = todo.pop()
        for op in mod.ops:
            if isinstance(op, ModuleOp):
                todo.append(op)
            elif (
                isinstance(op, func.FuncOp)
                and op.body.blocks
                and is_orchestration(op)
                and auto_scope_enabled(op)
            ):
                raise pass_error(
                    op,
                    f"@{op.sym_name.data} is still in auto-scope mode ('{AUTO_SCOPE}' is absent "
                    "or true), so its runtime scopes are not placed yet: run "
                    "materialize-runtime-scopes first (pypto-opt --materialize-runtime-scopes, "
                    f"or -p pto2-pipeline), or set '{AUTO_SCOPE} = false' and place the scopes "
                    "by hand",
                )


@dataclass(frozen=True)
class VerifyRuntimeScopesMaterialized(ModulePass):
    """Fails (located PassFailedException) unless every orchestration function's runtime
    scopes are materialized; changes nothing. See `check_runtime_scopes_materialized`."""

    name = "verify-runtime-scopes-materialized"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_runtime_scopes_materialized(op)
