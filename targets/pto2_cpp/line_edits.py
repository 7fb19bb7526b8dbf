"""Edits of lines the pto2-cpp printer has already written, applied once per function.

One line is only known to be needed after the text it belongs to has been printed:

    PTO2TaskId alloc_0_tid = alloc_0.task_id();   after an alloc_tensors batch, once the first
                                                  manual-scope task retains the batch

The printer records such edits against the index a line has in `CppWriter.lines` while the
function is printed (indices never move then: the writer only appends) and `apply` rewrites
the list in one pass at the end of the body, before the entry's prologue is inserted. Cost:
O(lines + edits).
"""

from __future__ import annotations

from collections.abc import Sequence

from pypto_dialects.targets.pto2_cpp.writer import INDENT, CppWriter


class LineEdits:
    """Pending insertions, replacements and deletions of one function's lines."""

    def __init__(self, writer: CppWriter) -> None:
        self.w = writer
        self._inserts: dict[int, list[str]] = {}
        self._replace: dict[int, str | None] = {}

    def here(self) -> int:
        """The index the next printed line will have (ignoring a pending blank line)."""
        return len(self.w.lines)

    def last(self) -> int:
        """The index of the line printed last."""
        return len(self.w.lines) - 1

    def insert_before(self, index: int, depth: int, lines: Sequence[str]) -> None:
        """Insert `lines`, indented to `depth`, before the line now at `index` (after the ones
        inserted there earlier)."""
        self._inserts.setdefault(index, []).extend(INDENT * depth + t for t in lines)

    def replace(self, index: int, text: str) -> None:
        """Replace the line at `index` (its indentation is kept)."""
        line = self.w.lines[index]
        indent = line[: len(line) - len(line.lstrip(" "))]
        self._replace[index] = indent + text

    def delete(self, index: int) -> None:
        """Drop the line at `index`."""
        self._replace[index] = None

    def text(self, index: int) -> str:
        """The line at `index` without its indentation (as printed, before edits)."""
        return self.w.lines[index].lstrip(" ")

    def apply(self) -> None:
        """Rewrite the writer's lines with every recorded edit (once)."""
        if not self._inserts and not self._replace:
            return
        old = self.w.lines
        new: list[str] = []
        deleted = False  # the previous line was dropped: keep the blank-line layout rules
        for i, line in enumerate(old):
            extra = self._inserts.get(i)
            if extra:
                new.extend(extra)
                deleted = False
            if i in self._replace:
                repl = self._replace[i]
                if repl is not None:
                    new.append(repl)
                    deleted = False
                else:
                    deleted = True
                continue
            if deleted and new:
                if not line and (not new[-1] or new[-1].endswith("{")):
                    continue  # no blank line after a blank line or an opening brace
                if line.lstrip(" ").startswith("}") and not new[-1]:
                    new.pop()  # no blank line before a closing brace
            deleted = False
            new.append(line)
        tail = self._inserts.get(len(old))
        if tail:
            new.extend(tail)
        self.w.lines[:] = new
        self._inserts.clear()
        self._replace.clear()
