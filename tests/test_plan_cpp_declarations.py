"""plan-cpp-declarations (issue 22, item 4): a pass decides which C++ variables the printer
declares in the entry's prologue and before a manual header, and states it in the IR
(pypto_dialects/cpp_plan.py); the printer prints the prologue first, from the plan, and
never inserts it after the body. A stale plan is a located error, never other C++
(docs/passes/plan-cpp-declarations.md)."""

from __future__ import annotations

import pytest
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException

from opt_runner import EXAMPLES
from pypto_dialects.carry_plan import CarryPlan
from pypto_dialects.context import make_context
from pypto_dialects.cpp_plan import (
    DECLARED_DIMS,
    DECLARED_PARAMS,
    HOISTED,
    HOISTED_WITH_INIT,
    HoistPlan,
    ProloguePlan,
)
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.targets.pto2_cpp import generate_module
from pypto_dialects.targets.pto2_cpp.writer import CppWriter
from pypto_dialects.transforms.plan_cpp_declarations import (
    PlanCppDeclarations,
    check_declaration_plan,
    plan_function,
)
from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false}"
OUT = "{pto_orch.dir = #pto_orch.dir<out>}"
KERNELS = """
pto_orch.kernel @k aiv (in tensor<?x16xf32>, in i64, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @t aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
"""

PROLOGUE = KERNELS + f"""
func.func @f(%x: tensor<?x16xf32>, %unused: tensor<16xf32>, %n: i64, %m: i64, %y: tensor<?x16xf32> {OUT}, %z: tensor<?x16xf32> {OUT}) -> (tensor<?x16xf32>, tensor<?x16xf32>) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %K = pto_tensor.dim %z, 0 : tensor<?x16xf32>
  %r = pto_rt.scope auto -> (tensor<?x16xf32>) {{
    scf.for %i = %c0 to %M step %c16 {{
      %y1 = pto_orch.call @k(in %x, scalar %n, out %y) : (tensor<?x16xf32>, i64, tensor<?x16xf32>) -> tensor<?x16xf32>
      scf.yield
    }}
    pto_rt.yield %y : tensor<?x16xf32>
  }}
  func.return %r, %z : tensor<?x16xf32>, tensor<?x16xf32>
}}
"""
"""%unused and %m are read by nothing; %z is only returned and its extent %K read by
nothing: none of them is declared. %M (the loop's bound) is the one dim symbol."""

MANUAL = KERNELS + f"""
func.func @g(%a: tensor<16xf32>, %out: tensor<16xf32> {OUT}, %d: tensor<16xf32> {OUT}, %s: i64) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res, %cnt = pto_rt.scope manual -> (tensor<16xf32>, i64) {{
    %s2 = arith.addi %s, %s : i64
    %x, %n = scf.for %i = %c0 to %c4 step %c1 iter_args(%xa = %out, %na = %s2) -> (tensor<16xf32>, i64) {{
      %x1 = pto_orch.call @t(in %a, out %xa) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %n1 = arith.addi %na, %na : i64
      scf.yield %x1, %n1 : tensor<16xf32>, i64
    }} {{pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}}
    pto_rt.yield %x, %n : tensor<16xf32>, i64
  }}
  %o = pto_orch.call @ts(in %res, scalar %cnt, out %d) : (tensor<16xf32>, i64, tensor<16xf32>) -> tensor<16xf32>
  func.return
}}
pto_orch.kernel @ts aiv (in tensor<16xf32>, in i64, out tensor<16xf32>) -> tensor<16xf32>
"""
"""A manual scope yielding both carries of its loop, which the task after it reads: %xa (init
%out, a parameter) is declared before the header with its value, %na (init computed in the
scope) without one. %s is read
inside the scope only, still a declared parameter."""


def _module(text: str) -> ModuleOp:
    module = parse_module(make_context(), text, "t.mlir")
    verify_module(module)
    return module


def _func(module: ModuleOp) -> FuncOp:
    (f,) = orchestration_functions(module)
    return f


def _planned(text: str) -> ModuleOp:
    module = _module(text)
    PlanCppDeclarations().apply(make_context(), module)
    verify_module(module)
    return module


def _loop(module: ModuleOp) -> scf.ForOp:
    return next(op for op in module.walk() if isinstance(op, scf.ForOp))


def test_the_prologue_declares_what_the_body_names() -> None:
    f = _func(_planned(PROLOGUE))
    # tensors first (%x, %y), then scalars (%n); the dim symbol of %x's extent 0
    assert ProloguePlan.of(f) == ProloguePlan((0, 4, 2), ((0, 0),))
    assert str(f.attributes[DECLARED_PARAMS]) == "array<i64: 0, 4, 2>"
    assert str(f.attributes[DECLARED_DIMS]) == "[array<i64: 0, 0>]"


