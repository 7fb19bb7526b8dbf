"""Names the runtime's headers define as macros (docs/targets/pto2-cpp.md#names): a value named
after one is renamed with a trailing `_` wherever its name is printed, so the C++ compiles
against the model header of either API generation; other user names are kept.

The program is tests/execution/reserved_names.mlir (its C++ shape: tests/filecheck/targets/
pto2_cpp/reserved_names.mlir).
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

from pypto_dialects.targets.pto2_cpp.names import NameTable, is_reserved
from support import model_header
from support.execution import ADD, INC, PROGRAMS, Kernel, edges, execute, generate_files, rand

PROGRAM = PROGRAMS / "reserved_names.mlir"


def _bump(x: np.ndarray) -> None:  # (inout x): x += 1
    x += np.float32(1)


BUMP = Kernel(_bump, """
    Tensor *x = tensor(args, 0);
    for (uint64_t i = 0; i < numel(x); ++i) at<float>(x, i) += 1.0f;
""")


def _header_macros(api: str = "seed") -> tuple[set[str], set[str]]:
    """(object-like, function-like) macro names the model header defines, with the library
    headers it includes, except the implementation's own `_X` names (a printed name never
    starts with `_`)."""
    with tempfile.TemporaryDirectory(prefix="pto2_macros_") as tmp:
        src = Path(tmp) / "m.cpp"
        src.write_text('#include "pto_orchestration_api.h"\n')
        out = subprocess.run(
            [model_header.CXX, "-std=c++17", "-dM", "-E", f"-I{model_header.include_dir(api)}",
             str(src)],
            capture_output=True, text=True, check=True, env=model_header.compiler_env(),
        ).stdout
    objects, functions = set(), set()
    for line in out.splitlines():
        head = line.split()[1]
        name = head.split("(")[0]
        if not name.startswith("_"):
            (functions if "(" in head else objects).add(name)
    return objects, functions


@pytest.mark.parametrize("api", model_header.GENERATIONS)
def test_the_program_compiles_against_the_model_header(api: str) -> None:
    files = {n: t for n, t in generate_files(PROGRAM, True, api).items() if n.endswith(".cpp")}
    assert sorted(files) == ["orchestration/reserved_dims.cpp", "orchestration/reserved_names.cpp"]
    for name, text in files.items():
        res = model_header.compile_check(text, Path(name).name, generation=api)
        assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("api", model_header.GENERATIONS)
def test_every_macro_of_the_model_header_is_renamed(api: str) -> None:
    # Each macro the model header of either generation defines (hundreds, through <errno.h>,
    # <signal.h>, <sched.h>, ...) is reserved, and the name a value so named gets is no macro:
    # a local variable of every one of them compiles.
    objects, functions = _header_macros(api)
    assert {"errno", "PTO2_HEAP_SIZE", "BIG_ENDIAN", "WNOHANG", "CLONE_VM", "EOF"} <= objects
    assert {"FD_SET", "WEXITSTATUS", "always_assert", "LOG_ERROR"} <= functions
    macros = objects | functions
    assert sorted(m for m in macros if not is_reserved(m)) == []
    names = NameTable()
    printed = [names.fresh(m, "v") for m in sorted(macros)]
    assert sorted(p for p in printed if p in objects) == []
    body = "\n".join(f"    int {p} = {i}; (void){p};" for i, p in enumerate(printed))
    res = model_header.compile_check(
        f'#include "pto_orchestration_api.h"\nvoid f() {{\n{body}\n}}\n', "macros.cpp",
        generation=api)
    assert res.returncode == 0, res.stderr


def test_only_clashing_names_are_renamed() -> None:
    names = NameTable()
    got = [names.fresh(h, "v") for h in (
        "errno", "PTO2_HEAP_SIZE", "PTO2_FUTURE_CONSTANT", "CLONE_VM", "int", "Tensor",
        "ChipTensor", "CoreTaskArgs",
        "current_runtime", "PTO2_HEAP_SIZE_conv", "clone_vm", "SIGMA", "EPS", "x", "int",
    )]
    assert got == [
        "errno_", "PTO2_HEAP_SIZE_", "PTO2_FUTURE_CONSTANT_", "CLONE_VM_", "int_", "Tensor_",
        "ChipTensor_", "CoreTaskArgs_",
        "current_runtime", "PTO2_HEAP_SIZE_conv", "clone_vm", "SIGMA", "EPS", "x", "int_1",
    ]


def test_the_program_runs() -> None:
    # errno -> CLONE_VM (+1), WNOHANG bumps in the loop, one in the if when `int`; the host
    # reads element 0 and writes it + BIG_ENDIAN into element 1; the manual scope adds errno
    # into PTO2_HEAP_SIZE and bumps it, after the tasks before it (its compiler deps).
    a = rand(16)
    kernels = {"inc": INC, "bump": BUMP, "add": ADD}
    r = execute(PROGRAM, kernels, [a, np.zeros(16, np.float32), 0.5, 3, True],
                function="reserved_names")
    c = a + 5
    c[1] = c[0] + np.float32(0.5)
    np.testing.assert_array_equal(r.outputs[1], c + a + 1)
    assert [t["name"] for t in r.tasks] == ["@inc", "@bump", "@bump", "@bump", "@bump", "@add",
                                            "@bump"]
    assert r.edges == edges(
        "alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator", "alloc0>t3 creator",
        "alloc0>t4 creator", "alloc0>t5 explicit",
        "t0>t1 tensormap", "t1>t2 tensormap", "t2>t3 tensormap", "t3>t4 tensormap",
        "t0>t5 explicit", "t3>t5 explicit", "t4>t5 explicit", "t5>t6 explicit",
    )
    r = execute(PROGRAM, kernels, [a, np.zeros(16, np.float32), 0.5, 0, False],
                function="reserved_names")
    c = a + 1
    c[1] = c[0] + np.float32(0.5)
    np.testing.assert_array_equal(r.outputs[1], c + a + 1)
    assert r.edges == edges("alloc0>t0 creator", "alloc0>t1 explicit", "t0>t1 explicit",
                            "t1>t2 explicit")


def test_the_dims_program_runs() -> None:
    x = rand(5)
    r = execute(PROGRAM, {"inc_dyn": INC}, [x, np.zeros(5, np.float32)], function="reserved_dims")
    np.testing.assert_array_equal(r.outputs[1], x + 2)
    assert r.edges == edges("alloc0>t0 creator", "alloc0>t1 creator", "t0>t1 tensormap")


def test_a_default_name_is_made_safe_too(tmp_path: Path) -> None:
    # An unnamed dim of `%a.b` takes the default `<parameter>_dim<axis>`, made a C++ identifier
    # like any hint (it printed `int64_t a.b_dim0 = ...` before).
    src = tmp_path / "dim.mlir"
    src.write_text("""
pto_orch.kernel @k aiv (in tensor<?xf32>, out tensor<?xf32>) -> tensor<?xf32>
func.func @f(%a.b: tensor<?xf32>, %o: tensor<?xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %0 = pto_tensor.dim %a.b, 0 : tensor<?xf32>
  %t = pto_tensor.create(%0) : tensor<?xf32>
  %r = pto_orch.call @k(%a.b, %t) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %r2 = pto_orch.call @k(%r, %o) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return
}
""")
    cpp = generate_files(src, True)["orchestration/f.cpp"]
    assert "    int64_t a_b_dim0 = (int64_t)orch_args.tensor(0).shapes[0];" in cpp.splitlines()
    res = model_header.compile_check(cpp, "f.cpp")
    assert res.returncode == 0, res.stderr
    current = generate_files(src, True, "current")["orchestration/f.cpp"]
    assert "    int64_t a_b_dim0 = (int64_t)orch_args.tensor(0).ref().shapes[0];" in \
        current.splitlines()
    res = model_header.compile_check(current, "f.cpp", generation="current")
    assert res.returncode == 0, res.stderr
