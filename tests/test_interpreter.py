"""The interpreter (pypto_dialects.interpreter): outputs and the exact task graph the PTO2
runtime's rules give, on every example (raw and after pto2-pipeline) and on programs that
pin one rule each (creator retention, tensor-map overlap of views, INOUT removal of covered
entries, manual scopes, explicit edges, parallel TaskId array carries).

Rules: docs/interpreter.md.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from opt_runner import EXAMPLES
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

KERNELS = runpy.run_path(str(EXAMPLES / "kernels.py"))
RNG = np.random.default_rng(7)


def load(text: str, name: str = "t.mlir", piped: bool = False):
    ctx = make_context()
    module = parse_module(ctx, text, name)
    verify_module(module)
    if piped:
        Pto2Pipeline().apply(ctx, module)
        verify_module(module)
    return module


def example(stem: str, piped: bool):
    path = EXAMPLES / f"{stem}.mlir"
    return load(path.read_text(), str(path), piped)


def rand(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def edges(graph, origin=None):
    return sorted((p, s) for p, s, o in graph.edge_set(origin))


BOTH = pytest.mark.parametrize("piped", [False, True], ids=["raw", "piped"])


@BOTH
def test_orch_basic(piped: bool) -> None:
    a, b = rand(16, 16), rand(16, 16)
    r = run_function(example("orch_basic", piped), "orch_basic", {"a": a, "b": b}, KERNELS)
    np.testing.assert_array_equal(r.outputs["d"], (a + b) + b)
    np.testing.assert_array_equal(r.results[0], (a + b) + b)
    np.testing.assert_array_equal(r.outputs["a"], a)  # inputs are copied, not written
    g = r.graph
    assert [(t.id, t.kind, t.name) for t in g.tasks] == [
        (0, "alloc", "alloc %c"),
        (1, "kernel", "@kernel_add"),
        (2, "kernel", "@kernel_add"),
    ]
    assert [(a.direction, a.tensor.describe()) for a in g.tasks[2].args] == [
        ("in", "%c"),
        ("in", "%b"),
        ("out", "%d"),
    ]
    assert g.tasks[1].location.endswith("orch_basic.mlir:10:3")
    assert sorted(g.edge_set()) == [(0, 1, "creator"), (0, 2, "creator"), (1, 2, "tensormap")]
    assert [e.to_json() for e in g.edges if e.origin == "tensormap"] == [
        {"pred": 1, "succ": 2, "source": "tensormap", "arg": 0, "overlap": "covered"}
    ]
    assert [(s.mode, s.parent) for s in g.scopes] == ([("auto", None)] if piped else [])
    assert r.races() == []


@BOTH
def test_for_carry(piped: bool) -> None:
    a, acc = rand(16, 16), rand(16, 16)
    r = run_function(example("for_carry", piped), "for_carry", [a, acc], KERNELS)
    expect = acc.copy()
    for _ in range(4):
        expect = a + expect
    np.testing.assert_array_equal(r.outputs["acc"], expect)
    if piped:
        # derive-call-directions makes the loop's write of the parameter inout: each task
        # replaces the previous writer's entry, a chain of 3 edges
        assert edges(r.graph, "tensormap") == [(0, 1), (1, 2), (2, 3)]
        assert len(r.graph.edges) == 6  # one per slot that finds the writer: input and inout
    else:
        # `in %acc, out %acc`: the OUTPUT_EXISTING slot never removes an entry, so every task
        # finds every earlier writer.
        assert edges(r.graph, "tensormap") == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        assert len(r.graph.edges) == 6
    if piped:  # the body's scope runs once per iteration, inside the function's scope
        assert [(s.mode, s.parent) for s in r.graph.scopes] == [("auto", None)] + [("auto", 0)] * 4
        assert [t.scope for t in r.graph.tasks] == [1, 2, 3, 4]


@BOTH
def test_if_else(piped: bool) -> None:
    x = rand(16, 16)
    m = example("if_else", piped)
    add = run_function(m, "if_else", {"x": x, "mode": 0}, KERNELS)
    mul = run_function(m, "if_else", {"x": x, "mode": 3}, KERNELS)
    np.testing.assert_array_equal(add.outputs["y"], x + x)
    np.testing.assert_array_equal(mul.outputs["y"], x * x)
    assert [t.name for t in add.graph.tasks] == ["@kernel_add"]
    assert [t.name for t in mul.graph.tasks] == ["@kernel_mul"]


@BOTH
def test_softmax_tuple(piped: bool) -> None:
    sij, pij, mij, lij = rand(16, 16), rand(16, 16), rand(16, 1), np.ones((16, 1), np.float32)
    r = run_function(
        example("softmax_tuple", piped),
        "softmax_tuple",
        {"sij": sij, "scale": 0.5, "pij": pij, "mij": mij, "lij": lij},
        KERNELS,
    )
    p, m_new, l_new = KERNELS["kernel_softmax"](sij, 0.5, pij, mij, lij)
    np.testing.assert_array_equal(r.outputs["pij"], p)
    np.testing.assert_array_equal(r.outputs["mij"], m_new)
    np.testing.assert_array_equal(r.outputs["lij"], l_new)
    assert r.graph.tasks[0].scalars == [0.5]
    assert [a.direction for a in r.graph.tasks[0].args] == ["in", "inout", "inout", "inout"]


@BOTH
def test_group_kernel(piped: bool) -> None:
    a, b, bias = rand(16, 16), rand(16, 16), rand(16, 16)
    r = run_function(
        example("group_kernel", piped), "group_kernel", {"a": a, "b": b, "bias": bias}, KERNELS
    )
    np.testing.assert_allclose(r.outputs["out"], (a @ b + bias) @ b, rtol=1e-5)
    assert sorted(r.graph.edge_set()) == [(0, 1, "creator"), (0, 2, "creator"), (1, 2, "tensormap")]


@BOTH
def test_dynamic_dim(piped: bool) -> None:
    x = rand(48, 16)
    r = run_function(example("dynamic_dim", piped), "dynamic_dim", {"x": x, "y": np.zeros_like(x)}, KERNELS)
    np.testing.assert_array_equal(r.outputs["y"], np.maximum(2 * x, 0))
    g = r.graph
    assert [b.shape for b in g.buffers] == [(48, 16), (48, 16), (48, 16)]
    assert [t.args[0].tensor.describe() for t in g.tasks[2:]] == [
        "%scaled[0:16, 0:16]",
        "%scaled[16:32, 0:16]",
        "%scaled[32:48, 0:16]",
    ]
    # each stripe reader finds the whole-buffer writer (task 1): an OTHER overlap
    assert sorted(g.edge_set()) == [
        (0, 1, "creator"),
        (0, 2, "creator"),
        (0, 3, "creator"),
        (0, 4, "creator"),
        (1, 2, "tensormap"),
        (1, 3, "tensormap"),
        (1, 4, "tensormap"),
    ]
    assert {e.overlap for e in g.edges if e.origin == "tensormap"} == {"other"}
    assert r.races() == []


@BOTH
def test_manual_submit(piped: bool) -> None:
    a, b = rand(16, 16), rand(16, 16)
    r = run_function(example("manual_submit", piped), "manual_submit", {"a": a, "b": b}, KERNELS)
    s = a + b
    np.testing.assert_array_equal(r.outputs["out"], s * a + s * b)
    g = r.graph
    if piped:  # one pto_tensor.alloc_tensors batch: one allocation task for the 3 buffers
        assert [(t.id, t.name) for t in g.tasks] == [
            (0, "alloc %sum"),
            (1, "@kernel_add"),
            (2, "@kernel_mul"),
            (3, "@kernel_mul"),
            (4, "task_dummy"),
            (5, "@kernel_add"),
        ]
        # manual scope: only explicit edges (the user's deps, and the batch's TaskId, which
        # add-retain-edges lists for every task using one of its buffers)
        assert sorted(g.edge_set()) == [
            (0, 1, "explicit"),
            (0, 2, "explicit"),
            (0, 3, "explicit"),
            (0, 5, "explicit"),
            (1, 2, "explicit"),
            (1, 3, "explicit"),
            (2, 4, "explicit"),
            (3, 4, "explicit"),
            (4, 5, "explicit"),
        ]
        assert {g.scope_mode(t) for t in g.tasks if t.kind != "alloc"} == {"manual"}
        assert r.races() == []
        return
    assert [(t.id, t.name) for t in g.tasks] == [
        (0, "alloc %sum"),
        (1, "alloc %left"),
        (2, "alloc %right"),
        (3, "@kernel_add"),
        (4, "@kernel_mul"),
        (5, "@kernel_mul"),
        (6, "task_dummy"),
        (7, "@kernel_add"),
    ]
    # manual scope: only explicit edges (the user's deps, and the allocation of every
    # created buffer a task uses, as the C++ target lists them)
    assert sorted(g.edge_set()) == [
        (0, 3, "explicit"),
        (0, 4, "explicit"),
        (0, 5, "explicit"),
        (1, 4, "explicit"),
        (1, 7, "explicit"),
        (2, 5, "explicit"),
        (2, 7, "explicit"),
        (3, 4, "explicit"),
        (3, 5, "explicit"),
        (4, 6, "explicit"),
        (5, 6, "explicit"),
        (6, 7, "explicit"),
    ]
    assert {g.scope_mode(t) for t in g.tasks if t.kind != "alloc"} == {"manual"}
    assert r.races() == []


def test_case1_parallel_array_carry() -> None:
    data = rand(256, 16)
    r = run_function(example("case1_manual_parallel", True), "case1_manual_parallel", {"data": data}, KERNELS)
    np.testing.assert_array_equal(r.outputs["out"], data)
    # pto2-pipeline puts a phase-fence barrier before each phase's parallel loop (not
    # submitted in phase 0, whose deps are all invalid): the 4 tasks of phase p -> the
    # barrier -> the 4 tasks of phase p+1 (the array carry)
    kinds = [t.kind for t in r.graph.tasks]
    assert kinds == ["kernel"] * 4 + (["dummy"] + ["kernel"] * 4) * 3
    want = []
    for p in range(1, 4):
        fence = 5 * p - 1
        first = 0 if p == 1 else 5 * (p - 1)  # the previous phase's first kernel task
        want += [(first + i, fence) for i in range(4)]
        want += [(fence, fence + 1 + j) for j in range(4)]
    assert edges(r.graph) == sorted(want)
    assert {o for _, _, o in r.graph.edge_set()} == {"explicit"}
    kernel_tasks = [t for t in r.graph.tasks if t.kind == "kernel"]
    assert [t.scalars[0] for t in kernel_tasks[:5]] == [0, 16, 32, 48, 64]
    assert kernel_tasks[5].parallel == ((1, 1),)
    assert r.races() == []  # the branches write one buffer, declared independent


def test_case1_raw_is_sequential() -> None:
    # without the carry plan a TaskId carry is a plain chain
    data = rand(256, 16)
    r = run_function(example("case1_manual_parallel", False), "case1_manual_parallel", {"data": data}, KERNELS)
    assert edges(r.graph) == [(i, i + 1) for i in range(15)]


RULES = """
pto_orch.kernel @inc aiv (inout tensor<8x4xf32>) -> tensor<8x4xf32>
pto_orch.kernel @fill aiv (in f32, out tensor<4x4xf32>) -> tensor<4x4xf32>
pto_orch.kernel @sum aiv (in tensor<8x4xf32>, out tensor<1xf32>) -> tensor<1xf32>
pto_orch.kernel @top aiv (in tensor<4x4xf32>, out tensor<1xf32>) -> tensor<1xf32>
pto_orch.kernel @col aiv (in tensor<4x8xf32>, out tensor<1xf32>) -> tensor<1xf32>

