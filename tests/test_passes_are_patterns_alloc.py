"""batch-tensor-allocations and add-retain-edges are rewrite patterns (issue 22, item 5), as
the passes of tests/test_passes_are_patterns.py: they change the IR only through xDSL's
PatternRewriter, applied by PatternRewriteWalkers, so a rewriter listener sees every
insertion, replacement, erasure and in-place modification (a move is an insertion; the
creates a new batch takes in are in the inserted batch).

Each pass exposes `rewrite_module(module, listener=None)`; each test attaches a recording
listener to it on a small program, checks the exact ops it saw, and that the result is the
pass's ordinary output. batch-tensor-allocations' `apply` is its `rewrite_module` followed
by add-retain-edges (`AddRetainEdges.apply`, so that benchmarks time it as a step of its
own)."""

from __future__ import annotations

from typing import Any

import pytest
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pypto_dialects import tensor as pt
from pypto_dialects.context import make_context
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.system import TaskInvalidOp
from pypto_dialects.transforms.add_retain_edges import AddRetainEdges
from pypto_dialects.transforms.batch_tensor_allocations import BatchTensorAllocations
from support.rewrite_events import Event
from support.rewrite_events import applied as _applied
from support.rewrite_events import kinds as _kinds
from support.rewrite_events import ops as _ops
from support.rewrite_events import parse as _parse
from support.rewrite_events import recorder as _recorder
from support.rewrite_events import rewrite as _rewrite

ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false}"
OUT = "{pto_orch.dir = #pto_orch.dir<out>}"
PLAN = "{pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}"
T = "tensor<16xf32>"
K = f"pto_orch.kernel @k aiv (in {T}, out {T}) -> {T}"


# ------------------------------------------------------------------------- add-retain-edges

# A manual task writes a buffer its loop allocates in every iteration and reads the one the
# previous iteration's carry holds: the batch's own TaskId for the one, the TaskId carried
# next to %prev for the other.
RETAIN = f"""
{K}
func.func @f(%a: {T}, %o: {T} {OUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {{
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a) -> ({T}) {{
      %tmp, %alloc = pto_tensor.alloc_tensors {{
        %0 = pto_tensor.create : {T}
        pto_tensor.yield %0 : {T}
      }} : {T}
      %tmp1 = pto_orch.call @k(in %prev, out %tmp) : ({T}, {T}) -> {T}
      scf.yield %tmp1 : {T}
    }} {PLAN}
    pto_rt.yield
  }}
  %r = pto_orch.call @k(in %a, out %o) : ({T}, {T}) -> {T}
  func.return
}}
"""


def test_add_retain_edges_rewrites_through_the_rewriter() -> None:
    module = _parse(RETAIN)
    (old_loop,) = _ops(module, scf.ForOp)
    _, events = _rewrite(AddRetainEdges(), module)
    (loop,) = _ops(module, scf.ForOp)
    seed, next_seed = _ops(module, TaskInvalidOp)
    task, outside = _ops(module, CallOp)
    # the loop gets a TaskId carry (seeded before it, replaced by a loop with one more
    # iter_arg), its yield passes on the batch's TaskId, and the task lists both TaskIds
    assert _kinds(events) == [
        ("insert", "pto_system.task_invalid"),
        ("insert", "scf.for"),
        ("replace", "scf.for"),
        ("erase", "scf.for"),
        ("insert", "pto_system.task_invalid"),
        ("modify", "scf.yield"),
        ("modify", "scf.yield"),
        ("modify", "pto_orch.call"),
    ]
    assert [events[i][1] for i in (0, 1, 4, 7)] == [seed, loop, next_seed, task]
    assert events[5][1] is events[6][1] is loop.body.block.last_op
    assert loop.location == old_loop.location  # the new loop and its seeds: the loop's place
    assert seed.location == next_seed.location == old_loop.location
    (batch,) = _ops(module, pt.AllocTensorsOp)
    carried = loop.body.block.args[-1]
    assert list(task.compiler_deps) == [carried, batch.task_id]
    assert list(loop.body.block.last_op.operands)[-1] is batch.task_id  # type: ignore[union-attr]
    assert not outside.compiler_deps  # outside the manual scope: the runtime tracks it
    assert str(module) == _applied(AddRetainEdges(), RETAIN)
    _, again = _rewrite(AddRetainEdges(), str(module))
    assert again == []  # idempotent


# ---------------------------------------------------------------- batch-tensor-allocations

# Rules 2 to 4: an unused create is erased, creates sized at the block's entry go into one
# batch at its start (the constant sizing one moves before it), a create sized by a value
# computed in the block is batched where it stands.
BATCH = f"""
pto_orch.kernel @kd aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
func.func @f(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {OUT}) {ORCH} {{
  %dead = pto_tensor.create : tensor<4xf32>
  %o = pto_orch.call @kd(in %x, out %y) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %c2 = arith.constant 2 : index
  %a = pto_tensor.create(%c2) : tensor<?x16xf32>
  %a1 = pto_orch.call @kd(in %x, out %a) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %b = pto_tensor.create : tensor<2x16xf32>
  %n = arith.addi %c2, %c2 : index
  %c = pto_tensor.create(%n) : tensor<?x16xf32>
  %c1 = pto_orch.call @kd(in %a1, out %c) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %b1 = pto_orch.call @kd(in %c1, out %b) : (tensor<?x16xf32>, tensor<2x16xf32>) -> tensor<?x16xf32>
  func.return
}}
"""


