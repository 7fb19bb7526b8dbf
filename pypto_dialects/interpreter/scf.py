"""`scf.for` for orchestration loops: xDSL's implementation, plus the TaskId array carry of
a `pto_orch.parallel` loop.

A `pto_orch.parallel` loop whose carry plan (`pto_orch.iter_arg_array_size`, stamped by
classify-iter-arg-carry) gives a TaskId carry N > 0 slots runs as its C++ does: every
iteration sees the carry's initial value (a TaskId, or the enclosing array), and the loop's
result is the array of the N TaskIds the iterations yielded (slots not written keep the
initial value). Every other carry, and every loop without a plan, is sequential. A loop whose
step is not positive runs no iteration (the C++ after guard-dynamic-loop-steps).

Tasks submitted in a `pto_orch.parallel` loop record the loop execution and iteration they
belong to (`Task.parallel`): the race report takes the user's word that iterations are
independent.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects import scf
from xdsl.dialects.builtin import DenseArrayBase
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.interpreters.builtin import scalar_attr
from xdsl.interpreters.scf import ScfFunctions

from pypto_dialects.attrs import TaskIdType
from pypto_dialects.interpreter.context import python_scalar, run_context
from pypto_dialects.orch import ITER_ARG_ARRAY_SIZE, PARALLEL


def array_carries(op: scf.ForOp) -> dict[int, int]:
    """iter_arg index -> slots, for the TaskId array carries of a parallel loop."""
    sizes = op.attributes.get(ITER_ARG_ARRAY_SIZE)
    if PARALLEL not in op.attributes or not isinstance(sizes, DenseArrayBase):
        return {}
    return {
        i: int(n)
        for i, (n, arg) in enumerate(zip(sizes.get_values(), op.iter_args))
        if int(n) > 0 and isinstance(arg.type, TaskIdType)
    }


@register_impls
class PtoScfFunctions(ScfFunctions):
    """xDSL's `scf` implementations with the parallel TaskId array carry."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        if python_scalar(args[2]) <= 0:
            # A step that is not positive runs no iteration, as the C++ does after
            # guard-dynamic-loop-steps (Python's range() refuses a step of 0).
            return tuple(args[3:])
        if PARALLEL not in op.attributes:
            return super().run_for(interpreter, op, args).values  # xDSL wraps impls
        rt = run_context(interpreter).runtime
        loop = rt.parallel_loops
        rt.parallel_loops += 1
        lb, ub, step, *carries = args
        arrays = array_carries(op)
        lo, hi, st = python_scalar(lb), python_scalar(ub), python_scalar(step)
        init = list(carries)
        slots: dict[int, list[Any]] = {
            i: list(init[i]) if isinstance(init[i], tuple) else [init[i]] * n
            for i, n in arrays.items()
        }
        for k, iv in enumerate(range(lo, hi, st)):
            ins = [init[j] if j in arrays else c for j, c in enumerate(carries)]
            rt.parallel_stack.append((loop, k))
            try:
                outs = interpreter.run_ssacfg_region(
                    op.body,
                    (scalar_attr(iv, op.lb.type, interpreter.index_bitwidth), *ins),
                    "for_loop",
                )
            finally:
                rt.parallel_stack.pop()
            for j, v in enumerate(outs):
                if j in arrays:
                    if k < len(slots[j]):
                        slots[j][k] = v
                else:
                    carries[j] = v
        return tuple(tuple(slots[j]) if j in arrays else c for j, c in enumerate(carries))
