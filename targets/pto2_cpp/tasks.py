"""`pto_orch.call` as a PTO2 task (Arg pack, submit by core type) and the kernel ids.

Rules: docs/targets/pto2-cpp.md#tasks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation

from pypto_dialects.analysis.accessors import result_param_indices
from pypto_dialects.attrs import TensorArgType
from pypto_dialects.cpp_plan import captures_task_id
from pypto_dialects.cpp_types import no_core_type
from pypto_dialects.limits import MAX_TENSOR_ARGS
from pypto_dialects.orch import CallOp, KernelOp, SubmitOp
from pypto_dialects.targets.pto2_cpp.cxx_types import c_type, check_rank, data_type, scalar_arg
from pypto_dialects.targets.pto2_cpp.deps import TaskIdVar
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.kernel_table import KernelInfo
from pypto_dialects.targets.pto2_cpp.names import Binding, Expr, hint_of
from pypto_dialects.task_options import dump_positions

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

MAX_TASK_TENSORS = MAX_TENSOR_ARGS
"""Tensor arguments per task (the verifier checks it first; kept for `verify=False`)."""

ADD = {
    TensorArgType.INPUT: "add_input",
    TensorArgType.OUTPUT: "add_output",  # add_output(const TensorCreateInfo&)
    TensorArgType.INOUT: "add_inout",
    TensorArgType.OUTPUT_EXISTING: "add_output",  # add_output(const Tensor&)
    TensorArgType.NO_DEP: "add_no_dep",
}
"""The `Arg` method of a tensor slot, by the runtime's tag (`ArgDirection.tensor_arg_type`
of an argument's direction; OUTPUT for a kernel parameter left out, whose buffer the runtime
allocates)."""

SUBMIT = {"AIC": "rt_submit_aic_task", "AIV": "rt_submit_aiv_task"}


def _kernel_info(
    kernel: KernelOp, kid: int | None, core: str, dual_aiv: bool = False
) -> KernelInfo:
    tensors = []
    scalars = []
    for d, t in zip(kernel.directions(), kernel.param_types):
        if not isinstance(t, TensorType):
            scalars.append(str(t))
        else:
            tensors.append(d.value.upper())
    aic = kernel.aic.root_reference.data if kernel.aic is not None else None
    aiv = kernel.aiv.root_reference.data if kernel.aiv is not None else None
    if aic is not None and dual_aiv:  # group<@aiv0, @aiv1>
        return KernelInfo(kernel.sym_name.data, kid, core, tuple(tensors), tuple(scalars),
                          None, aic, aiv)
    return KernelInfo(kernel.sym_name.data, kid, core, tuple(tensors), tuple(scalars), aic, aiv)


class KernelRegistry:
    """Kernel ids of one orchestration function: one id per kernel, in order of first use
    (a group's AIC member, then its AIV member); the table lists groups too (no id)."""

    def __init__(self, printer: FunctionPrinter) -> None:
        self.p = printer
        self.ids: dict[str, int] = {}
        self.infos: dict[str, KernelInfo] = {}

    def core_type(self, kernel: KernelOp, at: Operation) -> str:
        core = kernel.core_type()
        if core is None:
            raise codegen_error(at, no_core_type(kernel.sym_name.data, kernel.kind.data.value))
        return core

    def id_of(self, kernel: KernelOp, at: Operation) -> int:
        """The kernel's id (assigned on first use)."""
        name = kernel.sym_name.data
        kid = self.ids.get(name)
        if kid is None:
            kid = self.ids[name] = len(self.ids)
            self.infos[name] = _kernel_info(kernel, kid, self.core_type(kernel, at))
        return kid

    def group_ids(self, group: KernelOp, at: Operation) -> tuple[str, str, str]:
        """The MixedKernels initializer of a group kernel: (aic, aiv0, aiv1) ids, with
        `INVALID_KERNEL_ID` for the core it leaves out (aiv1 of an AIC + AIV group, aic of a
        dual-AIV group)."""
        assert group.aic is not None
        assert group.aiv is not None
        first = self.p.symbols.lookup_symbol(group, group.aic)
        second = self.p.symbols.lookup_symbol(group, group.aiv)
        if not isinstance(first, KernelOp) or not isinstance(second, KernelOp):
            raise codegen_error(at, f"group kernel @{group.sym_name.data} names a missing member")
        dual = first.core_type() == "AIV"
        a, b = str(self.id_of(first, at)), str(self.id_of(second, at))
        name = group.sym_name.data
        if name not in self.infos:
            self.infos[name] = _kernel_info(group, None, "MIX", dual)
        return ("INVALID_KERNEL_ID", a, b) if dual else (a, b, "INVALID_KERNEL_ID")

    def table(self) -> tuple[KernelInfo, ...]:
        return tuple(self.infos.values())


def emit_task(p: FunctionPrinter, op: CallOp | SubmitOp) -> None:
    """Print one kernel task (call or, through the TaskId hook, submit)."""
    dirs = op.directions()
    if dirs is None:
        raise codegen_error(
            op,
            "has no call-site directions: run derive-call-directions first (pypto-opt "
            "--derive-call-directions, or -p pto2-pipeline); the C++ printer does not derive them",
        )
    kernel = p.kernel(op)
    core = p.kernel_ids.core_type(kernel, op)
    args = op.args
    n_tensors = sum(1 for d in dirs if d.is_tensor)
    if n_tensors > MAX_TASK_TENSORS:
        raise codegen_error(
            op,
            f"passes {n_tensors} tensors; a PTO2 task takes at most {MAX_TASK_TENSORS} "
            "(CORE_MAX_TENSOR_ARGS)",
        )
    dumped = dump_positions(op)
    tensor_lines: list[tuple[str, str]] = []
    scalar_lines: list[tuple[str, str | int]] = []
    lvalues: dict[int, str] = {}  # argument position -> the C++ lvalue added to the Arg
    dumped_scalars: list[tuple[int, Expr, str]] = []  # named once the Arg's name is known
    for i, (value, d) in enumerate(zip(args, dirs)):
        tag = d.tensor_arg_type
        if tag is None:  # scalar
            ct = c_type(value.type, op, "scalar argument")
            expr = p.use(value, op)
            if i in dumped:  # dump() finds a scalar by the address add_scalar was given
                dumped_scalars.append((i, expr, ct))
                scalar_lines.append(("add_scalar", i))
            else:
                scalar_lines.append(("add_scalar", scalar_arg(expr, ct)))
        else:
            lvalues[i] = p.use_tensor(value, op).name
            tensor_lines.append((ADD[tag], lvalues[i]))
    if core == "MIX":
        ids = p.kernel_ids.group_ids(kernel, op)
    else:
        kid = p.kernel_ids.id_of(kernel, op)
    n = p.next_task()
    params = p.names.numbered(f"params_t{n}")
    w = p.w
    w.blank()
    w.line(f"// Task {n}: {kernel.sym_name.data}")
    allocated = _runtime_outputs(p, op, kernel, len(tensor_lines), n)
    tensor_lines += [(ADD[TensorArgType.OUTPUT], info) for info, _ in allocated]
    lvalues.update((index, info) for info, index in allocated)
    for i, expr, ct in dumped_scalars:
        lvalues[i] = _scalar_lvalue(p, expr, ct, f"{params}_arg{i}")
    w.line(f"{p.api.task_args} {params};")
    for method, text in tensor_lines + scalar_lines:
        w.line(f"{params}.{method}({lvalues[text] if isinstance(text, int) else text});")
    if dumped:
        w.line(f"{params}.dump({', '.join(lvalues[i] for i in dumped)});")
    _launch_lines(p, op, params)
    p.taskids.task_deps(op, params, n)
    read = allocated and _reads_runtime_outputs(p, op, kernel, allocated)
    if read:  # the outputs (or the TaskId) are read from task_<n>_outs
        outs = p.names.numbered(f"task_{n}_outs")
        capture = f"TaskOutputTensors {outs} = "
    else:
        capture = p.taskids.submit_capture(op, n)
    if core == "MIX":
        mixed = p.names.numbered(f"mixed_{n}")
        w.line(f"MixedKernels {mixed} = {{{', '.join(ids)}}};")
        w.line(f"{capture}rt_submit_task({mixed}, {params});")
    else:
        w.line(f"{capture}{SUBMIT[core]}({kid}, {params});")
    if read:
        _bind_runtime_outputs(p, op, outs, allocated)
    else:
        p.taskids.after_submit(op, n)
    w.blank()
    # Output aliasing: result i is the argument the kernel's returns map names.
    for res, index in zip(op.kernel_result_values(), result_param_indices(kernel)):
        if index < len(args):
            p.bind(res, p.use_tensor(args[index], op, printed=False))


def _scalar_lvalue(p: FunctionPrinter, expr: Expr, ctype: str, base: str) -> str:
    """A named variable of the scalar's own C++ type holding `expr`, for a dumped scalar
    argument (`add_scalar(x)` then `dump(x)`): `expr` itself when it is such a variable,
    else `<ctype> <base> = <expr>;`, printed now (before the `Arg`)."""
    if isinstance(expr, Binding) and expr.ctype == ctype:
        return expr.name
    name = p.names.fresh(base, "arg")
    p.w.line(f"{ctype} {name} = {expr.text};")
    return name


def _launch_lines(p: FunctionPrinter, op: CallOp | SubmitOp, params: str) -> None:
    """The launch spec and the early-resolve hint of a task, after its add_* / dump lines
    and before its deps: `set_block_num` (a value is cast to the runtime's `int16_t`),
    `set_require_sync_start(true)`, `set_allow_early_resolve(true)`."""
    w = p.w
    if op.block_num is not None:
        w.line(f"{params}.launch_spec.set_block_num({op.block_num.value.data});")
    elif op.dynamic_block_num is not None:
        count = p.use(op.dynamic_block_num, op)
        w.line(f"{params}.launch_spec.set_block_num((int16_t){count.paren});")
    if op.sync_start is not None:
        w.line(f"{params}.launch_spec.set_require_sync_start(true);")
    if op.early_resolve is not None:
        w.line(f"{params}.set_allow_early_resolve(true);")


def _runtime_outputs(
    p: FunctionPrinter, op: CallOp | SubmitOp, kernel: KernelOp, n_tensors: int, task_no: int
) -> list[tuple[str, int]]:
    """The `TensorCreateInfo`s of the Out parameters the task leaves out (the verifier allows
    trailing `out` tensors of static shape), printed before the `Arg`: (info name, parameter
    index) in parameter order, which is the order of `task_<n>_outs.get_ref(k)`."""
    params = kernel.param_types
    if len(op.args) == len(params):
        return []
    if n_tensors + len(params) - len(op.args) > MAX_TASK_TENSORS:
        raise codegen_error(
            op,
            f"passes {n_tensors + len(params) - len(op.args)} tensors (with the outputs the "
            f"runtime allocates); a PTO2 task takes at most {MAX_TASK_TENSORS} "
            "(CORE_MAX_TENSOR_ARGS)",
        )
    names = dict(zip(result_param_indices(kernel), op.kernel_result_values()))
    out = []
    for i in range(len(op.args), len(params)):
        t = params[i]
        assert isinstance(t, TensorType)
        res = names.get(i)
        base = (hint_of(res) if res is not None else None) or f"t{task_no}_out{i}"
        shapes = p.names.fresh(f"{base}_ci_shapes", "ci_shapes")
        info = p.names.fresh(f"{base}_ci", "ci")
        check_rank(t, op, f"the runtime-allocated output (kernel parameter {i}) of type")
        dims = t.get_shape()
        p.w.line(f"uint32_t {shapes}[{len(dims)}] = {{{', '.join(str(d) for d in dims)}}};")
        p.w.line(f"TensorCreateInfo {info}({shapes}, {len(dims)}, {data_type(t, op)});")
        out.append((info, i))
    return out


def _reads_runtime_outputs(
    p: FunctionPrinter, op: CallOp | SubmitOp, kernel: KernelOp, allocated: list[tuple[str, int]]
) -> bool:
    """Whether the C++ reads `task_<n>_outs`: a printed line reads a runtime-allocated output
    (cpp_reads.read_values: not one that is only returned), or the
    submit's TaskId is captured (the plan's `pto_orch.captured`). Otherwise the submit's
    value is dropped (a variable set and never read fails `-Werror=unused-but-set-variable`)."""
    if isinstance(op, SubmitOp) and captures_task_id(op):
        return True
    results = dict(zip(result_param_indices(kernel), op.kernel_result_values()))
    return any((r := results.get(index)) is not None and p.reads.is_read(r)
               for _, index in allocated)


def _bind_runtime_outputs(
    p: FunctionPrinter, op: CallOp | SubmitOp, outs: str, allocated: list[tuple[str, int]]
) -> None:
    """After the submit: the TaskId (when used) and `const Tensor& r = task_<n>_outs.get_ref(k);`
    for each result that is a runtime-allocated output."""
    if isinstance(op, SubmitOp) and captures_task_id(op):
        name = p.names.fresh(hint_of(op.task_id), "tid")
        p.bind(op.task_id, TaskIdVar(name, p.block, guard=False, producer=op))
        p.w.line(f"PTO2TaskId {name} = {outs}.task_id();")
    kernel = p.kernel(op)
    results = dict(zip(result_param_indices(kernel), op.kernel_result_values()))
    for k, (_, index) in enumerate(allocated):
        res = results.get(index)
        if res is None or not p.reads.is_read(res):
            continue  # unused or only returned: no reference left unused
        name = p.names.fresh(hint_of(res), "tensor")
        ref = f"const {p.api.tensor}&"
        p.bind(res, Binding(name, ref, p.block))
        p.w.line(f"{ref} {name} = {outs}.get_ref({k});")


def _call(p: FunctionPrinter, op: CallOp) -> None:
    emit_task(p, op)


HANDLERS = {CallOp: _call}
