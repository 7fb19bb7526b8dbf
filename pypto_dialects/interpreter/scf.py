"""`scf.for` for orchestration loops: xDSL's implementation, plus the TaskId array carry of
a `pto_orch.parallel` loop.

A `pto_orch.parallel` loop whose carry plan (`pto_orch.iter_arg_array_size`, stamped by
classify-iter-arg-carry) gives a TaskId carry N > 0 slots runs as its C++ does: every
iteration sees the carry's initial value (a TaskId, or the enclosing array), and the loop's
result is the array of the N TaskIds the iterations yielded (slots not written keep the
initial value; an iteration that yields an array, its own carry passed on, keeps that array's
slot). Every other carry, and every loop without a plan, is sequential. A loop whose
step is not positive runs no iteration (the C++ after guard-dynamic-loop-steps).

Tasks submitted in a `pto_orch.parallel` loop record the loop execution and iteration they
belong to (`Task.parallel`): the race report takes the user's word that iterations are
independent.

Also the scf ops xDSL's `ScfFunctions` leaves out: `scf.execute_region` runs its region once;
`scf.parallel` runs its iterations in order (one of the schedules MLIR allows, and the one a
sequential C++ loop would submit), folding each `scf.reduce` operand into its accumulator (the
init value) with the reduction region at the `scf.reduce`. A step that is not positive is
undefined in MLIR: a located error.
"""

from __future__ import annotations

import itertools
from typing import Any

from xdsl.dialects import scf
from xdsl.interpreter import (
    Interpreter,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.interpreters.builtin import scalar_attr
from xdsl.interpreters.scf import ScfFunctions

from pypto_dialects.attrs import TaskIdType
from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.interpreter.context import python_scalar, run_context, run_error
from pypto_dialects.orch import PARALLEL


def array_carries(op: scf.ForOp) -> dict[int, int]:
    """iter_arg index -> slots, for the TaskId array carries of a parallel loop."""
    plan = CarryPlan.of(op)
    if PARALLEL not in op.attributes or plan is None:
        return {}
    return {
        i: n
        for i, (n, arg) in enumerate(zip(plan.array_size, op.iter_args))
        if n > 0 and isinstance(arg.type, TaskIdType)
    }


def _seed(init: Any, n: int) -> list[Any]:
    """The N slots of an array carry's result before the iterations: a TaskId broadcast, an
    array of N copied slot by slot (classify-iter-arg-carry puts a barrier in front of an
    array of any other size; here its missing slots are invalid)."""
    if isinstance(init, tuple):
        return [init[i] if i < len(init) else None for i in range(n)]
    return [init] * n


def _accumulators(interpreter: Interpreter) -> dict[scf.ParallelOp, list[list[Any]]]:
    """The reduction accumulators of each running `scf.parallel` op (innermost run last)."""
    return interpreter.get_data(PtoScfFunctions, "accumulators", dict)


@register_impls
class PtoScfFunctions(ScfFunctions):
    """xDSL's `scf` implementations with the parallel TaskId array carry, and
    `execute_region`, `parallel`, `reduce`, `reduce.return`."""

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
        slots: dict[int, list[Any]] = {i: _seed(init[i], n) for i, n in arrays.items()}
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
                        # an iteration that yields an array (its own carry passed on: the
                        # init) keeps that array's slot, as the C++ copies `init[k]`
                        slots[j][k] = _seed(v, len(slots[j]))[k] if isinstance(v, tuple) else v
                else:
                    carries[j] = v
        return tuple(tuple(slots[j]) if j in arrays else c for j, c in enumerate(carries))

    @impl(scf.ExecuteRegionOp)
    def run_execute_region(
        self, interpreter: Interpreter, op: scf.ExecuteRegionOp, args: PythonValues
    ) -> PythonValues:
        return interpreter.run_ssacfg_region(op.region, (), "execute_region")

    @impl(scf.ParallelOp)
    def run_parallel(
        self, interpreter: Interpreter, op: scf.ParallelOp, args: PythonValues
    ) -> PythonValues:
        n = len(op.lowerBound)
        bounds = [python_scalar(v) for v in args[: 3 * n]]
        lbs, ubs, steps = bounds[:n], bounds[n : 2 * n], bounds[2 * n :]
        for step in steps:
            if step <= 0:
                raise run_error(op, f"has step {step}: a step that is not positive is undefined")
        running = _accumulators(interpreter).setdefault(op, [])
        running.append(list(args[3 * n :]))  # a stack: a recursive call may rerun the op
        try:
            for ivs in itertools.product(*map(range, lbs, ubs, steps)):
                interpreter.run_ssacfg_region(
                    op.body,
                    tuple(scalar_attr(i, v.type, interpreter.index_bitwidth)
                          for i, v in zip(ivs, op.body.block.args)),
                    "parallel_loop",
                )
            return tuple(running[-1])
        finally:
            running.pop()

    @impl_terminator(scf.ReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: scf.ReduceOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        """Fold each operand into its accumulator, in the iteration's scope (a reduction
        region may use the iteration's values)."""
        loop = op.parent_op()
        assert isinstance(loop, scf.ParallelOp)
        acc = _accumulators(interpreter)[loop][-1]
        for i, (region, value) in enumerate(zip(op.reductions, args)):
            (acc[i],) = interpreter.run_ssacfg_region(region, (acc[i], value), "reduce")
        return ReturnedValues(()), ()

    @impl_terminator(scf.ReduceReturnOp)
    def run_reduce_return(
        self, interpreter: Interpreter, op: scf.ReduceReturnOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()
