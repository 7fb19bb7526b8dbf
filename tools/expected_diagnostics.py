"""`--verify-diagnostics`: check the diagnostics of a run against the input's annotations,
as `mlir-opt --verify-diagnostics` does.

An annotation is a comment holding `expected-<severity>[-re][ ]@<where>] {{<text>}}`:
severity `error`, `warning`, `note` or `remark`; with `-re`, each `{{...}}` inside the text
is a regular expression and the rest literal, as in mlir-opt; `<where>` is `+N` / `-N`
(lines after / before the annotation's own line), `above` / `below` (the nearest line above
/ below that holds no annotation) or `unknown` (a diagnostic without a location); without it,
the annotation's own line. A diagnostic matches an annotation of its severity and line whose
text is a substring of its message. Rules and examples: docs/index.md, "Checking
diagnostics".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ANNOTATION = re.compile(
    r"expected-(error|warning|note|remark)(-re)?(?:\s*@(above|below|unknown|[+-]\d+))?\s*"
    r"\{\{(.*)\}\}"
)

LOCATED = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note|remark): (?P<msg>.*)$"
)
UNLOCATED = re.compile(r"^(?P<file>.*?): (?P<sev>error|warning|note|remark): (?P<msg>.*)$")


@dataclass
class Expected:
    """One annotation: it expects a `severity` diagnostic at `line` (None: unknown location)
    whose message contains `text`; `at` is the annotation's own `line:col`."""

    severity: str
    line: int | None
    text: str
    at: tuple[int, int]
    matched: bool = False
    pattern: re.Pattern[str] | None = None
    """For `-re`: the text as a regular expression (its `{{...}}` parts regex, the rest
    literal)."""

    def matches(self, message: str) -> bool:
        """Whether `message` is what this annotation expects."""
        if self.pattern is not None:
            return self.pattern.search(message) is not None
        return self.text in message


@dataclass
class ChunkExpectations:
    """The annotations of one input chunk and the diagnostics its run produced."""

    file: str
    expected: list[Expected] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @classmethod
    def scan(cls, file: str, text: str, line_offset: int = 0) -> ChunkExpectations:
        """The annotations of `text`, a chunk starting after `line_offset` lines of `file`."""
        chunk = cls(file)
        below: list[Expected] = []
        last_plain: int | None = None
        for index, line in enumerate(text.splitlines()):
            lineno = line_offset + index + 1
            found = list(ANNOTATION.finditer(line))
            if not found:
                for e in below:
                    e.line = lineno
                below.clear()
                last_plain = lineno
                continue
            for m in found:
                severity, regex, where, body = m.group(1), m.group(2), m.group(3), m.group(4)
                e = Expected(severity, lineno, body, (lineno, m.start() + 1))
                if regex:
                    try:
                        e.pattern = _regex(body)
                    except re.error as err:
                        chunk.problems.append(
                            f"{file}:{lineno}:{m.start() + 1}: error: expected-{severity}-re: "
                            f"invalid regular expression: {err}"
                        )
                        continue
                if where == "unknown":
                    e.line = None
                elif where == "above":
                    if last_plain is None:
                        chunk.problems.append(
                            f"{file}:{lineno}:{m.start() + 1}: error: expected-{severity}@above "
                            "has no line above it to apply to"
                        )
                        continue
                    e.line = last_plain
                elif where == "below":
                    below.append(e)
                elif where is not None:
                    e.line = lineno + int(where)
                chunk.expected.append(e)
        for e in below:
            e.matched = True  # reported here, not again as "not produced"
            chunk.problems.append(
                f"{file}:{e.at[0]}:{e.at[1]}: error: expected-{e.severity}@below has no line "
                "below it to apply to"
            )
        return chunk

    def report(self, diagnostic: str) -> None:
        """Match one emitted one-line diagnostic (`file:line:col: error: message`) against
        the annotations; an unmatched one becomes an `unexpected` problem."""
        m = LOCATED.match(diagnostic)
        line: int | None
        if m:
            line = int(m.group("line"))
        else:
            m = UNLOCATED.match(diagnostic)
            line = None
            if m is None:
                self.problems.append(f"{self.file}: error: unexpected error: {diagnostic}")
                return
        severity, message = m.group("sev"), m.group("msg")
        for e in self.expected:
            if not e.matched and e.severity == severity and e.line == line and e.matches(message):
                e.matched = True
                return
        where = diagnostic[: m.start("sev") - 2]
        self.problems.append(f"{where}: error: unexpected {severity}: {message}")

    def finish(self) -> list[str]:
        """All problems of the chunk: unexpected diagnostics, then annotations that no
        diagnostic matched."""
        for e in self.expected:
            if not e.matched:
                self.problems.append(
                    f"{self.file}:{e.at[0]}:{e.at[1]}: error: expected {e.severity} "
                    f'"{e.text}" was not produced'
                )
        return self.problems


def _regex(body: str) -> re.Pattern[str]:
    """An `-re` annotation's text as one pattern: `{{...}}` parts as written, the rest
    escaped."""
    parts = re.split(r"\{\{(.*?)\}\}", body)
    return re.compile("".join(p if i % 2 else re.escape(p) for i, p in enumerate(parts)))