def test_batch_tensor_allocations_batches_through_the_rewriter() -> None:
    module = _parse(BATCH)
    dead, a, b, c = _ops(module, pt.CreateOp)
    _, events = _rewrite(BatchTensorAllocations(), module)
    entry, alone = _ops(module, pt.AllocTensorsOp)
    (constant,) = _ops(module, arith.ConstantOp)
    _, a_user, c_user, b_user = _ops(module, CallOp)
    assert _kinds(events) == [
        ("erase", "pto_tensor.create"),  # %dead
        ("insert", "pto_tensor.alloc_tensors"),  # %c where it stands
        ("modify", "pto_orch.call"),
        ("insert", "arith.constant"),  # %c2 moves to the start
        ("insert", "pto_tensor.alloc_tensors"),  # %a, %b at the start
        ("modify", "pto_orch.call"),
        ("modify", "pto_orch.call"),
    ]
    assert [op for _, op in events] == [dead, alone, c_user, constant, entry, a_user, b_user]
    assert entry.creates() == [a, b]
    assert alone.creates() == [c]
    assert entry.location == a.location
    assert alone.location == c.location
    body = module.ops.last.body.block  # type: ignore[union-attr]
    assert list(body.ops)[:2] == [constant, entry]
    assert [r.name_hint for r in entry.results] == ["a", "b", "alloc"]
    assert str(module) == _applied(BatchTensorAllocations(), BATCH)
    _, again = _rewrite(BatchTensorAllocations(), str(module))
    assert again == []  # idempotent


# A buffer leaving the loop body's scope (the loop carries it) is allocated before that
# scope; a runtime-allocated output of a manual task that leaves its scope becomes a create
# (allocated before the scope), the task a submit, and the reader after the scope lists its
# TaskId, carried out as a scope result.
LEAVING = f"""
{K}
func.func @carry(%a: {T}, %o: {T} {OUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> ({T}) {{
    %y = pto_rt.scope auto -> ({T}) {{
      %t = pto_tensor.create : {T}
      %t1 = pto_orch.call @k(in %x, out %t) : ({T}, {T}) -> {T}
      pto_rt.yield %t1 : {T}
    }}
    scf.yield %y : {T}
  }} {PLAN}
  %o1 = pto_orch.call @k(in %r, out %o) : ({T}, {T}) -> {T}
  func.return
}}
func.func @manual_output(%a: {T}, %o: {T} {OUT}) {ORCH} {{
  %w = pto_rt.scope manual -> ({T}) {{
    %x = pto_orch.call @k(in %a) : ({T}) -> {T}
    pto_rt.yield %x : {T}
  }}
  %o1 = pto_orch.call @k(in %w, out %o) : ({T}, {T}) -> {T}
  func.return
}}
"""


def test_batch_tensor_allocations_hoists_through_the_rewriter() -> None:
    module = _parse(LEAVING)
    carry_scope, old_manual = _ops(module, ScopeOp)
    _, events = _rewrite(BatchTensorAllocations(), module)
    batches = _ops(module, pt.AllocTensorsOp)
    assert [b.next_op.name for b in batches] == ["pto_rt.scope"] * 2
    assert _kinds(events) == [
        # @carry: %t goes before the loop body's scope
        ("insert", "pto_tensor.alloc_tensors"),
        ("modify", "pto_orch.call"),
        # @manual_output: the runtime output becomes a create passed as `out`...
        ("insert", "pto_tensor.create"),
        ("modify", "pto_orch.call"),
        # ...allocated before the manual scope; the call becomes a submit
        ("insert", "pto_tensor.alloc_tensors"),
        ("modify", "pto_orch.call"),
        ("insert", "pto_orch.submit"),
        ("replace", "pto_orch.call"),
        ("modify", "pto_rt.yield"),
        ("erase", "pto_orch.call"),
        # the reader after the scope lists the submit's TaskId, a new result of the scope
        ("insert", "pto_rt.scope"),
        ("replace", "pto_rt.scope"),
        ("modify", "pto_orch.call"),
        ("erase", "pto_rt.scope"),
        ("modify", "pto_rt.yield"),
        ("modify", "pto_orch.call"),
    ]
    assert events[0][1] is batches[0]
    assert batches[0].next_op is carry_scope
    scope = events[10][1]
    assert isinstance(scope, ScopeOp)
    assert scope.location == old_manual.location
    (submit,) = _ops(module, SubmitOp)
    reader = events[-1][1]
    assert list(reader.compiler_deps) == [scope.res[-1]]
    assert list(scope.body.block.last_op.operands)[-1] is submit.task_id  # type: ignore[union-attr]
    # batch-tensor-allocations' apply: these rewrites, then add-retain-edges'
    both = _parse(LEAVING)
    BatchTensorAllocations().rewrite_module(both)
    AddRetainEdges().rewrite_module(both)
    assert str(both) == _applied(BatchTensorAllocations(), LEAVING)


