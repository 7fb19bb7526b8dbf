"""order-untracked-hazards is a rewrite pattern (issue 22, item 5), as the passes of
tests/test_passes_are_patterns.py: it changes the IR only through xDSL's PatternRewriter,
applied by a PatternRewriteWalker (post-order), so a rewriter listener sees every insertion,
replacement, erasure and in-place modification; and every op it rebuilds keeps the location
of the op it replaces (issue 26, item 6).

So is drop-implied-edges, which runs after it (one in-place modification per task it
reduces).

`OrderUntrackedHazards.rewrite_module(module, listener=None)` is the hook (and
`DropImpliedEdges`'); each test attaches
a recording listener on a small program, checks the exact ops it saw, and that the result is
the pass's ordinary output (`apply`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from pypto_dialects.context import make_context
from pypto_dialects.diagnostics import file_position
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.transforms.order_untracked_hazards import OrderUntrackedHazards
from support.rewrite_events import Event, applied, rewrite
from support.rewrite_events import kinds as _kinds
from support.rewrite_events import ops as _ops
from support.rewrite_events import parse as _parse
from support.rewrite_events import recorder as _recorder

T = "tensor<16xf32>"
K = f"pto_orch.kernel @k aiv (in {T}, out {T}) -> {T}"
INOUT = f"{T} {{pto_orch.dir = #pto_orch.dir<inout>}}"
ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false}"


def _rewrite(text: str | ModuleOp) -> tuple[ModuleOp, list[Event]]:
    """Run the pass through its pattern hook with a recording listener."""
    return rewrite(OrderUntrackedHazards(), text)


def _applied(text: str) -> str:
    """The pass's ordinary output (`apply`), printed."""
    return applied(OrderUntrackedHazards(), text)


def _line(op: Operation) -> int:
    pos = file_position(op.location)
    assert pos is not None, f"{op.name} has no file location: {op.location}"
    return pos.line.data


# ------------------------------------------------------------------------- a scope result

SCOPE = f"""{K}
func.func @f(%a: {T}, %b: {INOUT}, %o: {INOUT}) {ORCH} {{
  pto_rt.scope auto {{
    %b2 = pto_rt.scope manual -> ({T}) {{
      %b1, %t = pto_orch.submit @k(in %a, out %b) : ({T}, {T}) -> {T}
      pto_rt.yield %b1 : {T}
    }}
    %o1 = pto_orch.call @k(in %b2, out %o) : ({T}, {T}) -> {T}
  }}
  func.return
}}
"""


def test_a_scope_result_goes_through_the_rewriter() -> None:
    before = _parse(SCOPE)
    old_scope = _ops(before, ScopeOp)[1]
    module, events = _rewrite(before)
    _, scope = _ops(module, ScopeOp)
    (submit,) = _ops(module, SubmitOp)
    (reader,) = _ops(module, CallOp)
    # the manual scope gets a TaskId result (its old result's user, the reader, is
    # modified), its yield the submit's TaskId, and the reader the scope's new result
    assert _kinds(events) == [
        ("insert", "pto_rt.scope"),
        ("replace", "pto_rt.scope"),
        ("modify", "pto_orch.call"),
        ("erase", "pto_rt.scope"),
        ("modify", "pto_rt.yield"),
        ("modify", "pto_orch.call"),
    ]
    assert [events[i][1] for i in (0, 1, 3, 5)] == [scope, old_scope, old_scope, reader]
    assert list(scope.body.block.last_op.operands) == [submit.res[0], submit.task_id]
    assert list(reader.compiler_deps) == [scope.res[1]]
    assert scope.res[1].name_hint == "t"
    assert str(module) == _applied(SCOPE)
    _, again = _rewrite(module)
    assert again == []  # idempotent: the reader lists the TaskId already


# ------------------------------------------------- a loop, an if, a call that becomes a submit

