"""Every op of every dialect our context loads is run by the interpreter or listed, with its
reason, in `pypto_dialects.interpreter.declarations.NOT_RUN`; and the values of `arith` (and
of the scf ops we add to xDSL's) are MLIR's, at the width edges: i1 (a signed 1-bit integer:
true is -1), i8 / i64 / index wrapping, unsigned division, floor/ceil division of negatives,
poison (division by zero, MIN / -1, oversized shifts, out-of-range fptosi / fptoui, broken
nsw / nuw flags) as a located error, f32 / f16 rounding. Coverage: docs/interpreter.md.

Integers come back as the interpreter holds them: xDSL keeps a signless value in the signed
range, so an i1 `true` is -1 and an i8 255 is -1 (`T` / `F` below).
"""

from __future__ import annotations

import math
import struct
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import InterpretationError

from opt_runner import EXAMPLES, OptResult, run_main
from pypto_dialects.context import make_context
from pypto_dialects.interpreter import make_interpreter, run_function
from pypto_dialects.interpreter.declarations import NOT_RUN, DeclarationFunctions
from pypto_dialects.parsing import parse_module, verify_module
from pypto_dialects.tools.pypto_run import main as pypto_run_main

T, F = -1, 0  # i1 true / false as interpreter values
NAN, INF = math.nan, math.inf
ORCH = "attributes {pto_orch.kind = #pto_orch.kind<orchestration>}"


# ---------------------------------------------------------------------------- coverage


def loaded_dialects():
    ctx = make_context()
    for name in ctx.registered_dialect_names:
        ctx.load_registered_dialect(name)
    return list(ctx.loaded_dialects)


def test_the_context_loads_exactly_these_dialects() -> None:
    # a new dialect is covered by test_every_op_is_run_or_excluded automatically; this pins
    # that nothing else (e.g. xDSL's `index`) is registered behind the list
    assert sorted(d.name for d in loaded_dialects()) == [
        "arith", "builtin", "func", "pto_orch", "pto_rt", "pto_system", "pto_tensor", "scf",
    ]


def test_every_op_is_run_or_excluded() -> None:
    impls = make_interpreter(ModuleOp([]), {})._impls  # xDSL's registered tables
    ops = {op.name: op for d in loaded_dialects() for op in d.operations}
    missing, stale = [], []
    for name, op in sorted(ops.items()):
        registered = impls._impl_dict.get(op)
        runs = (
            registered is not None and not isinstance(registered[0], DeclarationFunctions)
        ) or op in impls._callable_impl_dict
        if name in NOT_RUN:
            if runs:
                stale.append(name)
        elif not runs:
            missing.append(name)
    assert not missing, f"ops without an interpreter implementation: {missing}"
    assert not stale, f"ops listed in NOT_RUN that have an implementation: {stale}"
    assert set(NOT_RUN) <= set(ops), f"NOT_RUN names unknown ops: {set(NOT_RUN) - set(ops)}"
    assert all(len(reason) > 20 for reason in NOT_RUN.values())


def test_excluded_ops_are_documented() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "interpreter.md").read_text()
    for name in NOT_RUN:
        assert f"`{name}`" in doc, name


# ---------------------------------------------------------------------------- helpers


def calc(op: str, arg_types: list[str], result_types: str | list[str], *args):
    """Run `%r = <op>` on parameters `%a0, %a1, ...` in an orchestration function and return
    its result (a tuple for several)."""
    results = [result_types] if isinstance(result_types, str) else result_types
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(arg_types))
    lhs = "%r" if len(results) == 1 else f"%r:{len(results)}"
    names = ["%r"] if len(results) == 1 else [f"%r#{i}" for i in range(len(results))]
    text = (
        f"func.func @f({params}) -> ({', '.join(results)}) {ORCH} {{\n"
        f"  {lhs} = {op}\n"
        f"  func.return {', '.join(names)} : {', '.join(results)}\n"
        "}\n"
    )
    module = parse_module(make_context(), text, "t.mlir")
    verify_module(module)
    out = run_function(module, "f", list(args), {}).results
    return out[0] if len(results) == 1 else out


def binary(op: str, t: str, a, b, result: str | None = None):
    return calc(f"{op} %a0, %a1 : {t}", [t, t], result or t, a, b)


def cast(op: str, src: str, dst: str, a):
    return calc(f"{op} %a0 : {src} to {dst}", [src], dst, a)


