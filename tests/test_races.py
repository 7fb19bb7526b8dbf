"""The race report (pypto_dialects.interpreter.races): each kind (RAW, WAR, WAW) pinned
within a scope (auto and manual) and across a manual-scope boundary, the ordered variants
that are quiet, and the exact diagnostic text. Rules: docs/interpreter.md."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import assert_no_races, find_races, run_function
from pypto_dialects.parsing import parse_module, verify_module

T = "tensor<4xf32>"
HEAD = f"""
pto_orch.kernel @copy aiv (in {T}, out {T}) -> {T}
"""


def program(name: str, body: str) -> str:
    out = "{pto_orch.dir = #pto_orch.dir<out>}"
    inout = "{pto_orch.dir = #pto_orch.dir<inout>}"  # the WAR cases write %a after reading it
    return (
        HEAD
        + f"func.func @{name}(%a: {T} {inout}, %b: {T} {out}, %c: {T} {out}, %d: {T} {out}) "
        + "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
        + body
        + "  func.return\n}\n"
    )


def call(dst: str, src: str, res: str) -> str:
    return f"    {res} = pto_orch.call @copy(in {src}, out {dst}) : ({T}, {T}) -> {T}\n"


def submit(dst: str, src: str, res: str, tid: str, deps: str = "") -> str:
    d = f" deps({deps} : !pto_orch.task_id)" if deps else ""
    return f"    {res}, {tid} = pto_orch.submit @copy(in {src}, out {dst}){d} : ({T}, {T}) -> {T}\n"


def auto(body: str) -> str:
    return "  pto_rt.scope auto {\n" + body + "  }\n"


def manual(body: str) -> str:
    return "  pto_rt.scope manual {\n" + body + "  }\n"


def run(name: str, body: str):
    module = parse_module(make_context(), program(name, body), f"{name}.mlir")
    verify_module(module)
    a = np.arange(4, dtype=np.float32)
    return run_function(module, name, {"a": a}, {"copy": lambda x, o: x + 1})


def kinds(result) -> list[tuple[str, int, int, str]]:
    return [(r.kind, r.first.id, r.second.id, r.buffer.name) for r in result.races()]


CASES = {
    # within an AUTO scope the runtime orders RAW (tensor map) but never WAR or WAW
    "auto_war": (auto(call("%b", "%a", "%b1") + call("%a", "%c", "%a1")), [("WAR", 0, 1, "%a")]),
    "auto_waw": (auto(call("%b", "%a", "%b1") + call("%b", "%c", "%b2")), [("WAW", 0, 1, "%b")]),
    # within a MANUAL scope only explicit deps order tasks
    "manual_raw": (manual(submit("%b", "%a", "%b1", "%t0") + submit("%c", "%b1", "%c1", "%t1")), [("RAW", 0, 1, "%b")]),
    "manual_war": (manual(submit("%b", "%a", "%b1", "%t0") + submit("%a", "%c", "%a1", "%t1")), [("WAR", 0, 1, "%a")]),
    "manual_waw": (manual(submit("%b", "%a", "%b1", "%t0") + submit("%b", "%c", "%b2", "%t1")), [("WAW", 0, 1, "%b")]),
    # across a manual-scope boundary: the manual task computes no fan-in, and its writes
    # are not in the tensor map for the auto task after it
    "cross_raw": (
        auto(call("%b", "%a", "%b1") + manual(submit("%c", "%b1", "%c1", "%t1"))),
        [("RAW", 0, 1, "%b")],
    ),
    "cross_raw_out": (
        auto(manual(submit("%b", "%a", "%b1", "%t0")) + call("%c", "%b", "%c1")),
        [("RAW", 0, 1, "%b")],
    ),
    "cross_war": (
        auto(manual(submit("%b", "%a", "%b1", "%t0")) + call("%a", "%c", "%a1")),
        [("WAR", 0, 1, "%a")],
    ),
    "cross_waw": (
        auto(call("%b", "%a", "%b1") + manual(submit("%b", "%c", "%b2", "%t1"))),
        [("WAW", 0, 1, "%b")],
    ),
    # ordered: quiet
    "auto_raw_ordered": (auto(call("%b", "%a", "%b1") + call("%c", "%b1", "%c1")), []),
    "manual_ordered": (
        manual(
            submit("%b", "%a", "%b1", "%t0")
            + submit("%c", "%b1", "%c1", "%t1", "%t0")
            + submit("%b", "%c1", "%b2", "%t2", "%t1")
        ),
        [],
    ),
    "cross_ordered": (
        auto(
            submit("%b", "%a", "%b1", "%t0")
            + manual(submit("%c", "%b1", "%c1", "%t1", "%t0"))
        ),
        [],
    ),
    # a path of edges orders the pair: t0 -> t1 -> t2 (WAW on %b through %c)
    "transitive": (
        manual(
            submit("%b", "%a", "%b1", "%t0")
            + submit("%c", "%a", "%c1", "%t1", "%t0")
            + submit("%b", "%a", "%b2", "%t2", "%t1")
        ),
        [],
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_race_kinds(name: str) -> None:
    body, expected = CASES[name]
    result = run(name, body)
    assert kinds(result) == expected
    if expected:
        with pytest.raises(AssertionError, match=r"^1 race\(s\):"):
            assert_no_races(result.graph)
    else:
        assert_no_races(result.graph)


def test_diagnostic_text() -> None:
    result = run("manual_raw", CASES["manual_raw"][0])
    (race,) = result.races()
    assert race.diagnostic() == (
        "manual_raw.mlir:6:5: error: 'pto_orch.submit' op RAW race on %b: task 1 (@copy) "
        "reads %b, written by task 0 (@copy) at manual_raw.mlir:5:5 (%b), and no dependency "
        "edge orders the two tasks"
    )


def test_disjoint_regions_do_not_race() -> None:
    text = """
