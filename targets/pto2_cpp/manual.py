"""Manual scopes as PTO2 C++: the block, hoisting and retained buffers (the scope rules are
checked before printing: transforms/verify_orchestration.py).

Spec: PyPTO's orchestration codegen document, "Manual Scope 与 TaskId 降级" (`pto_rt.scope manual` ->
`PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... }`, every task a plain `Arg`), "跨作用域张量与
manual_scope" (a manual scope is a scheduling region, not a storage scope: tensors created in
the block are allocated before its header, outputs aliasing outer tensors are remapped);
docs/targets/pto2-cpp.md (difference 5: manual tasks retain the buffers they use).

    uint32_t tmp_ci_shapes[2] = {16, 16};          creates of the manual block whose extents
    TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, ...);  are known outside it: allocated before
    TaskOutputTensors alloc_1 = alloc_tensors(tmp_ci);   the header (hoisted)
    const Tensor& tmp = alloc_1.get_ref(0);
    PTO2TaskId alloc_1_tid = alloc_1.task_id();     once a manual task uses the batch

    Tensor acc = ext_x;                             loop carries / if results declared directly
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {             in the block: declared before the header
        ...                                         (with the init when it is final there),
    }                                               assigned in place

Hoisting of variables declared directly in the manual block: tensor and scalar carries and if
results always; TaskId arrays (array carries, array if results) when the manual scope yields
the loop's / if's result, so the array outlives the block (PyPTO's orchestration codegen document, the array carry whose
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

from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.orch import ArgDirection, CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.targets.pto2_cpp.deps import TaskIdVar, array_size, op_line
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr
from pypto_dialects.tensor import CreateOp

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

    p.emit_block(block, on_yield, hoisted=hoisted)
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


# ---------------------------------------------------------------------- retained buffers


def record_alloc(low: TaskIdLowering, alloc: str, creates: list[Operation]) -> None:
    """Remember an `alloc_tensors` batch just printed (its `get_ref` lines end here)."""
    p = low.p
    rec = AllocRecord(alloc, low.edits.here(), p.w.depth, p.block, list(creates))
    for c in creates:
        low.allocs[c] = rec
        low.create_seq[c] = len(low.create_seq)


def alloc_tid(low: TaskIdLowering, rec: AllocRecord) -> TaskIdVar:
    """`alloc_<N>_tid`, captured once right after the batch (on first need)."""
    if rec.tid is None:
        name = low.p.names.numbered(f"{rec.name}_tid")
        rec.tid = TaskIdVar(name, rec.block, guard=False)
        line = f"PTO2TaskId {name} = {rec.name}.task_id();"
        low.edits.insert_before(rec.index, rec.depth, [line])
    return rec.tid


def _is_ancestor(outer: CppBlock, inner: CppBlock) -> bool:
    cur: CppBlock | None = inner
    while cur is not None:
        if cur is outer:
            return True
        cur = cur.parent
    return False


Source = tuple[CreateOp, tuple[Binding, ...]]
"""A `pto_tensor.create` a tensor may be the buffer of, with the C++ carry / if-result
variables passed on the way there."""


class BufferSources:
    """Which `pto_tensor.create`s' buffers a tensor value may be, per function.

    Follows the aliasing backwards: views to their source, task results to the Out/InOut
    argument they are, writes and assembles to their target, scope results to the yielded
    value, loop results to the iter_arg; a no-rebind iter_arg is its init (the carry plan
    says the yield is that buffer), a rebind iter_arg is its init or its yield and an if
    result either branch's yield, and those pass through their C++ variable. Straight chains
    are walked without recursion and memoized, so each value is resolved once; a cycle
    through loop carries is cut (and what was computed across the cut is not memoized)."""

    def __init__(self, p: FunctionPrinter) -> None:
        self.p = p
        self.memo: dict[SSAValue, frozenset[Source]] = {}
        self.active: set[SSAValue] = set()
        self.cuts = 0

    def _var(self, value: SSAValue) -> Binding | None:
        b = self.p.env.get(value)
        return b if isinstance(b, Binding) else None

    def _step(self, value: SSAValue) -> tuple[str, object]:
        """('one', pred) | ('leaf', create) | ('none', None) | ('many', [(pred, var)])."""
        if isinstance(value, BlockArgument):
            links = storage.iter_arg_edges(value)
            if not links:
                return ("none", None)  # a function argument: an external buffer
            init = links[0][1]
            var = self._var(value)
            if var is None or var is self.p.env.get(init):
                return ("one", init)  # a no-rebind carry: the init's buffer throughout
            return ("many", [(pred, var) for _, pred in links])
        if isinstance(value, OpResult) and isinstance(value.op, CreateOp):
            return ("leaf", value.op)
        links = storage.edges(value, self.p.symbols)
        if not links:
            return ("none", None)
        if len(links) == 1:
            return ("one", links[0][1])
        var = self._var(value)  # an scf.if result: either branch's value, in its variable
        return ("many", [(pred, var) for _, pred in links])

    def of(self, value: SSAValue) -> frozenset[Source]:
        """The sources of `value`."""
        chain: list[SSAValue] = []
        cuts = self.cuts
        v = value
        while True:
            known = self.memo.get(v)
            if known is not None:
                res = known
                break
            kind, data = self._step(v)
            if kind == "one":
                chain.append(v)
                v = data  # type: ignore[assignment]
                continue
            if kind == "leaf":
                res = frozenset({(data, ())})  # type: ignore[arg-type]
            elif kind == "none":
                res = frozenset()
            else:
                res = self._branch(v, data)  # type: ignore[arg-type]
            chain.append(v)
            break
        if self.cuts == cuts:
            for c in chain:
                self.memo[c] = res
        return res

    def _branch(
        self, value: SSAValue, preds: list[tuple[SSAValue, Binding | None]]
    ) -> frozenset[Source]:
        if value in self.active:
            self.cuts += 1
            return frozenset()
        self.active.add(value)
        out: set[Source] = set()
        try:
            for pred, var in preds:
                for create, via in self.of(pred):
                    out.add((create, (var,) + via if var is not None else via))
        finally:
            self.active.discard(value)
        return frozenset(out)


def _order(low: TaskIdLowering, source: Source) -> tuple[int, str, int]:
    """A deterministic order of sources: allocation order, then the source location."""
    create, via = source
    seq = low.create_seq.get(create)
    if seq is not None:
        return (seq, "", len(via))
    return (len(low.create_seq), str(create.location), len(via))  # not allocated (an error)


def retain_edges(low: TaskIdLowering, op: CallOp | SubmitOp) -> list[TaskIdVar]:
    """The `alloc_<N>_tid`s a task inside a manual scope lists (docs/targets/pto2-cpp.md, difference 5); []
    outside manual scopes. Located error when a buffer's batch TaskId is not in scope."""
    if not low.manual:
        return []
    dirs = op.directions() or []
    out: list[TaskIdVar] = []
    for value, d in zip(op.args, dirs):
        if d == ArgDirection.SCALAR or not isinstance(value.type, TensorType):
            continue
        sources = low.sources.of(value)
        if len(sources) > 1:
            sources = sorted(sources, key=lambda s: _order(low, s))  # type: ignore[assignment]
        for create, via in sources:
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
        "cannot retain the buffer (docs/targets/pto2-cpp.md, difference 5): create the buffer "
        "outside the loop or if that carries it (e.g. two buffers before the loop, swapped "
        "through the carries), or run this task outside the manual scope",
    )