def poison(match: str, fn, *args) -> None:
    with pytest.raises(InterpretationError, match=r"^t\.mlir:2:3: error: '[a-z_.]+' op .*" + match):
        fn(*args)


def same_float(got: float, want: float) -> bool:
    """Equal, with NaN == NaN and -0.0 != +0.0."""
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1, got) == math.copysign(1, want)


# ---------------------------------------------------------------------------- integers


@pytest.mark.parametrize(
    ("op", "t", "a", "b", "want"),
    [
        ("addi", "i8", 127, 1, -128),
        ("addi", "i8", -128, -1, 127),
        ("addi", "i1", T, T, F),  # true + true wraps to false
        ("addi", "i1", T, F, T),
        ("addi", "i16", 32767, 1, -32768),
        ("addi", "i32", 2**31 - 1, 1, -(2**31)),
        ("addi", "i64", 2**63 - 1, 1, -(2**63)),
        ("addi", "index", 2**63 - 1, 2, -(2**63) + 1),
        ("subi", "i8", -128, 1, 127),
        ("subi", "i1", F, T, T),
        ("subi", "i64", -(2**63), 1, 2**63 - 1),
        ("muli", "i8", 16, 16, 0),
        ("muli", "i8", 100, 3, 44),
        ("muli", "i8", -128, -1, -128),
        ("muli", "i1", T, T, T),
        ("muli", "i64", 2**62, 4, 0),
        ("muli", "index", 2**32, 2**32 + 1, 2**32),
        ("andi", "i8", -1, 15, 15),
        ("ori", "i8", -128, 1, -127),
        ("xori", "i1", T, T, F),
        ("xori", "i64", -1, 2**63 - 1, -(2**63)),
        ("maxsi", "i8", -1, 1, 1),
        ("minsi", "i8", -1, 1, -1),
        ("maxui", "i8", -1, 1, -1),  # 255
        ("minui", "i8", -1, 1, 1),
        ("maxsi", "i1", T, F, F),  # true is -1
        ("maxui", "i1", T, F, T),
        ("maxui", "i64", -(2**63), 2**63 - 1, -(2**63)),
        ("minsi", "index", -(2**63), 0, -(2**63)),
    ],
)
def test_integer_arithmetic_wraps(op: str, t: str, a: int, b: int, want: int) -> None:
    assert binary(f"arith.{op}", t, a, b) == want


@pytest.mark.parametrize(
    ("op", "t", "a", "b", "want"),
    [
        ("divsi", "i32", -7, 2, -3),
        ("divsi", "i32", 7, -2, -3),
        ("divsi", "i32", -7, -2, 3),
        ("divsi", "i8", -128, 2, -64),
        ("divsi", "i1", F, T, F),
        ("divui", "i8", -1, 2, 127),  # 255 / 2
        ("divui", "i8", -128, 2, 64),  # 128 / 2
        ("divui", "i64", -1, 2, 2**63 - 1),
        ("divui", "i1", T, T, T),
        ("remsi", "i32", -7, 2, -1),
        ("remsi", "i32", 7, -2, 1),
        ("remsi", "i8", -128, -1, 0),  # MLIR's folder: only division by zero is undefined
        ("remui", "i8", -1, 10, 5),  # 255 % 10
        ("remui", "i8", -128, 3, 2),
        ("ceildivsi", "i32", 7, 2, 4),
        ("ceildivsi", "i32", -7, 2, -3),
        ("ceildivsi", "i32", 7, -2, -3),
        ("ceildivsi", "i32", -7, -2, 4),
        ("ceildivsi", "i32", 6, 3, 2),
        ("ceildivsi", "i8", -128, 1, -128),
        ("ceildivui", "i8", -1, 2, -128),  # ceil(255 / 2) = 128
        ("ceildivui", "i32", 7, 2, 4),
        ("ceildivui", "i32", 0, 5, 0),
        ("ceildivui", "i32", -7, 2, 2**31 - 3),  # ceil((2^32 - 7) / 2)
        ("floordivsi", "i32", -7, 2, -4),
        ("floordivsi", "i32", 7, -2, -4),
        ("floordivsi", "i32", -7, -2, 3),
        ("floordivsi", "i32", 7, 2, 3),
        ("floordivsi", "index", -1, 2**62, -1),
    ],
)
def test_integer_division(op: str, t: str, a: int, b: int, want: int) -> None:
    assert binary(f"arith.{op}", t, a, b) == want