# A loop inside the auto scope carries the buffer out of it: the buffer stays in the loop
# (each iteration allocates one) and the scope around the loop is dissolved.
DISSOLVE = f"""
{K}
func.func @f(%a: {T}, %o: {T} {OUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %w = pto_rt.scope auto -> ({T}) {{
    %q = scf.for %j = %c0 to %c2 step %c1 iter_args(%y = %a) -> ({T}) {{
      %z = pto_rt.scope auto -> ({T}) {{
        %t = pto_tensor.create : {T}
        %t1 = pto_orch.call @k(in %y, out %t) : ({T}, {T}) -> {T}
        pto_rt.yield %t1 : {T}
      }}
      scf.yield %z : {T}
    }} {PLAN}
    pto_rt.yield %q : {T}
  }}
  %o1 = pto_orch.call @k(in %w, out %o) : ({T}, {T}) -> {T}
  func.return
}}
"""


def test_batch_tensor_allocations_dissolves_through_the_rewriter() -> None:
    module = _parse(DISSOLVE)
    outer, inner = _ops(module, ScopeOp)
    _, events = _rewrite(BatchTensorAllocations(), module)
    (scope,) = _ops(module, ScopeOp)
    (loop,) = _ops(module, scf.ForOp)
    (batch,) = _ops(module, pt.AllocTensorsOp)
    assert _kinds(events) == [
        ("erase", "pto_rt.yield"),  # the outer scope: its body moves before it
        ("replace", "pto_rt.scope"),
        ("modify", "pto_orch.call"),
        ("erase", "pto_rt.scope"),
        ("insert", "pto_tensor.alloc_tensors"),  # %t, before the loop body's scope
        ("modify", "pto_orch.call"),
    ]
    assert events[1][1] is outer
    assert scope is inner
    assert loop.parent_block() is module.ops.last.body.block  # type: ignore[union-attr]
    assert batch.parent_block() is loop.body.block
    assert batch.next_op is scope
    assert str(module) == _applied(BatchTensorAllocations(), DISSOLVE)


# A manual task with two runtime-allocated outputs that leave its scope: both become creates
# at once, and each reader after the scope lists the task's TaskId. (Before the patterns, the
# task was converted once per leaving output, and the second, empty conversion dropped the
# creates it had made from the ones whose readers need the edge.)
TWO = f"""
{K}
pto_orch.kernel @two aiv (in {T}, out {T}, out {T}) -> ({T}, {T}) returns [1, 2]
func.func @f(%a: {T}, %o: {T} {OUT}) {ORCH} {{
  %w, %v = pto_rt.scope manual -> ({T}, {T}) {{
    %x, %y = pto_orch.call @two(in %a) : ({T}) -> ({T}, {T})
    pto_rt.yield %x, %y : {T}, {T}
  }}
  %o1 = pto_orch.call @k(in %w, out %o) : ({T}, {T}) -> {T}
  %o2 = pto_orch.call @k(in %v, out %o1) : ({T}, {T}) -> {T}
  func.return
}}
"""


def test_both_leaving_outputs_of_a_manual_task_order_their_readers() -> None:
    module = _parse(TWO)
    BatchTensorAllocations().apply(make_context(), module)
    (writer,) = _ops(module, SubmitOp)
    (scope,) = _ops(module, ScopeOp)
    first, second = _ops(module, CallOp)
    assert list(scope.body.block.last_op.operands)[2:] == [writer.task_id] * 2  # type: ignore[union-attr]
    assert list(first.compiler_deps) == [scope.res[2]]
    assert list(second.compiler_deps) == [scope.res[3]]


# ---------------------------------------------------------------------------- apply -> patterns


@pytest.mark.parametrize(
    ("cls", "text"),
    [(AddRetainEdges, RETAIN), (BatchTensorAllocations, LEAVING)],
    ids=["add-retain-edges", "batch-tensor-allocations"],
)
def test_apply_goes_through_the_patterns(
    cls: type[ModulePass], text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`apply` (what pypto-opt and pto2-pipeline run) makes its changes by `rewrite_module`
    (batch-tensor-allocations': its own, then add-retain-edges'): a listener slipped into
    those calls sees the same events as direct calls."""
    passes = [cls] if cls is AddRetainEdges else [cls, AddRetainEdges]
    seen: list[Event] = []
    for owner in passes:
        original = owner.rewrite_module  # type: ignore[attr-defined]

        def spy(self: ModulePass, module: ModuleOp, listener: Any = None, _o: Any = original) -> None:
            assert listener is None
            _o(self, module, listener=_recorder(seen))

        monkeypatch.setattr(owner, "rewrite_module", spy)
    module = _parse(text)
    cls().apply(make_context(), module)
    monkeypatch.undo()
    direct = _parse(text)
    events: list[Event] = []
    for p in passes:
        p().rewrite_module(direct, listener=_recorder(events))  # type: ignore[attr-defined]
    assert seen
    assert _kinds(seen) == _kinds(events)
    assert str(module) == str(direct)
