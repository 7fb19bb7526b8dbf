"""The user docs cover the dialects as the code defines them: every op has its own section in
its dialect's page, every type and attribute is described there, and every relative link of
docs/index.md and docs/dialects/ points at a file that exists (docs/passes/ pages belong to the
passes' authors). Every command and snippet of README.md and docs/ runs: `sh` commands (those in
`NOT_RUN` say which test covers them), `python` snippets, and `mlir` programs (excerpts are
checked to name existing ops)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from opt_runner import ROOT
from pypto_dialects.orch import PTO_ORCH
from pypto_dialects.rt import PTO_RT
from pypto_dialects.system import PTO_SYSTEM
from pypto_dialects.tensor import PTO_TENSOR

DOCS = ROOT / "docs"
DIALECTS = [PTO_ORCH, PTO_TENSOR, PTO_SYSTEM, PTO_RT]


@pytest.mark.parametrize("dialect", DIALECTS, ids=[d.name for d in DIALECTS])
def test_every_op_has_a_section(dialect) -> None:  # type: ignore[no-untyped-def]
    page = (DOCS / "dialects" / f"{dialect.name}.md").read_text()
    headings = set(re.findall(r"^#+ `([a-z_.]+)`", page, flags=re.MULTILINE))
    ops = {op.name for op in dialect.operations}
    assert ops <= headings, f"ops without a section: {sorted(ops - headings)}"


@pytest.mark.parametrize("dialect", DIALECTS, ids=[d.name for d in DIALECTS])
def test_every_type_and_attribute_is_described(dialect) -> None:  # type: ignore[no-untyped-def]
    page = (DOCS / "dialects" / f"{dialect.name}.md").read_text()
    for attr in dialect.attributes:
        assert attr.name in page, f"{attr.name} is not described in {dialect.name}.md"


def test_index_links_every_dialect_page_and_example() -> None:
    index = (DOCS / "index.md").read_text()
    for d in DIALECTS:
        assert f"(dialects/{d.name}.md)" in index
    assert "(passes/index.md)" in index
    for example in sorted((ROOT / "examples").glob("*.mlir")):
        assert f"(../examples/{example.name})" in index, example.name


def test_relative_links_resolve() -> None:
    broken = []
    for page in [DOCS / "index.md", *sorted((DOCS / "dialects").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text()):
            if target.startswith("passes/") or "/passes/" in target:
                continue  # written by the passes' authors
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken


# --------------------------------------------------------------------------- snippets run

PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
NOT_RUN = {  # commands of the docs that this test does not run, and where they are covered
    "python3 -m venv": "tests/test_packaging.py (builds and installs the wheel)",
    "scripts/test.sh": "the whole suite, of which this test is a part",
    ".venv/bin/python -m bench": "tests/test_bench_smoke.py (`python -m bench --quick`)",
    "dot -Tpng": "docs/images/ (rendered once; Graphviz is not a test dependency)",
}


def _blocks(lang: str) -> list[tuple[str, str]]:
    """(`page:line`, text) of every fenced block of `lang` in README.md and docs/."""
    out = []
    for page in PAGES:
        text = page.read_text()
        for m in BLOCK.finditer(text):
            if m.group(1) == lang:
                where = f"{page.relative_to(ROOT)}:{text[: m.start()].count(chr(10)) + 1}"
                out.append((where, m.group(2)))
    return out


def _commands() -> dict[str, list[tuple[str, str]]]:
    """Per page, its `sh` commands in order (a later one may use an earlier one's files)."""
    cmds: dict[str, list[tuple[str, str]]] = {}
    for where, text in _blocks("sh"):
        for line in text.replace("\\\n", " ").splitlines():
            cmd = re.sub(r"\s+#[^'\"]*$", "", line).strip()
            if cmd:
                cmds.setdefault(where.split(":")[0], []).append((where, cmd))
    return cmds


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with `examples/` and `in.mlir` (the orch_basic example), as the commands
    expect, and the venv's tools first on PATH."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "in.mlir").write_text((ROOT / "examples" / "orch_basic.mlir").read_text())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    return tmp_path


@pytest.mark.parametrize("page", sorted(_commands()))
def test_shell_commands_run(workdir: Path, page: str) -> None:
    """A page's commands run in order in one folder; `.venv/bin/` names the venv's tools,
    which are first on PATH here."""
    for where, cmd in _commands()[page]:
        covered = next((c for prefix, c in NOT_RUN.items() if cmd.startswith(prefix)), None)
        if covered is not None:
            assert (ROOT / covered.split()[0]).exists() or "suite" in covered
            continue
        if "/usr/lib/llvm-19/bin/mlir-opt" in cmd and not Path("/usr/lib/llvm-19/bin/mlir-opt").exists():
            continue  # upstream mlir-opt is not installed (tests/test_interop.py says so)
        cmd = re.sub(r"(^|\s)\.venv/bin/", r"\1", cmd)
        res = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=300)
        assert (res.returncode, res.stderr) == (0, ""), f"{where}: {cmd}"


def _python_pages() -> dict[str, list[tuple[str, str]]]:
    pages: dict[str, list[tuple[str, str]]] = {}
    for where, code in _blocks("python"):
        pages.setdefault(where.split(":")[0], []).append((where, code))
    return pages


@pytest.mark.parametrize("page", sorted(_python_pages()))
def test_python_snippets_run(workdir: Path, page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's snippets run in order in one namespace (a later one may use an earlier one's
    names, as the text says)."""
    monkeypatch.syspath_prepend(str(ROOT / "tests"))
    namespace: dict[str, object] = {"__name__": "__snippet__"}
    for where, code in _python_pages()[page]:
        exec(compile(code, where, "exec"), namespace)  # runs the code blocks of our own docs


def _is_program(text: str) -> bool:
    body = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//")]
    return "..." not in text and bool(body) and body[0].startswith(("func.func", "pto_orch.kernel"))


@pytest.mark.parametrize(("where", "text"), _blocks("mlir"), ids=[w for w, _ in _blocks("mlir")])
def test_mlir_snippet(workdir: Path, where: str, text: str) -> None:
    """A whole program verifies (an annotated one gives exactly its expected diagnostics); an
    excerpt (`...`, or values defined elsewhere) names only ops that exist."""
    if _is_program(text):
        path = workdir / "snippet.mlir"
        path.write_text(text)
        flags = ["--verify-diagnostics"] if "expected-" in text else []
        res = subprocess.run(["pypto-opt", *flags, str(path)], capture_output=True, text=True)
        assert (res.returncode, res.stderr) == (0, ""), where
        return
    from pypto_dialects.context import make_context

    ctx = make_context()
    names = set(re.findall(r"(?:^|=\s*)\"?([a-z_]+\.[a-z_]+)\b", text, re.M))
    unknown = sorted(n for n in names if ctx.get_optional_op(n) is None)
    assert not unknown, f"{where}: {unknown}"
