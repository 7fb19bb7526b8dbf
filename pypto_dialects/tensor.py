"""The `pto_tensor` dialect: tensor ops that run at orchestration level.

Spec: PyPTO's orchestration codegen document, "操作映射" (op mapping) and "动态维度符号"
(dynamic-dim symbols); docs/dialects/. Named `pto_tensor` because MLIR's `tensor` dialect
owns that name.

All tensors are builtin `tensor<...>` types; a `?` extent is a runtime extent. Ops that
"modify" a tensor (`write`, `assemble`) return the same buffer after the change: their
result *is* the operand (destination-passing style), and the C++ printer names both alike.

Ops: create, alloc_tensors (a batch of creates, and its yield), read, write, slice, view,
reshape, transpose, dim, assemble.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from xdsl.dialects.builtin import (
    DenseArrayBase,
    FloatAttr,
    IndexType,
    IntegerAttr,
    TensorType,
    UnitAttr,
    i64,
)
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    EffectInstance,
    HasParent,
    IsTerminator,
    MemoryEffect,
    MemoryEffectKind,
    NoMemoryEffect,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import TaskIdType
from pypto_dialects.limits import (
    check_constant_extents,
    check_constant_indices,
    check_constant_window,
    constant_int,
)

INDEX = IndexType()

MAX_ALLOC_BATCH = 16
"""Creates per `pto_tensor.alloc_tensors` (the runtime's `Arg` holds 16 tensors,
CORE_MAX_TENSOR_ARGS)."""


def _shape(t: Attribute) -> tuple[int, ...]:
    return tuple(_tensor_type(t).get_shape())


def _tensor_type(t: Attribute) -> TensorType:
    """`t`, a tensor type (an operand's or result's, checked by its constraint)."""
    assert isinstance(t, TensorType)
    return t


def _check_dynamic_sizes(t: Attribute, sizes: Sequence[SSAValue], what: str) -> None:
    n_dyn = sum(1 for d in _shape(t) if d < 0)
    if n_dyn != len(sizes):
        raise VerifyException(
            f"{what} {t} has {n_dyn} dynamic extent(s) ('?') but {len(sizes)} size "
            "value(s) are given: pass one index value per '?'"
        )
    check_constant_extents(sizes, what)


def _check_indices(t: Attribute, indices: Sequence[SSAValue], what: str) -> None:
    rank = len(_shape(t))
    if len(indices) != rank:
        raise VerifyException(
            f"{what} needs {rank} indices for {t} but {len(indices)} are given"
        )


def _check_fits(part: Sequence[int], full: Sequence[int], what: str, whole: str = "source") -> None:
    """Per dimension (same rank), the runtime's `Tensor::view` rule that a part is no larger
    than the whole, where both extents are static (the offsets: `limits.check_constant_window`)."""
    for i, (r, s) in enumerate(zip(part, full)):
        if s >= 0 and r > s:
            msg = f"{what} extent {r} of dimension {i} exceeds the {whole} extent {s}"
            raise VerifyException(msg)


class AllocatesResult(MemoryEffect):
    """The op allocates the buffer of its result and has no other effect: `dce` drops it when
    the result is unused, and it is never merged with another or moved (xDSL's
    `MemoryAllocEffect` names no value, which would keep an unused allocation alive)."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        return frozenset((EffectInstance(MemoryEffectKind.ALLOC, op.results[0]),))


