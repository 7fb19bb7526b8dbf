"""pypto-opt's `canonicalize` (transforms/canonicalize.py) puts on the walker's worklist only
the ops the applier may change (`_may_act`); the IR it reaches must be the IR xDSL's own
`CanonicalizePass` reaches with our TaskId patterns added (the same applier and dead-code
elimination on every op), on programs where rewrites enable others across rounds: a barrier
of invalid deps inside a scope becomes `task_invalid`, which makes the scope's result
invalid, which a later task's deps then drop; folds that leave ops dead; the bench's
generated programs before the pipeline's canonicalize step."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.printer import Printer
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern
from xdsl.transforms.dead_code_elimination import region_dce

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.task_id_folds import DropInvalidDeps, FoldIsValid
from pypto_dialects.transforms import canonicalize as ours
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.generate import generate_program

T = "tensor<4xf32>"
ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"
# %s's barrier lists only invalid TaskIds: it becomes task_invalid (round 1), the scope's
# result %t is then invalid, and @k's deps(%t, %u) keep %u only; %m is dead once %z folds
CHAINED = f"""
pto_orch.kernel @k aiv (inout {T}) -> {T}
func.func @f(%a: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %n: index) {ORCH} {{
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.muli %c2, %c3 : index
  %m = arith.addi %z, %n : index
  %none = pto_system.task_invalid
  %t = pto_rt.scope manual -> (!pto_orch.task_id) {{
    %s = pto_system.task_dummy deps(%none : !pto_orch.task_id)
    pto_rt.yield %s : !pto_orch.task_id
  }}
  %u = pto_rt.scope manual -> (!pto_orch.task_id) {{
    %a1, %v = pto_orch.submit @k(inout %a) : ({T}) -> {T}
    pto_rt.yield %v : !pto_orch.task_id
  }}
  pto_rt.scope manual {{
    %valid = pto_system.task_is_valid %t
    %a2, %w = pto_orch.submit @k(inout %a) deps(%t, %u : !pto_orch.task_id, !pto_orch.task_id) : ({T}) -> {T}
    pto_rt.yield
  }}
  func.return
}}
"""


def _xdsl_canonicalize(module: ModuleOp) -> None:
    ctx = make_context()
    pattern = GreedyRewritePatternApplier(
        [CanonicalizationRewritePattern(), DropInvalidDeps(), FoldIsValid()],
        ctx=ctx,
        folding_enabled=True,
    )
    PatternRewriteWalker(pattern, post_walk_func=region_dce).rewrite_module(module)


def _text(module: ModuleOp) -> str:
    out = StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def _programs() -> list[tuple[str, str]]:
    ctx = make_context()
    out = [("chained", CHAINED)]
    for mix in ("full", "auto"):
        text, _ = generate_program(400, mix)
        module = parse_module(ctx, text, "g.mlir")
        for step in Pto2Pipeline(analyze_auto_scopes=mix == "auto").steps():
            if step.name == "canonicalize":
                break
            step.apply(ctx, module)
        out.append((f"{mix} before canonicalize", _text(module)))
    return out


@pytest.mark.parametrize(("name", "text"), _programs(), ids=lambda x: x if len(x) < 40 else "")
def test_same_ir_as_xdsls_walker(name: str, text: str) -> None:
    ctx = make_context()
    mine, theirs = parse_module(ctx, text, "p.mlir"), parse_module(ctx, text, "p.mlir")
    verify_module(mine)
    ours.Canonicalize().apply(ctx, mine)
    _xdsl_canonicalize(theirs)
    verify_module(mine)
    assert _text(mine) == _text(theirs)


def test_chained_rewrites_reach_the_fixed_point() -> None:
    ctx = make_context()
    module = parse_module(ctx, CHAINED, "p.mlir")
    ours.Canonicalize().apply(ctx, module)
    text = _text(module)
    assert "pto_system.task_dummy" not in text
    assert "arith.muli" not in text
    assert "arith.addi" not in text
    assert "deps(%u : !pto_orch.task_id)" in text, text


def test_the_walk_skips_ops_the_applier_leaves() -> None:
    """A terminator, a used create and a task listing valid TaskIds only are not visited;
    a task listing an invalid one, a fold and a dead op are."""
    ctx = make_context()
    module = parse_module(ctx, CHAINED, "p.mlir")
    by_name = {}
    for op in module.walk():
        by_name.setdefault(op.name, []).append(op)
    assert not ours._may_act(by_name["func.return"][0])
    assert not ours._may_act(by_name["pto_rt.yield"][0])
    first, second = by_name["pto_orch.submit"]
    assert not ours._may_act(first)  # no deps
    assert not ours._may_act(second)  # %t, %u: not yet known invalid
    assert ours._may_act(by_name["pto_system.task_dummy"][0])  # lists task_invalid
    assert ours._may_act(by_name["arith.muli"][0])  # folds
    assert ours._may_act(by_name["pto_system.task_is_valid"][0])
