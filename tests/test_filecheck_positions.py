"""FileCheck directives pin source positions relative to themselves, never as absolute line
numbers, so that inserting a line into a test breaks no later CHECK.

Write the line of a diagnostic, or of an op a message names, as filecheck's (filecheck.py
1.0.6) pseudo-variable with its spaces: `[[# @LINE + 1]]` (the op on the next line),
`[[# @LINE - 3]]`, `[[# @LINE]]`; the column stays a number. For example
`// CHECK: :[[# @LINE + 1]]:3: error: 'pto_tensor.read' op reads %r, whose buffer
'pto_orch.call' (kernel @k) at line [[# @LINE - 3]] writes ...`. With `--split-input-file`
the driver numbers the lines of every chunk as lines of the whole file, so the offset is the
one seen in the file. (`[[@LINE+1]]` and `[[#@LINE+1]]`, LLVM's spellings, are not
understood by filecheck.py: the first is taken literally, the second is a parse error.)"""

from __future__ import annotations

import re

from opt_runner import ROOT

FILECHECK = ROOT / "tests" / "filecheck"
DIRECTIVE = re.compile(r"^\s*//\s*(?!RUN\b)[A-Z][A-Z0-9_]*(?:-[A-Z]+)?:(.*)$")
ABSOLUTE = re.compile(r"(?:(?<=:)|(?<=\bat ))\d+:\d+(?![0-9])|\b(?:at|on) line \d+\b")
"""`file:L:C` / `:L:C` (the diagnostic's own position), `at L:C` (an op a message names), and
`at line L` / `on line L`; not a slice such as `%y[0:1]`."""


def test_no_directive_pins_an_absolute_position() -> None:
    found = []
    for path in sorted(FILECHECK.rglob("*.mlir")):
        if "Output" in path.parts:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            m = DIRECTIVE.match(line)
            if not m:
                continue
            body = re.sub(r"\{\{.*?\}\}", "", m.group(1))  # regex blocks hold no position
            if ABSOLUTE.search(body):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, "absolute positions (use [[# @LINE + N]]):\n" + "\n".join(found)
