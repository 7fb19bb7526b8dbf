"""The C++ compile check (docs/testing.md): emitted orchestration C++ is compiled with
`g++ -std=c++17 -fsyntax-only` against tests/support/pto_orchestration_api.h.

Usage from a test::

    from support.compile_check import syntax_check
    result = syntax_check(cpp_text)
    assert result.returncode == 0, result.stderr
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

SUPPORT_DIR = Path(__file__).resolve().parent
HEADER = SUPPORT_DIR / "pto_orchestration_api.h"
CXX = shutil.which("g++") or "g++"
SYNTAX_FLAGS = ("-std=c++17", "-fsyntax-only")
# strict=True: emitted code must not trip the usual warnings either (unused variables, sign
# comparisons, ...).
STRICT_FLAGS = ("-Wall", "-Wextra", "-Werror")


def syntax_check(
    cpp_text: str, extra_flags: tuple[str, ...] = (), name: str = "orch.cpp", strict: bool = False
) -> subprocess.CompletedProcess:
    """Compile `cpp_text` with `g++ -std=c++17 -fsyntax-only` (plus `-Wall -Wextra -Werror` when
    `strict`) against the runtime API header in tests/support.

    Returns the finished process (returncode 0 = compiles; stderr holds g++'s diagnostics).
    The text is written to a temporary directory as `name`, so diagnostics name that file.
    """
    flags = SYNTAX_FLAGS + (STRICT_FLAGS if strict else ())
    with tempfile.TemporaryDirectory(prefix="pto2_syntax_") as tmp:
        src = Path(tmp) / name
        src.write_text(cpp_text)
        return subprocess.run(
            [CXX, *flags, *extra_flags, "-I", str(SUPPORT_DIR), str(src)],
            capture_output=True,
            text=True,
            check=False,
        )
