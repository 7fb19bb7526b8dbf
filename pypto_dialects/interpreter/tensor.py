"""Interpreter implementations of `pto_tensor`.

A tensor value is a region of a buffer (`graph.TensorValue`): `create` allocates a buffer
(and records its allocation task), `slice` / `view` / `reshape` / `transpose` compute a new
region of the same buffer exactly as the runtime's `Tensor::view` / `reshape` /
`transpose` do, so overlap is decided on the same offsets and strides. `read` / `write`
access one element from the orchestration function (no task).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.interpreters.builtin import scalar_attr
from xdsl.ir import Attribute, Operation

from pypto_dialects.interpreter.context import python_scalar, run_context, run_error, where
from pypto_dialects.interpreter.graph import TensorValue, row_major
from pypto_dialects.tensor import (
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

NUMPY_DTYPES: dict[str, Any] = {
    "f32": np.float32,
    "f16": np.float16,
    "i8": np.int8,
    "si8": np.int8,
    "ui8": np.uint8,
    "i16": np.int16,
    "si16": np.int16,
    "ui16": np.uint16,
    "i32": np.int32,
    "si32": np.int32,
    "ui32": np.uint32,
    "i64": np.int64,
    "si64": np.int64,
    "ui64": np.uint64,
    "i1": np.bool_,
}
"""MLIR element type -> the numpy dtype the interpreter stores it in."""


def numpy_dtype(t: Attribute, op: Operation) -> Any:
    """The numpy dtype of a tensor type's elements; a located error when there is none."""
    assert isinstance(t, TensorType)
    elem = str(t.element_type)
    dtype = NUMPY_DTYPES.get(elem)
    if dtype is None:
        raise run_error(
            op,
            f"element type {elem} has no numpy equivalent in the interpreter (supported: "
            f"{', '.join(sorted(NUMPY_DTYPES))})",
        )
    return dtype


def result_shape(op: Operation, t: Attribute, sizes: PythonValues) -> tuple[int, ...]:
    """The run-time shape of a result type: static extents, then one size per `?`."""
    assert isinstance(t, TensorType)
    dyn = iter(python_scalar(s) for s in sizes)
    shape = tuple(d if d >= 0 else next(dyn) for d in t.get_shape())
    if any(d < 0 for d in shape):
        raise run_error(op, f"negative extent in shape {shape}")
    if any(d > UINT32_MAX for d in shape):
        raise run_error(
            op,
            f"extent in shape {shape} does not fit the runtime's uint32_t extents (at most "
            f"{UINT32_MAX})",
        )
    return shape


UINT32_MAX = 2**32 - 1
"""The largest extent, offset or index the runtime's `uint32_t` fields hold."""


def element_index(op: Operation, t: TensorValue, idx: tuple[int, ...]) -> tuple[int, ...]:
    """`idx` checked against the region's shape: a located error for an index out of range
    (the C++ passes `(uint32_t)` indices, which the runtime does not check)."""
    for axis, (i, n) in enumerate(zip(idx, t.shape)):
        if not 0 <= i < n:
            raise run_error(
                op,
                f"index {i} is out of range along dimension {axis} of {t.describe()} "
                f"(extent {n}); the runtime does not check it",
            )
    return idx


def _tensor(op: Operation, value: Any) -> TensorValue:
    if not isinstance(value, TensorValue):
        raise run_error(op, "operand is not a tensor at run time")
    return value


def _in_bounds(op: Operation, src: TensorValue, offsets: list[int], shape: tuple[int, ...]) -> None:
    for axis, (o, n, m) in enumerate(zip(offsets, shape, src.shape)):
        if o < 0 or o + n > m:
            raise run_error(
                op,
                f"dimension {axis}: offset {o} + extent {n} exceeds the source extent {m} "
                f"(source {src.describe()})",
            )


def _reshape(op: ReshapeOp | ViewOp, args: PythonValues) -> TensorValue:
    """`source` (args[0]) under the result's shape (args[1:]: its sizes), as the runtime's
    `Tensor::reshape`: the same element count, a contiguous source."""
    src = _tensor(op, args[0])
    shape = result_shape(op, op.result.type, args[1:])
    if int(np.prod(shape, dtype=np.int64)) != int(np.prod(src.shape, dtype=np.int64)):
        raise run_error(op, f"reshape of {src.shape} to {shape} changes the element count")
    if not src.contiguous:
        raise run_error(
            op,
            f"reshapes {src.describe()}, which is not contiguous: the runtime's "
            "Tensor::reshape needs a contiguous tensor",
        )
    return TensorValue(src.buffer, src.start, shape, row_major(shape))


def _allocate(
    interpreter: Interpreter,
    op: CreateOp,
    sizes: PythonValues,
    creator: int | None,
    hint: str | None,
) -> TensorValue:
    """The buffer of one create (joining the allocation task `creator` when given)."""
    shape = result_shape(op, op.result.type, sizes)
    data = np.zeros(int(np.prod(shape, dtype=np.int64)), numpy_dtype(op.result.type, op))
    if op.init is not None:  # TensorCreateInfo::set_initial_value
        data[:] = op.init.value.data
    name = f"%{hint}" if hint else "%tensor"
    rt = run_context(interpreter).runtime
    buf = rt.new_buffer(name, shape, data, False, where(op), creator)
    return TensorValue.whole(buf, op.manual_dep is not None)


