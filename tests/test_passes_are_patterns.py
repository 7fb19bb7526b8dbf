"""The transforming passes are rewrite patterns (issue 22, item 5): fold-tensor-dims,
guard-dynamic-loop-steps, fuse-create-assemble-to-slice, derive-call-directions,
expand-manual-phase-fence and lower-reinterpreting-views change the IR only through xDSL's PatternRewriter, applied by a
PatternRewriteWalker, so a rewriter listener sees every insertion, replacement, erasure and
in-place modification.

Each pass exposes `rewrite_module(module, listener=None)`, which its `apply` calls; each test
attaches a recording `PatternRewriterListener` to it on a small program and checks the exact
ops the listener saw, and that the result is the pass's ordinary output. A pass that mutated
the IR by hand would leave the listener empty (or have no such hook)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pypto_dialects import tensor as pt
from pypto_dialects.context import make_context
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.system import TaskDummyOp
from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
from pypto_dialects.transforms.expand_manual_phase_fence import ExpandManualPhaseFence
from pypto_dialects.transforms.fold_tensor_dims import FoldTensorDims
from pypto_dialects.transforms.fuse_create_assemble_to_slice import FuseCreateAssembleToSlice
from pypto_dialects.transforms.guard_dynamic_loop_steps import GuardDynamicLoopSteps
from support.rewrite_events import Event
from support.rewrite_events import applied as _applied
from support.rewrite_events import ops as _ops
from support.rewrite_events import parse as _parse
from support.rewrite_events import recorder as _recorder
from support.rewrite_events import rewrite as _rewrite

ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"
OUT = "{pto_orch.dir = #pto_orch.dir<out>}"


def _kinds(events: list[Event]) -> list[tuple[str, str]]:
    """(kind, op name) of each event; the users of one replaced value are reported in the
    order of its use list, so their `modify` events are sorted by name within each run."""
    out: list[tuple[str, str]] = []
    run: list[tuple[str, str]] = []
    for kind, op in events:
        if kind == "modify":
            run.append((kind, op.name))
            continue
        out += sorted(run)
        run = []
        out.append((kind, op.name))
    return out + sorted(run)


# --------------------------------------------------------------------------- fold-tensor-dims

FOLD = f"""
pto_orch.kernel @k aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
func.func @f(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {OUT}, %n: index) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {{
    %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %t = pto_tensor.create(%M) : tensor<?x16xf32>
    %T = pto_tensor.dim %t, 0 : tensor<?x16xf32>
    %s = arith.addi %T, %M : index
  }}
  %M2 = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %u = arith.addi %M2, %M2 : index
  func.return
}}
"""


def test_fold_tensor_dims_rewrites_through_the_rewriter() -> None:
    before = _parse(FOLD)
    assert len(_ops(before, pt.DimOp)) == 3
    module, events = _rewrite(FoldTensorDims(), FOLD)
    (hoisted,) = _ops(module, pt.DimOp)  # %M and %M2 read %x's extent: once, at the top
    assert hoisted.result.name_hint == "M"
    assert hoisted.parent_block() is _ops(module, scf.ForOp)[0].parent_block()
    # %M (not dominating %M2) becomes one dim read at the top of @f; %T is %t's size (%M,
    # hence the hoisted dim); %M2 is the hoisted dim.
    assert _kinds(events) == [
        ("insert", "pto_tensor.dim"),
        ("replace", "pto_tensor.dim"),
        ("modify", "arith.addi"),
        ("modify", "pto_tensor.create"),
        ("erase", "pto_tensor.dim"),
        ("replace", "pto_tensor.dim"),
        ("modify", "arith.addi"),
        ("erase", "pto_tensor.dim"),
        ("replace", "pto_tensor.dim"),
        ("modify", "arith.addi"),
        ("modify", "arith.addi"),
        ("erase", "pto_tensor.dim"),
    ]
    assert events[0][1] is hoisted
    assert all(op is not hoisted for kind, op in events[1:] if kind == "erase")
    assert str(module) == _applied(FoldTensorDims(), FOLD)


# --------------------------------------------------------------------- guard-dynamic-loop-steps

GUARD = f"""
pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32> {OUT}, %n: index, %s: index) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %s {{
    %x = pto_orch.call @k(%a, %i, %b) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  }}
  scf.for %j = %c0 to %n step %c1 {{
    %y = pto_orch.call @k(%a, %j, %b) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  }}
  func.return
}}
"""


def test_guard_dynamic_loop_steps_rewrites_through_the_rewriter() -> None:
    module, events = _rewrite(GuardDynamicLoopSteps(), GUARD)
    dynamic, constant = _ops(module, scf.ForOp)
    assert _kinds(events) == [
        ("insert", "arith.constant"),
        ("insert", "arith.cmpi"),
        ("insert", "arith.select"),
        ("modify", "scf.for"),
    ]
    assert events[3][1] is dynamic
    select = events[2][1]
    assert isinstance(select, arith.SelectOp)
    assert dynamic.ub is select.result
    assert all(op.location == dynamic.location for _, op in events)  # located at the loop
    assert not isinstance(constant.ub.owner, arith.SelectOp)
    assert str(module) == _applied(GuardDynamicLoopSteps(), GUARD)
    _, again = _rewrite(GuardDynamicLoopSteps(), str(module))
    assert again == []  # idempotent: the guard is recognized


# ---------------------------------------------------------------- fuse-create-assemble-to-slice

FUSE = f"""
pto_orch.kernel @fill aiv (in tensor<4x8xf32>, out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @f(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {OUT}) -> tensor<4x8xf32> {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %row = pto_tensor.create : tensor<1x8xf32>
  %row1 = pto_orch.call @fill(%x, %row) : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %out1 = pto_tensor.assemble %row1 into %out[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  %s = pto_tensor.slice %out1[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
  %s1 = pto_orch.call @fill(%x, %s) : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %out2 = pto_tensor.assemble %s1 into %out1[%c1, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %out2 : tensor<4x8xf32>
}}
"""


def test_fuse_create_assemble_to_slice_rewrites_through_the_rewriter() -> None:
    before = _parse(FUSE)
    create = _ops(before, pt.CreateOp)[0]
    module, events = _rewrite(FuseCreateAssembleToSlice(), FUSE)
    assert not _ops(module, (pt.AssembleOp, pt.CreateOp))
    view = _ops(module, pt.SliceOp)[0]
    assert view.result.name_hint == "row"
    assert view.location == create.location  # located at the create it replaces
    # the fused assemble: the create becomes a slice of %out (inserted before its first
    # use), the assemble its target; the second assemble is a no-op
    assert _kinds(events) == [
        ("insert", "pto_tensor.slice"),
        ("replace", "pto_tensor.create"),
        ("modify", "pto_orch.call"),
        ("erase", "pto_tensor.create"),
        ("replace", "pto_tensor.assemble"),
        ("modify", "pto_tensor.assemble"),
        ("modify", "pto_tensor.slice"),
        ("erase", "pto_tensor.assemble"),
        ("replace", "pto_tensor.assemble"),
        ("modify", "func.return"),
        ("erase", "pto_tensor.assemble"),
    ]
    assert events[0][1] is view
    assert str(module) == _applied(FuseCreateAssembleToSlice(), FUSE)


# ----------------------------------------------------------------------- derive-call-directions

DERIVE = f"""
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @f(%a: tensor<16xf32>, %b: tensor<16xf32> {OUT}) {ORCH} {{
  %c = pto_tensor.create : tensor<16xf32>
  %c1 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %c2 = pto_orch.call @k(%a, %c1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b1 = pto_orch.call @k(in %c2, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}}
func.func @not_orchestration(%a: tensor<16xf32>, %b: tensor<16xf32>) {{
  %b1 = pto_orch.call @k(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}}
"""


def test_derive_call_directions_rewrites_through_the_rewriter() -> None:
    module, events = _rewrite(DeriveCallDirections(), DERIVE)
    first, second, _directed, other = _ops(module, CallOp)
    # the two undirected tasks of @f; the user-directed one and @not_orchestration's stay
    assert events == [("modify", first), ("modify", second)]
    assert [str(d) for d in first.directions() or ()] == ["in", "out"]
    assert [str(d) for d in second.directions() or ()] == ["in", "inout"]  # rule 2
    assert other.directions() is None
    assert str(module) == _applied(DeriveCallDirections(), DERIVE)
    _, again = _rewrite(DeriveCallDirections(), str(module))
    assert again == []  # idempotent


# -------------------------------------------------------------------- expand-manual-phase-fence

FENCE = f"""
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @f(%a: tensor<16xf32>, %out: tensor<16xf32> {OUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {{
    %none = pto_system.task_invalid
    %op, %tp = scf.for %p = %c0 to %c3 step %c1 iter_args(%o = %out, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {{
      %ob, %tb = scf.for %b = %c0 to %c4 step %c1 iter_args(%ob_it = %o, %prev_b = %prev) -> (tensor<16xf32>, !pto_orch.task_id) {{
        %o1, %t = pto_orch.submit @k(in %a, out %ob_it) deps(%prev_b : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %o1, %t : tensor<16xf32>, !pto_orch.task_id
      }} {{pto_orch.parallel}}
      scf.yield %ob, %tb : tensor<16xf32>, !pto_orch.task_id
    }}
  }}
  func.return
}}
"""


def test_expand_manual_phase_fence_rewrites_through_the_rewriter() -> None:
    module, events = _rewrite(ExpandManualPhaseFence(), FENCE)
    (consumer,) = _ops(module, SubmitOp)
    (barrier,) = _ops(module, TaskDummyOp)
    assert events == [("insert", barrier), ("modify", consumer)]
    assert list(consumer.deps) == [barrier.results[0]]
    assert barrier.location == consumer.location
    inner = _ops(module, scf.ForOp)[1]
    assert barrier.next_op is inner
    assert str(module) == _applied(ExpandManualPhaseFence(), FENCE)
    _, again = _rewrite(ExpandManualPhaseFence(), str(module))
    assert again == []  # idempotent


# ---------------------------------------------------------------------------- apply -> patterns

CASES: list[tuple[Callable[[], ModulePass], str]] = [
    (FoldTensorDims, FOLD),
    (GuardDynamicLoopSteps, GUARD),
    (FuseCreateAssembleToSlice, FUSE),
    (DeriveCallDirections, DERIVE),
    (ExpandManualPhaseFence, FENCE),
]


@pytest.mark.parametrize(("make", "text"), CASES, ids=[c[0].name for c in CASES])  # type: ignore[attr-defined]
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
    _, direct = _rewrite(make(), text)
    assert seen
    assert _kinds(seen) == _kinds(direct)


# --------------------------------------------------------------------------- lower-reinterpreting-views

REINTERPRET = f"""
pto_orch.kernel @k aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @f(%t: tensor<2x16xf32>, %y: tensor<4x8xf32> {OUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %v = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  %w = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<2x8xf32>
  %y1 = pto_orch.call @k(%v, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return
}}
"""


def test_lower_reinterpreting_views_rewrites_through_the_rewriter() -> None:
    from pypto_dialects.transforms.lower_reinterpreting_views import LowerReinterpretingViews

    module, events = _rewrite(LowerReinterpretingViews(), REINTERPRET)
    (reshape,) = _ops(module, pt.ReshapeOp)
    (kept,) = _ops(module, pt.ViewOp)  # the 2x8 window fits: still a view
    assert reshape.result.name_hint == "v"
    assert str(kept.result.type) == "tensor<2x8xf32>"
    assert _kinds(events) == [
        ("insert", "pto_tensor.reshape"),
        ("replace", "pto_tensor.view"),
        ("modify", "pto_orch.call"),
        ("erase", "pto_tensor.view"),
    ]
    assert str(module) == _applied(LowerReinterpretingViews(), REINTERPRET)
