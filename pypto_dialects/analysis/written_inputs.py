"""The rule "an orchestration function writes no `in` parameter", checked once per function
by the verifier of `pto_orch.kind = #pto_orch.kind<orchestration>` (docs/dialects/
pto_orch.md, "Writes into parameters").

Each written tensor (the target of `pto_tensor.write` and `pto_tensor.assemble`, an argument
of a task for an `out` / `inout` kernel parameter) is asked which buffers it may be (the
storage-root analysis, may-alias: an `scf.if` result is either branch's value, a loop carry
its init or its yielded value). When one of them is an `in` parameter, the write is a located
error on the writing op that names the parameter and the path from the written value to it.
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

from pypto_dialects import tensor as pt
from pypto_dialects.analysis import storage_roots
from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import Link, RootSets
from pypto_dialects.attrs import ParamDirection
from pypto_dialects.diagnostics import LocatedVerifyException, format_op_error, location_of
from pypto_dialects.name_locs import source_name
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.orch_attrs import param_directions
from pypto_dialects.symbols import SymbolTableCollection, verifying


def _writes(op: Operation, symbols: SymbolTableCollection) -> list[tuple[SSAValue, str]]:
    """The tensors `op` writes, each with the verb of its diagnostic."""
    if isinstance(op, pt.WriteOp):
        return [(op.tensor, "writes")]
    if isinstance(op, pt.AssembleOp):
        return [(op.target, "assembles into")]
    if isinstance(op, CallOp | SubmitOp):
        try:
            dirs = op.kernel(symbols).directions()
        except VerifyException:
            return []  # reported by the task's own verifier
        return [
            (a, f"argument {i} is '{d.value}', so the task writes")
            for i, (a, d) in enumerate(zip(op.args, dirs))
            if d != ParamDirection.IN and isinstance(a.type, TensorType)
        ]
    return []


def _writes_value(op: Operation, value: SSAValue, symbols: SymbolTableCollection) -> bool:
    """Whether `value` is among the tensors `op` writes (`_writes`, without its messages)."""
    if isinstance(op, pt.WriteOp):
        return op.tensor is value
    if isinstance(op, pt.AssembleOp):
        return op.target is value
    if isinstance(op, CallOp | SubmitOp):
        if not isinstance(value.type, TensorType):
            return False
        try:
            dirs = op.kernel(symbols).directions()
        except VerifyException:
            return False  # reported by the task's own verifier
        return any(a is value and d != ParamDirection.IN for a, d in zip(op.args, dirs))
    return False


def verify_no_written_inputs(function: func.FuncOp) -> None:
    """Raise a LocatedVerifyException on the first op (in program order) of the orchestration
    function `function` that writes a tensor which may be one of its `in` parameters."""
    if not function.body.blocks:
        return
    params = function.body.block.args
    inputs = {
        p
        for p, d in zip(params, param_directions(function))
        if d == ParamDirection.IN and isinstance(p.type, TensorType)
    }
    if not inputs:
        return
    symbols = verifying() or SymbolTableCollection()
    if not _may_write_inputs(function, inputs, symbols):
        return
    roots = RootSets(symbols)
    for op in walk_list(function):
        for value, verb in _writes(op, symbols):
            place = roots.of(value)
            hit = [p for p in params if p in inputs and p in place.roots]
            if hit:
                param = hit[0]
                raise LocatedVerifyException(
                    format_op_error(
                        op, _message(function, value, param, verb, len(place.roots) > 1, symbols)
                    )
                )


def _may_write_inputs(
    function: func.FuncOp, inputs: set[BlockArgument], symbols: SymbolTableCollection
) -> bool:
    """Whether an op of `function` writes a value that may hold the storage of one of
    `inputs` (forward from them through `holders`, the mirror of the edges `RootSets`
    resolves a written value through, by the ops of `function` only): False proves that no
    written value has an `in` parameter among its roots, at the cost of the uses of those
    values rather than of every write of the function."""
    among = set(walk_list(function))
    reach: set[SSAValue] = set(inputs)
    todo: list[SSAValue] = list(inputs)
    while todo:
        value = todo.pop()
        for use in value.uses:
            op = use.operation
            if op in among and _writes_value(op, value, symbols):
                return True
        for _, nxt in storage_roots.holders(value, symbols, among):
            if nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    return False


def _message(
    function: func.FuncOp,
    value: SSAValue,
    param: BlockArgument,
    verb: str,
    may: bool,
    symbols: SymbolTableCollection,
) -> str:
    steps = storage_roots.path(value, param, symbols)
    part = "part of " if any(link is Link.PART for _, link, _ in steps) else ""
    what = f"parameter {param.index} of @{function.sym_name.data}, an 'in' parameter"
    if not steps:
        head = f"{verb} {part}{what}"
    else:
        be = "may be" if may else "is"
        path = "; ".join(_step(v, link, nxt) for v, link, nxt in steps)
        head = f"{verb} {_name(value)}, which {be} {part}{what} ({path})"
    return (
        f"{head}: declare it written with {{pto_orch.dir = #pto_orch.dir<inout>}} (or <out> "
        "when nothing reads it first), or write into a pto_tensor.create"
    )


def _at(op: Operation) -> str:
    return location_of(op).split(":", 1)[-1]


def _name(v: SSAValue) -> str:
    """`%x` (its name in the source), else `iter_arg #k` / `result #k` (the step that
    follows names the op)."""
    name = source_name(v)
    if name:
        return f"%{name}"
    if isinstance(v, BlockArgument):
        return f"iter_arg #{v.index - 1}"
    assert isinstance(v, OpResult), v
    return f"result #{v.index}"


def _step(v: SSAValue, link: Link, nxt: SSAValue) -> str:
    """One storage edge, `v` -> `nxt`, in words: `%s, a result of the scf.if at 4:3, may be
    %a`."""
    a, b = _name(v), _name(nxt)
    if isinstance(v, BlockArgument):
        loop = v.block.parent_op()
        assert isinstance(loop, scf.ForOp)
        k = v.index - 1
        role = f"{a}, an iter_arg of the scf.for at {_at(loop)},"
        if k < len(loop.iter_args) and loop.iter_args[k] is nxt:
            return f"{role} starts as {b}"
        return f"{role} is {b} from the previous iteration"
    assert isinstance(v, OpResult)
    op = v.op
    if link is Link.PART:
        return f"{a}, the {op.name} at {_at(op)}, is part of {b}"
    if link is Link.RESHAPED:
        return f"{a}, the {op.name} at {_at(op)}, is {b} under another shape"
    role = f"{a}, a result of the {op.name} at {_at(op)},"
    if isinstance(op, scf.IfOp):
        return f"{role} may be {b}"
    if isinstance(op, scf.ForOp):
        return f"{role} is the last {b}"
    if isinstance(op, CallOp | SubmitOp):
        return f"{role} is its argument {b}"
    if isinstance(op, pt.WriteOp):
        return f"{role} is {b} after the write"
    if isinstance(op, pt.AssembleOp):
        return f"{role} is {b} after the assemble"
    return f"{role} is {b}"
