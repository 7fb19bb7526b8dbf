"""Manual scopes as PTO2 C++: the block, hoisting, retained buffers and scalar reads.

Spec: seeds/000, "Manual Scope 与 TaskId 降级" (`pto_rt.scope manual` ->
`PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... }`, every task a plain `Arg`), "跨作用域张量与
manual_scope" (a manual scope is a scheduling region, not a storage scope: tensors created in
the block are allocated before its header, outputs aliasing outer tensors are remapped);
DESIGN.md section 5 (difference 5: manual tasks retain the buffers they use; difference 6: no
scalar read of a tensor a manual task wrote).

    uint32_t tmp_ci_shapes[2] = {16, 16};          creates of the manual block whose extents
    TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, ...);  are known outside it: allocated before
    TaskOutputTensors alloc_1 = alloc_tensors(tmp_ci);   the header (hoisted)
    const Tensor& tmp = alloc_1.get_ref(0);
    PTO2TaskId alloc_1_tid = alloc_1.task_id();     once a manual task uses the batch

    Tensor acc;                                     loop carries / if results declared directly
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {             in the block: declared before the header,
        acc = ext_x;                                assigned in place
        ...
    }

Hoisting of variables declared directly in the manual block: tensor and scalar carries and if
results always; TaskId arrays (array carries, array if results) when the manual scope yields
the loop's / if's result, so the array outlives the block (seeds/000, the array carry whose
backing storage lives outside the scope survives its exit). Scalar TaskIds are never hoisted:
a TaskId produced in a scope is not usable after it (rule 5 of the target, deps.py).

Retained buffers: every task inside a manual scope (at any depth) lists, unguarded, the TaskId
of each `alloc_tensors` batch whose buffer one of its tensor arguments is. The batch a C++
tensor comes from is found by following the IR's aliasing (views, task results aliasing their
Out/InOut argument, writes, assembles, scope / loop / if results) back to the
`pto_tensor.create`. A value carried through a loop or an if may be one of several buffers:
every batch it may come from is retained, which is exact when each of those batches is
allocated outside the variable's C++ block; a buffer allocated again inside it (a per-
iteration buffer carried into the next iteration) has no TaskId in scope, which is a located
error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue

from pypto_dialects.orch import ArgDirection, CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.targets.pto2_cpp.deps import TaskIdVar, array_size, op_line
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr
from pypto_dialects.tensor import (
    AssembleOp,
    CreateOp,
    ReshapeOp,
    SliceOp,
    TransposeOp,
    ViewOp,
    WriteOp,
)

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter
    from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering

VIEWS = (SliceOp, ViewOp, ReshapeOp, TransposeOp)


@dataclass
class ManualCtx:
    """An open `PTO2_SCOPE(PTO2ScopeMode::MANUAL)` block: its op, its C++ block, the block
    around it, and where its header line is (hoisted declarations go before it)."""

    op: ScopeOp
    block: CppBlock
    outer: CppBlock
    header: int
    depth: int


@dataclass
class AllocRecord:
    """One printed `alloc_tensors` batch: its name, where its lines end (the TaskId capture
    goes there), its C++ block, and its retain TaskId once a manual task needs it."""

    name: str
    index: int
    depth: int
    block: CppBlock
    creates: list[Operation] = field(default_factory=list)
    tid: TaskIdVar | None = None


# ---------------------------------------------------------------------- the manual block


def emit_manual_scope(low: TaskIdLowering, op: ScopeOp) -> None:
    """Print a `pto_rt.scope manual [compiler_owned]` op and bind its results."""
    from pypto_dialects.targets.pto2_cpp.tensor_ops import emit_entry_allocs

    p = low.p
    w = p.w
    block = op.body.block
    hoisted = emit_entry_allocs(p, block)  # printed in the enclosing block: before the header
    w.blank()
    p.open_block("PTO2_SCOPE(PTO2ScopeMode::MANUAL)")
    ctx = ManualCtx(op, p.block, p.block.parent, low.edits.last(), w.depth - 1)  # type: ignore[arg-type]
    low.manual.append(ctx)
    yielded: list[Expr | None] = [None] * len(op.res)

    def on_yield(term: Operation) -> None:
        for j, v in enumerate(term.operands):
            if op.res[j].first_use is not None:
                yielded[j] = p.lookup(v, term)

    p.emit_block(block, on_yield, hoisted=hoisted)
    low.manual.pop()
    p.close_block()
    w.blank()
    for j, r in enumerate(op.res):
        if yielded[j] is not None:
            p.bind(r, yielded[j])  # type: ignore[arg-type]


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
    decl = f"PTO2TaskId {b.name}[{n}];" if n else f"{b.ctype} {b.name};"
    if hoist:
        assert ctx is not None
        low.edits.insert_before(ctx.header, ctx.depth, [decl])
        b.block = ctx.outer
    if n:
        if not hoist:
            w.line(decl)
        if init is not None:
            from pypto_dialects.targets.pto2_cpp.task_arrays import fill_array

            fill_array(low, b, init)  # type: ignore[arg-type]
        return
    if init is None:
        if not hoist:
            w.line(decl)
        return
    text = p.mark(init).text
    if hoist:
        w.line(f"{b.name} = {text};")
    else:
        w.line(f"{b.ctype} {b.name} = {text};")


# ---------------------------------------------------------------------- retained buffers


def record_alloc(low: TaskIdLowering, alloc: str, creates: list[Operation]) -> None:
    """Remember an `alloc_tensors` batch just printed (its `get_ref` lines end here)."""
    p = low.p
    rec = AllocRecord(alloc, low.edits.here(), p.w.depth, p.block, list(creates))
    for c in creates:
        low.allocs[c] = rec


def alloc_tid(low: TaskIdLowering, rec: AllocRecord) -> TaskIdVar:
    """`alloc_<N>_tid`, captured once right after the batch (on first need)."""
    if rec.tid is None:
        name = low.p.names.numbered(f"{rec.name}_tid")
        rec.tid = TaskIdVar(name, rec.block, guard=False)
        low.edits.insert_before(rec.index, rec.depth, [f"PTO2TaskId {name} = {rec.name}.task_id();"])
    return rec.tid


def _is_ancestor(outer: CppBlock, inner: CppBlock) -> bool:
    cur: CppBlock | None = inner
    while cur is not None:
        if cur is outer:
            return True
        cur = cur.parent
    return False


class _Sources:
    """The `pto_tensor.create`s whose buffer a tensor value may be, each with the C++ carry /
    if-result variables passed on the way (one walk per value; cycles through loop carries
    are cut)."""

    def __init__(self, p: FunctionPrinter) -> None:
        self.p = p
        self.out: list[tuple[CreateOp, tuple[Binding, ...]]] = []
        self.active: set[SSAValue] = set()

    def _var(self, value: SSAValue, init: SSAValue | None) -> Binding | None:
        b = self.p.env.get(value)
        if not isinstance(b, Binding):
            return None
        if init is not None and self.p.env.get(init) is b:
            return None  # a no-rebind carry: the init's own variable
        return b

    def walk(self, value: SSAValue, via: tuple[Binding, ...] = ()) -> None:
        if value in self.active:
            return
        self.active.add(value)
        try:
            self._walk(value, via)
        finally:
            self.active.discard(value)

    def _walk(self, value: SSAValue, via: tuple[Binding, ...]) -> None:
        from pypto_dialects.transforms.derive_call_directions import yield_values

        if isinstance(value, BlockArgument):
            loop = value.block.parent_op()
            if isinstance(loop, scf.ForOp) and value.index > 0:
                k = value.index - 1
                init = loop.iter_args[k]
                var = self._var(value, init)
                nv = via + (var,) if var is not None else via
                self.walk(init, nv)
                ys = yield_values(loop)
                if k < len(ys):
                    self.walk(ys[k], nv)
            return  # a function argument: an external buffer
        op = value.owner
        if isinstance(op, CreateOp):
            self.out.append((op, via))
        elif isinstance(op, VIEWS):
            self.walk(op.source, via)
        elif isinstance(op, WriteOp):
            self.walk(op.tensor, via)
        elif isinstance(op, AssembleOp):
            self.walk(op.target, via)
        elif isinstance(op, CallOp | SubmitOp):
            kernel = self.p.kernels.get(op.callee.root_reference.data)
            if kernel is not None:
                idx = kernel.result_param_indices()
                k = list(op.kernel_result_values()).index(value)
                if k < len(idx):
                    self.walk(op.args[idx[k]], via)
        elif isinstance(op, ScopeOp):
            ys = yield_values(op)
            if value.index < len(ys):  # type: ignore[attr-defined]
                self.walk(ys[value.index], via)  # type: ignore[attr-defined]
        elif isinstance(op, scf.ForOp):
            self.walk(op.body.block.args[value.index + 1], via)  # type: ignore[attr-defined]
        elif isinstance(op, scf.IfOp):
            var = self._var(value, None)
            nv = via + (var,) if var is not None else via
            for region in (0, 1):
                ys = yield_values(op, region)
                if value.index < len(ys):  # type: ignore[attr-defined]
                    self.walk(ys[value.index], nv)  # type: ignore[attr-defined]


def retain_edges(low: TaskIdLowering, op: CallOp | SubmitOp) -> list[TaskIdVar]:
    """The `alloc_<N>_tid`s a task inside a manual scope lists (DESIGN.md difference 5); []
    outside manual scopes. Located error when a buffer's batch TaskId is not in scope."""
    if not low.manual:
        return []
    dirs = op.directions() or []
    out: list[TaskIdVar] = []
    for value, d in zip(op.args, dirs):
        if d == ArgDirection.SCALAR or not isinstance(value.type, TensorType):
            continue
        src = _Sources(low.p)
        src.walk(value)
        for create, via in src.out:
            rec = low.allocs.get(create)
            ok = rec is not None and rec.block.open
            if ok and via:
                ok = all(_is_ancestor(rec.block, v.block) for v in via)  # type: ignore[union-attr]
            if not ok:
                raise _unretainable(op, value, create, via)
            tid = alloc_tid(low, rec)  # type: ignore[arg-type]
            if tid not in out:
                out.append(tid)
    return out