pto_orch.kernel @fill aiv (out tensor<2x4xf32>) -> tensor<2x4xf32>
func.func @halves(%x: tensor<4x4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %top = pto_tensor.slice %x[%c0, %c0] : tensor<4x4xf32> to tensor<2x4xf32>
    %bot = pto_tensor.slice %x[%c2, %c0] : tensor<4x4xf32> to tensor<2x4xf32>
    %mid = pto_tensor.slice %x[%c1, %c0] : tensor<4x4xf32> to tensor<2x4xf32>
    %t1, %id1 = pto_orch.submit @fill(out %top) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %b1, %id2 = pto_orch.submit @fill(out %bot) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %m1, %id3 = pto_orch.submit @fill(out %mid) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  }
  func.return
}
"""
    module = parse_module(make_context(), text, "halves.mlir")
    verify_module(module)
    r = run_function(module, "halves", {}, {"fill": lambda o: np.ones_like(o)})
    # top and bottom are disjoint; the middle rows overlap both
    assert [(x.kind, x.first.id, x.second.id) for x in r.races()] == [("WAW", 0, 2), ("WAW", 1, 2)]
    assert "writes %x[1:3, 0:4], also written by task 0 (@fill)" in r.races()[0].diagnostic()


def test_parallel_iterations_are_trusted_unless_asked() -> None:
    text = """
