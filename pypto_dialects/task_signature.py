"""The check of a `pto_orch.call` / `submit` against the kernel it names (the verifier of
`orch.TaskKernelSymbolUser`, docs/dialects/pto_orch.md): argument count and types, the
trailing `out` parameters left out, call-site directions, argument counts the runtime's `Arg`
holds, dump positions, no tensor written through two parameters, result count and types.

A verification run (`symbols.VerificationLookups`) checks thousands of tasks against a few
kernels; the answers that depend on the kernel alone, or on a pair of types, are kept in the
run's memo (`checked`), which lives while the run does not change the IR. The diagnostics
and their order are those of the checks made one by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, IntegerType, TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import ArgDirection, ArgDirectionAttr, ParamDirection, check_arg_direction
from pypto_dialects.limits import check_task_args
from pypto_dialects.orch_kernel import KernelOp, types_compatible
from pypto_dialects.task_options import verify_dump_against


class _KernelFacts:
    """What the check reads of one kernel, read once per run."""

    __slots__ = ("kernel", "name", "pdirs", "ptensor", "ptypes", "results")

    def __init__(self, kernel: KernelOp) -> None:
        self.kernel = kernel  # (kept alive: the memo is keyed by its id)
        self.name = kernel.sym_name.data
        self.ptypes = kernel.param_types
        self.pdirs = kernel.directions()
        self.ptensor = tuple(isinstance(t, TensorType) for t in self.ptypes)
        self.results = kernel.kernel_results


def _facts(kernel: KernelOp, memo: dict[object, object] | None) -> _KernelFacts:
    if memo is None:
        return _KernelFacts(kernel)
    key = ("task-kernel", id(kernel))
    got = memo.get(key)
    if not isinstance(got, _KernelFacts) or got.kernel is not kernel:
        got = memo[key] = _KernelFacts(kernel)
    return got


def _compatible(expected: Attribute, actual: Attribute, memo: dict[object, object] | None) -> bool:
    """`types_compatible`, a pair of type objects answered once per run."""
    if memo is None:
        return types_compatible(expected, actual)
    key = (id(expected), id(actual))
    got = memo.get(key)
    if isinstance(got, tuple) and got[0] is expected and got[1] is actual:
        return bool(got[2])
    found = types_compatible(expected, actual)
    memo[key] = (expected, actual, found)  # (the objects kept alive: keyed by their ids)
    return found


_DIRECTIONS_OK = "task-directions-ok"
"""The memo's set of (call-site direction, parameter direction, tensor parameter) seen to
pass `check_arg_direction`, whose answer depends on these alone."""


def check_task_signature(
    kernel: KernelOp,
    args: Sequence[SSAValue],
    arg_dirs: ArrayAttr[ArgDirectionAttr] | None,
    dump_args: DenseArrayBase[IntegerType] | None,
    res: Sequence[SSAValue],
    memo: dict[object, object] | None = None,
) -> None:
    """Check a task with arguments `args`, call-site directions `arg_dirs`, dump positions
    `dump_args` and kernel results `res` against `kernel` (`memo`: the verification run's,
    `VerificationLookups.checked`, or None). Raises VerifyException (the first rule broken,
    in the order of the module docstring)."""
    k = _facts(kernel, memo)
    ptypes, pdirs = k.ptypes, k.pdirs
    if len(args) > len(ptypes):
        raise VerifyException(
            f"{len(args)} arguments but kernel '@{k.name}' has {len(ptypes)} parameters"
        )
    for i in range(len(args), len(ptypes)):
        # a parameter left out is an output the runtime allocates (add_output(ci))
        t = ptypes[i]
        if (
            pdirs[i] != ParamDirection.OUT
            or not isinstance(t, TensorType)
            or any(d < 0 for d in t.get_shape())
        ):
            raise VerifyException(
                f"{len(args)} arguments but kernel '@{k.name}' has "
                f"{len(ptypes)} parameters, and parameter {i} ({pdirs[i].value} {t}) is not "
                "one the runtime can allocate: only trailing 'out' tensors of static shape "
                "may be left out; pass it"
            )
    for i, (a, t) in enumerate(zip(args, ptypes)):
        if not _compatible(t, a.type, memo):
            raise VerifyException(
                f"argument {i} has type {a.type} but kernel '@{k.name}' declares {t}"
            )
    if arg_dirs is not None:
        dirs: list[ArgDirection] = [d.data for d in arg_dirs.data]
        if len(dirs) != len(args):
            raise VerifyException(f"{len(args)} arguments but {len(dirs)} directions")
        ok = memo.setdefault(_DIRECTIONS_OK, set()) if memo is not None else set()
        assert isinstance(ok, set)
        for i, (d, pd, t, is_tensor) in enumerate(zip(dirs, pdirs, ptypes, k.ptensor)):
            if (d, pd, is_tensor) not in ok:
                check_arg_direction(i, d, pd, t)
                ok.add((d, pd, is_tensor))
    tensors = sum(1 for a in args if isinstance(a.type, TensorType))
    check_task_args(tensors, len(args) - tensors)
    verify_dump_against(dump_args, ptypes, k.name)
    written: dict[int, int] = {}  # id(argument) -> its first written position
    for i, (a, pd) in enumerate(zip(args, pdirs)):
        if pd == ParamDirection.IN or not isinstance(a.type, TensorType):
            continue
        first = written.setdefault(id(a), i)
        if first != i:
            raise VerifyException(
                f"arguments {first} and {i} are the same tensor, and the kernel "
                "writes both: pass a different tensor to each Out/InOut parameter"
            )
    if len(res) != len(k.results):
        raise VerifyException(
            f"{len(res)} kernel results but '@{k.name}' returns {len(k.results)}"
        )
    for i, (r, t) in enumerate(zip(res, k.results)):
        if not _compatible(t, r.type, memo):
            raise VerifyException(f"result {i} has type {r.type} but the kernel returns {t}")
