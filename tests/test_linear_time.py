"""Regression tests of the speed fixes found by `python -m bench` (docs/performance.md):
each keeps the behaviour it replaced, which these tests pin.

- parsing: SSA-name scopes of regions without copying the name map (`_ScopedNames`);
- pto_orch: a task's kernel lookup (no memo: it follows module edits), and the per-pass
  memo of symbol lookups (`SymbolTableCollection`), which agrees with it;
- pypto-opt: the cyclic GC is off during a run and restored afterwards.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from xdsl.dialects.builtin import StringAttr
from xdsl.utils.exceptions import ParseError, VerifyException

from pypto_dialects.context import make_context
from pypto_dialects.orch import CallOp, KernelOp
from pypto_dialects.parsing import (
    LocatingParser,
    _ScopedNames,
    parse_module,
    verify_module,
)

T = "tensor<16xf32>"
KERNEL = f"pto_orch.kernel @k aiv (in {T}, out {T}) -> {T}\n"


def _func(body: str) -> str:
    return (
        KERNEL
        + f"func.func @f(%a: {T}, %o: {T} {{pto_orch.dir = #pto_orch.dir<out>}}, %c: i1) -> {T} "
        + "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        + body
        + "}\n"
    )


def test_region_names_are_not_visible_after_the_region() -> None:
    text = _func(
        "  scf.if %c {\n"
        "    %x = arith.constant 1 : index\n"
        "    scf.yield\n"
        "  }\n"
        "  %y = arith.addi %x, %x : index\n"
        f"  func.return %o : {T}\n"
    )
    with pytest.raises(ParseError) as err:
        parse_module(make_context(), text, "scope.mlir")
    assert "use of undeclared SSA value name %x" in str(err.value)
    assert err.value.span.get_location()[1] == 7  # the use, line 7


def test_a_name_freed_by_a_region_can_be_defined_again_and_outer_names_stay() -> None:
    text = _func(
        "  %n = arith.constant 7 : index\n"
        "  scf.if %c {\n"
        "    %x = arith.constant 1 : index\n"
        "    %m = arith.addi %n, %x : index\n"
        "    scf.if %c {\n"
        "      %z = arith.addi %m, %n : index\n"
        "      scf.yield\n"
        "    }\n"
        "    scf.yield\n"
        "  }\n"
        "  %x = arith.constant 2 : index\n"
        "  %w = arith.addi %x, %n : index\n"
        f"  %r = pto_orch.call @k(%a, %o) : ({T}, {T}) -> {T}\n"
        f"  func.return %r : {T}\n"
    )
    parser = LocatingParser(make_context(), text, "scope.mlir")
    module = parser.parse_module()
    verify_module(module)
    names = parser.ssa_values
    assert isinstance(names, _ScopedNames)
    # Only the function's own values are left when the function's region is closed too:
    # everything was scoped, nothing leaked out of a region.
    assert not any(n in names for n in ("x", "m", "z", "w", "n", "r"))
    adds = [op for op in module.walk() if op.name == "arith.addi"]
    assert [op.results[0].name_hint for op in adds] == ["m", "z", "w"]
    w = adds[2]
    assert w.operands[0].owner.value.value.data == 2  # the second %x, not the region's


def test_a_duplicate_name_in_the_same_scope_is_still_an_error() -> None:
    text = _func(
        "  scf.if %c {\n"
        "    %x = arith.constant 1 : index\n"
        "    %x = arith.constant 2 : index\n"
        "    scf.yield\n"
        "  }\n"
        f"  func.return %o : {T}\n"
    )
    with pytest.raises(ParseError) as err:
        parse_module(make_context(), text, "dup.mlir")
    assert "SSA value %x is already defined" in str(err.value)


def test_scoped_names_copy_is_a_mark_and_rollback_restores() -> None:
    names = _ScopedNames()
    names["a"] = (1,)
    mark = names.copy()
    names["b"] = (2,)
    names["a"] = (3,)  # an overwrite is undone too
    parser = LocatingParser(make_context(), "", "x.mlir")
    parser.ssa_values = names  # a plain map: adopted as the base scope
    base = parser.ssa_values
    base_mark = base.copy()
    base["c"] = (4,)
    parser.ssa_values = base_mark  # what xDSL does when a region closes
    assert dict(parser.ssa_values) == {"a": (3,), "b": (2,)}
    names.rollback(mark.length)
    assert dict(names) == {"a": (1,)}


def _call_module():  # type: ignore[no-untyped-def]
    text = _func(f"  %r = pto_orch.call @k(%a, %o) : ({T}, {T}) -> {T}\n  func.return %r : {T}\n")
    module = parse_module(make_context(), text, "lookup.mlir")
    verify_module(module)
    kernel = next(op for op in module.ops if isinstance(op, KernelOp))
    call = next(op for op in module.walk() if isinstance(op, CallOp))
    return module, kernel, call


def test_kernel_lookup_follows_a_rename() -> None:
    _, kernel, call = _call_module()
    assert call.kernel() is kernel
    kernel.sym_name = StringAttr("k2")
    with pytest.raises(VerifyException, match="'@k' does not name a kernel in this module"):
        call.kernel()
    kernel.sym_name = StringAttr("k")
    assert call.kernel() is kernel


def test_kernel_lookup_follows_removal_and_replacement() -> None:
    module, kernel, call = _call_module()
    assert call.kernel() is kernel
    block = module.body.block
    block.detach_op(kernel)
    with pytest.raises(VerifyException, match="does not name a kernel"):
        call.kernel()
    twin = kernel.clone()
    block.insert_op_before(twin, block.first_op)  # type: ignore[arg-type]
    assert call.kernel() is twin
    verify_module(module)


def test_symbol_table_collection_agrees_with_the_task_lookup() -> None:
    from xdsl.dialects.builtin import SymbolRefAttr

    from pypto_dialects.symbols import SymbolTableCollection

    _module, kernel, call = _call_module()
    symbols = SymbolTableCollection()
    assert call.kernel(symbols) is kernel is call.kernel()
    assert symbols.lookup_symbol(call, SymbolRefAttr("nothing")) is None
    assert symbols.lookup_symbol(call, SymbolRefAttr("k", ["x"])) is None  # xDSL's path
    with pytest.raises(VerifyException, match="'@f' is a 'func.func', not a pto_orch.kernel"):
        call.callee = SymbolRefAttr("f")
        call.kernel(symbols)


def test_the_verification_memo_lives_for_one_verification_only() -> None:
    from pypto_dialects.symbols import verifying

    module, kernel, _call = _call_module()
    assert verifying() is None
    kernel.sym_name = StringAttr("k2")  # the next verification sees the rename
    with pytest.raises(VerifyException, match="'@k' does not name a kernel in this module"):
        verify_module(module)
    assert verifying() is None


def test_the_driver_turns_the_gc_off_for_a_run_only(tmp_path: Path) -> None:
    from pypto_dialects.tools.pypto_opt import PyptoOptMain

    seen: list[bool] = []
    path = tmp_path / "in.mlir"
    path.write_text(_func(f"  func.return %o : {T}\n"))

    class Probe(PyptoOptMain):
        def apply_passes(self, prog):  # type: ignore[no-untyped-def]
            seen.append(gc.isenabled())
            super().apply_passes(prog)

    assert gc.isenabled()
    Probe(args=[str(path), "-o", str(tmp_path / "out.mlir")]).run()
    assert seen == [False]
    assert gc.isenabled()
    assert "func.func @f" in (tmp_path / "out.mlir").read_text()


def test_a_manual_scope_after_a_long_chain_of_ifs_batches_without_deep_recursion() -> None:
    """batch-tensor-allocations asks which buffers leave a manual scope; the walk stays inside
    the scope. It used to follow the whole chain of 1,500 if results before the scope, one
    Python frame pair per if, and failed with a RecursionError on bench's 10k-op program."""
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    lines = ["  %x0 = pto_orch.call @k(%a, %o) : (" + T + ", " + T + ") -> " + T + "\n"]
    n = 1500
    for i in range(n):
        lines.append(
            f"  %x{i + 1} = scf.if %c -> ({T}) {{\n    scf.yield %x{i} : {T}\n  }} else {{\n"
            f"    scf.yield %o : {T}\n  }}\n"
        )
    lines.append(
        f"  %m = pto_rt.scope manual -> ({T}) {{\n"
        f"    %t = pto_tensor.create : {T}\n"
        f"    %u, %tu = pto_orch.submit @k(%x{n}, %t) : ({T}, {T}) -> {T}\n"
        f"    %v, %tv = pto_orch.submit @k(%u, %x{n}) : ({T}, {T}) -> {T}\n"
        f"    pto_rt.yield %v : {T}\n  }}\n"
    )
    lines.append(f"  func.return %m : {T}\n")
    ctx = make_context()
    module = parse_module(ctx, _func("".join(lines)), "chain.mlir")
    Pto2Pipeline().apply(ctx, module)
    (batch,) = [op for op in module.walk() if op.name == "pto_tensor.alloc_tensors"]
    assert batch.parent_op().name == "pto_rt.scope"  # %t stays in the manual scope


