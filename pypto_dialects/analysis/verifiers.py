"""Verifiers that ask an analysis, registered for `parsing.verify_module` by op type and by
dialect; the dialects do not import them (dependency inversion: a dialect cannot import the
analyses built on it without an import cycle).

- `OP_VERIFIERS`: run right after an op's own verifier. `pto_tensor.reshape` and a
  `pto_tensor.view` that reinterprets its source need a source that is not provably
  non-contiguous (the runtime's `Tensor::reshape` aborts on it); the layout follows task
  results, writes and assembles to the tensor they update (storage_roots.tied_base).
- `ATTRIBUTE_VERIFIERS`: MLIR's `verifyOperationAttribute`, by dialect: `pto_orch`'s
  (orch_attrs.py) followed, for an orchestration function, by the rule "writes no `in`
  parameter" (written_inputs.py); `pto_rt`'s (rt.py).

Spec: docs/dialects/pto_tensor.md (reshape, view) and docs/dialects/pto_orch.md ("Writes
into parameters").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from pypto_dialects import rt
from pypto_dialects import tensor as pt
from pypto_dialects.analysis.storage_roots import Link, edges, tied_base
from pypto_dialects.analysis.written_inputs import verify_no_written_inputs
from pypto_dialects.orch import KIND, CallOp, SubmitOp
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.orch_attrs import verify_operation_attribute as verify_orch_attribute

Layout = tuple[list[int | None], list[int | None]]
"""(extents, element strides) of a tensor value, None where not static."""


def row_major(extents: Sequence[int | None]) -> list[int | None]:
    """The element strides of a row-major tensor of `extents` (None from an unknown extent
    on)."""
    strides: list[int | None] = []
    acc: int | None = 1
    for e in reversed(extents):
        strides.append(acc)
        acc = None if acc is None or e is None else acc * e
    return strides[::-1]


def layout(v: SSAValue) -> Layout | None:
    """The runtime layout of `v` as far as it is static, following views to their storage
    (function arguments, creates and reshapes are row-major); None when unknown. A task
    result, write or assemble has the layout of the tensor it updates in place
    (storage_roots.tied_base)."""
    v = tied_base(v)
    t = v.type
    if not isinstance(t, TensorType):
        return None
    ext: list[int | None] = [d if d >= 0 else None for d in t.get_shape()]
    owner = v.owner
    if isinstance(v, BlockArgument):
        return (ext, row_major(ext)) if isinstance(v.block.parent_op(), FuncOp) else None
    reshaped = isinstance(owner, pt.ViewOp) and owner.reinterprets()  # (of a contiguous source)
    if isinstance(owner, pt.CreateOp | pt.ReshapeOp | pt.AllocTensorsOp) or reshaped:
        return ext, row_major(ext)
    if isinstance(owner, pt.SliceOp | pt.ViewOp):
        src = layout(owner.source)
        if src is None:
            return None
        strides = src[1]
        if isinstance(owner, pt.SliceOp) and owner.drop is not None:
            # a rank-reducing slice: the kept dimensions keep their strides
            dropped = set(owner.dropped())
            strides = [st for d, st in enumerate(strides) if d not in dropped]
        if len(strides) != len(ext):
            return None
        return ext, strides
    if isinstance(owner, pt.TransposeOp):
        src = layout(owner.source)
        if src is None:
            return None
        a, b = owner.normalized_axes()
        strides = list(src[1])
        strides[a], strides[b] = strides[b], strides[a]
        return ext, strides
    return None


def surely_contiguous(value: SSAValue) -> bool:
    """Whether tensor `value` is contiguous in memory (row-major over its extents) in every
    run: every value it may be, back through the storage edges of `storage_roots.edges`
    (in-place updates, scope / `scf.if` results, loop carries: their initial and yielded
    values), is a function argument, a created or runtime-allocated buffer, a reshape, or a
    slice / view / transpose whose static `layout` is row-major. False when any of them may
    not be (a view of unknown layout, any other value). The C++ form of a rank-reducing slice
    reshapes its source, which the runtime's `Tensor::reshape` allows on a contiguous tensor
    only (it throws otherwise). Linear in the values reached."""
    seen: set[SSAValue] = set()
    todo = [value]
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        links = edges(v)
        if not links:  # a root: a parameter, a create, a task's runtime-allocated output
            if isinstance(v, BlockArgument):
                if not isinstance(v.block.parent_op(), FuncOp):
                    return False
            elif not isinstance(v.owner, pt.CreateOp | CallOp | SubmitOp):
                return False
        elif links[0][0] in (Link.SAME, Link.ONE_OF):
            todo.extend(target for _, target in links)
        elif not isinstance(v.owner, pt.ReshapeOp | pt.ViewOp) or links[0][0] is Link.PART:
            # a slice, a view that keeps the shape, a transpose: by its layout (a reshape,
            # and a view that reinterprets the shape, are row-major)
            found = layout(v)
            if found is None or found[1] != row_major(found[0]) or None in found[1]:
                return False
    return True


def check_contiguous(source: SSAValue, what: str | None = None) -> None:
    """The runtime's `Tensor::reshape` asserts `is_contiguous` (strides[i] is the product of
    the later extents, for every i); reject a source that provably is not (`what`: the act).
    Raises VerifyException."""
    found = layout(source)
    if found is None:
        return
    extents, strides = found
    head = f"reshapes {source.type}, which is" if what is None else f"{what}, but it is"
    for i, (stride, want) in enumerate(zip(strides, row_major(extents))):
        if stride is not None and want is not None and stride != want:
            raise VerifyException(
                f"{head} not contiguous in memory (dimension {i} "
                f"has stride {stride}, not {want}: a view that narrows a later dimension, or "
                "a transpose); the runtime's Tensor::reshape aborts on a non-contiguous "
                "tensor and cannot copy: pass the view to the task as it is, or let a task "
                "write it into a pto_tensor.create'd tensor and reshape that"
            )


def _verify_reshape(op: Operation) -> None:
    assert isinstance(op, pt.ReshapeOp)  # (OP_VERIFIERS)
    check_contiguous(op.source)


def _verify_view(op: Operation) -> None:
    assert isinstance(op, pt.ViewOp)  # (OP_VERIFIERS)
    if op.reinterprets():  # a reshape: from the first element of a contiguous source
        check_contiguous(op.source, op.reinterpretation())


def _verify_orch_attribute(op: Operation, name: str, value: Attribute) -> None:
    verify_orch_attribute(op, name, value)
    if name == KIND and isinstance(op, FuncOp) and is_orchestration(op):
        verify_no_written_inputs(op)


OP_VERIFIERS: dict[type[Operation], Callable[[Operation], None]] = {
    pt.ReshapeOp: _verify_reshape,
    pt.ViewOp: _verify_view,
}
"""Op type -> its check that asks an analysis; raises VerifyException (or a located one)."""

ATTRIBUTE_VERIFIERS: dict[str, Callable[[Operation, str, Attribute], None]] = {
    "pto_orch": _verify_orch_attribute,
    "pto_rt": rt.verify_operation_attribute,
}
"""Dialect name -> the verifier of its discardable attributes (`op`, attribute name, value);
raises VerifyException (or a located one)."""