def test_a_manual_scope_hoists_its_carries_with_the_initial_values_known_there() -> None:
    module = _planned(MANUAL)
    loop = _loop(module)
    assert HoistPlan.of(loop) == HoistPlan((0, 1), (0,))
    assert str(loop.attributes[HOISTED]) == "array<i64: 0, 1>"
    assert str(loop.attributes[HOISTED_WITH_INIT]) == "array<i64: 0>"
    assert ProloguePlan.of(_func(module)) == ProloguePlan((0, 1, 2, 3), ())
    code = generate_module(module).code
    assert "    Tensor xa = ext_out;\n    int64_t na;\n    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {" in code


def test_an_if_result_variable_declares_the_first_tensor_parameter() -> None:
    text = KERNELS + f"""
func.func @h(%p: tensor<16xf32>, %a: tensor<16xf32>, %c: i1, %out: tensor<16xf32> {OUT}) {ORCH} {{
  %sel = scf.if %c -> (tensor<16xf32>) {{
    scf.yield %a : tensor<16xf32>
  }} else {{
    scf.yield %out : tensor<16xf32>
  }}
  %o = pto_orch.call @t(in %sel, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}}
"""
    module = _planned(text)
    # %p is read by nothing but `Tensor sel = ext_p;` (a Tensor has no default constructor)
    assert ProloguePlan.of(_func(module)) == ProloguePlan((0, 1, 3, 2), ())
    assert "    Tensor sel = ext_p;\n" in generate_module(module).code


def test_the_pass_is_idempotent_and_replaces_a_plan() -> None:
    module = _planned(MANUAL)
    loop = _loop(module)
    first = str(module)
    PlanCppDeclarations().apply(make_context(), module)
    assert str(module) == first
    HoistPlan((1,), ()).stamp(loop)  # a stale hoist
    PlanCppDeclarations().apply(make_context(), module)
    assert str(module) == first


def test_the_pipeline_plans_every_example_as_the_printer_prints_it() -> None:
    for path in sorted(EXAMPLES.glob("*.mlir")):
        module = parse_module(make_context(), path.read_text(), str(path))
        Pto2Pipeline().apply(make_context(), module)
        for f in orchestration_functions(module):
            assert ProloguePlan.of(f) is not None, path
            check_declaration_plan(f, SymbolTableCollection())  # the plan is the fresh one


def test_a_module_without_a_plan_is_planned_on_a_copy() -> None:
    module = _module(MANUAL)
    unplanned = generate_module(module).code
    assert ProloguePlan.of(_func(module)) is None  # the caller's module is left as it is
    assert not any(HOISTED in op.attributes for op in module.walk())
    PlanCppDeclarations().apply(make_context(), module)
    assert generate_module(module).code == unplanned


def _stale(module: ModuleOp) -> str:
    with pytest.raises(DiagnosticException) as err:
        generate_module(module)
    return str(err.value)


def test_a_stale_prologue_is_a_located_error() -> None:
    module = _planned(MANUAL)
    f = _func(module)
    ProloguePlan((0, 1, 2), ()).stamp(f)  # %s (argument 3) is read: it must be declared
    assert _stale(module) == (
        "t.mlir:5:1: error: 'func.func' op has 'pto_orch.declared_params' = [0, 1, 2], but "
        "the body's C++ names the parameters [0, 1, 2, 3]: the declaration plan is stale (the "
        "IR changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)"
    )


def test_a_loop_that_lost_its_hoists_is_a_located_error() -> None:
    module = _planned(MANUAL)
    loop = _loop(module)
    HoistPlan((0, 1), ()).stamp(loop)  # %xa's value is known before the header
    assert _stale(module) == (
        "t.mlir:11:5: error: 'scf.for' op has 'pto_orch.hoisted_with_init' = [], but the "
        "declarations before the manual header are [0]: the declaration plan is stale (the IR "
        "changed after it was planned); re-run plan-cpp-declarations (or -p pto2-pipeline)"
    )


def test_a_plan_copied_onto_a_rebuilt_loop_does_not_go_stale_silently() -> None:
    module = _planned(MANUAL)
    loop = _loop(module)
    new = loop.clone()
    new.attributes.clear()  # a loop a pass builds anew
    CarryPlan.copy(loop, new)
    assert HoistPlan.of(new) == HoistPlan()  # the declaration plan is not copied
    assert CarryPlan.of(new) == CarryPlan.of(loop)  # the carry plan is
    loop.attributes.pop(HOISTED)
    loop.attributes.pop(HOISTED_WITH_INIT)
    assert "'scf.for' op has 'pto_orch.hoisted' = [], but" in _stale(module)


