"""Querying a task graph (issue 26, item 3; docs/interpreter.md "Querying the task graph"):
`pypto-run --explain TASK` / `--path FROM TO` after a run, `pypto-graph` on a saved
task_graph.json, and the self-contained task_graph.html."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from opt_runner import EXAMPLES, run_main
from pypto_dialects.interpreter.explain import GraphQueryError, explain, graph_html, path
from pypto_dialects.tools import pypto_graph, pypto_run

KERNELS = str(EXAMPLES / "kernels.py")
ORCH_BASIC = str(EXAMPLES / "orch_basic.mlir")


@pytest.fixture
def orch_basic_run(tmp_path: Path) -> tuple[Path, list[str]]:
    for name in "abd":
        np.save(tmp_path / f"{name}.npy", np.ones((16, 16), np.float32))
    args = [ORCH_BASIC, "-p", "pto2-pipeline", "--kernels", KERNELS,
            *[f"--arg={n}={tmp_path / (n + '.npy')}" for n in "abd"]]
    return tmp_path, args


EXPLAIN_2 = f"""\
task #2 @kernel_add (pto_orch.call) at {ORCH_BASIC}:11:3, scope 0 (auto)
  slot 0 (in %c, buffer %c)
  slot 1 (in %b, buffer %b)
  slot 2 (out %d, buffer %d)
  waits for 2 tasks:
    #0 alloc %c at {ORCH_BASIC}:9:3
      creator: slot 0 (in %c, buffer %c), a buffer #0 allocated
    #1 @kernel_add at {ORCH_BASIC}:10:3
      tensormap: slot 0 (in %c, buffer %c) meets what #1 wrote as out %c (overlap covered)
  waited for by 0 tasks"""


def test_pypto_run_explains_a_task_and_the_path_to_it(orch_basic_run) -> None:  # type: ignore[no-untyped-def]
    _, args = orch_basic_run
    res = run_main(pypto_run.main, [*args, "--explain", "2", "--path", "1", "2", "--path", "2", "1"])
    assert res.status == 0, res.err
    summary, rest = res.out.split("\n", 1)
    assert summary == "@orch_basic: 2 tasks, 3 edges, 1 scopes, 0 races, 0 uses after free"
    assert rest == EXPLAIN_2 + f"""
#2 waits for #1 through 1 edge:
  #1 @kernel_add at {ORCH_BASIC}:10:3
    -> #2: tensormap: slot 0 (in %c, buffer %c) meets what #1 wrote as out %c (overlap covered)
  #2 @kernel_add at {ORCH_BASIC}:11:3
no path: #1 does not wait for #2, directly or through other tasks (the runtime does not order them)
"""


def test_pypto_graph_answers_the_same_from_the_saved_json(orch_basic_run) -> None:  # type: ignore[no-untyped-def]
    tmp_path, args = orch_basic_run
    out = tmp_path / "out"
    assert run_main(pypto_run.main, [*args, "--out", out]).status == 0
    res = run_main(pypto_graph.main, [out / "task_graph.json", "--explain", "2"])
    assert res.status == 0, res.err
    assert res.out == EXPLAIN_2 + "\n"


def test_a_path_through_several_edges_lists_each(tmp_path: Path) -> None:
    doc = {
        "tasks": [
            {"id": i, "name": f"@k{i}", "op": "pto_orch.submit", "location": f"f.mlir:{i}:1",
             "scope": 0, "args": [], "explicit_deps": [i - 1] if i else []}
            for i in range(4)
        ],
        "edges": [{"pred": i, "succ": i + 1, "source": "explicit", "arg": -1}
                  for i in range(3)],
        "buffers": [], "scopes": [{"id": 0, "mode": "manual"}],
    }
    assert path(doc, 0, 3) == "\n".join([
        "#3 waits for #0 through 3 edges:",
        "  #0 @k0 at f.mlir:0:1", "    -> #1: explicit: listed in the task's deps",
        "  #1 @k1 at f.mlir:1:1", "    -> #2: explicit: listed in the task's deps",
        "  #2 @k2 at f.mlir:2:1", "    -> #3: explicit: listed in the task's deps",
        "  #3 @k3 at f.mlir:3:1",
    ])
    assert explain(doc, 0).endswith("waits for 0 tasks\n  waited for by 1 task: #1")
    with pytest.raises(GraphQueryError, match=r"no task #4 in the graph: its tasks are #0\.\.#3"):
        explain(doc, 4)


def test_the_html_view_is_one_self_contained_page(orch_basic_run) -> None:  # type: ignore[no-untyped-def]
    tmp_path, args = orch_basic_run
    out = tmp_path / "out"
    assert run_main(pypto_run.main, [*args, "--out", out]).status == 0
    page = (out / "task_graph.html").read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"(src|href)=\"(https?:|//)", page)  # nothing fetched
    assert "<link" not in page
    assert [f"t{i}" for i in range(3)] == re.findall(r'<tr id="(t\d+)"', page)
    assert '<a class="tensormap" href="#t1">#1</a>' in page
    assert "function filterRows" in page
    doc = json.loads((out / "task_graph.json").read_text())
    assert graph_html(doc, "@orch_basic") == page


def test_pypto_graph_errors(tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text(json.dumps({"tasks": [], "edges": []}))
    res = run_main(pypto_graph.main, [tmp_path / "g.json", "--explain", "0"])
    assert (res.status, res.err) == (1, "pypto-graph: error: no task #0: the graph has no tasks")
    res = run_main(pypto_graph.main, [tmp_path / "missing.json", "--explain", "0"])
    assert res.status == 1
    assert res.err.startswith("pypto-graph: error: No such file or directory: ")
    (tmp_path / "bad.json").write_text("[1, 2]")
    res = run_main(pypto_graph.main, [tmp_path / "bad.json", "--explain", "0"])
    assert res.err.endswith("bad.json is not a task graph (no 'tasks' list)")
    res = run_main(pypto_graph.main, [tmp_path / "g.json"])
    assert res.status == 2
    assert "nothing to do" in res.err


def test_pypto_run_explain_of_an_unknown_task_is_a_usage_error(orch_basic_run) -> None:  # type: ignore[no-untyped-def]
    _, args = orch_basic_run
    res = run_main(pypto_run.main, [*args, "--explain", "7"])
    assert res.status == 2
    assert res.err == "pypto-run: error: no task #7 in the graph: its tasks are #0..#2\n"
