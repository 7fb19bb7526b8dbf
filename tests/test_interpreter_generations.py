"""The runtime behaviours that differ between the two API generations, as switches of the
interpreter (`run_function(..., api=...)`, `pypto-run --api`; graph.RuntimeBehaviour;
docs/runtime-api.md 3.2 and 3.8): one program per switch, with its exact edges and report in
each generation.

- tensor-map edges retain their producer in the seed, only wait in the current generation, so
  `set_tensor_data` (which waits for the consumers that hold a producer) no longer waits for a
  reader that is ordered after the writer by the tensor map alone;
- `set_tensor_data` after the producer's scope has ended: the seed may stop waiting one
  consumer early (none is counted on), the current generation waits for every holder;
- a creator edge to a producer that may already be consumed (its buffer's scope has ended) is
  added by the seed and dropped by the current generation.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_host_races import HEAD, KERNELS, WAIT, T  # the same program head and kernels

from opt_runner import run_main
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.graph import BEHAVIOURS, runtime_behaviour
from pypto_dialects.interpreter.run import RunResult
from pypto_dialects.parsing import parse_module
from pypto_dialects.tools.pypto_run import main as pypto_run

# the tensor map alone orders the reader after the writer; then the host writes
TENSORMAP_READER = f"""
  %y1 = pto_orch.call @bump(inout %y) : ({T}) -> {T}
  %z1 = pto_orch.call @peek(in %y1, out %z) : ({T}, {T}) -> {T}
  %y2 = pto_tensor.write %one, %y1[%c0] : f32, {T}"""

# the reader holds the writer through an explicit edge; the writer's scope ends before the
# host write
ENDED_SCOPE = f"""
  pto_rt.scope auto {{
    %y1, %tb = pto_orch.submit @bump(inout %y) : ({T}) -> {T}
    pto_rt.scope manual {{
      %z1, %tp = pto_orch.submit @peek(in %y1, out %z) deps(%tb : !pto_orch.task_id) : ({T}, {T}) -> {T}
      pto_rt.yield
    }}
    pto_rt.yield
  }}
  %y2 = pto_tensor.write %one, %y[%c0] : f32, {T}"""

# a buffer used after the scope that allocated it ended
DEAD_CREATOR = f"""
  %r = pto_rt.scope auto -> ({T}) {{
    %t = pto_tensor.create : {T}
    %t1 = pto_orch.call @peek(in %y, out %t) : ({T}, {T}) -> {T}
    pto_rt.yield %t1 : {T}
  }}
  %z1 = pto_orch.call @peek(in %r, out %z) : ({T}, {T}) -> {T}"""


def run(body: str, api: str) -> RunResult:
    text = HEAD + body + "\n  func.return\n}\n"
    module = parse_module(make_context(), text, "h.mlir")
    return run_function(module, "f", {"y": np.zeros(16, np.float32)}, KERNELS, api)


def test_the_switches() -> None:
    assert set(BEHAVIOURS) == {"seed", "current"}
    assert runtime_behaviour() is BEHAVIOURS["seed"]
    seed, current = BEHAVIOURS["seed"], BEHAVIOURS["current"]
    assert (seed.tensormap_edges_retain, seed.host_write_waits_all_holders,
            seed.drops_dead_creators) == (True, False, False)
    assert (current.tensormap_edges_retain, current.host_write_waits_all_holders,
            current.drops_dead_creators) == (False, True, True)
    with pytest.raises(ValueError, match="unknown PTO2 API generation 'next'"):
        run(TENSORMAP_READER, "next")


def test_tensormap_edges_retain_in_the_seed_and_only_wait_in_current() -> None:
    seed, current = run(TENSORMAP_READER, "seed"), run(TENSORMAP_READER, "current")
    assert seed.graph.edge_set() == current.graph.edge_set() == {(0, 1, "tensormap")}
    assert [e.retains for e in seed.graph.edges] == [True]
    assert [e.retains for e in current.graph.edges] == [False]
    assert [e.to_json() for e in current.graph.edges] == [
        {"pred": 0, "succ": 1, "source": "tensormap", "arg": 0, "overlap": "covered",
         "retains": False}]
    assert "retains" not in seed.graph.edges[0].to_json()
    # set_tensor_data waits for the writer's holders: the reader is one in the seed only
    assert seed.graph.host_accesses[0].waits == {0, 1}
    assert current.graph.host_accesses[0].waits == {0}
    assert [r.diagnostic() for r in seed.host_races()] == []
    assert [r.diagnostic() for r in current.host_races()] == [
        "h.mlir:9:3: error: 'pto_tensor.write' op WAR race on %y: the host writes %y[0:1], "
        f"read by task 1 (@peek) at h.mlir:8:3 (%y), {WAIT}"
    ]


def test_a_merged_creator_edge_retains_in_current() -> None:
    # the writer of %y also made the buffer the reader uses: the reader's one edge to it is a
    # tensor-map and a creator edge at once, so it retains
    body = f"""
  %t = pto_tensor.create : {T}
  %y1 = pto_orch.call @bump(inout %y) : ({T}) -> {T}
  %z1 = pto_orch.call @peek(in %y1, out %z) : ({T}, {T}) -> {T}"""
    current = run(body, "current")
    assert {(e.pred, e.succ, e.origin, e.retains) for e in current.graph.edges} == {
        (1, 2, "tensormap", False)}
    alloc_user = f"""
  %t = pto_tensor.create : {T}
  %t1 = pto_orch.call @peek(in %y, out %t) : ({T}, {T}) -> {T}
  %t2 = pto_orch.call @bump(inout %t1) : ({T}) -> {T}"""
    current = run(alloc_user, "current")
    assert {(e.pred, e.succ, e.origin, e.retains) for e in current.graph.edges} == {
        (0, 1, "creator", True), (0, 2, "creator", True), (1, 2, "tensormap", False)}


def test_a_host_write_after_the_producers_scope_ended() -> None:
    seed, current = run(ENDED_SCOPE, "seed"), run(ENDED_SCOPE, "current")
    assert seed.graph.edge_set() == current.graph.edge_set() == {(0, 1, "explicit")}
    # the seed may stop waiting one consumer once the producer's scope has ended
    assert seed.graph.host_accesses[0].waits == {0}
    assert [r.diagnostic() for r in seed.host_races()] == [
        "h.mlir:15:3: error: 'pto_tensor.write' op WAR race on %y: the host writes %y[0:1], "
        f"read by task 1 (@peek) at h.mlir:10:7 (%y), {WAIT}"
    ]
    # the current generation waits for every consumer that holds it
    assert current.graph.host_accesses[0].waits == {0, 1}
    assert current.host_races() == []


def test_a_creator_edge_to_a_producer_that_may_be_consumed() -> None:
    seed, current = run(DEAD_CREATOR, "seed"), run(DEAD_CREATOR, "current")
    assert seed.graph.edge_set() == {
        (0, 1, "creator"), (0, 2, "creator"), (1, 2, "tensormap")}
    assert current.graph.edge_set() == {(0, 1, "creator"), (1, 2, "tensormap")}
    # a use after the scope ended either way (the lifetime report does not count on the edge)
    for result in (seed, current):
        assert [(f.task.id if f.task else None, f.late) for f in result.use_after_free()] == [
            (2, True)]


def test_pypto_run_takes_the_generation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "h.mlir"
    src.write_text(HEAD + TENSORMAP_READER + "\n  func.return\n}\n")
    kernels = tmp_path / "k.py"
    kernels.write_text("import numpy as np\n"
                       "def peek(y, z):\n    return y + np.float32(1)\n"
                       "def bump(y):\n    return y + np.float32(1)\n")
    np.save(tmp_path / "y.npy", np.zeros(16, np.float32))
    common = [src, "--kernels", kernels, "--arg", f"y={tmp_path / 'y.npy'}"]
    seed = run_main(pypto_run, [*common, "--out", tmp_path / "seed"])
    assert (seed.status, seed.err) == (0, "")
    current = run_main(pypto_run, [*common, "--api", "current", "--out", tmp_path / "cur"])
    assert current.status == 1
    assert current.err.startswith(f"{src}:9:3: error: 'pto_tensor.write' op WAR race on %y")
    edges = json.loads((tmp_path / "cur" / "task_graph.json").read_text())["edges"]
    assert [e.get("retains") for e in edges] == [False]
    bad = run_main(pypto_run, [*common, "--api", "next"])
    assert bad.status == 2
    assert bad.err.strip() == ("pypto-run: error: argument --api: invalid choice: 'next' "
                               "(choose from 'seed', 'current') (see pypto-run --help)")
