"""Output targets of pypto-opt (`-t NAME`); `mlir` comes from xDSL.

`TARGETS` maps each target name to a lazy factory returning its `xdsl.utils.target.Target`
class.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.utils.target import Target

TARGETS: dict[str, Callable[[], type[Target]]] = {}
"""Target name -> factory returning the Target class."""
