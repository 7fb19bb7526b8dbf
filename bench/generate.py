"""Generator of orchestration programs for the benchmarks (docs/performance.md).

`generate_program(n_ops)` returns the text of a module (custom syntax) with about `n_ops` ops:
kernel declarations (two families of interchangeable kernels whose size grows slowly with the
program, see `family_size`, plus two more) and one orchestration function whose body is a
long, unrolled sequence of segments, the shape of a generated program (unrolled decode
layers). Every segment reads the running tensor `%cur` and yields its next value, so the
segments form one dependency chain through the function, as real layers do:

    task      pto_tensor.create + two pto_orch.call (an intermediate, then in place)
    loop      scf.for with a tensor iter_arg: create + two calls per iteration
    if        scf.if on a scalar parameter with a tensor result, a call per branch
    scalar    arith on index values feeding a pto_tensor.slice / assemble and a call
    manual    pto_rt.scope manual: pto_system.task_invalid seed, a sequential loop around a
              pto_orch.parallel loop, both carrying (tensor, TaskId) like the document's case1,
              submits with deps, a pto_system.task_dummy barrier and a final submit
    candidate a loop carrying (tensor, TaskId) whose submits, chained by deps, all carry
              manual_candidate (materialize-runtime-scopes makes its body a
              compiler-owned manual scope, whose TaskId result the loop carries)

`mix="auto"` leaves out the last two kinds (no manual scopes, no TaskIds), for a printer
that does not support them yet. Op counts include every op of the module (terminators,
constants, the module and function ops), as `module.walk()` counts them.
"""

from __future__ import annotations

T = "tensor<64x16xf32>"
"""The one tensor type of the generated programs."""

TID = "!pto_orch.task_id"

FAMILY = f"aiv (in {T}, in {T}, out {T}) -> {T}"
"""The kernel signature of the kernel_add_<i> / kernel_mul_<i> families."""

HEADER = f"""\
pto_orch.kernel @kernel_stripe aiv (in {T}, in index, in f32, out {T}) -> {T}
pto_orch.kernel @kernel_tile aic (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
"""

FN2 = f"({T}, {T}, {T}) -> {T}"
"""Signature text of the (in, in, out) kernels at a call site."""


def _task(n: int, prev: str) -> tuple[str, int]:
    return (
        f"""\
  %t{n} = pto_tensor.create : {T}
  %t{n}a = pto_orch.call @kernel_add(%a, {prev}, %t{n}) : {FN2}
  %cur{n} = pto_orch.call @kernel_mul(%t{n}a, %b, {prev}) : {FN2}
""",
        3,
    )


def _loop(n: int, prev: str) -> tuple[str, int]:
    return (
        f"""\
  %cur{n} = scf.for %i{n} = %c0 to %c4 step %c1 iter_args(%acc{n} = {prev}) -> ({T}) {{
    %w{n} = pto_tensor.create : {T}
    %w{n}a = pto_orch.call @kernel_add(%a, %acc{n}, %w{n}) : {FN2}
    %acc{n}n = pto_orch.call @kernel_add(%w{n}a, %acc{n}, %acc{n}) : {FN2}
    scf.yield %acc{n}n : {T}
  }}
""",
        5,
    )


def _if(n: int, prev: str) -> tuple[str, int]:
    return (
        f"""\
  %cur{n} = scf.if %use_add -> ({T}) {{
    %y{n}a = pto_orch.call @kernel_add(%a, %b, {prev}) : {FN2}
    scf.yield %y{n}a : {T}
  }} else {{
    %y{n}m = pto_orch.call @kernel_mul(%a, %b, {prev}) : {FN2}
    scf.yield %y{n}m : {T}
  }}
""",
        5,
    )


def _scalar(n: int, prev: str) -> tuple[str, int]:
    t16 = "tensor<16x16xf32>"
    return (
        f"""\
  %r{n} = arith.muli %c16, %c{n % 4} : index
  %s{n} = pto_tensor.slice {prev}[%r{n}, %c0] : {T} to {t16}
  %d{n} = pto_tensor.create : {t16}
  %d{n}a = pto_orch.call @kernel_tile(%s{n}, %s{n}, %d{n}) : ({t16}, {t16}, {t16}) -> {t16}
  %cur{n} = pto_tensor.assemble %d{n}a into {prev}[%r{n}, %c0] : {t16} into {T}
""",
        5,
    )