def test_the_printer_reports_a_name_the_plan_does_not_declare() -> None:
    # `planned=True` skips the check (the caller vouches for the plan): the printer's own
    # check still refuses a parameter the body prints and the plan leaves out
    module = _planned(MANUAL)
    ProloguePlan((0, 1, 2), ()).stamp(_func(module))
    with pytest.raises(DiagnosticException) as err:
        generate_module(module, planned=True)
    assert str(err.value) == (
        "t.mlir:5:1: error: 'func.func' op names 's' in its C++, which the declaration plan "
        "does not declare ('pto_orch.declared_params' / 'pto_orch.declared_dims'): the plan is "
        "stale, re-run plan-cpp-declarations"
    )


def test_the_prologue_is_printed_before_the_body_and_never_spliced_in() -> None:
    class Lines(list[str]):
        """The writer's lines: records every write that is not an append."""

        edits: list[int] = []  # (one writer per function: one function here)

        def __setitem__(self, key, value):
            self.edits.append(key.start if isinstance(key, slice) else key)
            super().__setitem__(key, value)

        def insert(self, index, value):
            self.edits.append(index)
            super().insert(index, value)

    from pypto_dialects.targets.pto2_cpp import function

    seen: list[str] = []
    emit_op = function.FunctionPrinter.emit_op

    def first_op(self: function.FunctionPrinter, op: Operation) -> None:
        if not seen:  # the body's first op: the prologue is printed already
            seen.extend(self.w.lines)
        emit_op(self, op)

    init = CppWriter.__init__

    def writer_init(self: CppWriter) -> None:
        init(self)
        self.lines = Lines()

    module = _planned(PROLOGUE)
    mp = pytest.MonkeyPatch()
    mp.setattr(CppWriter, "__init__", writer_init)
    mp.setattr(function.FunctionPrinter, "emit_op", first_op)
    try:
        code = generate_module(module).code
    finally:
        mp.undo()
    assert seen[-2:] == [
        "    // Dynamic-dim symbols (extent of the declaring argument)",
        "    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];",
    ]
    # the one insertion is the file-scope prelude after the includes (line 5), none after
    assert Lines.edits == [5]
    assert code.index("int64_t M =") < code.index("PTO2_SCOPE() {")


def test_the_verifier_checks_the_plans_shape() -> None:
    text = MANUAL.replace(
        "pto_orch.iter_arg_array_size = array<i64: 0, 0>}",
        "pto_orch.iter_arg_array_size = array<i64: 0, 0>, pto_orch.hoisted = array<i64: 1, 0>}",
    )
    with pytest.raises(DiagnosticException) as err:
        _module(text)
    assert str(err.value) == (
        "t.mlir:11:5: error: 'scf.for' op 'pto_orch.hoisted' must list each index once, "
        "ascending"
    )


def test_plan_function_does_not_stamp() -> None:
    module = _module(MANUAL)
    plan = plan_function(_func(module), SymbolTableCollection())
    assert plan.prologue == ProloguePlan((0, 1, 2, 3), ())
    assert list(plan.hoists.values()) == [HoistPlan((0, 1), (0,))]
    assert ProloguePlan.of(_func(module)) is None


def test_the_printer_reports_a_declaration_the_body_never_names() -> None:
    # the other direction: a declared parameter nothing prints would be an unused variable
    module = _planned(PROLOGUE)
    ProloguePlan((0, 1, 4, 2), ((0, 0),)).stamp(_func(module))  # %unused (argument 1) too
    with pytest.raises(DiagnosticException) as err:
        generate_module(module, planned=True)
    assert str(err.value) == (
        "t.mlir:5:1: error: 'func.func' op declares 'ext_unused' as its declaration plan says "
        "('pto_orch.declared_params' / 'pto_orch.declared_dims'), but its C++ never names it "
        "(an unused variable): the plan is stale, re-run plan-cpp-declarations"
    )


INT_ARRAY = "!pto_orch.int_array<2, index>"
INT_ARRAY_CARRY = KERNELS + f"""
func.func @h(%a: tensor<32xf32>, %out: tensor<16xf32> {OUT}, %n: index) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = pto_orch.int_array_create %n, %c1 : {INT_ARRAY}
  %r = pto_rt.scope manual -> ({INT_ARRAY}) {{
    %seen = scf.for %i = %c0 to %c2 step %c1 iter_args(%arr = %init) -> ({INT_ARRAY}) {{
      %arr1 = pto_orch.int_array_set %i, %arr[%i] : {INT_ARRAY}
      scf.yield %arr1 : {INT_ARRAY}
    }} {{pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}}
    pto_rt.yield %seen : {INT_ARRAY}
  }}
  %e = pto_orch.int_array_get %r[%c0] : {INT_ARRAY}
  %s = pto_tensor.slice %a[%e] : tensor<32xf32> to tensor<16xf32>
  %o = pto_orch.call @t(in %s, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}}
"""
"""An integer array carry whose initial value (%init, made before the scope) is known before
the manual header, and whose last value is read after the scope (a slice offset): hoisted
all the same without it, as the printer fills arrays slot by slot."""