pto_orch.kernel @fill aiv (out tensor<4xf32>) -> tensor<4xf32>
func.func @par(%x: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%y = %x) -> (tensor<4xf32>) {
    %y1 = pto_orch.call @fill(out %y) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y1 : tensor<4xf32>
  } {pto_orch.parallel}
  func.return
}
"""
    module = parse_module(make_context(), text, "par.mlir")
    verify_module(module)
    r = run_function(module, "par", {}, {"fill": lambda o: np.ones_like(o)})
    assert find_races(r.graph) == []
    assert [(x.kind, x.first.id, x.second.id) for x in find_races(r.graph, trust_parallel=False)] == [
        ("WAW", 0, 1)
    ]


# ------------------------------------------------------------ the execution tests' programs


def _graph_only(path_or_text: str, name: str, function: str, piped: bool):
    """Run `function` with a no-op implementation of every kernel (the graph, not the data):
    tensors of their static shape (`?` = 64), scalars 1."""
    from xdsl.dialects.builtin import TensorType

    from pypto_dialects.interpreter.run import find_function, parameter_names
    from pypto_dialects.orch import KernelOp
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    ctx = make_context()
    module = parse_module(ctx, path_or_text, name)
    if piped:
        Pto2Pipeline().apply(ctx, module)
    f = find_function(module, function)
    args = {
        n: np.zeros([d if d >= 0 else 64 for d in a.type.get_shape()], np.float32)
        if isinstance(a.type, TensorType)
        else 1
        for n, a in zip(parameter_names(f), f.body.block.args)
    }
    kernels = {op.sym_name.data: (lambda *a, **block: None) for op in module.walk() if isinstance(op, KernelOp)}
    return run_function(module, function, args, kernels).graph


EXECUTION = sorted(
    (path.name, function)
    for path in (Path(__file__).parent / "execution").glob("*.mlir")
    for function in re.findall(r"func\.func @(\w+)\(", path.read_text())
)
"""Every function of every execution program: the pipeline orders all their hazards."""

NO_TASK_WITH_ZEROS = {
    # a trip count read from a tensor (zeros here: no iteration), and a function with no task;
    # tests/test_execution_upstream.py runs them with data (no faults, exact edges)
    ("upstream_codegen.mlir", "for_view"),
    ("upstream_codegen.mlir", "for_view_dead"),
    ("upstream_codegen.mlir", "reshape_ret"),
}


@pytest.mark.parametrize(("name", "function"), EXECUTION, ids=[f"{n}:{f}" for n, f in EXECUTION])
def test_execution_programs(name: str, function: str) -> None:
    path = Path(__file__).parent / "execution" / name
    # every function after the pipeline, opted-out ones too (their user scopes' hazards are
    # the pipeline's to order as well: @one_step's manual readers list no edge to the producer)
    graph = _graph_only(path.read_text(), str(path), function, True)
    assert bool(graph.kernel_tasks()) != ((name, function) in NO_TASK_WITH_ZEROS)
    got = [(r.kind, r.first.id, r.second.id, r.buffer.name) for r in find_races(graph)]
    assert got == [], [r.diagnostic() for r in find_races(graph)]


def test_printer_test_programs() -> None:
    from opt_runner import ROOT

    printer = ROOT / "tests" / "filecheck" / "targets" / "pto2_cpp"
    # retain.mlir's functions test the retain lines of manual tasks, not their order: their
    # manual tasks have no deps, so they race, within the manual scope and across its boundary
    retain = (printer / "retain.mlir").read_text()
    racy = {
        "outer": [
            ("RAW", 5, 6, "%buf"), ("WAW", 1, 7, "%o"), ("RAW", 6, 7, "%inner"),
            ("WAW", 1, 8, "%o"), ("RAW", 5, 8, "%buf"), ("WAW", 7, 8, "%o"),
            ("RAW", 7, 10, "%o"),
        ],
        "per_iteration": [("WAW", 1, 2, "%tmp"), ("WAW", 2, 5, "%o"), ("WAW", 4, 5, "%tmp")],
        "ping_pong": [
            ("WAR", 2, 3, "%ping"), ("RAW", 2, 3, "%pong"), ("WAW", 2, 4, "%pong"),
            ("RAW", 3, 4, "%ping"), ("WAR", 3, 4, "%pong"), ("WAR", 2, 5, "%ping"),
            ("RAW", 2, 5, "%pong"), ("WAW", 3, 5, "%ping"), ("WAR", 4, 5, "%ping"),
            ("RAW", 4, 5, "%pong"),
        ],
    }
    for function, expected in racy.items():
        graph = _graph_only(retain, "retain.mlir", function, False)
        got = [(r.kind, r.first.id, r.second.id, r.buffer.name) for r in find_races(graph)]
        assert got == expected, function
    # array_carry.mlir @survives: both branches of each round write the whole output; the
    # parallel loop declares them independent (the recorder reports them as unordered)
    graph = _graph_only((printer / "array_carry.mlir").read_text(), "array_carry.mlir", "survives", False)
    assert find_races(graph) == []
    assert [(r.kind, r.first.id, r.second.id) for r in find_races(graph, trust_parallel=False)] == [
        ("WAW", 0, 1), ("WAW", 2, 3), ("WAW", 4, 5)
    ]

