"""`verify-manual-scopes`: the manual-scope rules that no op verifier sees whole.

Rules and messages: docs/passes/verify-manual-scopes.md. The C++ printer runs
`check_manual_scopes` before printing; the pass runs it inside a pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation, OpResult, Region, SSAValue
from xdsl.passes import ModulePass

from pypto_dialects import tensor as pt
from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.diagnostics import pass_error
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.transforms.derive_call_directions import orchestration_functions


def _no_kernel(task: CallOp | SubmitOp) -> None:
    return None  # task results are not followed: the task is the writer


class _Checker:
    """One function: `manual_tasks` are the tasks inside a manual scope (any depth); `clean`
    the tensors already known to have no such writer (each is searched once)."""

    def __init__(self) -> None:
        self.manual_tasks: set[Operation] = set()
        self.reads: list[pt.ReadOp] = []
        self.clean: set[SSAValue] = set()

    def walk(self, region: Region, manual: bool) -> None:
        for block in region.blocks:
            for op in block.ops:
                if isinstance(op, ScopeOp):
                    if manual:  # the pto_rt.scope verifier's rule, for --disable-verify input
                        raise pass_error(
                            op,
                            "is nested in a manual scope, which the runtime does not allow (no "
                            "AUTO scope inside MANUAL, no MANUAL inside MANUAL): move it out of "
                            "the manual scope",
                        )
                    self.walk(op.body, op.is_manual)
                    continue
                if manual and isinstance(op, CallOp | SubmitOp):
                    self.manual_tasks.add(op)
                elif isinstance(op, pt.ReadOp):
                    self.reads.append(op)
                for r in op.regions:
                    self.walk(r, manual)

    def manual_writer(self, value: SSAValue) -> Operation | None:
        """The task inside a manual scope whose write `value` may show (through the storage
        edges, and an assemble's source), or None."""
        seen: set[SSAValue] = set()
        todo = [value]
        while todo:
            v = todo.pop()
            if v in seen or v in self.clean:
                continue
            seen.add(v)
            if isinstance(v, OpResult) and isinstance(v.op, CallOp | SubmitOp):
                if v.op in self.manual_tasks:
                    return v.op
                continue
            todo.extend(target for _, target in storage.edges(v, _no_kernel))
            if isinstance(v, OpResult) and isinstance(v.op, pt.AssembleOp):
                todo.append(v.op.source)
        self.clean.update(seen)
        return None

    def check_read(self, op: pt.ReadOp) -> None:
        writer = self.manual_writer(op.tensor)
        if writer is None:
            return
        loc = writer.location
        line = f" at line {loc.line.data}" if isinstance(loc, FileLineColLoc) else ""
        raise pass_error(
            op,
            f"reads {_describe(op.tensor)}, which '{writer.name}'{line} writes inside a manual "
            "scope: get_tensor_data waits only for a producer the runtime tracked, and a MANUAL "
            "scope tracks none, so the read could see stale data; read the value in a task "
            "that depends on the writer, or produce the tensor outside the manual scope",
        )


def _describe(value: SSAValue) -> str:
    if value.name_hint:
        return f"%{value.name_hint}"
    if isinstance(value, OpResult):
        return f"result #{value.index} of '{value.op.name}'"
    return "a block argument"


def check_manual_scopes(module: ModuleOp) -> None:
    """Check the manual-scope rules in every orchestration function of `module`. Returns None;
    raises a located PassFailedException for the first violation."""
    for f in orchestration_functions(module):
        checker = _Checker()
        checker.walk(f.body, False)
        for read in checker.reads:
            checker.check_read(read)


@dataclass(frozen=True)
class VerifyManualScopes(ModulePass):
    """Fail on a scalar read of a tensor a manual-scope task wrote, or a scope nested in a
    manual scope (docs/passes/verify-manual-scopes.md)."""

    name = "verify-manual-scopes"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_manual_scopes(op)
