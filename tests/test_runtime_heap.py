"""The runtime's heap in the interpreter (pypto_dialects/interpreter/runtime_limits.py, `heap`):
every allocation takes its size, rounded up to 1024 bytes, from the heap of its scope's ring,
and the ring reclaims in task order, never past a task whose scope is still open (one that
allocates nothing included). An
allocation the ring cannot serve then is the runtime's fatal heap exhaustion
(docs/runtime-api.md K11, 3.5, 3.9); before this check the interpreter ran such programs
without a fault (docs/passes/batch-tensor-allocations.md, "What hoisting costs", describes the
pipeline output that does it). Small heaps, as the runtime's PTO2_RING_HEAP sets them, keep
the programs small."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from opt_runner import OptResult, run_main
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.run import RunResult
from pypto_dialects.limits import HEAP_SIZE, check_heap_size
from pypto_dialects.parsing import parse_module
from pypto_dialects.tools.pypto_run import main
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support.execution import _print as print_and_compile

ROOT = Path(__file__).resolve().parents[1]
T = "tensor<16xf32>"  # 64 bytes: one 1024-byte block of the heap
HEAD = (
    f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
    f"func.func @f(%o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %n: index) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
    "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
)


def loop(per_iteration_scope: bool) -> str:
    """n iterations, each allocating one buffer and writing it; in the scope around the loop
    (every buffer held until it ends), or in a scope of each iteration's own."""
    body = (f"      %t = pto_tensor.create : {T}\n"
            f"      %t1 = pto_orch.call @acc(inout %t) : ({T}) -> {T}\n")
    if per_iteration_scope:
        body = "      pto_rt.scope auto {\n" + body.replace("\n      ", "\n        ") + "      }\n"
    return HEAD + f"""  pto_rt.scope auto {{
    scf.for %i = %c0 to %n step %c1 {{
{body}    }}
  }}
  func.return
}}
"""


HEAP_FAULT = (
    "error: 'pto_tensor.create' op exceeds the runtime's heap: task {task} (alloc %t) allocates "
    "%t (1024 bytes, rounded up to 1024) in heap ring {ring}, and {why} (PTO2_HEAP_SIZE per "
    "ring): the runtime stops with its fatal heap exhaustion here; let a scope that ends free "
    "the buffers sooner (e.g. one per loop iteration) or allocate less"
)


def held(n: int, at: str, heap: int) -> str:
    return (f"{n} bytes of the ring, allocated from %t (at {at}) on, cannot be reclaimed while "
            "the scope that allocated %t is open (the ring reclaims in allocation order), so it "
            f"needs {n + 1024} of its {heap} bytes")


def acc(o):  # type: ignore[no-untyped-def]
    o += np.float32(1)


def run(text: str, n: int, pipeline: bool = False) -> RunResult:
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    if pipeline:
        Pto2Pipeline().apply(ctx, module)
    return run_function(module, "f", {"o": np.zeros(16, np.float32), "n": n}, {"acc": acc})


def test_the_heap_constant_is_the_runtimes() -> None:
    assert HEAP_SIZE == 256 * 1024 * 1024
    assert check_heap_size(2048) == 2048
    for bad in (512, 3072, 0):
        with pytest.raises(ValueError, match="a power of two >= 1024"):
            check_heap_size(bad)


@pytest.mark.parametrize("n", [2, 3])
def test_buffers_held_by_an_open_scope_exhaust_the_heap(n: int) -> None:
    # two 1 KiB buffers fit a 2 KiB heap; the third allocation cannot be served before the
    # scope around the loop ends, which only the orchestrator itself could make happen
    result = run(loop(False), n)
    assert result.outputs["o"][0] == 0.0  # the run itself went through (a sequential model)
    faults = [f.diagnostic() for f in result.limit_faults(heap_size=2048)]
    if n == 2:
        assert faults == []
        return
    assert faults == ["t.mlir:7:7: " + HEAP_FAULT.format(
        task=4, ring=1, why=held(2048, "t.mlir:7:7", 2048))]
    (fault,) = result.limit_faults(heap_size=2048)
    assert (fault.kind, fault.task and fault.task.id, fault.held) == ("heap", 4, 2048)
    assert fault.to_json()["buffer"] == 3
    assert result.limit_faults(heap_size=4096) == []
    assert result.limit_faults() == []  # the runtime's 256 MiB holds them
    assert fault in result.faults(heap_size=2048)


def test_a_scope_per_iteration_frees_its_buffer() -> None:
    # the control: each iteration's scope ends before the next allocation, so 8 iterations
    # run in 2 KiB (in the runtime the ring wraps past the reclaimed tail)
    result = run(loop(True), 8)
    assert result.limit_faults(heap_size=2048) == []
    assert result.limit_faults(heap_size=1024) == []


