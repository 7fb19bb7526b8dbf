"""The optional real-runtime layer without the runtime (support.simpler_runtime): which API
generation a checkout is, when the layer skips and what it says, and what it would run (the job
file, the kernel sources, the command and its environment), on fake checkouts made here: folders
holding only the files the detection looks at, empty or with a line of our own, and for the
"built" case empty Python modules under the names the runner imports. Nothing of the runtime is
in them, and the runner itself is not run (docs/testing.md, "The real runtime, when you have it").
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from support import simpler_runtime as sr
from support.execution import ADD, EXAMPLES, generate
from support.simpler_run import ENTRY_TENSOR, entry_tensor_class

R = "src/a2a3/runtime/tensormap_and_ringbuffer"


def fake_checkout(root: Path, generation: str | None, built: bool = False) -> Path:
    """A folder shaped like a simpler checkout of `generation` as far as the layer looks:
    the runtime folder, R/runtime/pto_types.h (naming ChipTaskArgs only in `current`), and
    C/tensor_arg.h only in `seed` (None: neither marker). `built`: empty modules under the
    names the runner imports."""
    (root / R / "runtime").mkdir(parents=True)
    types = "// fake checkout\n" + ("struct ChipTaskArgs;\n" if generation == "current" else
                                    "struct ChipStorageTaskArgs;\n")
    (root / R / "runtime" / "pto_types.h").write_text(types)
    if generation == "seed":
        (root / "src/common/task_interface").mkdir(parents=True)
        (root / "src/common/task_interface/tensor_arg.h").write_text("// fake checkout\n")
    if built:
        for module in sr.RUNNER_MODULES:
            path = root / "python" / Path(*module.split("."))
            for parent in [path.parent, *path.parent.parents]:
                if parent == root / "python":
                    break
                parent.mkdir(parents=True, exist_ok=True)
                (parent / "__init__.py").touch()
            path.with_suffix(".py").write_text("# fake checkout\n")
    return root


@pytest.mark.parametrize("generation", ["seed", "current"])
def test_the_generation_is_read_from_the_checkout(tmp_path: Path, generation: str) -> None:
    root = fake_checkout(tmp_path, generation)
    found, evidence = sr.detect_generation(root)
    assert found == generation
    assert evidence == {
        "seed": f"src/common/task_interface/tensor_arg.h exists and {R}/runtime/pto_types.h "
                "declares no ChipTaskArgs",
        "current": f"{R}/runtime/pto_types.h declares ChipTaskArgs",
    }[generation]
    checkout, reason = sr.resolve({sr.ENV_ROOT: str(root)})
    assert checkout == sr.Checkout(root.resolve(), generation, evidence)
    assert reason == ""
    # an explicit setting that agrees is taken; one that contradicts the files is refused
    assert sr.resolve({sr.ENV_ROOT: str(root), sr.ENV_API: generation})[0] == checkout
    other = "seed" if generation == "current" else "current"
    assert sr.resolve({sr.ENV_ROOT: str(root), sr.ENV_API: other}) == (None, (
        f"real-runtime layer skipped: PYPTO_SIMPLER_API={other}, but {root.resolve()} is of "
        f"the {generation} generation ({evidence})"))


def test_a_checkout_the_files_do_not_tell_needs_the_setting(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path, None)
    why = (f"{R}/runtime/pto_types.h declares no ChipTaskArgs (current) and there is no "
           "src/common/task_interface/tensor_arg.h (seed)")
    assert sr.resolve({sr.ENV_ROOT: str(root)}) == (None, (
        f"real-runtime layer skipped: cannot tell the API generation of {root.resolve()}: {why}; "
        "set PYPTO_SIMPLER_API=seed or PYPTO_SIMPLER_API=current"))
    assert sr.resolve({sr.ENV_ROOT: str(root), sr.ENV_API: "current"})[0] == sr.Checkout(
        root.resolve(), "current", f"PYPTO_SIMPLER_API=current ({why})")
    # both markers (a checkout between the two generations): the setting decides too
    (root / "src/common/task_interface").mkdir(parents=True)
    (root / "src/common/task_interface/tensor_arg.h").write_text("// fake checkout\n")
    (root / R / "runtime" / "pto_types.h").write_text("struct ChipTaskArgs;\n")
    assert sr.detect_generation(root)[0] is None
    assert sr.resolve({sr.ENV_ROOT: str(root), sr.ENV_API: "seed"})[0].generation == "seed"


def test_the_layer_skips_with_a_clear_message(tmp_path: Path) -> None:
    assert sr.resolve({}) == (None, (
        "real-runtime layer skipped: PYPTO_SIMPLER_ROOT is not set (set it to a "
        "hw-native-sys/simpler checkout with its simulator built to also run every execution "
        "test there)"))
    missing = tmp_path / "nowhere"
    assert sr.resolve({sr.ENV_ROOT: str(missing)}) == (
        None, f"real-runtime layer skipped: PYPTO_SIMPLER_ROOT={missing} does not exist")
    assert sr.resolve({sr.ENV_ROOT: str(tmp_path)}) == (None, (
        f"real-runtime layer skipped: PYPTO_SIMPLER_ROOT={tmp_path} is not a simpler checkout "
        f"(no {R})"))
    root = fake_checkout(tmp_path / "c", "seed")
    assert sr.resolve({sr.ENV_ROOT: str(root), sr.ENV_API: "next"}) == (None, (
        "real-runtime layer skipped: PYPTO_SIMPLER_API=next is no API generation (use seed or "
        "current)"))


def test_an_unbuilt_checkout_is_skipped_and_a_built_one_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unbuilt = fake_checkout(tmp_path / "unbuilt", "current")
    assert sr.probe_built(unbuilt) == "ModuleNotFoundError: No module named 'simpler'"
    monkeypatch.setenv(sr.ENV_ROOT, str(unbuilt))
    monkeypatch.delenv(sr.ENV_API, raising=False)
    assert not sr.available()
    assert sr.root() is None
    assert sr.generation() is None
    assert sr.skip_reason() == (
        f"real-runtime layer skipped: the simulator of {unbuilt.resolve()} is not built "
        "(ModuleNotFoundError: No module named 'simpler'); build it following simpler's own "
        "documentation")
    with pytest.raises(RuntimeError, match="is not built"):
        sr.run_program("", {}, {}, [])
    built = fake_checkout(tmp_path / "built", "current", built=True)
    monkeypatch.setenv(sr.ENV_ROOT, str(built))
    assert sr.available()
    assert sr.skip_reason() == ""
    assert (sr.root(), sr.generation()) == (built.resolve(), "current")


def test_the_cpp_must_be_of_the_checkouts_generation() -> None:
    seed, _ = generate(EXAMPLES / "orch_basic.mlir")
    from pypto_dialects.targets.pto2_cpp import generate_module
    from support.execution import lowered

    current = generate_module(lowered(EXAMPLES / "orch_basic.mlir", True), api="current").code
    assert (sr.cpp_generation(seed), sr.cpp_generation(current), sr.cpp_generation("")) == (
        "seed", "current", None)
    sr.check_cpp_generation(current, "current")
    with pytest.raises(ValueError, match="written for api=seed") as err:
        sr.check_cpp_generation(seed, "current")
    assert str(err.value) == (
        "the orchestration C++ is written for api=seed but the checkout is of the current "
        "generation: print it with -t 'pto2-cpp{api=current}' (generate_module(..., api=...))")


@pytest.mark.parametrize("generation", ["seed", "current"])
def test_the_job_and_the_command(tmp_path: Path, generation: str) -> None:
    root = fake_checkout(tmp_path / "checkout", generation)
    checkout, _ = sr.resolve({sr.ENV_ROOT: str(root)})
    assert checkout is not None
    from pypto_dialects.targets.pto2_cpp import generate_module
    from support.execution import lowered

    module = lowered(EXAMPLES / "orch_basic.mlir", True)
    cpp = generate_module(module, api=generation).code
    _, config = generate(EXAMPLES / "orch_basic.mlir")
    a, b, d = (np.full((16, 16), v, np.float32) for v in (1, 2, 0))
    work = tmp_path / "work"
    work.mkdir()
    job = sr.prepare_job(cpp, config, {"kernel_add": ADD.cpp or ""}, [a, b, d], work, generation)
    assert job == {
        "api": generation, "orchestration": str(work / "orch.cpp"),
        "kernels": [{"id": 0, "core": "aiv", "source": str(work / "k_kernel_add.cpp"),
                     "signature": ["IN", "IN", "OUT"]}],
        "entry_signature": ["IN", "IN", "OUT"],
        "args": [{"tensor": str(work / f"in_{i}.npy"), "dtype": "FLOAT32"} for i in range(3)],
        "outputs": str(work / "out"), "ring_heap": None,
        "cache": str(sr.cache_dir() / "binaries"),
    }
    assert (work / "orch.cpp").read_text() == cpp
    np.testing.assert_array_equal(np.load(work / "in_1.npy"), b)
    source = (work / "k_kernel_add.cpp").read_text()
    head = ('#include "pto_test_kernel.h"\nusing namespace pto_test;\n'
            'extern "C" void kernel_entry(int64_t* args) {\n')
    if generation == "seed":  # as before the current generation existed (same cache keys)
        assert source == head + f"{ADD.cpp}\n}}\n"
    else:
        assert source == ("#define PTO_TEST_API_CURRENT 1\n" + head +
                          "    using Tensor = pto_test::KernelTensor;  // the device tensor: "
                          f"ChipTensor\n{ADD.cpp}\n}}\n")
    argv, env = sr.command(work / "job.json", checkout)
    assert argv == [sys.executable, str(sr.RUNNER), str(work / "job.json")]
    assert env["PYTHONPATH"].split(":") == [str(root.resolve()), str(root.resolve() / "python")]
    assert env["CPLUS_INCLUDE_PATH"].split(":")[0] == str(sr.KERNEL_HEADER_DIR)
    # the other generation's C++ never reaches the runner
    other = generate_module(module, api="current" if generation == "seed" else "seed").code
    with pytest.raises(ValueError, match="the orchestration C\\+\\+ is written for api="):
        sr.prepare_job(other, config, {"kernel_add": ""}, [a, b, d], work, generation)


FAKE_TENSOR_H = """// our own stand-in for the kernel-side tensor types, to compile the kernel sources here
#include <stdint.h>
struct Handle { uint64_t addr; uint64_t size; };
struct %s { Handle buffer; uint64_t start_offset; uint32_t shapes[5]; uint32_t strides[5];
            uint32_t ndims; };
