"""What the PTO2 runtime and the C++ output can hold, checked by the verifiers.

The runtime's numbers are those of hw-native-sys/simpler (`src/common/task_interface/
arg_direction.h`, `src/a2a3/runtime/tensormap_and_ringbuffer/runtime/pto_types.h`). Each
check raises a VerifyException naming the limit; docs/dialects/pto_orch.md, "Limits", lists
them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

API_GENERATIONS = ("seed", "current")
"""The runtime API generations (docs/runtime-api.md): `seed` = simpler b7d04b45e, the
specification's and the default; `current` = simpler 6ebaf7715. The C++ printer spells each
(targets/pto2_cpp/generation.py) and the interpreter models each one's behaviour."""
DEFAULT_API_GENERATION = "seed"
MAX_TENSOR_ARGS = 32
"""Tensors per task: the runtime's `MAX_TENSOR_ARGS` (= `CORE_MAX_TENSOR_ARGS`)."""
MAX_SCALAR_ARGS = 16
"""Scalars per task: the runtime's `MAX_SCALAR_ARGS` (= `CORE_MAX_SCALAR_ARGS`)."""
MAX_ENTRY_TENSORS = 128
"""Tensor parameters of an orchestration function: `CHIP_MAX_TENSOR_ARGS`, the size of
`ChipStorageTaskArgs`' tensor array."""
MAX_ENTRY_SCALARS = 128
"""Scalar parameters of an orchestration function: `CHIP_MAX_SCALAR_ARGS`."""
MAX_DIM = 2**32 - 1
"""A static extent: the runtime keeps shapes and offsets as `uint32_t`."""
MAX_BLOCK_NUM = 2**15 - 1
"""Blocks of an SPMD task: `PTO2LaunchSpec::set_block_num` takes an `int16_t`, and the
runtime refuses a count below 1 at submit (docs/runtime-api.md A15, U1)."""
TASK_WINDOW = 16384
"""Tasks per ring window (`PTO2_TASK_WINDOW_SIZE`): a scope may hold at most `TASK_WINDOW - 1`
tasks submitted directly in it, allocation tasks included, else the runtime stops with "scope
deadlock" (docs/runtime-api.md K10). The runtime's `PTO2_RING_TASK_WINDOW` environment
variable sets another: the passes that count tasks against it take a `task-window` option
(`check_task_window`)."""


SHARED_RING = 3
"""The ring of a scope `depth` deep is min(depth, SHARED_RING) (`PTO2_MAX_RING_DEPTH` rings,
docs/runtime-api.md K9; the executor's outer scope is 0 deep): scopes this deep and deeper
share one ring, its task window and its heap."""


MIN_TASK_WINDOW = 2
"""The smallest task window a run can have: a scope must hold one task."""


def check_task_window(n: int) -> int:
    """`n` as the task window of a pass option (`pto2-pipeline{task-window=N}`): returned when
    it is at least `MIN_TASK_WINDOW`. Raises ValueError, whose text says what to give,
    otherwise."""
    if type(n) is not int or n < MIN_TASK_WINDOW:
        raise ValueError(f"task-window: expected an integer >= {MIN_TASK_WINDOW}, got {n}")
    return n
HEAP_SIZE = 256 * 1024 * 1024
"""Bytes of heap per ring (`PTO2_HEAP_SIZE`): every `alloc_tensors` buffer and runtime-allocated
task output comes from the heap of its scope's ring, rounded up to 1024 bytes, and the ring
reclaims in allocation order; an allocation the ring cannot serve before the scopes holding its
memory end stops the run (heap exhaustion is fatal, docs/runtime-api.md K11, 3.9). The runtime's
`PTO2_RING_HEAP` sets another size: a power of two of at least `MIN_HEAP_SIZE`
(`check_heap_size`)."""
MIN_HEAP_SIZE = 1024
"""The smallest heap a ring can have: one output rounded up to `PTO2_PACKED_OUTPUT_ALIGN`."""


def check_heap_size(n: int) -> int:
    """`n` as a ring's heap size (`pypto-run --ring-heap N`): returned when it is a power of two
    of at least `MIN_HEAP_SIZE`, as the runtime's heap is. Raises ValueError, whose text says
    what to give, otherwise."""
    if type(n) is not int or n < MIN_HEAP_SIZE or n & (n - 1):
        raise ValueError(f"ring heap: expected a power of two >= {MIN_HEAP_SIZE}, got {n}")
    return n


MAX_SCOPE_DEPTH = 64
"""Scopes open at once, the executor's own outer scope included (`PTO2_MAX_SCOPE_DEPTH`): a
`pto_rt.scope` nested 64 deep (65 with the executor's) trips the runtime's "Scope stack
overflow" assertion (docs/runtime-api.md K8)."""
MAX_TASK_ARRAY_SIZE = 4096
"""Slots of a `!pto_orch.task_id_array<N>`: the C++ is a stack array `PTO2TaskId a[N]`
(8 bytes a slot), kept to 32 KiB."""

_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")


