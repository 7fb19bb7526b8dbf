"""Run an orchestration function on numpy arrays: outputs and task graph."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp, TensorType
from xdsl.interpreter import Interpreter
from xdsl.interpreters.builtin import BuiltinFunctions, scalar_attr
from xdsl.interpreters.func import FuncFunctions
from xdsl.utils.exceptions import InterpretationError

from pypto_dialects.analysis.wait_only_edges import WaitOnlyEdges
from pypto_dialects.attrs import ParamDirectionAttr
from pypto_dialects.diagnostics import format_op_error
from pypto_dialects.interpreter.arith import PtoArithFunctions
from pypto_dialects.interpreter.context import (
    KernelImpl,
    RunContext,
    python_scalar,
    run_context,
    set_run_context,
    where,
)
from pypto_dialects.interpreter.declarations import DeclarationFunctions
from pypto_dialects.interpreter.graph import Runtime, TaskGraph, TensorValue, runtime_behaviour
from pypto_dialects.interpreter.lifetimes import UseAfterFree, find_use_after_free
from pypto_dialects.interpreter.orch import OrchFunctions
from pypto_dialects.interpreter.races import HostRace, Race, find_host_races, find_races
from pypto_dialects.interpreter.rt import RtFunctions
from pypto_dialects.interpreter.runtime_limits import LimitFault, find_limit_faults
from pypto_dialects.interpreter.scf import PtoScfFunctions
from pypto_dialects.interpreter.system import SystemFunctions
from pypto_dialects.interpreter.tensor import TensorFunctions, numpy_dtype
from pypto_dialects.limits import DEFAULT_API_GENERATION, HEAP_SIZE, TASK_WINDOW
from pypto_dialects.name_locs import source_name
from pypto_dialects.orch import DIR


@dataclass
class RunResult:
    """What a run computed.

    `outputs`: every tensor parameter's contents after the run, by parameter name;
    `results`: the function's results (numpy arrays for tensors, numbers for scalars,
    TaskIds as task numbers / None / tuples); `graph`: the task graph; `dumps`: the
    arguments tasks marked for a dump (`dump [i, ...]`), each as the task left it, by name
    `t<task>_<kernel>_arg<i>` (pypto-run --out writes them to `dump/<name>.npy`)."""

    outputs: dict[str, np.ndarray]
    results: tuple[Any, ...]
    graph: TaskGraph
    dumps: dict[str, np.ndarray] = field(default_factory=dict)

    def races(self) -> list[Race]:
        """The graph's races (see `races.find_races`)."""
        return find_races(self.graph)

    def use_after_free(self) -> list[UseAfterFree]:
        """The run's uses of freed buffers (see `lifetimes.find_use_after_free`)."""
        return find_use_after_free(self.graph)

    def host_races(self) -> list[HostRace]:
        """Host reads / writes the runtime does not order (see `races.find_host_races`)."""
        return find_host_races(self.graph)

    def limit_faults(
        self, task_window: int = TASK_WINDOW, heap_size: int = HEAP_SIZE
    ) -> list[LimitFault]:
        """The first runtime limit the run exceeds, where the runtime stops it (see
        `runtime_limits.find_limit_faults`; `task_window`: the ring's task window, the
        runtime's 16384 unless `PTO2_RING_TASK_WINDOW` sets another; `heap_size`: the heap
        per ring, 256 MiB unless `PTO2_RING_HEAP` sets another); empty when it fits."""
        return find_limit_faults(self.graph, task_window, heap_size)

    def faults(
        self, task_window: int = TASK_WINDOW, heap_size: int = HEAP_SIZE
    ) -> list[Race | HostRace | UseAfterFree | LimitFault]:
        """The whole report: an exceeded runtime limit, races between tasks, races of host
        accesses, uses after free; empty for a correct program."""
        return [
            *self.limit_faults(task_window, heap_size), *self.races(), *self.host_races(),
            *self.use_after_free(),
        ]


def make_interpreter(
    module: ModuleOp,
    kernels: Mapping[str, KernelImpl],
    api: str = DEFAULT_API_GENERATION,
    wait_only_edges: bool = False,
) -> Interpreter:
    """An xDSL interpreter for `module` with xDSL's builtin/arith/func/scf implementations
    and ours, and a fresh run context holding `kernels` and the runtime model of the API
    generation `api` (`seed` or `current`: graph.RuntimeBehaviour; ValueError otherwise).
    `wait_only_edges`: the explicit edges the C++ of `-t 'pto2-cpp{api=current
    wait-only-edges=true}'` lists as `DEP_WAIT` only wait (analysis/wait_only_edges.py); a
    ValueError for a generation without edge kinds (the seed)."""
    behaviour = runtime_behaviour(api)
    if not isinstance(wait_only_edges, bool):
        raise ValueError(f"wait_only_edges takes True or False, not {wait_only_edges!r}")
    if wait_only_edges and not behaviour.dep_kinds:
        raise ValueError(
            f"wait-only edges need the current API generation: the {api} runtime has no edge "
            "kinds (every explicit edge waits and retains)"
        )
    runtime = Runtime(behaviour)
    interpreter = Interpreter(module, index_bitwidth=64)
    for impls in (
        BuiltinFunctions(),
        PtoArithFunctions(),  # xDSL's ArithFunctions, completed to MLIR's semantics
        FuncFunctions(),
        PtoScfFunctions(),
        OrchFunctions(),
        TensorFunctions(),
        SystemFunctions(),
        RtFunctions(),
        DeclarationFunctions(),  # a declaration nested in a body: a located error
    ):
        interpreter.register_implementations(impls)
    ctx = RunContext(kernels=dict(kernels), runtime=runtime)
    if wait_only_edges:
        ctx.wait_only = WaitOnlyEdges(ctx.symbols)
    set_run_context(interpreter, ctx)
    return interpreter


