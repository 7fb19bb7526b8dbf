"""The three-way differential of orchestration-level scalar arithmetic (issue 30): upstream `mlir-opt --canonicalize` folding (the reference), the C++ the
pto2-cpp printer emits (compiled with `-Wall -Wextra -Werror` and run natively against our
recording runtime), and the interpreter (`pypto_dialects.interpreter.run_function`).

    sample = arith_dags.generate(seed, count)
    report = run(sample)                 # the three legs; report.summary(), report.failures

The DAGs, their values and the reference (`mlir-opt --canonicalize` folding) are in
tests/support/arith_dags.py; this module holds the C++ leg, the interpreter leg and the
comparison.

Each DAG is checked in two forms, which print differently: the *parameter form* (its
parameters are the entry's scalar parameters, one run per value set) and the *constant form*
(every parameter replaced by its value in set 0, a constant).

The C++: an orchestration function computes the expressions of up to 150 DAGs (both forms),
passing each result to a task as a kernel scalar (`pto_orch.call @k<t>(out %o, scalar ...)`);
the printer's C++ is linked with tests/support/pto2_model/seed/record_runtime.cpp (which prints
every submitted task's scalar slots) and a `main` that runs the entry once per value set. Each
program is built twice (`BUILDS`), at -O2 and with UBSan, both with `-Wall -Wextra -Werror`
(and -mfma where the CPU has it, so that a contracted multiply-add would show): the
expressions whose reference is poison run too, and must not have undefined behaviour. A
program that does not print, compile or run is halved until the culprit DAG is alone. The
interpreter runs one function per expression.

Agreement is bit for bit, any NaN equal to any NaN (arith_dags.same).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from support.arith_dags import (
    FLOAT_TYPES,
    MLIR_OPT,
    WIDTH,
    Names,
    Sample,
    bits_of,
    dag_lines,
    float_of,
    fold_references,
    poison_node,
    same,
    show,
    slot_bits,
    to_signed,
    unjudged,
)

SEED_DIR = Path(__file__).resolve().parent / "pto2_model" / "seed"
RECORD_RUNTIME = SEED_DIR / "record_runtime.cpp"

# ---------------------------------------------------------------------------- the C++ leg

ORCH_NAME = "arith_diff"


def orchestration_module(sample: Sample, dags: Iterable[int]) -> tuple[str, list[list[tuple[int, str]]]]:
    """The orchestration program computing DAGs `dags` in both forms, and its tasks: per task,
    its scalars as (DAG, 'param' | 'const')."""
    items = [(d, form) for d in dags for form in ("param", "const")]
    tasks = [items[i:i + 16] for i in range(0, len(items), 16)]
    kernels, body = [], []
    names = Names()
    out = "%o"
    for t, task in enumerate(tasks):
        roots, rtypes = [], []
        for d, form in task:
            dag = sample.dags[d]
            values = sample.sets[0] if form == "const" else None
            lines, ssa = dag_lines(dag, f"{'k' if form == 'const' else 'e'}{d}_", names, values)
            body += lines
            roots.append(ssa[-1])
            rtypes.append(dag.root.type)
        kernels.append(f"pto_orch.kernel @k{t} aiv (out tensor<4xf32>, "
                       + ", ".join(f"in {rt}" for rt in rtypes) + ") -> tensor<4xf32>")
        nxt = f"%o{t + 1}"
        body.append(f"{nxt} = pto_orch.call @k{t}(out {out}, "
                    + ", ".join(f"scalar {r}" for r in roots)
                    + f") : (tensor<4xf32>, {', '.join(rtypes)}) -> tensor<4xf32>")
        out = nxt
    params = ", ".join(f"%p{k}: {t}" for k, t in enumerate(sample.pool))
    text = "\n".join(kernels) + (
        f"\n\nfunc.func @{ORCH_NAME}(%o: tensor<4xf32> {{pto_orch.dir = #pto_orch.dir<out>}}, "
        f"{params}) attributes {{pto_orch.kind = #pto_orch.kind<orchestration>, "
        "pto_rt.auto_scope = false} {\n  pto_rt.scope auto {\n    "
        + "\n    ".join(body) + "\n  }\n  func.return\n}\n"
    )
    return text, tasks


def _param_slot(t: str, v: int) -> int:
    """The `orch_args.scalar(k)` word of a parameter: the value's bytes, as the entry reads
    them back through a union (integers sign-extended, i1 0/1)."""
    return slot_bits(t, v)


def main_cpp(sample: Sample) -> str:
    rows = ",\n".join(
        "    {" + ", ".join(f"0x{_param_slot(t, v):x}ull" for t, v in zip(sample.pool, values)) + "}"
        for values in sample.sets
    )
    n = len(sample.pool)
    return f"""// the harness of tests/support/arith_programs.py: runs the entry once per value set