def check_symbol_name(name: str, what: str) -> None:
    """`name` (a kernel's or orchestration function's symbol) must be an MLIR bare
    identifier: it is printed in C++ comments, kernel_config.json and file names."""
    if not _SYMBOL.fullmatch(name):
        raise VerifyException(
            f"{what} name {name!r} reaches the C++ output and file names, so it must be "
            "a plain identifier (letters, digits, '_', '$', '.', not starting with a digit, "
            "'$' or '.'): rename it"
        )


def check_static_dims(t: Attribute, what: str) -> None:
    """A tensor type's static extents fit the runtime's `uint32_t` shapes."""
    if isinstance(t, TensorType):
        for axis, d in enumerate(t.get_shape()):
            if d > MAX_DIM:
                raise VerifyException(
                    f"{what} {t}: extent {d} of dimension {axis} does not fit the runtime's "
                    f"uint32_t shapes (at most {MAX_DIM})"
                )


def check_task_args(tensors: int, scalars: int) -> None:
    """A task's tensor and scalar argument counts fit the runtime's `Arg`."""
    if tensors > MAX_TENSOR_ARGS:
        raise VerifyException(
            f"passes {tensors} tensors; a PTO2 task takes at most {MAX_TENSOR_ARGS} "
            "(the runtime's MAX_TENSOR_ARGS): split the kernel"
        )
    if scalars > MAX_SCALAR_ARGS:
        raise VerifyException(
            f"passes {scalars} scalars; a PTO2 task takes at most {MAX_SCALAR_ARGS} "
            "(the runtime's MAX_SCALAR_ARGS): pack them into a tensor"
        )


def check_entry_args(types: Sequence[Attribute]) -> None:
    """An orchestration function's parameters fit the runtime's `ChipStorageTaskArgs`."""
    tensors = sum(1 for t in types if isinstance(t, TensorType))
    scalars = len(types) - tensors
    if tensors > MAX_ENTRY_TENSORS:
        raise VerifyException(
            f"has {tensors} tensor parameters; an orchestration entry takes at most "
            f"{MAX_ENTRY_TENSORS} (the runtime's CHIP_MAX_TENSOR_ARGS)"
        )
    if scalars > MAX_ENTRY_SCALARS:
        raise VerifyException(
            f"has {scalars} scalar parameters; an orchestration entry takes at most "
            f"{MAX_ENTRY_SCALARS} (the runtime's CHIP_MAX_SCALAR_ARGS)"
        )


def check_task_array_size(size: int) -> None:
    """A TaskId array size is positive and small enough for a stack array."""
    if size <= 0:
        raise VerifyException("a TaskId array needs a positive size")
    if size > MAX_TASK_ARRAY_SIZE:
        raise VerifyException(
            f"a TaskId array of {size} slots is too large: the C++ is a stack array, at most "
            f"{MAX_TASK_ARRAY_SIZE} slots"
        )


def constant_int(value: SSAValue) -> int | None:
    """The value of an `arith.constant` integer/index, else None."""
    owner = value.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        attr = owner.properties.get("value")  # (not importing arith for its ConstantOp)
        if isinstance(attr, IntegerAttr):
            return attr.value.data
    return None


def check_constant_extents(sizes: Sequence[SSAValue], what: str) -> None:
    """Constant values given for the '?' extents of a type fit the runtime's `uint32_t`
    shapes: 0 to MAX_DIM."""
    for k, size in enumerate(sizes):
        v = constant_int(size)
        if v is not None and not 0 <= v <= MAX_DIM:
            raise VerifyException(
                f"{what} extent value #{k} is the constant {v}, which does not fit the "
                f"runtime's uint32_t shapes (0 to {MAX_DIM})"
            )


def check_constant_indices(shape: Sequence[int], indices: Sequence[SSAValue], what: str) -> None:
    """Constant element indices (a read or write) lie inside the static extents."""
    for axis, (extent, index) in enumerate(zip(shape, indices)):
        i = constant_int(index)
        if i is not None and (i < 0 or (extent >= 0 and i >= extent)):
            bound = f"[0, {extent})" if extent >= 0 else "[0, extent)"
            raise VerifyException(
                f"{what} index {i} of dimension {axis} is outside {bound}"
            )


def check_constant_window(
    shape: Sequence[int], offsets: Sequence[SSAValue], extents: Sequence[int], what: str
) -> None:
    """A constant window (a slice, or a source assembled into a target) lies inside the
    static extents: for each dimension, offset >= 0 and offset + extent <= the source's."""
    for axis, (full, off, ext) in enumerate(zip(shape, offsets, extents)):
        o = constant_int(off)
        if o is None:
            continue
        past_end = o + ext > full if ext >= 0 else o >= full > 0
        if o < 0 or (full >= 0 and past_end):
            span = f"[{o}, {o + ext})" if ext >= 0 else f"offset {o}"
            where = f"outside its extent {full}" if full >= 0 else "before its start"
            raise VerifyException(f"{what} covers {span} of dimension {axis}, {where}")