def find_function(module: ModuleOp, name: str) -> func.FuncOp:
    """The `func.func @name` of `module`; ValueError naming the functions there otherwise."""
    funcs = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    for f in funcs:
        if f.sym_name.data == name:
            return f
    names = ", ".join(f"@{f.sym_name.data}" for f in funcs) or "none"
    raise ValueError(f"no function @{name} in the module (functions: {names})")


def parameter_names(f: func.FuncOp) -> list[str]:
    """The names of `f`'s parameters: their SSA names as written (`%out_0` is `out_0`: the
    source name, which xDSL's name hint shortens to `out`), else `arg<i>`."""
    return [source_name(a) or f"arg{i}" for i, a in enumerate(f.body.block.args)]


def _param_dir(f: func.FuncOp, i: int) -> str:
    attrs = f.arg_attrs.data[i].data if f.arg_attrs is not None else {}
    d = attrs.get(DIR)
    if d is None:
        return "in"
    assert isinstance(d, ParamDirectionAttr), d  # verified (orch_attrs)
    return d.data.value


def _scalar_arg(func_name: str, pname: str, value: Any, t: Any) -> Any:
    """A scalar argument checked against its type: an integer (or bool) that the type holds
    (signed or unsigned range; `index` is 64 bits), or a real number for a float; ValueError
    naming the parameter otherwise (never wrapped silently)."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if isinstance(t, IntegerType | IndexType):
        width = 64 if isinstance(t, IndexType) else t.width.data
        if isinstance(value, bool | np.bool_):
            value = int(value)
        if not isinstance(value, int | np.integer):
            raise ValueError(f"@{func_name}: scalar argument '{pname}' ({t}) must be an integer, "
                             f"not {value!r}")
        lo, hi = (-1, 1) if width == 1 else (-(2 ** (width - 1)), 2**width - 1)
        if not lo <= int(value) <= hi:
            raise ValueError(f"@{func_name}: scalar argument '{pname}' = {value} does not fit {t}")
        return int(value)
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | float | np.number):
        raise ValueError(f"@{func_name}: scalar argument '{pname}' ({t}) must be a number, "
                         f"not {value!r}")
    return float(value)


def run_function(
    module: ModuleOp,
    name: str,
    args: Mapping[str, Any] | Sequence[Any],
    kernels: Mapping[str, KernelImpl],
    api: str = DEFAULT_API_GENERATION,
    wait_only_edges: bool = False,
) -> RunResult:
    """Run `func.func @name` of `module` (verified IR; with or without runtime scopes: a task
    outside any `pto_rt.scope` runs as in an AUTO scope).

    `args`: by parameter name or in order; numpy arrays (or nested lists) for tensors,
    Python numbers for scalars. An `out` tensor parameter left out starts as zeros. The
    caller's arrays are copied, never written. `kernels`: kernel name -> implementation
    (docs/interpreter.md). `api`: the runtime API generation whose behaviour the run models,
    `seed` (default) or `current` (graph.RuntimeBehaviour). `wait_only_edges` (current only):
    model the C++ of the target option `wait-only-edges=true`, whose explicit edges on TaskIds
    of tasks that create no buffer wait without retaining. Raises InterpretationError with a
    located one-line message when the program cannot run (a missing kernel, an out-of-range
    view, ...), ValueError for arguments that do not fit the function, an unknown `api`, or
    `wait_only_edges` with the seed."""
    f = find_function(module, name)
    names = parameter_names(f)
    given = dict(zip(names, args)) if not isinstance(args, Mapping) else dict(args)
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise ValueError(
            f"@{name} has no parameter {', '.join(unknown)} (parameters: {', '.join(names)})"
        )
    interpreter = make_interpreter(module, kernels, api, wait_only_edges)
    ctx = run_context(interpreter)
    rt = ctx.runtime
    values: list[Any] = []
    tensors: dict[str, TensorValue] = {}
    for i, (pname, arg) in enumerate(zip(names, f.body.block.args)):
        t = arg.type
        if isinstance(t, TensorType):
            dtype = numpy_dtype(t, f)
            if pname not in given:
                if _param_dir(f, i) != "out" or any(d < 0 for d in t.get_shape()):
                    raise ValueError(f"@{name}: missing tensor argument '{pname}' ({t})")
                data = np.zeros(t.get_shape(), dtype)
            else:
                data = np.array(given[pname], dtype=dtype, copy=True)
            shape = tuple(data.shape)
            want = t.get_shape()
            if len(shape) != len(want) or any(w >= 0 and w != s for w, s in zip(want, shape)):
                raise ValueError(f"@{name}: argument '{pname}' has shape {shape}, expected {t}")
            buf = rt.new_buffer(f"%{pname}", shape, data.reshape(-1), True, where(f))
            tensors[pname] = TensorValue.whole(buf)
            values.append(tensors[pname])
        else:
            if pname not in given:
                raise ValueError(f"@{name}: missing scalar argument '{pname}' ({t})")
            values.append(scalar_attr(_scalar_arg(name, pname, given[pname], t), t, 64))
    try:
        returned = interpreter.call_op(f, tuple(values))
    except InterpretationError:
        raise
    except (ValueError, IndexError, TypeError) as err:  # xDSL's own implementations
        raise InterpretationError(format_op_error(f, f"could not be run: {err}")) from err
    results = tuple(
        v.array(writeable=False).copy() if isinstance(v, TensorValue) else python_scalar(v)
        for v in returned
    )
    outputs = {
        n: v.buffer.data.reshape(v.buffer.shape).copy() for n, v in tensors.items()
    }
    return RunResult(outputs, results, rt.graph, ctx.dumps)
