"""An scf.for over i8 / i16 / i32 runs MLIR's iterations natively: the printed C++ (its loop
variable an int64_t, tests/filecheck/targets/pto2_cpp/narrow_loops.mlir), linked with the
recording runtime and run with UBSan, submits exactly the tasks the interpreter runs, where
`i += s` past the type's maximum used to overflow (int32_t: undefined behaviour, then
-2147483647 < ub and ~1.4e9 more tasks) or wrap (int8_t: 125 + 5 became -126, forever).
(Found by a breaker session.)"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp.api import generate_orchestration
from support import model_header

PROGRAM = """
pto_orch.kernel @k aiv (inout tensor<16xf32>, in {t}) -> tensor<16xf32>
func.func @narrow(%o: tensor<16xf32> {{pto_orch.dir = #pto_orch.dir<inout>}}, %lb: {t}, %ub: {t}, %s: {t}) attributes {{pto_orch.kind = #pto_orch.kind<orchestration>}} {{
  %res = scf.for %i = %lb to %ub step %s iter_args(%acc = %o) -> (tensor<16xf32>) : {t} {{
    %t = pto_orch.call @k(inout %acc, scalar %i) : (tensor<16xf32>, {t}) -> tensor<16xf32>
    scf.yield %t : tensor<16xf32>
  }}
  func.return
}}
"""

MAIN = """#include "pto_orchestration_api.h"
extern "C" void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args);
int main() {{
    static float o[16];
    static ChipStorageTaskArgs args;
    args.tensor_storage[0] = ContinuousTensor{{(uint64_t)(uintptr_t)o, {{16}}, 1, DataType::FLOAT32, 0}};
    args.num_tensors = 1;
    args.scalar_storage[0] = {lb}ull;
    args.scalar_storage[1] = {ub}ull;
    args.scalar_storage[2] = {s}ull;
    args.num_scalars = 3;
    aicpu_orchestration_entry(args);
}}
"""


def _slot(v: int) -> int:
    return v & (2**64 - 1)  # the entry reads the low bytes through a union


@pytest.mark.skipif(shutil.which(model_header.CXX) is None, reason="g++ is not installed")
@pytest.mark.parametrize(("t", "lb", "ub", "s", "iterations"), [
    ("i32", 2147483640, 2147483647, 3, [2147483640, 2147483643, 2147483646]),
    ("i16", 32760, 32767, 4, [32760, 32764]),
    ("i8", 110, 127, 5, [110, 115, 120, 125]),
    ("i8", -128, -120, 7, [-128, -121]),
])
def test_a_narrow_loop_stops_below_its_upper_bound(
    t: str, lb: int, ub: int, s: int, iterations: list[int]
) -> None:
    text = PROGRAM.format(t=t)
    seen: list[int] = []
    run_function(parse_module(make_context(), text, "narrow.mlir"), "narrow",
                 {"o": np.zeros(16, np.float32), "lb": lb, "ub": ub, "s": s},
                 {"k": lambda o, i: seen.append(i)})
    assert seen == iterations  # the interpreter: MLIR's iterations
    cpp = generate_orchestration(parse_module(make_context(), text, "narrow.mlir"), "narrow",
                                 pto2_pipeline=True).code
    assert "for (int64_t i = lb; i < ((s > 0) ? ub : lb); i += s) {" in cpp
    seed = model_header.include_dir("seed")
    with tempfile.TemporaryDirectory(prefix="narrow_loops_") as tmp:
        (Path(tmp) / "orch.cpp").write_text(cpp)
        (Path(tmp) / "main.cpp").write_text(MAIN.format(lb=_slot(lb), ub=_slot(ub), s=_slot(s)))
        built = subprocess.run(
            [model_header.CXX, *model_header.STRICT_FLAGS, "-O2", "-fsanitize=undefined",
             "-fno-sanitize-recover=all", f"-I{seed}", "orch.cpp", "main.cpp",
             str(model_header.record_runtime("seed")), "-o", "a.out"],
            cwd=tmp, capture_output=True, text=True, check=False, env=model_header.compiler_env())
        assert built.returncode == 0, built.stderr
        run = subprocess.run([str(Path(tmp) / "a.out")], capture_output=True, text=True,
                             check=False, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [f"task aiv 0 1: {_slot(i):016x}" for i in iterations]
