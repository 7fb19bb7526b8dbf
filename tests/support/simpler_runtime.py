"""The real PTO2 runtime in the test loop: its headers for the compile check, its CPU simulator for
execution.

Where the runtime comes from, in order:
1. `PYPTO_SIMPLER_ROOT`: a hw-native-sys/simpler checkout of the user's (read only; it is copied into
   the cache before anything is built);
2. the snapshot archive `../shared/runtime/simpler-*.tar.gz` beside the repository (CI has it).
Without either, runtime-backed tests skip with `SKIP_REASON`; under CI (`CI` set) they fail instead,
so they are never silently absent there.

The simulator (platform a2a3sim, runtime tensormap_and_ringbuffer) is built once into
`PYPTO_RUNTIME_CACHE` (default `.cache/pto2-runtime/` in the repository) and reused by later runs;
compiled kernels and orchestration libraries are cached there by the hash of their source.

`run_program` runs generated orchestration C++ with C++ kernels and returns the output tensors and
the runtime's own dependency record (`deps.json`, CallConfig.enable_dep_gen).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SUPPORT = Path(__file__).resolve().parent
KERNEL_HEADER_DIR = SUPPORT / "sim_kernels"
RUNNER = SUPPORT / "simpler_run.py"
ENV_ROOT = "PYPTO_SIMPLER_ROOT"
ENV_CACHE = "PYPTO_RUNTIME_CACHE"
SKIP_REASON = (
    "runtime-backed tests skipped: no PTO2 runtime source found; set PYPTO_SIMPLER_ROOT to a "
    "hw-native-sys/simpler checkout to enable them"
)
RUNTIME_SUBDIR = Path("src/a2a3/runtime/tensormap_and_ringbuffer")
STRICT_FLAGS = ("-std=c++17", "-Wall", "-Wextra", "-Werror")
PY_DEPS = ("numpy", "nanobind", "cloudpickle")


class RuntimeMissing(Exception):
    """No runtime source: the caller skips (or fails under CI)."""


def _archive() -> Path | None:
    found = sorted((ROOT.parent / "shared" / "runtime").glob("simpler-*.tar.gz"))
    return found[-1] if found else None


def cache_dir() -> Path:
    """The folder that holds the unpacked runtime, its simulator build and compiled programs."""
    return Path(os.environ.get(ENV_CACHE) or ROOT / ".cache" / "pto2-runtime")


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fd:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield


def _source_key() -> tuple[str, Path | None, Path | None]:
    user = os.environ.get(ENV_ROOT)
    if user:
        root = Path(user).expanduser().resolve()
        if not (root / RUNTIME_SUBDIR).is_dir():
            raise RuntimeMissing(f"{ENV_ROOT}={user} is not a simpler checkout (no {RUNTIME_SUBDIR})")
        return "checkout-" + hashlib.sha256(str(root).encode()).hexdigest()[:12], root, None
    archive = _archive()
    if archive is None:
        raise RuntimeMissing(SKIP_REASON)
    return archive.name.removesuffix(".tar.gz"), None, archive


def simpler_root() -> Path:
    """The cached, writable copy of the runtime source (unpacked or copied on first use)."""
    key, checkout, archive = _source_key()
    dest = cache_dir() / key
    root = dest / "simpler"
    stamp = dest / ".source-ready"
    if stamp.is_file():
        return root
    with _locked(dest / ".lock"):
        if stamp.is_file():
            return root
        if root.exists():
            shutil.rmtree(root)
        if archive is not None:
            with tarfile.open(archive) as tar:
                tar.extractall(dest, filter="data")
        else:
            assert checkout is not None
            shutil.copytree(checkout, root, ignore=shutil.ignore_patterns(".git", "build"))
        stamp.write_text("")
    return root


def include_flags() -> list[str]:
    """g++ include flags that make `#include "pto_orchestration_api.h"` the runtime's own header."""
    root = simpler_root()
    src, rt = root / "src", root / RUNTIME_SUBDIR
    dirs = [rt / "orchestration", rt / "runtime", rt / "common", src / "common/task_interface",
            src / "common/platform/include"]
    return [f"-I{d}" for d in dirs]


def compile_check(cpp_text: str, name: str = "orch.cpp") -> subprocess.CompletedProcess:
    """`g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only` of `cpp_text` against the real runtime
    headers; returncode 0 means it compiles, stderr holds g++'s diagnostics (naming `name`)."""
    global COMPILED
    flags = include_flags()
    COMPILED += 1
    with tempfile.TemporaryDirectory(prefix="pto2_cc_") as tmp:
        src = Path(tmp) / Path(name).name
        src.write_text(cpp_text)
        return subprocess.run(
            ["g++", *STRICT_FLAGS, "-fsyntax-only", *flags, str(src)],
            capture_output=True, text=True, check=False,
        )


