"""Compile check (docs/testing.md): the runtime API header accepts docs/targets/pto2-cpp.md's
complete example and the other constructs the printer emits, and rejects misuse the runtime
would reject (or silently miscompile)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.compile_check import syntax_check

EXAMPLES = Path(__file__).resolve().parent / "support" / "examples"


def test_design_complete_example_compiles() -> None:
    text = (EXAMPLES / "orch_basic_expected.cpp").read_text()
    # The fixture is the complete orch_basic example (README) verbatim: kernel id 0 twice.
    assert text.count("rt_submit_aiv_task(0, params_t") == 2
    result = syntax_check(text, strict=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.cpp")), ids=lambda p: p.name)
def test_example_fixture_compiles(path: Path) -> None:
    result = syntax_check(path.read_text(), name=path.name, strict=True)
    assert result.returncode == 0, result.stderr


PRELUDE = """#include "pto_orchestration_api.h"
void body(const ChipStorageTaskArgs& orch_args) {
    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
    uint32_t s[2] = {16, 16};
    uint32_t o[2] = {0, 0};
    TensorCreateInfo c_ci(s, 2, DataType::FLOAT32);
    Arg params;
"""

REJECTED = {
    "temporary_input": ("params.add_input(ext_a.view(s, o));", "temporary would dangle"),
    "temporary_output": ("params.add_output(ext_a.transpose(0, 1));", "temporary would dangle"),
    "mixed_output_kinds": ("params.add_output(ext_a, c_ci);", "all Tensor or all TensorCreateInfo"),
    "create_info_as_input": ("params.add_inout(c_ci);", "error"),
    "get_ref_on_temporary": (
        "const Tensor& t = alloc_tensors(c_ci).get_ref(0); (void)t;",
        "use of deleted function",
    ),
    "alloc_batch_over_16": (
        "TaskOutputTensors a = alloc_tensors(" + ", ".join(["c_ci"] * 17) + ");",
        "at most 16 TensorCreateInfos",
    ),
    "four_kernel_slots": ("MixedKernels m = {0, 1, 2, 3}; (void)m;", "too many initializers"),
    "scalar_of_pointer": ("params.add_scalar(&ext_a);", "arithmetic or enum"),
    "unknown_dtype": ("TensorCreateInfo x(s, 2, DataType::FP64);", "FP64"),
    "deps_wrong_type": ("int64_t d[1] = {0}; params.set_dependencies(d, 1);", "cannot convert"),
}


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_header_rejects_misuse(case: str) -> None:
    line, message = REJECTED[case]
    result = syntax_check(PRELUDE + "    " + line + "\n}\n")
    assert result.returncode != 0
    assert message in result.stderr, result.stderr


def test_entry_point_signature_is_enforced() -> None:
    text = '#include "pto_orchestration_api.h"\nextern "C" void aicpu_orchestration_entry(ChipStorageTaskArgs args) { (void)args; }\n'
    result = syntax_check(text)
    assert result.returncode != 0
    assert "conflicting declaration" in result.stderr, result.stderr


def test_every_runtime_dtype_is_declared() -> None:
    names = [
        "FLOAT32", "FLOAT16", "INT32", "INT16", "INT8", "UINT8", "BFLOAT16", "INT64", "UINT64",
        "UINT16", "UINT32", "BOOL", "FP8E4M3FN", "FP8E8M0", "FP4E2M1",
    ]
    body = "".join(f"    static_assert(static_cast<int>(DataType::{n}) == {i});\n" for i, n in enumerate(names))
    result = syntax_check('#include "pto_orchestration_api.h"\nvoid f() {\n' + body + "}\n")
    assert result.returncode == 0, result.stderr
