"""The optional real-runtime layer: the PTO2 runtime's CPU simulator, when the user has one.

Nothing in this repository contains, fetches or builds the runtime. When `PYPTO_SIMPLER_ROOT`
names a hw-native-sys/simpler checkout in which the user has already built the simulator
(platform a2a3sim, runtime tensormap_and_ringbuffer, following that project's own
documentation), `support.execution.execute` also runs each program's generated C++ there, with
the kernels' C++ bodies, and asserts that the outputs and the runtime's own dependency record
(`deps.json`, CallConfig.enable_dep_gen) agree with the interpreter. Otherwise those runs are
skipped, and the pytest summary says why in one line (CI included): the variable is not set,
the folder is missing or is no simpler checkout, its API generation cannot be told, or its
simulator is not built.

The checkout may be of either API generation (docs/runtime-api.md): `seed` (simpler
b7d04b45e) or `current` (simpler 6ebaf7715). `checkout()` tells which from a file that exists
in one only (`detect_generation`), or takes `PYPTO_SIMPLER_API=seed|current` when the files do
not tell; the layer then runs that generation's C++ (`-t 'pto2-cpp{api=...}'`) and builds the
kernels for it (`kernel_source`). kernel_config.json is the same file for both generations.

Compiled kernels and orchestration libraries are cached by the hash of their source in
`PYPTO_RUNTIME_CACHE` (default `.cache/pto2-runtime/` in the repository).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SUPPORT = Path(__file__).resolve().parent
KERNEL_HEADER_DIR = SUPPORT / "sim_kernels"
RUNNER = SUPPORT / "simpler_run.py"
ENV_ROOT = "PYPTO_SIMPLER_ROOT"
ENV_API = "PYPTO_SIMPLER_API"
ENV_CACHE = "PYPTO_RUNTIME_CACHE"
GENERATIONS = ("seed", "current")
RUNTIME_SUBDIR = Path("src/a2a3/runtime/tensormap_and_ringbuffer")
TASK_INTERFACE = Path("src/common/task_interface")
PTO_TYPES = RUNTIME_SUBDIR / "runtime/pto_types.h"
"""R/runtime/pto_types.h, at the same path in both generations (docs/runtime-api.md topic
0): it declares `ChipTaskArgs` only in the current one (A2, lines 722-740 at 6ebaf7715)."""
TENSOR_ARG = TASK_INTERFACE / "tensor_arg.h"
"""C/tensor_arg.h (`ContinuousTensor`, the seed's entry tensor): gone in the current generation
(docs/runtime-api.md topic 0; X1)."""
RUNNER_MODULES = ("simpler.task_interface", "simpler.worker", "simpler_setup.kernel_compiler")
"""What the runner imports from the checkout: importable once the simulator is built."""
_CHIP_TASK_ARGS = re.compile(r"\bChipTaskArgs\b")


def detect_generation(checkout: Path) -> tuple[str | None, str]:
    """The API generation of a simpler checkout, from its files: `current` when
    R/runtime/pto_types.h declares `ChipTaskArgs`, `seed` when C/tensor_arg.h exists; with the
    evidence in words. (None, why) when neither or both hold (a checkout of another commit)."""
    types = checkout / PTO_TYPES
    text = types.read_text(errors="replace") if types.is_file() else ""
    current = _CHIP_TASK_ARGS.search(text) is not None
    seed = (checkout / TENSOR_ARG).is_file()
    if current and not seed:
        return "current", f"{PTO_TYPES} declares ChipTaskArgs"
    if seed and not current:
        return "seed", f"{TENSOR_ARG} exists and {PTO_TYPES} declares no ChipTaskArgs"
    if current:
        return None, (f"{PTO_TYPES} declares ChipTaskArgs (current) and {TENSOR_ARG} exists "
                      "(seed)")
    return None, f"{PTO_TYPES} declares no ChipTaskArgs (current) and there is no {TENSOR_ARG} (seed)"


@dataclass(frozen=True)
class Checkout:
    """A usable simpler checkout: its folder, its API generation and how that was decided."""

    root: Path
    generation: str
    evidence: str


def resolve(env: Mapping[str, str]) -> tuple[Checkout | None, str]:
    """The checkout `env` names (`PYPTO_SIMPLER_ROOT`, `PYPTO_SIMPLER_API`) without the build
    check, or None with the reason the layer does not run. An explicit `PYPTO_SIMPLER_API`
    is taken when the files do not tell the generation, and must agree with them when they
    do (a file of one generation compiles against the other's runtime and misbehaves,
    docs/runtime-api.md A1)."""
    user = env.get(ENV_ROOT)
    if not user:
        return None, (f"real-runtime layer skipped: {ENV_ROOT} is not set (set it to a "
                      "hw-native-sys/simpler checkout with its simulator built to also run "
                      "every execution test there)")
    path = Path(user).expanduser().resolve()
    if not path.is_dir():
        return None, f"real-runtime layer skipped: {ENV_ROOT}={user} does not exist"
    if not (path / RUNTIME_SUBDIR).is_dir():
        return None, (f"real-runtime layer skipped: {ENV_ROOT}={user} is not a simpler "
                      f"checkout (no {RUNTIME_SUBDIR})")
    explicit = env.get(ENV_API)
    if explicit and explicit not in GENERATIONS:
        return None, (f"real-runtime layer skipped: {ENV_API}={explicit} is no API generation "
                      "(use seed or current)")
    found, evidence = detect_generation(path)
    if found is None and not explicit:
        return None, (f"real-runtime layer skipped: cannot tell the API generation of {path}: "
                      f"{evidence}; set {ENV_API}=seed or {ENV_API}=current")
    if found is not None and explicit and explicit != found:
        return None, (f"real-runtime layer skipped: {ENV_API}={explicit}, but {path} is of the "
                      f"{found} generation ({evidence})")
    if found is None:
        return Checkout(path, str(explicit), f"{ENV_API}={explicit} ({evidence})"), ""
    return Checkout(path, found, evidence), ""


def runner_env(checkout: Path) -> dict[str, str]:
    """The environment the runner (and the build probe) runs in: the checkout's Python
    packages first on PYTHONPATH, the kernels' helper header on CPLUS_INCLUDE_PATH."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(checkout), str(checkout / "python")])
    env["CPLUS_INCLUDE_PATH"] = os.pathsep.join(
        [str(KERNEL_HEADER_DIR), os.environ.get("CPLUS_INCLUDE_PATH", "")])
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


def probe_built(checkout: Path) -> str | None:
    """None when the runner's imports (RUNNER_MODULES) work with the checkout's PYTHONPATH;
    else the last line of the failure."""
    code = "import " + ", ".join(RUNNER_MODULES)
    res = subprocess.run([sys.executable, "-c", code], env=runner_env(checkout),
                         capture_output=True, text=True, timeout=120, check=False)
    if res.returncode == 0:
        return None
    lines = (res.stderr or res.stdout).strip().splitlines()
    return lines[-1] if lines else f"exit status {res.returncode}"


@cache
def _status(user: str | None, explicit: str | None) -> tuple[Checkout | None, str]:
    env = {k: v for k, v in ((ENV_ROOT, user), (ENV_API, explicit)) if v}
    found, reason = resolve(env)
    if found is None:
        return None, reason
    failed = probe_built(found.root)
    if failed is not None:
        return None, (f"real-runtime layer skipped: the simulator of {found.root} is not "
                      f"built ({failed}); build it following simpler's own documentation")
    return found, ""


def checkout() -> Checkout | None:
    """The user's simpler checkout when the layer runs (see the module docstring), else None;
    decided once per process for the environment's values."""
    return _status(os.environ.get(ENV_ROOT), os.environ.get(ENV_API))[0]


def skip_reason() -> str:
    """Why the layer does not run (one line); empty when it runs."""
    return _status(os.environ.get(ENV_ROOT), os.environ.get(ENV_API))[1]


def available() -> bool:
    """Whether the real-runtime layer runs (see the module docstring)."""
    return checkout() is not None


def root() -> Path | None:
    """The folder of the checkout the layer runs in, or None."""
    found = checkout()
    return None if found is None else found.root


def generation() -> str | None:
    """The API generation of the checkout the layer runs in, or None."""
    found = checkout()
    return None if found is None else found.generation


def cache_dir() -> Path:
    """The folder for compiled kernels and orchestration libraries."""
    return Path(os.environ.get(ENV_CACHE) or ROOT / ".cache" / "pto2-runtime")


RUNS = 0  # programs run in the simulator by this process


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


KERNEL_PRELUDE = {
    "seed": "",
    "current": "#define PTO_TEST_API_CURRENT 1\n",
}
"""Per generation, what a kernel source says before the helper header: the current generation's
device tensor is `ChipTensor` (`Tensor` is its host type, docs/runtime-api.md T1, 4.1), and
the helpers of sim_kernels/pto_test_kernel.h take the generation's type."""
KERNEL_ALIAS = {
    "seed": "",
    "current": "    using Tensor = pto_test::KernelTensor;  // the device tensor: ChipTensor\n",
}
"""Per generation, the first line of a kernel's body: the bodies the tests hold spell the
device tensor `Tensor` (the seed's name); in the current generation that name is bound to
`ChipTensor` inside the kernel."""


def kernel_source(body: str, generation: str = "seed") -> str:
    """The C++ source of one simulator kernel of `generation`: `kernel_entry(int64_t* args)`
    with `body` (pto_test_kernel.h helpers in scope)."""
    return (f'{KERNEL_PRELUDE[generation]}#include "pto_test_kernel.h"\nusing namespace pto_test;\n'
            f'extern "C" void kernel_entry(int64_t* args) {{\n{KERNEL_ALIAS[generation]}'
            f'{body}\n}}\n')


ENTRY_PARAMETER = re.compile(r"aicpu_orchestration_entry\(const (\w+)& orch_args\)")
ENTRY_TYPES = {"ChipStorageTaskArgs": "seed", "ChipTaskArgs": "current"}


def cpp_generation(cpp: str) -> str | None:
    """The API generation an orchestration file is written for, read from its entry's
    parameter type (`ChipStorageTaskArgs`: seed, `ChipTaskArgs`: current;
    docs/runtime-api.md E1), or None when it has no entry of either form."""
    m = ENTRY_PARAMETER.search(cpp)
    return ENTRY_TYPES.get(m.group(1)) if m else None


def check_cpp_generation(cpp: str, generation: str) -> None:
    """ValueError unless `cpp` is written for `generation`: a seed file compiles against the
    current runtime and reads the wrong layout at run time (docs/runtime-api.md A1), so it
    never reaches the runner."""
    found = cpp_generation(cpp)
    if found != generation:
        raise ValueError(
            f"the orchestration C++ is written for api={found} but the checkout is of the "
            f"{generation} generation: print it with -t 'pto2-cpp{{api={generation}}}' "
            "(generate_module(..., api=...))")


def prepare_job(
    cpp: str,
    config: dict,
    kernels: dict[str, str],
    args: list,
    work: Path,
    generation: str,
    ring_heap: int | None = None,
) -> dict:
    """Write what the runner needs for one run into the folder `work` (the orchestration
    C++, one kernel source per kernel of `config`, the tensor arguments as .npy files) and
    return the job (simpler_run.py's JSON). Raises ValueError when `cpp` is not written for
    `generation` or the arguments do not fit `config`, KeyError for a kernel without C++."""
    check_cpp_generation(cpp, generation)
    orch = work / "orch.cpp"
    orch.write_text(cpp)
    ks = []
    for k in config["kernels"]:
        if k["id"] is None:  # a group: its AIC / AIV members are entries of their own
            continue
        body = kernels.get(k["name"])
        if body is None:
            raise KeyError(f"no C++ kernel given for {k['name']}")
        src = work / f"k_{k['name']}.cpp"
        src.write_text(kernel_source(body, generation))
        ks.append({"id": k["id"], "core": k["core_type"].lower(), "source": str(src),
                   "signature": k["tensor_directions"]})
    job_args, entry_sig = [], []
    tensor_params = [p for p in config["params"] if p["kind"] == "tensor"]
    scalar_params = [p for p in config["params"] if p["kind"] != "tensor"]
    if len(args) != len(config["params"]):
        raise ValueError(f"{len(config['params'])} arguments expected, {len(args)} given")
    by_param = dict(zip((p["name"] for p in config["params"]), args))
    for p in tensor_params:
        arr = np.asarray(by_param[p["name"]])
        path = work / f"in_{p['slot']}.npy"
        np.save(path, arr)
        job_args.append({"tensor": str(path), "dtype": DTYPES[str(arr.dtype)]})
        entry_sig.append(p["direction"])
    for p in scalar_params:
        job_args.append({"scalar": scalar_bits(by_param[p["name"]], p["type"])})
    out = work / "out"
    out.mkdir(exist_ok=True)
    return {"api": generation, "orchestration": str(orch), "kernels": ks,
            "entry_signature": entry_sig, "args": job_args, "outputs": str(out),
            "ring_heap": ring_heap, "cache": str(cache_dir() / "binaries")}


def command(job_path: Path, checkout: Checkout) -> tuple[list[str], dict[str, str]]:
    """The runner's command line and environment for the job file `job_path`."""
    return [sys.executable, str(RUNNER), str(job_path)], runner_env(checkout.root)


def run_program(
    cpp: str,
    config: dict,
    kernels: dict[str, str],
    args: list,
    ring_heap: int | None = None,
    timeout: float = 120.0,
) -> Run:
    """Run generated orchestration C++ in the simulator of the checkout (`checkout()`).

    `cpp`: the orchestration C++ of the checkout's API generation (`generation()`; another
    generation's file is a ValueError); `config`: the function's entry of kernel_config.json
    (`params`, `kernels`); `kernels`: kernel name -> C++ body of `kernel_entry(int64_t* args)`
    (pto_test_kernel.h helpers in scope, the device tensor spelled `Tensor`); `args`: one value
    per entry parameter in order, a numpy array for a tensor, a Python int / float / bool for a
    scalar (floats are passed in the to_u64 encoding of their element type). Raises
    AssertionError with the runtime's output when the run fails."""
    global RUNS
    found = checkout()
    if found is None:
        raise RuntimeError(skip_reason())
    RUNS += 1
    with tempfile.TemporaryDirectory(prefix="pto2_run_") as tmp:
        work = Path(tmp)
        job = prepare_job(cpp, config, kernels, args, work, found.generation, ring_heap)
        (work / "job.json").write_text(json.dumps(job))
        argv, env = command(work / "job.json", found)
        try:
            res = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout,
                                 check=False)
        except subprocess.TimeoutExpired as exc:
            raise AssertionError(f"simulator run timed out after {timeout} s") from exc
        if res.returncode != 0:
            raise AssertionError(f"simulator run failed ({res.returncode}):\n"
                                 f"{res.stdout[-4000:]}\n{res.stderr[-4000:]}")
        out = Path(job["outputs"])
        index = {p["name"]: i for i, p in enumerate(config["params"])}
        tensor_params = [p for p in config["params"] if p["kind"] == "tensor"]
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