func.func @inout_chain(%x: tensor<8x4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x1 = pto_orch.call @inc(inout %x) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %x2 = pto_orch.call @inc(inout %x1) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %x3 = pto_orch.call @inc(inout %x2) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  func.return
}

func.func @views(%r0: tensor<1xf32> {pto_orch.dir = #pto_orch.dir<out>}, %r1: tensor<1xf32> {pto_orch.dir = #pto_orch.dir<out>}, %r2: tensor<1xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %x = pto_tensor.create : tensor<8x4xf32>
  %hi = pto_tensor.slice %x[%c0, %c0] : tensor<8x4xf32> to tensor<4x4xf32>
  %lo = pto_tensor.slice %x[%c4, %c0] : tensor<8x4xf32> to tensor<4x4xf32>
  %hi1 = pto_orch.call @fill(scalar %one, out %hi) : (f32, tensor<4x4xf32>) -> tensor<4x4xf32>
  %lo1 = pto_orch.call @fill(scalar %two, out %lo) : (f32, tensor<4x4xf32>) -> tensor<4x4xf32>
  %s0 = pto_orch.call @sum(in %x, out %r0) : (tensor<8x4xf32>, tensor<1xf32>) -> tensor<1xf32>
  %s1 = pto_orch.call @top(in %hi, out %r1) : (tensor<4x4xf32>, tensor<1xf32>) -> tensor<1xf32>
  %t = pto_tensor.transpose %x, 0, 1 : tensor<8x4xf32> to tensor<4x8xf32>
  %s2 = pto_orch.call @col(in %t, out %r2) : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<1xf32>
  func.return
}
"""

RULE_KERNELS = {
    "inc": lambda x: x + 1,
    "fill": lambda v, out: np.full_like(out, v),
    "sum": lambda x, out: np.array([x.sum()]),
    "top": lambda x, out: np.array([x.sum()]),
    "col": lambda x, out: np.array([x[:, 0].sum()]),
}


def test_inout_removes_covered_entries() -> None:
    x = rand(8, 4)
    r = run_function(load(RULES), "inout_chain", [x], RULE_KERNELS)
    np.testing.assert_array_equal(r.outputs["x"], x + 3)
    # task 1 covers task 0's entry and removes it: task 2 finds task 1 only
    assert sorted(r.graph.edge_set()) == [(0, 1, "tensormap"), (1, 2, "tensormap")]


def test_views_overlap() -> None:
    r = run_function(load(RULES), "views", {}, RULE_KERNELS)
    assert r.outputs["r0"].tolist() == [48.0]
    assert r.outputs["r1"].tolist() == [16.0]
    assert r.outputs["r2"].tolist() == [4.0]  # x[0, 0..3] read as a column of x^T
    g = r.graph
    assert [t.args[0].tensor.describe() for t in g.tasks[1:]][:2] == ["%x[0:4, 0:4]", "%x[4:8, 0:4]"]
    tm = sorted((e.pred, e.succ, e.overlap) for e in g.edges if e.origin == "tensormap")
    assert tm == [
        (1, 3, "covered"),  # the whole buffer contains each half
        (1, 4, "covered"),  # the top half contains the top half
        (1, 5, "other"),  # a transposed view: another axis layout
        (2, 3, "covered"),
        (2, 5, "other"),
    ]
    assert edges(g, "creator") == [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]
    assert g.buffers[0].size_bytes == 4  # an external 1-element tensor
    assert g.buffers[3].size_bytes == 1024  # an allocation, rounded up


def test_missing_kernel_is_located() -> None:
    with pytest.raises(InterpretationError) as err:
        run_function(load(RULES), "inout_chain", [rand(8, 4)], {})
    assert str(err.value) == (
        "t.mlir:9:3: error: 'pto_orch.call' op kernel @inc has no Python implementation: "
        "pass one under the name 'inc' in the kernels mapping"
    )


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match=r"argument 'x' has shape \(4, 4\), expected tensor<8x4xf32>"):
        run_function(load(RULES), "inout_chain", [rand(4, 4)], RULE_KERNELS)
    with pytest.raises(ValueError, match="has no parameter y"):
        run_function(load(RULES), "inout_chain", {"y": 1}, RULE_KERNELS)
    with pytest.raises(ValueError, match="no function @nope in the module"):
        run_function(load(RULES), "nope", {}, RULE_KERNELS)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.mlir")), ids=lambda p: Path(p).stem)
def test_every_example_runs_race_free_after_the_pipeline(path: Path) -> None:
    from xdsl.dialects.builtin import TensorType

    from pypto_dialects.interpreter.run import parameter_names
    from pypto_dialects.orch_attrs import is_orchestration

    module = example(path.stem, True)
    (f,) = [op for op in module.walk() if is_orchestration(op)]
    args = {
        n: rand(*[d if d >= 0 else 32 for d in a.type.get_shape()])
        if isinstance(a.type, TensorType)
        else 1
        for n, a in zip(parameter_names(f), f.body.block.args)
    }
    r = run_function(module, f.sym_name.data, args, KERNELS)
    assert r.graph.kernel_tasks()
    assert r.races() == []
