"""The optional real-runtime layer: the PTO2 runtime's CPU simulator, when the user has one.

Nothing in this repository contains, fetches or builds the runtime. When `PYPTO_SIMPLER_ROOT`
names a hw-native-sys/simpler checkout in which the user has already built the simulator
(platform a2a3sim, runtime tensormap_and_ringbuffer, following that project's own
documentation), `support.execution.execute` also runs each program's generated C++ there, with
the kernels' C++ bodies, and asserts that the outputs and the runtime's own dependency record
(`deps.json`, CallConfig.enable_dep_gen) agree with the interpreter. Without it those runs are
skipped, and the pytest summary says so in one line (CI included).

Compiled kernels and orchestration libraries are cached by the hash of their source in
`PYPTO_RUNTIME_CACHE` (default `.cache/pto2-runtime/` in the repository).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SUPPORT = Path(__file__).resolve().parent
KERNEL_HEADER_DIR = SUPPORT / "sim_kernels"
RUNNER = SUPPORT / "simpler_run.py"
ENV_ROOT = "PYPTO_SIMPLER_ROOT"
ENV_CACHE = "PYPTO_RUNTIME_CACHE"
SKIP_REASON = (
    "real-runtime layer skipped: PYPTO_SIMPLER_ROOT is not set (set it to a hw-native-sys/simpler "
    "checkout with its simulator built to also run every execution test there)"
)
RUNTIME_SUBDIR = Path("src/a2a3/runtime/tensormap_and_ringbuffer")


def root() -> Path | None:
    """The user's simpler checkout, or None when `PYPTO_SIMPLER_ROOT` is not set. Raises
    ValueError when it is set to something that is not a simpler checkout."""
    user = os.environ.get(ENV_ROOT)
    if not user:
        return None
    path = Path(user).expanduser().resolve()
    if not (path / RUNTIME_SUBDIR).is_dir():
        raise ValueError(f"{ENV_ROOT}={user} is not a simpler checkout (no {RUNTIME_SUBDIR})")
    return path


def available() -> bool:
    """Whether the real-runtime layer runs (see the module docstring)."""
    return root() is not None


def cache_dir() -> Path:
    """The folder for compiled kernels and orchestration libraries."""
    return Path(os.environ.get(ENV_CACHE) or ROOT / ".cache" / "pto2-runtime")


RUNS = 0  # programs run in the simulator by this process


def _env(checkout: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(checkout), str(checkout / "python")])
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


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
    checkout = root()
    if checkout is None:
        raise RuntimeError(SKIP_REASON)
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
        env = _env(checkout)
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
