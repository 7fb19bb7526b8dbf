"""Execution check of the pto2-cpp target (DESIGN.md section 7, issue 6): the C++ the target
emits is compiled with the recording runtime (tests/support/recorder.py) under ASan + UBSan,
its entry point runs on concrete tensors and scalars, and the recorded task graph is compared
with the graph the program means: which kernels ran how often, each task's argument
directions, buffers and scalars, its exact dependency TaskIds, the scope nesting, and the
hazards the recorder finds (unretained allocations, unordered accesses, duplicate deps).

`run_orchestration` raises when the run records a runtime error, so every test here also
checks that no invalid TaskId reached `set_dependencies` (the recorder's `invalid_dep`), no
deps entry named an unknown task, and no Arg was misused.

Programs (17): the manual-scope examples case1_manual_parallel and manual_submit; a phase
fence with a dummy barrier and a barrier without deps; the retain edges of rule 10 (an inline
program, plus the same C++ without its retain lines, to show the recorder catches what they
prevent, and the three functions of the printer test retain.mlir); three loop programs (a
TaskId chain through a sequential loop, run with 4 and 0 iterations, the array carry of a
manual scope inside a loop, a loop body made a compiler-owned manual scope by
materialize-runtime-scopes); and the part-1 examples orch_basic, for_carry, if_else (three
scalar values), softmax_tuple, group_kernel, dynamic_dim.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from opt_runner import EXAMPLES, ROOT
from support.brace_scopes import scope_violations
from support.compile_check import syntax_check
from support.recorder import Graph, run_orchestration

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module

PRINTER_TESTS = ROOT / "tests" / "filecheck" / "targets" / "pto2_cpp"
F16x16 = ([16, 16], "f32")
F64x16 = ([64, 16], "f32")
ONE_F32 = 0x3F800000


def emit(text: str, name: str, pipeline: bool = True, function: str | None = None) -> str:
    """The C++ of one orchestration function of `text`, which must also pass the strict
    compile check and the brace-scope check (these programs are emitted C++ of the suite
    too)."""
    module = parse_module(make_context(), text, name)
    result = generate_module(module, pto2_pipeline=pipeline)
    code = (result[function] if function else result.results[0]).code
    assert scope_violations(code) == []
    check = syntax_check(code, strict=True)
    assert check.returncode == 0, check.stderr
    return code


def emit_file(path: Path, pipeline: bool = True, function: str | None = None) -> str:
    return emit(path.read_text(), str(path), pipeline, function)


def hazard_pairs(g: Graph, kind: str) -> set[tuple[int, ...]]:
    return {h.tasks for h in g.hazards() if h.kind == kind}


def other_hazards(g: Graph, *kinds: str) -> list[str]:
    return [h.message for h in g.hazards() if h.kind not in kinds]


# ------------------------------------------------------------------ case1 (the document's example)


@pytest.fixture(scope="module")
def case1() -> Graph:
    code = emit_file(EXAMPLES / "case1_manual_parallel.mlir")
    return run_orchestration(code, tensors=[([256, 16], "f32")] * 2)


def test_case1_tasks_kernels_and_scalars(case1: Graph) -> None:
    assert case1.kernel_counts() == {("aiv", 0): 16}
    assert [t.kind for t in case1.tasks] == ["aiv"] * 16
    for t in case1.tasks:
        phase, branch = divmod(t.id, 4)
        # ext_out is written again every phase: inout (write-after-write promotion)
        assert t.directions == ["IN", "INOUT"] and t.buffers == [0, 1]
        assert t.scalars == ((phase * 4 + branch) * 16, ONE_F32)
        assert t.scalar_as(1, "f") == 1.0


def test_case1_every_phase_waits_for_the_whole_previous_phase(case1: Graph) -> None:
    phases = [case1.tasks[4 * p : 4 * p + 4] for p in range(4)]
    for t in phases[0]:
        assert t.deps == ()  # the 4 invalid seeds were all filtered by their guards
    for prev, cur in zip(phases, phases[1:]):
        for t in cur:
            assert t.deps == tuple(p.id for p in prev)  # exactly the N slots, in slot order
            assert all(case1.depends_on(t, p) for p in prev)
    assert not case1.depends_on(phases[1][0], phases[1][1])  # a phase's tasks run in parallel
    assert case1.errors == []  # no invalid TaskId reached set_dependencies


def test_case1_scopes_and_hazards(case1: Graph) -> None:
    assert case1.scope_tree() == [("AUTO", [], [("MANUAL", list(range(16)), [])])]
    # The kernels write their stripe of `out`, which the recorder sees as the whole buffer:
    # the only unordered pairs are the tasks of one phase (meant to run in parallel).
    same_phase = {(a, b) for p in range(4) for a in range(4 * p, 4 * p + 4) for b in range(a + 1, 4 * p + 4)}
    assert hazard_pairs(case1, "unordered") == same_phase
    assert other_hazards(case1, "unordered") == []


# ------------------------------------------------------------------ manual_submit


def test_manual_submit_graph() -> None:
    g = run_orchestration(emit_file(EXAMPLES / "manual_submit.mlir"), tensors=[F16x16] * 3)
    alloc, t0, left, right, join, last = g.tasks
    assert [t.kind for t in g.tasks] == ["alloc", "aiv", "aiv", "aiv", "dummy", "aiv"]
    assert g.kernel_counts() == {("aiv", 0): 2, ("aiv", 1): 2}
    assert [t.kernel_id for t in (t0, left, right, last)] == [0, 1, 1, 0]
    sum_, left_buf, right_buf = alloc.outputs
    assert t0.buffers == [0, 1, sum_] and left.buffers == [sum_, 0, left_buf]
    assert right.buffers == [sum_, 1, right_buf] and last.buffers == [left_buf, right_buf, 2]
    assert all(t.directions == ["IN", "IN", "OUT"] for t in (t0, left, right, last))
    # the None seed is dropped by its guard; every manual task retains the batch
    assert t0.deps == (alloc.id,)
    assert left.deps == (t0.id, alloc.id) and right.deps == (t0.id, alloc.id)
    assert join.deps == (left.id, right.id)
    assert last.deps == (join.id, alloc.id)
    assert g.depends_on(last, t0) and not g.depends_on(left, right)
    assert g.scope_tree() == [("AUTO", [0], [("MANUAL", [1, 2, 3, 4, 5], [])])]
    assert g.hazards() == []


# ------------------------------------------------------------------ dummy barriers

FENCE = """
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @fence(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s0: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s1: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
    %a, %ta = pto_orch.submit @reduce(%yf, %s0) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %b, %tb = pto_orch.submit @reduce(%yf, %s1) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
"""


def test_phase_fence_through_a_dummy_barrier() -> None:
    code = emit(FENCE, "fence.mlir")
    assert "if (params_t1_deps_count > 0) {" in code
    g = run_orchestration(code, tensors=[F64x16, F64x16, F16x16, F16x16])
    stripes, barrier, consumers = g.tasks[:4], g.tasks[4], g.tasks[5:]
    assert [t.kind for t in g.tasks] == ["aiv"] * 4 + ["dummy"] + ["aiv"] * 2
    assert g.kernel_counts() == {("aiv", 0): 4, ("aiv", 1): 2}
    # each branch writes its own 16-row view of y
    assert [(t.args[1].tensor.buffer, t.args[1].tensor.offset) for t in stripes] == [
        (1, 0), (1, 256), (1, 512), (1, 768)
    ]
    assert [t.scalars for t in stripes] == [(0,), (16,), (32,), (48,)]
    assert all(t.deps == () for t in stripes)  # the None seed: guarded away
    assert barrier.deps == (0, 1, 2, 3) and barrier.args == ()
    assert [t.deps for t in consumers] == [(4,), (4,)]  # tids[N] -> barrier -> consumers[M]
    assert [t.buffers for t in consumers] == [[1, 2], [1, 3]]
    assert all(g.depends_on(c, s) for c in consumers for s in stripes)
    assert g.scope_tree() == [("AUTO", [], [("MANUAL", list(range(7)), [])])]
    assert g.hazards() == []


def test_barrier_without_deps_is_submitted_unconditionally() -> None:
    code = emit_file(PRINTER_TESTS / "dummy_barrier.mlir", False, "static_empty")
    g = run_orchestration(code, tensors=[F64x16, F64x16])
    start, task, unused = g.tasks
    assert [t.kind for t in g.tasks] == ["dummy", "aiv", "dummy"]
    assert start.deps == () and unused.deps == ()
    assert task.deps == (start.id,) and task.scalars == (0,)
    assert g.hazards() == []


# ------------------------------------------------------------------ retain edges (rule 10)

RETAIN = """
pto_orch.kernel @fill aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @retain(%x: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %stage = pto_tensor.create : tensor<16x16xf32>
  %r = pto_rt.scope manual -> (tensor<16x16xf32>) {
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %none = pto_system.task_invalid
    %s1, %t1 = pto_orch.submit @fill(%x, %c0, %stage) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %tmp1, %t2 = pto_orch.submit @fill(%x, %c1, %tmp) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %o1, %t3 = pto_orch.submit @add(%s1, %tmp1, %out) deps(%t1, %t2 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield %o1 : tensor<16x16xf32>
  }
  func.return
}
"""


@pytest.fixture(scope="module")
def retain_code() -> str:
    return emit(RETAIN, "retain.mlir")


def test_manual_tasks_retain_their_buffers(retain_code: str) -> None:
    g = run_orchestration(retain_code, tensors=[F16x16, F16x16])
    stage_alloc, tmp_alloc, fill_stage, fill_tmp, add = g.tasks
    assert [t.kind for t in g.tasks] == ["alloc", "alloc", "aiv", "aiv", "aiv"]
    assert not stage_alloc.in_manual and not tmp_alloc.in_manual  # tmp hoisted before the header
    (stage,), (tmp,) = stage_alloc.outputs, tmp_alloc.outputs
    assert fill_stage.buffers == [0, stage] and fill_tmp.buffers == [0, tmp]
    assert [t.scalars for t in (fill_stage, fill_tmp)] == [(0,), (1,)]
    assert fill_stage.deps == (stage_alloc.id,) and fill_tmp.deps == (tmp_alloc.id,)
    assert add.deps == (fill_stage.id, fill_tmp.id, stage_alloc.id, tmp_alloc.id)
    assert add.buffers == [stage, tmp, 1]
    assert g.scope_tree() == [("AUTO", [0, 1], [("MANUAL", [2, 3, 4], [])])]
    assert g.hazards() == []  # in particular no unretained_alloc


def test_without_the_retain_edges_the_recorder_reports_unretained_allocs(retain_code: str) -> None:
    # The same C++ with the retain fill lines removed: the hazard rule 10 prevents.
    stripped = re.sub(r"\n *params_t\d+_deps\[params_t\d+_deps_count\+\+\] = alloc_\d+_tid;", "", retain_code)
    assert stripped.count("alloc_0_tid") == 1 and stripped != retain_code
    g = run_orchestration(stripped, tensors=[F16x16, F16x16])
    assert sorted(hazard_pairs(g, "unretained_alloc")) == [(2, 0), (3, 1), (4, 0), (4, 1)]


def test_retain_edges_of_the_printer_tests_leave_no_unretained_alloc() -> None:
    for function, tensors in (("outer", [F16x16] * 2), ("per_iteration", [F16x16] * 2), ("ping_pong", [F16x16])):
        g = run_orchestration(emit_file(PRINTER_TESTS / "retain.mlir", False, function), tensors=tensors)
        assert hazard_pairs(g, "unretained_alloc") == set(), function
        allocs = {t.id for t in g.alloc_tasks}
        for t in g.kernel_tasks:
            if t.in_manual:  # every alloc buffer a manual task touches is in its deps
                used = {g.buffers[b]["task"] for b in t.buffers if g.buffers[b]["kind"] == "alloc"}
                assert used <= set(t.deps) & allocs, (function, t.id)
    g = run_orchestration(emit_file(PRINTER_TESTS / "retain.mlir", False, "per_iteration"), tensors=[F16x16] * 2)
    assert [(t.kind, t.deps) for t in g.tasks] == [
        ("alloc", ()), ("aiv", (0,)), ("aiv", (0,)), ("alloc", ()), ("aiv", (3,)), ("aiv", (3,))
    ]


# ------------------------------------------------------------------ loops

CHAIN = """
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @chain(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %last = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    %s1, %ts = pto_orch.submit @reduce(%yf, %s) deps(%last : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
"""


@pytest.mark.parametrize("n", [4, 0])
def test_taskid_chain_through_a_sequential_loop(n: int) -> None:
    code = emit(CHAIN, "chain.mlir")
    g = run_orchestration(code, tensors=[F64x16, F64x16, F16x16], scalars=[n])
    stripes, reduce = g.tasks[:n], g.tasks[n]
    assert g.kernel_counts() == ({("aiv", 0): n, ("aiv", 1): 1} if n else {("aiv", 1): 1})
    assert [t.deps for t in stripes] == [((k - 1,) if k else ()) for k in range(n)]
    assert [t.scalars for t in stripes] == [(16 * k,) for k in range(n)]
    assert [t.args[1].tensor.offset for t in stripes] == [256 * k for k in range(n)]
    # after the loop the carry is the last task, or still the None seed (guarded away)
    assert reduce.deps == ((n - 1,) if n else ())
    assert all(g.depends_on(reduce, t) for t in stripes)
    assert g.hazards() == []


def test_array_carry_of_a_manual_scope_inside_a_loop() -> None:
    # array_carry.mlir @survives: 3 rounds of a 2-branch parallel loop in a manual scope in
    # the body of a sequential loop; the array outlives each manual block.
    code = emit_file(PRINTER_TESTS / "array_carry.mlir", False, "survives")
    g = run_orchestration(code, tensors=[F64x16, F64x16])
    assert g.kernel_counts() == {("aiv", 0): 7}
    assert [t.deps for t in g.tasks] == [(), (), (0, 1), (0, 1), (2, 3), (2, 3), (4, 5)]
    assert [t.scalars for t in g.tasks] == [(0,), (1,)] * 3 + [(0,)]
    assert g.scope_tree() == [
        ("AUTO", [6], [("AUTO", [], [("MANUAL", [2 * r, 2 * r + 1], [])]) for r in range(3)])
    ]
    # both branches of a round write ext_o whole: they are the only unordered pairs
    assert hazard_pairs(g, "unordered") == {(0, 1), (2, 3), (4, 5)}
    assert other_hazards(g, "unordered") == []


CANDIDATES = """
pto_orch.kernel @k aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @candidates(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %none = pto_system.task_invalid
  %r, %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %o, %p = %none) -> (tensor<16x16xf32>, !pto_orch.task_id) {
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %t1, %id1 = pto_orch.submit @k(%a, %tmp) deps(%p : !pto_orch.task_id) {pto_orch.manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %x1, %id = pto_orch.submit @k(%t1, %x) deps(%id1 : !pto_orch.task_id) {pto_orch.manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %x1, %id : tensor<16x16xf32>, !pto_orch.task_id
  }
  %y, %yid = pto_orch.submit @k(%r, %o) deps(%last : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %y : tensor<16x16xf32>
}
"""


def test_loop_body_made_a_compiler_owned_manual_scope() -> None:
    # materialize-runtime-scopes turns the body (all tasks manual candidates) into a
    # compiler-owned manual scope; the TaskId carry is assigned inside it.
    code = emit(CANDIDATES, "candidates.mlir")
    assert "PTO2_SCOPE(PTO2ScopeMode::MANUAL) {" in code
    g = run_orchestration(code, tensors=[F16x16, F16x16])
    kinds = [t.kind for t in g.tasks]
    assert kinds == ["alloc", "aiv", "aiv"] * 3 + ["aiv"]
    for r in range(3):
        alloc, first, second = g.tasks[3 * r : 3 * r + 3]
        prev = () if r == 0 else (3 * r - 1,)  # the previous round's second task
        assert first.deps == prev + (alloc.id,)
        assert second.deps == (first.id, alloc.id)
        (tmp,) = alloc.outputs
        assert first.buffers == [0, tmp] and second.buffers == [tmp, 1]
    assert g.tasks[9].deps == (8,) and not g.tasks[9].in_manual
    assert g.scope_tree() == [
        ("AUTO", [0, 3, 6, 9], [("MANUAL", [1, 2], []), ("MANUAL", [4, 5], []), ("MANUAL", [7, 8], [])])
    ]
    assert g.hazards() == []


# ------------------------------------------------------------------ the part-1 examples


def test_orch_basic() -> None:
    g = run_orchestration(emit_file(EXAMPLES / "orch_basic.mlir"), tensors=[F16x16] * 3)
    alloc, t0, t1 = g.tasks
    (c,) = alloc.outputs
    assert g.kernel_counts() == {("aiv", 0): 2}
    assert t0.buffers == [0, 1, c] and t1.buffers == [c, 1, 2]
    assert t0.directions == t1.directions == ["IN", "IN", "OUT"]
    assert t0.deps == t1.deps == ()
    assert g.scope_tree() == [("AUTO", [0, 1, 2], [])]
    assert g.hazards() == []


def test_for_carry() -> None:
    g = run_orchestration(emit_file(EXAMPLES / "for_carry.mlir"), tensors=[F16x16] * 2)
    assert g.kernel_counts() == {("aiv", 0): 4}
    # acc (an inout parameter, written every iteration) is inout: each task is ordered after
    # the previous one's write
    assert all(t.buffers == [0, 1, 1] and t.directions == ["IN", "IN", "INOUT"] for t in g.tasks)
    assert g.scope_tree() == [("AUTO", [], [("AUTO", [k], []) for k in range(4)])]
    assert g.hazards() == []


@pytest.mark.parametrize(("mode", "kernel"), [(0, 0), (1, 1), (-3, 1)])
def test_if_else(mode: int, kernel: int) -> None:
    g = run_orchestration(emit_file(EXAMPLES / "if_else.mlir"), tensors=[F16x16] * 2, scalars=[mode])
    assert g.kernel_counts() == {("aiv", kernel): 1}  # kernel_add (id 0) when mode == 0
    (t,) = g.tasks
    assert t.buffers == [0, 0, 1] and t.directions == ["IN", "IN", "OUT"]
    assert g.scope_tree() == [("AUTO", [], [("AUTO", [0], [])])]


def test_softmax_tuple() -> None:
    col = ([16, 1], "f32")
    g = run_orchestration(emit_file(EXAMPLES / "softmax_tuple.mlir"), tensors=[F16x16, F16x16, col, col], scalars=[0.125])
    (t,) = g.tasks
    assert t.directions == ["IN", "INOUT", "INOUT", "INOUT"] and t.buffers == [0, 1, 2, 3]
    assert t.scalar_as(0, "f") == 0.125
    assert g.expected_arg_count == 5


def test_group_kernel() -> None:
    g = run_orchestration(emit_file(EXAMPLES / "group_kernel.mlir"), tensors=[F16x16] * 4)
    alloc, mixed, mat = g.tasks
    (tmp,) = alloc.outputs
    assert mixed.kind == "mixed" and mixed.kernels == {"aic": 0, "aiv0": 1, "aiv1": -1}
    assert mat.kind == "aic" and mat.kernel_id == 2
    assert mixed.buffers == [0, 1, 2, tmp] and mat.buffers == [tmp, 1, 3]
    assert mixed.directions == ["IN", "IN", "IN", "OUT"] and mat.directions == ["IN", "IN", "OUT"]
    assert g.hazards() == []


def test_dynamic_dim() -> None:
    g = run_orchestration(emit_file(EXAMPLES / "dynamic_dim.mlir"), tensors=[([48, 16], "f32")] * 2)
    alloc, scale, *relus = g.tasks
    (scaled,) = alloc.outputs
    assert g.buffers[scaled]["shape"] == [48, 16]  # sized by the dynamic-dim symbol M
    assert scale.buffers == [0, scaled] and scale.directions == ["IN", "OUT"]
    assert len(relus) == 3  # for (row = 0; row < M; row += 16)
    assert [(t.args[0].tensor.offset, t.args[1].tensor.offset) for t in relus] == [(0, 0), (256, 256), (512, 512)]
    assert all(t.directions == ["IN", "INOUT"] and t.buffers == [scaled, 1] for t in relus)
    assert g.hazards() == []
