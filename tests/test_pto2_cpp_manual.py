"""The TaskId / manual-scope part of the pto2-cpp target through the command line and the
Python API: a TaskId that leaves a manual scope as the scope's result is a variable declared
before the scope (user and compiler edges alike); and in every deps array the target emits in the test suite, the declared size equals
the number of entries its fill lines can add (rule 2: one resolver sizes and fills).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import generate_orchestration
from support.execution import all_inputs, generate_files

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
HOISTED = [
    "PTO2TaskId r = PTO2TaskId::invalid();",
    "PTO2_SCOPE(PTO2ScopeMode::MANUAL) {",
    "PTO2TaskId t = task_0_outs.task_id();",
    "r = t;",
    "        params_t1_deps[params_t1_deps_count++] = r;",  # unguarded: r is a submit's TaskId
]


def _in_order(code: str, lines: list[str]) -> bool:
    pos = 0
    for line in lines:
        pos = code.find(line, pos)
        if pos < 0:
            return False
    return True


@pytest.fixture
def user_edge(tmp_path: Path) -> Path:
    path = tmp_path / "late.mlir"
    path.write_text(USER_EDGE)
    return path


def test_a_taskid_leaving_a_manual_scope_is_hoisted_on_the_command_line(user_edge: Path) -> None:
    # the TaskId the scope yields: declared invalid before the header, assigned at the yield
    # (which always runs before the use), unguarded at the use: a submit's TaskId
    exe = Path(sys.executable).parent / "pypto-opt"
    proc = subprocess.run(
        [str(exe), "-p", "pto2-pipeline", "-t", "pto2-cpp", str(user_edge)],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert _in_order(proc.stdout, HOISTED)


@pytest.mark.parametrize("keyword", ["deps", "compiler_deps"])
def test_a_taskid_leaving_a_manual_scope_is_hoisted_from_python(keyword: str) -> None:
    text = USER_EDGE.replace("deps(%r", f"{keyword}(%r")
    module = parse_module(make_context(), text, "late.mlir")
    code = generate_orchestration(module, "late", pto2_pipeline=True).code
    assert _in_order(code, HOISTED)
    assert code.count("set_dependencies") == 1


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
        files = generate_files(path, pipeline)
        out += [(f"{path.stem}:{k}", v) for k, v in files.items()]
    return [(name, code) for name, code in out if name.endswith(".cpp")]


def test_every_deps_array_is_sized_exactly() -> None:
    arrays = [(name, a) for name, code in _all_emitted() for a in deps_arrays(code)]
    assert len(arrays) >= 35  # the suite's programs declare that many deps arrays
    assert any(size > 1 and entries == size for _, (_, size, entries) in arrays)
    bad = [(name, a) for name, a in arrays if a[1] != a[2]]
    assert bad == []