@irdl_op_definition
class CreateOp(IRDLOperation):
    """`pto_tensor.create`: an intermediate tensor (spec `pl.create_tensor`).

    Syntax: `%c = pto_tensor.create : tensor<16x16xf32>`,
            `%c = pto_tensor.create(%M) : tensor<?x16xf32>` (one index per `?`),
            `%c = pto_tensor.create init(1.0 : f32) manual_dep : tensor<16x16xf32>`.
    `init`: every element starts as this constant; `manual_dep`: the runtime does not track
    the buffer's writers (docs/dialects/pto_tensor.md).
    C++: printed inside the `pto_tensor.alloc_tensors` batch batch-tensor-allocations puts it
    in; the options are the `TensorCreateInfo`'s `manual_dep` argument and `set_initial_value`.
    Verifier: one size value per dynamic extent; `init` has the element type.
    """

    name = "pto_tensor.create"
    dynamic_sizes = var_operand_def(IndexType)
    result = result_def(TensorType)
    init = opt_prop_def(base(FloatAttr) | base(IntegerAttr))
    manual_dep = opt_prop_def(UnitAttr)
    traits = traits_def(AllocatesResult())  # a runtime buffer (alloc_tensors)
    assembly_format = (
        "(`(` $dynamic_sizes^ `)`)? (`init` `(` $init^ `)`)? (`manual_dep` $manual_dep^)? "
        "attr-dict `:` type($result)"
    )

    def __init__(
        self,
        result_type: TensorType,
        dynamic_sizes: Sequence[SSAValue] = (),
        init: FloatAttr | IntegerAttr | None = None,
        manual_dep: bool = False,
    ):
        super().__init__(
            operands=[dynamic_sizes],
            result_types=[result_type],
            properties={"init": init, "manual_dep": UnitAttr() if manual_dep else None},
        )

    def verify_(self) -> None:
        _check_dynamic_sizes(self.result.type, self.dynamic_sizes, "result")
        elem = self.result.type.element_type
        if self.init is not None and self.init.type != elem:
            raise VerifyException(
                f"init value has type {self.init.type}, not the element type {elem}: write "
                f"it as a constant of type {elem}"
            )


@irdl_op_definition
class AllocYieldOp(IRDLOperation):
    """`pto_tensor.yield`: the terminator of `pto_tensor.alloc_tensors`, yielding its creates.

    Syntax: `pto_tensor.yield %a, %b : tensor<16xf32>, tensor<?x16xf32>`
    """

    name = "pto_tensor.yield"
    values = var_operand_def(TensorType)
    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(AllocTensorsOp)))
    assembly_format = "$values attr-dict `:` type($values)"

    def __init__(self, values: Sequence[SSAValue]):
        super().__init__(operands=[values])


@irdl_op_definition
class AllocTensorsOp(IRDLOperation):
    """`pto_tensor.alloc_tensors`: one runtime allocation task for up to 16 creates (stamped by
    batch-tensor-allocations; docs/dialects/pto_tensor.md).

    Syntax:
        %a, %b, %alloc = pto_tensor.alloc_tensors {
          %0 = pto_tensor.create : tensor<16xf32>
          %1 = pto_tensor.create(%M) init(0.0 : f32) : tensor<?x16xf32>
          pto_tensor.yield %0, %1 : tensor<16xf32>, tensor<?x16xf32>
        } : tensor<16xf32>, tensor<?x16xf32>
    Results: the created tensors, in order, then the allocation task's `!pto_orch.task_id`.
    C++: the creates' `TensorCreateInfo`s, `TaskOutputTensors alloc_N = alloc_tensors(...)`, one
    `get_ref(i)` per tensor, and `PTO2TaskId alloc_N_tid = alloc_N.task_id();` when the TaskId
    is used.
    Verifier: the body holds 1 to 16 `pto_tensor.create`s and a yield of each, in order; the
    results are their types.
    """

    name = "pto_tensor.alloc_tensors"
    tensors = var_result_def(TensorType)
    task_id = result_def(TaskIdType())
    body = region_def("single_block")
    assembly_format = "$body attr-dict `:` type($tensors)"

    def __init__(self, creates: Sequence[CreateOp]):
        """Move `creates` (detached) into a new batch's body; the batch and its yield are
        located at the first create."""
        block = Block(list(creates))
        # built as `create` builds an op: the IRDL builder re-checks and re-flattens what
        # it is given, about three times the cost (batch-tensor-allocations makes one batch
        # per 13 ops of a program, issue 28); the same op
        term = AllocYieldOp.create(operands=[c.result for c in creates])
        block.add_op(term)
        Operation.__init__(
            self,
            result_types=[*(c.result.type for c in creates), TaskIdType()],
            regions=[Region(block)],
        )
        if creates:
            self.location = term.location = creates[0].location

    def creates(self) -> list[CreateOp]:
        """The batch's creates, in order."""
        return [op for op in self.body.block.ops if isinstance(op, CreateOp)]

    def verify_(self) -> None:
        block = self.body.block
        if block.args:
            raise VerifyException("the body takes no arguments")
        creates = list(block.ops)[:-1]
        term = block.last_op
        if not isinstance(term, AllocYieldOp):
            raise VerifyException("the body must end with pto_tensor.yield")
        if not creates or any(not isinstance(c, CreateOp) for c in creates):
            raise VerifyException("the body holds pto_tensor.create ops only (at least one)")
        if len(creates) > MAX_ALLOC_BATCH:
            raise VerifyException(
                f"batches {len(creates)} creates; one runtime alloc_tensors call takes at most "
                f"{MAX_ALLOC_BATCH}: split it"
            )
        if tuple(term.values) != tuple(c.results[0] for c in creates):
            raise VerifyException("the yield must list every create of the body once, in order")
        types = [c.results[0].type for c in creates]
        if [r.type for r in self.tensors] != types:
            raise VerifyException(
                f"result types {[str(r.type) for r in self.tensors]} are not the creates' "
                f"types {[str(t) for t in types]}"
            )