LOOP = f"""{K}
func.func @f(%a: {T}, %b: {INOUT}, %o: {INOUT}, %c: i1, %d: {INOUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope auto {{
    scf.for %i = %c0 to %c3 step %c1 {{
      scf.if %c {{
        pto_rt.scope manual {{
          %b1, %t = pto_orch.submit @k(in %a, out %b) : ({T}, {T}) -> {T}
        }}
      }}
    }}
    %o1 = pto_orch.call @k(in %b, out %o) : ({T}, {T}) -> {T}
    pto_rt.scope manual {{
      %d1, %t2 = pto_orch.submit @k(in %o1, out %d) : ({T}, {T}) -> {T}
    }}
  }}
  func.return
}}
"""


def test_carries_and_a_new_submit_go_through_the_rewriter() -> None:
    module, events = _rewrite(LOOP)
    (loop,) = _ops(module, scf.ForOp)
    (branch,) = _ops(module, scf.IfOp)
    writer, reader, last = _ops(module, SubmitOp)
    (init,) = _ops(module, TaskInvalidOp)
    # post-order: the manual scope, the if (its else branch yields the TaskId's value on
    # entry: a placeholder for the loop's carry, which does not exist yet), the loop (a carry
    # seeded with task_invalid; the placeholder replaced by the carry and erased), then the
    # writer in the loop gets the previous iteration's TaskId; the reader after the loop
    # becomes a submit (its user, the last task, is modified) and gets the loop's result;
    # the last task the reader's TaskId
    assert _kinds(events) == [
        ("insert", "pto_rt.scope"),
        ("replace", "pto_rt.scope"),
        ("erase", "pto_rt.scope"),
        ("modify", "pto_rt.yield"),
        ("insert", "scf.if"),
        ("replace", "scf.if"),
        ("erase", "scf.if"),
        ("modify", "scf.yield"),
        ("insert", "pto_system.task_invalid"),
        ("modify", "scf.yield"),
        ("insert", "pto_system.task_invalid"),
        ("modify", "scf.yield"),
        ("erase", "pto_system.task_invalid"),
        ("insert", "scf.for"),
        ("replace", "scf.for"),
        ("erase", "scf.for"),
        ("modify", "scf.yield"),
        ("modify", "pto_orch.submit"),
        ("insert", "pto_orch.submit"),
        ("replace", "pto_orch.call"),
        ("modify", "pto_orch.submit"),
        ("erase", "pto_orch.call"),
        ("modify", "pto_orch.submit"),
        ("modify", "pto_orch.submit"),
    ]
    inserted = [op for kind, op in events if kind == "insert"]
    assert inserted[:2] == [_ops(module, ScopeOp)[1], branch]
    assert inserted[3:] == [init, loop, reader]
    assert [op for kind, op in events if kind == "erase"][2] is inserted[2]  # the placeholder
    assert [events[i][1] for i in (17, 22, 23)] == [writer, reader, last]
    (carry,) = loop.body.block.args[1:]
    assert list(writer.compiler_deps) == [carry]
    assert list(loop.iter_args) == [init.result]
    assert list(reader.compiler_deps) == [loop.res[0]]  # the carry's last value
    assert list(last.compiler_deps) == [reader.task_id]
    assert reader.task_id.name_hint == "o1_tid"
    # an iteration that skips the writer keeps the earlier iteration's TaskId, not none
    assert list(branch.false_region.block.last_op.operands) == [carry]
    assert str(module) == _applied(LOOP)
    _, again = _rewrite(module)
    assert again == []


# ------------------------------------------------------------------------------- locations


@pytest.mark.parametrize("text", [SCOPE, LOOP], ids=["scope", "loop"])
def test_rebuilt_ops_keep_their_locations(text: str) -> None:
    """Every submit, scope, if and loop the pass rebuilds keeps the location of the op it
    replaces (the same line, in the same walk order); each task_invalid it inserts is
    located at the if or loop it seeds. None is left with an unknown location."""
    kinds = (CallOp, SubmitOp, ScopeOp, scf.IfOp, scf.ForOp)
    before = _parse(text)
    lines = [_line(op) for op in _ops(before, kinds)]
    module, events = _rewrite(before)
    inserted = [op for kind, op in events if kind == "insert"]
    assert inserted
    for op in inserted:
        _line(op)  # a file location, not unknown
    assert [_line(op) for op in _ops(module, kinds)] == lines
    for inv in _ops(module, TaskInvalidOp):
        user = inv.result.first_use
        assert user is not None
        seeded = user.operation if isinstance(user.operation, scf.ForOp) else (
            user.operation.parent_op()
        )
        assert isinstance(seeded, scf.ForOp | scf.IfOp)
        assert inv.location == seeded.location


