"""The file around the body: includes, the config function, the entry and its prologue
(external tensors, scalar parameters, dynamic-dim symbols), the closing `extern "C"`.

Rules: docs/targets/pto2-cpp.md#the-file-the-9-stages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument

from pypto_dialects.attrs import is_task_id_like
from pypto_dialects.orch_attrs import param_directions
from pypto_dialects.targets.pto2_cpp.cxx_types import DATA_TYPES, c_type
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.kernel_table import Param, Signature
from pypto_dialects.targets.pto2_cpp.names import Binding, hint_of
from pypto_dialects.targets.pto2_cpp.writer import INDENT
from pypto_dialects.tensor import DimOp

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

INCLUDES = (
    "#include <stddef.h>",
    "#include <stdint.h>",
    "#include <stdio.h>",
    '#include "pto_orchestration_api.h"',
)
EXPORT = '__attribute__((visibility("default")))'
CONFIG_SIG = (
    "PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args)"
)
ENTRY_SIG = "void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args)"


def signature(p: FunctionPrinter) -> Signature:
    """The function's parameters with their slots (tensors and scalars numbered apart)."""
    func = p.func
    block = func.body.block
    dirs = param_directions(func)
    params: list[Param] = []
    n_tensor = n_scalar = 0
    for i, (arg, d) in enumerate(zip(block.args, dirs)):
        name = hint_of(arg) or f"arg{i}"
        t = arg.type
        if isinstance(t, TensorType):
            elem = str(t.element_type)
            if elem not in DATA_TYPES:
                raise codegen_error(
                    func,
                    f"parameter {i} has type {t}, whose element type has no PTO2 runtime "
                    f"DataType, so the host cannot pass it (supported: "
                    f"{', '.join(sorted(DATA_TYPES))})",
                )
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
        elif is_task_id_like(t):
            raise codegen_error(
                func,
                f"parameter {i} has type {t}: an orchestration entry receives tensors and "
                "scalars only (TaskIds exist inside the function)",
            )
        else:
            ct = c_type(t, func, f"parameter {i}")
            params.append(Param(name, "scalar", n_scalar, str(t), c_type=ct))
            n_scalar += 1
    return Signature(func.sym_name.data, tuple(params))


def _dim_symbols(p: FunctionPrinter) -> list[tuple[DimOp, int, int]]:
    """The `pto_tensor.dim`s (all used: dead ones are gone, api.py) of a dynamic extent of a
    function argument, first one per (argument, axis), in program order: (op, argument index,
    axis)."""
    entry = p.func.body.block
    seen: set[tuple[int, int]] = set()
    out = []
    for op in p.func.body.walk():
        if not isinstance(op, DimOp):
            continue
        src = op.source
        if not isinstance(src, BlockArgument) or src.block is not entry:
            continue
        if op.static_extent() is not None:
            continue
        key = (src.index, op.axis.value.data)
        if key not in seen:
            seen.add(key)
            out.append((op, key[0], key[1]))
    return out


def emit_file(p: FunctionPrinter) -> None:
    """Print the whole file of `p.func` into `p.w`; sets `p.signature`. The prelude (arith
    helpers) is spliced in after the includes once the body is printed.

    The prologue's variables are named before the body is printed (so parameters get their
    names first) but printed after it, at the top of the entry: only the ones the body's text
    names are declared."""
    w = p.w
    func = p.func
    if not func.body.blocks:
        raise codegen_error(func, "is an orchestration function without a body")
    sig = signature(p)
    p.signature = sig
    for line in INCLUDES:
        w.raw(line)
    w.raw()
    prelude_at = len(w.lines)
    w.raw('extern "C" {')
    w.raw()
    w.raw(EXPORT)
    w.raw(CONFIG_SIG + " {")
    w.raw("    (void)orch_args;")
    count = sig.expected_arg_count
    w.raw(f"    return PTO2OrchestrationConfig{{ .expected_arg_count = {count} }};")
    w.raw("}")
    w.raw()
    w.raw(EXPORT)
    p.open_block(ENTRY_SIG)
    prologue = _declare_prologue(p, sig)
    mark = len(w.lines)
    p.emit_block(func.body.block)
    lines = _prologue_lines(prologue)
    if len(w.lines) == mark and lines:
        lines.pop()  # no body: no blank line before the closing brace
    w.lines[mark:mark] = lines
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


def _declare_prologue(p: FunctionPrinter, sig: Signature) -> list[tuple[str, Binding, list[str]]]:
    """Bind the parameters and dim symbols; returns (group, binding, lines) to print."""
    out: list[tuple[str, Binding, list[str]]] = []
    args = p.func.body.block.args
    for arg, prm in zip(args, sig.params):
        if prm.kind == "tensor":
            b = p.declare(arg, "Tensor", "ext_arg", hint=f"ext_{prm.name}")
            line = f"Tensor {b.name} = from_tensor_arg(orch_args.tensor({prm.slot}));"
            out.append(("// External tensors", b, [line]))
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
            out.append(("// Scalar parameters", b, lines))
    for op, arg_index, axis in _dim_symbols(p):
        prm = sig.params[arg_index]
        b = p.declare(op.result, "int64_t", f"{prm.name}_dim{axis}")
        p.dim_symbols[(arg_index, axis)] = b
        line = f"int64_t {b.name} = (int64_t)orch_args.tensor({prm.slot}).shapes[{axis}];"
        out.append(("// Dynamic-dim symbols (extent of the declaring argument)", b, [line]))
    return out


def _prologue_lines(prologue: list[tuple[str, Binding, list[str]]]) -> list[str]:
    """The entry's first lines: each group (comment, declarations, blank line) with the
    declarations the body uses; `(void)orch_args;` when none is left."""
    indent = INDENT
    lines: list[str] = []
    group = None
    for title, b, decl in prologue:
        if not b.used:
            continue
        if title != group:
            if group is not None:
                lines.append("")
            lines.append(indent + title)
            group = title
        lines.extend(indent + d for d in decl)
    if not lines:
        lines.append(indent + "(void)orch_args;")
    lines.append("")
    return lines
