"""The discardable `pto_orch.*` attributes on ops of other dialects: which `func.func` is an
orchestration function, its parameter directions, and MLIR's `verifyOperationAttribute` for
these attributes (the attributes and the ops they belong on: docs/dialects/pto_orch.md).

    on `func.func`: `pto_orch.kind`, `pto_orch.manual_layer` (unit);
    on function arguments: `pto_orch.dir`;
    on `scf.for`: `pto_orch.parallel` (unit), `pto_orch.descending` (unit, a constant step),
    `pto_orch.iter_arg_rebind` (array<i1>), `pto_orch.iter_arg_array_size` (array<i64>);
    on `pto_orch.call` / `pto_orch.submit`: `pto_orch.manual_candidate` (unit);
    the declaration plan (cpp_plan.py): `pto_orch.declared_params`, `pto_orch.declared_dims`
    on `func.func`, `pto_orch.hoisted`, `pto_orch.hoisted_with_init` on `scf.for` / `scf.if`.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DictionaryAttr,
    ModuleOp,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import (
    UNKNOWN_HINT,
    FunctionKind,
    FunctionKindAttr,
    ParamDirection,
    ParamDirectionAttr,
)
from pypto_dialects.carry_plan import ARRAY_SIZE as ITER_ARG_ARRAY_SIZE
from pypto_dialects.carry_plan import REBIND as ITER_ARG_REBIND
from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.cpp_plan import NAMES as DECLARATION_PLAN
from pypto_dialects.cpp_plan import verify_attribute as verify_declaration_plan
from pypto_dialects.limits import check_entry_args, check_symbol_name, constant_int
from pypto_dialects.loop_steps import verify_loop_steps
from pypto_dialects.orch import (
    DESCENDING,
    DIR,
    KIND,
    MANUAL_CANDIDATE,
    MANUAL_LAYER,
    PARALLEL,
    CallOp,
    SubmitOp,
)


def is_orchestration(op: Operation) -> bool:
    """True for a `func.func` carrying `pto_orch.kind = #pto_orch.kind<orchestration>`."""
    kind = op.attributes.get(KIND)
    return isinstance(kind, FunctionKindAttr) and kind.data == FunctionKind.ORCHESTRATION


def param_directions(function: func.FuncOp) -> list[ParamDirection]:
    """Directions of a `func.func`'s parameters (`pto_orch.dir` argument attributes,
    absent means `in`)."""
    n = len(function.function_type.inputs.data)
    arg_attrs = function.arg_attrs
    if arg_attrs is None:
        return [ParamDirection.IN] * n
    out = []
    for d in arg_attrs.data:
        a = d.data.get(DIR)
        out.append(a.data if isinstance(a, ParamDirectionAttr) else ParamDirection.IN)
    return out


def verify_operation_attribute(op: Operation, name: str, value: Attribute) -> None:
    """MLIR's `verifyOperationAttribute` for the `pto_orch.*` discardable attributes, the
    checks that need no analysis (analysis/verifiers.py runs the others after it).

    Raises VerifyException when an attribute sits on the wrong op or has the wrong shape.
    """
    if name in (PARALLEL, DESCENDING):
        from xdsl.dialects import scf  # only here: a file without loops never loads scf

    if name == KIND:
        if not isinstance(op, func.FuncOp) or not isinstance(value, FunctionKindAttr):
            raise VerifyException(
                "'pto_orch.kind' belongs on func.func and takes #pto_orch.kind<...>"
            )
        if value.data == FunctionKind.ORCHESTRATION:
            _verify_orchestration_func(op)
    elif name == MANUAL_LAYER:
        if not isinstance(op, func.FuncOp) or not isinstance(value, UnitAttr):
            raise VerifyException("'pto_orch.manual_layer' is a unit attribute of func.func")
    elif name == PARALLEL:
        if not isinstance(op, scf.ForOp) or not isinstance(value, UnitAttr):
            raise VerifyException("'pto_orch.parallel' is a unit attribute of scf.for")
    elif name == DESCENDING:
        if not isinstance(op, scf.ForOp) or not isinstance(value, UnitAttr):
            raise VerifyException("'pto_orch.descending' is a unit attribute of scf.for")
        if constant_int(op.step) is None:
            raise VerifyException(
                "'pto_orch.descending' needs a constant step: the C++ loop counts down by it "
                "(for (int64_t i = -lb; i > -ub; i += -step))"
            )
    elif name in (ITER_ARG_REBIND, ITER_ARG_ARRAY_SIZE):
        if name == ITER_ARG_REBIND or ITER_ARG_REBIND not in op.attributes:
            CarryPlan.verify(op)  # once per loop: the two attributes are one plan
    elif name == MANUAL_CANDIDATE:
        if not isinstance(op, CallOp | SubmitOp) or not isinstance(value, UnitAttr):
            raise VerifyException(
                "'pto_orch.manual_candidate' is a unit attribute of pto_orch.call/submit"
            )
    elif name in DECLARATION_PLAN:
        verify_declaration_plan(op, name, value)
    elif name == DIR:
        raise VerifyException("'pto_orch.dir' is an argument attribute of func.func")
    else:
        raise VerifyException(
            f"unknown attribute '{name}' of the pto_orch dialect{UNKNOWN_HINT}"
        )



def _verify_orchestration_func(op: func.FuncOp) -> None:
    """The checks of an orchestration function that need no analysis; the rule "writes no
    `in` parameter" follows (analysis/verifiers.py, written_inputs.py)."""
    verify_loop_steps(op)
    arg_attrs = op.arg_attrs
    types = op.function_type.inputs.data
    check_symbol_name(op.sym_name.data, "orchestration function")
    check_entry_args(types)
    if arg_attrs is not None:
        _verify_param_attrs(arg_attrs.data, types)


def _verify_param_attrs(arg_attrs: tuple[Attribute, ...], types: tuple[Attribute, ...]) -> None:
    for i, (d, t) in enumerate(zip(arg_attrs, types)):
        assert isinstance(d, DictionaryAttr)
        for key, a in d.data.items():
            if key != DIR:
                if key.startswith("pto_orch."):
                    raise VerifyException(f"unknown argument attribute '{key}'")
                continue
            if not isinstance(a, ParamDirectionAttr):
                raise VerifyException(
                    f"argument {i}: 'pto_orch.dir' takes #pto_orch.dir<in|out|inout>"
                )
            if a.data != ParamDirection.IN and not isinstance(t, TensorType):
                raise VerifyException(
                    f"argument {i} is a scalar ({t}) and cannot be '{a.data.value}': only "
                    "tensor parameters are written"
                )


def orchestration_functions(module: ModuleOp) -> list[func.FuncOp]:
    """The orchestration `func.func`s with a body of `module` and of its nested
    `builtin.module`s, in module order: the functions every pass transforms and the C++ target
    prints."""
    found: list[func.FuncOp] = []
    for op in module.ops:
        if isinstance(op, ModuleOp):
            found.extend(orchestration_functions(op))
        elif isinstance(op, func.FuncOp) and is_orchestration(op) and op.body.blocks:
            found.append(op)
    return found