#include <stdio.h>
#include "pto_orchestration_api.h"

extern "C" void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args);

static const uint64_t SETS[{len(sample.sets)}][{n}] = {{
{rows}
}};

int main() {{
    static float out[4];
    static ChipStorageTaskArgs args;
    args.tensor_storage[0].data = (uint64_t)(uintptr_t)out;
    args.tensor_storage[0].shapes[0] = 4;
    args.tensor_storage[0].ndims = 1;
    args.tensor_storage[0].dtype = DataType::FLOAT32;
    args.num_tensors = 1;
    args.num_scalars = {n};
    for (int s = 0; s < {len(sample.sets)}; ++s) {{
        for (int k = 0; k < {n}; ++k) args.scalar_storage[k] = SETS[s][k];
        printf("set %d\\n", s);
        aicpu_orchestration_entry(args);
    }}
    return 0;
}}
"""


def _cpu_has_fma() -> bool:
    try:
        return " fma " in Path("/proc/cpuinfo").read_text()
    except OSError:
        return False


BUILDS = {
    "O2": ["-O2"],
    "UBSan": ["-O1", "-fsanitize=undefined,float-cast-overflow", "-fno-sanitize-recover=all"],
}
"""The harness builds: optimized (where undefined behaviour would let g++ change the code), and
with UBSan (which aborts on any undefined behaviour, also in the expressions whose reference
is poison). Both compile with `-Wall -Wextra -Werror` and `-mfma` where the CPU has it (so a
contracted multiply-add would show)."""


def cxx_flags(build: str) -> list[str]:
    flags = ["-std=c++17", "-Wall", "-Wextra", "-Werror", *BUILDS[build]]
    if _cpu_has_fma():
        flags.append("-mfma")
    return flags


@dataclass
class CppOutcome:
    """The C++ leg of some DAGs: per build, the slot value of each (DAG, form, set); the DAGs
    whose C++ could not be produced or run."""

    values: dict[str, dict[tuple[int, str, int], int]] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)
    """DAG -> why its C++ could not be printed, compiled or run (printer error, ...)."""
    compiles: int = 0


def print_cpp(text: str) -> str:
    """The C++ of `text` after xDSL's `canonicalize` (folding, as in pto2-pipeline)."""
    from xdsl.transforms.canonicalize import CanonicalizePass

    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module
    from pypto_dialects.targets.pto2_cpp.api import generate_orchestration

    ctx = make_context()
    module = parse_module(ctx, text, "arith_diff.mlir")
    CanonicalizePass().apply(ctx, module)  # as pto2-pipeline does: xDSL's folders checked too
    return generate_orchestration(module, ORCH_NAME).code


class _RuntimeObject:
    """record_runtime.cpp compiled once per build (it does not depend on the program)."""

    cache: dict[str, Path] = {}
    tmp: Path | None = None

    @classmethod
    def get(cls, build: str) -> Path:
        if build not in cls.cache:
            if cls.tmp is None:
                cls.tmp = Path(tempfile.mkdtemp(prefix="arith_diff_rt_"))
            obj = cls.tmp / f"record_runtime_{build}.o"
            res = subprocess.run(["g++", *cxx_flags(build), f"-I{SEED_DIR}", "-c",
                                  str(RECORD_RUNTIME), "-o", str(obj)], capture_output=True,
                                 text=True, check=False, env={**os.environ, "LC_ALL": "C"})
            if res.returncode != 0:
                raise RuntimeError(f"record_runtime.cpp does not compile:\n{res.stderr}")
            cls.cache[build] = obj
        return cls.cache[build]


