"""Manual scopes as PTO2 C++: the block, hoisting and retained buffers (the scope rules are
checked before printing: transforms/verify_orchestration.py).

Spec: PyPTO's orchestration codegen document, "Manual Scope 与 TaskId 降级" (`pto_rt.scope manual` ->
`PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... }`, every task a plain `Arg`), "跨作用域张量与
manual_scope" (a manual scope is a scheduling region, not a storage scope: tensors created in
the block are allocated before its header, outputs aliasing outer tensors are remapped);
docs/targets/pto2-cpp.md (difference 5: manual tasks retain the buffers they use).

    uint32_t tmp_ci_shapes[2] = {16, 16};          the batch batch-tensor-allocations put
    TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, ...);  before the scope (a pto_tensor.alloc_tensors
    TaskOutputTensors alloc_1 = alloc_tensors(tmp_ci);   op of the enclosing block)
    const Tensor& tmp = alloc_1.get_ref(0);
    PTO2TaskId alloc_1_tid = alloc_1.task_id();     listed by the manual tasks' compiler_deps

    Tensor acc = ext_x;                             loop carries / if results declared directly
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {             in the block: declared before the header
        ...                                         (with the init when it is final there),
    }                                               assigned in place

Hoisting of variables declared directly in the manual block: tensor and scalar carries and if
results always; TaskId arrays (array carries, array if results) when the manual scope yields
the loop's / if's result, so the array outlives the block (PyPTO's orchestration codegen document, the array carry whose
backing storage lives outside the scope survives its exit). Scalar TaskIds are never hoisted:
a TaskId produced in a scope is not usable after it (rule 5 of the target, deps.py).

Retained buffers are ordinary compiler deps: add-retain-edges lists each batch TaskId a
manual task needs (docs/passes/add-retain-edges.md), and batch-tensor-allocations places the
batch of the block's creates before the header (docs/passes/batch-tensor-allocations.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import TensorType
from xdsl.ir import SSAValue

from pypto_dialects.rt import ScopeOp
from pypto_dialects.targets.pto2_cpp.deps import TaskIdVar, array_size
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter
    from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering


@dataclass
class ManualCtx:
    """An open `PTO2_SCOPE(PTO2ScopeMode::MANUAL)` block: its op, its C++ block, the block
    around it, and where its header line is (hoisted declarations go before it)."""

    op: ScopeOp
    block: CppBlock
    outer: CppBlock
    header: int
    depth: int
    hoisted: set[Binding] = field(default_factory=set)


# ---------------------------------------------------------------------- the manual block


def emit_manual_scope(low: TaskIdLowering, op: ScopeOp) -> None:
    """Print a `pto_rt.scope manual [compiler_owned]` op and bind its results."""
    p = low.p
    w = p.w
    block = op.body.block
    w.blank()
    from pypto_dialects.targets.pto2_cpp.control_flow import hoist_task_id_results

    fwd = p.forwards.pop(op, None)
    tid_results = hoist_task_id_results(p, op, fwd)
    p.open_block("PTO2_SCOPE(PTO2ScopeMode::MANUAL)")
    ctx = ManualCtx(op, p.block, p.block.parent, low.edits.last(), w.depth - 1)  # type: ignore[arg-type]
    low.manual.append(ctx)
    yielded: list[Expr | None] = [None] * len(op.res)

    # A loop body / branch that is one manual scope (materialize-runtime-scopes makes
    # compiler-owned ones): the carry / if-result assignments happen inside the block, where
    # the yielded values are declared (as for auto scopes).
    from pypto_dialects.targets.pto2_cpp.control_flow import (
        bind_scope_results,
        scope_yield_handler,
    )

    on_yield = scope_yield_handler(p, op, fwd, yielded, tid_results)

    p.emit_block(block, on_yield)
    low.manual.pop()
    p.close_block()
    w.blank()
    bind_scope_results(p, op, fwd, yielded, tid_results)


def in_manual_block(low: TaskIdLowering) -> ManualCtx | None:
    """The manual scope whose block is the C++ block being printed (directly), or None."""
    if low.manual and low.manual[-1].block is low.p.block:
        return low.manual[-1]
    return None


def leaves_manual_scope(low: TaskIdLowering, value: SSAValue) -> bool:
    """Whether `value` is yielded by the manual scope whose block is being printed."""
    ctx = in_manual_block(low)
    if ctx is None:
        return False
    term = ctx.op.body.block.last_op
    return any(use.operation is term for use in value.uses)


def declare_var(low: TaskIdLowering, b: Binding, init: Expr | None) -> None:
    """Print the declaration of a loop carry / if result variable `b` (with its initial
    value `init`, or none for an if result), hoisted before the manual header when it is
    declared directly in a manual block (tensors and scalars always, TaskId arrays when
    `b.hoist`)."""
    p = low.p
    w = p.w
    ctx = in_manual_block(low)
    is_tid = isinstance(b, TaskIdVar)
    hoist = ctx is not None and (not is_tid or b.hoist)  # type: ignore[union-attr]
    n = array_size(b)

    def decl() -> str:
        if n:
            return f"PTO2TaskId {b.name}[{n}];"
        if b.ctype == "Tensor":
            # The runtime's Tensor has no public default constructor: a variable declared
            # before its value is known starts as a copy of a tensor parameter.
            return f"Tensor {b.name} = {placeholder_tensor(p).text};"
        return f"{b.ctype} {b.name};"

    if hoist:
        assert ctx is not None
        ctx.hoisted.add(b)
        b.block = ctx.outer
        if not n and init is not None and _final_before(ctx, init):
            # declared with its initial value: nothing in the block can have changed it yet
            text = p.mark(init).text
            low.edits.insert_before(ctx.header, ctx.depth, [f"{b.ctype} {b.name} = {text};"])
            return
        low.edits.insert_before(ctx.header, ctx.depth, [decl()])
    if n:
        if not hoist:
            w.line(decl())
        if init is not None:
            from pypto_dialects.targets.pto2_cpp.task_arrays import fill_array

            fill_array(low, b, init)  # type: ignore[arg-type]
        return
    if init is None:
        if not hoist:
            w.line(decl())
        return
    text = p.mark(init).text
    if hoist:
        w.line(f"{b.name} = {text};")
    else:
        w.line(f"{b.ctype} {b.name} = {text};")


def placeholder_tensor(p: FunctionPrinter) -> Expr:
    """The C++ form of the function's first tensor parameter (marked used), the initial value
    of a `Tensor` variable declared before its value is known. A located error when the
    function has no tensor parameter."""
    for arg in p.func.body.block.args:
        if isinstance(arg.type, TensorType):
            return p.use(arg, p.func)
    raise codegen_error(
        p.func,
        "declares a tensor variable before its value is known (an scf.if result or a loop "
        "carry hoisted before a manual scope), and the runtime's Tensor must be initialised "
        "from an existing tensor: give the function a tensor parameter",
    )


def _final_before(ctx: ManualCtx, init: Expr) -> bool:
    """Whether `init` has its value already before the manual header: every variable it
    names is declared outside the block and is not one the block assigns before this point
    (another variable hoisted out of it)."""
    return all(
        d not in ctx.hoisted and not _is_ancestor(ctx.block, d.block) for d in init.deps
    )


def _is_ancestor(outer: CppBlock, inner: CppBlock) -> bool:
    cur: CppBlock | None = inner
    while cur is not None:
        if cur is outer:
            return True
        cur = cur.parent
    return False
