"""The types an orchestration function can hold in its PTO2 C++: the scalar C types, the
runtime's tensor `DataType`s and ranks, and the check that every value of a function has one
(verify-orchestration's rule 8, docs/passes/verify-orchestration.md).

The C++ printer (targets/pto2_cpp/cxx_types.py) maps types with these tables; the check here
runs first (the last step of pto2-pipeline, and the printer's own check_orchestration), so a
value without a C++ form is a located error of the pass, never a refusal of the printer after
a pipeline that accepted the program.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Operation

from pypto_dialects.attrs import TaskIdArrayType, TaskIdType, is_task_id_like
from pypto_dialects.orch_arrays import IntArrayType

DATA_TYPES: dict[str, str] = {
    "f32": "FLOAT32",
    "f16": "FLOAT16",
    "bf16": "BFLOAT16",
    "i8": "INT8",
    "si8": "INT8",
    "ui8": "UINT8",
    "i16": "INT16",
    "si16": "INT16",
    "ui16": "UINT16",
    "i32": "INT32",
    "si32": "INT32",
    "ui32": "UINT32",
    "i64": "INT64",
    "si64": "INT64",
    "ui64": "UINT64",
    "i1": "BOOL",
}
"""MLIR element type -> the runtime's `DataType::` enumerator (every type the a2a3 runtime has:
its `data_type.h` has no FP8 / FP4 types)."""

C_TYPES: dict[str, str] = {
    "index": "int64_t",
    "i64": "int64_t",
    "si64": "int64_t",
    "ui64": "uint64_t",
    "i32": "int32_t",
    "si32": "int32_t",
    "ui32": "uint32_t",
    "i16": "int16_t",
    "si16": "int16_t",
    "ui16": "uint16_t",
    "i8": "int8_t",
    "si8": "int8_t",
    "ui8": "uint8_t",
    "i1": "bool",
    "f32": "float",
    "f64": "double",
}
"""MLIR scalar type -> C++ type of an orchestration-level scalar (f16/bf16 have none)."""

MAX_RANK = 5
"""RUNTIME_MAX_TENSOR_DIMS of the runtime (and the 5 extents of the entry's ContinuousTensor)."""

C_TYPES_TEXT = "index, i1, i8-i64, ui8-ui64, f32, f64"
"""The scalar types of `C_TYPES`, for messages."""


CPP_OPS = frozenset({
    *(f"arith.{n}" for n in (
        "addf", "addi", "andi", "bitcast", "ceildivsi", "ceildivui", "cmpf", "cmpi", "constant",
        "divf", "divsi", "divui", "extf", "extsi", "extui", "floordivsi", "fptosi", "fptoui",
        "index_cast", "index_castui", "maximumf", "maxnumf", "maxsi", "maxui", "minimumf",
        "minnumf", "minsi", "minui", "mulf", "muli", "negf", "ori", "remsi", "remui", "select",
        "shli", "shrsi", "shrui", "sitofp", "subf", "subi", "truncf", "trunci", "uitofp",
        "xori",
    )),
    "pto_orch.call", "pto_orch.submit", "pto_orch.int_array_create", "pto_orch.int_array_get",
    "pto_orch.int_array_set", "pto_orch.task_array_create", "pto_orch.task_array_get",
    "pto_orch.task_array_set", "pto_rt.scope", "pto_system.task_dummy",
    "pto_system.task_invalid", "pto_system.task_is_valid", "pto_tensor.alloc_tensors",
    "pto_tensor.assemble", "pto_tensor.create", "pto_tensor.dim", "pto_tensor.read",
    "pto_tensor.reshape", "pto_tensor.slice", "pto_tensor.transpose", "pto_tensor.view",
    "pto_tensor.write", "scf.for", "scf.if",
})
"""The ops the C++ printer has a handler for (targets/pto2_cpp/function.handlers; a test keeps
the two equal)."""

PRINTED_BY_PARENT = frozenset({"scf.yield", "pto_rt.yield", "pto_tensor.yield", "func.return"})
"""The terminators the op around them prints (a loop's / if's / scope's / allocation batch's
yield, the function's return)."""

NO_CPP_MAPPING = (
    "cannot run at orchestration level: it has no PTO2 C++ mapping (an orchestration body "
    "holds pto_orch / pto_tensor / pto_system / pto_rt ops, scf.for / scf.if and scalar arith)"
)
"""The message for an op of an orchestration body the printer has no handler for."""


def no_core_type(kernel: str, kind: str) -> str:
    """The message for a task calling a kernel whose kind has no PTO2 core type."""
    return (
        f"calls kernel @{kernel} of kind '{kind}', which has no PTO2 core type (use aic, aiv, "
        "incore<space> or group<@aic, @aiv>; an SPMD launch is the task's launch(n): "
        "docs/dialects/pto_orch.md#task-options)"
    )


def view_error(op: Operation) -> str | None:
    """Why the printer has no C++ form for the `pto_tensor.slice` / `pto_tensor.view` `op`, else
    None (targets/pto2_cpp/tensor_ops.py prints the same words): a view that reinterprets the
    shape (lower-reinterpreting-views makes it a reshape), a view or slice without `drop`
    that changes the rank, a rank-reducing slice of a dynamic source, of another view's
    result, or of a tensor that may not be contiguous (`surely_contiguous`: the reshape that
    drops the dimensions needs a static, contiguous source)."""
    from pypto_dialects.tensor import SliceOp, TransposeOp, ViewOp

    if not isinstance(op, SliceOp | ViewOp):
        return None
    st, rt = op.source.type, op.result.type
    assert isinstance(st, TensorType)
    assert isinstance(rt, TensorType)
    if isinstance(op, SliceOp) and op.drop is not None:
        if any(d < 0 for d in st.get_shape()):
            return (
                f"drops dimensions of a source of dynamic shape {st}: the reshape that drops "
                "them needs static source extents"
            )
        owner = op.source.owner
        if isinstance(owner, SliceOp | ViewOp | TransposeOp):
            return (
                f"drops dimensions of the result of '{owner.name}': the runtime reshapes only "
                "contiguous tensors; take the rank-reducing slice of the whole tensor instead"
            )
        from pypto_dialects.analysis.verifiers import surely_contiguous

        if not surely_contiguous(op.source):
            return (
                "drops dimensions of a tensor that may not be contiguous in memory (it may be "
                "a view of part of its buffer, through an scf.if, a loop carry, a scope or a "
                "task's in-place result): the C++ reshapes the source to drop them, and the "
                "runtime reshapes only contiguous tensors; take the rank-reducing slice of the "
                "whole tensor, or of each view where it is made"
            )
        for k, size in enumerate(merged_extents(list(st.get_shape()), set(op.dropped()))):
            if size > 0xFFFFFFFF:
                return (
                    f"drops dimensions of {st} into a reshape whose dimension {k} has extent "
                    f"{size}, beyond the runtime's uint32_t extents (at most 4294967295)"
                )
        return None
    if isinstance(op, ViewOp) and op.reinterprets():
        return (
            f"reinterprets {st} as {rt}, which Tensor::view cannot (the runtime rejects a "
            "view that does not fit dimension by dimension): run lower-reinterpreting-views "
            "first (pto2-pipeline does), which makes it a pto_tensor.reshape"
        )
    if len(st.get_shape()) != len(rt.get_shape()):
        return (
            "changes the rank, which Tensor::view cannot (a runtime view keeps the source's "
            "rank): take a same-rank pto_tensor.slice (extent 1 for a dimension to drop); "
            "pto_tensor.reshape it only if it is contiguous (the runtime aborts otherwise)"
        )
    return None


def merge_groups(rank: int, drop: set[int]) -> list[list[int]]:
    """The dimensions a rank-reducing slice of a `rank`-dimensional source merges into each
    kept one: the kept dimension with the dropped ones before it (dropped innermost ones join
    the last kept one). Empty when every dimension is dropped."""
    groups: list[list[int]] = []
    pending: list[int] = []
    for i in range(rank):
        pending.append(i)
        if i not in drop:
            groups.append(pending)
            pending = []
    if groups:
        groups[-1] += pending
    return groups


def merged_extents(shape: list[int], drop: set[int]) -> list[int]:
    """The extents of the reshape a rank-reducing slice prints: the product of each group of
    `merge_groups`, as targets/pto2_cpp/tensor_ops.py prints them."""
    out = []
    for group in merge_groups(len(shape), drop):
        size = 1
        for g in group:
            size *= shape[g]
        out.append(size)
    return out


def second_function(name: str, first_at: str) -> str:
    """The message for a second orchestration function of one name (nested modules may
    repeat a name; each function is printed to `orchestration/<name>.cpp`)."""
    return (
        f"is a second orchestration function named @{name} (the first is at {first_at}); "
        f"each function is printed to orchestration/{name}.cpp: rename one of them"
    )


def no_c_type(what: str, t: Attribute) -> str:
    """The message for a scalar of type `t` without a C++ type (`what`: what the value is)."""
    return (
        f"{what} of type {t} has no C++ scalar type at orchestration level (supported: "
        f"{C_TYPES_TEXT})"
    )


def no_data_type(elem: Attribute) -> str:
    """The message for a tensor element type without a runtime `DataType`."""
    return (
        f"element type {elem} has no PTO2 runtime DataType (supported: "
        f"{', '.join(sorted(DATA_TYPES))})"
    )


def bad_rank(what: str, t: TensorType) -> str | None:
    """The message for a tensor type of a rank the runtime's tensors cannot have, else None."""
    rank = len(t.get_shape())
    if 1 <= rank <= MAX_RANK:
        return None
    return f"{what} {t} has rank {rank}; PTO2 runtime tensors have 1 to {MAX_RANK} dimensions"


_FINE: dict[Attribute, bool] = {}
"""Memo of `type_error`: the types known to have a C++ form (most values ask about a few)."""


def type_error(t: Attribute, what: str) -> str | None:
    """Why a value of type `t` has no C++ form at orchestration level, else None: a tensor
    needs an element type with a runtime DataType and rank 1 to 5, a TaskId / TaskId array /
    integer array is printed by its own rules, any other type is a scalar and needs a C type
    (`C_TYPES`). `what` names the value in the message ("element", "result #1")."""
    if _FINE.get(t):
        return None
    why: str | None = None
    if isinstance(t, TensorType):
        if str(t.element_type) not in DATA_TYPES:
            why = f"{what} has type {t}, whose {no_data_type(t.element_type)}"
        else:
            why = bad_rank(what if what in _TENSOR_WHATS else f"{what} of type", t)
    elif not isinstance(t, TaskIdType | TaskIdArrayType | IntArrayType) and str(t) not in C_TYPES:
        why = no_c_type(what, t)
    if why is None:
        _FINE[t] = True
    return why


_TENSOR_LABELS = {
    "pto_tensor.create": "created tensor",
    "pto_tensor.reshape": "reshaped tensor",
    "pto_tensor.slice": "view",
    "pto_tensor.view": "view",
}
"""The printer's names of the tensors some ops make (its messages say "view <type> has rank 6")."""
_TENSOR_WHATS = frozenset(_TENSOR_LABELS.values())


def _result_what(op: Operation, i: int) -> str:
    if isinstance(op, ConstantOp):
        return "constant"
    if op.name == "pto_tensor.read":
        return "element"
    label = _TENSOR_LABELS.get(op.name)
    if label is not None:
        return label
    if op.name in ("pto_orch.call", "pto_orch.submit"):
        # (a result tied to an argument has that argument's type, checked where it is made)
        return f"the runtime-allocated output (result #{i})"
    return "result" if len(op.results) == 1 else f"result #{i}"


def _arg_what(op: Operation, index: int) -> str:
    if isinstance(op, scf.ForOp):
        return "induction variable" if index == 0 else f"iter_arg #{index - 1}"
    return f"block argument #{index}"


def results_type_error(op: Operation) -> str | None:
    """The first result of `op` whose type has no C++ form at orchestration level
    (`type_error`), as the message of a located error at `op`; None when every one has."""
    for i, r in enumerate(op.results):
        why = type_error(r.type, _result_what(op, i))
        if why is not None:
            return why
    return None


def args_type_error(op: Operation) -> str | None:
    """As `results_type_error`, for the arguments of the blocks of `op`'s regions (a loop's
    induction variable and iter_args)."""
    for region in op.regions:
        for block in region.blocks:
            for arg in block.args:
                why = type_error(arg.type, _arg_what(op, arg.index))
                if why is not None:
                    return why
    return None


def param_type_error(func: FuncOp) -> str | None:
    """The first parameter of the orchestration function `func` the entry cannot receive
    (a tensor without a runtime DataType or of rank outside 1 to 5, a TaskId, a scalar
    without a C type), as the message of a located error at `func`; None when all can."""
    for i, t in enumerate(func.function_type.inputs.data):
        if isinstance(t, TensorType):
            if str(t.element_type) not in DATA_TYPES:
                return (
                    f"parameter {i} has type {t}, whose element type has no PTO2 runtime "
                    f"DataType, so the host cannot pass it (supported: "
                    f"{', '.join(sorted(DATA_TYPES))})"
                )
            why = bad_rank(f"parameter {i} of type", t)
            if why is not None:
                return why
        elif is_task_id_like(t):
            return (
                f"parameter {i} has type {t}: an orchestration entry receives tensors and "
                "scalars only (TaskIds exist inside the function)"
            )
        elif str(t) not in C_TYPES:
            return no_c_type(f"parameter {i}", t)
    return None