@irdl_op_definition
class ReadOp(IRDLOperation):
    """`pto_tensor.read`: read one element of a tensor as a scalar (spec `tensor.read`).

    Syntax: `%v = pto_tensor.read %t[%i, %j] : tensor<16x16xf32> -> f32`
    C++: `get_tensor_data<float>(t, 2, indices_v)` (docs/targets/pto2-cpp.md, difference 2).
    Verifier: one index per dimension; the result is the element type.
    """

    name = "pto_tensor.read"
    tensor = operand_def(TensorType)
    indices = var_operand_def(IndexType)
    result = result_def()
    assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor) `->` type($result)"

    def __init__(self, tensor: SSAValue, indices: Sequence[SSAValue]):
        assert isinstance(tensor.type, TensorType)
        super().__init__(operands=[tensor, indices], result_types=[tensor.type.element_type])

    def verify_(self) -> None:
        _check_indices(self.tensor.type, self.indices, "read")
        check_constant_indices(_shape(self.tensor.type), self.indices, "read")
        elem = _tensor_type(self.tensor.type).element_type
        if self.result.type != elem:
            raise VerifyException(
                f"result type {self.result.type} is not the element type {elem}"
            )


@irdl_op_definition
class WriteOp(IRDLOperation):
    """`pto_tensor.write`: write one scalar element; the result is the same tensor after the
    write (spec `tensor.write`).

    Syntax: `%t2 = pto_tensor.write %v, %t[%i, %j] : f32, tensor<16x16xf32>`
    C++: `set_tensor_data(t, 2, indices, v);`
    Verifier: one index per dimension; the value has the element type.
    """

    name = "pto_tensor.write"
    T: ClassVar = VarConstraint("T", AnyAttr())
    value = operand_def()
    tensor = operand_def(T)
    indices = var_operand_def(IndexType)
    result = result_def(T)
    assembly_format = (
        "$value `,` $tensor `[` $indices `]` attr-dict `:` type($value) `,` type($tensor)"
    )

    def __init__(self, value: SSAValue, tensor: SSAValue, indices: Sequence[SSAValue]):
        super().__init__(operands=[value, tensor, indices], result_types=[tensor.type])

    def verify_(self) -> None:
        if not isinstance(self.tensor.type, TensorType):
            raise VerifyException(f"writes into a tensor, not {self.tensor.type}")
        _check_indices(self.tensor.type, self.indices, "write")
        if self.value.type != self.tensor.type.element_type:
            raise VerifyException(
                f"value type {self.value.type} is not the element type "
                f"{self.tensor.type.element_type}"
            )
        check_constant_indices(_shape(self.tensor.type), self.indices, "write")


