"""A ring's heap, checked on the IR where the program alone decides: an allocation larger than
the heap stops every run (rule 10 of docs/passes/verify-orchestration.md).

The runtime takes each buffer it allocates (the tensors of one `pto_tensor.alloc_tensors`, a
bare `pto_tensor.create`, a task's runtime-allocated outputs) from the heap of its scope's
ring, rounded up to 1024 bytes, and keeps it until that scope ends; the buffers of one
allocation are all held at once. When they need more than the ring's heap (256 MiB unless the
runtime's `PTO2_RING_HEAP` sets another size), the runtime stops with its fatal heap
exhaustion, whatever else the program does. Only allocations every run makes count: none in an
`scf.if` branch or in a loop that may run no iteration (`scope_limits.fewest_trips`), and only
the extents known before the run (a static one, or a size computed from constants,
`scope_limits.static_int`; an unknown one counts as nothing). The interpreter checks the whole run
(interpreter/runtime_limits.py), what the earlier allocations of open scopes hold included.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xdsl.dialects import scf
from xdsl.dialects.builtin import AnyFloat, IntegerType, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Block, Operation
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.analysis.scope_limits import fewest_trips, static_int
from pypto_dialects.limits import HEAP_SIZE
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.tensor import AllocTensorsOp, CreateOp

ALIGN = 1024
"""Every heap buffer is rounded up to this many bytes (the runtime's packed-output alignment)."""


def buffer_bytes(t: Attribute, sizes: Sequence[int | None] = ()) -> int:
    """The heap bytes of a buffer of tensor type `t`: its elements times the element size,
    rounded up to `ALIGN`; a dynamic extent is the next of `sizes` (a static value of the
    create's size operand), and counts as none when that is unknown."""
    assert isinstance(t, TensorType), t
    n = 1
    dynamic = iter(sizes)
    for d in t.get_shape():
        if d < 0:
            d = next(dynamic, None) or 0
        n *= max(d, 0)
    et = t.element_type
    bits = (et.width.data if isinstance(et, IntegerType)
            else et.bitwidth if isinstance(et, AnyFloat) else 8)
    size = n * max(1, bits // 8)  # (an i1 element takes a byte)
    return -(-size // ALIGN) * ALIGN


_ALLOCATIONS = frozenset({AllocTensorsOp, CreateOp})
_TASKS = frozenset({CallOp, SubmitOp})


def _every_run(block: Block) -> Iterator[Operation]:
    """The allocating ops (allocations, tasks with results) of `block` and of the regions every
    run enters (scopes, loops of at least one iteration), in order."""
    for op in block.ops:
        kind = type(op)
        if kind in _ALLOCATIONS or (kind in _TASKS and op.results):
            yield op
        elif kind is ScopeOp or (kind is scf.ForOp and fewest_trips(op) > 0):
            yield from _every_run(op.regions[0].block)


def _allocated(
    op: Operation, symbols: SymbolTableCollection, params: dict[str, list[int]]
) -> list[tuple[Attribute, Sequence[int | None]]]:
    """The buffers `op` (an allocation or a task) allocates at once, each as its type and the
    static values of its dynamic extents (`params`: the kernels' result parameter indices, by
    callee name, filled as they are asked)."""
    if type(op) is CreateOp:
        return [(op.result.type, [static_int(v) for v in op.dynamic_sizes])]
    if type(op) is AllocTensorsOp:
        return [(c.result.type, [static_int(v) for v in c.dynamic_sizes])
                for c in op.body.block.ops if isinstance(c, CreateOp)]
    assert isinstance(op, CallOp | SubmitOp)
    if not op.res:
        return []
    n = len(op.args)
    callee = op.callee.root_reference.data
    found = params.get(callee)
    if found is None:
        try:
            kernel = op.kernel(symbols)
        except VerifyException:  # no such kernel: the verifier and the printer say so
            return []
        found = params[callee] = kernel.result_param_indices()
    return [(r.type, ()) for r, p in zip(op.res, found) if p >= n]


def allocated_bytes(
    op: Operation, symbols: SymbolTableCollection, params: dict[str, list[int]]
) -> int:
    """The heap bytes `op` allocates at once (an allocation, or a task's runtime-allocated
    outputs; 0 for any other op), each buffer rounded up to `ALIGN`, a dynamic extent not
    known before the run counting as none (`params`: as `_allocated`'s)."""
    if type(op) not in _ALLOCATIONS and type(op) not in _TASKS:
        return 0
    return sum(buffer_bytes(t, sizes) for t, sizes in _allocated(op, symbols, params))


def heap_limit_errors(
    func: FuncOp, heap_size: int = HEAP_SIZE, symbols: SymbolTableCollection | None = None
) -> list[tuple[Operation, str, tuple[()]]]:
    """`heap_limit_error`'s answer as a list (empty or one allocation, in its first loop
    iterations), for verify-orchestration to compare with the other limits' places."""
    found = heap_limit_error(func, heap_size, symbols)
    return [] if found is None else [(found[0], found[1], ())]


def heap_limit_error(
    func: FuncOp, heap_size: int = HEAP_SIZE, symbols: SymbolTableCollection | None = None
) -> tuple[Operation, str] | None:
    """The first allocation of orchestration function `func` that every run makes and that
    needs more than a ring's `heap_size` bytes, with the message, or None. Linear in the
    ops."""
    symbols = symbols or SymbolTableCollection()
    params: dict[str, list[int]] = {}
    for op in _every_run(func.body.block):
        types = _allocated(op, symbols, params)
        if not types:
            continue
        need = sum(buffer_bytes(t, sizes) for t, sizes in types)
        if need > heap_size:
            what = "its buffers need" if len(types) > 1 else "its buffer needs"
            return op, (
                f"exceeds the runtime's heap in every run: {what} {need} bytes at once (each "
                f"rounded up to {ALIGN}), more than a ring's heap of {heap_size} bytes: the "
                "runtime stops with its fatal heap exhaustion; allocate less at once (smaller "
                "tensors, or one allocation per scope); a run with another heap (the runtime's "
                "PTO2_RING_HEAP sets it) is checked with the option ring-heap=N"
            )
    return None