# ---------------------------------------------------------------------------------- simulator build


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(root / "python")])
    env["PATH"] = os.pathsep.join([str(root.parent / "bin"), env.get("PATH", "")])
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


_BUILD_SCRIPT = """
import concurrent.futures, functools
from simpler_setup import runtime_builder as rb
# One target at a time: the builder starts four cmake builds, each with --parallel <cpus>.
rb.ThreadPoolExecutor = functools.partial(concurrent.futures.ThreadPoolExecutor, max_workers=1)
rb.RuntimeBuilder(platform="a2a3sim").get_binaries("tensormap_and_ringbuffer", build=True)
"""


@dataclass
class BuildInfo:
    """Where the simulator is and how long getting it took (0 build seconds when it was cached)."""

    root: Path
    seconds: float
    cached: bool


_BUILT: BuildInfo | None = None
RUNS = 0  # programs run in the simulator by this process
COMPILED = 0  # C++ files compiled against the runtime headers by this process


def build_info() -> BuildInfo | None:
    """How the simulator was obtained in this process, if it was."""
    return _BUILT


def ensure_simulator() -> BuildInfo:
    """Build the runtime's CPU simulator once (Python bindings + runtime libraries) into the cache.

    Raises RuntimeMissing without a runtime source, RuntimeError (with the build log's tail) when
    the build fails. Later calls, in this process or a later run, reuse the build."""
    global _BUILT
    if _BUILT is not None:
        return _BUILT
    start = time.monotonic()
    root = simpler_root()
    stamp = root.parent / ".simulator-ready"
    cached = stamp.is_file()
    if not cached:
        missing = [m for m in PY_DEPS if _no_module(m)]
        if missing:
            raise RuntimeError(f"the simulator build needs the Python packages {missing}")
        with _locked(root.parent / ".lock"):
            if not stamp.is_file():
                _build(root)
                stamp.write_text("")
    _BUILT = BuildInfo(root, time.monotonic() - start, cached)
    return _BUILT


def _no_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is None


def _build(root: Path) -> None:
    bin_dir = root.parent / "bin"
    bin_dir.mkdir(exist_ok=True)
    wrapper = bin_dir / "g++-15"  # the sim kernel compiler's name; g++ 12 takes the same flags
    wrapper.write_text('#!/bin/sh\nexec g++ "$@"\n')
    wrapper.chmod(0o755)
    env = _env(root)
    import nanobind

    steps = [
        ["cmake", "-S", str(root), "-B", str(root / "build/cmake_only"),
         f"-DPython_EXECUTABLE={sys.executable}", f"-Dnanobind_DIR={nanobind.cmake_dir()}"],
        ["cmake", "--build", str(root / "build/cmake_only"), "--target", "_task_interface", "-j2"],
        [sys.executable, "-c", _BUILD_SCRIPT],
    ]
    log = root.parent / "build.log"
    with open(log, "w") as out:
        for cmd in steps:
            res = subprocess.run(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                 check=False)
            if res.returncode != 0:
                tail = log.read_text()[-3000:]
                raise RuntimeError(f"simulator build step failed: {' '.join(cmd)}\n{tail}")


# ---------------------------------------------------------------------------------- running programs

DTYPES = {"float32": "FLOAT32", "float16": "FLOAT16", "int32": "INT32", "int16": "INT16",
          "int8": "INT8", "uint8": "UINT8", "int64": "INT64", "uint64": "UINT64",
          "uint16": "UINT16", "uint32": "UINT32", "bool": "BOOL"}


@dataclass
class Run:
    """The result of one simulator run.

    `outputs`: every tensor argument after the run, by entry-argument index. `tasks`: the tasks of
    the runtime's dependency record in submit order (its raw dicts). `edges`: the record's edges as
    `(pred, succ, origin)` with origin 'explicit', 'creator' or 'tensormap'; a task is named `t<i>`
    (its index in `tasks`), an `alloc_tensors` task (which the record shows only as an edge source)
    `alloc<j>` in order of its runtime id."""

    outputs: dict[int, np.ndarray]
    tasks: list[dict]
    edges: set[tuple[str, str, str]]
    raw: dict = field(repr=False)

    def pairs(self, *origins: str) -> set[tuple[str, str]]:
        """(pred, succ) pairs, restricted to the given origins when any are named."""
        return {(p, s) for p, s, o in self.edges if not origins or o in origins}

    def count(self, origin: str) -> int:
        """How many edges of one origin the record holds."""
        return sum(1 for e in self.edges if e[2] == origin)

    def ordered(self, before: str, after: str) -> bool:
        """Whether a path of edges leads from `before` to `after`."""
        succ: dict[str, set[str]] = {}
        for p, s, _ in self.edges:
            succ.setdefault(p, set()).add(s)
        seen, todo = set(), [before]
        while todo:
            n = todo.pop()
            for m in succ.get(n, ()):
                if m == after:
                    return True
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return False