LEAVING = f"""{K}
func.func @f(%a: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<out>}}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = pto_rt.scope manual -> ({T}) {{
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a) -> ({T}) {{
      %tmp = pto_tensor.create : {T}
      %tmp1 = pto_orch.call @k(in %prev, out %tmp) : ({T}, {T}) -> {T}
      scf.yield %tmp1 : {T}
    }}
    pto_rt.yield %last : {T}
  }}
  %o1 = pto_orch.call @k(in %r, out %o) : ({T}, {T}) -> {T}
  func.return
}}
"""


def test_a_later_diagnostic_names_the_lines_of_the_rebuilt_ops(tmp_path: Path) -> None:
    """In pto2-pipeline, batch-tensor-allocations runs after order-untracked-hazards has
    rebuilt the manual scope and the loop (each with a TaskId result): its error names their
    own lines (it named the function's line when the rebuilt ops had no location)."""
    from opt_runner import run_opt

    path = tmp_path / "leaving.mlir"
    path.write_text(LEAVING)
    lines = LEAVING.splitlines()
    scope = next(i for i, t in enumerate(lines, 1) if "pto_rt.scope manual" in t)
    res = run_opt(["-p", "pto2-pipeline", str(path)])
    assert res.status != 0
    assert (
        f"{path}:{scope + 2}:7: error: 'pto_tensor.create' op allocates a buffer that leaves "
        f"the 'pto_rt.scope manual' at line {scope} through the carries of the 'scf.for' at "
        f"line {scope + 1}, which runs inside that scope"
    ) in res.err


def test_apply_goes_through_the_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    """`apply` (what pypto-opt and pto2-pipeline run) makes its changes by `rewrite_module`:
    a listener slipped into that call sees the same events as a direct call."""
    original = OrderUntrackedHazards.rewrite_module
    seen: list[Event] = []

    def spy(self: OrderUntrackedHazards, module: ModuleOp, listener: Any = None) -> None:
        assert listener is None
        original(self, module, listener=_recorder(seen))

    monkeypatch.setattr(OrderUntrackedHazards, "rewrite_module", spy)
    module = _parse(LOOP)
    OrderUntrackedHazards().apply(make_context(), module)
    monkeypatch.undo()
    _, direct = _rewrite(LOOP)
    assert seen
    assert _kinds(seen) == _kinds(direct)


# ------------------------------------------------------------------- drop-implied-edges

IMPLIED = f"""{K}
func.func @f(%a: {T}, %o: {INOUT}) {ORCH} {{
  pto_rt.scope manual {{
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : ({T}, {T}) -> {T}
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id) : ({T}, {T}) -> {T}
    %o2 = pto_orch.call @k(in %a, out %o) compiler_deps(%t0, %t1 : !pto_orch.task_id, !pto_orch.task_id) : ({T}, {T}) -> {T}
  }}
  func.return
}}
"""


def test_drop_implied_edges_modifies_the_task_in_place_through_the_rewriter() -> None:
    from pypto_dialects.transforms.drop_implied_edges import DropImpliedEdges

    before = _parse(IMPLIED)
    (old_call,) = _ops(before, CallOp)
    module, events = rewrite(DropImpliedEdges(), before)
    (call,) = _ops(module, CallOp)
    # one in-place modification of the call: %t0 dropped (t0 > t1 > call), the op kept
    assert call is old_call
    assert _kinds(events) == [("modify", "pto_orch.call")]
    assert [d.name_hint for d in call.compiler_deps] == ["t1"]
    assert str(module) == applied(DropImpliedEdges(), IMPLIED)
