"""Located errors (never a silent wrong value) for what a run cannot do as the C++ would:
element indices out of range, tensors whose run-time shape is not the kernel's, kernel
implementations returning the wrong shape, extents beyond uint32_t, and scalar arguments that
do not fit their type (found by a fresh-user review)."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module

T = "tensor<16xf32>"
ATTRS = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"


def run(text: str, args: dict, kernels: dict | None = None):  # type: ignore[no-untyped-def]
    module = parse_module(make_context(), text, "e.mlir")
    return run_function(module, "f", args, kernels or {})


READ = f"""func.func @f(%a: {T}, %i: index) -> f32 {ATTRS} {{
  %v = pto_tensor.read %a[%i] : {T} -> f32
  func.return %v : f32
}}
"""


@pytest.mark.parametrize("i", [-1, 16])
def test_an_element_index_out_of_range_is_a_located_error(i: int) -> None:
    with pytest.raises(InterpretationError) as info:
        run(READ, {"a": np.zeros(16, np.float32), "i": i})
    assert str(info.value) == (
        f"e.mlir:2:3: error: 'pto_tensor.read' op index {i} is out of range along dimension 0 "
        "of %a (extent 16); the runtime does not check it")


KERNEL = (f"pto_orch.kernel @inc aiv (in {T}, out {T}) -> {T}\n"
          f"func.func @f(%a: tensor<?xf32>, %o: {T} {{pto_orch.dir = #pto_orch.dir<out>}}) {ATTRS} {{\n"
          f"  %o1 = pto_orch.call @inc(%a, %o) : (tensor<?xf32>, {T}) -> {T}\n"
          "  func.return\n}\n")


def test_a_tensor_of_another_shape_than_the_kernels_is_a_located_error() -> None:
    with pytest.raises(InterpretationError) as info:
        run(KERNEL, {"a": np.zeros(8, np.float32)}, {"inc": lambda x, o: x})
    assert str(info.value) == ("e.mlir:3:3: error: 'pto_orch.call' op argument 0 is %a of shape "
                               "8 at run time, but kernel parameter 0 of @inc is tensor<16xf32>")


def test_a_kernel_returning_the_wrong_shape_is_a_located_error() -> None:
    with pytest.raises(InterpretationError) as info:
        run(KERNEL, {"a": np.zeros(16, np.float32)}, {"inc": lambda x, o: x[:8]})
    assert str(info.value).startswith(
        "e.mlir:3:3: error: 'pto_orch.call' op the implementation of @inc returned a value that "
        "does not fit parameter 1 (shape (16,)):")


def test_an_extent_beyond_uint32_is_a_located_error() -> None:
    text = (f"func.func @f(%n: index) {ATTRS} {{\n"
            "  %t = pto_tensor.create(%n) : tensor<?xf32>\n  func.return\n}\n")
    with pytest.raises(InterpretationError) as info:
        run(text, {"n": 2**32})
    assert "does not fit the runtime's uint32_t extents" in str(info.value)
    assert str(info.value).startswith("e.mlir:2:3: error: 'pto_tensor.create' op extent")


SCALARS = (f"func.func @f(%b: i8, %c: i1, %n: index, %x: f32) {ATTRS} {{\n"
           "  func.return\n}\n")
OK = {"b": 1, "c": 1, "n": 1, "x": 1.0}


@pytest.mark.parametrize(("name", "value", "message"), [
    ("b", 300, "scalar argument 'b' = 300 does not fit i8"),
    ("b", -129, "scalar argument 'b' = -129 does not fit i8"),
    ("c", 2, "scalar argument 'c' = 2 does not fit i1"),
    ("n", 2**64, f"scalar argument 'n' = {2**64} does not fit index"),
    ("b", 1.5, "scalar argument 'b' (i8) must be an integer, not 1.5"),
    ("x", "s", "scalar argument 'x' (f32) must be a number, not 's'"),
])
def test_a_scalar_that_does_not_fit_is_refused(name: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match="^@f: scalar argument ") as info:
        run(SCALARS, {**OK, name: value})
    assert str(info.value) == f"@f: {message}"


def test_scalars_at_the_edges_are_accepted() -> None:
    run(SCALARS, {"b": -128, "c": True, "n": 2**64 - 1, "x": 3})
    run(SCALARS, {"b": 255, "c": 0, "n": -(2**63), "x": 0.5})


# What the runtime's Tensor checks at run time (docs/runtime-api.md T2-T4, 3.9): a view or
# slice outside its source (a debug check, live in the runtime's orchestration builds) and the
# reshape of a non-contiguous tensor (an always-check) throw in the orchestration thread. With
# dynamic offsets or extents only the run can tell: the interpreter stops there too.
SLICE = f"""func.func @f(%a: {T}, %i: index) -> f32 {ATTRS} {{
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %a[%i] : {T} to tensor<8xf32>
  %v = pto_tensor.read %s[%c0] : tensor<8xf32> -> f32
  func.return %v : f32
}}
"""
RESHAPE = f"""func.func @f(%a: tensor<4x16xf32>, %n: index) -> f32 {ATTRS} {{
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %a[%c0, %c0] sizes(%n) : tensor<4x16xf32> to tensor<4x?xf32>
  %r = pto_tensor.reshape %s sizes(%n) : tensor<4x?xf32> to tensor<4x?xf32>
  %v = pto_tensor.read %r[%c0, %c0] : tensor<4x?xf32> -> f32
  func.return %v : f32
}}
"""


def test_a_slice_outside_its_source_is_a_located_error() -> None:
    assert run(SLICE, {"a": np.ones(16, np.float32), "i": 8}).results == (1.0,)
    with pytest.raises(InterpretationError) as info:
        run(SLICE, {"a": np.ones(16, np.float32), "i": 9})
    assert str(info.value) == (
        "e.mlir:3:3: error: 'pto_tensor.slice' op dimension 0: offset 9 + extent 8 exceeds "
        "the source extent 16 (source %a)")


def test_the_reshape_of_a_non_contiguous_region_is_a_located_error() -> None:
    # the whole rows (n = 16) are contiguous; half of each row (n = 8) is not
    assert run(RESHAPE, {"a": np.ones((4, 16), np.float32), "n": 16}).results == (1.0,)
    with pytest.raises(InterpretationError) as info:
        run(RESHAPE, {"a": np.ones((4, 16), np.float32), "n": 8})
    assert str(info.value) == (
        "e.mlir:4:3: error: 'pto_tensor.reshape' op reshapes %a[0:4, 0:8], which is not "
        "contiguous: the runtime's Tensor::reshape needs a contiguous tensor")
