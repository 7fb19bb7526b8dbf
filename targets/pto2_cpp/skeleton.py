"""The file around the body: includes, the config function, the entry and its prologue
(external tensors, scalar parameters, dynamic-dim symbols), the closing `extern "C"`.

Rules: docs/targets/pto2-cpp.md#the-file-the-9-stages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import TensorType

from pypto_dialects.analysis.cpp_reads import entry_dim_symbols
from pypto_dialects.cpp_plan import DECLARED_DIMS, DECLARED_PARAMS, MISSING, ProloguePlan
from pypto_dialects.cpp_types import param_type_error
from pypto_dialects.orch_attrs import param_directions
from pypto_dialects.targets.pto2_cpp.cxx_types import DATA_TYPES, c_type
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.kernel_table import Param, Signature
from pypto_dialects.targets.pto2_cpp.names import Binding, hint_of

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

INCLUDES = (
    "#include <stddef.h>",
    "#include <stdint.h>",
    "#include <stdio.h>",
    '#include "pto_orchestration_api.h"',
)
EXPORT = '__attribute__((visibility("default")))'


def signature(p: FunctionPrinter) -> Signature:
    """The function's parameters with their slots (tensors and scalars numbered apart)."""
    func = p.func
    block = func.body.block
    dirs = param_directions(func)
    params: list[Param] = []
    n_tensor = n_scalar = 0
    why = param_type_error(func)  # (verify-orchestration's rule 8 reports it first)
    if why is not None:
        raise codegen_error(func, why)
    for i, (arg, d) in enumerate(zip(block.args, dirs)):
        name = hint_of(arg) or f"arg{i}"
        t = arg.type
        if isinstance(t, TensorType):
            elem = str(t.element_type)
            params.append(
                Param(
                    name,
                    "tensor",
                    n_tensor,
                    str(t),
                    direction=d.value.upper(),
                    element_type=elem,
                    data_type=DATA_TYPES.get(elem),
                    shape=tuple(d if d >= 0 else -1 for d in t.get_shape()),
                )
            )
            n_tensor += 1
        else:
            ct = c_type(t, func, f"parameter {i}")
            params.append(Param(name, "scalar", n_scalar, str(t), c_type=ct))
            n_scalar += 1
    return Signature(func.sym_name.data, tuple(params))


def emit_file(p: FunctionPrinter) -> None:
    """Print the whole file of `p.func` into `p.w`; sets `p.signature`. The prelude (arith
    helpers) is spliced in after the includes once the body is printed.

    The entry's prologue is printed first, as the function's declaration plan says
    (`pto_orch.declared_params` / `pto_orch.declared_dims`, cpp_plan.py); every parameter
    and dim symbol is named in the prologue's order first, declared or not, so the names do
    not depend on the plan. A name the body prints that the plan does not declare is a
    located error (the plan and the printer disagree)."""
    w = p.w
    func = p.func
    if not func.body.blocks:
        raise codegen_error(func, "is an orchestration function without a body")
    plan = ProloguePlan.of(func)
    if plan is None:
        raise codegen_error(func, MISSING)
    sig = signature(p)
    p.signature = sig
    for line in INCLUDES:
        w.raw(line)
    w.raw()
    prelude_at = len(w.lines)
    w.raw('extern "C" {')
    w.raw()
    w.raw(EXPORT)
    w.raw(p.api.config_signature + " {")
    w.raw("    (void)orch_args;")
    count = sig.expected_arg_count
    w.raw(f"    return PTO2OrchestrationConfig{{ .expected_arg_count = {count} }};")
    w.raw("}")
    w.raw()
    w.raw(EXPORT)
    p.open_block(p.api.entry_signature)
    prologue = _declare_prologue(p, sig)
    declared = _print_prologue(p, plan, prologue)
    p.emit_block(func.body.block)
    _check_prologue(p, prologue, declared)
    p.close_block()
    w.raw()
    w.raw('}  // extern "C"')
    w.lines[prelude_at:prelude_at] = _prelude_lines(p)


def _prelude_lines(p: FunctionPrinter) -> list[str]:
    """The file-scope definitions the body asked for (arith helpers, docs/targets/pto2-cpp.md#
    scalar-arithmetic), the `#pragma` first, each followed by a blank line."""
    items = sorted(p.prelude.items(), key=lambda kv: not kv[0].startswith("#"))
    lines: list[str] = []
    for _, text in items:
        lines.extend(text.split("\n"))
        lines.append("")
    return lines


