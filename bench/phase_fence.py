"""`python -m bench.phase_fence`: dependency edges of the document's case1, direct vs fenced.

For each branch count B (default 4, 8, 16) and 4 phases, the case1 program (a sequential phase
loop around a `pto_orch.parallel` loop of B submits, each waiting for all B tasks of the
previous phase) goes through `pto2-pipeline` twice, without and with expand-manual-phase-fence,
and runs in the interpreter (the harness of tests/support: our model of the PTO2 runtime;
kernels do nothing). Printed per B: the tasks and the `set_dependencies` edges the runtime
creates, direct and fenced, and the edges per phase boundary (B x B direct, B + B fenced).

Options: `--branches 4,8,16`, `--phases 4`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

DIRECT = ("derive-call-directions", "materialize-runtime-scopes", "classify-iter-arg-carry")
FENCED = ("derive-call-directions", "expand-manual-phase-fence", "materialize-runtime-scopes",
          "classify-iter-arg-carry")


def case1(branches: int, phases: int) -> str:
    """The case1 program with `branches` parallel submits per phase."""
    t = "tensor<16x16xf32>"
    return f"""\
pto_orch.kernel @stripe aiv (in {t}, in index, out {t}) -> {t}
func.func @case1(%data: {t}, %out: {t} {{pto_orch.dir = #pto_orch.dir<out>}}) attributes {{pto_orch.kind = #pto_orch.kind<orchestration>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %np = arith.constant {phases} : index
  %nb = arith.constant {branches} : index
  pto_rt.scope manual {{
    %none = pto_system.task_invalid
    %op, %tp = scf.for %p = %c0 to %np step %c1 iter_args(%o = %out, %prev = %none) -> ({t}, !pto_orch.task_id) {{
      %ob, %tb = scf.for %b = %c0 to %nb step %c1 iter_args(%ob_it = %o, %prev_b = %prev) -> ({t}, !pto_orch.task_id) {{
        %o1, %tid = pto_orch.submit @stripe(%data, %b, %ob_it) deps(%prev_b : !pto_orch.task_id) : ({t}, index, {t}) -> {t}
        scf.yield %o1, %tid : {t}, !pto_orch.task_id
      }} {{pto_orch.parallel}}
      scf.yield %ob, %tb : {t}, !pto_orch.task_id
    }}
  }}
  func.return
}}
"""


def measure(branches: int, phases: int, work: Path) -> dict[str, tuple[int, int]]:
    """{'direct' | 'fenced': (tasks, explicit edges)} the runtime creates."""
    import numpy as np

    from support.execution import NOTHING, execute

    path = work / f"case1_{branches}.mlir"
    path.write_text(case1(branches, phases))
    args = [np.zeros((16, 16), np.float32), np.zeros((16, 16), np.float32)]
    out = {}
    for label, passes in (("direct", DIRECT), ("fenced", FENCED)):
        r = execute(path, {"stripe": NOTHING}, args, pipeline=passes)
        out[label] = (len(r.tasks), r.count("explicit"))
    return out


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m bench.phase_fence`."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.phase_fence", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--branches", default="4,8,16", help="comma-separated branch counts")
    parser.add_argument("--phases", type=int, default=4, help="phases (default 4)")
    args = parser.parse_args(argv)
    p = args.phases
    print(f"case1, {p} phases, {p - 1} phase boundaries: tasks and set_dependencies edges the "
          "PTO2 runtime creates (the interpreter's model)")
    print("branches |  direct: tasks  edges  per boundary |  fenced: tasks  edges  per boundary "
          "| edges fenced/direct")
    with tempfile.TemporaryDirectory(prefix="pypto-fence-") as tmp:
        for b in (int(x) for x in args.branches.split(",") if x.strip()):
            m = measure(b, p, Path(tmp))
            (dt, de), (ft, fe) = m["direct"], m["fenced"]
            print(f"{b:>8} | {dt:>14} {de:>6} {de // (p - 1):>13} | {ft:>14} {fe:>6} "
                  f"{fe // (p - 1):>13} | {fe / de:>19.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
