"""A host read whose value is only returned (`func.return %v`: the entry is `void`, so the C++
never uses it) is printed as a discarded call, `(void)get_tensor_data<T>(...)`, not as an
unused variable that fails `-Wall -Werror` (found by a review on
tests/filecheck/transforms/pto2_pipeline/legality.mlir; both API generations)."""

from __future__ import annotations

import numpy as np
import pytest

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support import model_header

T = "tensor<16xf32>"
PROGRAM = f"""
pto_orch.kernel @k aiv (in {T}, out {T}) -> {T}
func.func @f(%a: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<out>}}) -> (f32, f32) attributes {{pto_orch.kind = #pto_orch.kind<orchestration>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o1 = pto_orch.call @k(in %a, out %o) : ({T}, {T}) -> {T}
  %v = pto_tensor.read %o1[%c0] : {T} -> f32
  %w = pto_tensor.read %o1[%c1] : {T} -> f32
  func.return %v, %w : f32, f32
}}
"""


@pytest.mark.parametrize("api", ["seed", "current"])
def test_a_read_that_is_only_returned_is_discarded_and_compiles(api: str) -> None:
    module = parse_module(make_context(), PROGRAM, "t.mlir")
    Pto2Pipeline().apply(make_context(), module)
    code = generate_module(module, api=api).code
    assert "(void)get_tensor_data<float>(ext_o, 1, indices_ext_o);" in code
    assert "(void)get_tensor_data<float>(ext_o, 1, indices_ext_o_1);" in code
    assert "float v =" not in code
    check = model_header.compile_check(code, "f.cpp", generation=api)
    assert check.returncode == 0, check.stderr
    # and it runs: the host reads wait for the task (no host race), the values are returned
    a = np.arange(16, dtype=np.float32)
    run = run_function(module, "f", {"a": a}, {"k": lambda x, o: x + np.float32(1)}, api=api)
    assert run.faults() == []
    assert run.results == (1.0, 2.0)
    np.testing.assert_array_equal(run.outputs["o"], a + 1)
    assert run.graph.edge_set() == set()  # one task, nothing to order among tasks
