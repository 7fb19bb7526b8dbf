"""`verify-orchestration-outputs`: the results of an orchestration function reach the host
only through its `out` / `inout` parameters, so a returned tensor must be one of them and an
`out` parameter must be written. Rules: docs/passes/verify-orchestration-outputs.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import BlockArgument, SSAValue
from xdsl.passes import ModulePass

from pypto_dialects import tensor as pt
from pypto_dialects.attrs import ParamDirection
from pypto_dialects.diagnostics import location_of, pass_error
from pypto_dialects.orch import CallOp, SubmitOp, param_directions
from pypto_dialects.parsing import source_name
from pypto_dialects.transforms.buffer_aliases import BufferClasses
from pypto_dialects.transforms.derive_call_directions import (
    KernelTable,
    orchestration_functions,
)


def _name(v: SSAValue) -> str:
    name = source_name(v)
    return f"%{name}" if name else "the value"


def _at(v: SSAValue) -> str:
    return location_of(v.owner).split(":", 1)[-1]  # type: ignore[arg-type]


def _written(f: func.FuncOp, b: BufferClasses, kernels: KernelTable) -> set[SSAValue]:
    """Class roots some task, write or assemble writes."""
    out: set[SSAValue] = set()
    for op in f.body.walk():
        if isinstance(op, CallOp | SubmitOp):
            kernel = kernels.of(op)
            dirs = kernel.directions()
            for i, arg in enumerate(op.args):
                if i < len(dirs) and dirs[i] != ParamDirection.IN and isinstance(
                    arg.type, TensorType
                ):
                    out.add(b.find(arg))
        elif isinstance(op, pt.WriteOp):
            out.add(b.find(op.tensor))
        elif isinstance(op, pt.AssembleOp):
            out.add(b.find(op.target))
    return out


def _check(f: func.FuncOp, kernels: KernelTable) -> None:
    b = BufferClasses(f.body.block, kernels)
    params = f.body.block.args
    dirs = param_directions(f)
    written = _written(f, b, kernels)
    unwritten = [
        p
        for p, d in zip(params, dirs)
        if d == ParamDirection.OUT and isinstance(p.type, TensorType) and b.find(p) not in written
    ]
    ret = f.body.block.last_op
    if isinstance(ret, func.ReturnOp):
        for r in ret.arguments:
            if not isinstance(r.type, TensorType):
                continue
            created = [o for o in b.origins(r) if not isinstance(o, BlockArgument)]
            if not created:
                continue
            c = created[0]
            where = (
                f"returns {_name(r)}, whose storage is the tensor created at {_at(c)} "
                f"({_name(c)}): the host never sees it, since only 'out' and 'inout' "
                "parameters reach it"
            )
            if unwritten:
                d = unwritten[0]
                raise pass_error(
                    ret,
                    f"{where}, and the 'out' parameter {_name(d)} is never written: pass "
                    f"{_name(d)} to the task in place of {_name(c)} (or assemble {_name(c)} "
                    f"into {_name(d)})",
                )
            raise pass_error(
                ret,
                f"{where}: declare an 'out' parameter for it and let the task write that "
                f"parameter in place of {_name(c)}",
            )
    if unwritten:
        d = unwritten[0]
        raise pass_error(
            f,
            f"never writes its 'out' parameter {_name(d)} (argument "
            f"#{d.index}): no task, pto_tensor.write or pto_tensor.assemble writes it, so the "
            "host receives whatever the buffer held; let a task write it, or declare it 'in'",
        )


@dataclass(frozen=True)
class VerifyOrchestrationOutputs(ModulePass):
    """Fail, with a located error, when an orchestration function returns a tensor it
    created (the host would never see it) or never writes one of its `out` parameters.
    Changes nothing."""

    name = "verify-orchestration-outputs"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        funcs = orchestration_functions(op)
        if funcs:
            kernels = KernelTable(op)
            for f in funcs:
                _check(f, kernels)
