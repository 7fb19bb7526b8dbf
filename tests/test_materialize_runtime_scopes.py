"""materialize-runtime-scopes on every program of examples/, and its
Python API.

For each example (globbed, so new examples are covered automatically): `pypto-opt
--materialize-runtime-scopes` succeeds; its output parses back to the same text; running the
pass on the output changes nothing (idempotence); every orchestration function of the output is
opted out and passes the RuntimeScopesMaterialized check; no call-level marker survives.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.utils.exceptions import PassFailedException

from opt_runner import EXAMPLES, opt_ok, opt_text
from pypto_dialects.context import make_context
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.rt import ScopeOp, auto_scope_enabled
from pypto_dialects.transforms import PASSES
from pypto_dialects.transforms.materialize_runtime_scopes import (
    MaterializeRuntimeScopes,
)
from pypto_dialects.transforms.verify_runtime_scopes_materialized import (
    VerifyRuntimeScopesMaterialized,
    check_runtime_scopes_materialized,
)

FILES = sorted(EXAMPLES.glob("*.mlir"))
IDS = [p.stem for p in FILES]
PASS = "--materialize-runtime-scopes"


def test_examples_exist() -> None:
    assert FILES, "examples/ holds no .mlir file"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_round_trips_and_is_idempotent(path: Path, tmp_path: Path) -> None:
    once = opt_ok([PASS, str(path)])
    assert opt_text(once, tmp_path, "reparsed.mlir") == once
    assert opt_text(once, tmp_path, "twice.mlir", PASS) == once
    assert opt_text(once, tmp_path, "checked.mlir", "--verify-runtime-scopes-materialized") == once
    assert "manual_candidate" not in once


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_every_orchestration_body_is_one_scope(path: Path) -> None:
    """Python API: after the pass, each orchestration function that was in auto-scope mode has
    a body made of one pto_rt.scope and its terminator, and is opted out."""
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    verify_module(module)
    was_auto = {
        f.sym_name.data
        for f in module.ops
        if isinstance(f, func.FuncOp) and is_orchestration(f) and auto_scope_enabled(f)
    }
    MaterializeRuntimeScopes().apply(ctx, module)
    verify_module(module)
    check_runtime_scopes_materialized(module)
    for f in module.ops:
        if isinstance(f, func.FuncOp) and f.sym_name.data in was_auto:
            ops = list(f.body.block.ops)
            assert len(ops) == 2, f.sym_name.data
            assert isinstance(ops[0], ScopeOp), f.sym_name.data
            assert not auto_scope_enabled(f)


def test_pass_is_registered_under_both_spellings() -> None:
    factory, summary = PASSES["materialize-runtime-scopes"]
    assert factory() is MaterializeRuntimeScopes
    assert summary
    factory, summary = PASSES["verify-runtime-scopes-materialized"]
    assert factory() is VerifyRuntimeScopesMaterialized
    assert summary
    src = (EXAMPLES / "for_carry.mlir").read_text()
    assert opt_ok(["-p", "materialize-runtime-scopes", str(EXAMPLES / "for_carry.mlir")]) == (
        opt_ok([PASS, str(EXAMPLES / "for_carry.mlir")])
    )
    assert "pto_rt.scope" not in src


def test_scope_count_matches_the_structure() -> None:
    """for_carry: one scope for the body, one for the loop body; if_else: one for the body and
    one per branch."""
    assert opt_ok([PASS, str(EXAMPLES / "for_carry.mlir")]).count("pto_rt.scope auto") == 2
    assert opt_ok([PASS, str(EXAMPLES / "if_else.mlir")]).count("pto_rt.scope auto") == 3


LAYER_WITH_SCOPE = """\
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer} {
  pto_rt.scope manual {
    %r = pto_orch.call @k(%a, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  %r2 = pto_orch.call @k(%a, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
"""


def test_layer_marker_with_inner_scope_is_a_located_pass_error() -> None:
    ctx = make_context()
    module = parse_module(ctx, LAYER_WITH_SCOPE, "layer.mlir")
    with pytest.raises(PassFailedException) as info:
        MaterializeRuntimeScopes().apply(ctx, module)
    msg = str(info.value)
    assert "\n" not in msg
    assert msg.startswith("layer.mlir:3:3: error: 'pto_rt.scope' op is inside @f, which carries")


def test_check_names_the_function_and_the_fix() -> None:
    ctx = make_context()
    module = parse_module(ctx, (EXAMPLES / "orch_basic.mlir").read_text(), "orch_basic.mlir")
    with pytest.raises(PassFailedException) as info:
        check_runtime_scopes_materialized(module)
    msg = str(info.value)
    assert re.match(r"orch_basic\.mlir:\d+:1: error: 'func\.func' op @orch_basic is still in "
                    r"auto-scope mode", msg), msg
    assert "run materialize-runtime-scopes first" in msg
    MaterializeRuntimeScopes().apply(ctx, module)
    check_runtime_scopes_materialized(module)  # no exception once materialized