%s
"""


@pytest.mark.parametrize("generation", ["seed", "current"])
def test_the_kernel_source_runs_against_a_stand_in_tensor(tmp_path: Path, generation: str) -> None:
    """The kernel source of each generation compiles and computes with the helper header, given
    a `tensor.h` of our own holding the fields the helpers read: in the current generation the
    body's `Tensor` is the device type ChipTensor, not the host type of that name."""
    if generation == "current":
        header = FAKE_TENSOR_H % ("ChipTensor", "struct Tensor { int host_only; };")
    else:
        header = FAKE_TENSOR_H % ("Tensor", "")
    (tmp_path / "tensor.h").write_text(header)
    device = "ChipTensor" if generation == "current" else "Tensor"
    (tmp_path / "kernel.cpp").write_text(sr.kernel_source(ADD.cpp or "", generation))
    (tmp_path / "main.cpp").write_text(f"""#include <stdio.h>
#include "tensor.h"
extern "C" void kernel_entry(int64_t* args);
int main() {{
    static float a[4] = {{1, 2, 3, 4}}, b[4] = {{10, 20, 30, 40}}, o[4];
    {device} t[3] = {{{{{{(uint64_t)(uintptr_t)a, 16}}, 0, {{4}}, {{1}}, 1}},
                      {{{{(uint64_t)(uintptr_t)b, 16}}, 0, {{4}}, {{1}}, 1}},
                      {{{{(uint64_t)(uintptr_t)o, 16}}, 0, {{4}}, {{1}}, 1}}}};
    int64_t args[3] = {{(int64_t)(intptr_t)&t[0], (int64_t)(intptr_t)&t[1], (int64_t)(intptr_t)&t[2]}};
    kernel_entry(args);
    printf("%g %g %g %g\\n", o[0], o[1], o[2], o[3]);
}}
""")
    built = subprocess.run(
        ["g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{tmp_path}",
         f"-I{sr.KERNEL_HEADER_DIR}", "kernel.cpp", "main.cpp", "-o", "a.out"],
        cwd=tmp_path, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    run = subprocess.run([str(tmp_path / "a.out")], capture_output=True, text=True, check=True)
    assert run.stdout == "11 22 33 44\n"


class _FakeInterface:
    class ContinuousTensor:
        @staticmethod
        def make(*args: object) -> tuple:
            return args


def test_the_runner_names_the_entry_tensor_of_each_generation() -> None:
    assert ENTRY_TENSOR == {"seed": "ContinuousTensor", "current": "ChipTensor"}
    assert entry_tensor_class(_FakeInterface, "seed") is _FakeInterface.ContinuousTensor
    with pytest.raises(SystemExit) as err:
        entry_tensor_class(_FakeInterface, "current")
    assert str(err.value) == (
        "simpler.task_interface of this checkout has no ChipTensor.make, the entry tensor of the "
        "current API generation in tests/support/simpler_run.py's ENTRY_TENSOR (the current "
        "generation's is not verified against that runtime, docs/testing.md)")


def test_the_job_file_is_what_the_runner_reads(tmp_path: Path) -> None:
    """The runner's module loads without the runtime (its imports of simpler are inside
    main) and reads the job's keys that prepare_job writes."""
    text = sr.RUNNER.read_text()
    for key in ("api", "orchestration", "kernels", "entry_signature", "args", "outputs",
                "ring_heap", "cache"):
        assert f'"{key}"' in text, key
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"api": "seed"}))
    res = subprocess.run([sys.executable, str(sr.RUNNER), str(job)], capture_output=True,
                         text=True, check=False, env={"PATH": "/usr/bin:/bin"})
    assert res.returncode != 0
    assert "No module named 'simpler'" in res.stderr
