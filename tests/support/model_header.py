"""The compile check of generated C++ against our own model of the PTO2 orchestration header.

The model (`pto2_model/<generation>/pto_orchestration_api.h`) is a header this project writes
itself from the documented facts of the runtime's API (shared/runtime/API.md); it holds no runtime
source. It declares exactly the types, overloads, members, enumerators and macros the runtime's
header offers orchestration code, and turns the API's restrictions into compile errors (never more
permissive than the runtime; stricter where the runtime only fails at run time, e.g. a temporary
passed to `add_input`). The runtime entry points are declared but not defined, so the model serves
compile checks (`-fsyntax-only`) and leaves room for a separate recording implementation.

Generations (`generation=`):
- `seed` (hw-native-sys/simpler b7d04b45e, the default): the API the printer prints by default.
  tests/test_pto2_model_header.py checks that model: every form the printer uses compiles, and
  each restriction is a compile error.
- `current` (hw-native-sys/simpler 6ebaf7715): `ChipTaskArgs`, `CoreTaskArgs`, `ChipTensor`,
  `orch_args.tensor(i).ref()`, which the printer prints with `api=current`;
  tests/test_pto2_model_header_current.py checks that model the same way, and that a file of one
  generation (a half port included) does not compile against the other's model.

Each generation's folder also holds `record_runtime.cpp` (`record_runtime(generation)`), a
recording implementation of the entry points its header declares, for native runs.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

MODEL_ROOT = Path(__file__).resolve().parent / "pto2_model"
GENERATIONS = ("seed", "current")
INCLUDE_DIR = MODEL_ROOT / "seed"
"""The folder whose `pto_orchestration_api.h` is the model of the default (seed) generation."""

STRICT_FLAGS = ("-std=c++17", "-Wall", "-Wextra", "-Werror")
CXX = "g++"


def compiler_env() -> dict[str, str]:
    """The environment g++ runs in: the C locale, so its diagnostics quote with plain ASCII
    apostrophes whatever the user's locale (tests match substrings of them)."""
    return {**os.environ, "LC_ALL": "C"}


COMPILED = 0
"""C++ files compiled against the model in this process."""


def include_dir(generation: str = "seed") -> Path:
    """The include folder of the model header of `generation`."""
    if generation not in GENERATIONS:
        raise ValueError(f"no model header for API generation {generation!r} (have: {GENERATIONS})")
    return MODEL_ROOT / generation


def record_runtime(generation: str = "seed") -> Path:
    """The recording runtime (`record_runtime.cpp`) that goes with the model header of
    `generation`: it defines the entry points the header declares and prints one line per task."""
    return include_dir(generation) / "record_runtime.cpp"


def compile_check(cpp_text: str, name: str = "orch.cpp",
                  generation: str = "seed") -> subprocess.CompletedProcess:
    """`g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only` of `cpp_text` with the model header of
    `generation` as `"pto_orchestration_api.h"`; returncode 0 means it compiles, stderr holds g++'s
    diagnostics (naming the file `name`)."""
    global COMPILED
    inc = include_dir(generation)
    COMPILED += 1
    with tempfile.TemporaryDirectory(prefix="pto2_model_cc_") as tmp:
        src = Path(tmp) / Path(name).name
        src.write_text(cpp_text)
        return subprocess.run(
            [CXX, *STRICT_FLAGS, "-fsyntax-only", f"-I{inc}", str(src)],
            capture_output=True, text=True, check=False, env=compiler_env(),
        )