def _compile_and_run(cpp: str, sample: Sample, tasks: list[list[tuple[int, str]]],
                     build: str, values: dict[tuple[int, str, int], int]) -> str | None:
    """Compile `cpp` with the harness, run it, fill `values`; an error text on failure.
    (Thread-safe: runs g++ and the harness, writes disjoint keys of `values`.)"""
    flags = cxx_flags(build)
    env = {**os.environ, "LC_ALL": "C"}
    rt = _RuntimeObject.get(build)
    with tempfile.TemporaryDirectory(prefix="arith_diff_") as tmp:
        d = Path(tmp)
        (d / "orch.cpp").write_text(cpp)
        (d / "main.cpp").write_text(main_cpp(sample))
        res = subprocess.run(["g++", *flags, f"-I{SEED_DIR}", "orch.cpp", "main.cpp", str(rt),
                              "-o", "harness"], cwd=d, capture_output=True, text=True,
                             check=False, env=env)
        if res.returncode != 0:
            return f"compile error ({build}): " + "\n".join(
                line for line in res.stderr.splitlines() if "error" in line)[:2000]
        res = subprocess.run([str(d / "harness")], capture_output=True, text=True, check=False,
                             env=env, timeout=120)
        if res.returncode != 0:
            return f"run failed ({build}, status {res.returncode}): {res.stderr[:2000]}"
    s = -1
    t = 0
    for line in res.stdout.splitlines():
        if line.startswith("set "):
            s, t = int(line.split()[1]), 0
            continue
        if line.startswith("task-error"):
            return f"run failed ({build}): {line}"
        if not line.startswith(("task aiv", "task aic")):
            continue
        words = line.split(":", 1)[1].split()
        for (dag, form), w in zip(tasks[t], words):
            values[(dag, form, s)] = int(w, 16)
        t += 1
    return None


def _print(sample: Sample, dags: list[int], out: CppOutcome) -> list[tuple[list[int], str, list]]:
    """(DAGs, C++, tasks) programs covering the DAGs of `dags` the printer prints; a DAG it
    cannot print goes to `out.failed` (located by halving)."""
    if not dags:
        return []
    text, tasks = orchestration_module(sample, dags)
    try:
        return [(dags, print_cpp(text), tasks)]
    except Exception as exc:  # a printer crash is a finding
        if len(dags) == 1:
            out.failed[dags[0]] = f"printer error: {type(exc).__name__}: {str(exc)[:500]}"
            return []
    half = len(dags) // 2
    return _print(sample, dags[:half], out) + _print(sample, dags[half:], out)


def _bisect_compile(sample: Sample, dags: list[int], build: str, out: CppOutcome) -> None:
    """Compile and run `dags` (known to fail together) in halves until each failure is one
    DAG."""
    values = out.values.setdefault(build, {})
    if len(dags) == 1:
        text, tasks = orchestration_module(sample, dags)
        out.compiles += 1
        err = _compile_and_run(print_cpp(text), sample, tasks, build, values)
        if err is not None:
            out.failed[dags[0]] = err
        return
    half = len(dags) // 2
    for part in (dags[:half], dags[half:]):
        text, tasks = orchestration_module(sample, part)
        out.compiles += 1
        if _compile_and_run(print_cpp(text), sample, tasks, build, values) is not None:
            _bisect_compile(sample, part, build, out)