@pytest.mark.parametrize(
    "op", ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"]
)
def test_division_by_zero_is_poison(op: str) -> None:
    poison("divides 7 by zero: the result is poison", binary, f"arith.{op}", "i32", 7, 0)


@pytest.mark.parametrize("op", ["divsi", "ceildivsi", "floordivsi"])
@pytest.mark.parametrize(("t", "low"), [("i8", -128), ("i64", -(2**63)), ("i1", T)])
def test_signed_division_overflow_is_poison(op: str, t: str, low: int) -> None:
    poison("by -1: the quotient .* overflows", binary, f"arith.{op}", t, low, -1)


@pytest.mark.parametrize(
    ("op", "t", "a", "b", "want"),
    [
        ("shli", "i8", 1, 7, -128),
        ("shli", "i8", 3, 7, -128),
        ("shli", "i64", 1, 63, -(2**63)),
        ("shli", "i1", T, F, T),
        ("shrsi", "i8", -128, 7, -1),
        ("shrsi", "i8", -1, 3, -1),
        ("shrsi", "i8", 64, 2, 16),
        ("shrui", "i8", -128, 7, 1),
        ("shrui", "i8", -1, 4, 15),
        ("shrui", "i64", -1, 63, 1),
        ("shrui", "index", -1, 1, 2**63 - 1),
        ("shrsi", "i1", T, F, T),
    ],
)
def test_shifts(op: str, t: str, a: int, b: int, want: int) -> None:
    assert binary(f"arith.{op}", t, a, b) == want


@pytest.mark.parametrize("op", ["shli", "shrsi", "shrui"])
@pytest.mark.parametrize(
    ("t", "amount", "shown"), [("i8", 8, 8), ("i8", -1, 255), ("i1", T, 1), ("i64", 64, 64)]
)
def test_oversized_shift_is_poison(op: str, t: str, amount: int, shown: int) -> None:
    poison(f"shifts {t} by {shown} bits: the result is poison", binary, f"arith.{op}", t, 1, amount)


@pytest.mark.parametrize(
    ("op", "flags", "a", "b", "want"),
    [
        ("addi", "nsw", 100, 27, 127),
        ("addi", "nuw", -2, 1, -1),  # 254 + 1 = 255
        ("subi", "nsw", -127, 1, -128),
        ("muli", "nsw", -64, 2, -128),
        ("shli", "nsw", -64, 1, -128),
        ("shli", "nuw", 64, 1, -128),  # 128
    ],
)
def test_overflow_flags_kept(op: str, flags: str, a: int, b: int, want: int) -> None:
    assert calc(f"arith.{op} %a0, %a1 overflow<{flags}> : i8", ["i8", "i8"], "i8", a, b) == want


@pytest.mark.parametrize(
    ("op", "flags", "a", "b"),
    [
        ("addi", "nsw", 127, 1),
        ("addi", "nuw", -1, 1),  # 255 + 1
        ("subi", "nuw", 0, 1),
        ("subi", "nsw", -128, 1),
        ("muli", "nsw", 16, 8),
        ("muli", "nuw", 16, 16),
        ("shli", "nsw", 64, 1),
        ("shli", "nuw", -128, 1),
        ("addi", "nsw, nuw", 100, 100),  # 200: fits unsigned, not signed
    ],
)
def test_broken_overflow_flag_is_poison(op: str, flags: str, a: int, b: int) -> None:
    poison(
        "overflows .* i8 under the '(nsw|nuw)' flag: the result is poison",
        calc, f"arith.{op} %a0, %a1 overflow<{flags}> : i8", ["i8", "i8"], "i8", a, b,
    )


@pytest.mark.parametrize(
    ("op", "a", "b", "want"),
    [
        ("addui_extended", 200, 100, (44, T)),
        ("addui_extended", 1, 1, (2, F)),
        ("addui_extended", -1, 1, (0, T)),
    ],
)
def test_addui_extended(op: str, a: int, b: int, want: tuple) -> None:
    assert calc(f"arith.{op} %a0, %a1 : i8, i1", ["i8", "i8"], ["i8", "i1"], a, b) == want


@pytest.mark.parametrize(
    ("op", "a", "b", "want"),
    [
        ("mului_extended", -1, -1, (1, -2)),  # 255 * 255 = 0xFE01
        ("mulsi_extended", -1, -1, (1, 0)),
        ("mulsi_extended", -128, -128, (0, 64)),  # 0x4000
        ("mulsi_extended", -128, 127, (-128, -64)),  # -16256 = 0xC080
        ("mului_extended", -128, 2, (0, 1)),  # 256
    ],
)
def test_extended_multiplication(op: str, a: int, b: int, want: tuple) -> None:
    assert calc(f"arith.{op} %a0, %a1 : i8", ["i8", "i8"], ["i8", "i8"], a, b) == want