def _manual(n: int, prev: str) -> tuple[str, int]:
    return (
        f"""\
  %cur{n} = pto_rt.scope manual -> ({T}) {{
    %none{n} = pto_system.task_invalid
    %tmp{n} = pto_tensor.create : {T}
    %tmp{n}a, %tt{n} = pto_orch.submit @kernel_add(in %a, in %b, out %tmp{n}) deps(%none{n} : {TID}) : {FN2}
    %op{n}, %tp{n} = scf.for %p{n} = %c0 to %c2 step %c1 iter_args(%o{n} = {prev}, %q{n} = %tt{n}) -> ({T}, {TID}) {{
      %ob{n}, %tb{n} = scf.for %k{n} = %c0 to %c4 step %c1 iter_args(%oi{n} = %o{n}, %qi{n} = %q{n}) -> ({T}, {TID}) {{
        %pb{n} = arith.muli %p{n}, %c4 : index
        %st{n} = arith.addi %pb{n}, %k{n} : index
        %row{n} = arith.muli %st{n}, %c16 : index
        %on{n}, %tn{n} = pto_orch.submit @kernel_stripe(in %tmp{n}a, scalar %row{n}, scalar %one, out %oi{n}) deps(%qi{n} : {TID}) : ({T}, index, f32, {T}) -> {T}
        scf.yield %on{n}, %tn{n} : {T}, {TID}
      }} {{pto_orch.parallel}}
      scf.yield %ob{n}, %tb{n} : {T}, {TID}
    }}
    %j{n} = pto_system.task_dummy deps(%tp{n}, %tt{n} : {TID}, {TID})
    %fin{n}, %tf{n} = pto_orch.submit @kernel_mul(in %tmp{n}a, in %b, out %op{n}) deps(%j{n} : {TID}) : {FN2}
    pto_rt.yield %fin{n} : {T}
  }}
""",
        15,
    )


def _candidate(n: int, prev: str) -> tuple[str, int]:
    return (
        f"""\
  %cur{n}, %ct{n} = scf.for %i{n} = %c0 to %c4 step %c1 iter_args(%x{n} = {prev}, %xt{n} = %seed) -> ({T}, {TID}) {{
    %v{n} = pto_tensor.create : {T}
    %v{n}a, %vt{n} = pto_orch.submit @kernel_add(%a, %x{n}, %v{n}) deps(%xt{n} : {TID}) {{manual_candidate}} : {FN2}
    %x{n}n, %xt{n}n = pto_orch.submit @kernel_mul(%v{n}a, %b, %x{n}) deps(%vt{n} : {TID}) {{manual_candidate}} : {FN2}
    scf.yield %x{n}n, %xt{n}n : {T}, {TID}
  }}
""",
        5,
    )


MIXES = {
    "full": (_task, _loop, _task, _if, _scalar, _manual, _task, _loop, _candidate, _if),
    "auto": (_task, _loop, _task, _if, _scalar, _task, _loop, _if),
}
"""The segment cycle of each mix (a program repeats it until it has enough ops)."""

_FIXED_OPS = 2 + 1 + 1 + 9 + 1
"""Two kernels of HEADER, the module, the function, its 9 prologue ops and func.return."""


def family_size(n_ops: int) -> int:
    """Kernels per family (kernel_add_<i>, kernel_mul_<i>) in a program of `n_ops` ops: it
    grows slowly with the program (4 at 1k ops, 12 at 10k, 40 at 100k), as a larger model
    runs more distinct kernels; so symbol lookups that scan the module show up."""
    return max(4, round(n_ops**0.5 / 8))

PROLOGUE = """\
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %use_add = arith.cmpi eq, %mode, %c0_i64 : i64
"""


def generate_program(n_ops: int, mix: str = "full") -> tuple[str, int]:
    """The text of an orchestration module of about `n_ops` ops (at least one segment), and
    its exact op count (every op `module.walk()` visits).

    `mix`: "full" (every segment kind, manual scopes and TaskIds included) or "auto" (no
    manual scopes, no TaskIds). Raises KeyError for another mix.
    """
    cycle = MIXES[mix]
    k = family_size(n_ops)
    parts = [
        HEADER,
        *(f"pto_orch.kernel @kernel_add_{i} {FAMILY}\n" for i in range(k)),
        *(f"pto_orch.kernel @kernel_mul_{i} {FAMILY}\n" for i in range(k)),
        "\n",
        (
            f"func.func @generated(%a: {T}, %b: {T}, %out: {T} {{pto_orch.dir = "
            f"#pto_orch.dir<out>}}, %mode: i64) -> {T} attributes {{pto_orch.kind = "
            "#pto_orch.kind<orchestration>} {\n"
        ),
        PROLOGUE,
    ]
    count = _FIXED_OPS + 2 * k
    if mix == "full":
        parts.append("  %seed = pto_system.task_invalid\n")
        count += 1
    prev = "%out"  # the chain starts at the Out parameter and ends in func.return
    n = 0
    while count < n_ops or n == 0:
        n += 1
        text, ops = cycle[(n - 1) % len(cycle)](n, prev)
        text = text.replace("@kernel_add(", f"@kernel_add_{n % k}(")
        parts.append(text.replace("@kernel_mul(", f"@kernel_mul_{(n * 7 + 3) % k}("))
        count += ops
        prev = f"%cur{n}"
    parts.append(f"  func.return {prev} : {T}\n}}\n")
    return "".join(parts), count