def test_an_integer_array_carry_is_hoisted_without_its_initial_value() -> None:
    module = _planned(INT_ARRAY_CARRY)
    assert HoistPlan.of(_loop(module)) == HoistPlan((0,), ())
    assert ProloguePlan.of(_func(module)) == ProloguePlan((0, 1, 2), ())
    code = generate_module(module).code
    assert (
        "    int64_t arr[2];\n"
        "    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {\n"
        "        for (int64_t i1 = 0; i1 < 2; ++i1)\n"
        "            arr[i1] = init[i1];\n"
    ) in code


def test_the_verifier_refuses_an_initial_value_for_an_integer_array() -> None:
    text = INT_ARRAY_CARRY.replace(
        "pto_orch.iter_arg_array_size = array<i64: 0>}",
        "pto_orch.iter_arg_array_size = array<i64: 0>, pto_orch.hoisted = array<i64: 0>, "
        "pto_orch.hoisted_with_init = array<i64: 0>}",
    )
    with pytest.raises(DiagnosticException) as err:
        _module(text)
    assert str(err.value) == (
        "t.mlir:11:5: error: 'scf.for' op 'pto_orch.hoisted_with_init' lists 0, an integer "
        "array carry: a hoisted array is declared without a value and filled slot by slot "
        "where the loop is printed"
    )


CAPTURE = KERNELS + f"""
func.func @c(%a: tensor<16xf32>, %o: tensor<16xf32> {OUT}, %p: tensor<16xf32> {OUT}) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {{
    %none = pto_system.task_invalid
    %r, %t0 = pto_orch.submit @t(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %s, %t1 = pto_orch.submit @t(in %r, out %p) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {{
      %u, %t2 = pto_orch.submit @t(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t2 : !pto_orch.task_id
    }} {{pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}}
    %fence = pto_system.task_dummy deps(%t1 : !pto_orch.task_id)
  }}
  func.return
}}
"""
"""%t0 is waited on (captured); %t1 only by the dummy (captured); %t2 only yielded into a carry
nothing reads (a dead carry: no variable, not captured); the dummy's TaskId is unused, and
it is always submitted (`pto_orch.always_submitted`: %t1 is never invalid)."""


def _captured(module: ModuleOp) -> list[str]:
    from pypto_dialects.cpp_plan import captures_task_id

    return [
        op.results[-1].name_hint or "?" for op in module.walk()
        if op.name in ("pto_orch.submit", "pto_system.task_dummy") and captures_task_id(op)
    ]


def test_the_plan_captures_exactly_the_task_ids_the_cpp_names() -> None:
    module = _planned(CAPTURE)
    assert _captured(module) == ["t0", "t1"]
    code = generate_module(module).code
    assert "PTO2TaskId t0 = task_0_outs.task_id();" in code
    assert "PTO2TaskId t1 = task_1_outs.task_id();" in code
    assert "PTO2TaskId t2" not in code
    assert "PTO2TaskId fence" not in code
    assert code.count(".task_id();") == 2


def test_the_plan_is_stamped_through_the_rewriter() -> None:
    from support.rewrite_events import recorder

    module = _module(CAPTURE)
    events: list[tuple[str, Operation]] = []
    PlanCppDeclarations().rewrite_module(module, listener=recorder(events))
    assert [(kind, op.name) for kind, op in events] == [
        ("modify", "func.func"),
        ("modify", "pto_orch.submit"),
        ("modify", "pto_orch.submit"),
        ("modify", "pto_system.task_dummy"),  # always submitted: it waits for a submit's TaskId
    ]
    events.clear()
    PlanCppDeclarations().rewrite_module(module, listener=recorder(events))
    assert events == []  # the plan is already right: nothing to rewrite
    # a capture the IR no longer needs is removed through the rewriter too
    (t1,) = [op for op in module.walk() if op.results and op.results[-1].name_hint == "t1"]
    fence = next(op for op in module.walk() if op.name == "pto_system.task_dummy")
    fence.detach()
    fence.erase()
    PlanCppDeclarations().rewrite_module(module, listener=recorder(events))
    assert [(kind, op) for kind, op in events] == [("modify", t1)]
    assert _captured(module) == ["t0"]