class _ViewLike(IRDLOperation):
    """Shared syntax of slice and view: `%s = op %src[offsets] [sizes(%n)] : T to T2`."""

    source = operand_def(TensorType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    result = result_def(TensorType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(NoMemoryEffect())
    assembly_format: ClassVar[str | None] = (
        "$source `[` $offsets `]` (`sizes` `(` $sizes^ `)`)? attr-dict "
        "`:` type($source) `to` type($result)"
    )

    def __init__(
        self,
        source: SSAValue,
        offsets: Sequence[SSAValue],
        result_type: Attribute,  # a TensorType (the verifier checks a parsed one)
        sizes: Sequence[SSAValue] = (),
    ):
        super().__init__(operands=[source, offsets, sizes], result_types=[result_type])

    def _verify_common(self) -> None:
        _check_indices(self.source.type, self.offsets, f"{self.name.split('.')[1]} offsets")
        _check_dynamic_sizes(self.result.type, self.sizes, "result")
        se = _tensor_type(self.source.type).element_type
        re = self.result.type.element_type
        if se != re:
            raise VerifyException(f"element type changes from {se} to {re}")


@irdl_op_definition
class SliceOp(_ViewLike):
    """`pto_tensor.slice`: a view of a sub-block of a tensor, same rank (spec `tensor.slice`),
    or with the unit dimensions listed in `drop` removed (`data[:, 1, :]`).

    Syntax: `%s = pto_tensor.slice %t[%o0, %o1] [sizes(%n)] : tensor<16x16xf32> to tensor<8x16xf32>`
    (one offset per source dimension; the result type gives the extents, `sizes(...)` one per `?`),
    `%r = pto_tensor.slice %t[%c0, %c1, %c0] drop [1] : tensor<4x8x16xf32> to tensor<4x16xf32>`.
    C++: `Tensor s = t.view(s_shapes, s_offsets);`; with `drop`, a reshape of the source that
    merges each dropped dimension into the next kept one, then a view (docs/dialects/pto_tensor.md).
    Verifier: offsets match the rank; same rank (less the dropped dimensions) and element type;
    `drop` is increasing and within the rank; static extents fit.
    """

    name = "pto_tensor.slice"
    drop = opt_prop_def(DenseArrayBase)
    assembly_format = None  # the shared format plus `drop [1, ...]` (parse / print below)

    @classmethod
    def parse(cls, parser: Parser) -> SliceOp:
        src = parser.parse_unresolved_operand()
        offsets = parser.parse_comma_separated_list(
            Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
        )
        sizes = []
        if parser.parse_optional_keyword("sizes") is not None:
            sizes = parser.parse_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_unresolved_operand
            )
        drop = None
        if parser.parse_optional_keyword("drop") is not None:
            drop = parser.parse_comma_separated_list(
                Parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
            )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        st = parser.parse_type()
        parser.parse_keyword("to")
        rt = parser.parse_type()
        index = IndexType()
        op = cls(
            parser.resolve_operand(src, st),
            [parser.resolve_operand(o, index) for o in offsets],
            rt,
            [parser.resolve_operand(o, index) for o in sizes],
        )
        if drop is not None:
            op.drop = DenseArrayBase.from_list(i64, drop)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string("[")
        printer.print_list(self.offsets, printer.print_operand)
        printer.print_string("]")
        if self.sizes:
            printer.print_string(" sizes(")
            printer.print_list(self.sizes, printer.print_operand)
            printer.print_string(")")
        if self.drop is not None:
            printer.print_string(" drop [")
            printer.print_list(self.dropped(), lambda d: printer.print_string(str(d)))
            printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)

    def dropped(self) -> tuple[int, ...]:
        """The dimensions of the source the result drops (each of extent 1), increasing."""
        return tuple(self.drop.get_values()) if self.drop is not None else ()

    def full_shape(self) -> tuple[int, ...]:
        """The result's extents with a 1 at each dropped dimension (the source's rank)."""
        out = list(_shape(self.result.type))
        for d in self.dropped():
            out.insert(d, 1)
        return tuple(out)

    def verify_(self) -> None:
        self._verify_common()
        ss, rs = _shape(self.source.type), _shape(self.result.type)
        drop = self.dropped()
        if self.drop is not None and (
            self.drop.elt_type != i64
            or list(drop) != sorted(set(drop))
            or any(not 0 <= d < len(ss) for d in drop)
        ):
            raise VerifyException(
                f"drop must list source dimensions (0..{len(ss) - 1}) in increasing order, "
                "each once: drop [1, ...]"
            )
        if len(ss) != len(rs) + len(drop):
            if drop:
                raise VerifyException(
                    f"a slice of rank {len(ss)} that drops {len(drop)} dimension(s) has rank "
                    f"{len(ss) - len(drop)}, but the result has rank {len(rs)}"
                )
            raise VerifyException(
                f"a slice keeps the rank ({len(ss)}) but the result has rank {len(rs)}: "
                "use pto_tensor.view or pto_tensor.reshape to change it, or list the unit "
                "dimensions it drops in 'drop'"
            )
        rs = self.full_shape()
        _check_fits(rs, ss, "slice")
        check_constant_window(ss, self.offsets, rs, "the slice")


