"""The cheap IR accessors of pypto_dialects/analysis/accessors.py answer as xDSL's own do:
the operand groups of `pto_orch.call` / `submit` (installed on the classes by
`fast_operand_groups`) against xDSL's generic accessors, before and after an operand edit;
`segment_sizes`, `task_args`, the per-class trait and dialect memos, and the per-kernel memo
of `result_param_indices`."""

from __future__ import annotations

from xdsl.ir import SSAValues
from xdsl.irdl.operations import (
    OptionalAttrAccessor,
    VariadicAttrAccessor,
)
from xdsl.traits import IsTerminator

from pypto_dialects.analysis import accessors as acc
from pypto_dialects.context import make_context
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.orch_kernel import KernelOp
from pypto_dialects.parsing import parse_module

PROGRAM = """
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @two aiv (in tensor<4xf32>, out tensor<4xf32>, inout tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [2, 1]
func.func @f(%a: tensor<4xf32>, %n: index) {
  %o = pto_tensor.create : tensor<4xf32>
  %r, %t = pto_orch.submit @k(%a, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %o2 = pto_tensor.create : tensor<4xf32>
  %x, %y, %t2 = pto_orch.submit @two(%r, %o2, %a) launch(%n : index) deps(%t : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %z = pto_orch.call @k(%x, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
"""

GENERIC = {VariadicAttrAccessor: VariadicAttrAccessor, OptionalAttrAccessor: OptionalAttrAccessor}


def _generic(op, name):
    """What xDSL's own accessor for operand group `name` answers."""
    fast = vars(type(op))[name]
    base = next(c for c in type(fast).__mro__[1:] if c in GENERIC)
    return base.__get__(fast, op)


def _groups(op):
    names = ["args", "compiler_deps", "dynamic_block_num"]
    return names + (["deps"] if isinstance(op, SubmitOp) else [])


def _tasks():
    module = parse_module(make_context(), PROGRAM, "accessors.mlir")
    return module, [op for op in module.walk() if isinstance(op, CallOp | SubmitOp)]


def test_operand_groups_match_xdsl():
    _, tasks = _tasks()
    assert [type(t) for t in tasks] == [SubmitOp, SubmitOp, CallOp]
    for t in tasks:
        for name in _groups(t):
            mine, theirs = getattr(t, name), _generic(t, name)
            assert mine == theirs, (t.name, name)
            assert type(mine) is type(theirs), (t.name, name)
        assert acc.task_args(t) == tuple(t.args)
    second = tasks[1]
    assert [v.name_hint for v in second.args] == ["r", "o2", "a"]
    assert [v.name_hint for v in second.deps] == ["t"]
    assert isinstance(second.args, SSAValues)
    assert second.dynamic_block_num is not None
    assert second.dynamic_block_num.name_hint == "n"
    assert tasks[0].dynamic_block_num is None
    assert acc.segment_sizes(second) == (3, 1, 0, 1)


def test_operand_groups_follow_an_edit():
    _, tasks = _tasks()
    first, second, call = tasks
    call.add_compiler_deps([first.task_id, second.task_id])
    second.set_compiler_deps([first.task_id])
    assert list(call.compiler_deps) == [first.task_id, second.task_id]
    assert list(second.compiler_deps) == [first.task_id]
    assert acc.segment_sizes(second) == (3, 1, 1, 1)
    for t in tasks:
        for name in _groups(t):
            assert getattr(t, name) == _generic(t, name)
    assert second.dynamic_block_num is _generic(second, "dynamic_block_num")


def test_class_memos_and_kernel_indices():
    module, _ = _tasks()
    ops = list(module.walk())
    for op in ops:
        assert acc.is_terminator(op) == op.has_trait(IsTerminator)
        assert acc.dialect_name(op) == op.dialect_name()
    kernels = [op for op in ops if isinstance(op, KernelOp)]
    assert [acc.result_param_indices(k) for k in kernels] == [(1,), (2, 1)]
    assert [list(k.result_param_indices()) for k in kernels] == [[1], [2, 1]]
