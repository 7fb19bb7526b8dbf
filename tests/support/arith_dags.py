"""Random `arith` expression DAGs and their reference values, for the three-way differential
of orchestration-level scalar arithmetic (issue 30; the legs that run them are in
tests/support/arith_programs.py).

    sample = generate(seed, count)       # `count` DAGs over a parameter pool, `SETS` value sets
    refs = fold_references(sample)       # (DAG, value set) -> every node's value, or None

An expression DAG computes one value of one of the types i1, i8, i16, i32, i64, index, f32,
f64 from parameters (a pool of typed function parameters shared by the sample) and constants,
through every op the printer accepts. Constants sit at the edges (0, +-1, the limits, shift
amounts around the width, values near FLT_MAX and in its last ulps, denormals, infinities,
NaN, float values at the integer limits); so do parameter values. Values are kept as bit
patterns (`encode`, `show`, `same`).

The reference: for every (DAG, value set) a function whose parameters are constants and which
returns the value of every node (floats through `arith.bitcast`, so the fold prints bits);
`mlir-opt --canonicalize` folds it. An expression is compared only when every node folded to a
constant: an op mlir-opt leaves unfolded (a division by zero, a shift by the width or more, an
out-of-range fptosi, ...: MLIR's poison and undefined behaviour) or folds to `ub.poison`
drops the expression, and so does an expression the reference cannot judge (`UNJUDGED`: a
known upstream folding bug, the bits of a NaN).

Agreement is bit for bit, except that any NaN equals any NaN: MLIR (like LLVM) leaves the
sign and payload of a NaN that arithmetic produces unspecified (x86 produces 0xFFC00000,
APFloat 0x7FC00000).
"""

from __future__ import annotations

import math
import random
import re
import struct
import subprocess
from dataclasses import dataclass
from typing import Any

MLIR_OPT = "/usr/lib/llvm-19/bin/mlir-opt"

INT_TYPES = ("i1", "i8", "i16", "i32", "i64", "index")
FLOAT_TYPES = ("f32", "f64")
TYPES = INT_TYPES + FLOAT_TYPES
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64, "f32": 32, "f64": 64}
PLAIN_INTS = ("i1", "i8", "i16", "i32", "i64")  # signless integer types (no index)

INT_BINARY = (
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui",
    "floordivsi", "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "minsi", "maxui",
    "minui",
)
FLOAT_BINARY = ("addf", "subf", "mulf", "divf", "maxnumf", "minnumf", "maximumf", "minimumf")
CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
)
CASTS = (
    "extsi", "extui", "trunci", "index_cast", "index_castui", "sitofp", "uitofp", "fptosi",
    "fptoui", "extf", "truncf", "bitcast",
)
OPS = INT_BINARY + FLOAT_BINARY + ("negf", "cmpi", "cmpf", "select") + CASTS
"""Every arith op the generator uses (all the printer accepts but `constant`, which every
DAG has)."""

SETS = 3
"""Parameter value sets per sample (the C++ binary runs once per set)."""

POOL_PER_TYPE = 3
"""Parameters per type in the pool (i1 has 2)."""

UNJUDGED = {
    "maxnumf/minnumf with a NaN operand": (
        "mlir-opt 19 folds maxnumf/minnumf like maximumf/minimumf (a NaN operand wins), "
        "contrary to the op's definition (the other operand wins): llvm/llvm-project#114594, "
        "fixed in LLVM 20"
    ),
    "bitcast of a NaN to an integer": (
        "the sign and payload of a NaN that arithmetic produces are unspecified (MLIR follows "
        "LLVM; x86 makes 0xfff8..., APFloat 0x7ff8... and keeps payloads), and a bitcast "
        "shows them"
    ),
}
"""Expressions the reference cannot judge: name -> reason. They are dropped, and counted."""


# ---------------------------------------------------------------------------- values

MASK64 = (1 << 64) - 1


