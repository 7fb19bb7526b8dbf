"""verify-orchestration's rule 9 for the ring deep scopes share (pypto_dialects/analysis/
ring_limits.py): a task submitted directly in a scope 3 deep or deeper keeps the slot of every
later task of ring 3 until its scope ends, those of nested scopes included, so a scope whose
holder and the tasks after it fill the window in every run is a located error, at the submit
the interpreter's exact count (`ring-window`, interpreter/runtime_limits.py) stops at. Each
program runs through pto2-pipeline and both counts are taken against small windows (the
runtime's PTO2_RING_TASK_WINDOW); the lit test
tests/filecheck/transforms/verify_orchestration/ring_window.mlir has the runtime's 16384."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.analysis.ring_limits import held_heap_error, ring_window_error
from pypto_dialects.context import make_context
from pypto_dialects.diagnostics import location_of
from pypto_dialects.interpreter import run_function
from pypto_dialects.limits import HEAP_SIZE, TASK_WINDOW
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import parse_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from pypto_dialects.transforms.verify_orchestration import check_orchestration
from support.execution import _print as print_and_compile

T = "tensor<16xf32>"
ACC = f"pto_orch.call @acc(%o) : ({T}) -> {T}"
HOLDERS = {
    "none": ("", ""),
    "before": (f"          %h = {ACC}\n", ""),  # a holder before the loop
    "after": ("", f"          %h = {ACC}\n"),  # after it: it holds nothing of the loop
    # directly in the loop body, before its scope: iteration 0's holds every later one
    "in-loop": ("", ""),
    # in both branches of an if: every run has a holder (counted as itself only)
    "branches": (f"          scf.if %c {{\n            %h = {ACC}\n          }} else {{\n"
                 f"            %g = {ACC}\n          }}\n", ""),
    # in one branch: a run may have none, and the static count holds for every run
    "one-branch": (f"          scf.if %c {{\n            %h = {ACC}\n          }}\n", ""),
}


MAKE = (f"pto_orch.call @mk(%o) : ({T}) -> tensor<256xf32>\n              %u{{k}} = "
        f"pto_orch.call @use(%m{{k}}, %o) : (tensor<256xf32>, {T}) -> {T}")
"""A task that makes a 1024-byte runtime-allocated buffer, and one that reads it."""


def nest(holder: str, trips: int, per: int, depth: int = 3, alloc: bool = False) -> str:
    """Scopes nested `depth` deep (hand-placed, depth 1 the function's); in the deepest, a
    loop of `trips` iterations with a scope of its own holding `per` tasks (`alloc`: `per`
    pairs of MAKE), and a holder as HOLDERS names it."""
    before, after = HOLDERS[holder]
    inner = "".join(f"              %t{k} = {ACC}\n" if not alloc else
                    f"              %m{k} = {MAKE.format(k=k)}\n" for k in range(per))
    in_loop = f"            %l = {ACC}\n" if holder == "in-loop" else ""
    opens = "".join("  " * (d + 1) + "pto_rt.scope auto {\n" for d in range(depth - 1))
    closes = "".join("  " * (d + 1) + "}\n" for d in reversed(range(depth - 1)))
    pad = "  " * (depth - 3)
    body = (
        f"        pto_rt.scope auto {{\n{before}"
        f"          scf.for %k = %c0 to %n step %c1 {{\n{in_loop}"
        f"            pto_rt.scope auto {{\n{inner}            }}\n"
        f"          }}\n{after}        }}\n"
    )
    body = "".join(pad + line + "\n" for line in body.splitlines())
    return (
        f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
        f"pto_orch.kernel @mk aiv (in {T}, out tensor<256xf32>) -> tensor<256xf32>\n"
        f"pto_orch.kernel @use aiv (in tensor<256xf32>, inout {T}) -> {T}\n"
        f"func.func @f(%x: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %c: i1) "
        "attributes "
        "{pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
        f"  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        f"  %n = arith.constant {trips} : index\n"
        f"{opens}{body}{closes}  func.return\n}}\n"
    )


KERNELS = {"acc": lambda o: o.__iadd__(np.float32(1)), "inc": lambda x, y: x + np.float32(1),
           "fin": lambda r, o: o + r,
           "mk": lambda x, m: np.ones(256, np.float32), "use": lambda m, o: o + m.ravel()[:16],
           "fill": lambda x, t: np.ones(t.shape, np.float32)}


def counts(text: str, window: int, cond: bool, heap: int | None = None
           ) -> tuple[str | None, str | None]:
    """(rule 9's location for the shared ring, the interpreter's `ring-window` location) after
    pto2-pipeline, against a task window of `window`; with `heap`, (rule 10's location for
    what scopes hold, the interpreter's `heap` location) against a heap of `heap` bytes. The
    C++ compiles (both headers)."""
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    Pto2Pipeline().apply(ctx, module)
    print_and_compile(module, "f")
    (func,) = orchestration_functions(module)
    if heap is None:
        found = ring_window_error(func, window)
    else:
        found = held_heap_error(func, heap)
    args = {"x": np.zeros(16, np.float32), "o": np.zeros(16, np.float32), "c": cond}
    result = run_function(module, "f", args, KERNELS)
    kind = "ring-window" if heap is None else "heap"
    faults = [f for f in result.limit_faults(window, heap_size=heap or HEAP_SIZE)
              if f.kind == kind]
    return (location_of(found[0]) if found else None), (faults[0].location if faults else None)


@pytest.mark.parametrize("holder", list(HOLDERS))
@pytest.mark.parametrize(("trips", "per"), [(3, 1), (4, 2), (6, 3)])
@pytest.mark.parametrize("window", [4, 7, 12])
@pytest.mark.parametrize("cond", [True, False])
def test_the_static_count_is_the_interpreters_where_every_run_has_a_holder(
    holder: str, trips: int, per: int, window: int, cond: bool
) -> None:
    static, run = counts(nest(holder, trips, per), window, cond)
    if holder == "one-branch":  # the run's holder is not every run's: never refused
        assert static is None
        assert (run is not None) == (cond and 1 + trips * per >= window)
        return
    if holder == "branches":  # the holder counts itself only: the same count as "before"
        assert static == run
        return
    assert static == run
    held = {"none": 0, "after": 0, "before": 1 + trips * per,
            "in-loop": trips * (per + 1)}[holder]
    assert (run is not None) == (held >= window)


@pytest.mark.parametrize("depth", [2, 3, 4])
def test_only_the_shared_ring_is_held_past_a_scope(depth: int) -> None:
    # at depth 2 the loop's scopes are in ring 3 and the holder in ring 2: nothing is held
    static, run = counts(nest("before", 6, 2, depth), 4, True)
    assert static == run
    assert (static is None) == (depth < 3)


def refusal(text: str, **options: int) -> str:
    """pto2-pipeline's located error on `text` (with pipeline `options`)."""
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    with pytest.raises(PassFailedException) as err:
        Pto2Pipeline(**options).apply(ctx, module)  # type: ignore[arg-type]
    return str(err.value)


def test_the_message_names_the_holder_and_the_ring() -> None:
    assert refusal(nest("before", 6, 2), task_window=8) == (
        "t.mlir:14:15: error: 'pto_orch.call' op exceeds the task window of the runtime's ring "
        "3 in every run: this submit would be the 8th task the ring holds, in iteration 3 of "
        "the loop at t.mlir:12:11, as the 'pto_orch.call' at t.mlir:11:11, submitted before "
        "them directly in the auto scope at t.mlir:10:9, keeps its slot until that scope ends "
        "(the ring gives slots back in task order, and scopes 3 deep and deeper share ring 3, "
        "tasks of nested scopes included), and the ring holds at most 7: the runtime cannot "
        "go on (the orchestrator waits for a slot only its own later scope end could free); "
        "end that scope sooner: move the tasks before the loop after it, or give them a scope "
        "of their own (a function with pto_rt.auto_scope = false places its own scopes), or "
        "submit fewer tasks inside it; a run with another window (the runtime's "
        "PTO2_RING_TASK_WINDOW sets it) is checked with the option task-window=N")


# ----------------------------------------------------------------------------- the heap


@pytest.mark.parametrize("holder", list(HOLDERS))
@pytest.mark.parametrize(("trips", "per"), [(3, 1), (4, 2)])
@pytest.mark.parametrize("heap", [2048, 4096, 8192])
@pytest.mark.parametrize("cond", [True, False])
def test_a_holder_keeps_the_buffers_of_nested_scopes_in_ring_3(
    holder: str, trips: int, per: int, heap: int, cond: bool
) -> None:
    # each %k scope makes `per` 1024-byte buffers and ends; a holder keeps them all
    static, run = counts(nest(holder, trips, per, alloc=True), TASK_WINDOW, cond, heap)
    if holder == "one-branch":
        assert static is None
        assert (run is not None) == (cond and trips * per * 1024 > heap)
        return
    assert static == run
    held = trips * per * 1024 if holder in ("before", "in-loop", "branches") else 0
    assert (run is not None) == (held > heap)


def carried(n: int, depth: int) -> str:
    """A loop of `n` iterations whose body makes a buffer (a runtime-allocated output, 1024
    bytes on the heap) and carries it: the pipeline allocates it in the scope around the loop
    (`depth` deep: the function's, or an outer loop's body), once per iteration."""
    outer = depth == 2
    pad = "  " if outer else ""
    loop = (
        f"{pad}  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> ({T}) {{\n"
        f"{pad}    %y = pto_orch.call @inc(%cur) : ({T}) -> {T}\n"
        f"{pad}    scf.yield %y : {T}\n{pad}  }}\n"
        f"{pad}  %o1 = pto_orch.call @fin(%r, %o) : ({T}, {T}) -> {T}\n"
    )
    if outer:
        loop = f"  scf.for %j = %c0 to %c2 step %c1 {{\n{loop}  }}\n"
    return (
        f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
        f"pto_orch.kernel @inc aiv (in {T}, out {T}) -> {T}\n"
        f"pto_orch.kernel @fin aiv (in {T}, inout {T}) -> {T}\n"
        f"func.func @f(%x: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %c: i1) "
        "attributes "
        "{pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        f"  %c2 = arith.constant 2 : index\n  %n = arith.constant {n} : index\n"
        f"{loop}  func.return\n}}\n"
    )


@pytest.mark.parametrize("n", [2, 3, 4, 5, 9])
@pytest.mark.parametrize("heap", [2048, 4096])
@pytest.mark.parametrize("depth", [1, 2])
def test_a_scope_keeps_the_buffers_allocated_directly_in_it(n: int, heap: int,
                                                            depth: int) -> None:
    # the carried buffers pile up in the scope around the loop (rings 1 and 2: one scope of
    # the ring open at a time): the first that does not fit is the fault
    static, run = counts(carried(n, depth), TASK_WINDOW, True, heap)
    assert static == run
    assert (run is not None) == (n * 1024 > heap)


def test_the_heap_message_names_the_scope_and_the_holder() -> None:
    assert refusal(carried(5, 1), ring_heap=4096) == (
        "t.mlir:10:5: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's heap in every "
        "run: this allocation makes the auto scope at t.mlir:4:1 hold 5120 bytes (each buffer "
        "rounded up to 1024), in iteration 4 of the loop at t.mlir:9:3, which it keeps until "
        "it ends (the ring reclaims in task order, never past a task whose scope is open), more than a "
        "ring's heap of 4096 bytes: the runtime stops with its fatal heap exhaustion; give the "
        "repeated work a scope of its own (e.g. one per loop iteration), or allocate less; a "
        "run with another heap (the runtime's PTO2_RING_HEAP sets it) is checked with the "
        "option ring-heap=N")
    assert refusal(nest("before", 6, 1, alloc=True), ring_heap=4096) == (
        "t.mlir:14:15: error: 'pto_orch.submit' op exceeds the runtime's heap in every run: this "
        "allocation makes ring 3 hold 5120 bytes (each buffer rounded up to 1024), in "
        "iteration 4 of the loop at t.mlir:12:11, as the 'pto_orch.call' at t.mlir:11:11, "
        "submitted before them directly in the auto scope at t.mlir:10:9, keeps every later "
        "buffer of the ring until that scope ends (the ring reclaims in task order, and scopes "
        "3 deep and deeper share ring 3, buffers of nested scopes included), more than a "
        "ring's heap of 4096 bytes: the runtime stops with its fatal heap exhaustion; end that "
        "scope sooner: move the tasks before the loop after it, or give them a scope of their "
        "own (a function with pto_rt.auto_scope = false places its own scopes), or allocate "
        "less inside it; a run with another heap (the runtime's PTO2_RING_HEAP sets it) is "
        "checked with the option ring-heap=N")


# ------------------------------------------- a holder in both branches of an scf.if

FILL = (
    "pto_orch.kernel @fill aiv (in tensor<16xf32>, out tensor<?x256xf32>) -> tensor<?x256xf32>\n"
    "pto_orch.kernel @use aiv (in tensor<?x256xf32>, inout tensor<16xf32>) -> tensor<16xf32>\n"
    f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
    f"pto_orch.kernel @mk aiv (in {T}, out tensor<256xf32>) -> tensor<256xf32>\n"
    f"func.func @f(%x: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %c: i1) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
    "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n  %c6 = arith.constant 6 : index\n"
)
BRANCHES = (
    "  %r = scf.if %c -> (tensor<?x256xf32>) {\n"
    "    %t = pto_tensor.create(%c2) : tensor<?x256xf32>\n"
    "    %t1 = pto_orch.call @fill(%x, %t) : (tensor<16xf32>, tensor<?x256xf32>) -> "
    "tensor<?x256xf32>\n    scf.yield %t1 : tensor<?x256xf32>\n  } else {\n"
    "    %u = pto_tensor.create(%c1) : tensor<?x256xf32>\n"
    "    %u1 = pto_orch.call @fill(%x, %u) : (tensor<16xf32>, tensor<?x256xf32>) -> "
    "tensor<?x256xf32>\n    scf.yield %u1 : tensor<?x256xf32>\n  }\n"
)
USE = "  %o1 = pto_orch.call @use(%r, %o) : (tensor<?x256xf32>, tensor<16xf32>) -> tensor<16xf32>\n"


def guarded_then_makes(n: int) -> str:
    """Two buffers of a dynamic extent made in the branches of an scf.if (2 KiB or 1 KiB:
    batch-tensor-allocations allocates each under its branch), then `n` tasks that make a
    1 KiB output each, all in the function's scope."""
    makes = "".join(f"  %m{k} = pto_orch.call @mk(%x) : ({T}) -> tensor<256xf32>\n"
                    for k in range(n))
    return FILL + BRANCHES + USE + makes + "  func.return\n}\n"


def guarded_in_a_nest() -> str:
    """The same scf.if in the body of a 2-deep loop nest (its scope 3 deep: ring 3), then a
    loop of 6 tasks, each in a scope of its own, then the task that reads the buffer."""
    body = "".join("    " + line + "\n" for line in BRANCHES.splitlines())
    return (
        FILL + "  scf.for %i = %c0 to %c1 step %c1 {\n    scf.for %j = %c0 to %c1 step %c1 {\n"
        + body + "      scf.for %k = %c0 to %c6 step %c1 {\n"
        f"        %a = pto_orch.call @acc(%o) : ({T}) -> {T}\n      }}\n"
        + "    " + USE + "    }\n  }\n  func.return\n}\n"
    )


@pytest.mark.parametrize("cond", [True, False])
@pytest.mark.parametrize(("n", "heap"), [(4, 4096), (3, 4096), (2, 4096), (4, 8192)])
def test_a_holder_in_both_branches_holds_what_its_branch_allocates(
    cond: bool, n: int, heap: int
) -> None:
    # the allocation in either branch (1 KiB at least) counts, not only the task that holds
    # (found by a breaker session: the if counted as 0 bytes, and 1 + 4 KiB passed 4 KiB)
    # (the else branch's buffer is 1 KiB, the then branch's 2 KiB)
    static, run = counts(guarded_then_makes(n), TASK_WINDOW, cond, heap)
    assert (static is not None) == (1024 * (1 + n) > heap)  # the branch with less
    assert (run is not None) == (1024 * (1 + cond + n) > heap)
    if not cond:  # the run that allocates less stops where the static count says
        assert static == run


@pytest.mark.parametrize("cond", [True, False])
@pytest.mark.parametrize("window", [7, 8, 9, 10])
def test_a_holder_in_both_branches_holds_the_ring_3_tasks_of_its_branch(
    cond: bool, window: int
) -> None:
    # either branch holds its allocation and its nested scope's task: 2 ring-3 tasks, then
    # the 6 tasks of the loop and the reader (9); the if counted as 1 task before
    static, run = counts(guarded_in_a_nest(), window, cond)
    assert static == run
    assert (run is not None) == (window <= 9)


# ------------------------------------------------- which place: the first a run reaches

ORDER = Path(__file__).parent / "ring_order"


@pytest.mark.parametrize(("name", "window", "heap"), [
    ("carried.mlir", TASK_WINDOW, 4096),  # an inner loop's scope before the function's
    ("outer_vs_inner_ring.mlir", 8, HEAP_SIZE),  # an inner holder before the outer one
    ("outer_vs_inner_heap.mlir", TASK_WINDOW, 4096),  # a depth-2 scope before depth 1
    ("top_vs_scope.mlir", TASK_WINDOW, 4096),  # a scope before the executor's later ops
    ("heap_vs_ring.mlir", 8, 4096),  # rule 10's place before rule 9's
    ("scope_vs_ring.mlir", 8, HEAP_SIZE),  # the ring-3 holder before a scope's own tasks
])
def test_the_error_is_where_the_runtime_stops_first(name: str, window: int, heap: int) -> None:
    # two places fault in every run; the error named the first in the checks' own order
    # (rule, then outer scopes before inner), not the first the run reaches (found by a
    # breaker session); the interpreter's first fault is the runtime's
    ctx = make_context()
    module = parse_module(ctx, (ORDER / name).read_text(), name)
    for step in Pto2Pipeline().steps()[:-1]:  # all but verify-orchestration
        step.apply(ctx, module)
    with pytest.raises(PassFailedException) as err:
        check_orchestration(module, window, heap)
    (func,) = orchestration_functions(module)
    args = {a.name_hint: np.zeros(16, np.float32) for a in func.body.block.args}
    result = run_function(module, "f", args, KERNELS)
    first = result.limit_faults(window, heap_size=heap)[0]
    assert str(err.value).startswith(f"{first.location}: error: ")