def run_cpp(sample: Sample, dags: list[int], builds: Iterable[str] = tuple(BUILDS),
            chunk: int = 150) -> CppOutcome:
    """The C++ leg for DAGs `dags`: programs of at most `chunk` DAGs (one per CPU at least),
    each compiled in every build of `builds` and run once per value set, in parallel. A program
    the printer cannot print, or whose C++ does not compile or run, is split in halves until
    each failing DAG is alone; it is reported in `failed`."""
    from concurrent.futures import ThreadPoolExecutor

    out = CppOutcome()
    jobs = os.cpu_count() or 1
    size = max(1, min(chunk, -(-len(dags) // jobs)))
    programs: list[tuple[list[int], str, list]] = []
    for i in range(0, len(dags), size):
        programs += _print(sample, dags[i:i + size], out)
    work = [(build, prog) for build in builds for prog in programs]
    for build in builds:
        out.values[build] = {}
    out.compiles += len(work)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        errors = list(pool.map(
            lambda job: _compile_and_run(job[1][1], sample, job[1][2], job[0],
                                         out.values[job[0]]), work))
    for (build, (part, _, _)), err in zip(work, errors):
        if err is not None:
            _bisect_compile(sample, part, build, out)
    return out


# ---------------------------------------------------------------------------- the interpreter leg


def interpreter_module(sample: Sample, d: int) -> str:
    """`@x<d>(<its parameters>)` (parameter form) and `@c<d>()` (constant form, set 0) of
    DAG `d` (one small module per DAG: `run_function` looks its function up by a walk)."""
    out = []
    dag = sample.dags[d]
    t = dag.root.type
    for form in ("param", "const"):
        names = Names()
        values = sample.sets[0] if form == "const" else None
        lines, ssa = dag_lines(dag, "x", names, values)
        params = "" if form == "const" else ", ".join(
            f"%p{k}: {sample.pool[k]}" for k in dag.params())
        fname = f"x{d}" if form == "param" else f"c{d}"
        body = "\n    ".join(lines)
        out.append(f"func.func @{fname}({params}) -> {t} {{\n    {body}\n"
                   f"    func.return {ssa[-1]} : {t}\n}}")
    return "\n".join(out) + "\n"


def interp_value(t: str, v: Any) -> int:
    """An interpreter result in our encoding (ints signed at their width, floats as bits)."""
    if t in FLOAT_TYPES:
        return bits_of(float(v), t)
    return to_signed(int(v), WIDTH[t])


def run_interpreter(sample: Sample, wanted: Iterable[tuple[int, str, int]]
                    ) -> dict[tuple[int, str, int], int | str]:
    """The interpreter's value of each (DAG, form, set) in `wanted` (an error text when it
    raised)."""
    from pypto_dialects.context import make_context
    from pypto_dialects.interpreter import run_function
    from pypto_dialects.parsing import parse_module

    ctx = make_context()
    modules: dict[int, Any] = {}
    results: dict[tuple[int, str, int], int | str] = {}
    for d, form, s in wanted:
        dag = sample.dags[d]
        if d not in modules:
            modules[d] = parse_module(ctx, interpreter_module(sample, d), f"arith_interp_{d}.mlir")
        module = modules[d]
        if form == "const":
            name, args = f"c{d}", {}
        else:
            name = f"x{d}"
            args = {}
            for k in dag.params():
                t, v = sample.pool[k], sample.sets[s][k]
                args[f"p{k}"] = float_of(v, t) if t in FLOAT_TYPES else v
        try:
            res = run_function(module, name, args, {})
            results[(d, form, s)] = interp_value(dag.root.type, res.results[0])
        except Exception as exc:  # any failure is a disagreement to report
            results[(d, form, s)] = f"{type(exc).__name__}: {str(exc)[:300]}"
    return results


# ---------------------------------------------------------------------------- the run


@dataclass
class Disagreement:
    leg: str  # "c++" | "interpreter"
    dag: int
    form: str
    set: int
    want: int
    got: int | str
    text: str  # the DAG in its constant form for that set (an mlir-opt-ready function)
    build: str = ""  # the C++ build that showed it

    def describe(self, sample: Sample) -> str:
        t = sample.dags[self.dag].root.type
        if isinstance(self.got, str):
            got = self.got
        elif self.leg == "c++":  # the raw slot: an out-of-range C value shows there
            got = f"the scalar slot 0x{self.got:016x} (expected 0x{slot_bits(t, self.want):016x})"
        else:
            got = show(t, self.got)
        leg = f"{self.leg} ({self.build})" if self.build else self.leg
        return (f"seed {sample.seed}, DAG {self.dag} ({self.form} form, set {self.set}): "
                f"{leg} gives {got}, mlir-opt folds to {show(t, self.want)}\n{self.text}")


@dataclass
class Report:
    sample: Sample
    compared: Counter = field(default_factory=Counter)  # (form) -> expressions compared
    skipped: Counter = field(default_factory=Counter)  # reason -> (DAG, set) pairs dropped
    op_compared: Counter = field(default_factory=Counter)  # op -> compared expressions using it
    failures: list[Disagreement] = field(default_factory=list)
    cpp_failed: dict[int, str] = field(default_factory=dict)
    cpp_unchecked: Counter = field(default_factory=Counter)
    """Why compared expressions got no C++ value ('printer error' / 'compile error' / 'run
    failed' of their DAG) -> how many."""
    compiles: int = 0

    def count(self, leg: str) -> int:
        return sum(1 for f in self.failures if f.leg == leg)

    def summary(self) -> str:
        c = self.compared
        skipped = ", ".join(f"{n} {why}" for why, n in sorted(self.skipped.items()))
        lines = [
            f"seed {self.sample.seed}: {len(self.sample.dags)} DAGs x {len(self.sample.sets)} value sets; "
            f"compared {c['param']} parameter-form and {c['const']} constant-form expressions "
            f"(skipped: {skipped or 'none'})",
            f"disagreements with mlir-opt: C++ {self.count('c++')} "
            f"(+{sum(self.cpp_unchecked.values())} expressions of {len(self.cpp_failed)} DAGs "
            f"without C++: {', '.join(f'{n} {k}' for k, n in sorted(self.cpp_unchecked.items())) or 'none'}), "
            f"interpreter {self.count('interpreter')}",
        ]
        return "\n".join(lines)


def _dag_function(sample: Sample, d: int, s: int) -> str:
    names = Names()
    dag = sample.dags[d]
    lines, ssa = dag_lines(dag, "x", names, sample.sets[s])
    t = dag.root.type
    body = "\n  ".join(lines)
    return f"func.func @e() -> {t} {{\n  {body}\n  func.return {ssa[-1]} : {t}\n}}"


def run(sample: Sample, *, cpp: bool = True, interpreter: bool = True,
        builds: Iterable[str] = tuple(BUILDS)) -> Report:
    """The three-way differential of `sample` (legs can be left out; `builds`: the C++ builds,
    BUILDS)."""
    report = Report(sample)
    refs = fold_references(sample)
    wanted: dict[tuple[int, str, int], int] = {}
    for d, dag in enumerate(sample.dags):
        for s in range(len(sample.sets)):
            vals = refs[(d, s)]
            forms = ["param"] + (["const"] if s == 0 else [])
            if vals is None:
                report.skipped["not folded (poison or undefined)"] += len(forms)
                continue
            if poison_node(dag, vals) is not None:
                report.skipped["poison, folded by mlir-opt all the same"] += len(forms)
                continue
            bug = unjudged(dag, vals)
            if bug is not None:
                report.skipped[bug] += len(forms)
                continue
            for form in forms:
                wanted[(d, form, s)] = vals[-1]
                report.compared[form] += 1
                for op in dag.ops():
                    report.op_compared[op] += 1
    if cpp:
        outcome = run_cpp(sample, list(range(len(sample.dags))), builds)
        report.cpp_failed = outcome.failed
        report.compiles = outcome.compiles
        for key, want in wanted.items():
            d, form, s = key
            if d in outcome.failed:
                report.cpp_unchecked[outcome.failed[d].split(":")[0].split(" (")[0]] += 1
                continue
            t = sample.dags[d].root.type
            for build, values in outcome.values.items():
                got = values.get(key)
                if got is None or not same(t, slot_bits(t, want), got):
                    report.failures.append(Disagreement(
                        "c++", d, form, s, want, got if got is not None else "missing",
                        _dag_function(sample, d, s if form == "param" else 0), build))
                    break  # an expression disagrees once, whichever build shows it
    if interpreter:
        got_i = run_interpreter(sample, wanted)
        for key, want in wanted.items():
            d, form, s = key
            t = sample.dags[d].root.type
            got = got_i[key]
            if isinstance(got, str) or not same(t, want, got):
                report.failures.append(Disagreement(
                    "interpreter", d, form, s, want, got,
                    _dag_function(sample, d, s if form == "param" else 0)))
    return report


def tools_available() -> str | None:
    """Why the differential cannot run here (None when it can)."""
    if not Path(MLIR_OPT).exists():
        return f"{MLIR_OPT} is not installed (Debian mlir-19-tools)"
    if shutil.which("g++") is None:
        return "g++ is not installed"
    return None
