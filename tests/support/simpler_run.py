"""Run one generated orchestration program in the PTO2 runtime's CPU simulator.

This script runs in a child process (the runtime aborts the process on a failed assertion, and a
test must survive that) whose PYTHONPATH holds the simpler checkout prepared by
`support.simpler_runtime`. It reads a JSON job file:

    {"api": "seed" | "current",
     "orchestration": "<path of the generated .cpp>",
     "kernels": [{"id": 0, "core": "aiv", "source": "<path>", "signature": ["IN", "OUT"]}],
     "entry_signature": ["IN", "OUT"],
     "args": [{"tensor": "<path.npy>", "dtype": "FLOAT32"} | {"scalar": <uint64>}],
     "outputs": "<folder>", "ring_heap": null | <bytes>, "cache": "<folder for compiled binaries>"}

and writes, into "outputs", `arg<i>.npy` for every tensor argument after the run and the runtime's
own dependency record `deps.json` (CallConfig.enable_dep_gen). Compiled kernels and orchestration
libraries are cached in "cache" by the hash of their source.

"api" is the checkout's API generation; the one thing the runner does differently per generation
is the Python type of an entry tensor in the `ChipStorageTaskArgs` it passes (`ENTRY_TENSOR`).
The seed's was run against that runtime; the current one's is read from docs/runtime-api.md (A1: the
storage now holds `ChipTensor` elements) and has not been run: a checkout without it fails with a
message naming the table.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

RUNTIME = "tensormap_and_ringbuffer"
PLATFORM = "a2a3sim"


def _cached(cache: Path, source: Path, tag: str, build) -> bytes:  # type: ignore[no-untyped-def]
    key = hashlib.sha256(tag.encode() + source.read_bytes()).hexdigest()[:24]
    hit = cache / f"{key}.bin"
    if hit.is_file():
        return hit.read_bytes()
    data = build()
    tmp = hit.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(hit)
    return data


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


ENTRY_TENSOR = {"seed": "ContinuousTensor", "current": "ChipTensor"}
"""Per API generation, the `simpler.task_interface` class whose `make(address, shape, dtype)`
builds an entry tensor of `ChipStorageTaskArgs` (the current generation's is unverified)."""


def entry_tensor_class(task_interface: Any, api: str) -> Any:
    """The entry-tensor class of generation `api` in the checkout's `simpler.task_interface`;
    SystemExit with a message naming this table when the checkout has none."""
    name = ENTRY_TENSOR[api]
    cls = getattr(task_interface, name, None)
    if cls is None or not hasattr(cls, "make"):
        raise SystemExit(
            f"simpler.task_interface of this checkout has no {name}.make, the entry tensor of "
            f"the {api} API generation in tests/support/simpler_run.py's ENTRY_TENSOR (the "
            "current generation's is not verified against that runtime, docs/testing.md)")
    return cls


def main(job_path: str) -> int:
    from simpler import task_interface
    from simpler.task_interface import (
        ArgDirection,
        CallConfig,
        ChipCallable,
        ChipStorageTaskArgs,
        CoreCallable,
        DataType,
    )
    from simpler.worker import Worker
    from simpler_setup.kernel_compiler import KernelCompiler

    job = json.loads(Path(job_path).read_text())
    entry_tensor = entry_tensor_class(task_interface, job.get("api", "seed"))
    cache = Path(job["cache"])
    cache.mkdir(parents=True, exist_ok=True)
    out = Path(job["outputs"])
    kc = KernelCompiler(platform=PLATFORM)
    includes = kc.get_orchestration_include_dirs(RUNTIME)

    children = []
    for k in job["kernels"]:
        src = Path(k["source"])
        binary = _cached(
            cache,
            src,
            "kernel:" + k["core"],
            lambda src=src, k=k: kc.compile_incore(
                str(src), core_type=k["core"], extra_include_dirs=includes
            ),
        )
        sig = [getattr(ArgDirection, d) for d in k["signature"]]
        children.append((k["id"], CoreCallable.build(signature=sig, binary=binary)))
    orch = Path(job["orchestration"])
    orch_bin = _cached(
        cache,
        orch,
        "orchestration",
        lambda: kc.compile_orchestration(RUNTIME, str(orch), build_dir=str(_mkdir(out / "build"))),
    )
    chip = ChipCallable.build(
        signature=[getattr(ArgDirection, d) for d in job["entry_signature"]],
        func_name="aicpu_orchestration_entry",
        binary=orch_bin,
        children=children,
    )

    worker = Worker(level=2, device_id=0, platform=PLATFORM, runtime=RUNTIME)
    handle = worker.register(chip)
    worker.init()
    try:
        args = ChipStorageTaskArgs()
        host: list[tuple[int, np.ndarray, int]] = []
        scalars: list[int] = []
        for i, a in enumerate(job["args"]):
            if "tensor" in a:
                arr = np.ascontiguousarray(np.load(a["tensor"]))
                dev = worker.malloc(max(arr.nbytes, 1))
                worker.copy_to(dev, arr.ctypes.data, arr.nbytes)
                host.append((i, arr, dev))
                dtype = getattr(DataType, a["dtype"])
                args.add_tensor(entry_tensor.make(dev, tuple(arr.shape), dtype))
            else:
                scalars.append(int(a["scalar"]) & 0xFFFFFFFFFFFFFFFF)
        for s in scalars:
            args.add_scalar(s)
        config = CallConfig()
        config.enable_dep_gen = True
        config.output_prefix = str(out)
        if job.get("ring_heap"):
            config.runtime_env.ring_heap = int(job["ring_heap"])
        worker.run(handle, args, config)
        for i, arr, dev in host:
            worker.copy_from(arr.ctypes.data, dev, arr.nbytes)
            np.save(out / f"arg{i}.npy", arr)
            worker.free(dev)
    finally:
        worker.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