def test_a_buffer_larger_than_the_heap() -> None:
    big = "tensor<512xf32>"  # 2048 bytes
    text = (HEAD.replace("@acc aiv", f"@fill aiv (out {big}) -> {big}\npto_orch.kernel @acc aiv")
            + f"  %t = pto_tensor.create : {big}\n"
            f"  %t1 = pto_orch.call @fill(%t) : ({big}) -> {big}\n  func.return\n}}\n")
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    result = run_function(module, "f", {"o": np.zeros(16, np.float32), "n": 0},
                          {"fill": lambda t: np.ones(512, np.float32)})
    (fault,) = result.limit_faults(heap_size=1024)
    assert fault.oldest is None
    assert fault.held == 0
    assert fault.scope is None  # the executor's scope
    assert "the buffer alone needs more than the ring's 1024 bytes" in fault.diagnostic()
    assert result.limit_faults(heap_size=2048) == []


def test_the_ring_reclaims_in_allocation_order() -> None:
    # ring 3 holds every scope nested 3 deep or more: %x of the scope at depth 3 is held until
    # it ends, so the buffers of the nested scopes after it are not reclaimed either, although
    # their own scopes have ended: with %x, the fourth one does not fit 4 KiB. Each nested
    # buffer alone (its scope ended) would fit.
    def scope(depth: int, inner: str) -> str:
        return "pto_rt.scope auto {\n" + inner + "}\n" if depth else inner

    nested = "".join(scope(1, f"%t = pto_tensor.create : {T}\n"
                                 f"%t{k} = pto_orch.call @acc(inout %t) : ({T}) -> {T}\n")
                     for k in range(4))
    inner = (f"%x = pto_tensor.create : {T}\n%x1 = pto_orch.call @acc(inout %x) : ({T}) -> {T}\n"
             + nested)
    text = HEAD + scope(1, scope(1, scope(1, inner))) + "func.return\n}\n"
    result = run(text, 0)
    assert [b.ring for b in result.graph.buffers if not b.external] == [3, 3, 3, 3, 3]
    (fault,) = result.limit_faults(heap_size=4096)
    assert fault.buffer is not None
    assert fault.oldest is not None
    assert (fault.buffer.id, fault.oldest.name, fault.held) == (5, "%x", 4096)
    assert result.limit_faults(heap_size=8192) == []
    # the same buffers with %x in ring 2 (its scope one level up): nothing holds ring 3
    lifted = HEAD + scope(1, scope(1, inner.replace(nested, scope(1, nested)))) + "func.return\n}\n"
    again = run(lifted, 0)
    assert [b.ring for b in again.graph.buffers if not b.external] == [2, 3, 3, 3, 3]
    assert again.limit_faults(heap_size=1024) == []


def test_the_pipelines_carried_buffer_exhausts_a_small_heap() -> None:
    # tests/limits/carried_fresh_buffer.mlir: the pipeline allocates the carried output in the
    # scope around the loop, once per iteration (batch-tensor-allocations, "What hoisting
    # costs"): 2 iterations fit 2 KiB, the third allocation is the runtime's fatal error
    text = (ROOT / "tests" / "limits" / "carried_fresh_buffer.mlir").read_text()

    def inc(x, y):  # type: ignore[no-untyped-def]
        return x + np.float32(1)

    def acc2(x, o):  # type: ignore[no-untyped-def]
        o += x

    def faults(n: int) -> list[str]:
        ctx = make_context()
        module = parse_module(ctx, text, "t.mlir")
        Pto2Pipeline().apply(ctx, module)
        given = {"x": np.zeros(16, np.float32), "o": np.zeros(16, np.float32), "n": n}
        result = run_function(module, "rtout", given, {"inc": inc, "acc": acc2})
        assert result.faults() == []
        return [f.kind for f in result.limit_faults(heap_size=2048)]

    assert faults(2) == []
    assert faults(3) == ["heap"]


def test_pypto_run_ring_heap_option(tmp_path: Path) -> None:
    src = tmp_path / "t.mlir"
    src.write_text(loop(False))
    kernels = tmp_path / "k.py"
    kernels.write_text("def acc(o):\n    o += 1\n")
    np.save(tmp_path / "o.npy", np.zeros(16, np.float32))
    argv = [src, "--kernels", kernels, "--arg", f"o={tmp_path / 'o.npy'}", "--arg", "n=3"]
    assert run_main(main, argv).status == 0
    res: OptResult = run_main(main, [*argv, "--ring-heap", "2048"])
    assert res.status == 1
    assert res.out.endswith(", runtime limit exceeded (heap)\n")
    assert res.err == f"{src}:7:7: " + HEAP_FAULT.format(
        task=4, ring=1, why=held(2048, f"{src}:7:7", 2048)) + "\n"
    assert run_main(main, [*argv, "--ring-heap", "4096"]).status == 0
    for value in ("3000", "abc"):  # (a word got Python's int() message before)
        bad = run_main(main, [*argv, "--ring-heap", value])
        assert bad.status == 2
        assert bad.err == (
            "pypto-run: error: argument --ring-heap: expected a power of two >= 1024, got "
            f"'{value}' (see pypto-run --help)\n")


