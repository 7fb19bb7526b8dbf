"""The repository stands alone: no tracked file points a reader at the development workspace
next to the checkout (`../shared/`, its runtime facts file or its reference copies), which users
do not have. Runtime facts are cited by the item codes and topic numbers of docs/runtime-api.md,
which names each item's file in hw-native-sys/simpler; upstream compiler documents by their
hw-native-sys/pypto path. And every code cited as a runtime fact is one that page defines."""

from __future__ import annotations

import re
import subprocess

from opt_runner import ROOT

THIS = "tests/test_docs_standalone.py"
FORBIDDEN = re.compile(r"shared/|API\.md")
RUNTIME_API = ROOT / "docs" / "runtime-api.md"


def _tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [p for p in out.stdout.decode().split("\0") if p and p != THIS]


def _text(path: str) -> str | None:
    try:
        return (ROOT / path).read_text(encoding="utf-8")
    except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
        return None  # binary (images) or deleted in the work tree


def test_no_file_cites_the_workspace() -> None:
    hits = []
    for path in _tracked():
        text = _text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if FORBIDDEN.search(line):
                hits.append(f"{path}:{number}: {line.strip()}")
    assert not hits, "cite docs/runtime-api.md or the upstream file instead:\n" + "\n".join(hits)


def test_the_check_sees_a_citation() -> None:
    assert FORBIDDEN.search("facts: ../shared/runtime/API.md A15")
    assert FORBIDDEN.search("(API.md 3.1)")
    assert not FORBIDDEN.search("docs/runtime-api.md 3.1")


ITEM = re.compile(r"\b[EATXSLUDPHYK]\d{1,2}\b")
TOPIC = re.compile(r"(?<![\d.])[0-4]\.\d{1,2}(?![\d.])")
FACT = re.compile(r"\bfacts? [A-Z0-9]")


def _defined() -> tuple[set[str], set[str]]:
    page = RUNTIME_API.read_text()
    items = set(re.findall(r"^\| ([A-Z]\d{1,2}) \|", page, flags=re.MULTILINE))
    topics = set(re.findall(r"^### (\d\.\d+) ", page, flags=re.MULTILINE))
    topics |= set(re.findall(r"^- (1\.\d+) ", page, flags=re.MULTILINE))
    return items, topics


def test_runtime_api_page_defines_every_item_and_topic() -> None:
    items, topics = _defined()
    assert {"A1", "A21", "T13", "X4", "D10", "K14", "E9", "Y4"} <= items
    assert {"1.1", "1.12", "2.1", "2.5", "3.1", "3.9", "4.1", "4.2"} <= topics


def test_cited_runtime_facts_exist() -> None:
    """Each code on a line that cites docs/runtime-api.md, and each code after "fact" in the
    model headers, is an item or topic of that page."""
    items, topics = _defined()
    unknown = []
    for path in _tracked():
        text = _text(path)
        if text is None or path == "docs/runtime-api.md":
            continue
        header = path.startswith("tests/support/pto2_model/")
        for number, line in enumerate(text.splitlines(), 1):
            fact = FACT.search(line) if header else None
            if "runtime-api.md" in line:
                cited = line.split("runtime-api.md", 1)[1]
            elif fact:
                cited = line[fact.start():]
            else:
                continue
            cited = cited.split(")")[0]
            for code in ITEM.findall(cited):
                if code not in items:
                    unknown.append(f"{path}:{number}: {code}")
            for code in TOPIC.findall(cited):
                if code not in topics:
                    unknown.append(f"{path}:{number}: {code}")
    assert not unknown, unknown
