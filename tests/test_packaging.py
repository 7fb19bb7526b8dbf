"""The built wheel installs one import root, `pypto_dialects` (README.md
"Packaging"): the top-level source folders transforms/, targets/, tools/ map into it, no
generic top-level module reaches site-packages, the console script `pypto-opt` is declared
and xDSL is pinned to 0.75.0.

The wheel is built once per session with `pip wheel --no-deps` from a copy of the sources
(setuptools' in-tree build/ directory keeps stale files, which would leak into the wheel).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from opt_runner import EXAMPLES, ROOT

SOURCES = ["pyproject.toml", "README.md", "pypto_dialects", "transforms", "targets", "tools"]
MAPPED = ["transforms", "targets", "tools"]


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=ignore)
        elif p.exists():
            shutil.copy2(p, src / name)
    out = tmp_path_factory.mktemp("wheel")
    res = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(src)],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, f"pip wheel failed:\n{res.stdout}\n{res.stderr}"
    wheels = list(out.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def _dist_file(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as zf:
        (member,) = [n for n in zf.namelist() if n.endswith(f".dist-info/{name}")]
        return zf.read(member).decode()


def test_single_import_root(wheel: Path) -> None:
    roots = {n.split("/", 1)[0] for n in _names(wheel)}
    dist_info = {r for r in roots if r.endswith(".dist-info")}
    assert len(dist_info) == 1
    assert roots - dist_info == {"pypto_dialects"}
    assert _dist_file(wheel, "top_level.txt").split() == ["pypto_dialects"]


def test_mapped_folders_are_subpackages(wheel: Path) -> None:
    names = set(_names(wheel))
    for sub in MAPPED:
        assert f"pypto_dialects/{sub}/__init__.py" in names, sub
        assert not any(n.startswith(f"{sub}/") for n in names), sub
    assert "pypto_dialects/tools/pypto_opt.py" in names
    for dialect in ("orch", "tensor", "system", "rt"):
        assert f"pypto_dialects/{dialect}.py" in names
        assert f"pypto_dialects/interpreter/{dialect}.py" in names
    # every Python module of the mapped source folders is shipped
    for sub in MAPPED:
        for py in (ROOT / sub).rglob("*.py"):
            rel = py.relative_to(ROOT / sub).as_posix()
            assert f"pypto_dialects/{sub}/{rel}" in names, f"{sub}/{rel} is not in the wheel"


def test_no_tests_or_examples_in_wheel(wheel: Path) -> None:
    names = _names(wheel)
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)
    assert not any(n.endswith(".mlir") for n in names)


def test_console_script_and_pinned_xdsl(wheel: Path) -> None:
    entry = _dist_file(wheel, "entry_points.txt")
    lines = [line.strip() for line in entry.splitlines()]
    assert "[console_scripts]" in lines
    assert "pypto-opt = pypto_dialects.tools.pypto_opt:main" in lines
    assert "pypto-run = pypto_dialects.tools.pypto_run:main" in lines
    meta = _dist_file(wheel, "METADATA").splitlines()
    requires = [line for line in meta if line.startswith("Requires-Dist:")]
    xdsl = [r for r in requires if r.split(":", 1)[1].strip().startswith("xdsl")]
    assert xdsl == ["Requires-Dist: xdsl==0.75.0"]
    assert "Requires-Python: >=3.11" in meta


def test_unpacked_wheel_runs_pypto_opt(wheel: Path, tmp_path: Path) -> None:
    """The installed layout works on its own: imports resolve under `pypto_dialects` from the
    unpacked wheel (not the editable source tree) and the driver prints an example."""
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    code = (
        "import sys, pypto_dialects.transforms as t, pypto_dialects.tools.pypto_opt as m;"
        f"assert t.__file__.startswith({str(site)!r}), t.__file__;"
        f"assert m.__file__.startswith({str(site)!r}), m.__file__;"
        "m.main()"
    )
    env = dict(os.environ, PYTHONPATH=str(site))
    res = subprocess.run(
        [sys.executable, "-c", code, str(EXAMPLES / "orch_basic.mlir")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stderr
    assert "pto_orch.kernel @kernel_add aiv" in res.stdout


def test_readme_snippet_runs_from_the_repository_root(wheel: Path, tmp_path: Path) -> None:
    """From the repository root, `python -c` finds the source folder `pypto_dialects/` before
    the installed package (here: the unpacked wheel, as after `pip install .`). The source
    folder lacks `targets/`, `transforms/` and `tools/`, which are its siblings there: the
    README's Python snippet still runs, on the source tree's modules (issue 26, item 5)."""
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    code = (
        "from pypto_dialects import generate_orchestration\n"
        "from pypto_dialects.context import make_context\n"
        "from pypto_dialects.parsing import parse_module\n"
        "import pypto_dialects, pypto_dialects.targets as t, pypto_dialects.tools.pypto_opt\n"
        "path = 'examples/orch_basic.mlir'\n"
        "module = parse_module(make_context(), open(path).read(), path)\n"
        "result = generate_orchestration(module, 'orch_basic', pto2_pipeline=True)\n"
        "print(pypto_dialects.__file__, t.__file__)\n"
        "print(result.kernel_table['kernel_add'].id, sorted(result.files))\n"
    )
    # -S: no .pth files, so not the test venv's editable install, which would map the
    # siblings itself; its site-packages still provides xDSL and numpy.
    deps = sysconfig.get_paths()["purelib"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), deps]))
    res = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == [
        f"{ROOT / 'pypto_dialects' / '__init__.py'} {ROOT / 'targets' / '__init__.py'}",
        "0 ['kernel_config.json', 'orchestration/orch_basic.cpp']",
    ]