Key = tuple[str, int | tuple[int, int]]
"""A prologue item: ("param", argument index) or ("dim", (argument index, axis))."""
Prologue = dict[Key, tuple[str, Binding, list[str]]]
"""Every prologue item: key -> (group comment, binding, declaration lines)."""


def _declare_prologue(p: FunctionPrinter, sig: Signature) -> Prologue:
    """Bind every parameter and dim symbol (in the prologue's order, which names them);
    returns key -> (group comment, binding, declaration lines)."""
    out: Prologue = {}
    args = p.func.body.block.args
    for arg, prm in zip(args, sig.params):
        if prm.kind == "tensor":
            b = p.declare(arg, p.api.tensor, "ext_arg", hint=f"ext_{prm.name}")
            line = p.api.external_tensor(b.name, prm.slot)
            out[("param", arg.index)] = ("// External tensors", b, [line])
    for arg, prm in zip(args, sig.params):
        if prm.kind == "scalar":
            ct = prm.c_type
            assert ct is not None
            b = p.declare(arg, ct, "scalar", hint=prm.name)
            conv = p.names.fresh(f"{b.name}_conv", "scalar_conv")
            lines = [
                f"union {{ uint64_t u64; {ct} val; }} {conv};",
                f"{conv}.u64 = orch_args.scalar({prm.slot});",
                f"{ct} {b.name} = {conv}.val;",
            ]
            out[("param", arg.index)] = ("// Scalar parameters", b, lines)
    for op, arg_index, axis in entry_dim_symbols(p.func, p.reads.ops):
        prm = sig.params[arg_index]
        b = p.declare(op.result, "int64_t", f"{prm.name}_dim{axis}")
        p.dim_symbols[(arg_index, axis)] = b
        line = f"int64_t {b.name} = {p.api.extent(prm.slot, axis)};"
        group = "// Dynamic-dim symbols (extent of the declaring argument)"
        out[("dim", (arg_index, axis))] = (group, b, [line])
    return out


def _print_prologue(
    p: FunctionPrinter, plan: ProloguePlan, prologue: Prologue
) -> set[Key]:
    """Print the entry's first lines: the declarations of the plan, in its order, each
    group after its comment line; `(void)orch_args;` when the plan declares nothing. A blank
    line follows (before the body's first line). Returns the keys declared."""
    w = p.w
    keys: list[Key] = [("param", i) for i in plan.params]
    keys += [("dim", d) for d in plan.dims]
    group = None
    for key in keys:
        item = prologue.get(key)
        if item is None:  # a dim no pto_tensor.dim reads (the stale-plan check reports it)
            raise codegen_error(
                p.func,
                f"declares {key[0]} {key[1]} in its declaration plan, which the function "
                "does not have: the plan is stale, re-run plan-cpp-declarations",
            )
        title, _, decl = item
        if title != group:
            if group is not None:
                w.blank()
            w.line(title)
            group = title
        for d in decl:
            w.line(d)
    if not keys:
        w.line("(void)orch_args;")
    w.blank()
    return set(keys)


def _check_prologue(
    p: FunctionPrinter, prologue: Prologue, declared: set[Key]
) -> None:
    """A located error when the body printed a parameter or dim symbol the plan did not
    declare, or did not print one the plan declared (the plan and the printer disagree: the
    C++ would not compile, an unused variable included, under -Wall -Werror)."""
    for key, (_, b, _) in prologue.items():
        if b.used and key not in declared:
            raise codegen_error(
                p.func,
                f"names '{b.name}' in its C++, which the declaration plan does not declare "
                f"('{DECLARED_PARAMS}' / '{DECLARED_DIMS}'): the plan is stale, re-run "
                "plan-cpp-declarations",
            )
        if not b.used and key in declared:
            raise codegen_error(
                p.func,
                f"declares '{b.name}' as its declaration plan says ('{DECLARED_PARAMS}' / "
                f"'{DECLARED_DIMS}'), but its C++ never names it (an unused variable): the "
                "plan is stale, re-run plan-cpp-declarations",
            )
