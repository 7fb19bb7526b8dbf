"""The runtime's hard limits in the interpreter (pypto_dialects/interpreter/runtime_limits.py):
a scope holding more than 16383 tasks submitted directly in it (the runtime's fatal "scope
deadlock") and scopes nested past the runtime's 64 (the executor's included) are reported as
one located fault; pypto-run exits 1. The programs of tests/limits/ are the pipeline outputs a
breaker found fatal on the runtime. Runs of 16k tasks take some seconds each: the tests read
the limit report only (the race report is quadratic in the tasks)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from opt_runner import OptResult, run_main
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import LimitFault, run_function
from pypto_dialects.limits import MAX_SCOPE_DEPTH, TASK_WINDOW
from pypto_dialects.parsing import parse_module
from pypto_dialects.tools.pypto_run import main
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

ROOT = Path(__file__).resolve().parents[1]
LIMITS = ROOT / "tests" / "limits"
T = "tensor<16xf32>"
HEAD = (
    f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
    f"func.func @f(%o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %n: index) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
    "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
)
FLAT = HEAD + f"""  pto_rt.scope auto {{
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %o) -> ({T}) {{
      %y = pto_orch.call @acc(inout %x) : ({T}) -> {T}
      scf.yield %y : {T}
    }}
  }}
  func.return
}}
"""
DEADLOCK = (
    "error: '{op}' op exceeds the runtime's task window: task {task} ({name}) would be task "
    "{nth} submitted directly in {where}, which holds at most {cap} (the ring's task window, "
    "{window}, less one; "
    "allocations and barriers count, tasks of nested scopes do not): the runtime stops with its "
    "fatal \"scope deadlock\" here; give the repeated work a scope of its own (e.g. one per loop "
    "iteration)"
)


def acc(o):  # type: ignore[no-untyped-def]
    o += np.float32(1)


def inc(x, y):  # type: ignore[no-untyped-def]
    return x + np.float32(1)


def acc2(x, o):  # type: ignore[no-untyped-def]
    o += x


def st(x, i, b):  # type: ignore[no-untyped-def]
    b += x


KERNELS = {"acc": acc, "inc": inc, "st": st}


def limit_faults(text: str, n: int, pipeline: bool | None = None, name: str = "f",
                 args: dict | None = None, kernels: dict | None = None,
                 window: int = TASK_WINDOW):  # type: ignore[no-untyped-def]
    """Run `text` (after pto2-pipeline when `pipeline` is not None, with analyze-auto-scopes
    when it is True): the result and its limit report's lines, against a task window of
    `window` (the runtime's own unless given: the counting rules are checked with a small
    window, as PTO2_RING_TASK_WINDOW sets one, so that a test runs tens of tasks, not 16k)."""
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    if pipeline is not None:
        Pto2Pipeline(analyze_auto_scopes=pipeline).apply(ctx, module)
    given = {"o": np.zeros(16, np.float32), "n": n, **(args or {})}
    result = run_function(module, name, given, kernels or {"acc": acc})
    return result, [f.diagnostic() for f in result.limit_faults(window)]


def deadlock(window: int, **fields: object) -> str:
    return DEADLOCK.format(nth=window, cap=window - 1, window=window, **fields)


def test_the_window_constant_is_the_runtimes() -> None:
    assert (TASK_WINDOW, MAX_SCOPE_DEPTH) == (16384, 64)


def test_the_16384th_task_of_a_scope_is_the_scope_deadlock() -> None:
    # the runtime's own window: 16383 tasks run (the fault is the next one)
    result, faults = limit_faults(FLAT, 16384)
    assert faults == [
        "t.mlir:7:7: " + deadlock(16384, op="pto_orch.call", task=16383, name="@acc",
                                  where="the auto scope at t.mlir:5:3")
    ]
    (fault,) = result.limit_faults()
    assert (fault.kind, fault.task and fault.task.id, fault.scope and fault.scope.id) == (
        "scope-deadlock", 16383, 0)
    assert fault.to_json()["task"] == 16383
    assert result.limit_faults(16385) == []


@pytest.mark.parametrize("n", [63, 64])
def test_a_scope_holds_window_minus_one_tasks(n: int) -> None:
    result, faults = limit_faults(FLAT, n, window=64)
    assert len(result.graph.tasks) == n
    assert result.outputs["o"][0] == float(n)
    assert faults == ([] if n == 63 else [
        "t.mlir:7:7: " + deadlock(64, op="pto_orch.call", task=63, name="@acc",
                                  where="the auto scope at t.mlir:5:3")])


def test_allocations_and_barriers_count_and_nested_scopes_do_not() -> None:
    # per iteration: an alloc_tensors and a call directly in the outer scope (2 tasks), and a
    # call in a nested scope (not counted); after the loop a call, then barriers
    def program(barriers: int) -> str:
        dummies = "".join(f"    %d{k} = pto_system.task_dummy deps(%tp : !pto_orch.task_id)\n"
                          for k in range(barriers))
        return HEAD + f"""  pto_rt.scope auto {{
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %o) -> ({T}) {{
      %t, %al = pto_tensor.alloc_tensors {{
        %c = pto_tensor.create : {T}
        pto_tensor.yield %c : {T}
      }} : {T}
      %t1 = pto_orch.call @acc(inout %t) : ({T}) -> {T}
      %y = pto_rt.scope auto -> ({T}) {{
        %x1 = pto_orch.call @acc(inout %x) : ({T}) -> {T}
        pto_rt.yield %x1 : {T}
      }}
      scf.yield %y : {T}
    }}
    %p, %tp = pto_orch.submit @acc(inout %r) : ({T}) -> {T}
{dummies}  }}
  func.return
}}
"""
    result, faults = limit_faults(program(0), 31, window=64)  # 2 * 31 + 1 = 63
    assert faults == []
    assert len(result.graph.tasks) == 3 * 31 + 1
    result, faults = limit_faults(program(1), 31, window=64)
    (fault,) = result.limit_faults(64)
    assert fault.task is not None
    assert faults == [
        "t.mlir:19:5: " + deadlock(64, op="pto_system.task_dummy", task=3 * 31 + 1,
                                   name=fault.task.name, where="the auto scope at t.mlir:5:3")
    ]


def test_the_executor_scope_counts_too() -> None:
    text = FLAT.replace("  pto_rt.scope auto {\n", "").replace("    }\n  }\n", "    }\n")
    _, faults = limit_faults(text, 64, window=64)
    assert faults == [
        "t.mlir:6:7: " + deadlock(
            64, op="pto_orch.call", task=63, name="@acc",
            where="the executor's outer scope (outside every pto_rt.scope)")
    ]


def nest(depth: int) -> str:
    """`depth` nested scopes with one task in the innermost: pypto-opt parses at most 64
    levels of ops, so @f opens 32 and calls @g, which opens the rest."""
    def scopes(k0: int, k1: int, inner: str) -> str:
        open_ = "".join(f"{'  ' * (k - k0 + 1)}pto_rt.scope auto {{\n" for k in range(k0, k1))
        close = "".join(f"{'  ' * (k - k0 + 1)}}}\n" for k in reversed(range(k0, k1)))
        return open_ + f"{'  ' * (k1 - k0 + 1)}{inner}\n" + close
    g = (f"func.func @g(%o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}) "
         "attributes {pto_rt.auto_scope = false} {\n"
         + scopes(32, depth, f"%y = pto_orch.call @acc(inout %o) : ({T}) -> {T}")
         + "  func.return\n}\n")
    return HEAD + scopes(0, 32, f"func.call @g(%o) : ({T}) -> ()") + "  func.return\n}\n" + g


def depth_fault(depth: int, where: str) -> str:
    return (
        f"{where}: error: 'pto_rt.scope' op exceeds the runtime's scope "
        f"depth: this auto scope is nested {depth} deep, {depth + 1} scopes open with the "
        "executor's own, and the runtime holds at most 64 (PTO2_MAX_SCOPE_DEPTH, the executor's "
        "scope included): its \"Scope stack overflow\" assertion stops the run here; nest fewer "
        "scopes"
    )


@pytest.mark.parametrize("depth", [63, 64, 65])
def test_scope_nesting(depth: int) -> None:
    result, faults = limit_faults(nest(depth), 0)
    assert result.outputs["o"][0] == 1.0
    # 63 scopes and the executor's make 64: the most the runtime holds; the 64th nested scope
    # is the first it cannot open (the 65th is never reached)
    assert faults == ([] if depth == 63 else [depth_fault(64, "t.mlir:104:65")])


def cli_args(tmp_path: Path, text: str, n: int) -> tuple[Path, list[object]]:
    """`text` saved as t.mlir in `tmp_path`, with an @acc kernel file and a zero `o`: the
    file and the pypto-run arguments that run it with `n`."""
    src = tmp_path / "t.mlir"
    src.write_text(text)
    kernels = tmp_path / "k.py"
    kernels.write_text("def acc(o):\n    o += 1\n")
    np.save(tmp_path / "o.npy", np.zeros(16, np.float32))
    return src, [src, "--kernels", kernels, "--arg", f"o={tmp_path / 'o.npy'}", "--arg", f"n={n}"]


def test_pypto_run_exits_1_on_a_limit(tmp_path: Path) -> None:
    src, argv = cli_args(tmp_path, nest(64), 0)
    res: OptResult = run_main(main, argv)
    assert res.status == 1
    assert res.out == ("@f: 1 tasks, 0 edges, 64 scopes, 0 races, 0 uses after free, runtime "
                       "limit exceeded (scope-depth)\n")
    assert res.err == depth_fault(64, f"{src}:104:65") + "\n"


def _file(name: str) -> str:
    return (LIMITS / name).read_text()


def test_analyze_auto_scopes_keeps_20000_inner_tasks_out_of_one_scope() -> None:
    # formerly one compiler-owned manual scope per outer iteration held all 20000
    result, faults = limit_faults(
        _file("analyze_loop_body_scope.mlir"), 1, True,
        "nest", {"x": np.ones(16, np.float32)}, {"acc": acc2})
    assert faults == []
    assert len(result.graph.tasks) == 20000
    assert result.outputs["o"][0] == 20000.0


def test_a_parallel_loop_barrier_stays_in_the_iteration_scope() -> None:
    result, faults = limit_faults(
        _file("parallel_barrier_scope.mlir"), 16384, False, "par",
        {"x": np.ones(64, np.float32), "b": np.zeros(64, np.float32),
         "o": np.zeros(64, np.float32)}, {"st": st, "acc": acc2})
    assert faults == []
    assert len(result.graph.tasks) == 2 * 16384 + 1
    assert result.outputs["b"][0] == 16384.0


def test_a_carried_fresh_buffer_fills_the_outer_scope_with_allocations() -> None:
    # the scope around the loop gets one alloc_tensors per iteration (the pipeline's output
    # does not depend on n): window - 1 tasks fit, and the trailing @acc is then the
    # window-th; with n = window the last allocation is (at the runtime's 16384: n = 16384)
    text = _file("carried_fresh_buffer.mlir")
    args = {"x": np.zeros(16, np.float32)}
    kernels = {"inc": inc, "acc": acc2}
    _, faults = limit_faults(text, 62, False, "rtout", args, kernels, window=64)
    assert faults == []
    result, faults = limit_faults(text, 64, False, "rtout", args, kernels, window=64)
    (fault,) = result.limit_faults(64)
    assert isinstance(fault, LimitFault)
    assert fault.task is not None
    assert (fault.task.kind, fault.task.id) == ("alloc", 2 * 63)
    assert faults == [f"{fault.task.location}: " + deadlock(
        64, op=fault.task.op_name, task=2 * 63, name=fault.task.name,
        where=f"the auto scope at {fault.scope.location if fault.scope else ''}")]


def test_pypto_run_task_window_option(tmp_path: Path) -> None:
    src, argv = cli_args(tmp_path, FLAT, 8)
    res: OptResult = run_main(main, [*argv, "--task-window", "8"])
    assert res.status == 1
    assert res.err == f"{src}:7:7: " + deadlock(
        8, op="pto_orch.call", task=7, name="@acc", where=f"the auto scope at {src}:5:3") + "\n"
    assert run_main(main, [*argv, "--task-window", "9"]).status == 0
    bad = run_main(main, [*argv, "--task-window", "1"])
    assert bad.status == 2
    assert "expected an integer >= 2, got '1'" in bad.err
