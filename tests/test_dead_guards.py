"""No C++ guard whose condition is a constant (pypto_dialects/task_id_folds.py,
plan-cpp-declarations' `pto_orch.always_submitted`): the programs of
tests/filecheck/targets/pto2_cpp/dead_guards.mlir run in the interpreter with the exact edges
the folded IR keeps (a dependency on the invalid TaskId dropped, a barrier of invalid deps
only gone, a barrier on a submit's TaskId always submitted, `task_is_valid` of a known TaskId
folded with its `scf.if`), and every example and execution program, printed through
pto2-pipeline, has no `PTO2TaskId::invalid().is_valid()` test (there were 15 before)."""

from __future__ import annotations

import numpy as np
import pytest

from pypto_dialects import generate_orchestration
from pypto_dialects.context import make_context
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import parse_module
from support.execution import COPY, EXAMPLES, PRINTER_TESTS, PROGRAMS, edges, execute, rand, zeros

PROGRAM = PRINTER_TESTS / "dead_guards.mlir"


@pytest.mark.parametrize(
    ("function", "want"),
    [
        # t0; the barrier of invalid deps only is gone; join (t1) waits for t0; t2 for join
        ("seeds", ["t0>t1 explicit", "t1>t2 explicit"]),
        # t0 in the first scope; its barrier t1 (always submitted); t2 waits for t1 and, as a
        # later writer of %o in a manual scope, for t0 (order-untracked-hazards)
        ("scope_result", ["t0>t1 explicit", "t0>t2 explicit", "t1>t2 explicit"]),
        # the branch on the invalid TaskId is gone, the one on a submit's TaskId inlined
        ("known_tests", ["t0>t1 explicit"]),
    ],
)
@pytest.mark.parametrize("pipeline", [True, False])
def test_folded_programs_run_with_their_edges(function: str, want: list[str],
                                              pipeline: bool) -> None:
    a = rand(16)
    lowering = True if pipeline else ("batch-tensor-allocations", "add-retain-edges")
    r = execute(PROGRAM, {"k": COPY}, [a, zeros(16)], function=function, pipeline=lowering)
    np.testing.assert_array_equal(r.outputs[1], a)
    if function == "scope_result" and not pipeline:
        want = ["t0>t1 explicit", "t1>t2 explicit"]  # no compiler edge without the pipeline
    assert r.edges == edges(*want)


def test_no_invalid_task_id_test_in_the_programs_cpp() -> None:
    printed = 0
    for path in sorted([*EXAMPLES.glob("*.mlir"), *PROGRAMS.glob("*.mlir")]):
        module = parse_module(make_context(), path.read_text(), str(path))
        for f in orchestration_functions(module):
            code = generate_orchestration(module, f.sym_name.data, pto2_pipeline=True).code
            assert "PTO2TaskId::invalid().is_valid()" not in code, (path, f.sym_name.data)
            printed += 1
    assert printed >= 120