CMPI_I8 = {  # -1 (255 unsigned) against 1
    "eq": F, "ne": T, "slt": T, "sle": T, "sgt": F, "sge": F,
    "ult": F, "ule": F, "ugt": T, "uge": T,
}
CMPI_I1 = {  # true (-1 signed, 1 unsigned) against false
    "eq": F, "ne": T, "slt": T, "sle": T, "sgt": F, "sge": F,
    "ult": F, "ule": F, "ugt": T, "uge": T,
}


@pytest.mark.parametrize("pred", CMPI_I8)
def test_cmpi_i8(pred: str) -> None:
    assert calc(f"arith.cmpi {pred}, %a0, %a1 : i8", ["i8", "i8"], "i1", -1, 1) == CMPI_I8[pred]


@pytest.mark.parametrize("pred", CMPI_I1)
def test_cmpi_i1(pred: str) -> None:
    assert calc(f"arith.cmpi {pred}, %a0, %a1 : i1", ["i1", "i1"], "i1", T, F) == CMPI_I1[pred]


def test_cmpi_index_and_i64_extremes() -> None:
    lo, hi = -(2**63), 2**63 - 1
    assert calc("arith.cmpi slt, %a0, %a1 : index", ["index", "index"], "i1", lo, hi) == T
    assert calc("arith.cmpi ult, %a0, %a1 : i64", ["i64", "i64"], "i1", lo, hi) == F


@pytest.mark.parametrize(("cond", "want"), [(T, 7), (F, -3)])
def test_select(cond: int, want: int) -> None:
    op = "arith.select %a0, %a1, %a2 : i8"
    assert calc(op, ["i1", "i8", "i8"], "i8", cond, 7, -3) == want


@pytest.mark.parametrize(
    ("op", "src", "dst", "a", "want"),
    [
        ("extsi", "i1", "i64", T, -1),
        ("extsi", "i8", "i32", -128, -128),
        ("extsi", "i32", "i64", 2**31 - 1, 2**31 - 1),
        ("extui", "i1", "i8", T, 1),
        ("extui", "i8", "i32", -1, 255),
        ("extui", "i32", "i64", -(2**31), 2**31),
        ("trunci", "i32", "i8", 300, 44),
        ("trunci", "i32", "i8", 128, -128),
        ("trunci", "i64", "i1", -1, T),
        ("trunci", "i32", "i1", 2, F),
        ("index_cast", "index", "i32", 2**40 + 5, 5),
        ("index_cast", "index", "i8", 200, -56),
        ("index_cast", "i32", "index", -1, -1),
        ("index_cast", "i1", "index", T, -1),  # sign-extends
        ("index_castui", "index", "i32", 2**40 + 5, 5),
        ("index_castui", "index", "i8", 200, -56),
        ("index_castui", "index", "i64", -1, -1),
        ("index_castui", "i32", "index", -1, 2**32 - 1),  # zero-extends
        ("index_castui", "i8", "index", -128, 128),
        ("index_castui", "i1", "index", T, 1),
        ("index_castui", "i64", "index", -(2**63), -(2**63)),
    ],
)
def test_integer_casts(op: str, src: str, dst: str, a: int, want: int) -> None:
    assert cast(f"arith.{op}", src, dst, a) == want


def test_constants_hold_the_signed_value() -> None:
    text = f"""func.func @f() -> (i8, i1, index, f32) {ORCH} {{
  %a = arith.constant 200 : i8
  %b = arith.constant true
  %c = arith.constant -5 : index
  %d = arith.constant 0.1 : f32
  func.return %a, %b, %c, %d : i8, i1, index, f32
}}"""
    module = parse_module(make_context(), text, "t.mlir")
    assert run_function(module, "f", [], {}).results == (-56, T, -5, float(np.float32(0.1)))


