"""verify-orchestration's rule 10 (pypto_dialects/analysis/heap_limits.py): an allocation that
every run makes and that needs more than a ring's heap is a located error at the op the
interpreter's heap model (interpreter/runtime_limits.py) stops at. Each program runs through
pto2-pipeline, then both are asked against a small heap (the runtime's PTO2_RING_HEAP), so the
buffers are kilobytes; the runtime's own 256 MiB is in
tests/filecheck/transforms/verify_orchestration/heap.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.analysis.heap_limits import heap_limit_error
from pypto_dialects.context import make_context
from pypto_dialects.diagnostics import location_of
from pypto_dialects.interpreter import run_function
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import parse_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

HEAP = 4096


def program(n: int, buffers: int, where: str = "", outputs: bool = False) -> str:
    """`buffers` f32 buffers of `n` elements, each filled by a task and read by the next:
    created (one batch), or runtime-allocated outputs of one task (`outputs`); `where`: "if"
    (in a branch), "loop" (in a loop of `%k` trips) or "" (the body)."""
    t = f"tensor<{n}xf32>"
    kernels = (f"pto_orch.kernel @fill aiv ({', '.join(f'out {t}' for _ in range(buffers))}) -> "
               f"({', '.join(t for _ in range(buffers))})\n"
               f"pto_orch.kernel @use aiv (in {t}, inout tensor<4xf32>) -> tensor<4xf32>\n")
    names = [f"%b{i}" for i in range(buffers)]
    if outputs:
        body = f"  {', '.join(names)} = pto_orch.call @fill() : () -> ({', '.join(t for _ in names)})\n"
    else:
        body = "".join(f"  %x{i} = pto_tensor.create : {t}\n" for i in range(buffers))
        body += (f"  {', '.join(names)} = pto_orch.call @fill({', '.join(f'%x{i}' for i in range(buffers))}) : "
                 f"({', '.join(t for _ in names)}) -> ({', '.join(t for _ in names)})\n")
    body += "".join(f"  %u{i} = pto_orch.call @use(%b{i}, %o) : ({t}, tensor<4xf32>) -> tensor<4xf32>\n"
                    for i in range(buffers))
    if where == "if":
        body = "  scf.if %c {\n" + body.replace("\n  ", "\n    ").replace("  %", "    %", 1) + "  }\n"
    elif where == "loop":
        body = ("  scf.for %i = %c0 to %k step %c1 {\n"
                + body.replace("\n  ", "\n    ").replace("  %", "    %", 1) + "  }\n")
    return kernels + (
        "func.func @f(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1, %k: index) "
        "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        + body + "  func.return\n}\n")


def both(text: str, cond: bool = True, trips: int = 1) -> tuple[str | None, str | None]:
    """(rule 10's location, the interpreter's heap fault location) after pto2-pipeline, against
    a heap of `HEAP` bytes."""
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    Pto2Pipeline().apply(ctx, module)
    (func,) = orchestration_functions(module)
    found = heap_limit_error(func, HEAP)
    result = run_function(module, "f", {"o": np.zeros(4, np.float32), "c": cond, "k": trips}, {
        "fill": lambda *xs: tuple(np.ones_like(x) for x in xs) if len(xs) > 1 else np.ones_like(xs[0]),
        "use": lambda x, o: o + x[:4].sum() if x.size else o,
    })
    faults = [f for f in result.limit_faults(heap_size=HEAP) if f.kind == "heap"]
    return (location_of(found[0]) if found else None, faults[0].location if faults else None)


@pytest.mark.parametrize(("n", "buffers", "outputs"), [
    (256, 4, False), (256, 5, False), (1024, 1, False), (1025, 1, False), (1, 4, False),
    (1, 5, False), (256, 4, True), (256, 5, True), (1025, 1, True),
])
def test_one_allocation_larger_than_the_heap(n: int, buffers: int, outputs: bool) -> None:
    # each buffer is rounded up to 1024 bytes: 4 fit the 4096-byte heap, 5 do not, one of
    # 1025 floats needs 5120; the rule's location is the interpreter's
    static, dynamic = both(program(n, buffers, outputs=outputs))
    assert static == dynamic
    fits = buffers * (-(-n * 4 // 1024) * 1024) <= HEAP
    assert (static is None) == fits


@pytest.mark.parametrize("where", ["if", "loop"])
def test_an_allocation_some_run_skips_is_left_to_the_run(where: str) -> None:
    # in a branch, or in a loop of a dynamic trip count: a run may skip it, so the rule says
    # nothing, and the run that makes it stops (the interpreter reports it)
    text = program(256, 5, where=where)
    assert both(text, cond=True, trips=1)[0] is None
    assert both(text, cond=True, trips=1)[1] is not None
    assert both(text, cond=False, trips=0) == (None, None)


def test_the_message_and_the_heap_option() -> None:
    text = program(256, 5)
    with pytest.raises(PassFailedException) as err:
        ctx = make_context()
        Pto2Pipeline(ring_heap=HEAP).apply(ctx, parse_module(ctx, text, "t.mlir"))
    assert str(err.value).endswith(
        "error: 'pto_tensor.alloc_tensors' op exceeds the runtime's heap in every run: its "
        "buffers need 5120 bytes at once (each rounded up to 1024), more than a ring's heap of "
        "4096 bytes: the runtime stops with its fatal heap exhaustion; allocate less at once "
        "(smaller tensors, or one allocation per scope); a run with another heap (the "
        "runtime's PTO2_RING_HEAP sets it) is checked with the option ring-heap=N")
    ctx = make_context()
    Pto2Pipeline(ring_heap=8192).apply(ctx, parse_module(ctx, text, "t.mlir"))  # fits


@pytest.mark.parametrize("heap", [1000, 0, 3072])
def test_a_heap_not_a_power_of_two_is_refused(heap: int) -> None:
    with pytest.raises(ValueError, match=f"^ring heap: expected a power of two >= 1024, got {heap}$"):
        Pto2Pipeline(ring_heap=heap)
