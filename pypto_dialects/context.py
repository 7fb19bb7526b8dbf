"""The xDSL context of this project: builtin, func, scf, arith (with `arith.index_castui`,
arith_casts.py) and our four dialects.

Dialects are registered lazily (imported on first use), so a run loads only what it parses.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.ir import Dialect


def _orch() -> Dialect:
    from pypto_dialects.orch import PTO_ORCH

    return PTO_ORCH


def _tensor() -> Dialect:
    from pypto_dialects.tensor import PTO_TENSOR

    return PTO_TENSOR


def _system() -> Dialect:
    from pypto_dialects.system import PTO_SYSTEM

    return PTO_SYSTEM


def _rt() -> Dialect:
    from pypto_dialects.rt import PTO_RT

    return PTO_RT


def _builtin() -> Dialect:
    from xdsl.dialects.builtin import Builtin

    return Builtin


def _func() -> Dialect:
    from xdsl.dialects.func import Func

    return Func


def _scf() -> Dialect:
    from xdsl.dialects.scf import Scf

    return Scf


def _arith() -> Dialect:
    from xdsl.dialects.arith import ExtSIOp, RemUIOp
    from xdsl.traits import NoMemoryEffect, Pure

    from pypto_dialects.arith_casts import arith_dialect

    # xDSL 0.75 states no memory effect for these two, so its dce and canonicalize keep them
    # when unused (and the C++ printer met an op nothing reads: an unused variable, which
    # -Werror rejects). MLIR: arith.extsi is Pure, arith.remui NoMemoryEffect (not
    # speculatable: a zero divisor is undefined behaviour).
    if not ExtSIOp.has_trait(Pure):
        ExtSIOp.traits.add_trait(Pure())
    if not RemUIOp.has_trait(NoMemoryEffect):
        RemUIOp.traits.add_trait(NoMemoryEffect())
    return arith_dialect()  # with arith.index_castui, which xDSL 0.75 lacks


DIALECTS: dict[str, Callable[[], Dialect]] = {
    "builtin": _builtin,
    "func": _func,
    "scf": _scf,
    "arith": _arith,
    "pto_orch": _orch,
    "pto_tensor": _tensor,
    "pto_system": _system,
    "pto_rt": _rt,
}
"""Dialect name -> factory, for `Context.register_dialect`."""


def register_dialects(ctx: Context) -> None:
    """Register every dialect of `DIALECTS` in `ctx` (lazily)."""
    for name, factory in DIALECTS.items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)


def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context with our dialects registered."""
    ctx = Context(allow_unregistered=allow_unregistered)
    register_dialects(ctx)
    return ctx
