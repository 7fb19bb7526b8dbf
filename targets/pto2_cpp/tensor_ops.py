"""`pto_tensor.*` ops as PTO2 C++: allocation batches, views, reshapes, element access, dims.

Rules: docs/targets/pto2-cpp.md#op-by-op and #internal-tensors; the slice forms in
docs/dialects/pto_tensor.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue

from pypto_dialects.cpp_types import merge_groups, view_error
from pypto_dialects.targets.pto2_cpp.cxx_types import c_type, data_type, index_u32, initial_value
from pypto_dialects.targets.pto2_cpp.cxx_types import check_rank as _check_rank
from pypto_dialects.targets.pto2_cpp.deps import TaskIdVar
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, hint_of
from pypto_dialects.tensor import (
    MAX_ALLOC_BATCH,
    AllocTensorsOp,
    AssembleOp,
    CreateOp,
    DimOp,
    ReadOp,
    ReshapeOp,
    SliceOp,
    TransposeOp,
    ViewOp,
    WriteOp,
)

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

def _is_literal(value: SSAValue) -> bool:
    return isinstance(value.owner, arith.ConstantOp)


def _u32(p: FunctionPrinter, value: SSAValue, at: Operation) -> str:
    """An index operand as a `uint32_t` array element."""
    return index_u32(p.use(value, at).paren, _is_literal(value))


def _extents(
    p: FunctionPrinter, t: TensorType, sizes: Sequence[SSAValue], op: Operation
) -> list[str]:
    """Array elements of a shape: static extents as literals, `?` from the size operands."""
    out = []
    dyn = iter(sizes)
    for d in t.get_shape():
        out.append(str(d) if d >= 0 else _u32(p, next(dyn), op))
    return out


def _brace(items: Sequence[str]) -> str:
    return "{" + ", ".join(items) + "}"


# ---------------------------------------------------------------------- create / alloc_tensors


def _arg_dim_symbol(p: FunctionPrinter, op: DimOp) -> Binding | None:
    src = op.source
    if isinstance(src, BlockArgument) and src.block is p.func.body.block:
        return p.dim_symbols.get((src.index, op.axis.value.data))
    return None


def _is_full_batch(op: Operation | None) -> bool:
    """A batch of 16 creates: the batch after it, if any, continues its group (no blank line
    between the `alloc_tensors` calls of one block's batches)."""
    return isinstance(op, AllocTensorsOp) and len(op.tensors) == MAX_ALLOC_BATCH


def _alloc_tensors(p: FunctionPrinter, op: AllocTensorsOp) -> None:
    """`TensorCreateInfo`s, one `alloc_tensors` call, then one
    `const Tensor& <name> = alloc_<N>.get_ref(i);` per create that a printed line reads
    (bound to its result; cpp_reads.read_values), and the batch's TaskId `alloc_<N>_tid` when
    something lists it. A batch none of whose tensors nor TaskId is read is the bare call
    (the allocation still happens, as the interpreter runs it)."""
    w = p.w
    if not _is_full_batch(op.prev_op):
        w.blank()
    names: list[str] = []
    infos: list[str] = []
    for c, r in zip(op.creates(), op.tensors):
        t = r.type
        assert isinstance(t, TensorType)
        rank = _check_rank(t, c, "created tensor")
        dtype = data_type(t, c)
        extents = _extents(p, t, c.dynamic_sizes, c)
        name = p.names.fresh(hint_of(r), "tensor")
        shapes = p.names.fresh(f"{name}_ci_shapes", "ci_shapes")
        info = p.names.fresh(f"{name}_ci", "ci")
        w.line(f"uint32_t {shapes}[{rank}] = {_brace(extents)};")
        manual_flag = ", true" if c.manual_dep is not None else ""
        w.line(f"TensorCreateInfo {info}({shapes}, {rank}, {dtype}{manual_flag});")
        if c.init is not None:
            w.line(f"{info}.set_initial_value({initial_value(c.init, t, c)});")
        names.append(name)
        infos.append(info)
    alloc = p.names.numbered(f"alloc_{p.next_alloc()}")
    read = [r for r in op.tensors if p.reads.is_read(r)]
    if not read and op.task_id.first_use is None:  # a set, never read variable fails -Werror
        w.line(f"alloc_tensors({', '.join(infos)});")
    else:
        w.line(f"TaskOutputTensors {alloc} = alloc_tensors({', '.join(infos)});")
    for i, (r, name) in enumerate(zip(op.tensors, names)):
        if r not in read:
            continue  # unused or only returned: no reference left unused
        ref = f"const {p.api.tensor}&"
        p.bind(r, Binding(name, ref, p.block))
        w.line(f"{ref} {name} = {alloc}.get_ref({i});")
    if op.task_id.first_use is not None:
        tid = TaskIdVar(p.names.numbered(f"{alloc}_tid"), p.block, guard=False, producer=op)
        p.bind(op.task_id, tid)
        w.line(f"PTO2TaskId {tid.name} = {alloc}.task_id();")
    if not (_is_full_batch(op) and isinstance(op.next_op, AllocTensorsOp)):
        w.blank()


def _create(p: FunctionPrinter, op: CreateOp) -> None:
    raise codegen_error(
        op,
        "is not in a pto_tensor.alloc_tensors batch: run batch-tensor-allocations and then "
        "add-retain-edges first (pypto-opt -p batch-tensor-allocations,add-retain-edges, or "
        "-p pto2-pipeline); the C++ printer does not group allocations itself",
    )


# ---------------------------------------------------------------------- element access


def _read(p: FunctionPrinter, op: ReadOp) -> None:
    t = p.use_tensor(op.tensor, op)
    ct = c_type(op.result.type, op, "element")
    idx = [_u32(p, v, op) for v in op.indices]
    n = len(idx)
    if not p.reads.is_read(op.result):  # unused, or only returned (the entry is void)
        arr = p.names.fresh(f"indices_{t.name}", "indices")
        p.w.line(f"uint32_t {arr}[{n}] = {_brace(idx)};")
        p.w.line(f"(void)get_tensor_data<{ct}>({t.name}, {n}, {arr});")
        return
    b = p.declare(op.result, ct, "value")
    arr = p.names.fresh(f"indices_{b.name}", "indices")
    p.w.line(f"uint32_t {arr}[{n}] = {_brace(idx)};")
    p.w.line(f"{ct} {b.name} = get_tensor_data<{ct}>({t.name}, {n}, {arr});")


def _write(p: FunctionPrinter, op: WriteOp) -> None:
    t = p.use_tensor(op.tensor, op)
    value = p.use(op.value, op)
    ct = c_type(op.value.type, op, "element")
    idx = [_u32(p, v, op) for v in op.indices]
    n = len(idx)
    arr = p.names.fresh(f"indices_{hint_of(op.result) or t.name}", "indices")
    p.w.line(f"uint32_t {arr}[{n}] = {_brace(idx)};")
    p.w.line(f"set_tensor_data<{ct}>({t.name}, {n}, {arr}, {value.text});")
    p.bind(op.result, t)


# ---------------------------------------------------------------------- views


def _view(p: FunctionPrinter, op: SliceOp | ViewOp) -> None:
    src = p.use_tensor(op.source, op)
    st, rt = op.source.type, op.result.type
    assert isinstance(st, TensorType)
    assert isinstance(rt, TensorType)
    if isinstance(op, SliceOp) and op.drop is not None:
        _rank_reducing_slice(p, op, src.name)
        return
    why = view_error(op)  # (verify-orchestration's rule 8 reports it first)
    if why is not None:
        raise codegen_error(op, why)
    rank = _check_rank(rt, op, "view")
    extents = _extents(p, rt, op.sizes, op)
    offsets = [_u32(p, v, op) for v in op.offsets]
    b = p.declare(op.result, p.api.tensor, "view")
    shapes = p.names.fresh(f"{b.name}_shapes", "shapes")
    offs = p.names.fresh(f"{b.name}_offsets", "offsets")
    p.w.line(f"uint32_t {shapes}[{rank}] = {_brace(extents)};")
    p.w.line(f"uint32_t {offs}[{rank}] = {_brace(offsets)};")
    p.w.line(f"{p.api.tensor} {b.name} = {src.name}.view({shapes}, {offs});")


def _rank_reducing_slice(p: FunctionPrinter, op: SliceOp, src: str) -> None:
    """A slice with `drop` (`data[:, 1, :]`): a reshape of the contiguous source merging each
    dropped dimension into a kept one, a view, and a `Tensor::slice` where a kept dimension
    keeps a stride. The rule: docs/dialects/pto_tensor.md, `pto_tensor.slice`."""
    st, rt = op.source.type, op.result.type
    assert isinstance(st, TensorType)
    assert isinstance(rt, TensorType)
    shape = list(st.get_shape())
    drop = set(op.dropped())
    why = view_error(op)
    if why is not None:
        raise codegen_error(op, why)
    offsets = [_u32(p, v, op) for v in op.offsets]
    extents = _extents(p, rt, op.sizes, op)
    groups = merge_groups(len(shape), drop)  # (view_error: at least one dimension is kept)
    merged, moffs, spans, steps = [], [], [], []
    for k, group in enumerate(groups):
        kept = next(g for g in group if g not in drop)
        size, terms, stride, const, inner = 1, [], 1, 0, 1
        for g in reversed(group):
            if g > kept:
                inner *= shape[g]
            size *= shape[g]
            if offsets[g].isdigit():
                const += int(offsets[g]) * stride
            else:
                terms.append(offsets[g] if stride == 1 else f"{offsets[g]} * {stride}u")
            stride *= shape[g]
        if const or not terms:
            terms.insert(0, str(const))
        if size > 0xFFFFFFFF:
            raise codegen_error(
                op,
                f"drops dimensions of {st} into a reshape whose dimension {k} has extent "
                f"{size}, beyond the runtime's uint32_t extents (at most 4294967295)",
            )
        merged.append(str(size))
        moffs.append(" + ".join(reversed(terms)))
        if inner == 1:
            spans.append(extents[k])
        else:
            e = extents[k]
            spans.append(
                str((int(e) - 1) * inner + 1) if e.isdigit() else f"({e} - 1) * {inner}u + 1"
            )
            steps.append((k, spans[-1], inner))
    rank = _check_rank(rt, op, "view")
    b = p.declare(op.result, p.api.tensor, "view")
    flat = p.names.fresh(f"{b.name}_merged_shapes", "shapes")
    base = p.names.fresh(f"{b.name}_merged", "merged")
    shapes = p.names.fresh(f"{b.name}_shapes", "shapes")
    offs = p.names.fresh(f"{b.name}_offsets", "offsets")
    p.w.line(f"uint32_t {flat}[{rank}] = {_brace(merged)};")
    p.w.line(f"{p.api.tensor} {base} = {src}.reshape({flat}, {rank});")
    p.w.line(f"uint32_t {shapes}[{rank}] = {_brace(spans)};")
    p.w.line(f"uint32_t {offs}[{rank}] = {_brace(moffs)};")
    view = f"{base}.view({shapes}, {offs})"
    for k, span, inner in steps:
        view += f".slice({k}, 0, {span}, {inner})"
    p.w.line(f"{p.api.tensor} {b.name} = {view};")


def _reshape(p: FunctionPrinter, op: ReshapeOp) -> None:
    src = p.use_tensor(op.source, op)
    rt = op.result.type
    assert isinstance(rt, TensorType)
    rank = _check_rank(rt, op, "reshaped tensor")
    extents = _extents(p, rt, op.sizes, op)
    b = p.declare(op.result, p.api.tensor, "reshaped")
    shapes = p.names.fresh(f"{b.name}_shapes", "shapes")
    p.w.line(f"uint32_t {shapes}[{rank}] = {_brace(extents)};")
    p.w.line(f"{p.api.tensor} {b.name} = {src.name}.reshape({shapes}, {rank});")


def _transpose(p: FunctionPrinter, op: TransposeOp) -> None:
    src = p.use_tensor(op.source, op)
    a, b_axis = op.normalized_axes()
    b = p.declare(op.result, p.api.tensor, "transposed")
    p.w.line(f"{p.api.tensor} {b.name} = {src.name}.transpose({a}, {b_axis});")


def _dim(p: FunctionPrinter, op: DimOp) -> None:
    if op.result in p.env:  # a dynamic-dim symbol of the entry
        return
    if not p.reads.is_read(op.result):
        return  # only returned, or only feeds such values: prints nothing
    static = op.static_extent()
    if static is not None:
        b = p.declare(op.result, "int64_t", "dim")
        p.w.line(f"int64_t {b.name} = {static};")
        return
    symbol = _arg_dim_symbol(p, op)
    if symbol is not None:
        p.bind(op.result, symbol)
        return
    src = p.use_tensor(op.source, op)
    b = p.declare(op.result, "int64_t", "dim")
    p.w.line(f"int64_t {b.name} = (int64_t){src.name}.shapes[{op.axis.value.data}];")


def _assemble(p: FunctionPrinter, op: AssembleOp) -> None:
    # No C++ copies a tensor into another at orchestration level: the pass makes every
    # assemble a no-op and removes it (docs/passes/fuse-create-assemble-to-slice.md).
    raise codegen_error(
        op,
        "has no PTO2 C++ form (the runtime cannot copy a tensor at orchestration level): run "
        "fuse-create-assemble-to-slice first (pto2-pipeline does), which makes the source a "
        "view of the target or rejects the assemble",
    )


HANDLERS = {
    CreateOp: _create,
    AllocTensorsOp: _alloc_tensors,
    ReadOp: _read,
    WriteOp: _write,
    SliceOp: _view,
    ViewOp: _view,
    ReshapeOp: _reshape,
    TransposeOp: _transpose,
    DimOp: _dim,
    AssembleOp: _assemble,
}
