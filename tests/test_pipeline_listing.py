"""`pto2-pipeline`'s order is written once, in code (`STEPS`, transforms/pto2_pipeline.py),
and ends with the legality check: the pipeline runs those passes, `pypto-opt --help` says so,
docs/passes/index.md lists them in that order (its listing and its table), and each rule of
verify-orchestration is checked in one place (the printer asks the pass: rule 5)."""

from __future__ import annotations

import pathlib
import re

from opt_runner import ROOT
from pypto_dialects.context import make_context
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import parse_module, split_input
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.transforms import PASSES
from pypto_dialects.transforms.plan_cpp_declarations import plan_function
from pypto_dialects.transforms.pto2_pipeline import STEPS, Pto2Pipeline
from pypto_dialects.transforms.verify_orchestration import check_orchestration

INDEX = ROOT / "docs" / "passes" / "index.md"


def test_the_pipeline_runs_steps_in_order_and_ends_with_the_legality_check() -> None:
    assert [p.name for p in Pto2Pipeline().steps()] == list(STEPS)
    assert [p.name for p in Pto2Pipeline(analyze_auto_scopes=True).steps()] == list(STEPS)
    assert STEPS[-1] == "verify-orchestration"
    assert len(set(STEPS)) == len(STEPS)
    assert all(name in PASSES for name in STEPS)
    assert "canonicalize" in STEPS  # issue 22: the carry plan survives it
    assert PASSES["pto2-pipeline"][1].startswith(", ".join(STEPS))


def _listing() -> list[str]:
    """The pass names of the arrow listing under "## `pto2-pipeline`" of docs/passes/index.md."""
    text = INDEX.read_text()
    section = text[text.index("## `pto2-pipeline`") :]
    block = re.search(r"^runs\n\n```\n(.*?)^```", section, re.S | re.M)
    assert block, "no listing after 'runs' in the pto2-pipeline section"
    names = []
    for item in block.group(1).split("->"):
        item = re.sub(r"\(.*?\)", "", item, flags=re.S).strip()
        assert re.fullmatch(r"[a-z0-9-]+", item), item
        names.append(item)
    return names


def test_the_docs_list_the_pipeline_as_the_code_runs_it() -> None:
    assert _listing() == list(STEPS)


def test_the_docs_table_lists_the_steps_in_pipeline_order() -> None:
    rows = re.findall(r"^\| `([a-z0-9-]+)` \|", INDEX.read_text(), re.M)
    steps = [name for name in STEPS if name != "canonicalize"]  # xDSL's, no page of ours
    assert [r for r in rows if r in STEPS] == steps
    assert rows[-1] == "pto2-pipeline"


def test_the_printer_reports_rule_5_with_the_verifiers_message() -> None:
    # Printed without the target's check (the printer's own site): the dependency array asks
    # verify-orchestration's check_edges, so the message is the pass's, word for word.
    from pypto_dialects.targets.pto2_cpp.api import _generate

    path = ROOT / "tests/filecheck/transforms/verify_orchestration/invalid.mlir"
    seen = 0
    for chunk, offset in split_input(path.read_bytes()):
        if b"_edge_closed(" not in chunk:
            continue
        module = parse_module(make_context(), chunk, str(path), offset)
        try:
            check_orchestration(module)
        except Exception as err:  # the diagnostic is what is compared
            by_pass = str(err)
        else:
            raise AssertionError("verify-orchestration accepts a closed-scope edge")
        (func,) = orchestration_functions(module)
        plan_function(func, SymbolTableCollection()).stamp(func)
        try:
            _generate(func, SymbolTableCollection())
        except Exception as err:
            by_printer = str(err)
        else:
            raise AssertionError("the printer printed a closed-scope edge")
        assert by_printer == by_pass
        assert "that scope has closed before this task" in by_pass
        seen += 1
    assert seen == 2  # the user edge and the compiler edge


def test_the_readme_names_the_steps_in_order() -> None:
    """The README's one-sentence summary of the main command names every step, in order."""
    text = (pathlib.Path(__file__).parent.parent / "README.md").read_text()
    start = text.index("The main command runs `pto2-pipeline` (")
    sentence = " ".join(text[start : text.index("[docs/passes/index.md]", start)].split())
    named = [m.group(0) for m in re.finditer(r"[a-z0-9]+(?:-[a-z0-9]+)*", sentence)]
    steps = [n for n in named if n in STEPS]
    assert steps == list(STEPS), sentence
