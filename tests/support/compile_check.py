"""The C++ compile check (DESIGN.md section 7): emitted orchestration C++ is compiled with
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
# -Wall -Wextra -Werror: emitted code must not trip the usual warnings either (unused
# variables, sign comparisons, ...). -Wno-missing-field-initializers is not needed: the
# config aggregate is initialised in full.
SYNTAX_FLAGS = ("-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror")


def syntax_check(cpp_text: str, extra_flags: tuple[str, ...] = (), name: str = "orch.cpp") -> subprocess.CompletedProcess:
    """Compile `cpp_text` with g++ -std=c++17 -fsyntax-only against the runtime API header.

    Returns the finished process (returncode 0 = compiles; stderr holds g++'s diagnostics).
    The text is written to a temporary directory as `name`, so diagnostics name that file.
    """
    with tempfile.TemporaryDirectory(prefix="pto2_syntax_") as tmp:
        src = Path(tmp) / name
        src.write_text(cpp_text)
        return subprocess.run(
            [CXX, *SYNTAX_FLAGS, *extra_flags, "-I", str(SUPPORT_DIR), str(src)],
            capture_output=True,
            text=True,
            check=False,
        )