@register_impls
class TensorFunctions(InterpreterFunctions):
    """`pto_tensor.*`."""

    @impl(CreateOp)
    def run_create(
        self, interpreter: Interpreter, op: CreateOp, args: PythonValues
    ) -> PythonValues:
        return (_allocate(interpreter, op, args, None, op.result.name_hint),)

    @impl(AllocTensorsOp)
    def run_alloc_tensors(
        self, interpreter: Interpreter, op: AllocTensorsOp, args: PythonValues
    ) -> PythonValues:
        """One allocation task for the whole batch (the runtime's `alloc_tensors`); its
        TaskId is the last result."""
        out: list[TensorValue] = []
        creator: int | None = None
        for create, result in zip(op.creates(), op.tensors):
            sizes = interpreter.get_values(create.dynamic_sizes)
            t = _allocate(interpreter, create, sizes, creator, result.name_hint)
            t.buffer.batched = True
            creator = t.buffer.creator
            out.append(t)
        return (*out, creator)

    @impl(SliceOp)
    def run_slice(self, interpreter: Interpreter, op: SliceOp, args: PythonValues) -> PythonValues:
        return (self._view(op, args),)

    @impl(ViewOp)
    def run_view(self, interpreter: Interpreter, op: ViewOp, args: PythonValues) -> PythonValues:
        if op.reinterprets():  # a reshape (lower-reinterpreting-views makes it one)
            return (_reshape(op, args[:1]),)
        return (self._view(op, args),)

    def _view(self, op: SliceOp | ViewOp, args: PythonValues) -> TensorValue:
        src = _tensor(op, args[0])
        n_off = len(op.offsets)
        offsets = [python_scalar(v) for v in args[1 : 1 + n_off]]
        shape = result_shape(op, op.result.type, args[1 + n_off :])
        if isinstance(op, SliceOp) and op.dropped():  # a unit extent at each dropped dimension
            full = list(shape)
            for d in op.dropped():
                full.insert(d, 1)
            _in_bounds(op, src, offsets, tuple(full))
            start = src.start + sum(o * s for o, s in zip(offsets, src.strides))
            kept = [i for i in range(len(full)) if i not in op.dropped()]
            return TensorValue(src.buffer, start, shape, tuple(src.strides[i] for i in kept))
        if len(shape) != len(src.shape):
            raise run_error(
                op,
                "changes the rank, which the runtime's Tensor::view cannot (a view keeps the "
                "source's rank): take a same-rank pto_tensor.slice, then pto_tensor.reshape it",
            )
        _in_bounds(op, src, offsets, shape)
        start = src.start + sum(o * s for o, s in zip(offsets, src.strides))
        return TensorValue(src.buffer, start, shape, src.strides)

    @impl(ReshapeOp)
    def run_reshape(
        self, interpreter: Interpreter, op: ReshapeOp, args: PythonValues
    ) -> PythonValues:
        return (_reshape(op, args),)

    @impl(TransposeOp)
    def run_transpose(
        self, interpreter: Interpreter, op: TransposeOp, args: PythonValues
    ) -> PythonValues:
        src = _tensor(op, args[0])
        a, b = op.normalized_axes()
        shape, strides = list(src.shape), list(src.strides)
        shape[a], shape[b] = shape[b], shape[a]
        strides[a], strides[b] = strides[b], strides[a]
        return (TensorValue(src.buffer, src.start, tuple(shape), tuple(strides)),)

    @impl(DimOp)
    def run_dim(self, interpreter: Interpreter, op: DimOp, args: PythonValues) -> PythonValues:
        src = _tensor(op, args[0])
        extent = src.shape[op.axis.value.data]
        return (scalar_attr(extent, op.result.type, interpreter.index_bitwidth),)

    @impl(ReadOp)
    def run_read(self, interpreter: Interpreter, op: ReadOp, args: PythonValues) -> PythonValues:
        src = _tensor(op, args[0])
        idx = element_index(op, src, tuple(python_scalar(v) for v in args[1:]))
        run_context(interpreter).runtime.host_access("read", op.name, where(op), src, idx)
        value = src.array(writeable=False)[idx].item()
        return (scalar_attr(value, op.result.type, interpreter.index_bitwidth),)

    @impl(WriteOp)
    def run_write(self, interpreter: Interpreter, op: WriteOp, args: PythonValues) -> PythonValues:
        dst = _tensor(op, args[1])
        idx = element_index(op, dst, tuple(python_scalar(v) for v in args[2:]))
        run_context(interpreter).runtime.host_access("write", op.name, where(op), dst, idx)
        dst.array()[idx] = python_scalar(args[0])
        return (dst,)

    @impl(AssembleOp)
    def run_assemble(
        self, interpreter: Interpreter, op: AssembleOp, args: PythonValues
    ) -> PythonValues:
        src, dst = _tensor(op, args[0]), _tensor(op, args[1])
        offsets = [python_scalar(v) for v in args[2:]]
        _in_bounds(op, dst, offsets, src.shape)
        start = dst.start + sum(o * s for o, s in zip(offsets, dst.strides))
        region = TensorValue(dst.buffer, start, src.shape, dst.strides)
        in_place = (
            src.buffer is dst.buffer and src.start == start and src.strides == dst.strides
        )
        if not in_place:  # the IR's meaning: copy the source into the region
            np.copyto(region.array(), src.array(writeable=False))
        return (dst,)
