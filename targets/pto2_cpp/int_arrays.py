"""Integer arrays (`!pto_orch.int_array<N, T>`) as C++ stack arrays: `int32_t a[4] = {0};`,
`int32_t v = a[i];`, `a[i] = v;`. An array carried through a loop or produced by an `scf.if`
has a variable of its own (`T name[N];`, filled slot by slot, as TaskId arrays are:
task_arrays.fill_array / assign_arrays). An array, element or update that nothing reads
(cpp_reads.read_values) prints nothing. Rules: docs/targets/pto2-cpp.md#integer-arrays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from pypto_dialects.orch_arrays import IntArrayCreateOp, IntArrayGetOp, IntArraySetOp, IntArrayType
from pypto_dialects.targets.pto2_cpp.cxx_types import c_type
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter


class IntArrayVar(Binding):
    """A C++ array `<ctype> name[size]` of an integer array value (`ctype`: the element's C
    type)."""

    __slots__ = ("size",)

    def __init__(self, name: str, ctype: str, block: CppBlock, size: int) -> None:
        super().__init__(name, ctype, block)
        self.size = size


def new_var(p: FunctionPrinter, value: SSAValue, at: Operation, default: str) -> IntArrayVar:
    """A new array variable for `value` (an integer array) in the current C++ block, named from
    its name hint (the caller declares it)."""
    t = value.type
    assert isinstance(t, IntArrayType)
    ctype = c_type(t.element_type, at, "integer array element")
    return IntArrayVar(p.names.fresh(hint_of(value), default), ctype, p.block, t.size.data)


def like(p: FunctionPrinter, var: IntArrayVar, name: str) -> IntArrayVar:
    """Another array of `var`'s type, named `name` (made unique), in the current block."""
    return IntArrayVar(p.names.fresh(name, "next"), var.ctype, p.block, var.size)


def _create(p: FunctionPrinter, op: Operation) -> None:
    assert isinstance(op, IntArrayCreateOp)
    if not p.reads.is_read(op.result):
        return  # nothing reads the array (nor updates it: cpp_reads.read_values): no variable
    var = new_var(p, op.result, op, "arr")
    values = [p.use(v, op).text for v in op.elements] or ["0"]
    p.w.line(f"{var.ctype} {var.name}[{var.size}] = {{{', '.join(values)}}};")
    p.bind(op.result, var)


def _get(p: FunctionPrinter, op: Operation) -> None:
    assert isinstance(op, IntArrayGetOp)
    if not p.reads.is_read(op.result):
        return  # an element nothing reads (only returned, or unused): no variable
    arr, idx = p.use(op.array, op), p.use(op.index, op)
    ct = c_type(op.result.type, op, "integer array element")
    b = p.declare(op.result, ct, "value")
    p.w.line(f"{ct} {b.name} = {arr.text}[{idx.text}];")


def _set(p: FunctionPrinter, op: Operation) -> None:
    assert isinstance(op, IntArraySetOp)
    if not p.reads.is_read(op.result):
        return  # an update nothing reads (the array it consumed is gone): nothing to print
    arr, value, idx = p.use(op.array, op), p.use(op.value, op), p.use(op.index, op)
    p.w.line(f"{arr.text}[{idx.text}] = {value.text};")
    p.bind(op.result, arr)


HANDLERS = {IntArrayCreateOp: _create, IntArrayGetOp: _get, IntArraySetOp: _set}
