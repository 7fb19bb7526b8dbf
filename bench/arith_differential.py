"""`python -m bench.arith_differential`: the three-way differential of orchestration-level
`arith` (tests/support/arith_programs.py) beyond the CI sample.

`--count N` random expression DAGs (default 10000) are generated from `--seed S`, in batches of
`--batch B` DAGs (one orchestration program, one C++ compile, one mlir-opt run each; batch i
uses seed S + i). Each DAG is checked in its parameter form (one run per value set) and its
constant form: upstream `mlir-opt --canonicalize` folds it (the reference), the pto2-cpp
printer's C++ runs natively (built at -O2 and with UBSan; `--no-sanitize`: -O2 only), and the
interpreter runs it
(`--no-interpreter` leaves it out). Printed: per batch one line, then the totals, the
disagreeing expressions per leg and per op (an expression counts once for every op it uses;
`--max-depth 1` makes each DAG a single op, so the counts are per op), the first `--show K`
disagreements of each leg in full (default 3), how many compared expressions use each op, and
the last line `N compared, N disagreed`
(an expression whose DAG got no C++, the printer or g++ failing, counts as a C++ disagreement).
Exit status 1 when a leg disagrees or a DAG has no C++.

`--old-printer-ops` generates only the ops the printer accepted before issue 30 (the
before-the-fix measurement).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

if TYPE_CHECKING:
    from support.arith_dags import Dag


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arith_differential", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=30000, help="first seed (default 30000)")
    parser.add_argument("--count", type=int, default=10000, help="DAGs (default 10000)")
    parser.add_argument("--batch", type=int, default=500, help="DAGs per program (default 500)")
    parser.add_argument("--max-depth", type=int, default=4, help="DAG depth (default 4)")
    parser.add_argument("--no-sanitize", action="store_true",
                        help="only the -O2 build (no UBSan build)")
    parser.add_argument("--no-interpreter", action="store_true", help="leave the interpreter out")
    parser.add_argument("--old-printer-ops", action="store_true",
                        help="only the ops the printer accepted before issue 30")
    parser.add_argument("--show", type=int, default=3, help="disagreements shown per leg")
    opts = parser.parse_args(argv)

    from support import arith_dags as ad
    from support import arith_programs as ap

    why = ap.tools_available()
    if why:
        print(f"cannot run: {why}")
        return 1
    ops: frozenset[str] | None = None  # generate's defaults: every op and predicate
    cmpf: tuple[str, ...] = ad.CMPF_PREDICATES
    if opts.old_printer_ops:
        ops, cmpf = ad.OLD_PRINTER_OPS, ad.OLD_PRINTER_CMPF
    compared: Counter = Counter()
    skipped: Counter = Counter()
    per_leg: Counter = Counter()
    per_op: dict[str, Counter] = {"c++": Counter(), "interpreter": Counter()}
    shown: Counter = Counter()
    no_cpp = 0
    unchecked: Counter = Counter()
    op_compared: Counter = Counter()
    start = time.monotonic()
    done = 0
    batch_no = 0
    while done < opts.count:
        n = min(opts.batch, opts.count - done)
        sample = ad.generate(opts.seed + batch_no, n, max_depth=opts.max_depth, ops=ops,
                             cmpf=cmpf)
        report = ap.run(sample, interpreter=not opts.no_interpreter,
                        builds=("O2",) if opts.no_sanitize else tuple(ap.BUILDS))
        print(report.summary().replace("\n", "; "), flush=True)
        compared.update(report.compared)
        skipped.update(report.skipped)
        no_cpp += len(report.cpp_failed)
        unchecked.update(report.cpp_unchecked)
        op_compared.update(report.op_compared)
        for d, err in sorted(report.cpp_failed.items()):
            if shown["no c++"] < opts.show:
                shown["no c++"] += 1
                print(f"  no C++ for seed {sample.seed} DAG {d}: {err}")
        for f in report.failures:
            per_leg[f.leg] += 1
            dag = sample.dags[f.dag]
            for op in dag.ops():
                per_op[f.leg][f"{op} {_types_of(dag, op)}"] += 1
            if shown[f.leg] < opts.show:
                shown[f.leg] += 1
                print("  " + f.describe(sample).replace("\n", "\n  "))
        done += n
        batch_no += 1
    total = compared["param"] + compared["const"]
    print(f"\n{opts.count} DAGs in {time.monotonic() - start:.0f} s: compared "
          f"{compared['param']} parameter-form and {compared['const']} constant-form expressions; "
          "skipped " + (", ".join(f"{v} {k}" for k, v in sorted(skipped.items())) or "none"))
    print("compared expressions per op: " + ", ".join(
        f"{op} {n}" for op, n in sorted(op_compared.items())))
    for leg in ("c++", "interpreter"):
        extra = ""
        if leg == "c++":
            causes = ", ".join(f"{n} {k}" for k, n in sorted(unchecked.items())) or "none"
            extra = (
                f" (+{sum(unchecked.values())} expressions of {no_cpp} DAGs without C++: {causes})"
            )
        print(f"{leg}: {per_leg[leg]} disagreements{extra}")
        for key, v in sorted(per_op[leg].items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"    {v:6d}  {key}")
    failed = per_leg["c++"] + per_leg["interpreter"] + sum(unchecked.values())
    print(f"{total} compared, {failed} disagreed")
    return 1 if failed or no_cpp else 0


def _types_of(dag: Dag, op: str) -> str:
    """The operand types of `op`'s nodes in `dag` ('i8', 'f32->i32', ...)."""
    kinds = set()
    for n in dag.nodes:
        if n.op != op:
            continue
        src = dag.nodes[n.args[-1]].type if n.args else n.type
        kinds.add(src if src == n.type else f"{src}->{n.type}")
    return ",".join(sorted(kinds))


if __name__ == "__main__":
    raise SystemExit(main())
