"""The `pypto-run` command (tools/pypto_run.py), in process: outputs, the task graph as JSON
and DOT, races as located lines with exit status 1, bad command lines with exit status 2.
Usage: docs/interpreter.md."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from opt_runner import EXAMPLES, OptResult, run_main
from pypto_dialects.tools.pypto_run import main

KERNELS = str(EXAMPLES / "kernels.py")


def run_cli(args: list[str]) -> OptResult:
    return run_main(main, args)


def test_orch_basic_outputs_and_graph(tmp_path: Path) -> None:
    a = np.arange(256, dtype=np.float32).reshape(16, 16)
    b = np.full((16, 16), 2, np.float32)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    out = tmp_path / "out"
    res = run_cli([
        EXAMPLES / "orch_basic.mlir", "-p", "pto2-pipeline", "--kernels", KERNELS,
        "--arg", f"a={tmp_path / 'a.npy'}", "--arg", f"b={tmp_path / 'b.npy'}", "--out", out,
    ])
    assert res.status == 0, res.err
    assert res.out == "@orch_basic: 2 tasks, 3 edges, 1 scopes, 0 races, 0 uses after free\n"
    assert res.err == ""
    np.testing.assert_array_equal(np.load(out / "d.npy"), a + 2 * b)
    doc = json.loads((out / "task_graph.json").read_text())
    assert sorted((e["pred"], e["succ"], e["source"]) for e in doc["edges"]) == [
        (0, 1, "creator"), (0, 2, "creator"), (1, 2, "tensormap"),
    ]
    assert [t["name"] for t in doc["tasks"]] == ["alloc %c", "@kernel_add", "@kernel_add"]
    assert doc["tasks"][2]["args"][0] == {
        "slot": 0, "param": 0, "direction": "in", "type": "INPUT", "reads": True,
        "writes": False, "region": "%c", "buffer": 3, "start_offset": 0, "shape": [16, 16],
        "strides": [16, 1],
    }
    assert doc["scopes"] == [
        {"id": 0, "mode": "auto", "parent": None, "location": doc["scopes"][0]["location"],
         "compiler_owned": False}
    ]
    assert doc["races"] == []
    dot = (out / "task_graph.dot").read_text()
    assert dot.startswith("digraph tasks {")
    assert "subgraph cluster_s0 {" in dot
    assert 't1 -> t2 [color="#1f77b4", label="arg 0"];' in dot
    assert 't0 -> t1 [color="#9a9a9a", style=dashed, label="arg 2"];' in dot


def test_scalar_args_and_default_function(tmp_path: Path) -> None:
    x = np.ones((16, 16), np.float32) * 3
    np.save(tmp_path / "x.npy", x)
    res = run_cli([
        EXAMPLES / "if_else.mlir", "--kernels", KERNELS, "--arg", f"x={tmp_path / 'x.npy'}",
        "--arg", "mode=1", "--out", tmp_path,
    ])
    assert res.status == 0, res.err
    np.testing.assert_array_equal(np.load(tmp_path / "y.npy"), x * x)


RACY = """
pto_orch.kernel @copy aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @racy(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %b1, %t0 = pto_orch.submit @copy(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %c1, %t1 = pto_orch.submit @copy(in %b1, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}
"""


def test_races_exit_1(tmp_path: Path) -> None:
    src = tmp_path / "racy.mlir"
    src.write_text(RACY)
    kernels = tmp_path / "k.py"
    kernels.write_text("KERNELS = {'copy': lambda x, o: x + 1}\n")
    np.save(tmp_path / "a.npy", np.zeros(4, np.float32))
    res = run_cli([src, "-p", "pto2-pipeline", "--func", "racy", "--kernels", kernels,
                   "--arg", f"a={tmp_path / 'a.npy'}", "--out", tmp_path / "o"])
    assert res.status == 1
    assert res.out == "@racy: 2 tasks, 0 edges, 2 scopes, 1 races, 0 uses after free\n"
    assert res.err == (
        f"{src}:6:5: error: 'pto_orch.submit' op RAW race on %b: task 1 (@copy) reads %b, "
        f"written by task 0 (@copy) at {src}:5:5 (%b), and no dependency edge orders the two "
        "tasks\n"
    )
    doc = json.loads((tmp_path / "o" / "task_graph.json").read_text())
    assert [(r["kind"], r["first"], r["second"]) for r in doc["races"]] == [("RAW", 0, 1)]
    assert "label=\"RAW %b\"" in (tmp_path / "o" / "task_graph.dot").read_text()


def test_errors() -> None:
    ex = EXAMPLES / "orch_basic.mlir"
    res = run_cli([ex, "--arg", "a"])
    assert (res.status, res.err) == (
        2, "pypto-run: error: --arg 'a': write NAME=FILE.npy or NAME=NUMBER\n"
    )
    res = run_cli([ex, "--arg", "a=1", "--arg", "b=2"])
    assert res.status == 2
    assert res.err.startswith("pypto-run: error: @orch_basic: argument 'a' has shape ()")
    res = run_cli([ex, "--args", "1"])
    assert res.status == 2
    assert "--arg NAME=FILE.npy" in res.err
    res = run_cli([ex, "-p", "no-such-pass"])
    assert res.status == 2
    assert res.err.startswith("pypto-run: error: ")
    res = run_cli([ex, "--func", "nope"])
    assert res.status == 2
    assert "no function @nope in the module (functions: @orch_basic)" in res.err


def test_an_unreadable_npy_argument_is_a_usage_error(tmp_path: Path) -> None:
    ex = EXAMPLES / "orch_basic.mlir"
    missing = tmp_path / "missing.npy"
    res = run_cli([ex, "--kernels", KERNELS, "--arg", f"a={missing}"])
    assert (res.status, res.out, res.err) == (2, "", (
        f"pypto-run: error: --arg 'a={missing}': cannot read '{missing}': "
        "No such file or directory\n"
    ))
    garbage = tmp_path / "garbage.npy"
    garbage.write_text("not an array\n")
    res = run_cli([ex, "--kernels", KERNELS, "--arg", f"a={garbage}"])
    assert (res.status, res.out, res.err) == (2, "", (
        f"pypto-run: error: --arg 'a={garbage}': '{garbage}' is not a numpy .npy file "
        "of numbers\n"
    ))
    objects = tmp_path / "objects.npy"
    np.save(objects, np.array([{"x": 1}], dtype=object), allow_pickle=True)
    res = run_cli([ex, "--kernels", KERNELS, "--arg", f"a={objects}"])
    assert res.status == 2
    assert res.err.endswith("is not a numpy .npy file of numbers\n")


def test_missing_kernel_is_located(tmp_path: Path) -> None:
    np.save(tmp_path / "a.npy", np.zeros((16, 16), np.float32))
    ex = EXAMPLES / "orch_basic.mlir"
    res = run_cli([ex, "--arg", f"a={tmp_path / 'a.npy'}", "--arg", f"b={tmp_path / 'a.npy'}"])
    assert res.status == 1
    assert res.err == (
        f"{ex}:10:3: error: 'pto_orch.call' op kernel @kernel_add has no Python "
        "implementation: pass one under the name 'kernel_add' in the kernels mapping\n"
    )


def test_bad_ir_is_one_located_line(tmp_path: Path) -> None:
    src = tmp_path / "bad.mlir"
    src.write_text("func.func @f() {\n  %x = pto_tensor.create : i32\n  func.return\n}\n")
    res = run_cli([src])
    assert res.status == 1
    assert res.err.startswith(f"{src}:2:")
    assert len(res.err.splitlines()) == 1
    assert "Traceback" not in res.err


def test_a_kernels_file_that_does_not_import_is_a_located_user_error(tmp_path: Path) -> None:
    bad = tmp_path / "k.py"
    bad.write_text("syntax error here\n")
    res = run_cli([EXAMPLES / "orch_basic.mlir", "-p", "pto2-pipeline", "--kernels", bad])
    assert (res.status, res.out) == (1, "")
    assert res.err == f"{bad}:1:8: error: invalid syntax (in the --kernels file)\n"
    bad.write_text("import a_module_that_does_not_exist\n")
    res = run_cli([EXAMPLES / "orch_basic.mlir", "-p", "pto2-pipeline", "--kernels", bad])
    assert (res.status, res.out) == (1, "")
    assert res.err == (
        f"{bad}: error: importing the --kernels file raised ModuleNotFoundError: No module "
        "named 'a_module_that_does_not_exist'\n"
    )
