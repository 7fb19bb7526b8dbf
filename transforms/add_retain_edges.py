"""`add-retain-edges`: every task inside a manual scope lists, in its `compiler_deps`, the
TaskId of each `pto_tensor.alloc_tensors` batch whose buffer one of its tensor arguments may
be. Rules: docs/passes/add-retain-edges.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, TensorType, i32
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass

from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.diagnostics import pass_error
from pypto_dialects.orch import ITER_ARG_REBIND, ArgDirection, CallOp, SubmitOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.rt import ScopeMode, ScopeOp
from pypto_dialects.tensor import AllocTensorsOp, CreateOp
from pypto_dialects.orch_attrs import orchestration_functions

Task = CallOp | SubmitOp
Source = tuple[CreateOp, tuple[SSAValue, ...]]
"""A create a tensor may be the buffer of, with the carries / if results (each a variable of
its own in the C++) passed on the way there, nearest to the task first."""


def _carrier(value: SSAValue) -> Operation:
    """The loop or if whose variable holds `value` (an iter_arg or an scf.if result)."""
    if isinstance(value, BlockArgument):
        op = value.block.parent_op()
    else:
        op = value.owner
    assert isinstance(op, Operation)
    return op


def _rebinds(value: BlockArgument) -> bool:
    """A loop carry with a variable of its own (rebind flag set, or no plan yet)."""
    loop = value.block.parent_op()
    plan = loop.attributes.get(ITER_ARG_REBIND) if loop is not None else None
    if not isinstance(plan, DenseArrayBase):
        return True
    flags = plan.get_values()
    k = value.index - 1
    return k >= len(flags) or bool(flags[k])


class BufferSources:
    """Which creates a tensor value may be the buffer of (storage_roots' edges, combined):
    a SAME / RESHAPED / PART edge is followed, a no-rebind carry is its init, a rebind carry
    or an scf.if result is any of its edges (through its variable). Memoized; a cycle through
    loop carries is cut (what was computed across the cut is not memoized)."""

    def __init__(self, symbols: SymbolTableCollection) -> None:
        self.symbols = symbols
        self.memo: dict[SSAValue, frozenset[Source]] = {}
        self.active: set[SSAValue] = set()
        self.cuts = 0

    def _step(self, value: SSAValue) -> tuple[str, object]:
        """('one', pred) | ('leaf', create) | ('none', None) | ('many', preds)."""
        if isinstance(value, BlockArgument):
            links = storage.iter_arg_edges(value)
            if not links:
                return ("none", None)  # a function argument: an external buffer
            if not _rebinds(value):
                return ("one", links[0][1])  # a no-rebind carry: the init's buffer throughout
            return ("many", [pred for _, pred in links])
        if isinstance(value, OpResult) and isinstance(value.op, CreateOp):
            return ("leaf", value.op)
        links = storage.edges(value, self.symbols)
        if not links:
            return ("none", None)
        if len(links) == 1:
            return ("one", links[0][1])
        return ("many", [pred for _, pred in links])  # an scf.if result: either branch

    def of(self, value: SSAValue) -> frozenset[Source]:
        """The sources of `value`."""
        if self.active:
            return self._of(value)
        with storage.deep_recursion():
            return self._of(value)

    def _of(self, value: SSAValue) -> frozenset[Source]:
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

    def _branch(self, value: SSAValue, preds: list[SSAValue]) -> frozenset[Source]:
        if value in self.active:
            self.cuts += 1
            return frozenset()
        self.active.add(value)
        out: set[Source] = set()
        try:
            for pred in preds:
                for create, via in self.of(pred):
                    out.add((create, (value,) + via))
        finally:
            self.active.discard(value)
        return frozenset(out)


def _contains(outer: Block, inner: Block | None) -> bool:
    """`inner` is `outer` or nested in it."""
    cur = inner
    while cur is not None:
        if cur is outer:
            return True
        op = cur.parent_op()
        cur = op.parent_block() if op is not None else None
    return False


def _declared_in(value: SSAValue) -> Block | None:
    """The block whose C++ block declares the variable of a carry / if result: the block of
    the loop / if, or the block around the manual scope it sits directly in (hoisted)."""
    block = _carrier(value).parent_block()
    owner = block.parent_op() if block is not None else None
    if isinstance(owner, ScopeOp) and owner.mode.data == ScopeMode.MANUAL:
        return owner.parent_block()
    return block


class _Function:
    """One orchestration function: print order of its ops, and its manual-scope tasks."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        self.seq: dict[Operation, int] = {}
        self.tasks: list[Task] = []
        self.sources = BufferSources(symbols)
        self._walk(body, False)

    def _walk(self, block: Block, manual: bool) -> None:
        for op in block.ops:
            self.seq[op] = len(self.seq)
            if manual and isinstance(op, CallOp | SubmitOp):
                self.tasks.append(op)
            inner = manual or (isinstance(op, ScopeOp) and op.mode.data == ScopeMode.MANUAL)
            for region in op.regions:
                for b in region.blocks:
                    self._walk(b, inner)

    def _order(self, task: Task, source: Source) -> tuple[float, str, int]:
        """Allocation order, then (not allocated before the task: an error) location."""
        create, via = source
        seq = self.seq[create]
        if seq < self.seq[task]:
            return (seq, "", len(via))
        return (float("inf"), str(create.location), len(via))

    def retains(self, task: Task) -> list[SSAValue]:
        """The batch TaskIds `task` lists (located error when one is not in scope)."""
        out: list[SSAValue] = []
        dirs = task.directions() or []
        for value, d in zip(task.args, dirs):
            if d == ArgDirection.SCALAR or not isinstance(value.type, TensorType):
                continue
            sources = sorted(self.sources.of(value), key=lambda s: self._order(task, s))
            for create, via in sources:
                batch = create.parent_op()
                if not isinstance(batch, AllocTensorsOp):
                    raise pass_error(
                        create,
                        "is not in a pto_tensor.alloc_tensors batch, so a manual-scope task "
                        "cannot retain its buffer: run batch-tensor-allocations before "
                        "add-retain-edges (pto2-pipeline does)",
                    )
                if not self._retainable(task, batch, via):
                    raise _unretainable(task, value, create, via)
                if batch.task_id not in out:
                    out.append(batch.task_id)
        return out

    def _retainable(self, task: Task, batch: AllocTensorsOp, via: tuple[SSAValue, ...]) -> bool:
        """The batch is allocated before the task, in a block around it, and around the
        variable of every carry / if result the buffer passes through."""
        if self.seq[batch] > self.seq[task]:
            return False
        block = batch.parent_block()
        assert block is not None
        return _contains(block, task.parent_block()) and all(
            _contains(block, _declared_in(v)) for v in via
        )


def _var_name(value: SSAValue) -> str:
    """The name of the C++ variable of a carry / if result (its name hint)."""
    hint = value.name_hint
    if hint is None and isinstance(value, BlockArgument):
        loop = value.block.parent_op()
        if isinstance(loop, scf.ForOp) and value.index >= 1:
            hint = loop.results[value.index - 1].name_hint
    return hint or ("carry" if isinstance(value, BlockArgument) else "if_result")


def _describe(value: SSAValue) -> str:
    if value.name_hint:
        return f"%{value.name_hint}"
    if isinstance(value, BlockArgument):
        return f"block argument #{value.index}"
    return f"result #{value.index} of '{value.owner.name}'"


def _unretainable(
    task: Task, value: SSAValue, create: CreateOp, via: tuple[SSAValue, ...]
) -> Exception:
    batch = create.parent_op()
    result = create.result
    if isinstance(batch, AllocTensorsOp):
        result = batch.tensors[batch.creates().index(create)]
    loc = create.location
    line = f" at line {loc.line.data}" if hasattr(loc, "line") else ""  # type: ignore[attr-defined]
    carried = f" (it is carried in the C++ variable '{_var_name(via[-1])}')" if via else ""
    return pass_error(
        task,
        f"passes {_describe(value)}{carried} to a task inside a manual scope; its buffer may be "
        f"the one {_describe(result)}{line} allocates in an earlier iteration or branch, whose "
        "alloc_tensors TaskId is not in scope here, so the task cannot retain the buffer "
        "(docs/targets/pto2-cpp.md, difference 5): create the buffer outside the loop or if "
        "that carries it (e.g. two buffers before the loop, swapped through the carries), or "
        "run this task outside the manual scope",
    )


def _append_compiler_deps(task: Task, tids: list[SSAValue]) -> None:
    """Append `tids` to the task's `compiler_deps` (the last operand group), in place."""
    sizes = list(task.properties["operandSegmentSizes"].get_values())  # type: ignore[attr-defined]
    sizes[-1] += len(tids)
    task.operands = [*task.operands, *tids]
    task.properties["operandSegmentSizes"] = DenseArrayBase.from_list(i32, sizes)


@dataclass(frozen=True)
class AddRetainEdges(ModulePass):
    """In orchestration functions, append to each manual-scope task's `compiler_deps` the
    TaskId of every `pto_tensor.alloc_tensors` batch whose buffer a tensor argument may be
    (run batch-tensor-allocations first). Idempotent."""

    name = "add-retain-edges"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        symbols = SymbolTableCollection()
        for func in orchestration_functions(op):
            if not func.body.blocks:
                continue
            f = _Function(func.body.block, symbols)
            for task in f.tasks:
                have = set(task.compiler_deps)
                add = [t for t in f.retains(task) if t not in have]
                if add:
                    _append_compiler_deps(task, add)
