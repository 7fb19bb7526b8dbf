"""mypy is clean over the source tree, with the settings of pyproject.toml ([tool.mypy]); the
pinned mypy comes with the test extras.

Plain `mypy` cannot check this tree. setuptools maps targets/, transforms/ and tools/ into the
one import root `pypto_dialects` ([tool.setuptools] package-dir), while mypy names a module
after its folders (targets/pto2_cpp/api.py would be `targets.pto2_cpp.api`) and has no
setting for such a mapping, so every `pypto_dialects.targets...` import would be missing. Run
as a script, this file is the project's mypy command:

    .venv/bin/python tests/test_types.py [mypy options] [paths]

It reads the command line and the configuration as mypy does (paths, relative to the
repository root, default to [tool.mypy] `files`), gives each source under a package-dir folder
its installed module name, adds the rest of those folders as sources without reporting their
errors (what is checked imports them) and prints mypy's messages and summary. Exit status as
mypy's: 0 clean, 1 errors, 2 a blocking error.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Clean, and kept clean by test_mypy_is_clean.
CHECKED = ["pypto_dialects", "targets", "transforms", "tools", "bench"]


def package_dirs() -> dict[Path, str]:
    """The folders of [tool.setuptools] package-dir, each with the package it installs as."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        mapping: dict[str, str] = tomllib.load(f)["tool"]["setuptools"]["package-dir"]
    return {(ROOT / folder).resolve(): package for package, folder in mapping.items()}


def installed_name(path: Path, dirs: dict[Path, str]) -> str | None:
    """The module name `path` installs as, None outside the package-dir folders."""
    path = path.resolve()
    folders = [f for f in dirs if path.is_relative_to(f)]
    if not folders:
        return None
    folder = max(folders, key=lambda f: len(f.parts))
    parts = path.relative_to(folder).with_suffix("").parts
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((dirs[folder], *parts))


def typecheck(argv: list[str]) -> int:
    """mypy on `argv` under the installed module names (module docstring); the exit status."""
    from mypy import build, util
    from mypy.errors import CompileError
    from mypy.find_sources import create_source_list
    from mypy.fscache import FileSystemCache
    from mypy.main import process_options
    from mypy.modulefinder import BuildSource

    os.chdir(ROOT)
    fscache = FileSystemCache()
    asked, options = process_options(argv, fscache=fscache)
    reported = {Path(s.path).resolve() for s in asked if s.path}
    dirs = package_dirs()
    rest = create_source_list([str(f.relative_to(ROOT)) for f in dirs], options, fscache)
    sources = [
        BuildSource(s.path, installed_name(Path(s.path), dirs) or s.module, s.text, s.base_dir)
        if s.path
        else s
        for s in [*asked, *(s for s in rest if Path(s.path or "").resolve() not in reported)]
    ]

    messages: list[str] = []

    def flush(path: str | None, new: list[str], serious: bool) -> None:
        if path is None or Path(path).resolve() in reported:
            messages.extend(new)
            print("\n".join(new), file=sys.stderr if serious else sys.stdout, end="\n" * bool(new))

    blockers = False
    try:
        result = build.build(sources, options, None, flush, fscache, sys.stdout, sys.stderr)
        result.manager.metastore.close()
    except CompileError:
        blockers = True
    n_errors, n_notes, n_files = util.count_stats(messages)
    formatter = util.FancyFormatter(sys.stdout, sys.stderr, options.hide_error_codes)
    if n_errors:
        print(formatter.format_error(n_errors, n_files, len(asked), blockers=blockers,
                                     use_color=False))
    else:
        print(formatter.format_success(len(asked), use_color=False))
    sys.stdout.flush()
    if messages and n_notes < len(messages):
        return 2 if blockers else 1
    return 0


def _mypy(paths: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy", reason="mypy is not installed (it comes with the test extras: "
                        "pip install -e '.[test]')")
    return subprocess.run(
        [sys.executable, __file__, "--cache-dir", str(cache), *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_mypy_is_clean(tmp_path: Path) -> None:
    res = _mypy(CHECKED, tmp_path / "mypy_cache")
    assert res.returncode == 0, res.stdout + res.stderr


if __name__ == "__main__":
    sys.exit(typecheck(sys.argv[1:]))
