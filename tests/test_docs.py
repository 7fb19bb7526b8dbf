"""The user docs cover the dialects as the code defines them: every op has its own section in
its dialect's page, every type and attribute is described there, and every relative link of
docs/index.md and docs/dialects/ points at a file that exists (docs/passes/ pages belong to the
passes' authors)."""

from __future__ import annotations

import re
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
