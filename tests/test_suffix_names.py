"""Parameters whose SSA names end in `_<digits>` (`%out_0`, `%out_1`) keep those names
everywhere a user sees them, not only in the C++ the CLI prints: xDSL's name hint drops such a
suffix (both become `out`), so a plain `module.clone()` loses it (pypto_dialects/name_locs.py).

- the printer's own copies (`generate_module(..., pto2_pipeline=True)`, and the copy it makes
  to drop dead ops from input that did not go through the pipeline) print `ext_out_0` /
  `ext_out_1` and name the parameters `out_0` / `out_1` in kernel_config.json (they printed
  `ext_out` / `ext_out_1` and named both `out`);
- the interpreter takes its arguments and gives its outputs by those names (pypto-run
  rejected `--arg out_0=...`: "@numeric has no parameter out_0, out_1 (parameters: x, out,
  out)", and by name both arguments landed in one parameter).

Found translating upstream PyPTO's test_param_with_numeric_suffix
(tests/execution/upstream_codegen.mlir, @numeric_suffix)."""

from __future__ import annotations

import json

import numpy as np

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.transforms import PASSES

PROGRAM = """
pto_orch.kernel @kernel aiv (in tensor<4xf32>, inout tensor<4xf32>, inout tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [1, 2]
func.func @numeric(%x: tensor<4xf32>, %out_0: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out_1: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %d = pto_tensor.dim %x, 0 : tensor<4xf32>
  %r0, %r1 = pto_orch.call @kernel(%x, %out_0, %out_1) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return
}
"""


def parsed():
    module = parse_module(make_context(), PROGRAM, "suffix.mlir")
    verify_module(module)
    return module


def names_of(result) -> tuple[list[str], list[str]]:
    code = result.results[0].code
    ext = [line.split()[1] for line in code.splitlines() if "from_tensor_arg" in line]
    params = json.loads(result.files["kernel_config.json"])["orchestrations"][0]["params"]
    return ext, [p["name"] for p in params]


def test_the_printers_pipeline_copy_keeps_the_suffix() -> None:
    result = generate_module(parsed(), pto2_pipeline=True)
    assert names_of(result) == (["ext_x", "ext_out_0", "ext_out_1"], ["x", "out_0", "out_1"])


def test_the_printers_dead_op_copy_keeps_the_suffix() -> None:
    # printed without the pipeline: the printer drops the unused dim on a copy of its own
    module = parsed()
    ctx = make_context()
    for name in ("derive-call-directions", "materialize-runtime-scopes", "classify-iter-arg-carry"):
        PASSES[name][0]()().apply(ctx, module)
    result = generate_module(module)
    assert names_of(result) == (["ext_x", "ext_out_0", "ext_out_1"], ["x", "out_0", "out_1"])
    code = result.results[0].code
    assert "params_t0.add_inout(ext_out_0);" in code
    assert "params_t0.add_inout(ext_out_1);" in code


def kernel(x, o0, o1):  # type: ignore[no-untyped-def]
    o0 += x
    o1 -= x


def test_the_interpreter_binds_arguments_by_the_names_written() -> None:
    x, a, b = (np.full(4, v, np.float32) for v in (1, 10, 100))
    run = run_function(parsed(), "numeric", {"x": x, "out_0": a, "out_1": b}, {"kernel": kernel})
    assert sorted(run.outputs) == ["out_0", "out_1", "x"]
    np.testing.assert_array_equal(run.outputs["out_0"], a + x)
    np.testing.assert_array_equal(run.outputs["out_1"], b - x)
    # in order as well
    run = run_function(parsed(), "numeric", [x, a, b], {"kernel": kernel})
    np.testing.assert_array_equal(run.outputs["out_1"], b - x)
