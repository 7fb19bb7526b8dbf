"""The compile check of generated C++ against our own model of the PTO2 orchestration header.

The model (`pto2_model/<generation>/pto_orchestration_api.h`) is a header this project writes
itself from the documented facts of the runtime's API (docs/runtime-api.md lists them with their
upstream files); it holds no runtime source. It declares exactly the types, overloads, members,
enumerators and macros the runtime's header offers orchestration code, and turns the API's
restrictions into compile errors (never more permissive than the runtime; stricter where the runtime
only fails at run time, e.g. a temporary passed to `add_input`). The runtime entry points are
declared but not defined, so the model serves compile checks (`-fsyntax-only`) and leaves room for a
separate recording implementation.

Generations (`generation=`):
- `seed` (hw-native-sys/simpler b7d04b45e, the default): the API the printer prints by default.
  tests/test_pto2_model_header.py checks that model: every form the printer uses compiles, and
  each restriction is a compile error.
- `current` (hw-native-sys/simpler 6ebaf7715): `ChipTaskArgs`, `CoreTaskArgs`, `ChipTensor`,
  `orch_args.tensor(i).ref()`, which the printer prints with `api=current`;
  tests/test_pto2_model_header_current.py checks that model the same way, and that a file of one
  generation (a half port included) does not compile against the other's model.

`compile_batch` checks many files in one g++ run (one translation unit, each file in a namespace
of its own: `batch_unit`), for the suites that compile hundreds of files.

Each generation's folder also holds `record_runtime.cpp` (`record_runtime(generation)`), a
recording implementation of the entry points its header declares, for native runs.
"""

from __future__ import annotations

import os
import re
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


_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(\w+)", re.MULTILINE)
_ENTRY_POINTS = ("aicpu_orchestration_entry", "aicpu_orchestration_config")


def _batchable(text: str) -> bool:
    """Whether `text` can share a translation unit with other files: its only preprocessor
    directives are `#include` and `#pragma` (a macro of its own would leak into the next)."""
    return all(m.group(1) in ("include", "pragma") for m in _DIRECTIVE.finditer(text))


def _quoted(name: str) -> str:
    """`name` as the inside of a C string literal (a `#line` file name)."""
    return name.replace("\\", "\\\\").replace('"', '\\"')


def _includes(text: str) -> tuple[str, ...]:
    return tuple(line for line in text.splitlines() if line.lstrip().startswith("#include"))


def batch_unit(files: dict[str, str]) -> str:
    """One C++ translation unit that holds each of `files` (name -> generated file, all with
    the same `#include` lines) as it would compile on its own: its `#include` lines once at the
    top, then each file in a namespace of its own (its helper functions do not meet another's)
    with its entry points renamed (each file defines them, extern "C": a second definition in
    one unit would be an error) and its lines numbered as the file `name` (`#line`), so g++
    names the file and line it would name compiling the file alone; after each, a
    `static_assert` that the renamed entry points have the types the model header declares
    (what the header's own declaration checks in a file compiled alone)."""
    texts = list(files.values())
    includes = _includes(texts[0]) if texts else ()
    out = [*includes, ""]
    for k, (name, text) in enumerate(files.items()):
        assert _includes(text) == includes, name
        assert _batchable(text), name
        body = "\n".join("" if line.lstrip().startswith("#include") else line
                         for line in text.splitlines())
        renames = "".join(f"#define {e} {e}_{k}\n" for e in _ENTRY_POINTS)
        undo = "".join(f"#undef {e}\n" for e in _ENTRY_POINTS)
        quoted = _quoted(name)
        out.append(f'namespace batch_{k} {{\n{renames}#line 1 "{quoted}"\n{body}\n{undo}}}')
        out.extend(
            f"static_assert(__is_same(decltype(batch_{k}::{e}_{k}), decltype({e})), "
            f'"{quoted}: {e} does not have the type the model header declares");'
            for e in _ENTRY_POINTS
        )
    return "\n".join(out) + "\n"


def compile_batch(files: dict[str, str], generation: str = "seed") -> tuple[int, str]:
    """The compile check (`compile_check`) of many files at once: `files` maps a name (used
    in g++'s diagnostics) to a generated C++ file. Files with the same `#include` lines and no
    other directives but `#pragma` share one translation unit (`batch_unit`: the model header
    is parsed once, not once per file); any other file is checked alone. Returns (0 when
    every file compiles, else non-zero; g++'s diagnostics of all of them)."""
    groups: dict[tuple[str, ...], dict[str, str]] = {}
    alone: dict[str, str] = {}
    for name, text in files.items():
        if _batchable(text):
            groups.setdefault(_includes(text), {})[name] = text
        else:
            alone[name] = text
    global COMPILED
    status, errors = 0, []
    units = [(f"batch_{i}.cpp", batch_unit(g), len(g)) for i, g in enumerate(groups.values())]
    units += [(f"alone_{i}.cpp", f'#line 1 "{_quoted(name)}"\n{text}', 1)
              for i, (name, text) in enumerate(alone.items())]
    for unit_name, text, count in units:
        res = compile_check(text, unit_name, generation)
        COMPILED += count - 1
        status = status or res.returncode
        errors.append(res.stderr)
    return status, "".join(errors)
