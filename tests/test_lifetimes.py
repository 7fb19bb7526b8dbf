"""The interpreter's lifetime report (pypto_dialects/interpreter/lifetimes.py): uses of a
runtime-allocated buffer after the scope that allocated it ended, or by a task nothing that
retains the buffer waits for. Each program states the exact report; the examples report
nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import find_use_after_free, run_function
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.parsing import parse_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

ROOT = Path(__file__).resolve().parents[1]
HEAD = (
    "pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>\n"
    "func.func @f(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
    "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
    "  %c3 = arith.constant 3 : index\n"
)
T = "tensor<16xf32>"
TT = f"({T}, {T}) -> {T}"
ALLOC = (f"%t, %al = pto_tensor.alloc_tensors {{\n  %n = pto_tensor.create : {T}\n"
         f"  pto_tensor.yield %n : {T}\n}} : {T}")


def inc(x, o):  # type: ignore[no-untyped-def]
    return x + np.float32(1)


def run(body: str):  # type: ignore[no-untyped-def]
    text = HEAD + body + "\n  func.return\n}\n"
    module = parse_module(make_context(), text, "t.mlir")
    result = run_function(module, "f", {"a": np.zeros(16, np.float32)}, {"inc": inc})
    return result, [u.diagnostic() for u in result.use_after_free()]


LATE = ("after the scope that allocated %t (at t.mlir:{scope}) ended; the runtime may already "
        "have given its memory to another allocation: allocate it in a scope that is still "
        "open here")


def test_a_loop_carry_of_a_body_scope_buffer_is_used_after_free() -> None:
    # each iteration's %t is allocated in the body's scope and read by the next iteration
    # (and the last one after the loop), after that scope ended
    r, faults = run(f"""
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> ({T}) {{
    %y = pto_rt.scope auto -> ({T}) {{
      %t = pto_tensor.create : {T}
      %t1 = pto_orch.call @inc(in %x, out %t) : {TT}
      pto_rt.yield %t1 : {T}
    }}
    scf.yield %y : {T}
  }}
  %o1 = pto_orch.call @inc(in %r, out %o) : {TT}""")
    assert faults == [
        "t.mlir:10:7: error: 'pto_orch.call' op use after free: task 3 (@inc) touches %t "
        + LATE.format(scope="8:5"),
        "t.mlir:10:7: error: 'pto_orch.call' op use after free: task 5 (@inc) touches %t "
        + LATE.format(scope="8:5"),
        "t.mlir:15:3: error: 'pto_orch.call' op use after free: task 6 (@inc) touches %t "
        + LATE.format(scope="8:5"),
    ]
    np.testing.assert_array_equal(r.outputs["o"], np.full(16, 4, np.float32))


def test_the_same_loop_with_the_buffer_of_an_open_scope_is_clean() -> None:
    r, faults = run(f"""
  pto_rt.scope auto {{
    %t = pto_tensor.create : {T}
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> ({T}) {{
      %y = pto_rt.scope auto -> ({T}) {{
        %t1 = pto_orch.call @inc(in %x, out %t) : {TT}
        pto_rt.yield %t1 : {T}
      }}
      scf.yield %y : {T}
    }}
    %o1 = pto_orch.call @inc(in %r, out %o) : {TT}
    pto_rt.yield
  }}""")
    assert faults == []
    assert r.faults() == []


def test_a_host_read_after_the_scope_ended() -> None:
    _, faults = run(f"""
  %y = pto_rt.scope auto -> ({T}) {{
    %t = pto_tensor.create : {T}
    %t1 = pto_orch.call @inc(in %a, out %t) : {TT}
    pto_rt.yield %t1 : {T}
  }}
  %v = pto_tensor.read %y[%c0] : {T} -> f32""")
    assert faults == [
        "t.mlir:12:3: error: 'pto_tensor.read' op use after free: the host reads %t "
        + LATE.format(scope="7:3")
    ]


def _manual(deps: str, later: str) -> str:
    """Per iteration: %t allocated in the body's (auto) scope, written and read by two
    tasks of a manual scope; `deps` are their extra deps; `later`, an op after the loop."""
    return f"""
  pto_rt.scope auto {{
    scf.for %i = %c0 to %c3 step %c1 {{
      pto_rt.scope auto {{
        {ALLOC}
        pto_rt.scope manual {{
          %none = pto_system.task_invalid
          %t1, %k1 = pto_orch.submit @inc(in %a, out %t) deps(%none{deps} : !pto_orch.task_id{', !pto_orch.task_id' if deps else ''}) : {TT}
          %o1, %k2 = pto_orch.submit @inc(in %t1, out %o) deps(%k1{deps} : !pto_orch.task_id{', !pto_orch.task_id' if deps else ''}) : {TT}
          pto_rt.yield
        }}
        pto_rt.yield
      }}
    }}
    {later}
    pto_rt.yield
  }}"""


UNRETAINED = ("but nothing that retains %t waits for this task, so the memory may be reused "
              "while it runs once the scope that allocated it (at t.mlir:9:7) has ended: list "
              "the allocation's TaskId in the task's deps, or allocate the buffer in a scope "
              "that outlives the task")


def test_manual_tasks_without_the_retain_edge_may_outlive_their_buffer() -> None:
    # the allocation of iteration i+1 may take %t's memory while iteration i's tasks run;
    # the last iteration's tasks are followed by no allocation of that ring
    _, faults = run(_manual("", ""))
    want = []
    for it in range(2):
        fill, use = 3 * it + 1, 3 * it + 2
        want += [
            f"t.mlir:16:11: error: 'pto_orch.submit' op use after free: task {fill} (@inc) "
            f"touches %t {UNRETAINED}",
            f"t.mlir:17:11: error: 'pto_orch.submit' op use after free: task {use} (@inc) "
            f"touches %t {UNRETAINED}",
        ]
    assert faults == want


def test_manual_tasks_listing_the_allocation_keep_their_buffer() -> None:
    r, faults = run(_manual(", %al", ""))
    assert faults == []
    assert r.use_after_free() == []


def test_a_later_allocation_in_another_ring_reuses_nothing() -> None:
    # %t lives in ring 2 (depth 2); the allocation after the loop is in ring 1
    _, faults = run(_manual("", f"%u = pto_tensor.create : {T}\n    %u1 = pto_orch.call @inc(in %a, out %u) : {TT}"))
    assert len(faults) == 4  # the same four as without it: the last iteration stays clean


def test_a_manual_writer_that_an_auto_holder_waits_for_is_kept() -> None:
    # the manual task writes %t without retaining it; the auto task after the manual scope,
    # in the scope that allocated %t, retains it (creator edge) and waits for the writer
    r, faults = run(f"""
  scf.for %i = %c0 to %c3 step %c1 {{
    pto_rt.scope auto {{
      {ALLOC}
      %k = pto_rt.scope manual -> (!pto_orch.task_id) {{
        %none = pto_system.task_invalid
        %t1, %k1 = pto_orch.submit @inc(in %a, out %t) deps(%none : !pto_orch.task_id) : {TT}
        pto_rt.yield %k1 : !pto_orch.task_id
      }}
      %o1, %k2 = pto_orch.submit @inc(in %t, out %o) deps(%k : !pto_orch.task_id) : {TT}
      pto_rt.yield
    }}
  }}""")
    assert faults == []
    assert r.use_after_free() == []


def _example_kernels() -> dict:
    ns: dict = {}
    exec((ROOT / "examples" / "kernels.py").read_text(), ns)  # runs our own examples file
    return {k: v for k, v in ns.items() if callable(v) and not k.startswith("_")}


EXAMPLE_ARGS = {"dynamic_dim": {"x": np.ones((48, 16), np.float32),
                               "y": np.zeros((48, 16), np.float32)}}


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.mlir")), ids=lambda p: p.stem)
def test_the_examples_report_nothing(path: Path) -> None:
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    Pto2Pipeline().apply(ctx, module)
    (f,) = [op for op in module.walk() if is_orchestration(op)]
    args: dict = dict(EXAMPLE_ARGS.get(path.stem, {}))
    for arg in f.body.block.args:
        name, t = arg.name_hint, arg.type
        if name in args:
            continue
        if hasattr(t, "get_shape"):
            args[name] = np.ones([d if d >= 0 else 16 for d in t.get_shape()], np.float32)
        else:
            args[name] = 1 if "i" in str(t) else 0.5
    result = run_function(module, f.sym_name.data, args, _example_kernels())
    assert find_use_after_free(result.graph) == []
    assert result.faults() == []
    assert result.graph.kernel_tasks()


def test_pypto_run_reports_a_use_after_free_and_exits_1(tmp_path: Path) -> None:
    prog = tmp_path / "carry.mlir"
    prog.write_text(HEAD + f"""
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> ({T}) {{
    %y = pto_rt.scope auto -> ({T}) {{
      %t = pto_tensor.create : {T}
      %t1 = pto_orch.call @inc(in %x, out %t) : {TT}
      pto_rt.yield %t1 : {T}
    }}
    scf.yield %y : {T}
  }}
  func.return
}}
""")
    (tmp_path / "k.py").write_text("def inc(x, o):\n    return x + 1\n")
    np.save(tmp_path / "a.npy", np.zeros(16, np.float32))
    res = subprocess.run(
        [sys.executable, "-m", "pypto_dialects.tools.pypto_run", str(prog), "--kernels",
         str(tmp_path / "k.py"), "--arg", f"a={tmp_path / 'a.npy'}", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, check=False)
    assert res.returncode == 1
    assert res.stdout == "@f: 3 tasks, 7 edges, 3 scopes, 0 races, 2 uses after free\n"
    lines = res.stderr.splitlines()
    assert len(lines) == 2
    assert all(": error: 'pto_orch.call' op use after free: " in x for x in lines)
    dot = (tmp_path / "out" / "task_graph.dot").read_text()
    assert 'xlabel="use after free %t"' in dot


def test_a_host_read_before_its_scope_ends_is_not_late() -> None:
    # the read is the last op of the scope that allocated %t (after its last task): the
    # scope has not ended yet (a review found this reported as a use after free)
    r, faults = run(f"""
  %v = pto_rt.scope auto -> (f32) {{
    %t = pto_tensor.create : {T}
    %t1 = pto_orch.call @inc(in %a, out %t) : {TT}
    %x = pto_tensor.read %t1[%c0] : {T} -> f32
    pto_rt.yield %x : f32
  }}""")
    assert faults == []
    assert r.faults() == []


RT_OUT = (
    "pto_orch.kernel @produce aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>\n"
    "pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>\n"
    "func.func @f(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, "
    "%p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {\n"
    "  pto_rt.scope manual {\n"
    "    %x, %t0 = pto_orch.submit @produce(%a) : (tensor<16xf32>) -> tensor<16xf32>\n"
    "    %o1, %t1 = pto_orch.submit @inc(%x, %o) deps(%t0 : !pto_orch.task_id) : "
    "(tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"
    "  }\n"
    "  pto_rt.scope auto {\n"
    "    %y = pto_tensor.create : tensor<16xf32>\n"
    "    %p1 = pto_orch.call @inc(in %a, out %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"
    "  }\n"
    "  func.return\n}\n"
)


def test_a_runtime_output_of_a_manual_task_is_owned_by_it() -> None:
    # the producer owns %x (API: an OUTPUT's owner is its task, in any scope) and the reader
    # lists the producer's TaskId: nothing is freed early, though a later allocation follows
    module = parse_module(make_context(), RT_OUT, "t.mlir")
    result = run_function(module, "f", {"a": np.zeros(16, np.float32)},
                          {"produce": lambda a, x: a, "inc": inc})
    assert result.graph.buffers[3].creator == 0  # %x: a, o, p are buffers 0-2
    assert result.use_after_free() == []
    assert result.faults() == []


def test_a_host_read_of_a_manual_dep_buffer_races() -> None:
    # the write of a manual_dep tensor is not recorded, so get_tensor_data does not wait for it
    module = parse_module(make_context(), HEAD + f"""
  %t = pto_tensor.create manual_dep : {T}
  %t1 = pto_orch.call @inc(in %a, out %t) : {TT}
  %v = pto_tensor.read %t1[%c0] : {T} -> f32
  func.return
}}
""", "t.mlir")
    result = run_function(module, "f", {"a": np.zeros(16, np.float32)}, {"inc": inc})
    assert [r.kind for r in result.host_races()] == ["RAW"]
    assert "the host reads %t[0:1], written by task 1 (@inc)" in result.host_races()[0].diagnostic()
