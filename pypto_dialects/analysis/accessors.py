"""Cheap forms of the IR questions the passes ask of every op, many times per run.

xDSL answers them generically: an operand group of an op with `operandSegmentSizes`
(`task.args`, `task.compiler_deps`) unpacks the sizes from the attribute's bytes on every
access, and `op.has_trait(T)` scans the op's traits with an `isinstance` each. At 10k ops the
pipeline asks tens of thousands of each (issue 28). The answers here are the same:

- `segment_sizes(op)` decodes an `operandSegmentSizes` once per attribute object (attributes
  are immutable; `orch._segment_sizes` shares one object per distinct sizes), and
  `operand_group(op, i)` slices the op's current operands with it, so an operand edit is
  seen at once;
- `has_trait(op, T)` is memoized per op class (traits are class-level);
- `fast_operand_groups(cls)` gives an op class with `operandSegmentSizes` accessors that
  answer as xDSL's do (same values, same `SSAValues` type), through `segment_sizes`
  (`pto_orch.call` / `submit` install them: their groups are read in every pass).
"""

from __future__ import annotations

from typing import TypeVar

from xdsl.dialects import scf
from xdsl.dialects.builtin import DenseArrayBase
from xdsl.ir import Block, Operation, Region, SSAValue, SSAValues
from xdsl.irdl import AttrSizedOperandSegments
from xdsl.irdl.operations import (
    OptionalAttrAccessor,
    SingleAttrAccessor,
    VariadicAttrAccessor,
    VarIRConstruct,
)
from xdsl.traits import IsTerminator, OpTrait

from pypto_dialects.orch_kernel import KernelOp

_SEGMENTS = AttrSizedOperandSegments.attribute_name

_SIZES: dict[int, tuple[DenseArrayBase, tuple[int, ...]]] = {}
"""id(attribute) -> (the attribute, kept alive so the id stays its own, its values)."""

_LIMIT = 1 << 16


def segment_sizes(op: Operation) -> tuple[int, ...]:
    """The values of `op`'s `operandSegmentSizes` property (the op must have one)."""
    attr = op.properties[_SEGMENTS]
    hit = _SIZES.get(id(attr))
    if hit is not None and hit[0] is attr:
        return hit[1]
    assert isinstance(attr, DenseArrayBase), attr
    values = tuple(int(v) for v in attr.get_values())
    if len(_SIZES) >= _LIMIT:  # a long-lived process: keep the memo bounded
        _SIZES.clear()
    _SIZES[id(attr)] = (attr, values)
    return values


def operand_group(op: Operation, index: int) -> tuple[SSAValue, ...]:
    """Operand group `index` of `op` (an op with `operandSegmentSizes`), as xDSL's variadic
    accessor gives it (`task.args` is group 0 of a `pto_orch.call` / `submit`)."""
    sizes = segment_sizes(op)
    start = sum(sizes[:index])
    return _slice(op, start, start + sizes[index])


def task_args(task: Operation) -> tuple[SSAValue, ...]:
    """`task.args` of a `pto_orch.call` / `submit`."""
    return _slice(task, 0, segment_sizes(task)[0])


def _slice(op: Operation, start: int, stop: int) -> tuple[SSAValue, ...]:
    """`op.operands[start:stop]`, sliced from the tuple xDSL keeps them in (`op.operands` is
    a view, and its slices are rebuilt through two Python-level `__getitem__`s)."""
    return tuple.__getitem__(op._operands, slice(start, stop))


_TRAITS: dict[tuple[type[Operation], type[OpTrait]], bool] = {}


def has_trait(op: Operation, trait: type[OpTrait]) -> bool:
    """`op.has_trait(trait)` for a trait class, memoized per op class."""
    key = (type(op), trait)
    got = _TRAITS.get(key)
    if got is None:
        got = _TRAITS[key] = op.has_trait(trait)
    return got


def is_terminator(op: Operation) -> bool:
    """`op.has_trait(IsTerminator)`, memoized per op class."""
    return has_trait(op, IsTerminator)


def class_kind(memo: dict[type[Operation], int], op: Operation, kinds: tuple[object, ...]) -> int:
    """The index of the first entry of `kinds` (classes, unions or tuples of them) `op` is an
    instance of, `len(kinds)` for none; memoized per op class in the caller's `memo` (one per
    `kinds`). A failing isinstance against an xDSL op class is a Python-level ABC check; an
    isinstance chain over the ops of a function asks several per op (issue 28)."""
    cls = type(op)
    got = memo.get(cls)
    if got is None:
        got = memo[cls] = next(
            (i for i, k in enumerate(kinds) if issubclass(cls, k)),  # type: ignore[arg-type]
            len(kinds),
        )
    return got


_RESULT_PARAMS: dict[int, tuple[Operation, object, object, object, tuple[int, ...]]] = {}


