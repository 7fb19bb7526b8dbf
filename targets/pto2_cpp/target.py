"""`-t pto2-cpp`: the xDSL Target of the PTO2 C++ printer.

Prints the C++ of every orchestration function of the module on the output stream
(`ModuleResult.code`: with several functions, each file is preceded by
`// ===== orchestration/<func>.cpp =====`). With the option `out-dir`
(`-t 'pto2-cpp{out-dir="build"}'`, or `-o build/` / `-o <existing directory>` with this
target, which pypto-opt turns into the option) it writes `build/orchestration/<func>.cpp` and
`build/kernel_config.json` instead and prints nothing.
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

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        from pypto_dialects.targets.pto2_cpp.api import generate_module

        # pypto-opt has verified the module already (after parsing and after each pass).
        result = generate_module(module, verify=False)
        if self.out_dir:
            result.write(self.out_dir)
        else:
            output.write(result.code)
