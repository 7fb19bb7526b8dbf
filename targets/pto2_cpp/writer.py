"""Line buffer of the pto2-cpp printer: 4-space indentation and blank-line groups
(docs/targets/pto2-cpp.md#layout).
"""

from __future__ import annotations

INDENT = "    "


class CppWriter:
    """Collects the lines of one C++ file."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self._blank = False

    def line(self, text: str) -> None:
        """One statement line at the current indentation (a pending blank line first, unless
        the previous line opened a block)."""
        if self._blank:
            self._blank = False
            if self.lines and self.lines[-1] and not self.lines[-1].endswith("{"):
                self.lines.append("")
        self.lines.append(INDENT * self.depth + text)

    def blank(self) -> None:
        """Ask for a blank line before the next statement (group boundary)."""
        self._blank = True

    def raw(self, text: str = "") -> None:
        """A line exactly as given (file-level text, unconditional blank lines)."""
        self._blank = False
        self.lines.append(text)

    def open(self, header: str) -> None:
        """`header {` and indent."""
        self.line(header + " {")
        self.depth += 1

    def close(self, text: str = "}") -> None:
        """Dedent and print the closing line (`}` or `} else {`); a pending blank is dropped."""
        self._blank = False
        self.depth -= 1
        self.line(text)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
