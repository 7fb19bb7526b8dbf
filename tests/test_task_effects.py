"""What a task does to each argument, stated once (issue 22, item 2): the properties of
`ArgDirection` / `TensorArgType` (pypto_dialects/attrs.py), `argument_effects()` of
`pto_orch.call` / `submit` and their xDSL `MemoryEffect` trait (pypto_dialects/orch.py), and
one test per consumer showing that it agrees with them: derive-call-directions,
auto-derive-task-dependencies, order-untracked-hazards, verify-orchestration's host-access
checker, the interpreter's task slots and its runtime model (graph.py). Rules:
docs/dialects/pto_orch.md ("Attributes"), docs/runtime-api.md 3.2."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.traits import (
    EffectInstance,
    MemoryEffectKind,
    get_effects,
    has_effects,
    is_side_effect_free,
    only_has_effect,
)
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination
from xdsl.transforms.dead_code_elimination import DeadCodeElimination
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.analysis.storage_roots import RootSets
from pypto_dialects.analysis.untracked_hazards import Analysis
from pypto_dialects.attrs import ArgDirection, ParamDirection, TensorArgType
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.interpreter.graph import TAGS
from pypto_dialects.orch import TASK_SUBMISSION, CallOp, SubmitOp
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.transforms.auto_derive_task_dependencies import _accesses
from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
from pypto_dialects.transforms.verify_orchestration import HostAccessChecker

D = ArgDirection
T4 = "tensor<4xf32>"
ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"

# one task passing an argument with every direction (the kernel parameter each suits)
EVERY = f"""
pto_orch.kernel @every aiv (in {T4}, in {T4}, out {T4}, inout {T4}, inout {T4}, in index)
func.func @f(%a: {T4}, %b: {T4}, %c: {T4} {{pto_orch.dir = #pto_orch.dir<out>}},
             %d: {T4} {{pto_orch.dir = #pto_orch.dir<inout>}},
             %e: {T4} {{pto_orch.dir = #pto_orch.dir<inout>}}, %n: index) {ORCH} {{
  pto_orch.call @every(in %a, no_dep %b, out %c, inout %d, output_existing %e, scalar %n)
      : ({T4}, {T4}, {T4}, {T4}, {T4}, index) -> ()
  func.return
}}
"""
EVERY_DIRS = [D.IN, D.NO_DEP, D.OUT, D.INOUT, D.OUTPUT_EXISTING, D.SCALAR]

# the expected table (docs/dialects/pto_orch.md, docs/runtime-api.md 3.2): reads, writes,
# runtime tag, looked up, recorded, tracked
TABLE: dict[ArgDirection, tuple[bool, bool, TensorArgType | None, bool, bool, bool]] = {
    D.IN: (True, False, TensorArgType.INPUT, True, False, True),
    D.OUT: (False, True, TensorArgType.OUTPUT_EXISTING, False, True, True),
    D.INOUT: (True, True, TensorArgType.INOUT, True, True, True),
    D.NO_DEP: (True, False, TensorArgType.NO_DEP, False, False, False),
    D.OUTPUT_EXISTING: (True, True, TensorArgType.OUTPUT_EXISTING, False, True, True),
    D.SCALAR: (False, False, None, False, False, False),
}

# a kernel whose single parameter suits each tensor direction
KERNEL_OF = {D.IN: "use_in", D.NO_DEP: "use_in", D.OUT: "use_out", D.INOUT: "use_inout",
             D.OUTPUT_EXISTING: "use_inout"}
KERNELS_TEXT = f"""
pto_orch.kernel @use_in aiv (in {T4})
pto_orch.kernel @use_out aiv (out {T4})
pto_orch.kernel @use_inout aiv (inout {T4})
"""


def _use_out(t: np.ndarray) -> None:
    t[...] = 1


def _use_inout(t: np.ndarray) -> None:
    t += 1


PY_KERNELS: dict[str, Any] = {"use_in": lambda t: None, "use_out": _use_out,
                              "use_inout": _use_inout}


def load(text: str, verify: bool = True) -> ModuleOp:
    module = parse_module(make_context(), text, "t.mlir")
    if verify:
        verify_module(module)
    return module


def tasks(module: ModuleOp) -> list[CallOp | SubmitOp]:
    return [op for op in module.walk() if isinstance(op, CallOp | SubmitOp)]


def function(module: ModuleOp) -> func.FuncOp:
    (f,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    return f


def two_tasks(first: ArgDirection, second: ArgDirection | None) -> str:
    """`%t` (an `out` parameter) passed with `first`, then with `second` (None: a task
    without directions writing it through an `out` parameter)."""
    if second is None:
        call2 = f"pto_orch.call @use_out(%t) : ({T4}) -> ()"
    else:
        call2 = f"pto_orch.call @{KERNEL_OF[second]}({second.value} %t) : ({T4}) -> ()"
    return f"""{KERNELS_TEXT}
func.func @f(%t: {T4} {{pto_orch.dir = #pto_orch.dir<out>}}) {ORCH} {{
  pto_orch.call @{KERNEL_OF[first]}({first.value} %t) : ({T4}) -> ()
  {call2}
  func.return
}}
"""


# --------------------------------------------------------------------------- the interface


@pytest.mark.parametrize("d", list(ArgDirection), ids=lambda d: d.value)
def test_direction_table(d: ArgDirection) -> None:
    reads, writes, tag, looked_up, recorded, tracked = TABLE[d]
    assert (d.reads, d.writes, d.tensor_arg_type) == (reads, writes, tag)
    assert (d.looked_up, d.recorded, d.tracked) == (looked_up, recorded, tracked)
    assert d.is_tensor == (d is not D.SCALAR)
    assert d.data_effect() == (reads, writes)


def test_runtime_tags() -> None:
    """docs/runtime-api.md 3.2: what the runtime does with each tag at submit in an AUTO scope."""
    got = {t: (t.allocates, t.creator_edge, t.looks_up, t.removes_covered, t.records)
           for t in TensorArgType}
    assert got == {
        TensorArgType.INPUT: (False, True, True, False, False),
        TensorArgType.OUTPUT: (True, False, False, False, False),
        TensorArgType.INOUT: (False, True, True, True, True),
        TensorArgType.OUTPUT_EXISTING: (False, True, False, False, True),
        TensorArgType.NO_DEP: (False, True, False, False, False),
    }


def test_no_dep_data_effect_is_the_kernel_parameters() -> None:
    """`no_dep` says only that the slot is not tracked: with a known kernel parameter, the
    data effect is the parameter's (verified IR: `in`, a read); other directions keep theirs."""
    assert [D.NO_DEP.data_effect(pd) for pd in ParamDirection] == [
        (True, False), (False, True), (True, True)]
    for d in ArgDirection:
        if d is not D.NO_DEP:
            assert {d.data_effect(pd) for pd in ParamDirection} == {(d.reads, d.writes)}


def test_direction_for_param() -> None:
    from xdsl.dialects.builtin import IndexType, TensorType, f32

    t = TensorType(f32, [4])
    assert [D.for_param(pd, t) for pd in ParamDirection] == [D.IN, D.OUT, D.INOUT]
    assert {D.for_param(pd, IndexType()) for pd in ParamDirection} == {D.SCALAR}


def test_argument_effects_of_every_direction() -> None:
    (task,) = tasks(load(EVERY))
    effects = task.argument_effects()
    assert [e.index for e in effects] == [0, 1, 2, 3, 4]  # no record for the scalar
    assert [e.value for e in effects] == list(task.args[:5])
    for e, d in zip(effects, EVERY_DIRS):
        reads, writes, tag, looked_up, recorded, tracked = TABLE[d]
        assert e.direction is d
        assert (e.reads, e.writes, e.tensor_arg_type) == (reads, writes, tag)
        assert (e.looked_up, e.recorded, e.tracked) == (looked_up, recorded, tracked)
    assert task.argument_directions() == EVERY_DIRS


def test_argument_effects_without_directions_are_the_kernels() -> None:
    text = EVERY.replace("in %a, no_dep %b, out %c, inout %d, output_existing %e, scalar %n",
                         "%a, %b, %c, %d, %e, %n")
    (task,) = tasks(load(text))
    assert task.directions() is None
    assert task.argument_directions() == [D.IN, D.IN, D.OUT, D.INOUT, D.INOUT, D.SCALAR]
    assert [(e.reads, e.writes) for e in task.argument_effects(SymbolTableCollection())] == [
        (True, False), (True, False), (False, True), (True, True), (True, True)]


def test_argument_effects_of_a_no_dep_write_slot() -> None:
    """IR the verifier rejects (a `no_dep` argument of an `inout` parameter): the record says
    what the kernel does, untracked; the interpreter runs it so
    (tests/test_host_write_after_own_read.py, the control)."""
    text = f"""{KERNELS_TEXT}
func.func @f(%t: {T4}) {ORCH} {{
  pto_orch.call @use_inout(no_dep %t) : ({T4}) -> ()
  func.return
}}
"""
    (task,) = tasks(load(text, verify=False))
    (e,) = task.argument_effects()
    assert (e.reads, e.writes, e.tracked) == (True, True, False)


def test_argument_effects_need_a_kernel_only_without_directions() -> None:
    module = load(f"""
func.func @f(%t: {T4}) {ORCH} {{
  pto_orch.call @nothing(in %t) : ({T4}) -> ()
  pto_orch.call @nothing(%t) : ({T4}) -> ()
  pto_orch.call @nothing(no_dep %t) : ({T4}) -> ()
  func.return
}}
""", verify=False)
    directed, undirected, no_dep = tasks(module)
    assert [(e.reads, e.writes) for e in directed.argument_effects()] == [(True, False)]
    # no kernel to ask for the no_dep slot's parameter: the direction's own effect
    assert [(e.reads, e.writes) for e in no_dep.argument_effects()] == [(True, False)]
    assert no_dep.argument_directions() == [D.NO_DEP]
    with pytest.raises(VerifyException, match="does not name a kernel"):
        undirected.argument_effects()
    with pytest.raises(VerifyException, match="does not name a kernel"):
        undirected.argument_directions()


# --------------------------------------------------------------------------- xDSL's effect queries


def test_memory_effects_are_the_argument_effects() -> None:
    (task,) = tasks(load(EVERY))
    a, b, c, d, e = task.args[:5]
    read, write = MemoryEffectKind.READ, MemoryEffectKind.WRITE
    assert get_effects(task) == {
        EffectInstance(write, None, TASK_SUBMISSION),
        EffectInstance(read, a), EffectInstance(read, b),
        EffectInstance(write, c),
        EffectInstance(read, d), EffectInstance(write, d),
        EffectInstance(read, e), EffectInstance(write, e),
    }


def test_a_reading_task_is_never_dead_merged_or_free() -> None:
    """A task that only reads still writes the runtime (its submission): xDSL's dce and cse
    keep both of two identical read-only tasks whose results nobody uses."""
    text = f"""{KERNELS_TEXT}
func.func @f(%t: {T4}) {ORCH} {{
  pto_orch.call @use_in(in %t) : ({T4}) -> ()
  pto_orch.call @use_in(in %t) : ({T4}) -> ()
  func.return
}}
"""
    module = load(text)
    first = tasks(module)[0]
    assert has_effects(first, MemoryEffectKind.WRITE)
    assert not only_has_effect(first, MemoryEffectKind.READ)
    assert not is_side_effect_free(first)
    DeadCodeElimination().apply(Context(), module)
    CommonSubexpressionElimination().apply(Context(), module)
    assert len(tasks(module)) == 2


def test_memory_effects_unknown_without_a_kernel() -> None:
    module = load(f"""
func.func @f(%t: {T4}) {ORCH} {{
  pto_orch.call @nothing(%t) : ({T4}) -> ()
  func.return
}}
""", verify=False)
    (task,) = tasks(module)
    assert get_effects(task) is None


# --------------------------------------------------------------------------- shared IR edits


def test_as_submit() -> None:
    module = load(f"""{KERNELS_TEXT}
func.func @f(%t: {T4} {{pto_orch.dir = #pto_orch.dir<inout>}}) -> {T4} {ORCH} {{
  %r = pto_orch.call @use_inout(inout %t) {{note = "kept"}} : ({T4}) -> {T4}
  func.return %r : {T4}
}}
""".replace(f"@use_inout aiv (inout {T4})", f"@use_inout aiv (inout {T4}) -> {T4}"))
    (call,) = tasks(module)
    assert isinstance(call, CallOp)
    location, attrs, args = call.location, dict(call.attributes), list(call.args)
    ret = function(module).body.block.last_op
    new = call.as_submit()
    assert isinstance(new, SubmitOp)
    assert call.parent is None
    assert (new.location, dict(new.attributes), list(new.args)) == (location, attrs, args)
    assert new.directions() == [D.INOUT]
    assert new.task_id.name_hint == "r_tid"
    assert ret is not None
    assert ret.operands[0] is new.res[0]
    assert new.as_submit() is new
    verify_module(module)


def test_add_compiler_deps() -> None:
    module = load(f"""{KERNELS_TEXT}
func.func @f(%t: {T4} {{pto_orch.dir = #pto_orch.dir<inout>}}) {ORCH} {{
  %t0 = pto_orch.submit @use_inout(inout %t) : ({T4}) -> ()
  pto_orch.call @use_inout(inout %t) : ({T4}) -> ()
  func.return
}}
""")
    first, second = tasks(module)
    assert isinstance(first, SubmitOp)
    second.add_compiler_deps([])
    assert list(second.compiler_deps) == []
    second.add_compiler_deps([first.task_id])
    assert list(second.compiler_deps) == [first.task_id]
    assert list(second.args) == [function(module).args[0]]
    verify_module(module)
    assert "compiler_deps(%t0 : !pto_orch.task_id)" in str(module)


# --------------------------------------------------------------------------- the consumers


@pytest.mark.parametrize("first", list(KERNEL_OF), ids=lambda d: d.value)
def test_derive_call_directions_marks_what_the_effects_write(first: ArgDirection) -> None:
    """A later `out` write of the buffer becomes `inout` exactly when the earlier task
    (directed by the user) writes it (rule 2 of docs/passes/derive-call-directions.md)."""
    module = load(two_tasks(first, None))
    DeriveCallDirections().apply(Context(), module)
    earlier, later = tasks(module)
    (effect,) = earlier.argument_effects()
    assert later.directions() == [D.INOUT if effect.writes else D.OUT]


def test_auto_derive_accesses_are_the_effects() -> None:
    module = load(EVERY)
    (task,) = tasks(module)
    accesses = _accesses(task, RootSets(SymbolTableCollection()))
    assert accesses is not None
    got = {a.root: (a.read, a.write) for a in accesses}
    assert got == {e.value: (e.reads, e.writes) for e in task.argument_effects()}


def test_order_untracked_hazards_accesses_are_the_effects() -> None:
    """Each argument is one access (read, write, looked up, waits for the earlier writers);
    `no_dep` is a read that is not looked up and waits for no writer (a later writer is still
    ordered after it)."""
    module = load(EVERY)
    (task,) = tasks(module)
    analysis = Analysis(RootSets(SymbolTableCollection()))
    state: dict[Any, Any] = {}
    analysis.block(function(module).body.block, state)
    got = {}
    for root, pend in state.items():
        (access,) = {id(a): a for chain in (pend.writers, pend.readers)
                     for a in _chain(chain)}.values()
        got[root] = (access.read, access.write, access.lookup, access.waits)
    assert got == {e.value: (e.reads, e.writes, e.looked_up, e.tracked)
                   for e in task.argument_effects()}


def _chain(chain: Any) -> list[Any]:
    out = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    return out


def test_verify_orchestration_accesses_are_the_effects() -> None:
    """verify-orchestration's host-access checker still derives its own (reported in issue
    22); on verified IR it agrees: written = writes, tracked = tracked."""
    module = load(EVERY)
    (task,) = tasks(module)
    accesses = HostAccessChecker([(task, False)], {task: 0}).accesses(task)
    assert [(a.written, a.tracked) for a in accesses] == [
        (e.writes, e.tracked) for e in task.argument_effects()]


def test_interpreter_slots_are_the_effects() -> None:
    module = load(EVERY)
    (task,) = tasks(module)

    def every(a, b, c, d, e, n):  # type: ignore[no-untyped-def]
        c[...] = a + b
        d += n
        e *= 2

    data = {k: np.arange(4, dtype=np.float32) for k in "abcde"}
    result = run_function(module, "f", {**data, "n": 3}, {"every": every})
    (ran,) = [t for t in result.graph.tasks if t.kind == "kernel"]
    assert [(a.param, a.reads, a.writes, a.tag) for a in ran.args] == [
        (e.index, e.reads, e.writes, e.tensor_arg_type.value) for e in task.argument_effects()]
    np.testing.assert_array_equal(result.outputs["d"], data["d"] + 3)


def test_graph_tags_are_the_directions() -> None:
    assert TAGS == {**{d.value: d.tensor_arg_type for d in ArgDirection if d.is_tensor},
                    "runtime_out": TensorArgType.OUTPUT}


def _tensormap_edges(text: str) -> set[tuple[int, int]]:
    module = load(text)
    result = run_function(module, "f", {"t": np.zeros(4, np.float32)}, PY_KERNELS)
    return {(p, s) for p, s, _ in result.graph.edge_set("tensormap")}


@pytest.mark.parametrize("first", list(KERNEL_OF), ids=lambda d: d.value)
def test_interpreter_records_the_recorded(first: ArgDirection) -> None:
    """A later `in` reader waits for the earlier task through the tensor map exactly when
    the earlier argument is recorded."""
    assert _tensormap_edges(two_tasks(first, D.IN)) == ({(0, 1)} if first.recorded else set())


@pytest.mark.parametrize("second", list(KERNEL_OF), ids=lambda d: d.value)
def test_interpreter_looks_up_the_looked_up(second: ArgDirection) -> None:
    """After an `out` writer (recorded), a later task waits for it through the tensor map
    exactly when its argument is looked up."""
    assert _tensormap_edges(two_tasks(D.OUT, second)) == (
        {(0, 1)} if second.looked_up else set())


# --------------------------------------------------------------------------- kept disagreements
# On directions the verifier rejects (check_arg_direction; reachable with --disable-verify),
# two consumers keep their behaviour from before the interface (issue 22, item 2).


def test_derive_call_directions_keeps_its_rule_on_rejected_directions() -> None:
    """An `in` slot of an `out` parameter: the record says no write, derive counts the
    kernel's write (a later `out` write becomes `inout`)."""
    module = load(f"""{KERNELS_TEXT}
func.func @f(%t: {T4} {{pto_orch.dir = #pto_orch.dir<out>}}) {ORCH} {{
  pto_orch.call @use_out(in %t) : ({T4}) -> ()
  pto_orch.call @use_out(%t) : ({T4}) -> ()
  func.return
}}
""", verify=False)
    DeriveCallDirections().apply(Context(), module)
    earlier, later = tasks(module)
    assert [e.writes for e in earlier.argument_effects()] == [False]
    assert later.directions() == [D.INOUT]


def test_auto_derive_keeps_its_rule_on_rejected_directions() -> None:
    """A `no_dep` slot of an `inout` parameter: the record says the kernel writes it,
    auto-derive counts a read (the direction's own effect)."""
    module = load(f"""{KERNELS_TEXT}
func.func @f(%t: {T4}) {ORCH} {{
  pto_orch.call @use_inout(no_dep %t) : ({T4}) -> ()
  func.return
}}
""", verify=False)
    (task,) = tasks(module)
    (effect,) = task.argument_effects()
    accesses = _accesses(task, RootSets(SymbolTableCollection()))
    assert accesses is not None
    assert (effect.reads, effect.writes) == (True, True)
    assert [(a.read, a.write) for a in accesses] == [(True, False)]
