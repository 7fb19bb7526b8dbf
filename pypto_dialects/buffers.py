"""Which buffer a tensor value is: follow views, in-place writes, task results and loop
carries and scope results back to where the buffer comes from (a `pto_tensor.create`, a
function parameter, or a value this walk does not see through, such as an `scf.if` result)."""

from __future__ import annotations

from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

_VIEWS = {"pto_tensor.slice", "pto_tensor.view", "pto_tensor.reshape", "pto_tensor.transpose"}


def buffer_root(value: SSAValue) -> tuple[SSAValue, bool]:
    """The value whose buffer `value` is, and whether the walk went through a view (then
    `value` is part of that buffer only)."""
    through_view = False
    seen: set[SSAValue] = set()
    while value not in seen:
        seen.add(value)
        if isinstance(value, BlockArgument):
            parent = value.block.parent_op()
            if (
                parent is not None
                and parent.name == "scf.for"
                and 1 <= value.index
                and 2 + value.index < len(parent.operands)
            ):
                value = parent.operands[2 + value.index]  # lb, ub, step, then iter inits
                continue
            return value, through_view
        assert isinstance(value, OpResult)
        op = value.op
        if op.name in _VIEWS:
            value, through_view = op.operands[0], True
        elif op.name in ("pto_tensor.write", "pto_tensor.assemble") and len(op.operands) > 1:
            value = op.operands[1]
        elif op.name == "scf.for" and 3 + value.index < len(op.operands):
            value = op.operands[3 + value.index]
        elif op.name == "pto_rt.scope" and _yielded(op, value.index) is not None:
            value = _yielded(op, value.index)  # type: ignore[assignment]
        elif op.name in ("pto_orch.call", "pto_orch.submit"):
            try:
                params = op.kernel().result_param_indices()  # type: ignore[attr-defined]
                value = op.args[params[value.index]]  # type: ignore[attr-defined]
            except (VerifyException, IndexError):
                return value, through_view
        else:
            return value, through_view
    return value, through_view


def _yielded(scope: Operation, index: int) -> SSAValue | None:
    """The value a `pto_rt.scope` yields as its result `index`."""
    block = scope.regions[0].blocks.first if scope.regions else None
    term = block.last_op if block is not None else None
    if term is None or index >= len(term.operands):
        return None
    return term.operands[index]


def check_not_an_input(value: SSAValue, what: str) -> None:
    """Raise a VerifyException when `value`, which an op writes, is (part of) an `in`
    parameter of the orchestration function around it. The entry signature and
    kernel_config.json report a parameter's direction, and the runtime orders tasks by it,
    so a written parameter is declared `out` or `inout`."""
    from pypto_dialects.orch_attrs import is_orchestration, param_directions
    from pypto_dialects.attrs import ParamDirection

    root, through_view = buffer_root(value)
    if not isinstance(root, BlockArgument):
        return
    func = root.block.parent_op()
    if func is None or func.name != "func.func" or not is_orchestration(func):
        return
    if root.block is not func.regions[0].blocks.first:
        return
    if param_directions(func)[root.index] != ParamDirection.IN:
        return
    name = func.sym_name.data  # type: ignore[attr-defined]
    part = "part of " if through_view else ""
    raise VerifyException(
        f"{what} {part}parameter {root.index} of @{name}, an 'in' parameter: declare it "
        "written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads "
        "it first), or write into a pto_tensor.create"
    )
