"""verify-orchestration's rule 9 (pypto_dialects/analysis/scope_limits.py): a scope that every
run fills past the runtime's task window is a located error, at the submit the interpreter's
exact count (interpreter/runtime_limits.py) stops at. Each program runs through pto2-pipeline,
then both counts are taken against a small window (the runtime's PTO2_RING_TASK_WINDOW), so
the interpreter runs tens of tasks, not 16k; the lit test
tests/filecheck/transforms/verify_orchestration/task_window.mlir has the runtime's 16384."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import InterpretationError, PassFailedException

from opt_runner import run_opt
from pypto_dialects.analysis.scope_limits import scope_limit_error
from pypto_dialects.context import make_context
from pypto_dialects.diagnostics import location_of
from pypto_dialects.interpreter import run_function
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import parse_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support.execution import _print as print_and_compile

T = "tensor<16xf32>"
KERNELS = (
    f"pto_orch.kernel @inc aiv (in {T}, out {T}) -> {T}\n"
    f"pto_orch.kernel @acc aiv (inout {T}) -> {T}\n"
)
SIGNATURE = (
    f"func.func @f(%x: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %c: i1) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>{auto}} {\n"
    "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
)


OTHER_WINDOW = (
    "; a run with another window (the runtime's PTO2_RING_TASK_WINDOW sets it) is checked "
    "with the option task-window=N"
)
"""The end of every rule-9 message: how to check a run with another window."""


def carried_fresh(n: int) -> str:
    """A loop whose body makes a buffer and carries it: the pipeline allocates it in the
    scope around the loop, once per iteration, and the task after the loop follows."""
    return KERNELS + SIGNATURE.replace("{auto}", "") + f"""  %n = arith.constant {n} : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> ({T}) {{
    %y = pto_orch.call @inc(%cur) : ({T}) -> {T}
    scf.yield %y : {T}
  }}
  %o1 = pto_orch.call @acc(%o) : ({T}) -> {T}
  func.return
}}
"""


def nest(outer: int, inner: int, per: int) -> str:
    """`per` tasks in an inner loop of an outer loop, all directly in one hand-placed scope."""
    calls = "".join(f"        %t{k} = pto_orch.call @acc(%o) : ({T}) -> {T}\n"
                    for k in range(per))
    return KERNELS + SIGNATURE.replace("{auto}", ", pto_rt.auto_scope = false") + f"""  %a = arith.constant {outer} : index
  %b = arith.constant {inner} : index
  pto_rt.scope auto {{
    scf.for %i = %c0 to %a step %c1 {{
      scf.for %j = %c0 to %b step %c1 {{
{calls}      }}
    }}
  }}
  func.return
}}
"""


def branches(then: int, other: int, trips: int) -> str:
    """A loop of `trips` iterations in one scope whose body is an if with `then` / `other`
    tasks in its branches."""
    def calls(k: int, tag: str) -> str:
        return "".join(f"        %{tag}{j} = pto_orch.call @acc(%o) : ({T}) -> {T}\n"
                       for j in range(k))
    return KERNELS + SIGNATURE.replace("{auto}", ", pto_rt.auto_scope = false") + f"""  %a = arith.constant {trips} : index
  pto_rt.scope auto {{
    scf.for %i = %c0 to %a step %c1 {{
      scf.if %c {{
{calls(then, "p")}      }} else {{
{calls(other, "q")}      }}
    }}
  }}
  func.return
}}
"""


def pipelined(text: str, pipeline: Pto2Pipeline | None = None) -> ModuleOp:
    """`text` after pto2-pipeline (or after `pipeline`, one with options)."""
    ctx = make_context()
    module = parse_module(ctx, text, "t.mlir")
    (pipeline or Pto2Pipeline()).apply(ctx, module)
    return module


def window_error(text: str | ModuleOp, window: int) -> tuple[Operation, str] | None:
    """Rule 9's answer on `text` after pto2-pipeline (or on a module already through it),
    against a task window of `window`."""
    module = pipelined(text) if isinstance(text, str) else text
    (func,) = orchestration_functions(module)
    return scope_limit_error(func, window)


def both_counts(text: str, window: int, cond: bool = True) -> tuple[str | None, str | None]:
    """(the static check's location, the interpreter's fault location) after pto2-pipeline,
    against a task window of `window`."""
    module = pipelined(text)
    found = window_error(module, window)
    static = location_of(found[0]) if found is not None else None
    args = {"x": np.zeros(16, np.float32), "o": np.zeros(16, np.float32), "c": cond}
    result = run_function(module, "f", args, {
        "inc": lambda x, y: x + np.float32(1),
        "acc": lambda o: o.__iadd__(np.float32(1)),
    })
    faults = result.limit_faults(window)
    return static, faults[0].location if faults else None


@pytest.mark.parametrize(("n", "where"), [
    (61, None), (62, None),  # 62 allocations and the task after the loop: 63 fit
    (63, "t.mlir:11:3"),  # the task after the loop is the 64th
    (64, "t.mlir:8:5"), (100, "t.mlir:8:5"),  # the 64th allocation (iteration 63)
])
def test_carried_fresh_buffers_fill_the_scope_around_the_loop(n: int, where: str | None) -> None:
    assert both_counts(carried_fresh(n), 64) == (where, where)


@pytest.mark.parametrize(("outer", "inner", "per"), [
    (3, 7, 3), (2, 10, 3), (3, 7, 1),  # 63, 60 and 21 tasks fit
    (4, 8, 2), (5, 13, 1),  # 64 and 65: the crossing is inside an iteration
])
def test_nested_loops_count_every_iteration(outer: int, inner: int, per: int) -> None:
    static, dynamic = both_counts(nest(outer, inner, per), 64)
    assert static == dynamic
    assert (static is None) == (outer * inner * per < 64)


def test_the_message_names_the_scope_and_the_iterations() -> None:
    found = window_error(nest(5, 13, 1), 64)
    assert found is not None
    assert found[1] == (
        "exceeds the runtime's task window in every run: this submit would be task 64 "
        "submitted directly in the auto scope at t.mlir:8:3, in iteration 11 of the loop at "
        "t.mlir:10:7, in iteration 4 of the loop at t.mlir:9:5 (from 0), which holds at most 63 (the "
        "ring's task window, 64, less one; allocations and barriers count, tasks of nested "
        "scopes do not): the runtime stops with its fatal \"scope deadlock\"; give the "
        "repeated work a scope of its own (e.g. one per loop iteration)" + OTHER_WINDOW
    )


@pytest.mark.parametrize(("then", "other", "trips"), [
    (2, 1, 40), (2, 1, 63), (2, 1, 64), (1, 3, 30), (3, 3, 21), (3, 3, 22), (0, 2, 40),
])
def test_an_if_counts_its_branch_with_fewer_submits(then: int, other: int, trips: int) -> None:
    # the static count is a lower bound for every run: when it reports, both runs fault
    reported = scope_limit_error_after_pipeline(branches(then, other, trips), 64)
    faults = [both_counts(branches(then, other, trips), 64, cond)[1] for cond in (True, False)]
    assert reported == (min(then, other) * trips >= 64)
    if reported:
        assert None not in faults
    assert (faults[0] is not None) == (then * trips >= 64)
    assert (faults[1] is not None) == (other * trips >= 64)


def scope_limit_error_after_pipeline(text: str, window: int) -> bool:
    return window_error(text, window) is not None


def test_an_if_whose_fewer_submits_cross_is_named() -> None:
    found = window_error(branches(2, 1, 64), 64)
    assert found is not None
    assert (found[0].name, location_of(found[0])) == ("scf.if", "t.mlir:9:7")
    assert found[1] == (
        "exceeds the runtime's task window in every run: the submits of this scf.if (of its "
        "branch with fewer) reach task 64 submitted directly in the auto scope at t.mlir:7:3, "
        "in iteration 63 of the loop at t.mlir:8:5 (from 0), which holds at most 63 (the ring's "
        "task window, 64, less one; allocations and barriers count, tasks of nested scopes do "
        "not): the runtime stops with its fatal \"scope deadlock\"; give the repeated work a "
        "scope of its own (e.g. one per loop iteration)" + OTHER_WINDOW
    )


@pytest.mark.parametrize("n", [63, 64])
def test_the_executors_scope_counts_too(n: int) -> None:
    # no pto_rt.scope at all: the tasks are in the executor's own scope
    text = KERNELS + SIGNATURE.replace("{auto}", ", pto_rt.auto_scope = false") + f"""  %n = arith.constant {n} : index
  scf.for %i = %c0 to %n step %c1 {{
    %t = pto_orch.call @acc(%o) : ({T}) -> {T}
  }}
  func.return
}}
"""
    static, dynamic = both_counts(text, 64)
    assert static == dynamic == (None if n == 63 else "t.mlir:8:5")
    if n == 64:
        found = window_error(text, 64)
        assert found is not None
        assert "submitted directly in the executor's outer scope (outside every " \
            "pto_rt.scope), in iteration 63 of the loop at t.mlir:7:3 (from 0)," in found[1]


def test_a_deep_nest_names_the_three_innermost_loops() -> None:
    # 7 loops of 2 trips around one task: 128 submits, the 64th is iteration 1 of the six
    # innermost loops (63 = 0b0111111) and 0 of the outermost
    depth = 7
    loops = "".join(f"{'  ' * (k + 2)}scf.for %i{k} = %c0 to %c2 step %c1 {{\n"
                    for k in range(depth))
    ends = "".join(f"{'  ' * (k + 2)}}}\n" for k in reversed(range(depth)))
    text = KERNELS + SIGNATURE.replace("{auto}", ", pto_rt.auto_scope = false") + (
        "  %c2 = arith.constant 2 : index\n  pto_rt.scope auto {\n" + loops
        + f"{'  ' * (depth + 2)}%t = pto_orch.call @acc(%o) : ({T}) -> {T}\n" + ends
        + "  }\n  func.return\n}\n")
    static, dynamic = both_counts(text, 64)
    assert static == dynamic == "t.mlir:15:19"
    found = window_error(text, 64)
    assert found is not None
    assert ("in the auto scope at t.mlir:7:3, in iteration 1 of the loop at t.mlir:14:17, in "
            "iteration 1 of the loop at t.mlir:13:15, in iteration 1 of the loop at "
            "t.mlir:12:13 (from 0), inside 4 more loops, which holds at most 63") in found[1]


@pytest.mark.parametrize(("bound", "reported"), [
    ("%k = arith.constant 64 : i32\n  %n = arith.index_cast %k : i32 to index", True),
    ("%k = arith.constant 32 : index\n  %n = arith.muli %k, %c2 : index", True),
    ("%k = arith.constant 63 : i64\n  %n = arith.index_castui %k : i64 to index", False),
    # a negative value through a cast is not followed (counted as no iteration, the lower
    # bound: index_castui of -64 is a huge trip count, which the interpreter would report)
    ("%k = arith.constant -64 : i32\n  %n = arith.index_castui %k : i32 to index", False),
])
def test_a_trip_count_computed_from_constants_counts(bound: str, reported: bool) -> None:
    # canonicalize folds none of these
    text = KERNELS + SIGNATURE.replace("{auto}", ", pto_rt.auto_scope = false") + f"""  %c2 = arith.constant 2 : index
  {bound}
  pto_rt.scope auto {{
    scf.for %i = %c0 to %n step %c1 {{
      %t = pto_orch.call @acc(%o) : ({T}) -> {T}
    }}
  }}
  func.return
}}
"""
    assert (window_error(text, 64) is not None) == reported


# ------------------------------------------------- the window a run has: task-window=N


@pytest.mark.parametrize(("window", "where"), [(64, "t.mlir:8:5"), (128, None), (None, None)])
def test_the_pipeline_checks_the_window_it_is_given(window: int | None, where: str | None) -> None:
    # 100 allocations of a carried buffer and the task after the loop: 101 tasks in one scope
    # (the runtime's PTO2_RING_TASK_WINDOW sets the window; the option gives it to rule 9)
    pipeline = Pto2Pipeline() if window is None else Pto2Pipeline(task_window=window)
    if where is None:
        pipelined(carried_fresh(100), pipeline)  # raises nothing
        assert window_error(carried_fresh(100), window or 16384) is None
        return
    with pytest.raises(PassFailedException) as err:
        pipelined(carried_fresh(100), pipeline)
    assert str(err.value).startswith(
        f"{where}: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's task window in "
        f"every run: this submit would be task {window} submitted directly in the auto scope "
        f"at t.mlir:3:1, in iteration {window - 1} of the loop at t.mlir:7:3 (from 0), which "
        f"holds at most {window - 1} (the ring's task window, {window}, less one;"
    )
    assert str(err.value).endswith(OTHER_WINDOW)


def flat_loop(n: int) -> str:
    """`n` in-place tasks on one buffer in a constant loop of the function body (auto scopes):
    analyze-auto-scopes makes the body one manual scope when its `n` tasks fit the window."""
    return KERNELS + SIGNATURE.replace("{auto}", "") + f"""  %n = arith.constant {n} : index
  scf.for %i = %c0 to %n step %c1 {{
    %t = pto_orch.call @acc(%o) : ({T}) -> {T}
  }}
  func.return
}}
"""


@pytest.mark.parametrize(("window", "scopes"), [
    (None, [("manual", None)]),  # the runtime's window: one manual scope of the 6 tasks
    (7, [("manual", None)]),  # 6 tasks fit a window of 7 (a scope holds 6)
    (6, [("auto", None)] + [("manual", 0)] * 6),  # they do not fit 6: a scope per iteration
])
def test_analyze_auto_scopes_makes_one_scope_only_within_the_window(
    window: int | None, scopes: list[tuple[str, int | None]]
) -> None:
    # each run has the window the pipeline was given; the control (None) is told the
    # runtime's and run with a window of 6, which stops the one scope at its 6th task
    pipeline = Pto2Pipeline(analyze_auto_scopes=True, **(
        {"task_window": window} if window is not None else {}))
    module = pipelined(flat_loop(6), pipeline)
    print_and_compile(module, "f")  # the C++ of each, against both model headers (-Werror)
    args = {"x": np.zeros(16, np.float32), "o": np.zeros(16, np.float32), "c": True}
    result = run_function(module, "f", args, {"acc": lambda o: o.__iadd__(np.float32(1))})
    assert [(s.mode, s.parent) for s in result.graph.scopes] == scopes
    faults = [(f.kind, f.task.id) for f in result.limit_faults(window or 6)]
    assert faults == ([("scope-deadlock", 5)] if window is None else [])
    np.testing.assert_array_equal(result.outputs["o"], np.full(16, 6, np.float32))
    assert result.graph.edge_set() == {(i, i + 1, "explicit") for i in range(5)}
    assert result.races() == []
    assert result.use_after_free() == []


@pytest.mark.parametrize("window", [1, 0, -3])
def test_a_window_below_two_is_refused(window: int) -> None:
    with pytest.raises(ValueError, match=f"^task-window: expected an integer >= 2, got {window}$"):
        Pto2Pipeline(task_window=window)


@pytest.mark.parametrize(("passes", "status"), [
    ("pto2-pipeline{task-window=32768}", 0),
    ("pto2-pipeline{task-window=32768},canonicalize", 1),  # the printer's check: 16384
    ("pto2-pipeline{task-window=32768},canonicalize,verify-orchestration{task-window=32768}", 0),
])
def test_the_printer_keeps_the_window_of_the_last_check(
    passes: str, status: int, tmp_path: Path
) -> None:
    # 20000 allocations of a carried buffer fit a window of 32768, not the default
    src = tmp_path / "t.mlir"
    src.write_text(carried_fresh(20000))
    res = run_opt(["-p", passes, "-t", "pto2-cpp", str(src)])
    assert res.status == status
    if status:
        assert res.err.startswith(
            f"{src}:8:5: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's task window "
            "in every run: this submit would be task 16384 submitted directly in the auto scope")
    else:
        assert res.out.rstrip().endswith('}  // extern "C"')



def _bound(expr: str, a: int, b: int) -> str:
    """A loop of `%n = arith.<expr>` trips (`%a`, `%b`: index constants) in one scope."""
    return KERNELS + SIGNATURE.replace("{auto}", ", pto_rt.auto_scope = false") + f"""  %a = arith.constant {a} : index
  %b = arith.constant {b} : index
  %n = arith.{expr} : index
  pto_rt.scope auto {{
    scf.for %i = %c0 to %n step %c1 {{
      %t = pto_orch.call @acc(%o) : ({T}) -> {T}
    }}
  }}
  func.return
}}
"""


OPS = ["maxsi", "minsi", "maxui", "minui", "divsi", "divui", "remsi", "remui", "floordivsi",
       "ceildivsi", "ceildivui", "andi", "ori", "xori", "shli", "shrsi", "shrui"]


PAIRS = [(64, 2), (128, 2), (127, 2), (-128, -2), (-129, -2), (164, 100), (-164, 100),
         (63, 1), (16, 2), (65, 1), (-128, 64), (64, 0)]


def _huge(op: str, a: int, b: int) -> bool:
    """A trip count near 2**64, which the interpreter cannot run (test_huge_unsigned_bounds)."""
    return (a < 0 and op in ("divui", "ceildivui", "shrui")) or (op == "shrui" and b < 0)


@pytest.mark.parametrize(("op", "a", "b"), [
    (op, a, b) for op in OPS for a, b in PAIRS if not _huge(op, a, b)
])
def test_a_bound_of_index_arithmetic_counts_as_the_interpreter_runs_it(
    op: str, a: int, b: int
) -> None:
    # canonicalize folds none of these: rule 9 computes them with arith's semantics on 64-bit
    # indices, and its answer is the interpreter's count of the run (64 tasks or more: the
    # 64th reported); division by zero and a shift by a negative amount are poison, which the
    # interpreter refuses and the rule does not count
    text = _bound(f"{op} %a, %b", a, b)
    poison = ("div" in op or op.startswith("rem")) if b == 0 else (
        op.startswith("sh") and not 0 <= b < 64)
    if poison:
        with pytest.raises(InterpretationError, match="poison|by zero"):
            both_counts(text, 64)
        assert window_error(text, 64) is None
        return
    static, dynamic = both_counts(text, 64)
    assert static == dynamic


@pytest.mark.parametrize(("op", "a", "b", "reported"), [
    ("divui", -164, 100, True),  # (2**64 - 164) / 100 trips
    ("ceildivui", -164, 100, True),
    ("shrui", -128, 1, False),  # 2**63 - 64 trips: beyond what the rule computes (2**62)
    ("maxui", -128, 64, False),  # -128 as unsigned is the larger: the bound is -128
])
def test_huge_unsigned_bounds(op: str, a: int, b: int, reported: bool) -> None:
    # (the pipeline's own check, at the runtime's window, reports the huge ones already)
    if not reported:
        assert window_error(_bound(f"{op} %a, %b", a, b), 64) is None
        return
    with pytest.raises(PassFailedException, match="this submit would be task 16384 "):
        pipelined(_bound(f"{op} %a, %b", a, b))


@pytest.mark.parametrize(("value", "through"), [
    (64, "i8"), (127, "i8"), (200, "i8"), (4294967296, "i32"), (4294967360, "i32"), (64, "i32"),
])
def test_a_narrowing_cast_keeps_only_a_value_it_holds(value: int, through: str) -> None:
    # index -> iN -> index truncates a value iN cannot hold (200 is -56 in i8, 2**32 is 0 in
    # i32): the bound is then not the constant, and the rule counts as the interpreter runs
    text = _bound("addi %a, %b", value, 0).replace(
        "%n = arith.addi %a, %b : index",
        f"%narrow = arith.index_cast %a : index to {through}\n"
        f"  %n = arith.index_cast %narrow : {through} to index")
    static, dynamic = both_counts(text, 64)
    # (2**32 + 64 is 64 in i32: the run submits 64 tasks, which the rule, a lower bound that
    # does not follow truncation, leaves to the run)
    assert static == (dynamic if value < 2**32 else None)
    assert (static is not None) == (64 <= value < 2 ** (int(through[1:]) - 1))


def body_of(n_tasks: int, loop: str) -> str:
    """`n_tasks` tasks in the body of a loop (`loop`: its header), which pto2-pipeline gives a
    scope of its own."""
    calls = "".join(f"    %t{k} = pto_orch.call @acc(%o) : ({T}) -> {T}\n"
                    for k in range(n_tasks))
    return KERNELS + SIGNATURE.replace("{auto}", "") + f"""  %n = arith.constant 3 : index
{loop}
{calls}  }}
  func.return
}}
"""


@pytest.mark.parametrize(("loop", "reported"), [
    ("  scf.for %i = %c0 to %n step %c1 {", True),  # every run opens the body's scope
    ("  scf.for %i = %c0 to %c0 step %c1 {", False),  # no run does (also folded away)
    ("  %m = arith.index_cast %c : i1 to index\n  scf.for %i = %c0 to %m step %c1 {", False),
    ("  scf.if %c {", False),  # a run with %c false does not
])
def test_a_scope_some_run_does_not_open_is_left_to_the_run(loop: str, reported: bool) -> None:
    # 8 tasks fill a window of 8 in the body's scope; the check refused the scope of a loop
    # with a dynamic trip count, whose run with no iteration is fine (found by a breaker
    # session); the interpreter's run with %c false agrees
    text = body_of(8, loop)
    static, run = both_counts(text, 8, cond=False)
    assert (static is not None) == reported
    assert static == run
