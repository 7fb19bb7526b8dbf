"""Wait-only explicit edges: `-t 'pto2-cpp{api=current wait-only-edges=true}'`
(docs/targets/pto2-cpp.md#wait-only-edges, pypto_dialects/analysis/wait_only_edges.py) and the
interpreter's model of them (`run_function(..., api="current", wait_only_edges=True)`).

The rule: an edge on a TaskId that names only tasks creating no buffer is `DEP_WAIT` (ordering,
no reference); one that may name an allocation batch or a task with a runtime-allocated output
keeps `DEP_WAIT | DEP_RETAIN`. Tested here: the rule on each kind of producer, the option's
errors, every file of the suite with the option compiling against the current model (and not
against the seed's), exact edges, kinds and outputs in the interpreter, the model's strictness
(a wait-only edge keeps nothing alive and is not waited for by a host write), the C++ run
natively with the recording runtime listing each entry's kind, and the bench's counts.
(support.execution also runs every execution program with the option: same edges, same
outputs, no fault.)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from xdsl.ir import SSAValue

from opt_runner import run_main
from pypto_dialects.analysis.wait_only_edges import WaitOnlyEdges
from pypto_dialects.attrs import is_task_id_like
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.graph import Runtime, TaskArg, TensorValue, runtime_behaviour
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.tools.pypto_run import main as pypto_run
from support import model_header
from support.execution import (
    ADD,
    COPY,
    EXAMPLES,
    INC,
    LOWERING,
    MUL,
    PRINTER_TESTS,
    PROGRAMS,
    all_inputs,
    edges,
    execute,
    generate,
    generate_files,
    interpret,
    lowered,
    rand,
    relative_faults,
    zeros,
)

WAITS = PRINTER_TESTS / "wait_only_edges.mlir"
MANUAL = EXAMPLES / "manual_submit.mlir"


def _values(path: Path) -> dict[str, SSAValue]:
    module = lowered(path, LOWERING)
    out: dict[str, SSAValue] = {}
    for op in module.walk():
        for v in [*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)]:
            if is_task_id_like(v.type) and v.name_hint:
                out.setdefault(v.name_hint, v)
    return out


def test_the_rule_on_each_kind_of_producer() -> None:
    values = _values(WAITS)
    decide = WaitOnlyEdges()
    got = {name: decide.wait_only(v) for name, v in values.items()}
    assert got == {
        "none": False,   # task_invalid names no task: never an edge
        "t0": True,      # writes %tmp, an allocation's buffer: creates nothing
        "t1": False,     # leaves its out to the runtime: creates %y
        "t2": True,
        "arr": False,    # a fresh array: every slot invalid
        "arr1": True,    # t2 in a slot
        "b": True,       # a dummy barrier
        "prev": True,    # invalid or the loop's own submit
        "t": True,
        "last": True,
        "alloc": False,  # the allocation batch's TaskId (add-retain-edges' retain edges)
    }


IF_MIX = """
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @f(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %x, %alloc = pto_tensor.alloc_tensors {
      %0 = pto_tensor.create : tensor<16xf32>
      pto_tensor.yield %0 : tensor<16xf32>
    } : tensor<16xf32>
    %y, %t = pto_orch.submit @k(in %a, out %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %either = scf.if %c -> (!pto_orch.task_id) {
      scf.yield %alloc : !pto_orch.task_id
    } else {
      scf.yield %t : !pto_orch.task_id
    }
    %z, %u = pto_orch.submit @k(in %a, out %o) deps(%either, %t : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
"""


def test_a_value_that_may_name_an_allocation_keeps_retaining() -> None:
    module = parse_module(make_context(), IF_MIX, "if_mix.mlir")
    named = {v.name_hint: v for op in module.walk() for v in op.results if v.name_hint}
    decide = WaitOnlyEdges()
    assert (decide.wait_only(named["either"]), decide.wait_only(named["t"]),
            decide.wait_only(named["alloc"])) == (False, True, False)


SEED_ERROR = ("wait-only-edges=true needs api=current: the seed runtime API (simpler b7d04b45e) "
              "has no edge kinds (DepFlags, set_dependencies_with_kinds); every explicit edge "
              "there waits and retains")


def test_the_seed_generation_refuses_the_option(tmp_path: Path) -> None:
    module = lowered(MANUAL, True)
    with pytest.raises(ValueError, match="needs api=current") as err:
        generate_module(module, wait_only_edges=True)
    assert str(err.value) == SEED_ERROR
    with pytest.raises(ValueError, match="need the current API generation") as err:
        run_function(module, "manual_submit", [np.ones((16, 16), np.float32)] * 3,
                     {"kernel_add": ADD.py, "kernel_mul": MUL.py}, "seed", True)
    assert str(err.value) == ("wait-only edges need the current API generation: the seed "
                              "runtime has no edge kinds (every explicit edge waits and retains)")
    np.save(tmp_path / "a.npy", np.ones((16, 16), np.float32))
    args = [MANUAL, "-p", "pto2-pipeline", "--kernels", EXAMPLES / "kernels.py",
            "--arg", f"a={tmp_path / 'a.npy'}", "--arg", f"b={tmp_path / 'a.npy'}",
            "--wait-only-edges"]
    bad = run_main(pypto_run, args)
    assert (bad.status, bad.err.strip()) == (2, (
        "pypto-run: error: wait-only edges need the current API generation: the seed runtime "
        "has no edge kinds (every explicit edge waits and retains)"))
    good = run_main(pypto_run, [*args, "--api", "current", "--out", tmp_path / "out"])
    assert (good.status, good.err) == (0, "")
    assert good.out == "@manual_submit: 5 tasks, 9 edges, 2 scopes, 0 races, 0 uses after free\n"


def test_the_option_is_a_bool() -> None:
    """A string is no bool: "false" would be truthy, and turn the option on."""
    module = lowered(MANUAL, True)
    for api in ("seed", "current"):
        with pytest.raises(ValueError, match="takes True or False") as err:
            generate_module(module, api=api, wait_only_edges="false")  # type: ignore[arg-type]
        assert str(err.value) == "wait_only_edges takes True or False, not 'false'"
    with pytest.raises(ValueError, match="takes True or False") as err:
        run_function(module, "manual_submit", [np.ones((16, 16), np.float32)] * 3,
                     {"kernel_add": ADD.py, "kernel_mul": MUL.py}, "current",
                     "false")  # type: ignore[arg-type]
    assert str(err.value) == "wait_only_edges takes True or False, not 'false'"


@pytest.mark.parametrize("name", ["DepFlags", "DEP_WAIT", "DEP_RETAIN", "DEP_NONE"])
def test_values_named_after_the_edge_kinds_are_renamed(name: str) -> None:
    """The option's C++ names `DepFlags` and its enumerators: a value with one of those
    names is renamed in both generations (`left` of manual_submit here; it used to be kept,
    and the file did not compile)."""
    text = MANUAL.read_text()
    for tail in " ,)":
        text = text.replace(f"%left{tail}", f"%{name}{tail}")
    module = parse_module(make_context(), text, "renamed.mlir")
    for api, waits in (("seed", False), ("current", False), ("current", True)):
        code = generate_module(module.clone(), pto2_pipeline=True, api=api,
                               wait_only_edges=waits)["manual_submit"].code
        assert f"& {name}_ = alloc_0.get_ref(1);" in code, code
        res = model_header.compile_check(code, "renamed.cpp", generation=api)
        assert res.returncode == 0, res.stderr


def test_every_file_with_the_option_compiles_against_the_current_model_only() -> None:
    changed = 0
    inputs = [*all_inputs(), (WAITS, LOWERING)]
    for path, pipeline in inputs:
        plain = generate_files(path, pipeline, "current")
        waits = generate_files(path, pipeline, "current", wait_only_edges=True)
        assert plain.keys() == waits.keys()
        assert plain["kernel_config.json"] == waits["kernel_config.json"]
        for name, text in waits.items():
            if not name.endswith(".cpp") or text == plain[name]:
                continue
            changed += 1
            res = model_header.compile_check(text, Path(name).name, generation="current")
            assert res.returncode == 0, f"{path} -> {name}:\n{res.stderr}"
            assert "DEP_WAIT;" in text
    assert changed >= 20, changed
    (name, text), = ((n, t) for n, t in generate_files(WAITS, LOWERING, "current", True).items()
                     if n.endswith(".cpp"))
    res = model_header.compile_check(text, Path(name).name, generation="seed")
    assert "'DepFlags' was not declared in this scope" in res.stderr, res.stderr


def _wait_run(path: Path, kernels: dict, args: list, pipeline=True, function=None):  # type: ignore[no-untyped-def]
    module = lowered(path, pipeline)
    _, config = generate(path, function, pipeline)
    return interpret(module, config, kernels, args, api="current", wait_only_edges=True)


def test_manual_submit_edges_kinds_and_outputs() -> None:
    a, b = rand(16, 16), rand(16, 16)
    kernels = {"kernel_add": ADD, "kernel_mul": MUL}
    r = execute(MANUAL, kernels, [a, b, zeros(16, 16)])
    w = _wait_run(MANUAL, kernels, [a, b, zeros(16, 16)])
    want = (a + b) * a + (a + b) * b
    np.testing.assert_array_equal(r.outputs[2], want)
    np.testing.assert_array_equal(w.outputs[2], want)
    assert w.edges == r.edges == edges(
        "alloc0>t0 explicit", "alloc0>t1 explicit", "alloc0>t2 explicit", "alloc0>t4 explicit",
        "t0>t1 explicit", "t0>t2 explicit", "t1>t3 explicit", "t2>t3 explicit",
        "t3>t4 explicit")
    # every task -> task edge only waits (none of them creates a buffer); the allocation's
    # retain edges keep retaining
    assert w.wait_only == edges("t0>t1 explicit", "t0>t2 explicit", "t1>t3 explicit",
                                "t2>t3 explicit", "t3>t4 explicit")
    assert r.wait_only == set()
    assert not w.faults


def test_an_edge_to_a_task_that_created_the_buffer_keeps_retaining() -> None:
    a = rand(16)
    r = execute(WAITS, {"k": INC}, [a, zeros(16)], pipeline=LOWERING)
    w = _wait_run(WAITS, {"k": INC}, [a, zeros(16)], pipeline=LOWERING)
    np.testing.assert_array_equal(r.outputs[1], a + 1)  # the loop's two writes come last
    np.testing.assert_array_equal(w.outputs[1], a + 1)
    assert w.edges == r.edges == edges(
        "alloc0>t0 explicit", "alloc0>t1 explicit", "t0>t1 explicit", "t1>t2 explicit",
        "t0>t2 explicit", "t2>t3 explicit", "t3>t4 explicit", "t3>t5 explicit",
        "t4>t5 explicit")
    # t1 created %y (a runtime-allocated output), which t2 reads: t1 -> t2 retains
    assert w.wait_only == edges("t0>t1 explicit", "t0>t2 explicit", "t2>t3 explicit",
                                "t3>t4 explicit", "t3>t5 explicit", "t4>t5 explicit")
    assert not w.faults


def test_a_wait_only_edge_keeps_nothing_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: every explicit edge of the retain stress made wait-only (the retain edges
    to the allocations included, which the rule never does) reports the same uses after free
    as the program without its retain edges (tests/test_execution.py)."""
    x = rand(16, 16)
    path = PROGRAMS / "retain_stress.mlir"
    module = lowered(path, True)
    _, config = generate(path)
    kernels = {"fill": lambda x, k, o: x + np.float32(k), "copy": COPY}
    w = interpret(module, config, kernels, [x, zeros(128, 16)], api="current",
                  wait_only_edges=True)
    assert not w.faults
    assert len(w.wait_only) == 8
    monkeypatch.setattr(WaitOnlyEdges, "wait_only", lambda self, value: True)
    bad = interpret(module, config, kernels, [x, zeros(128, 16)], api="current",
                    wait_only_edges=True)
    assert bad.edges == w.edges
    assert bad.wait_only == bad.edges
    assert len(relative_faults(bad)) == 14
    assert all("use after free" in f and "nothing that retains %tmp waits for this task" in f
               for f in bad.faults)


def test_a_host_write_does_not_wait_for_a_wait_only_consumer() -> None:
    """set_tensor_data waits for the consumers that hold a producer (docs/runtime-api.md 3.8):
    one whose only edge to it is wait-only holds nothing, so it is not waited for."""
    for wait_only, want in (((), {0, 1}), ((0,), {0})):
        rt = Runtime(runtime_behaviour("current"))
        buf = rt.new_buffer("%x", (4,), np.zeros(4, np.float32), True, "x")
        whole = TensorValue.whole(buf)
        rt.submit("kernel", "@w", "op", "w", [TaskArg(0, 0, "output_existing", whole, False,
                                                       True)], [], [])
        rt.submit("kernel", "@r", "op", "r", [TaskArg(0, 0, "in", whole, True, False)], [],
                  [0], wait_only)
        rt.host_access("write", "pto_tensor.write", "h", whole, (0,))
        assert set(rt.graph.host_accesses[0].waits) == want
        assert [e.retains for e in rt.graph.edges if e.origin == "explicit"] == [not wait_only]


MAIN = """#include "pto_orchestration_api.h"
int main() {
    static float data[%(n)d][256];
    static ChipStorageTaskArgs storage;
%(tensors)s
    storage.num_tensors = %(n)d;
    static ChipTaskArgs args(storage);
    aicpu_orchestration_entry(args);
}
"""


def _native_deps(cpp: str, config: dict) -> list[tuple[str, list[tuple[int, str]]]]:
    """Run the C++ natively with the current model's recording runtime built with
    -DPTO2_RECORD_DEPS: per submitted task (allocations included), its kind and its explicit
    deps as (task number, kind)."""
    lines = []
    params = [p for p in config["params"] if p["kind"] == "tensor"]
    for i, p in enumerate(params):
        shape = ", ".join(str(d) for d in p["shape"])
        lines.append(f"    uint32_t shapes{i}[{len(p['shape'])}] = {{{shape}}};")
        lines.append(f"    storage.tensor_storage[{i}] = make_tensor_external(data[{i}], "
                     f"shapes{i}, {len(p['shape'])});")
    main = MAIN % {"n": len(params), "tensors": "\n".join(lines)}
    with tempfile.TemporaryDirectory(prefix="pto2_waits_") as tmp:
        for name, text in (("orch.cpp", cpp), ("main.cpp", main)):
            (Path(tmp) / name).write_text(text)
        inc = model_header.include_dir("current")
        built = subprocess.run(
            [model_header.CXX, *model_header.STRICT_FLAGS, "-DPTO2_RECORD_DEPS", f"-I{inc}",
             "orch.cpp", "main.cpp", str(model_header.record_runtime("current")), "-o", "a.out"],
            cwd=tmp, capture_output=True, text=True, check=False, env=model_header.compiler_env())
        assert built.returncode == 0, built.stderr
        out = subprocess.run([str(Path(tmp) / "a.out")], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    tasks = []
    for task, deps in zip(out[::2], out[1::2]):
        entries = [(int(n), k) for n, k in (d.split(":") for d in deps.split()[1:])]
        tasks.append((task.split()[1], entries))
    return tasks


@pytest.mark.parametrize(("path", "pipeline"), [(MANUAL, True), (WAITS, LOWERING),
                                                (EXAMPLES / "case1_manual_parallel.mlir", True)])
def test_the_cpp_lists_each_edge_with_the_interpreters_kind(path: Path, pipeline) -> None:  # type: ignore[no-untyped-def]
    module = lowered(path, pipeline)
    result = generate_module(module, api="current", wait_only_edges=True).results[0]
    _, config = generate(path, None, pipeline)
    kernels = {k["name"]: (lambda *a: None) for k in config["kernels"]}
    args = [np.zeros(p["shape"], np.float32) if p["kind"] == "tensor" else 0
            for p in config["params"]]
    graph = interpret(module, config, kernels, args, api="current",
                      wait_only_edges=True).result.graph
    native = _native_deps(result.code, config)
    assert [kind for kind, _ in native] == [
        "alloc" if t.kind == "alloc" else "dummy" if t.kind == "dummy" else "aiv"
        for t in graph.tasks]
    want = [sorted((e.pred, "wr" if e.retains else "w") for e in graph.edges
                   if e.succ == t.id and e.origin == "explicit") for t in graph.tasks]
    assert [sorted(deps) for _, deps in native] == want
    assert any(k == "w" for _, deps in native for _, k in deps)


def test_the_bench_counts_references_held() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ is not installed
    from bench.wait_only_edges import rows

    (row,) = rows("manual_submit", MANUAL.read_text(), False)
    assert row == {"program": "manual_submit", "analyze": False, "tasks": 5, "edges": 9,
                   "explicit": 9, "retain_seed": 9, "retain_current": 9,
                   "retain_wait_only": 4, "made_wait_only": 5}
