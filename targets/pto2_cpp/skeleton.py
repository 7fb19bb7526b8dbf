"""The file skeleton: stages 1-5 and 9 of the orchestration codegen.

Spec: seeds/000, "代码生成流程" (the 9 stages), "外部张量 vs 内部张量", "标量参数编码",
"动态维度符号"; DESIGN.md section 5 (exported entry points, difference 3).

    1  includes                         #include ... "pto_orchestration_api.h"
    2  config function                  expected_arg_count = tensor + scalar parameters
    3  entry signature                  void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args)
    4  external tensors                 Tensor ext_<name> = from_tensor_arg(orch_args.tensor(N));
       scalar parameters                union { uint64_t u64; T val; } <name>_conv; ... (used ones)
       dynamic-dim symbols              int64_t M = (int64_t)orch_args.tensor(N).ref().shapes[axis];
    5-8 the body                        (tensor_ops, tasks, control_flow)
    9  closing                          }  // extern "C"

Tensor slots count tensor parameters only, scalar slots scalar parameters only. A scalar
parameter the body never uses is not decoded, and a dynamic-dim symbol is defined only when
some `pto_tensor.dim` result that names it is used (an unused local would not compile under
-Werror). The entry's `orch_args` is marked used when nothing reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import TensorType

from pypto_dialects.orch import param_directions
from pypto_dialects.targets.pto2_cpp.cxx_types import DATA_TYPES, c_type
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.kernel_table import Param, Signature
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
CONFIG_SIG = "PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args)"
ENTRY_SIG = "void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args)"


def signature(p: FunctionPrinter) -> Signature:
    """The function's parameters with their slots (tensors and scalars numbered apart)."""
    func = p.func
    block = func.body.block
    dirs = param_directions(func)
    params: list[Param] = []
    n_tensor = n_scalar = 0
    for i, (arg, d) in enumerate(zip(block.args, dirs)):
        name = arg.name_hint or f"arg{i}"
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
                    shape=tuple(t.get_shape()),
                )
            )
            n_tensor += 1
        else:
            ct = c_type(t, func, f"parameter {i}")
            params.append(Param(name, "scalar", n_scalar, str(t), c_type=ct))
            n_scalar += 1
    return Signature(func.sym_name.data, tuple(params))


def _dim_symbols(p: FunctionPrinter) -> list[tuple[DimOp, int, int]]:
    """The used `pto_tensor.dim`s of a dynamic extent of a function argument, first one per
    (argument, axis), in program order: (op, argument index, axis)."""
    entry = p.func.body.block
    seen: set[tuple[int, int]] = set()
    out = []
    for op in p.func.body.walk():
        if not isinstance(op, DimOp) or op.result.first_use is None:
            continue
        src = op.source
        if getattr(src, "block", None) is not entry or op.static_extent() is not None:
            continue
        key = (src.index, op.axis.value.data)  # type: ignore[attr-defined]
        if key not in seen:
            seen.add(key)
            out.append((op, key[0], key[1]))
    return out


def emit_file(p: FunctionPrinter) -> None:
    """Print the whole file of `p.func` into `p.w`; sets `p.signature`."""
    w = p.w
    func = p.func
    if not func.body.blocks:
        raise codegen_error(func, "is an orchestration function without a body")
    sig = signature(p)
    p.signature = sig  # type: ignore[attr-defined]
    for line in INCLUDES:
        w.raw(line)
    w.raw()
    w.raw('extern "C" {')
    w.raw()
    w.raw(EXPORT)
    w.raw(CONFIG_SIG + " {")
    w.raw("    (void)orch_args;")
    w.raw(f"    return PTO2OrchestrationConfig{{ .expected_arg_count = {sig.expected_arg_count} }};")
    w.raw("}")
    w.raw()
    w.raw(EXPORT)
    p.open_block(ENTRY_SIG)
    _emit_prologue(p, sig)
    p.emit_block(func.body.block)
    p.close_block()
    w.raw()
    w.raw('}  // extern "C"')


def _emit_prologue(p: FunctionPrinter, sig: Signature) -> None:
    w = p.w
    args = p.func.body.block.args
    tensor_args = [(a, prm) for a, prm in zip(args, sig.params) if prm.kind == "tensor"]
    scalar_args = [
        (a, prm) for a, prm in zip(args, sig.params) if prm.kind == "scalar" and a.first_use
    ]
    dims = _dim_symbols(p)
    if not tensor_args and not scalar_args:
        w.line("(void)orch_args;")
        w.blank()
    if tensor_args:
        w.line("// External tensors")
        for arg, prm in tensor_args:
            b = p.declare(arg, "Tensor", "ext_arg", hint=f"ext_{prm.name}")
            w.line(f"Tensor {b.name} = from_tensor_arg(orch_args.tensor({prm.slot}));")
        w.blank()
    if scalar_args:
        w.line("// Scalar parameters")
        for arg, prm in scalar_args:
            ct = prm.c_type
            assert ct is not None
            conv = p.names.fresh(f"{prm.name}_conv", "scalar_conv")
            w.line(f"union {{ uint64_t u64; {ct} val; }} {conv};")
            w.line(f"{conv}.u64 = orch_args.scalar({prm.slot});")
            b = p.declare(arg, ct, "scalar", hint=prm.name)
            w.line(f"{ct} {b.name} = {conv}.val;")
        w.blank()
    if dims:
        w.line("// Dynamic-dim symbols (extent of the declaring argument)")
        for op, arg_index, axis in dims:
            slot = sig.params[arg_index].slot
            b = p.declare(op.result, "int64_t", f"{sig.params[arg_index].name}_dim{axis}")
            p.dim_symbols[(arg_index, axis)] = b
            w.line(f"int64_t {b.name} = (int64_t)orch_args.tensor({slot}).ref().shapes[{axis}];")
        w.blank()