def _unretainable(
    op: Operation, value: SSAValue, create: CreateOp, via: tuple[Binding, ...]
) -> Exception:
    from pypto_dialects.targets.pto2_cpp.function import describe

    name = describe(create.result)
    line = op_line(create)
    carried = f" (it is carried in the C++ variable '{via[-1].name}')" if via else ""
    return codegen_error(
        op,
        f"passes {describe(value)}{carried} to a task inside a manual scope; its buffer may be "
        f"the one {name}" + (f" at {line}" if line else "") + " allocates in an earlier "
        "iteration or branch, whose alloc_tensors TaskId is not in scope here, so the task "
        "cannot retain the buffer (DESIGN.md section 5, difference 5): create the buffer "
        "outside the loop or if that carries it (e.g. two buffers before the loop, swapped "
        "through the carries), or run this task outside the manual scope",
    )


# ---------------------------------------------------------------------- scalar reads


def _in_manual(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, ScopeOp) and parent.is_manual:
            return True
        parent = parent.parent_op()
    return False


def manual_writer(value: SSAValue) -> Operation | None:
    """The task inside a manual scope that produced `value` (through aliasing), or None."""
    from pypto_dialects.transforms.derive_call_directions import yield_values

    seen: set[SSAValue] = set()
    todo = [value]
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        if isinstance(v, BlockArgument):
            owner = v.block.parent_op()
            if isinstance(owner, scf.ForOp) and v.index > 0:
                todo.append(owner.iter_args[v.index - 1])
                ys = yield_values(owner)
                if v.index - 1 < len(ys):
                    todo.append(ys[v.index - 1])
            continue
        op = v.owner
        if isinstance(op, CallOp | SubmitOp):
            if _in_manual(op):
                return op
        elif isinstance(op, VIEWS):
            todo.append(op.source)
        elif isinstance(op, WriteOp):
            todo.append(op.tensor)
        elif isinstance(op, AssembleOp):
            todo.extend((op.target, op.source))
        elif isinstance(op, ScopeOp):
            ys = yield_values(op)
            if v.index < len(ys):  # type: ignore[attr-defined]
                todo.append(ys[v.index])  # type: ignore[attr-defined]
        elif isinstance(op, scf.ForOp):
            todo.append(op.body.block.args[v.index + 1])  # type: ignore[attr-defined]
        elif isinstance(op, scf.IfOp):
            for region in (0, 1):
                ys = yield_values(op, region)
                if v.index < len(ys):  # type: ignore[attr-defined]
                    todo.append(ys[v.index])  # type: ignore[attr-defined]
    return None


def check_read(op: Operation) -> None:
    """DESIGN.md difference 6: `pto_tensor.read` of a tensor a manual-scope task wrote."""
    from pypto_dialects.targets.pto2_cpp.function import describe

    tensor = op.operands[0]
    writer = manual_writer(tensor)
    if writer is None:
        return
    line = op_line(writer)
    raise codegen_error(
        op,
        f"reads {describe(tensor)}, which '{writer.name}'"
        + (f" at {line}" if line else "")
        + " writes inside a manual scope: get_tensor_data waits only for a producer the "
        "runtime tracked, and a MANUAL scope tracks none, so the read could see stale data "
        "(DESIGN.md section 5, difference 6); read the value in a task that depends on the "
        "writer, or produce the tensor outside the manual scope",
    )