def test_order_untracked_hazards_visits_a_task_once_per_loop_level() -> None:
    """A loop body is walked twice (loop-carried hazards) only outside the second walk of
    an enclosing loop: a task at depth d is visited d + 1 times, not 2^d (issue 26, item 4;
    bench/nest_depth.py prints the times)."""
    from bench.nest_depth import measure

    assert [measure(d)[2] for d in (1, 2, 8, 16)] == [2, 3, 9, 17]


def test_reused_unnamed_arith_values_print_in_linear_size(tmp_path: Path) -> None:
    """mlir-opt's output names no value (`%0`, `%1`): a chain of 30 values each used twice by
    the next was inlined at every use, doubling the text at each step (16.8 MB of C++ at
    20, a hang at 30). A reused expression longer than INLINE_LIMIT gets a variable."""
    from opt_runner import opt_ok

    lines = [
        "pto_orch.kernel @k aiv (out tensor<64xf32>, in i64) -> tensor<64xf32>",
        "func.func @f(%o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: i64) "
        "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {",
        "  %0 = arith.addi %p, %p : i64",
        *(f"  %{i} = arith.muli %{i - 1}, %{i - 1} : i64" for i in range(1, 30)),
        "  %o1 = pto_orch.call @k(out %o, scalar %29) : (tensor<64xf32>, i64) -> tensor<64xf32>",
        "  func.return",
        "}",
    ]
    path = tmp_path / "chain.mlir"
    path.write_text("\n".join(lines) + "\n")
    cpp = opt_ok(["-p", "pto2-pipeline", "-t", "pto2-cpp", str(path)])
    assert len(cpp) < 6000
    from support import model_header

    built = model_header.compile_check(cpp, "chain.cpp")
    assert built.returncode == 0, built.stderr
    current = opt_ok(["-p", "pto2-pipeline", "-t", "pto2-cpp{api=current}", str(path)])
    built = model_header.compile_check(current, "chain.cpp", generation="current")
    assert built.returncode == 0, built.stderr
    assert (
        "int64_t value_1 = (int64_t)(((uint64_t)value * (uint64_t)value) * "
        "((uint64_t)value * (uint64_t)value));" in cpp
    )
