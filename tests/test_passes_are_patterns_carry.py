"""classify-iter-arg-carry and auto-derive-task-dependencies are rewrite patterns (issue 22,
item 5), as the passes of tests/test_passes_are_patterns.py: each analyses a function first,
changing nothing (every diagnostic is raised there), then changes it only through xDSL's
PatternRewriter, applied by a PatternRewriteWalker, so a rewriter listener sees every
insertion, replacement, erasure and in-place modification.

Each pass exposes `rewrite_module(module, listener=None)`, which its `apply` calls; each test
attaches a recording listener to it on a small program, checks the exact ops it saw, where
the new ops are located, and that the result is the pass's ordinary output."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.context import make_context
from pypto_dialects.orch import ArgDirection, CallOp, SubmitOp
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp, TaskIsValidOp
from pypto_dialects.transforms.auto_derive_task_dependencies import AutoDeriveTaskDependencies
from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry
from support.rewrite_events import Event
from support.rewrite_events import applied as _applied
from support.rewrite_events import kinds as _kinds
from support.rewrite_events import ops as _ops
from support.rewrite_events import parse as _parse
from support.rewrite_events import recorder as _recorder
from support.rewrite_events import rewrite as _rewrite

ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"
OUT = "{pto_orch.dir = #pto_orch.dir<out>}"
INOUT = "{pto_orch.dir = #pto_orch.dir<inout>}"
T = "tensor<16xf32>"
TID = "!pto_orch.task_id"
K = f"pto_orch.kernel @k aiv (in {T}, out {T}) -> {T}"


# -------------------------------------------------------------------- classify-iter-arg-carry

# @loop1: a parallel loop of unknown trip count whose iterations do not wait for the carry:
# its body reads the init, and each iteration yields a barrier on the carry and its TaskId.
# @loop2: a parallel loop of 4 seeded with it: an array of 4, which the `scf.if` result (one
# TaskId) gets through a barrier made in the branch. @seq: a sequential tensor carry whose
# body yields it unchanged: no variable of its own.
CARRY = f"""
{K}
func.func @f(%a: {T}, %out: {T} {OUT}, %n: index, %c: i1) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> ({TID}) {{
    %p = pto_system.task_is_valid %prev
    %o1, %t = pto_orch.submit @k(in %a, out %out) : ({T}, {T}) -> {T}
    scf.yield %t : {TID}
  }} {{pto_orch.parallel}}
  %ta = scf.for %j = %c0 to %c4 step %c1 iter_args(%q = %tl) -> ({TID}) {{
    %o2, %u = pto_orch.submit @k(in %a, out %out) deps(%q : {TID}) : ({T}, {T}) -> {T}
    scf.yield %u : {TID}
  }} {{pto_orch.parallel}}
  %r = scf.if %c -> ({TID}) {{
    scf.yield %ta : {TID}
  }} else {{
    scf.yield %none : {TID}
  }}
  %b = pto_system.task_dummy deps(%r : {TID})
  %same = scf.for %k = %c0 to %c4 step %c1 iter_args(%x = %a) -> ({T}) {{
    scf.yield %x : {T}
  }}
  func.return
}}
"""


def test_classify_iter_arg_carry_rewrites_through_the_rewriter() -> None:
    module = _parse(CARRY)
    loop1, loop2, seq = _ops(module, scf.ForOp)
    (valid,) = _ops(module, TaskIsValidOp)
    (if_op,) = _ops(module, scf.IfOp)
    then_yield = if_op.true_region.block.last_op
    loop1_yield = loop1.body.block.last_op
    _, events = _rewrite(ClassifyIterArgCarry(), module)
    every, slots = [op for op in _ops(module, TaskDummyOp) if op.result.name_hint != "b"]
    assert _kinds(events) == [
        # @loop1: the body reads the init, the yield waits for the carry and its TaskId
        ("modify", "pto_system.task_is_valid"),
        ("insert", "pto_system.task_dummy"),
        ("modify", "scf.yield"),
        ("modify", "scf.for"),  # its plan
        ("modify", "scf.for"),  # @loop2's plan: an array of 4
        # the if's branch yields a barrier on the array
        ("insert", "pto_system.task_dummy"),
        ("modify", "scf.yield"),
        ("modify", "scf.for"),  # @seq's plan
    ]
    assert [op for _, op in events] == [
        valid, every, loop1_yield, loop1, loop2, slots, then_yield, seq
    ]
    (none,) = _ops(module, TaskInvalidOp)
    assert valid.operands[0] is none.result
    assert list(every.deps) == [loop1.body.block.args[1], _ops(module, SubmitOp)[0].task_id]
    assert every.result.name_hint == "prev_all"
    assert list(loop1_yield.operands) == [every.result]
    assert list(slots.deps) == [loop2.res[0]]
    assert slots.result.name_hint == "ta_all"
    assert list(then_yield.operands) == [slots.result]
    # located at what they stand for: every iteration of the loop, the yield they serve
    assert every.location == loop1.location
    assert slots.location == then_yield.location
    assert [CarryPlan.of(op) for op in (loop1, loop2, seq)] == [
        CarryPlan((True,), (0,)),
        CarryPlan((True,), (4,)),
        CarryPlan((False,), (0,)),
    ]
    assert str(module) == _applied(ClassifyIterArgCarry(), CARRY)
    _, again = _rewrite(ClassifyIterArgCarry(), str(module))
    assert again == []  # idempotent: the plans stand, the barriers are recognized


def test_classify_iter_arg_carry_reports_before_any_change() -> None:
    """A diagnostic of the rules comes from the analysis: the listener has seen nothing and
    the function is as it was (its first loop is not stamped)."""
    bad = CARRY.replace(ORCH, ORCH[:-1] + ", pto_orch.manual_layer}")
    module = _parse(bad)
    before = str(module)
    events: list[Event] = []
    with pytest.raises(PassFailedException, match="iter_arg 0.*runtime scopes are not placed yet"):
        ClassifyIterArgCarry().rewrite_module(module, listener=_recorder(events))
    assert events == []
    assert str(module) == before


# ---------------------------------------------------------------- auto-derive-task-dependencies

# A loop body whose tasks explicit edges can order: %t1 (writes %tmp) before %x2 (reads it),
# %x1 (writes %x) before %x2 (writes it): the two earlier calls become submits, the last one
# lists their TaskIds; @bump's `inout` becomes `output_existing`, %x2's `in` of the buffer
# created in the body `no_dep`. @twice's body reads the buffer the loop writes after it: not
# made manual.
AUTO = f"""
{K}
pto_orch.kernel @bump aiv (inout {T}) -> {T}
func.func @body(%a: {T}, %x: {T} {INOUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {{
    %tmp = pto_tensor.create : {T}
    %t1 = pto_orch.call @k(in %a, out %tmp) : ({T}, {T}) -> {T}
    %x1 = pto_orch.call @bump(inout %x) : ({T}) -> {T}
    %x2 = pto_orch.call @k(in %t1, out %x) : ({T}, {T}) -> {T}
  }}
  func.return
}}
func.func @twice(%a: {T}, %x: {T} {INOUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {{
    %t = pto_orch.call @k(in %a, out %x) : ({T}, {T}) -> {T}
  }}
  %y = pto_tensor.read %x[%c0] : {T} -> f32
  func.return
}}
"""


def test_auto_derive_task_dependencies_rewrites_through_the_rewriter() -> None:
    module = _parse(AUTO)
    t1, x1, x2, outside = _ops(module, CallOp)
    _, events = _rewrite(AutoDeriveTaskDependencies(True), module)
    s1, sx1 = _ops(module, SubmitOp)
    assert _kinds(events) == [
        # %t1 becomes a submit: %x2, its user, now reads the submit's result
        ("insert", "pto_orch.submit"),
        ("replace", "pto_orch.call"),
        ("modify", "pto_orch.call"),
        ("erase", "pto_orch.call"),
        ("modify", "pto_orch.submit"),  # manual_candidate
        ("insert", "pto_orch.submit"),  # %x1 becomes a submit (no users)
        ("replace", "pto_orch.call"),
        ("erase", "pto_orch.call"),
        ("modify", "pto_orch.submit"),  # output_existing, manual_candidate
        ("modify", "pto_orch.call"),  # %x2: compiler deps, no_dep, manual_candidate
    ]
    assert [op for _, op in events] == [s1, t1, x2, t1, s1, sx1, x1, x1, sx1, x2]
    assert s1.location == t1.location  # the submits are located at the calls they replace
    assert sx1.location == x1.location
    assert list(x2.compiler_deps) == [s1.task_id, sx1.task_id]
    assert x2.directions() == [ArgDirection.NO_DEP, ArgDirection.OUT]
    assert sx1.directions() == [ArgDirection.OUTPUT_EXISTING]
    assert all(t.manual_candidate is not None for t in (s1, sx1, x2))
    assert outside.manual_candidate is None
    assert not outside.compiler_deps
    assert str(module) == _applied(AutoDeriveTaskDependencies(True), AUTO)
    _, again = _rewrite(AutoDeriveTaskDependencies(True), str(module))
    assert again == []  # idempotent
    assert _applied(AutoDeriveTaskDependencies(), AUTO) == str(_parse(AUTO))  # option off


# ---------------------------------------------------------------------------- apply -> patterns

CASES: list[tuple[Callable[[], ModulePass], str]] = [
    (ClassifyIterArgCarry, CARRY),
    (lambda: AutoDeriveTaskDependencies(True), AUTO),
]


@pytest.mark.parametrize(
    ("make", "text"), CASES, ids=["classify-iter-arg-carry", "auto-derive-task-dependencies"]
)
def test_apply_goes_through_the_patterns(
    make: Callable[[], ModulePass], text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`apply` (what pypto-opt and pto2-pipeline run) makes its changes by `rewrite_module`:
    a listener slipped into that call sees the same events as a direct call."""
    cls = type(make())
    original = cls.rewrite_module  # type: ignore[attr-defined]
    seen: list[Event] = []

    def spy(self: ModulePass, module: ModuleOp, listener: Any = None) -> None:
        assert listener is None
        original(self, module, listener=_recorder(seen))

    monkeypatch.setattr(cls, "rewrite_module", spy)
    module = _parse(text)
    make().apply(make_context(), module)
    monkeypatch.undo()
    direct, events = _rewrite(make(), text)
    assert seen
    assert _kinds(seen) == _kinds(events)
    assert str(module) == str(direct)
