"""`pypto_dialects/analysis/dead_ops.py` against xDSL's dead-code elimination, which it
replaces in canonicalize (its post-walk step) and in the pto2-cpp target: the same effects
for every op, the same live set, the same ops erased in the same order through the listener,
the same IR after."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriterListener
from xdsl.traits import get_effects
from xdsl.transforms import dead_code_elimination as xdsl_dce

from pypto_dialects.analysis.dead_ops import DeadOps, live_ops, region_dce
from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.generate import generate_program

T = "tensor<4xf32>"
ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"
# dead pure chains (one feeding another), a dead loop and a dead if with pure bodies, a dead
# op inside a live loop, a loop kept only by the task in its body, a used chain
DEAD = f"""
pto_orch.kernel @k aiv (inout {T})
func.func @f(%a: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, %n: index, %c: i1) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.addi %n, %c1 : index
  %y = arith.muli %x, %x : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {{
    %t = arith.addi %acc, %i : index
    scf.yield %t : index
  }}
  %r = scf.if %c -> (index) {{
    %u = arith.addi %n, %n : index
    scf.yield %u : index
  }} else {{
    scf.yield %c0 : index
  }}
  scf.for %i = %c0 to %n step %c1 {{
    %dead = arith.muli %i, %i : index
    pto_orch.call @k(inout %a) : ({T}) -> ()
    scf.yield
  }}
  %w = arith.addi %n, %c1 : index
  scf.for %i = %c0 to %w step %c1 {{
    scf.yield
  }}
  func.return
}}
"""


def _removed(listener: PatternRewriterListener) -> list[Operation]:
    out: list[Operation] = []
    listener.operation_removal_handler.append(out.append)
    return out


def _xdsl_live(module: ModuleOp) -> set[Operation]:
    live = xdsl_dce.LiveSet()
    while live.changed:
        live.changed = False
        live.propagate_region_liveness(module.body)
    return {op for op in module.walk() if live.is_live(op)}


def _modules() -> list[tuple[str, ModuleOp]]:
    ctx = make_context()
    out = [("dead", parse_module(ctx, DEAD, "dead.mlir"))]
    for mix in ("full", "auto"):
        text, _ = generate_program(300, mix)
        out.append((f"{mix} as parsed", parse_module(ctx, text, "g.mlir")))
        module = parse_module(ctx, text, "g.mlir")
        for step in Pto2Pipeline(analyze_auto_scopes=mix == "auto").steps():
            if step.name == "canonicalize":
                break
            step.apply(ctx, module)
        out.append((f"{mix} before canonicalize", module))
    return out


@pytest.mark.parametrize(
    ("name", "module"), _modules(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_same_effects_liveness_and_erasures_as_xdsl(name: str, module: ModuleOp) -> None:
    dead = DeadOps()
    for op in module.walk():
        assert dead.effects(op) == get_effects(op), op.name
        assert dead.would_be_trivially_dead(op) == xdsl_dce.would_be_trivially_dead(op)
        assert dead.is_trivially_dead(op) == xdsl_dce.is_trivially_dead(op)
    ours = live_ops(module.body)
    assert not ours.changed
    assert {op for op in module.walk() if ours.is_live(op)} == _xdsl_live(module)

    theirs = module.clone()
    listener_a, listener_b = PatternRewriterListener(), PatternRewriterListener()
    erased_a, erased_b = _removed(listener_a), _removed(listener_b)
    changed_a = xdsl_dce.region_dce(theirs.body, listener_a)
    changed_b = region_dce(module.body, listener_b)
    assert changed_a == changed_b
    assert [op.name for op in erased_a] == [op.name for op in erased_b]
    assert str(theirs) == str(module)


def test_dead_module_erases_exactly_the_dead_ops() -> None:
    module = parse_module(make_context(), DEAD, "dead.mlir")
    listener = PatternRewriterListener()
    erased = _removed(listener)
    assert region_dce(module.body, listener)
    # last to first, as xDSL erases: the empty loop on %w, then %w, the dead op in the live
    # loop, the dead if and loop (their bodies go with them), %y, %x
    assert [(op.name, str(op.location).split(":")[1]) for op in erased] == [
        ("scf.for", "24"),
        ("arith.addi", "23"),
        ("arith.muli", "19"),
        ("scf.if", "12"),
        ("scf.for", "8"),
        ("arith.muli", "7"),
        ("arith.addi", "6"),
    ]
    assert not region_dce(module.body)