def test_random_i64_and_i8_against_modular_arithmetic() -> None:
    rng = np.random.default_rng(3)
    for t, n in (("i8", 8), ("i64", 64)):
        text = f"""func.func @f(%a: {t}, %b: {t}) -> ({t}, {t}, {t}, {t}) {ORCH} {{
  %s = arith.addi %a, %b : {t}
  %d = arith.subi %a, %b : {t}
  %p = arith.muli %a, %b : {t}
  %q = arith.divui %a, %b : {t}
  func.return %s, %d, %p, %q : {t}, {t}, {t}, {t}
}}"""
        module = parse_module(make_context(), text, "t.mlir")
        wrap = lambda v: (v + 2 ** (n - 1)) % 2**n - 2 ** (n - 1)  # noqa: E731
        for _ in range(50):
            a, b = (int(x) for x in rng.integers(-(2 ** (n - 1)), 2 ** (n - 1), 2, dtype=np.int64))
            b = b or 1
            got = run_function(module, "f", [a, b], {}).results
            assert got == (wrap(a + b), wrap(a - b), wrap(a * b), wrap((a % 2**n) // (b % 2**n)))


# ---------------------------------------------------------------------------- floats


F32 = lambda x: float(np.float32(x))  # noqa: E731
F16 = lambda x: float(np.float16(x))  # noqa: E731


@pytest.mark.parametrize(
    ("op", "t", "a", "b", "want"),
    [
        ("addf", "f32", 16777216.0, 1.0, 16777216.0),  # 2^24 + 1 rounds to even in f32
        ("addf", "f32", 0.1, 0.2, F32(np.float32(0.1) + np.float32(0.2))),
        ("addf", "f64", 0.1, 0.2, 0.1 + 0.2),
        ("addf", "f16", 2048.0, 1.0, 2048.0),
        ("addf", "f32", 3.4e38, 3.4e38, INF),
        ("addf", "f32", INF, -INF, NAN),
        ("subf", "f32", 1.0, 2.0**-30, 1.0),
        ("subf", "f16", 0.0, 0.0, 0.0),
        ("mulf", "f32", 1 + 2.0**-12, 1 + 2.0**-12, 1 + 2.0**-11),  # 1 + 2^-11 + 2^-24: tie
        ("mulf", "f32", 1e20, 1e20, INF),
        ("mulf", "f16", 300.0, 300.0, INF),
        ("mulf", "f32", -0.0, 5.0, -0.0),
        ("divf", "f32", 1.0, 3.0, F32(np.float32(1) / np.float32(3))),
        ("divf", "f16", 1.0, 3.0, F16(np.float16(1) / np.float16(3))),
        ("divf", "f64", 1.0, 3.0, 1 / 3),
        ("divf", "f32", 1.0, 0.0, INF),
        ("divf", "f32", -1.0, 0.0, -INF),
        ("divf", "f32", 1.0, -0.0, -INF),
        ("divf", "f32", 0.0, 0.0, NAN),
        ("divf", "f32", NAN, 0.0, NAN),
        ("divf", "f32", 1e-30, 1e30, 0.0),  # underflows f32
        ("maximumf", "f32", NAN, 1.0, NAN),
        ("maximumf", "f32", -0.0, 0.0, 0.0),
        ("minimumf", "f32", 0.0, -0.0, -0.0),
        ("minimumf", "f32", 1.0, NAN, NAN),
        ("maxnumf", "f32", NAN, 1.0, 1.0),
        ("maxnumf", "f32", 1.0, NAN, 1.0),
        ("maxnumf", "f32", -0.0, 0.0, 0.0),
        ("maxnumf", "f32", 0.0, -0.0, 0.0),
        ("maxnumf", "f64", NAN, NAN, NAN),
        ("maxnumf", "f32", -2.0, 1.0, 1.0),
        ("minnumf", "f32", NAN, 1.0, 1.0),
        ("minnumf", "f32", 0.0, -0.0, -0.0),
        ("minnumf", "f16", -2.0, 1.0, -2.0),
    ],
)
def test_float_arithmetic(op: str, t: str, a: float, b: float, want: float) -> None:
    assert same_float(binary(f"arith.{op}", t, a, b), want)


@pytest.mark.parametrize(("t", "a", "want"), [("f32", 0.0, -0.0), ("f64", -INF, INF), ("f16", 1.5, -1.5)])
def test_negf(t: str, a: float, want: float) -> None:
    assert same_float(calc(f"arith.negf %a0 : {t}", [t], t, a), want)


def test_negf_of_nan_is_nan() -> None:
    assert math.isnan(calc("arith.negf %a0 : f32", ["f32"], "f32", NAN))


@pytest.mark.parametrize(("t", "np_type"), [("f32", np.float32), ("f16", np.float16)])
def test_random_floats_round_like_numpy(t: str, np_type) -> None:  # type: ignore[no-untyped-def]
    text = f"""func.func @f(%a: {t}, %b: {t}) -> ({t}, {t}, {t}, {t}) {ORCH} {{
  %s = arith.addf %a, %b : {t}
  %d = arith.subf %a, %b : {t}
  %p = arith.mulf %a, %b : {t}
  %q = arith.divf %a, %b : {t}
  func.return %s, %d, %p, %q : {t}, {t}, {t}, {t}
}}"""
    module = parse_module(make_context(), text, "t.mlir")
    rng = np.random.default_rng(11)
    with np.errstate(all="ignore"):
        for _ in range(100):
            a, b = (np_type(x) for x in rng.standard_normal(2) * 10.0 ** rng.integers(-3, 4, 2))
            got = run_function(module, "f", [float(a), float(b)], {}).results
            assert got == tuple(float(v) for v in (a + b, a - b, a * b, a / b))


CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
        "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]
CMPF_WANT = {  # predicate: (1 vs 2, 2 vs 2, 1 vs NaN)
    "false": (F, F, F), "oeq": (F, T, F), "ogt": (F, F, F), "oge": (F, T, F),
    "olt": (T, F, F), "ole": (T, T, F), "one": (T, F, F), "ord": (T, T, F),
    "ueq": (F, T, T), "ugt": (F, F, T), "uge": (F, T, T), "ult": (T, F, T),
    "ule": (T, T, T), "une": (T, F, T), "uno": (F, F, T), "true": (T, T, T),
}


@pytest.mark.parametrize("pred", CMPF)
def test_cmpf_all_predicates(pred: str) -> None:
    op = f"arith.cmpf {pred}, %a0, %a1 : f32"
    pairs = ((1.0, 2.0), (2.0, 2.0), (1.0, NAN))
    got = tuple(calc(op, ["f32", "f32"], "i1", a, b) for a, b in pairs)
    assert got == CMPF_WANT[pred]


@pytest.mark.parametrize(
    ("op", "src", "dst", "a", "want"),
    [
        ("sitofp", "i1", "f32", T, -1.0),
        ("sitofp", "i8", "f32", -128, -128.0),
        ("sitofp", "i32", "f32", 16777217, 16777216.0),  # tie to even
        ("sitofp", "i32", "f32", 16777219, 16777220.0),
        # one rounding of the integer: through f64 first would give 2^60 (a tie, then even)
        ("sitofp", "i64", "f32", 2**60 + 2**36 + 1, float(2**60 + 2**37)),
        ("sitofp", "i64", "f64", 2**63 - 1, 2.0**63),
        ("sitofp", "i64", "f16", 65519, 65504.0),
        ("sitofp", "i64", "f16", 65520, INF),
        ("sitofp", "i64", "f16", -(2**63), -INF),
        ("sitofp", "i64", "bf16", 257, 256.0),
        ("uitofp", "i8", "f32", -1, 255.0),
        ("uitofp", "i1", "f32", T, 1.0),
        ("uitofp", "i64", "f32", -1, 2.0**64),
        ("uitofp", "i64", "f64", -1, 2.0**64),
        ("fptosi", "f32", "i32", -2.7, -2),
        ("fptosi", "f32", "i32", 2.7, 2),
        ("fptosi", "f64", "i8", 127.9, 127),
        ("fptosi", "f64", "i8", -128.9, -128),
        ("fptosi", "f32", "i32", -(2.0**31), -(2**31)),
        ("fptosi", "f64", "i64", 9.2e18, 9200000000000000000),
        ("fptosi", "f64", "i1", -1.0, T),
        ("fptosi", "f64", "i1", 0.99, F),
        ("fptosi", "f32", "i32", -0.0, 0),
        ("fptoui", "f64", "i8", 255.9, -1),  # 255
        ("fptoui", "f64", "i8", -0.5, 0),
        ("fptoui", "f64", "i64", 1.8e19, 18000000000000000000 - 2**64),
        ("fptoui", "f32", "i32", 4294967040.0, 4294967040 - 2**32),
        ("fptoui", "f64", "i1", 1.0, T),
        ("extf", "f16", "f32", 0.1, F16(0.1)),
        ("extf", "f32", "f64", 0.1, F32(0.1)),
        ("extf", "bf16", "f32", 1.0, 1.0),
        ("truncf", "f64", "f32", 0.1, F32(0.1)),
        ("truncf", "f64", "f32", 1e40, INF),
        ("truncf", "f64", "f32", 1 + 2.0**-24, 1.0),  # tie to even
        ("truncf", "f64", "f32", 1 + 3 * 2.0**-24, 1 + 2.0**-22),
        ("truncf", "f32", "f16", 65520.0, INF),
        ("truncf", "f32", "f16", 65519.0, 65504.0),
        ("truncf", "f32", "bf16", 1 + 2.0**-8, 1.0),
        ("truncf", "f64", "f16", -1e-10, -0.0),
    ],
)
def test_conversions(op: str, src: str, dst: str, a, want) -> None:  # type: ignore[no-untyped-def]
    got = cast(f"arith.{op}", src, dst, a)
    assert same_float(got, want) if isinstance(want, float) else got == want


@pytest.mark.parametrize(
    ("op", "src", "dst", "a"),
    [
        ("fptosi", "f64", "i8", 128.0),
        ("fptosi", "f64", "i8", -129.0),
        ("fptosi", "f32", "i32", 2.0**31),
        ("fptosi", "f64", "i64", 2.0**63),
        ("fptosi", "f64", "i1", 1.0),
        ("fptosi", "f32", "i32", NAN),
        ("fptosi", "f32", "i32", INF),
        ("fptoui", "f64", "i8", 256.0),
        ("fptoui", "f64", "i8", -1.0),
        ("fptoui", "f64", "i64", 2.0**64),
        ("fptoui", "f64", "i1", 2.0),
        ("fptoui", "f32", "i32", -INF),
    ],
)
def test_out_of_range_float_to_int_is_poison(op: str, src: str, dst: str, a: float) -> None:
    poison(f"converts .* to {dst}.*: the result is poison", cast, f"arith.{op}", src, dst, a)


@pytest.mark.parametrize(
    ("src", "dst", "a", "want"),
    [
        ("f32", "i32", 1.0, 0x3F800000),
        ("f32", "i32", -0.0, -(2**31)),
        ("i32", "f32", 0x7F800000, INF),
        ("f16", "i16", 1.0, 0x3C00),
        ("bf16", "i16", 1.0, 0x3F80),
        ("i16", "bf16", 0x3F80, 1.0),
        ("f64", "i64", -2.0, -(2**62)),  # 0xC000000000000000
        ("i64", "f64", 0x3FF0000000000000, 1.0),
        ("i64", "index", -1, -1),
        ("index", "i64", 2**63 - 1, 2**63 - 1),
        ("i8", "i8", -3, -3),
    ],
)
def test_bitcast(src: str, dst: str, a, want) -> None:  # type: ignore[no-untyped-def]
    got = cast("arith.bitcast", src, dst, a)
    assert same_float(got, want) if isinstance(want, float) else got == want


def test_bitcast_of_a_quiet_nan_round_trips() -> None:
    text = f"""func.func @f(%a: i32) -> i32 {ORCH} {{
  %f = arith.bitcast %a : i32 to f32
  %i = arith.bitcast %f : f32 to i32
  func.return %i : i32
}}"""
    module = parse_module(make_context(), text, "t.mlir")
    bits = struct.unpack("<i", struct.pack("<I", 0xFFC00123))[0]
    assert run_function(module, "f", [bits], {}).results == (bits,)


# ---------------------------------------------------------------------------- refusals


def run_text(text: str, *args):
    module = parse_module(make_context(), text, "t.mlir")
    verify_module(module)
    return run_function(module, "f", list(args), {})


def test_tensor_arith_is_refused_with_a_location() -> None:
    text = f"""pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32> {{pto_orch.dir = #pto_orch.dir<out>}}) {ORCH} {{
  %s = arith.addf %a, %a : tensor<4xf32>
  %b1 = pto_orch.call @k(%s, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}}"""
    with pytest.raises(
        InterpretationError,
        match=r"^t\.mlir:3:3: error: 'arith.addf' op operates on tensor<4xf32>: .*scalars only",
    ):
        run_text(text, np.ones(4, np.float32))


def test_unsupported_float_type_is_refused_with_a_location() -> None:
    text = f"""func.func @f() -> f8E5M2 {ORCH} {{
  %c = arith.constant 1.0 : f8E5M2
  func.return %c : f8E5M2
}}"""
    with pytest.raises(InterpretationError, match=r"^t\.mlir:2:3: error: .*computes in f8E5M2"):
        run_text(text)


@pytest.mark.parametrize(
    ("decl", "what"),
    [
        ("pto_orch.kernel @k aiv (in tensor<4xf32>) -> ()", "the kernel @k"),
        ("builtin.module {\n  }", "a module"),
        ("func.func @g() {\n    func.return\n  }", "the function @g"),
    ],
)
def test_a_declaration_in_a_body_is_refused_with_a_location(decl: str, what: str) -> None:
    text = f"""func.func @f() {ORCH} {{
  {decl}
  func.return
}}"""
    with pytest.raises(
        InterpretationError, match=rf"^t\.mlir:2:3: error: '[a-z_.]+' op declares {what} inside"
    ):
        run_text(text)


# ---------------------------------------------------------------------------- scf additions


def test_execute_region() -> None:
    text = f"""func.func @f(%n: i64) -> i64 {ORCH} {{
  %r = scf.execute_region -> i64 {{
    %c = arith.constant 1 : i64
    %s = arith.addi %n, %c : i64
    scf.yield %s : i64
  }}
  func.return %r : i64
}}"""
    assert run_text(text, 41).results == (42,)


PARALLEL = f"""func.func @f(%n: index, %m: index) -> (index, index) {ORCH} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %r:2 = "scf.parallel"(%c0, %c0, %n, %m, %c1, %c1, %c0, %c100) <{{operandSegmentSizes = array<i32: 2, 2, 2, 2>}}> ({{
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %m : index
    %ij = arith.addi %k, %j : index
    scf.reduce(%ij, %ij : index, index) {{
    ^bb1(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      scf.reduce.return %s : index
    }}, {{
    ^bb2(%a: index, %b: index):
      %x = arith.maxsi %a, %ij : index
      scf.reduce.return %x : index
    }}
  }}) : (index, index, index, index, index, index, index, index) -> (index, index)
  func.return %r#0, %r#1 : index, index
}}"""


def test_parallel_folds_every_iteration_into_the_init_value() -> None:
    # sum of 0..n*m-1, and max(100, every %ij) (the second region reads the iteration's %ij)
    assert run_text(PARALLEL, 3, 4).results == (66, 100)
    assert run_text(PARALLEL.replace("%c100) <{", "%c0) <{"), 3, 4).results == (66, 11)
    assert run_text(PARALLEL, 0, 4).results == (0, 100)  # no iteration: the init values


# ---------------------------------------------------------------------------- pypto-run


FPTOSI = """pto_orch.kernel @kernel_stripe aiv (in tensor<32x16xf32>, in index, in f32, out tensor<32x16xf32>) -> tensor<32x16xf32>

func.func @stripe(%data: tensor<32x16xf32>, %out: tensor<32x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %pos: f32) -> tensor<32x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = arith.fptosi %pos : f32 to i64
  %row = arith.index_cast %r : i64 to index
  %two = arith.constant 2.0 : f32
  %o = pto_orch.call @kernel_stripe(%data, %row, %two, %out) : (tensor<32x16xf32>, index, f32, tensor<32x16xf32>) -> tensor<32x16xf32>
  func.return %o : tensor<32x16xf32>
}
"""


def run_cli(args: list) -> OptResult:  # type: ignore[type-arg]
    return run_main(pypto_run_main, args)


@pytest.mark.parametrize("passes", [[], ["-p", "pto2-pipeline"]], ids=["raw", "piped"])
def test_pypto_run_runs_fptosi(tmp_path: Path, passes: list[str]) -> None:
    program = tmp_path / "stripe.mlir"
    program.write_text(FPTOSI)
    data = np.arange(32 * 16, dtype=np.float32).reshape(32, 16)
    np.save(tmp_path / "data.npy", data)
    out = tmp_path / "out"
    res = run_cli([
        program, *passes, "--kernels", EXAMPLES / "kernels.py", "--arg",
        f"data={tmp_path / 'data.npy'}", "--arg", "pos=16.9", "--out", out,
    ])
    assert res.status == 0, res.err
    assert res.out.startswith("@stripe: 1 tasks,")
    want = np.zeros_like(data)
    want[16:] = 2 * data[16:]  # fptosi 16.9 = 16
    np.testing.assert_array_equal(np.load(out / "out.npy"), want)

    res = run_cli([
        program, *passes, "--kernels", EXAMPLES / "kernels.py", "--arg",
        f"data={tmp_path / 'data.npy'}", "--arg", "pos=1e30",
    ])
    assert res.status == 1
    assert res.err.startswith(
        f"{program}:4:3: error: 'arith.fptosi' op converts 1.0000000150474662e+30 to i64: "
        "1000000015047466219876688855040 is outside its signed range: the result is poison"
    )
