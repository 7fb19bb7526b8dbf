"""The declaration plan of an orchestration function: which C++ variables the pto2-cpp
printer declares where it cannot declare them at the op that defines the value.
plan-cpp-declarations decides it (docs/passes/plan-cpp-declarations.md); the printer prints
it.

In the IR the plan is discardable attributes, written by the pass only:

    func.func @f(...) attributes {pto_orch.declared_params = array<i64: 0, 2>,
                                  pto_orch.declared_dims = [array<i64: 0, 1>], ...}
    scf.for ... { ... } {pto_orch.hoisted = array<i64: 0, 1>,
                         pto_orch.hoisted_with_init = array<i64: 1>}
    scf.if ... { ... } {pto_orch.hoisted = array<i64: 0>}

`pto_orch.declared_params`: the function arguments the entry's prologue declares, in the
order it prints them; `pto_orch.declared_dims`: the dynamic-dim symbols it declares, as
(argument, axis) pairs, in order. Both are on every planned function (empty when nothing is
declared); a function without them has no plan. `pto_orch.hoisted`: on an `scf.for` /
`scf.if` directly in a manual `pto_rt.scope`, the carries / results whose variable is declared
before the scope's header (ascending); `pto_orch.hoisted_with_init` (`scf.for` only): those
of them declared with the carry's initial value. Absent means none. `pto_orch.captured`
(unit): on a `pto_orch.submit` / `pto_system.task_dummy` whose TaskId the C++ names, so the
printer captures it (`TaskOutputTensors task_<n>_outs = ...; PTO2TaskId t = ...task_id();`);
absent: the TaskId is named nowhere (unused, or only yielded into a carry without a
variable) and nothing is captured. `pto_orch.always_submitted` (unit): on a
`pto_system.task_dummy` with deps of which one is a TaskId never invalid
(task_id_folds.surely_valid), so the printer submits it without the `deps_count > 0` test and
its TaskId needs no `is_valid()` guard (both would be constant); absent: the barrier is
submitted when one of its deps is valid at run time (or, with no deps, always).

`ProloguePlan` and `HoistPlan` are the one way in and out (`of`, `stamp`),
`captures_task_id` / `stamp_captured` for `pto_orch.captured` (plan-cpp-declarations'
`FunctionPlan.stamp_op` writes an op's whole part); `verify_attribute` is the attribute
verifier (the shape of each attribute and the op it belongs on). Whether a well-formed plan
still fits its function (a pass changed the function after the plan) is checked by
recomputing it
(plan_cpp_declarations.check_declaration_plans, run by the pto2-cpp target before
printing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, TensorType, UnitAttr, i64
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import is_task_id_like
from pypto_dialects.orch_arrays import IntArrayType

DECLARED_PARAMS = "pto_orch.declared_params"
"""The declared function arguments (`array<i64: ...>`, argument indices in print order)."""
DECLARED_DIMS = "pto_orch.declared_dims"
"""The declared dynamic-dim symbols (`[array<i64: arg, axis>, ...]`, in print order)."""
HOISTED = "pto_orch.hoisted"
"""The carries / results declared before the manual header (`array<i64: ...>`)."""
HOISTED_WITH_INIT = "pto_orch.hoisted_with_init"
"""The hoisted carries declared with their initial value (`array<i64: ...>`)."""
CAPTURED = "pto_orch.captured"
"""On a `pto_orch.submit` / `pto_system.task_dummy` whose TaskId the C++ names (unit)."""
ALWAYS_SUBMITTED = "pto_orch.always_submitted"
"""On a `pto_system.task_dummy` with deps that the C++ submits unconditionally (unit)."""
NAMES = (DECLARED_PARAMS, DECLARED_DIMS, HOISTED, HOISTED_WITH_INIT, CAPTURED, ALWAYS_SUBMITTED)
CAPTURING_OPS = ("pto_orch.submit", "pto_system.task_dummy")
"""The ops whose TaskId the C++ may capture (`pto_orch.captured`)."""
RERUN = "re-run plan-cpp-declarations (or -p pto2-pipeline)"


def _ints(value: Attribute | None) -> tuple[int, ...] | None:
    if not isinstance(value, DenseArrayBase) or value.elt_type != i64:
        return None
    return tuple(int(v) for v in value.get_values())


def _array(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(values))


@dataclass(frozen=True)
class ProloguePlan:
    """What the entry's prologue declares: `params` (argument indices) and `dims`
    ((argument, axis) pairs), each in print order."""

    params: tuple[int, ...]
    dims: tuple[tuple[int, int], ...]

    @staticmethod
    def of(function: Operation) -> ProloguePlan | None:
        """The plan stamped on `function`, or None when it has none. Expects verified IR."""
        params = _ints(function.attributes.get(DECLARED_PARAMS))
        dims = function.attributes.get(DECLARED_DIMS)
        if params is None or not isinstance(dims, ArrayAttr):
            return None
        pairs = []
        for d in dims.data:
            pair = _ints(d)
            if pair is None or len(pair) != 2:
                return None
            pairs.append((pair[0], pair[1]))
        return ProloguePlan(params, tuple(pairs))

    def stamp(self, function: Operation) -> None:
        """Write the plan on `function` (replacing any it had)."""
        function.attributes[DECLARED_PARAMS] = _array(self.params)
        function.attributes[DECLARED_DIMS] = ArrayAttr([_array(d) for d in self.dims])


@dataclass(frozen=True)
class HoistPlan:
    """Which carries of an `scf.for` / results of an `scf.if` directly in a manual scope
    are declared before its header (`hoisted`), and which of those with their initial
    value (`with_init`)."""

    hoisted: tuple[int, ...] = ()
    with_init: tuple[int, ...] = ()

    @staticmethod
    def of(op: Operation) -> HoistPlan:
        """The plan stamped on `op` (empty when it has none). Expects verified IR."""
        return HoistPlan(
            _ints(op.attributes.get(HOISTED)) or (),
            _ints(op.attributes.get(HOISTED_WITH_INIT)) or (),
        )

    def stamp(self, op: Operation) -> None:
        """Write the plan on `op` (an empty plan: no attribute)."""
        for name, values in ((HOISTED, self.hoisted), (HOISTED_WITH_INIT, self.with_init)):
            if values:
                op.attributes[name] = _array(values)
            else:
                op.attributes.pop(name, None)


MISSING = (
    f"has no declaration plan ('{DECLARED_PARAMS}' / '{DECLARED_DIMS}'): run "
    "plan-cpp-declarations first (pypto-opt -p plan-cpp-declarations, or -p pto2-pipeline); "
    "the C++ printer does not decide declarations"
)
"""The message for an orchestration function without a plan (at the function)."""


def captures_task_id(op: Operation) -> bool:
    """Whether the plan says the C++ captures the TaskId of the submit / dummy `op`."""
    return CAPTURED in op.attributes


def stamp_captured(op: Operation, captured: bool) -> bool:
    """Write `pto_orch.captured` on `op` (present iff `captured`); True when it changed."""
    if captured == (CAPTURED in op.attributes):
        return False
    if captured:
        op.attributes[CAPTURED] = UnitAttr()
    else:
        del op.attributes[CAPTURED]
    return True


def always_submitted(op: Operation) -> bool:
    """Whether the plan says the C++ submits the barrier `op` without testing its deps."""
    return ALWAYS_SUBMITTED in op.attributes


def stamp_always_submitted(op: Operation, always: bool) -> bool:
    """Write `pto_orch.always_submitted` on `op` (present iff `always`); True when it
    changed."""
    if always == (ALWAYS_SUBMITTED in op.attributes):
        return False
    if always:
        op.attributes[ALWAYS_SUBMITTED] = UnitAttr()
    else:
        del op.attributes[ALWAYS_SUBMITTED]
    return True


def verify_attribute(op: Operation, name: str, value: Attribute) -> None:
    """The attribute verifier of the plan (`verifyOperationAttribute`, for the names of
    `NAMES`). Raises VerifyException naming the attribute when it sits on the wrong op, has
    the wrong type, or lists an entry that does not exist or twice: a declared parameter out
    of range, a dim that is no dynamic extent of a tensor parameter, a hoisted index that is
    not an iter_arg / result or out of order, a hoisted op that is not directly in a manual
    `pto_rt.scope`, an initial value on an `scf.if` result, a TaskId or integer array carry
    or a carry that is not hoisted; one of the two function attributes without the other;
    `pto_orch.captured` on an op that has no TaskId to capture, or not a unit attribute;
    `pto_orch.always_submitted` on another op than a `pto_system.task_dummy` with deps, or not
    a unit attribute."""
    if name == ALWAYS_SUBMITTED:
        if op.name != "pto_system.task_dummy" or not op.operands:
            raise VerifyException(
                f"'{ALWAYS_SUBMITTED}' belongs on a pto_system.task_dummy with deps (the "
                "barrier the C++ submits without testing them)"
            )
        if not isinstance(value, UnitAttr):
            raise VerifyException(f"'{ALWAYS_SUBMITTED}' is a unit attribute")
        return
    if name == CAPTURED:
        if op.name not in CAPTURING_OPS:
            raise VerifyException(
                f"'{CAPTURED}' belongs on {' or '.join(CAPTURING_OPS)} (the task whose "
                "TaskId the C++ captures)"
            )
        if not isinstance(value, UnitAttr):
            raise VerifyException(f"'{CAPTURED}' is a unit attribute")
        return
    if name in (DECLARED_PARAMS, DECLARED_DIMS):
        if not isinstance(op, func.FuncOp):
            raise VerifyException(f"'{name}' belongs on func.func")
        other = DECLARED_DIMS if name == DECLARED_PARAMS else DECLARED_PARAMS
        if other not in op.attributes:
            raise VerifyException(
                f"'{name}' without '{other}': the prologue plan is both attributes; {RERUN}"
            )
        inputs = op.function_type.inputs.data
        if name == DECLARED_PARAMS:
            _verify_params(value, inputs)
        else:
            _verify_dims(value, inputs)
        return
    if name == HOISTED_WITH_INIT:
        _verify_with_init(op, value)
        return
    _verify_hoisted(op, value)


def _verify_params(value: Attribute, inputs: Sequence[Attribute]) -> None:
    params = _ints(value)
    if params is None:
        raise VerifyException(f"'{DECLARED_PARAMS}' must be an array<i64: ...>")
    seen: set[int] = set()
    for p in params:
        if not 0 <= p < len(inputs):
            raise VerifyException(
                f"'{DECLARED_PARAMS}' lists argument {p}, but the function has "
                f"{len(inputs)} arguments"
            )
        if p in seen:
            raise VerifyException(f"'{DECLARED_PARAMS}' lists argument {p} twice")
        seen.add(p)


def _verify_dims(value: Attribute, inputs: Sequence[Attribute]) -> None:
    shape = f"'{DECLARED_DIMS}' must be a list of array<i64: argument, axis>"
    if not isinstance(value, ArrayAttr):
        raise VerifyException(shape)
    seen: set[tuple[int, ...]] = set()
    for d in value.data:
        pair = _ints(d)
        if pair is None or len(pair) != 2:
            raise VerifyException(shape)
        arg, axis = pair
        t = inputs[arg] if 0 <= arg < len(inputs) else None
        if not isinstance(t, TensorType):
            raise VerifyException(
                f"'{DECLARED_DIMS}' lists ({arg}, {axis}), but argument {arg} is no tensor "
                "parameter"
            )
        extents = t.get_shape()
        if not 0 <= axis < len(extents) or extents[axis] >= 0:
            raise VerifyException(
                f"'{DECLARED_DIMS}' lists ({arg}, {axis}), which is no dynamic extent of "
                f"argument {arg} ({t})"
            )
        if pair in seen:
            raise VerifyException(f"'{DECLARED_DIMS}' lists ({arg}, {axis}) twice")
        seen.add(pair)


def _slots(op: Operation) -> Sequence[Attribute] | None:
    """The types of the carries of an `scf.for` / the results of an `scf.if`, else None."""
    if op.name == "scf.for":
        return [a.type for a in op.regions[0].block.args[1:]]
    if op.name == "scf.if":
        return [r.type for r in op.results]
    return None


def _verify_hoisted(op: Operation, value: Attribute) -> None:
    slots = _slots(op)
    if slots is None:
        raise VerifyException(f"'{HOISTED}' belongs on scf.for or scf.if")
    parent = op.parent_op()
    if parent is None or parent.name != "pto_rt.scope" or not getattr(parent, "is_manual", False):
        raise VerifyException(
            f"'{HOISTED}' belongs on an {op.name} directly in a manual pto_rt.scope (the "
            f"variables are declared before its header); {RERUN}"
        )
    entries = _ints(value)
    if entries is None:
        raise VerifyException(f"'{HOISTED}' must be an array<i64: ...>")
    for k, i in enumerate(entries):
        if not 0 <= i < len(slots):
            what = "iter_args" if op.name == "scf.for" else "results"
            raise VerifyException(
                f"'{HOISTED}' lists {i}, but the {op.name} has {len(slots)} {what}"
            )
        if k and entries[k - 1] >= i:
            raise VerifyException(f"'{HOISTED}' must list each index once, ascending")


def _verify_with_init(op: Operation, value: Attribute) -> None:
    if op.name != "scf.for":
        raise VerifyException(f"'{HOISTED_WITH_INIT}' belongs on scf.for (a loop carry)")
    entries = _ints(value)
    if entries is None:
        raise VerifyException(f"'{HOISTED_WITH_INIT}' must be an array<i64: ...>")
    hoisted = set(_ints(op.attributes.get(HOISTED)) or ())
    slots = _slots(op)
    assert slots is not None
    for i in entries:
        if i not in hoisted:
            raise VerifyException(
                f"'{HOISTED_WITH_INIT}' lists {i}, which '{HOISTED}' does not: only a "
                f"hoisted carry is declared with its initial value; {RERUN}"
            )
        if is_task_id_like(slots[i]):
            raise VerifyException(
                f"'{HOISTED_WITH_INIT}' lists {i}, a TaskId carry: a hoisted TaskId "
                "variable is declared without a value"
            )
        if isinstance(slots[i], IntArrayType):
            raise VerifyException(
                f"'{HOISTED_WITH_INIT}' lists {i}, an integer array carry: a hoisted array "
                "is declared without a value and filled slot by slot where the loop is printed"
            )
