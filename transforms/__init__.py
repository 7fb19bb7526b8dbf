"""The passes of pypto-dialects, one module per pass (DESIGN.md section 4).

`PASSES` maps each pass name to a lazy factory (the pass class is imported only when the
pass runs) and a one-line summary for `pypto-opt --help`.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass

PASSES: dict[str, tuple[Callable[[], type[ModulePass]], str]] = {}
"""Pass name -> (factory returning the pass class, summary)."""
