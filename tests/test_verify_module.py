"""`verify_module`'s dominance check on IR built or rewritten in Python (the cases text
cannot express): a pass that moves a definition into a region but leaves a use outside it,
or uses a value of an op that is not in the module. xDSL's own `verify()` accepts both
(it checks no dominance), and the printed IR would not parse back.
"""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Block
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.rt import ScopeMode, ScopeOp, YieldOp
from pypto_dialects.tensor import CreateOp, DimOp

TEXT = """func.func @f() attributes {pto_rt.auto_scope = false} {
  %c = pto_tensor.create : tensor<4xf32>
  %d = pto_tensor.dim %c, 0 : tensor<4xf32>
  func.return
}
"""


def _parse():
    module = parse_module(make_context(), TEXT, "t.mlir")
    verify_module(module)
    body = module.body.block.first_op.body.block  # type: ignore[union-attr]
    create, dim = list(body.ops)[:2]
    return module, body, create, dim


def test_definition_moved_into_a_region_is_reported_at_the_use() -> None:
    module, body, create, dim = _parse()
    create.detach()
    scope = ScopeOp(ScopeMode.MANUAL, Block([create, YieldOp()]))
    body.insert_op_before(scope, dim)
    with pytest.raises(VerifyException) as info:
        verify_module(module)
    assert str(info.value) == (
        "t.mlir:3:3: error: 'pto_tensor.dim' op operand #0 is defined in a region that "
        "does not enclose this use"
    )


def test_use_of_a_detached_op_is_reported() -> None:
    module, _body, _create, dim = _parse()
    stray = CreateOp(TensorType(f32, [4]))
    dim.operands = [stray.result]
    with pytest.raises(VerifyException) as info:
        verify_module(module)
    assert str(info.value) == (
        "t.mlir:3:3: error: 'pto_tensor.dim' op operand #0 is defined outside of the IR"
    )


def test_definition_moved_after_its_use_is_reported() -> None:
    module, body, create, dim = _parse()
    create.detach()
    body.insert_op_after(create, dim)
    with pytest.raises(VerifyException) as info:
        verify_module(module)
    assert str(info.value) == (
        "t.mlir:3:3: error: 'pto_tensor.dim' op operand #0 does not dominate this use: %c "
        "is defined later, on line 2"
    )


def test_well_formed_rewrite_verifies() -> None:
    module, body, create, dim = _parse()
    extra = DimOp(create.result, 0)
    body.insert_op_after(extra, dim)
    verify_module(module)


def test_use_of_an_erased_op_is_a_diagnostic_not_a_crash() -> None:
    """xDSL's verify() raises a bare ValueError here (a traceback in the driver)."""
    module, _body, create, _dim = _parse()
    create.detach()
    create.erase(safe_erase=False)
    with pytest.raises(VerifyException) as info:
        verify_module(module)
    assert str(info.value) == (
        "t.mlir:3:3: error: 'pto_tensor.dim' op operand #0 is not defined by any operation"
    )


def test_use_nested_in_a_region_before_its_definition_is_reported() -> None:
    """The use sits in a scope that comes before the definition in the definition's block."""
    module, body, create, dim = _parse()
    dim.detach()
    body.insert_op_before(ScopeOp(ScopeMode.MANUAL, Block([dim, YieldOp()])), create)
    with pytest.raises(VerifyException) as info:
        verify_module(module)
    assert str(info.value) == (
        "t.mlir:3:3: error: 'pto_tensor.dim' op operand #0 does not dominate this use: %c "
        "is defined later, on line 2"
    )


def test_use_nested_in_a_region_after_its_definition_verifies() -> None:
    module, body, create, dim = _parse()
    dim.detach()
    body.insert_op_after(ScopeOp(ScopeMode.MANUAL, Block([dim, YieldOp()])), create)
    verify_module(module)


def test_use_of_its_own_result_is_reported() -> None:
    module, _body, _create, dim = _parse()
    dim.operands = [dim.results[0]]
    with pytest.raises(VerifyException) as info:
        verify_module(module)
    assert str(info.value) == (
        "t.mlir:3:3: error: 'pto_tensor.dim' op operand #0 does not dominate this use: %d "
        "is defined later, on line 3"
    )
