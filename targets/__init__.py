"""Output targets of pypto-opt (`-t NAME`); `mlir` comes from xDSL.

`TARGETS` maps each target name to a lazy factory returning its `xdsl.utils.target.Target`
class.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.utils.target import Target

TARGETS: dict[str, Callable[[], type[Target]]] = {}
"""Target name -> factory returning the Target class."""


def _pto2_cpp() -> type[Target]:
    from pypto_dialects.targets.pto2_cpp import Pto2CppTarget

    return Pto2CppTarget


TARGETS["pto2-cpp"] = _pto2_cpp

_LAZY = ("generate_orchestration", "generate_module", "OrchestrationResult", "ModuleResult")


def __getattr__(name: str):  # PEP 562 lazy re-exports of the pto2-cpp API
    if name in _LAZY:
        from pypto_dialects.targets import pto2_cpp

        return getattr(pto2_cpp, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