def _kernel_source(body: str, work: Path, name: str) -> Path:
    path = work / f"k_{name}.cpp"
    path.write_text(f'#include "pto_test_kernel.h"\nusing namespace pto_test;\n'
                    f'extern "C" void kernel_entry(int64_t* args) {{\n{body}\n}}\n')
    return path


def run_program(
    cpp: str,
    config: dict,
    kernels: dict[str, str],
    args: list,
    ring_heap: int | None = None,
    timeout: float = 120.0,
) -> Run:
    """Run generated orchestration C++ in the simulator.

    `config`: the function's entry of kernel_config.json (`params`, `kernels`); `kernels`: kernel
    name -> C++ body of `kernel_entry(int64_t* args)` (pto_test_kernel.h helpers in scope);
    `args`: one value per entry parameter in order, a numpy array for a tensor, a Python int /
    float / bool for a scalar (floats are passed in the to_u64 encoding of their element type).
    Raises AssertionError with the runtime's output when the run fails."""
    global RUNS
    build = ensure_simulator()
    root = build.root
    RUNS += 1
    with tempfile.TemporaryDirectory(prefix="pto2_run_") as tmp:
        work = Path(tmp)
        orch = work / "orch.cpp"
        orch.write_text(cpp)
        ks = []
        for k in config["kernels"]:
            if k["id"] is None:  # a group: its AIC / AIV members are entries of their own
                continue
            body = kernels.get(k["name"])
            if body is None:
                raise KeyError(f"no C++ kernel given for {k['name']}")
            src = _kernel_source(body, work, k["name"])
            ks.append({"id": k["id"], "core": k["core_type"].lower(), "source": str(src),
                       "signature": k["tensor_directions"]})
        job_args, entry_sig = [], []
        tensor_params = [p for p in config["params"] if p["kind"] == "tensor"]
        scalar_params = [p for p in config["params"] if p["kind"] != "tensor"]
        if len(args) != len(config["params"]):
            raise ValueError(f"{len(config['params'])} arguments expected, {len(args)} given")
        by_param = dict(zip((p["name"] for p in config["params"]), args))
        index = {p["name"]: i for i, p in enumerate(config["params"])}
        for p in tensor_params:
            arr = np.asarray(by_param[p["name"]])
            path = work / f"in_{p['slot']}.npy"
            np.save(path, arr)
            job_args.append({"tensor": str(path), "dtype": DTYPES[str(arr.dtype)]})
            entry_sig.append(p["direction"])
        for p in scalar_params:
            job_args.append({"scalar": scalar_bits(by_param[p["name"]], p["type"])})
        out = work / "out"
        out.mkdir()
        job = {"orchestration": str(orch), "kernels": ks, "entry_signature": entry_sig,
               "args": job_args, "outputs": str(out), "ring_heap": ring_heap,
               "cache": str(cache_dir() / "binaries")}
        (work / "job.json").write_text(json.dumps(job))
        env = _env(root)
        env["CPLUS_INCLUDE_PATH"] = os.pathsep.join(
            [str(KERNEL_HEADER_DIR), env.get("CPLUS_INCLUDE_PATH", "")])
        try:
            res = subprocess.run([sys.executable, str(RUNNER), str(work / "job.json")], env=env,
                                 capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired as exc:
            raise AssertionError(f"simulator run timed out after {timeout} s") from exc
        if res.returncode != 0:
            raise AssertionError(f"simulator run failed ({res.returncode}):\n"
                                 f"{res.stdout[-4000:]}\n{res.stderr[-4000:]}")
        outputs = {index[p["name"]]: np.load(out / f"arg{i}.npy")
                   for i, p in enumerate(tensor_params)}
        raw = json.loads((out / "deps.json").read_text())
    return _parse_deps(raw, outputs)


def scalar_bits(value: object, element_type: str) -> int:
    """The 64-bit slot value of a scalar argument (the runtime's to_u64 encoding)."""
    if element_type.startswith("f") or element_type == "bf16":
        np_type = {"f32": np.float32, "f16": np.float16, "f64": np.float64}.get(element_type, np.float32)
        bits = np.array([value], dtype=np_type).view({4: np.uint32, 2: np.uint16, 8: np.uint64}[
            np.dtype(np_type).itemsize])[0]
        return int(bits)
    return int(value) & 0xFFFFFFFFFFFFFFFF  # type: ignore[call-overload]


def _parse_deps(raw: dict, outputs: dict[int, np.ndarray]) -> Run:
    tasks = list(raw.get("tasks", []))
    names = {str(t["task_id"]): f"t{i}" for i, t in enumerate(tasks)}
    others = sorted({str(e[k]) for e in raw.get("edges", []) for k in ("pred", "succ")} - set(names),
                    key=int)
    names.update({tid: f"alloc{j}" for j, tid in enumerate(others)})
    edges = {(names[str(e["pred"])], names[str(e["succ"])], e["source"]) for e in raw.get("edges", [])}
    return Run(outputs, tasks, edges, raw)
