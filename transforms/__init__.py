"""The passes of pypto-dialects, one module per pass (docs/passes/index.md).

`PASSES` maps each pass name to a lazy factory (the pass class is imported only when the
pass runs) and a one-line summary for `pypto-opt --help`: the passes of registry.py, then
`pto2-pipeline`, which runs them in the order of its `STEPS`.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass

from pypto_dialects.transforms import registry
from pypto_dialects.transforms.pto2_pipeline import STEPS, Pto2Pipeline

PASSES: dict[str, tuple[Callable[[], type[ModulePass]], str]] = {
    **registry.PASSES,
    "pto2-pipeline": (
        lambda: Pto2Pipeline,
        ", ".join(STEPS) + " (batch-tensor-allocations ends with add-retain-edges)",
    ),
}
"""Pass name -> (factory returning the pass class, summary)."""
