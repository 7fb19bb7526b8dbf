"""`verify-orchestration-outputs`: the results of an orchestration function reach the host
only through its `out` / `inout` parameters, so a returned tensor must be one of them and an
`out` parameter must be written. Rules: docs/passes/verify-orchestration-outputs.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import VerifyException

from pypto_dialects import tensor as pt
from pypto_dialects.analysis import storage_roots
from pypto_dialects.attrs import ParamDirection
from pypto_dialects.diagnostics import location_of, pass_error
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.orch_attrs import orchestration_functions, param_directions
from pypto_dialects.parsing import source_name
from pypto_dialects.symbols import SymbolTableCollection


def _name(v: SSAValue) -> str:
    name = source_name(v)
    return f"%{name}" if name else "the value"


def _at(v: OpResult) -> str:
    return location_of(v.op).split(":", 1)[-1]


def _created_origin(v: SSAValue, symbols: SymbolTableCollection) -> OpResult | None:
    """The first `pto_tensor.create` result whose storage `v` may be (storage_roots.reachable:
    back through every storage edge, depth first)."""
    return next(
        (
            c
            for c in storage_roots.reachable(v, symbols)
            if isinstance(c, OpResult) and isinstance(c.op, pt.CreateOp)
        ),
        None,
    )


def _is_written(param: SSAValue, symbols: SymbolTableCollection) -> bool:
    """Some task (through an `out` / `inout` kernel parameter), `pto_tensor.write` or
    `pto_tensor.assemble` writes `param`'s storage: a use of any value that may hold it or
    part of it (storage_roots.reachable, forward); stops at the first writer."""
    for cur in storage_roots.reachable(param, symbols, forward=True):
        for use in cur.uses:
            op, i = use.operation, use.index
            if isinstance(op, CallOp | SubmitOp):
                try:
                    dirs = op.kernel(symbols).directions()  # args are the first operands
                except VerifyException as err:
                    raise pass_error(op, str(err)) from None
                if i < len(op.args) and i < len(dirs) and dirs[i] != ParamDirection.IN:
                    return True
                continue
            if isinstance(op, pt.WriteOp) and op.tensor is cur:
                return True
            if isinstance(op, pt.AssembleOp) and op.target is cur:
                return True
    return False


def _check(f: func.FuncOp, symbols: SymbolTableCollection) -> None:
    params = f.body.block.args
    dirs = param_directions(f)
    unwritten = [
        p
        for p, d in zip(params, dirs)
        if d == ParamDirection.OUT
        and isinstance(p.type, TensorType)
        and not _is_written(p, symbols)
    ]
    ret = f.body.block.last_op
    if isinstance(ret, func.ReturnOp):
        for r in ret.arguments:
            if not isinstance(r.type, TensorType):
                continue
            c = _created_origin(r, symbols)
            if c is None:
                continue
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
            symbols = SymbolTableCollection()
            for f in funcs:
                _check(f, symbols)