@irdl_op_definition
class ViewOp(_ViewLike):
    """`pto_tensor.view`: a view with its own shape at given offsets of the source (spec
    `tensor.view`); unlike `slice` the rank may change.

    Syntax: `%v = pto_tensor.view %t[%o0, %o1] : tensor<16x16xf32> to tensor<256xf32>`
    C++: `Tensor v = t.view(v_shapes, v_offsets);`
    Verifier: offsets match the source rank; same element type; a same-rank view fits in
    the source dimension by dimension (the runtime's `Tensor::view` rule, where static), or
    reinterprets it (`reinterprets`: zero offsets, a contiguous source); a rank-changing
    static view is no larger than a static source. Whether the source is contiguous is asked
    of the storage-root analysis, after this verifier (analysis/verifiers.py).
    """

    name = "pto_tensor.view"

    def reinterprets(self) -> bool:
        """Same rank, both shapes static, the same element count and another shape: the view
        reinterprets the source's shape (a reshape; lower-reinterpreting-views makes it one)."""
        ss, rs = _shape(self.source.type), _shape(self.result.type)
        static = all(d >= 0 for d in ss + rs)
        return len(ss) == len(rs) and ss != rs and static and _numel(ss) == _numel(rs)

    def reinterpretation(self) -> str:
        """What a view that `reinterprets` does, the head of its diagnostics."""
        return (
            f"reinterprets {self.source.type} as {self.result.type} (a view of the same "
            "element count that does not fit dimension by dimension: a reshape)"
        )

    def verify_(self) -> None:
        self._verify_common()
        ss, rs = _shape(self.source.type), _shape(self.result.type)
        if self.reinterprets():  # a reshape: from the first element of a contiguous source
            if any(constant_int(o) != 0 for o in self.offsets):
                raise VerifyException(
                    f"{self.reinterpretation()}, but not every offset is a constant 0: a "
                    "reinterpretation covers the whole source; view the whole tensor, or take "
                    "a pto_tensor.slice"
                )
        elif len(ss) == len(rs):
            _check_fits(rs, ss, "view")
            check_constant_window(ss, self.offsets, rs, "the view")
        else:
            if all(d >= 0 for d in ss + rs) and _numel(rs) > _numel(ss):
                raise VerifyException(
                    f"view of {_numel(rs)} elements is larger than the source ({_numel(ss)})"
                )
            check_constant_window(ss, self.offsets, [-1] * len(ss), "the view")


