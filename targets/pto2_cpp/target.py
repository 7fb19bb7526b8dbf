"""`-t pto2-cpp`: the xDSL Target of the PTO2 C++ printer: the C++ on the output stream, or
the files under the `out-dir` option (docs/targets/pto2-cpp.md#usage).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target


@dataclass(frozen=True)
class Pto2CppTarget(Target):
    """The PTO2 orchestration C++ target (docs/targets/pto2-cpp.md)."""

    name: ClassVar[str] = "pto2-cpp"

    out_dir: str | None = None
    """Write the files under this directory instead of printing the C++."""

    api: str = "seed"
    """The runtime API generation to print: `seed` or `current` (generation.py)."""

    wait_only_edges: bool = False
    """`wait-only-edges=true` (api=current only): explicit edges on TaskIds of tasks that
    create no buffer wait without retaining (docs/targets/pto2-cpp.md#wait-only-edges)."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        from pypto_dialects.targets.pto2_cpp.api import generate_module

        # pypto-opt has verified the module already (after parsing and after each pass).
        result = generate_module(
            module, verify=False, api=self.api, wait_only_edges=self.wait_only_edges
        )
        if self.out_dir:
            result.write(self.out_dir)
        else:
            output.write(result.code)