def to_signed(v: int, width: int) -> int:
    v &= (1 << width) - 1
    return v - (1 << width) if v >> (width - 1) else v


def f32_of(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def f64_of(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", bits & MASK64))[0]


def bits_of(x: float, t: str) -> int:
    """The bit pattern of the float `x` (exact in type `t`) as `t`."""
    if t == "f64":
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    if math.isnan(x):
        d = struct.unpack("<Q", struct.pack("<d", x))[0]
        return ((d >> 32) & 0x80000000) | 0x7F800000 | ((d >> 29) & 0x7FFFFF) | 0x400000
    return struct.unpack("<I", struct.pack("<f", x))[0]


def float_of(bits: int, t: str) -> float:
    return f32_of(bits) if t == "f32" else f64_of(bits)


def is_nan(t: str, v: int) -> bool:
    return t in FLOAT_TYPES and math.isnan(float_of(v, t))


def slot_bits(t: str, v: int) -> int:
    """The 64-bit kernel-scalar slot of value `v` (ints signed, i1 as 0/-1, floats as bits) as
    the C++ passes it: integers sign-extended, i1 as 0/1, floats zero-extended."""
    if t == "i1":
        return 1 if v else 0
    if t in FLOAT_TYPES:
        return v
    return v & MASK64


def same(t: str, want: int, got: int) -> bool:
    """Bit equality of two values of type `t` in our encoding; any NaN equals any NaN."""
    if want == got:
        return True
    return is_nan(t, want) and is_nan(t, got)


def show(t: str, v: int) -> str:
    if t in FLOAT_TYPES:
        digits = 8 if t == "f32" else 16
        return f"{float_of(v, t)!r} (0x{v:0{digits}x})"
    if t == "i1":
        return "true" if v else "false"
    return str(v)


def _int_edges(width: int) -> list[int]:
    if width == 1:
        return [0, -1]
    lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
    vals = [0, 1, -1, 2, -2, 3, 7, -7, lo, hi, lo + 1, hi - 1, width - 1, width, width + 1,
            1 << (width // 2), 100 % (hi + 1), -100 % (hi + 1) - (hi + 1) // 2]
    return [to_signed(v, width) for v in vals]


_F32_EDGES = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0.1, -0.1, 100.0, 1e-45, -1e-45,
    1.1754942e-38, 1.17549435e-38, 3.4028235e38, -3.4028235e38, math.inf, -math.inf, math.nan,
    3e9, 1.5e19, 200.5, -200.5, 127.9, 128.0, -128.9, -129.0, 255.5, 256.0, -1.5, 32767.5,
    65535.5, 2147483520.0, 2147483648.0, -2147483648.0, 4294967040.0, 4294967296.0,
    9.2233715e18, 9.223372e18, -9.223372e18, 1.8446743e19, 1.8446744e19, 16777217.0, 1e30,
]
_F64_EDGES = [
    0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 0.1, 1e-300, 5e-324, -5e-324,
    2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, math.inf,
    -math.inf, math.nan, 3e9, 1.5e19, 200.5, -200.5, 127.9, -128.9, 2147483647.5,
    2147483648.0, -2147483648.5, -2147483649.0, 4294967295.5, 9223372036854774784.0,
    9223372036854775808.0, -9223372036854775808.0, 18446744073709549568.0,
    18446744073709551616.0, 9007199254740993.0, 1e300, 3.4028235677973366e38,
    3.4028234663852886e38, 3.402823567797336e38, 1.401298464324817e-45, 7e-46, 0.3,
]


def _f32_near_max() -> list[int]:
    return [0x7F7FFFFF - k for k in range(6)] + [0xFF7FFFFF - k for k in range(3)]


# ---------------------------------------------------------------------------- DAGs


@dataclass(frozen=True)
class Node:
    """One value of a DAG: `op` is 'param' (attr: pool index), 'const' (attr: (value, text)),
    or an arith op name (attr: the predicate of cmpi / cmpf)."""

    op: str
    type: str
    args: tuple[int, ...] = ()
    attr: Any = None
    named: bool = False


@dataclass
class Dag:
    nodes: list[Node]

    @property
    def root(self) -> Node:
        return self.nodes[-1]

    def ops(self) -> set[str]:
        return {n.op for n in self.nodes if n.op not in ("param", "const")}

    def params(self) -> list[int]:
        return sorted({n.attr for n in self.nodes if n.op == "param"})


@dataclass
class Sample:
    """`dags`; the parameter pool (`pool[k]` the type of parameter k); `sets[s][k]` its value
    in set s."""

    seed: int
    dags: list[Dag]
    pool: list[str]
    sets: list[list[int]]


def _const_text(t: str, v: int, style: int) -> str:
    """The MLIR attribute text of constant `v` (ints signed, floats as bits) of type `t`:
    integers in decimal; floats as mlir-opt prints them (`3.40282347E+38`), as the shortest
    decimal, or as the hex bit pattern (always for NaN and infinities)."""
    if t == "i1":
        return "true" if v else "false"
    if t in INT_TYPES:
        return f"{v} : {t}"
    x = float_of(v, t)
    hex_digits = 8 if t == "f32" else 16
    if math.isnan(x) or math.isinf(x) or style == 2:
        return f"0x{v:0{hex_digits}X} : {t}"
    if style == 0:
        s = f"{x:.8E}" if t == "f32" else f"{x:.16E}"
    else:
        s = f"{x:.9g}" if t == "f32" else repr(x)
    mant, _, exp = s.partition("e") if "e" in s else s.partition("E")
    if "." not in mant:
        mant += ".0"
    s = mant + ("e" + exp if exp else "")
    return f"{s} : {t}"


class _Gen:
    def __init__(self, rng: random.Random, pool: list[str],
                 ops: frozenset[str] | None = None,
                 cmpf: tuple[str, ...] = CMPF_PREDICATES) -> None:
        self.rng = rng
        self.pool = pool
        self.allowed = ops
        self.cmpf = cmpf
        self.nodes: list[Node] = []
        self.by_type: dict[str, list[int]] = {}

    def add(self, node: Node) -> int:
        self.nodes.append(node)
        i = len(self.nodes) - 1
        if node.op not in ("param", "const"):
            self.by_type.setdefault(node.type, []).append(i)
        return i

    def value(self, t: str) -> int:
        """A random constant value of type `t`, edges first."""
        rng = self.rng
        if t in INT_TYPES:
            w = WIDTH[t]
            if rng.random() < 0.6:
                return rng.choice(_int_edges(w))
            if rng.random() < 0.5:
                return to_signed(rng.randint(-40, 40), w)
            return to_signed(rng.getrandbits(w), w)
        r = rng.random()
        if t == "f32" and r < 0.08:
            return rng.choice(_f32_near_max())
        if r < 0.55:
            x = rng.choice(_F32_EDGES if t == "f32" else _F64_EDGES)
        elif r < 0.8:
            x = rng.choice([rng.uniform(-300, 300), float(rng.randint(-1000, 1000)) / 4])
        else:
            bits = rng.getrandbits(WIDTH[t])
            if is_nan(t, bits):  # quiet: xDSL's parser quiets a signaling NaN constant
                bits |= 0x400000 if t == "f32" else 1 << 51
            return bits
        if t == "f32" and not math.isnan(x):
            x = f32_of(bits_of(_f32_round(x), "f32"))
        return bits_of(x, t)

    def const(self, t: str, v: int | None = None) -> int:
        v = self.value(t) if v is None else v
        style = self.rng.randrange(3)
        return self.add(Node("const", t, (), (v, _const_text(t, v, style)), self.rng.random() < 0.5))

    def leaf(self, t: str) -> int:
        if self.rng.random() < 0.5:
            choices = [k for k, pt in enumerate(self.pool) if pt == t]
            return self.add(Node("param", t, (), self.rng.choice(choices)))
        return self.const(t)

    def node(self, t: str, depth: int) -> int:
        rng = self.rng
        reuse = self.by_type.get(t)
        if reuse and rng.random() < 0.15:
            return rng.choice(reuse)
        if depth <= 0 or rng.random() < 0.25:
            return self.leaf(t)
        ops = self._ops_for(t)
        if self.allowed is not None:
            ops = [o for o in ops if o in self.allowed]
        op = rng.choice(ops)
        named = rng.random() < 0.5
        d = depth - 1
        if op in INT_BINARY:
            a = self.node(t, d)
            b = self.shift_amount(t, d) if op.startswith("sh") else self.node(t, d)
            return self.add(Node(op, t, (a, b), None, named))
        if op in FLOAT_BINARY:
            return self.add(Node(op, t, (self.node(t, d), self.node(t, d)), None, named))
        if op == "negf":
            return self.add(Node(op, t, (self.node(t, d),), None, named))
        if op == "select":
            c = self.node("i1", d)
            return self.add(Node(op, t, (c, self.node(t, d), self.node(t, d)), None, named))
        if op == "cmpi":
            st = rng.choice(INT_TYPES)
            a = self.node(st, d)
            b = a if rng.random() < 0.1 else self.node(st, d)
            return self.add(Node(op, t, (a, b), rng.choice(CMPI_PREDICATES), named))
        if op == "cmpf":
            st = rng.choice(FLOAT_TYPES)
            a = self.node(st, d)
            b = a if rng.random() < 0.1 else self.node(st, d)
            return self.add(Node(op, t, (a, b), rng.choice(self.cmpf), named))
        src = self._cast_source(op, t)
        if op in ("fptosi", "fptoui"):
            a = self.convertible(src, t, op == "fptoui", d)
        else:
            a = self.node(src, d)
        return self.add(Node(op, t, (a,), None, named))

    def shift_amount(self, t: str, depth: int) -> int:
        r = self.rng.random()
        if r < 0.6:
            return self.const(t, to_signed(self.rng.randrange(WIDTH[t]), WIDTH[t]))
        return self.node(t, depth)

    def convertible(self, src: str, dst: str, unsigned: bool, depth: int) -> int:
        """Mostly a float constant the integer type holds (after truncation)."""
        if self.rng.random() < 0.5:
            w = WIDTH[dst]
            lo, hi = (0, (1 << w) - 1) if unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
            x = float(self.rng.randint(lo, hi)) + self.rng.choice([0.0, 0.25, 0.5, 0.75, -0.5])
            if src == "f32":
                x = f32_of(bits_of(_f32_round(x), "f32"))
            return self.const(src, bits_of(x, src))
        return self.node(src, depth)

    def _ops_for(self, t: str) -> list[str]:
        if t in FLOAT_TYPES:
            ops = [*FLOAT_BINARY, "negf", "select", "sitofp", "uitofp", "bitcast"]
            ops.append("extf" if t == "f64" else "truncf")
            return ops
        ops = [*INT_BINARY, "select"]
        if t == "index":
            return [*ops, "index_cast", "index_castui"]
        ops += ["index_cast", "index_castui", "fptosi", "fptoui"]
        if t == "i1":
            ops += ["cmpi"] * 16 + ["cmpf"] * 10 + ["trunci"] * 2  # i1 values are mostly compares
        else:
            ops += ["extsi", "extui"] + (["trunci"] if t != "i64" else [])
        if t in ("i32", "i64"):
            ops.append("bitcast")
        return ops

    def _cast_source(self, op: str, t: str) -> str:
        rng = self.rng
        w = WIDTH[t]
        if op in ("extsi", "extui"):
            return rng.choice([s for s in PLAIN_INTS if WIDTH[s] < w])
        if op == "trunci":
            return rng.choice([s for s in PLAIN_INTS if WIDTH[s] > w])
        if op in ("index_cast", "index_castui"):
            return "index" if t != "index" else rng.choice(PLAIN_INTS)
        if op in ("sitofp", "uitofp"):
            return rng.choice(PLAIN_INTS)
        if op in ("fptosi", "fptoui"):
            return rng.choice(FLOAT_TYPES)
        if op == "extf":
            return "f32"
        if op == "truncf":
            return "f64"
        assert op == "bitcast"
        return {"i32": "f32", "i64": "f64", "f32": "i32", "f64": "i64"}[t]


def _f32_round(x: float) -> float:
    """`x` rounded to f32 (to nearest, ties to even; beyond the range: infinity)."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


OLD_PRINTER_OPS = frozenset(OPS) - {"ceildivui", "maximumf", "minimumf", "bitcast"}
OLD_PRINTER_CMPF = ("oeq", "ogt", "oge", "olt", "ole", "une")
"""The ops (and cmpf predicates) the printer accepted before issue 30: the before-the-fix
measurement (`python -m bench.arith_differential --old-printer-ops`) generates only these."""


def generate(seed: int, count: int, sets: int = SETS, max_depth: int = 4,
             ops: frozenset[str] | None = None,
             cmpf: tuple[str, ...] = CMPF_PREDICATES) -> Sample:
    """`count` random DAGs (root types cycling through TYPES) over one parameter pool, and
    `sets` value sets for it. Deterministic in `seed`; `ops` / `cmpf` restrict the ops and
    cmpf predicates used."""
    rng = random.Random(seed)
    pool = [t for t in TYPES for _ in range(2 if t == "i1" else POOL_PER_TYPE)]
    value_gen = _Gen(rng, pool)
    values = [[value_gen.value(t) for t in pool] for _ in range(sets)]
    dags = []
    for i in range(count):
        g = _Gen(rng, pool, ops, cmpf)
        g.node(TYPES[i % len(TYPES)], rng.randint(1, max_depth))
        if g.nodes[-1].op in ("param", "const") and rng.random() < 0.7:
            g = _Gen(rng, pool, ops, cmpf)  # mostly ops at the root
            g.node(TYPES[i % len(TYPES)], max_depth)
        dags.append(Dag(g.nodes))
    return Sample(seed, dags, pool, values)


def encode(t: str, v: int | float | bool) -> int:
    """A Python value as our encoding of type `t` (ints signed, i1 -1 / 0, floats as bits)."""
    if t in FLOAT_TYPES:
        return bits_of(float(v), t)
    return to_signed(int(v), WIDTH[t])


def sample_of(trees: list[tuple]) -> Sample:
    """A sample of hand-written expressions, one value set. A tree is `("param", type, value)`,
    `("const", type, value)`, `(op, type, *operands)` or, for cmpi / cmpf, `(op, "i1",
    predicate, lhs, rhs)`; each parameter gets its own pool slot. A tree object used twice is
    one node (one SSA value)."""
    pool: list[str] = []
    values: list[int] = []
    dags = []
    built: dict[int, int] = {}

    def build(tree: tuple, nodes: list[Node]) -> int:
        if id(tree) in built:
            return built[id(tree)]
        built[id(tree)] = index = _build(tree, nodes)
        return index

    def _build(tree: tuple, nodes: list[Node]) -> int:
        op, t, *rest = tree
        if op in ("param", "const"):
            v = encode(t, rest[0])
            if op == "param":
                pool.append(t)
                values.append(v)
                nodes.append(Node("param", t, (), len(pool) - 1, True))
            else:
                nodes.append(Node("const", t, (), (v, _const_text(t, v, 1)), True))
            return len(nodes) - 1
        attr = None
        if op in ("cmpi", "cmpf"):
            attr, *rest = rest
        args = tuple(build(r, nodes) for r in rest)
        nodes.append(Node(op, t, args, attr, True))
        return len(nodes) - 1

    for tree in trees:
        nodes: list[Node] = []
        built.clear()
        build(tree, nodes)
        dags.append(Dag(nodes))
    return Sample(0, dags, pool, [values])


# ---------------------------------------------------------------------------- MLIR text


def _op_line(node: Node, name: str, operand: list[str], types: list[str]) -> str:
    op, t = node.op, node.type
    if op in INT_BINARY or op in FLOAT_BINARY:
        return f"{name} = arith.{op} {operand[0]}, {operand[1]} : {t}"
    if op == "negf":
        return f"{name} = arith.negf {operand[0]} : {t}"
    if op in ("cmpi", "cmpf"):
        return f"{name} = arith.{op} {node.attr}, {operand[0]}, {operand[1]} : {types[0]}"
    if op == "select":
        return f"{name} = arith.select {operand[0]}, {operand[1]}, {operand[2]} : {t}"
    return f"{name} = arith.{op} {operand[0]} : {types[0]} to {t}"


class Names:
    """SSA names of one function: named nodes `%<prefix><j>`, the others numbered."""

    def __init__(self) -> None:
        self.counter = 0

    def fresh(self, named: bool, prefix: str, j: int) -> str:
        if named:
            return f"%{prefix}{j}"
        self.counter += 1
        return f"%{self.counter}"


def dag_lines(dag: Dag, prefix: str, names: Names, param_values: list[int] | None,
              pool_names: dict[int, str] | None = None) -> tuple[list[str], list[str]]:
    """The ops of `dag` and the SSA name of every node. `param_values`: substitute parameters
    by these constants (constant form); else parameters are `%p<k>` (or `pool_names[k]`)."""
    lines: list[str] = []
    ssa: list[str] = []
    for j, n in enumerate(dag.nodes):
        if n.op == "param":
            if param_values is None:
                ssa.append((pool_names or {}).get(n.attr, f"%p{n.attr}"))
                continue
            name = names.fresh(n.named, prefix + "c", j)
            lines.append(f"{name} = arith.constant {_const_text(n.type, param_values[n.attr], 1)}")
            ssa.append(name)
            continue
        name = names.fresh(n.named, prefix + ("c" if n.op == "const" else "v"), j)
        if n.op == "const":
            lines.append(f"{name} = arith.constant {n.attr[1]}")
        else:
            operand = [ssa[a] for a in n.args]
            types = [dag.nodes[a].type for a in n.args]
            if n.op == "select":
                types = types[1:]
            lines.append(_op_line(n, name, operand, types))
        ssa.append(name)
    return lines, ssa


def reference_module(sample: Sample) -> str:
    """One function `@r<d>_<s>` per (DAG, value set): constants only, returning every node's
    value (floats as their bits)."""
    out = []
    for d, dag in enumerate(sample.dags):
        for s, values in enumerate(sample.sets):
            names = Names()
            lines, ssa = dag_lines(dag, "x", names, values)
            rets, rtypes = [], []
            for j, n in enumerate(dag.nodes):
                if n.type in FLOAT_TYPES:
                    it = "i32" if n.type == "f32" else "i64"
                    b = f"%b{j}"
                    lines.append(f"{b} = arith.bitcast {ssa[j]} : {n.type} to {it}")
                    rets.append(b)
                    rtypes.append(it)
                else:
                    rets.append(ssa[j])
                    rtypes.append(n.type)
            body = "\n    ".join(lines)
            out.append(
                f"  func.func @r{d}_{s}() -> ({', '.join(rtypes)}) {{\n    {body}\n"
                f"    func.return {', '.join(rets)} : {', '.join(rtypes)}\n  }}"
            )
    return "module {\n" + "\n".join(out) + "\n}\n"


_CONST_RE = re.compile(r"^\s*(%\S+) = arith\.constant (?:(true|false)|(-?\d+) : (\S+))$")
_RET_RE = re.compile(r"^\s*(?:func\.)?return (.*) : .*$")
_FUNC_RE = re.compile(r"^\s*func\.func @r(\d+)_(\d+)\(")


def fold_references(sample: Sample) -> dict[tuple[int, int], list[int] | None]:
    """(DAG, set) -> every node's folded value (None when one did not fold to a constant)."""
    text = reference_module(sample)
    res = subprocess.run([MLIR_OPT, "--canonicalize"], input=text, capture_output=True,
                         text=True, check=False)
    if res.returncode != 0:
        raise RuntimeError(f"mlir-opt failed:\n{res.stderr[:4000]}")
    refs: dict[tuple[int, int], list[int] | None] = {}
    key = None
    consts: dict[str, int] = {}
    for line in res.stdout.splitlines():
        m = _FUNC_RE.match(line)
        if m:
            key = (int(m.group(1)), int(m.group(2)))
            consts = {}
            continue
        m = _CONST_RE.match(line)
        if m and key is not None:
            consts[m.group(1)] = (-1 if m.group(2) == "true" else 0) if m.group(2) else int(m.group(3))
            continue
        m = _RET_RE.match(line)
        if m and key is not None:
            names = [x.strip() for x in m.group(1).split(",")]
            dag = sample.dags[key[0]]
            if all(x in consts for x in names):
                vals = []
                for n, x in zip(dag.nodes, names):
                    v = consts[x]
                    if n.type == "f32":
                        v &= 0xFFFFFFFF
                    elif n.type == "f64":
                        v &= MASK64
                    vals.append(v)
                refs[key] = vals
            else:
                refs[key] = None
            key = None
    missing = [(d, s) for d in range(len(sample.dags)) for s in range(len(sample.sets))
               if (d, s) not in refs]
    assert not missing, f"mlir-opt output lacks {missing[:5]}"
    return refs


def poison_node(dag: Dag, values: list[int]) -> Node | None:
    """The first node of `dag` whose value is poison (or undefined behaviour) by MLIR's
    definition of its op, given every node's value: a division by zero, a signed division
    overflow (MIN / -1, also i1's true / true), a shift by the width or more, fptosi / fptoui
    of a value the integer type does not hold. mlir-opt leaves most of these unfolded, but not
    all (it folds `divsi %x, %one` to %x also on i1, where the `1` is -1)."""
    for n in dag.nodes:
        if not n.args:
            continue
        t = dag.nodes[n.args[0]].type
        a = values[n.args[0]]
        b = values[n.args[1]] if len(n.args) > 1 else None
        w = WIDTH[t]
        if n.op in ("divsi", "ceildivsi", "floordivsi") and (
                b == 0 or (a == -(1 << (w - 1)) and b == -1)):
            return n
        if n.op in ("remsi", "divui", "remui", "ceildivui") and b == 0:
            return n
        if n.op in ("shli", "shrsi", "shrui") and b is not None and b % (1 << w) >= w:
            return n
        if n.op in ("fptosi", "fptoui"):
            x = float_of(a, t)
            if math.isnan(x) or math.isinf(x):
                return n
            q = math.trunc(x)
            rw = WIDTH[n.type]
            lo, hi = (0, (1 << rw) - 1) if n.op == "fptoui" else (-(1 << (rw - 1)), (1 << (rw - 1)) - 1)
            if not lo <= q <= hi:
                return n
    return None


def unjudged(dag: Dag, values: list[int]) -> str | None:
    """The `UNJUDGED` entry whose reach `dag` is in (with node values `values`)."""
    for n in dag.nodes:
        if n.op in ("maxnumf", "minnumf") and any(is_nan(n.type, values[a]) for a in n.args):
            return "maxnumf/minnumf with a NaN operand"
        if n.op == "bitcast" and n.type in INT_TYPES and is_nan(dag.nodes[n.args[0]].type,
                                                                 values[n.args[0]]):
            return "bitcast of a NaN to an integer"
    return None
