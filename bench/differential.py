"""`python -m bench.differential`: random orchestration programs, as written and after
`pto2-pipeline`, must agree (tests/support/differential.py).

For each seed in `--seed S --count N` (seeds S .. S+N-1), the random program of that seed
(tests/support/random_programs.py) runs in the interpreter as written and after `pto2-pipeline`;
the pipeline's C++ compiles against the API model header; the two runs are compared: outputs,
no race and no use after free after the pipeline, and the ordering of every conflicting pair
(and, with `PYPTO_SIMPLER_ROOT` set, the runtime's simulator against the interpreter). Every
disagreement is
printed with its program, shrunk first (`--no-minimize` keeps it whole): whole lines are dropped,
one at a time, as long as the program still parses, goes through the pipeline and the printer,
runs race-free in the interpreter and still disagrees. The last line is `N passed, N failed`.

`--user-deps` runs the programs of tests/support/user_dep_programs.py (tasks whose deps order
only some of their hazards; they may race as written outside one manual-scope instance, and
the shrinking keeps that validity), and prints how many candidates the pipeline refused (each
replaced by the seed's next candidate, not a failure). `--save DIR` writes each failing
(shrunk) program to DIR/seed<S>.mlir.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def minimize(text: str, name: str, kernels, args, still_fails, check=None) -> str:
    """Drop lines of `text` while the program stays valid (`check`, by default
    random_programs.check) and `still_fails(text)`."""
    if check is None:
        from support.random_programs import check

    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() in ("", "}") or line.lstrip().startswith(("func.func", "pto_orch.kernel")):
            i += 1
            continue
        trial = "\n".join(lines[:i] + lines[i + 1:]) + "\n"
        try:
            ok = check(trial, name, kernels, args) is None and still_fails(trial)
        except Exception:  # an invalid shrink is simply not taken
            ok = False
        if ok:
            lines.pop(i)
        else:
            i += 1
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.differential", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1000, help="first seed (default 1000)")
    parser.add_argument("--count", type=int, default=100, help="programs to run (default 100)")
    parser.add_argument("--no-minimize", action="store_true", help="print failing programs whole")
    parser.add_argument("--analyze-auto-scopes", action="store_true",
                        help="run pto2-pipeline{analyze-auto-scopes=true}")
    parser.add_argument("--runtime-outputs", action="store_true",
                        help="programs with runtime-allocated outputs "
                             "(tests/support/runtime_output_programs.py)")
    parser.add_argument("--api", choices=("seed", "current"), default="seed",
                        help="the runtime generation the interpreter models (default seed)")
    parser.add_argument("--user-deps", action="store_true",
                        help="programs whose tasks list user deps that order some of their "
                             "hazards only (tests/support/user_dep_programs.py); with "
                             "--runtime-outputs, on that generator's programs")
    parser.add_argument("--save", type=Path, default=None,
                        help="write each failing (minimized) program to DIR/seed<S>.mlir")
    opts = parser.parse_args(argv)

    from support import user_dep_programs
    from support.differential import compare
    from support.random_programs import generate
    from support.runtime_output_programs import RtGen

    def valid(text, name, kernels, args):
        return user_dep_programs.check(text, name, kernels, args, opts.analyze_auto_scopes)

    passed = failed = skipped = 0
    start = time.monotonic()
    for seed in range(opts.seed, opts.seed + opts.count):
        if opts.user_deps:
            try:
                text, name, kernels, args = user_dep_programs.generate(
                    seed, rt=opts.runtime_outputs, analyze=opts.analyze_auto_scopes)
            except RuntimeError as err:  # every candidate refused: nothing to compare
                print(f"seed {seed}: skipped, {err}")
                skipped += 1
                continue
        else:
            text, name, kernels, args = (generate(seed, RtGen) if opts.runtime_outputs
                                         else generate(seed))
        problems = compare(text, name, kernels, args, opts.analyze_auto_scopes, opts.api)
        if not problems:
            passed += 1
            continue
        failed += 1
        print(f"seed {seed}: " + "; ".join(problems))
        if not opts.no_minimize:
            text = minimize(text, name, kernels, args,
                            lambda t: bool(compare(t, name, kernels, args,
                                                         opts.analyze_auto_scopes, opts.api)),
                            valid if opts.user_deps else None)
        print(text)
        if opts.save is not None:
            opts.save.mkdir(parents=True, exist_ok=True)
            (opts.save / f"seed{seed}.mlir").write_text(
                f"// seed {seed}: " + "; ".join(problems).replace("\n", "\n// ") + "\n" + text)
    print(f"{opts.count} programs in {time.monotonic() - start:.0f} s")
    if opts.user_deps:  # candidates the pipeline refused (each replaced by the seed's next)
        print(f"{len(user_dep_programs.refusals)} candidates refused by pto2-pipeline, "
              f"{skipped} seeds skipped (all 50 candidates invalid)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