def ring3_nest(touch_in_ring3: bool) -> str:
    """A 3-deep loop nest (pto2-pipeline: scopes at depths 1-4, the last two both in ring 3):
    @touch, a task that allocates nothing, in the %j body (ring 3, its scope open while the %k
    loop runs) or before the nest (ring 1); each of 4 %k iterations makes a 1024-byte
    runtime-allocated temporary in a scope of its own (ring 3) and reads it."""
    touch = f"      %t0 = pto_orch.call @touch(%o) : ({T}) -> {T}\n"
    return (
        f"pto_orch.kernel @touch aiv (inout {T}) -> {T}\n"
        f"pto_orch.kernel @mk aiv (in {T}, out tensor<256xf32>) -> tensor<256xf32>\n"
        f"pto_orch.kernel @use aiv (in tensor<256xf32>, inout {T}) -> {T}\n"
        f"func.func @f(%x: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}) "
        "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        + ("" if touch_in_ring3 else touch.replace("      ", "  ", 1))
        + "  scf.for %i = %c0 to %c1 step %c1 {\n    scf.for %j = %c0 to %c1 step %c1 {\n"
        + (touch if touch_in_ring3 else "")
        + "      scf.for %k = %c0 to %c4 step %c1 {\n"
        f"        %tmp = pto_orch.call @mk(%x) : ({T}) -> tensor<256xf32>\n"
        f"        %u = pto_orch.call @use(%tmp, %o) : (tensor<256xf32>, {T}) -> {T}\n"
        "      }\n    }\n  }\n  func.return\n}\n"
    )


def run_ring3_nest(touch_in_ring3: bool) -> RunResult:
    """`ring3_nest` after pto2-pipeline, run in the interpreter."""
    ctx = make_context()
    module = parse_module(ctx, ring3_nest(touch_in_ring3), "t.mlir")
    Pto2Pipeline().apply(ctx, module)
    print_and_compile(module, "f")  # its C++, against both model headers (-Werror)
    kernels = {"touch": lambda o: o + np.float32(1), "mk": lambda x, t: np.ones(256, np.float32),
               "use": lambda t, o: o + t[:16]}
    return run_function(module, "f", {"x": np.zeros(16, np.float32),
                                      "o": np.zeros(16, np.float32)}, kernels)


@pytest.mark.parametrize("touch_in_ring3", [True, False])
def test_a_task_of_the_ring_whose_scope_is_open_holds_every_later_buffer(
    touch_in_ring3: bool
) -> None:
    # the ring reclaims in task order (docs/runtime-api.md 3.5), and a task is not consumed
    # before its scope ends (3.1): @touch, open in ring 3 while the %k loop runs, holds every
    # temporary there, so the third does not fit 2048 bytes (found by a breaker session: the
    # model counted from the oldest open buffer, and freed each temporary with its scope);
    # with @touch in ring 1 the temporaries are freed one by one
    result = run_ring3_nest(touch_in_ring3)
    faults = result.limit_faults(heap_size=2048)
    np.testing.assert_array_equal(result.outputs["o"], np.full(16, 5, np.float32))
    if not touch_in_ring3:
        assert faults == []
        return
    (fault,) = faults
    assert fault.holder is not None
    assert fault.oldest is not None
    assert (fault.kind, fault.holder.name, fault.oldest.name, fault.held) == (
        "heap", "@touch", "%tmp", 2048)
    assert fault.task is not None
    assert fault.task.name == "@mk"
    assert "cannot be reclaimed while task 0 (@touch) (at t.mlir:10:7), submitted before them " \
        "in the same ring, waits for the end of its scope (the ring reclaims in task order)" \
        in fault.diagnostic()


@pytest.mark.parametrize("touch_in_ring3", [True, False])
def test_a_task_of_the_ring_whose_scope_is_open_holds_the_ring_window(
    touch_in_ring3: bool
) -> None:
    # the task window is per ring and its slots come back in task order too: @touch, open in
    # ring 3, holds the slots of the %k iterations' tasks (ring 3 as well), so with a window
    # of 4 the 4th task the ring holds (task 3: @touch, then @mk, @use, @mk) has no slot; each
    # %k scope holds 2, far from the per-scope limit. With @touch in ring 1 nothing is held
    result = run_ring3_nest(touch_in_ring3)
    faults = result.limit_faults(task_window=4)
    if not touch_in_ring3:
        assert faults == []
        return
    (fault,) = faults
    assert fault.task is not None
    assert fault.holder is not None
    assert (fault.kind, fault.task.id, fault.task.name, fault.holder.name) == (
        "ring-window", 3, "@mk", "@touch")
    assert fault.diagnostic() == (
        "t.mlir:12:9: error: 'pto_orch.call' op exceeds the runtime's task window of ring 3: "
        "task 3 (@mk) would be the 4th task the ring holds, as task 0 (@touch) (at "
        "t.mlir:10:7), submitted before them in the same ring, waits for the end of its scope "
        "(the ring gives slots back in task order; scopes 3 deep and deeper share ring 3), and "
        "the ring holds at most 3: the orchestrator waits for a slot only its own later scope "
        "end could free, and the run cannot go on here; end that scope sooner (e.g. give the "
        "outer loop body's tasks a scope of their own) or submit fewer tasks inside it")
