"""The TaskId / manual-scope part of the pto2-cpp target through the command line and the
Python API (issue 6): the user-edge error of rule 5 exits 1 with one `file:line:col` line and
no C++; and in every deps array the target emits in the test suite, the declared size equals
the number of entries its fill lines can add (rule 2: one resolver sizes and fills).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from opt_runner import run_opt
from support.execution import all_inputs

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import CodegenError, generate_module, generate_orchestration


USER_EDGE = """\
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @late(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_rt.scope manual -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(%a, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %t : !pto_orch.task_id
  }
  %o2, %t2 = pto_orch.submit @k(%a, %o) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
"""
MESSAGE = (
    ":7:3: error: 'pto_orch.submit' op depends on %r (deps entry 0), the TaskId of "
    "'pto_orch.submit' at line 4, whose C++ variable 't' is declared inside a scope that has "
    "closed before this task"
)
FIX = (
    "consume it inside the producing scope, hoist the producer out of that scope, or collect "
    "the ids into a TaskId array"
)


@pytest.fixture
def user_edge(tmp_path: Path) -> Path:
    path = tmp_path / "late.mlir"
    path.write_text(USER_EDGE)
    return path


def test_user_edge_error_on_the_command_line(user_edge: Path) -> None:
    res = run_opt(["-p", "pto2-pipeline", "-t", "pto2-cpp", str(user_edge)])
    assert res.status == 1
    assert res.out == ""
    (line,) = res.err.splitlines()
    assert line.startswith(f"{user_edge}{MESSAGE}")
    assert FIX in line and "Traceback" not in res.err


def test_user_edge_error_from_the_installed_command(user_edge: Path) -> None:
    exe = Path(sys.executable).parent / "pypto-opt"
    proc = subprocess.run(
        [str(exe), "-p", "pto2-pipeline", "-t", "pto2-cpp", str(user_edge)],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith(f"{user_edge}{MESSAGE}") and proc.stderr.count("\n") == 1


def test_user_edge_error_from_python(user_edge: Path) -> None:
    module = parse_module(make_context(), USER_EDGE, str(user_edge))
    with pytest.raises(CodegenError) as info:
        generate_orchestration(module, "late", pto2_pipeline=True)
    assert str(info.value).startswith(f"{user_edge}{MESSAGE}")


def test_the_same_compiler_edge_is_skipped(tmp_path: Path) -> None:
    text = USER_EDGE.replace("deps(%r", "compiler_deps(%r")
    module = parse_module(make_context(), text, "skip.mlir")
    code = generate_orchestration(module, "late", pto2_pipeline=True).code
    assert "set_dependencies" not in code
    assert "task_id()" not in code  # %t ends up named by nothing: its capture is dropped


# -- deps array sizes -----------------------------------------------------------------------

_DECL = re.compile(r"^\s*PTO2TaskId (params_t\d+_deps)\[(\d+)\];$")
_FANOUT = re.compile(r"^\s*for \(int64_t \w+ = 0; \w+ < (\d+); \+\+\w+\) \{$")


def deps_arrays(code: str) -> list[tuple[str, int, int]]:
    """(array, declared size, entries its fill lines can add) for every deps array."""
    lines = code.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = _DECL.match(line)
        if not m:
            continue
        name, size = m.group(1), int(m.group(2))
        fill = f"{name}[{name}_count++] = "
        entries = 0
        j = i + 1
        while f"{name}_count);" not in lines[j]:
            fan = _FANOUT.match(lines[j])
            if fan and fill in lines[j + 2]:
                entries += int(fan.group(1))
                j += 4  # for {, if, fill, }
                continue
            entries += fill in lines[j]
            j += 1
        out.append((name, size, entries))
    return out


def _all_emitted() -> list[tuple[str, str]]:
    out = []
    for path, pipeline in all_inputs():
        module = parse_module(make_context(), path.read_text(), str(path))
        try:
            files = generate_module(module, pto2_pipeline=pipeline).files
        except CodegenError:
            continue  # a program the printer rejects (tests/test_pto2_cpp_compile.py lists them)
        out += [(f"{path.stem}:{k}", v) for k, v in files.items()]
    return [(name, code) for name, code in out if name.endswith(".cpp")]


def test_every_deps_array_is_sized_exactly() -> None:
    arrays = [(name, a) for name, code in _all_emitted() for a in deps_arrays(code)]
    assert len(arrays) >= 35  # the suite's programs declare that many deps arrays
    assert any(size > 1 and entries == size for _, (_, size, entries) in arrays)
    bad = [(name, a) for name, a in arrays if a[1] != a[2]]
    assert bad == []
