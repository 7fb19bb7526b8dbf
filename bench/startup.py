"""Startup benchmark: pypto-opt on nothing and on a tiny file, next to xdsl-opt.

Commands (each run as a fresh process, the runs of the commands interleaved so that a change
in machine load hits all of them alike; the median of `runs` is reported):

    pypto-opt --help
    pypto-opt tiny.mlir                                    (custom syntax)
    pypto-opt -p pto2-pipeline -t pto2-cpp tiny.mlir       (what most lit tests run)
    xdsl-opt --allow-unregistered-dialect tiny.generic.mlir

xdsl-opt does not know our dialects' custom syntax, so it reads the same module in generic
form (`pypto-opt --print-op-generic`) with `--allow-unregistered-dialect`. Times are CPU
seconds of the child (user + sys, from `os.wait4`) and wall seconds; the fastest CPU time is
kept too (the least disturbed run, on a busy machine).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass


def tool(name: str) -> str:
    """The path of console script `name`: next to this interpreter (the venv's bin/), else
    on PATH. Raises FileNotFoundError when neither has it."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.access(here, os.X_OK):
        return here
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} not found next to {sys.executable} or on PATH")
    return found


def run_once(argv: list[str]) -> tuple[float, float]:
    """Run `argv` with its output discarded; (CPU seconds, wall seconds). Raises
    CalledProcessError-like RuntimeError on a non-zero exit."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {err.strip()}")
    return usage.ru_utime + usage.ru_stime, wall


@dataclass(frozen=True)
class StartupResult:
    """Median CPU and wall seconds of one command over the runs, and its fastest CPU time."""

    label: str
    cpu: float
    wall: float
    runs: int
    cpu_min: float


def measure_startup(tiny: str, workdir: str, runs: int = 9) -> list[StartupResult]:
    """Median startup times of the four commands of the module docstring on `tiny` (a file
    in custom syntax); `workdir` receives its generic form."""
    pypto_opt = tool("pypto-opt")
    xdsl_opt = tool("xdsl-opt")
    generic = os.path.join(workdir, "tiny.generic.mlir")
    out = subprocess.run(
        [pypto_opt, "--print-op-generic", tiny, "-o", generic],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"pypto-opt --print-op-generic {tiny}: {out.stderr.strip()}")
    commands = [
        ("pypto-opt --help", [pypto_opt, "--help"]),
        ("pypto-opt tiny.mlir", [pypto_opt, tiny]),
        ("pypto-opt -p pto2-pipeline -t pto2-cpp tiny.mlir",
         [pypto_opt, "-p", "pto2-pipeline", "-t", "pto2-cpp", tiny]),
        ("xdsl-opt --allow-unregistered-dialect tiny.generic.mlir",
         [xdsl_opt, "--allow-unregistered-dialect", generic]),
    ]
    samples: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in commands}
    for label, argv in commands:  # warm the file cache and .pyc files once
        run_once(argv)
    for _ in range(runs):
        for label, argv in commands:
            samples[label].append(run_once(argv))
    return [
        StartupResult(
            label,
            statistics.median(c for c, _ in samples[label]),
            statistics.median(w for _, w in samples[label]),
            runs,
            min(c for c, _ in samples[label]),
        )
        for label, _ in commands
    ]
