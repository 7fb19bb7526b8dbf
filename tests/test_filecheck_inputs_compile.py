"""Every program the FileCheck suite and the examples hold that the compiler accepts prints C++
that compiles, in both API generations, against our model of the runtime's API header with
`g++ -std=c++17 -Wall -Wextra -Werror` (support.model_header).

The inputs: every `.mlir` under tests/filecheck/ and examples/, split on `// -----` lines where
the file runs with `--split-input-file` (each chunk is a program of its own, as pypto-opt reads
it). Each chunk goes through `pto2-pipeline` and the `pto2-cpp` target in-process, as
`pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=...}'` runs them, whatever its own RUN lines run:
an input written for one pass, or as a negative test, is still a program a user may compile.
A chunk the compiler rejects with a located diagnostic (a parse error, a verifier, a pass or
the target refusing it) is expected for the negative tests and skipped; an internal error
(any other exception) fails. Every file printed for an accepted chunk must compile: an
unused variable is as much a defect as a type error (found this way: a host read whose value
only reaches `func.return` through arith, an allocation only a folded dim read;
tests/filecheck/targets/pto2_cpp/unread_values.mlir).

The files of one generation are compiled in one g++ run (`model_header.compile_batch`), each
in a namespace of its own and named by its chunk (`<input>#<chunk>/<function>.cpp`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from xdsl.utils.exceptions import DiagnosticException, ParseError

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, split_input, verify_module
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline
from support import model_header

ROOT = Path(__file__).resolve().parents[1]
INPUTS = sorted(
    p for p in (ROOT / "tests" / "filecheck").rglob("*.mlir")
    if "Output" not in p.relative_to(ROOT).parts  # lit's temporary files (%t)
) + sorted((ROOT / "examples").glob("*.mlir"))


@dataclass(frozen=True)
class Chunk:
    """One program of an input file: its text and where it starts (lines before it)."""

    path: Path
    index: int
    text: bytes
    line_offset: int

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}#{self.index}"


def chunks(path: Path) -> list[Chunk]:
    """The programs of `path`: its `--split-input-file` chunks when a RUN line splits it,
    else the whole file."""
    data = path.read_bytes()
    split = any(b"RUN:" in line and b"--split-input-file" in line for line in data.splitlines())
    parts = split_input(data) if split else [(data, 0)]
    return [Chunk(path, i, text, off) for i, (text, off) in enumerate(parts)]


@dataclass
class Corpus:
    """What the compiler made of every chunk: the C++ files of the accepted ones, per
    generation (`<chunk>/<function>.cpp` -> text), the names of the rejected ones and the
    internal errors (chunk name, exception)."""

    files: dict[str, dict[str, str]]
    accepted: list[str]
    rejected: list[str]
    crashes: list[str]


@cache
def corpus() -> Corpus:
    out = Corpus({api: {} for api in model_header.GENERATIONS}, [], [], [])
    for path in INPUTS:
        for chunk in chunks(path):
            ctx = make_context()
            try:
                module = parse_module(ctx, chunk.text, str(path), chunk.line_offset)
                verify_module(module)
                Pto2Pipeline().apply(ctx, module)
                verify_module(module)
                results = {
                    api: generate_module(module, verify=False, checked=True, planned=True,
                                         api=api)
                    for api in model_header.GENERATIONS
                }
            except (ParseError, DiagnosticException):
                out.rejected.append(chunk.name)
                continue
            except Exception as err:  # reported: a user never sees a traceback
                out.crashes.append(f"{chunk.name}: {type(err).__name__}: {err}")
                continue
            out.accepted.append(chunk.name)
            for api, result in results.items():
                for res in result.results:
                    out.files[api][f"{chunk.name}/{res.function}.cpp"] = res.code
    return out


def test_no_chunk_is_an_internal_error() -> None:
    assert corpus().crashes == []


def test_the_corpus_covers_the_inputs() -> None:
    """Every input is read, the split files chunk by chunk; most chunks are accepted (the
    rest are negative tests). Floors, not exact counts: adding a test input must not fail
    this test."""
    c = corpus()
    assert len(INPUTS) >= 180
    assert len(c.accepted) >= 170, len(c.accepted)
    assert len(c.accepted) + len(c.rejected) >= 560
    assert "tests/filecheck/transforms/fold_tensor_dims/fold.mlir#0" in c.accepted
    assert "tests/filecheck/transforms/verify_orchestration/invalid.mlir#0" in c.rejected
    assert {f"examples/{p.name}#0" for p in ROOT.glob("examples/*.mlir")} <= set(c.accepted)


@pytest.mark.parametrize("api", model_header.GENERATIONS)
def test_every_accepted_chunk_compiles(api: str) -> None:
    files = corpus().files[api]
    assert len(files) >= 280, len(files)
    status, errors = model_header.compile_batch(files, generation=api)
    assert status == 0, f"C++ of accepted chunks (api={api}) does not compile:\n{errors}"


# ---------------------------------------------------------------------- the batch itself

GOOD = """#include <stdint.h>
#include "pto_orchestration_api.h"

extern "C" {
static inline int64_t helper(int64_t x) { return x + 1; }
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 0 };
}
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    (void)helper(1);
}
}
"""


def test_a_batch_names_the_file_and_line_of_each_error() -> None:
    """Two files defining the same helper and entry share a unit; the one with an unused
    variable is named with its own line, the other not."""
    bad = GOOD.replace("(void)helper(1);", "(void)helper(1);\n    int64_t unused = 0;")
    status, errors = model_header.compile_batch({"a.mlir#0/f.cpp": GOOD, "a.mlir#1/f.cpp": bad})
    assert status != 0
    assert "a.mlir#1/f.cpp:13:13: error: unused variable 'unused' [-Werror=unused-variable]" \
        in errors, errors
    assert "a.mlir#0" not in errors
    assert model_header.compile_batch({"x": GOOD, "y": GOOD}) == (0, "")


def test_a_batch_checks_the_entry_signature() -> None:
    """The renamed entry points must have the types the model header declares (compiled
    alone, the header's declaration conflicts with a wrong one)."""
    by_value = GOOD.replace("void aicpu_orchestration_entry(const ChipStorageTaskArgs& ",
                            "void aicpu_orchestration_entry(ChipStorageTaskArgs ")
    status, errors = model_header.compile_batch({"ok.cpp": GOOD, "v.cpp": by_value})
    assert status != 0
    assert "static assertion failed: v.cpp: aicpu_orchestration_entry does not have the type " \
        "the model header declares" in errors, errors
    assert "ok.cpp" not in errors
    alone = model_header.compile_check(by_value)
    assert "conflicting declaration of C function" in alone.stderr, alone.stderr
