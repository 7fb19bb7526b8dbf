"""pypto-dialects: MLIR dialects, passes and a PTO2 C++ target for PyPTO orchestration.

`generate_orchestration` (PTO2 C++ of one orchestration function, see
`pypto_dialects.targets.pto2_cpp`) is re-exported here lazily: importing this package
loads nothing else.
"""


import os as _os

_LAZY = ("generate_orchestration", "generate_module")

# The installed package holds `transforms`, `targets` and `tools` as subpackages (pyproject's
# package-dir maps the top-level source folders into it). Imported from the source tree
# instead (a `python` started in the repository root finds this folder first), they are this
# folder's siblings: the repository root joins `__path__`, so `pypto_dialects.targets` is
# the same module either way.
_here = _os.path.dirname(_os.path.abspath(__file__))
_root = _os.path.dirname(_here)
if not _os.path.isdir(_os.path.join(_here, "targets")) and all(
    _os.path.isfile(_os.path.join(_root, sub, "__init__.py"))
    for sub in ("transforms", "targets", "tools")
):
    __path__.append(_root)


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


def __getattr__(name: str):  # PEP 562 lazy re-export
    if name in _LAZY:
        from pypto_dialects.targets import pto2_cpp

        return getattr(pto2_cpp, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