def _numel(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


@irdl_op_definition
class ReshapeOp(IRDLOperation):
    """`pto_tensor.reshape`: the same elements under another shape (spec `tensor.reshape`).

    Syntax: `%r = pto_tensor.reshape %t [sizes(%n)] : tensor<16x16xf32> to tensor<256xf32>`
    C++: `Tensor r = t.reshape(r_shapes, 1);`
    Verifier: same element type; same element count when both shapes are static. After it,
    analysis/verifiers.py checks that the source is not provably non-contiguous (the
    runtime's `Tensor::reshape` aborts on it), which asks the storage-root analysis.
    """

    name = "pto_tensor.reshape"
    source = operand_def(TensorType)
    sizes = var_operand_def(IndexType)
    result = result_def(TensorType)
    traits = traits_def(NoMemoryEffect())
    assembly_format = (
        "$source (`sizes` `(` $sizes^ `)`)? attr-dict `:` type($source) `to` type($result)"
    )

    def __init__(self, source: SSAValue, result_type: TensorType, sizes: Sequence[SSAValue] = ()):
        super().__init__(operands=[source, sizes], result_types=[result_type])

    def verify_(self) -> None:
        _check_dynamic_sizes(self.result.type, self.sizes, "result")
        st, rt = _tensor_type(self.source.type), self.result.type
        if st.element_type != rt.element_type:
            raise VerifyException("reshape keeps the element type")
        ss, rs = _shape(st), _shape(rt)
        if all(d >= 0 for d in ss + rs) and _numel(ss) != _numel(rs):
            raise VerifyException(
                f"reshape from {_numel(ss)} to {_numel(rs)} elements: the counts must match"
            )


def _parse_int_attr(parser: Parser) -> IntegerAttr:
    return IntegerAttr(parser.parse_integer(allow_boolean=False), i64)


@irdl_op_definition
class TransposeOp(IRDLOperation):
    """`pto_tensor.transpose`: swap two dimensions, zero-copy (spec `tensor.transpose`).

    Syntax: `%r = pto_tensor.transpose %t, 0, 1 : tensor<16x8xf32> to tensor<8x16xf32>`
    (negative axes count from the end).
    C++: `Tensor r = t.transpose(0, 1);` (axes normalized).
    Verifier: axes in range and distinct; the result is the source with the two extents swapped.
    """

    name = "pto_tensor.transpose"
    source = operand_def(TensorType)
    axis1 = prop_def(IntegerAttr)
    axis2 = prop_def(IntegerAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())  # a new descriptor; the axes are checked statically

    def __init__(self, source: SSAValue, axis1: int, axis2: int, result_type: Attribute):
        super().__init__(
            operands=[source],
            result_types=[result_type],
            properties={"axis1": IntegerAttr(axis1, i64), "axis2": IntegerAttr(axis2, i64)},
        )

    def normalized_axes(self) -> tuple[int, int]:
        rank = len(_shape(self.source.type))
        a, b = self.axis1.value.data, self.axis2.value.data
        return (a + rank if a < 0 else a, b + rank if b < 0 else b)

    @classmethod
    def parse(cls, parser: Parser) -> TransposeOp:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        a = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(",")
        b = parser.parse_integer(allow_boolean=False)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        st = parser.parse_type()
        parser.parse_keyword("to")
        rt = parser.parse_type()
        op = cls(parser.resolve_operand(src, st), a, b, rt)  # rt: checked by the verifier
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(f", {self.axis1.value.data}, {self.axis2.value.data}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        ss = list(_shape(self.source.type))
        rank = len(ss)
        for ax in (self.axis1.value.data, self.axis2.value.data):
            if not -rank <= ax < rank:
                raise VerifyException(f"axis {ax} is out of range for rank {rank}")
        a, b = self.normalized_axes()
        if a == b:
            raise VerifyException(f"transpose needs two different axes (both are {a})")
        ss[a], ss[b] = ss[b], ss[a]
        rs = list(_shape(self.result.type))
        et = _tensor_type(self.source.type).element_type
        if rs != ss or self.result.type.element_type != et:
            want = TensorType(et, ss)
            raise VerifyException(f"result type must be {want}, not {self.result.type}")


@irdl_op_definition
class DimOp(IRDLOperation):
    """`pto_tensor.dim`: the extent of one dimension (spec `tensor.dim`).

    Syntax: `%M = pto_tensor.dim %x, 0 : tensor<?x16xf32>`
    C++: a static extent is `int64_t d = 16;`; a dynamic extent of a function argument is a
    dynamic-dim symbol read once at entry from the argument's descriptor.
    Verifier: the axis is in range.
    """

    name = "pto_tensor.dim"
    source = operand_def(TensorType)
    axis = prop_def(IntegerAttr)
    result = result_def(IndexType)
    traits = traits_def(Pure())  # reads the descriptor; the axis is checked statically

    def __init__(self, source: SSAValue, axis: int):
        super().__init__(
            operands=[source], result_types=[INDEX], properties={"axis": IntegerAttr(axis, i64)}
        )

    def static_extent(self) -> int | None:
        d = _shape(self.source.type)[self.axis.value.data]
        return None if d < 0 else d

    @classmethod
    def parse(cls, parser: Parser) -> DimOp:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        a = parser.parse_integer(allow_boolean=False)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        st = parser.parse_type()
        op = cls(parser.resolve_operand(src, st), a)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(f", {self.axis.value.data}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)

    def verify_(self) -> None:
        rank = len(_shape(self.source.type))
        a = self.axis.value.data
        if not 0 <= a < rank:
            raise VerifyException(f"axis {a} is out of range for rank {rank}")


@irdl_op_definition
class AssembleOp(IRDLOperation):
    """`pto_tensor.assemble`: write a tensor into a target at offsets; the result is the
    target after the write (spec `tensor.assemble`).

    Syntax:
      `%r = pto_tensor.assemble %src into %dst[%o0, %o1] : tensor<8x16xf32> into tensor<16x16xf32>`
    C++: nothing; the result is the target's C++ name.
    Verifier: one offset per target dimension; same element type and rank.
    """

    name = "pto_tensor.assemble"
    T: ClassVar = VarConstraint("T", AnyAttr())
    source = operand_def(TensorType)
    target = operand_def(T)
    offsets = var_operand_def(IndexType)
    result = result_def(T)
    assembly_format = (
        "$source `into` $target `[` $offsets `]` attr-dict `:` type($source) `into` "
        "type($target)"
    )

    def __init__(self, source: SSAValue, target: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[source, target, offsets], result_types=[target.type])

    def verify_(self) -> None:
        tt, st = self.target.type, self.source.type
        if not isinstance(tt, TensorType):
            raise VerifyException(f"assembles into a tensor, not {tt}")
        _check_indices(tt, self.offsets, "assemble offsets")
        if _tensor_type(st).element_type != tt.element_type or len(_shape(st)) != len(_shape(tt)):
            raise VerifyException(
                f"source {st} and target {tt} need the same rank and element type"
            )
        _check_fits(_shape(st), _shape(tt), "assembled part", "target")
        check_constant_window(_shape(tt), self.offsets, _shape(st), "the assembled source")


PTO_TENSOR = Dialect(
    "pto_tensor",
    [
        CreateOp,
        AllocTensorsOp,
        AllocYieldOp,
        ReadOp,
        WriteOp,
        SliceOp,
        ViewOp,
        ReshapeOp,
        TransposeOp,
        DimOp,
        AssembleOp,
    ],
    [],
)