def result_param_indices(kernel: KernelOp) -> tuple[int, ...]:
    """`kernel.result_param_indices()`, memoized per kernel while the properties it reads
    (signature, directions, `result_params`) are the same objects."""
    props = kernel.properties
    ft, dirs, res = props.get("function_type"), props.get("param_dirs"), props.get("result_params")
    # (keyed by id, the kernel kept alive in the entry: an op's __hash__ is a Python call;
    # the properties compared one by one, not through a generator: 20k calls per pipeline)
    hit = _RESULT_PARAMS.get(id(kernel))
    if hit is not None and hit[0] is kernel and hit[1] is ft and hit[2] is dirs and hit[3] is res:
        return hit[4]
    got = tuple(kernel.result_param_indices())
    if len(_RESULT_PARAMS) >= _LIMIT:
        _RESULT_PARAMS.clear()
    _RESULT_PARAMS[id(kernel)] = (kernel, ft, dirs, res, got)
    return got


_DIALECTS: dict[type[Operation], str] = {}


def enclosing_loops(op: Operation) -> list[scf.ForOp]:
    """The `scf.for` loops `op` is nested in, innermost first."""
    out: list[scf.ForOp] = []
    cur = op.parent_op()
    while cur is not None:
        if isinstance(cur, scf.ForOp):
            out.append(cur)
        cur = cur.parent_op()
    return out


def dialect_name(op: Operation) -> str:
    """`op.dialect_name()`, memoized per op class."""
    cls = type(op)
    got = _DIALECTS.get(cls)
    if got is None:
        got = _DIALECTS[cls] = op.dialect_name()
    return got


class _FastVariadic(VariadicAttrAccessor):
    def __get__(self, obj: Operation, objtype=None):
        if obj is None:
            return self
        sizes = segment_sizes(obj)
        start = sum(sizes[: self.idx])
        return SSAValues(_slice(obj, start, start + sizes[self.idx]))


class _FastOptional(OptionalAttrAccessor):
    def __get__(self, obj: Operation, objtype=None):
        if obj is None:
            return self
        sizes = segment_sizes(obj)
        if sizes[self.idx]:
            return tuple.__getitem__(obj._operands, sum(sizes[: self.idx]))
        return None


class _FastSingle(SingleAttrAccessor):
    def __get__(self, obj: Operation, objtype=None):
        if obj is None:
            return self
        return tuple.__getitem__(obj._operands, sum(segment_sizes(obj)[: self.idx]))


_FAST: dict[type, type[_FastVariadic | _FastOptional | _FastSingle]] = {
    VariadicAttrAccessor: _FastVariadic,
    OptionalAttrAccessor: _FastOptional,
    SingleAttrAccessor: _FastSingle,
}


_Op = TypeVar("_Op", bound=type[Operation])


def fast_operand_groups(*classes: _Op) -> tuple[_Op, ...]:
    """Replace the operand-group accessors xDSL made for each class (`args = var_operand_def()`
    under `AttrSizedOperandSegments`) by ones that read the sizes through `segment_sizes`;
    the classes, for the dialect's op list."""
    for cls in classes:
        for name, acc in list(vars(cls).items()):
            fast = _FAST.get(type(acc))
            if fast is not None and acc.construct is VarIRConstruct.OPERAND:
                setattr(cls, name, fast(acc.construct, acc.idx, acc.option))
    return classes


def walk_list(
    root: Operation | Region | Block, post_order: bool = False
) -> list[Operation]:
    """The ops `root.walk()` yields (an op itself first, then everything nested in it, blocks
    and ops in order; `post_order`: `walk(region_first=True)`, everything nested in an op
    before it), as a list. xDSL's walk is a chain of generators, a few frames per op and
    nesting level; this follows the op and block links directly (the IR must not change
    while it runs)."""
    out: list[Operation] = []
    if isinstance(root, Operation):
        if post_order:
            _nested(root, out, True)
            out.append(root)
        else:
            out.append(root)
            _nested(root, out, False)
    elif isinstance(root, Region):
        _region(root, out, post_order)
    else:
        _block(root, out, post_order)
    return out


def _nested(op: Operation, out: list[Operation], post_order: bool) -> None:
    for region in op.regions:
        _region(region, out, post_order)


def _region(region: Region, out: list[Operation], post_order: bool) -> None:
    block = region._first_block
    while block is not None:
        _block(block, out, post_order)
        block = block._next_block


def _block(block: Block, out: list[Operation], post_order: bool) -> None:
    op = block._first_op
    append = out.append
    while op is not None:
        if op.regions:
            if post_order:
                _nested(op, out, True)
                append(op)
            else:
                append(op)
                _nested(op, out, False)
        else:
            append(op)
        op = op._next_op
