"""pypto-dialects: MLIR dialects, passes and a PTO2 C++ target for PyPTO orchestration.

`generate_orchestration` (PTO2 C++ of one orchestration function, see
`pypto_dialects.targets.pto2_cpp`) is re-exported here lazily: importing this package
loads nothing else.
"""


_LAZY = ("generate_orchestration", "generate_module")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


def __getattr__(name: str):  # PEP 562 lazy re-export
    if name in _LAZY:
        from pypto_dialects.targets import pto2_cpp

        return getattr(pto2_cpp, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
