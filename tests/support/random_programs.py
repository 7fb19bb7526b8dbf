"""Random valid orchestration programs for differential testing (the input IR against the
pipeline's output, in the interpreter; tests/support/differential.py).

    mlir, func, kernels, args = generate(seed)
    cpp = KERNEL_CPP[name]            # C++ source of each kernel for the simulator
    body = KERNEL_BODY[name]          # the same, as a body for support.simpler_runtime
    used = kernels.keys()             # the kernels the program declares

`generate(seed)` is deterministic. The program is un-piped input IR (run `pto2-pipeline`
before printing C++); `kernels` maps kernel name -> Python implementation (numpy) for
`run_function`; `args` gives every parameter (tensors as float32 arrays, `out` tensors as
zeros, scalars as numbers). The `inout` parameters `%o<i>` may be read before any task
writes them (their host data is the input); an `out` parameter `%m<i>` (one per manual
segment) is fully written before anything reads it, since a device run does not copy an
`out` parameter's host data in. Data are small integers and scalars multiples of 0.5, so float32
results are exact on both sides.

What a program contains (each feature a segment, in random order and number): auto chains
of tasks on whole buffers and on row slices; sequential loops with several tensor, scalar
and TaskId carries, permuted at the yield (a ping-pong pair of buffers ordered by a TaskId
chain, swapped f32 scalars); nested loops; `scf.if` with tensor and scalar results;
`pto_orch.parallel` loops writing disjoint row stripes (auto scope) or with a TaskId array
carry (manual scope); manual scopes with user deps, TaskId arrays (`task_array_create` /
`set`), dummy barriers, creates; a manual scope inside a loop body.

Validity: every candidate is parsed, verified and run by the interpreter as written, whose
race and use-after-free report must be empty (a racy program has no single right output),
and goes through `pto2-pipeline` and the C++ printer; a candidate that fails any of these is
replaced by the next one of the same seed (`generate` raises after 50).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

PERMUTE_CARRIES = True
"""Whether loops permute their carries at the yield: the two f32 carries rotate
(`(a, b) <- (b, a + 0.5)`) and the ping-pong buffers swap. False keeps them in place (the
same programs otherwise), to tell disagreements that come from the permutation apart."""

T16 = "tensor<16x16xf32>"
KT = "tensor<?x?xf32>"
TID = "!pto_orch.task_id"

# kernel -> (params as (direction, "T" | scalar type), Python implementation)
KERNELS: dict[str, tuple[list[tuple[str, str]], Callable[..., Any]]] = {
    "k_add": ([("in", "T"), ("in", "T"), ("out", "T")], lambda a, b, o: a + b),
    "k_mul": ([("in", "T"), ("in", "T"), ("out", "T")], lambda a, b, o: a * b),
    "k_scale": ([("in", "T"), ("in", "f32"), ("out", "T")], lambda a, s, o: np.float32(s) * a),
    "k_axpy": (
        [("in", "T"), ("in", "f32"), ("inout", "T")],
        lambda a, s, y: y + np.float32(s) * a,
    ),
    "k_shift": ([("in", "T"), ("in", "index"), ("out", "T")], lambda a, n, o: a + np.float32(n)),
    "k_inc": ([("inout", "T")], lambda y: y + np.float32(1)),
}
RUNTIME_OUTPUT_KERNELS = ("kr_add", "kr_mul", "kr_scale", "kr_pair", "kr_acc")
"""Kernels whose trailing `out`s have a static shape, so a task may leave them to the runtime
(tests/support/runtime_output_programs.py): copies of k_add, k_mul, k_scale; `kr_pair` (two
outputs, a + 1 and 2a) and `kr_acc` (y += a, and a new 2a), whose results are parameters 1, 2."""
for _k in RUNTIME_OUTPUT_KERNELS[:3]:
    KERNELS[_k] = KERNELS["k" + _k[2:]]
KERNELS["kr_pair"] = (
    [("in", "T"), ("out", "T"), ("out", "T")],
    lambda a, p, q: (a + np.float32(1), np.float32(2) * a),
)
KERNELS["kr_acc"] = (
    [("in", "T"), ("inout", "T"), ("out", "T")],
    lambda a, y, q: (y + a, np.float32(2) * a),
)

_PRELUDE = """\
#include "pto_test_kernel.h"  // tests/support/sim_kernels: tensor(), numel(), at<T>(), f32()
using namespace pto_test;
"""


def _body(decls: list[str], out: str, expr: str) -> str:
    loop = f"for (uint64_t i = 0; i < numel({out}); ++i) at<float>({out}, i) = {expr};"
    return "\n".join(f"    {line}" for line in [*decls, loop])


def _t(name: str, i: int) -> str:
    return f"Tensor *{name} = tensor(args, {i});"


def _x(name: str) -> str:
    return f"at<float>({name}, i)"


KERNEL_BODY: dict[str, str] = {
    "k_add": _body([_t("a", 0), _t("b", 1), _t("o", 2)], "o", f"{_x('a')} + {_x('b')}"),
    "k_mul": _body([_t("a", 0), _t("b", 1), _t("o", 2)], "o", f"{_x('a')} * {_x('b')}"),
    "k_scale": _body([_t("a", 0), _t("o", 1), "float s = f32(args, 2);"], "o", f"s * {_x('a')}"),
    "k_axpy": _body(
        [_t("a", 0), _t("y", 1), "float s = f32(args, 2);"], "y", f"{_x('y')} + s * {_x('a')}"
    ),
    "k_shift": _body(
        [_t("a", 0), _t("o", 1), "int64_t n = args[2];"], "o", f"{_x('a')} + static_cast<float>(n)"
    ),
    "k_inc": _body([_t("y", 0)], "y", f"{_x('y')} + 1.0f"),
}
"""Kernel name -> body of `kernel_entry(int64_t *args)` with the helpers of
tests/support/sim_kernels/pto_test_kernel.h (`tensor`, `numel`, `at<float>`, `f32`) in scope:
elementwise, in row-major order of each view's shape."""
KERNEL_BODY.update({k: KERNEL_BODY["k" + k[2:]] for k in RUNTIME_OUTPUT_KERNELS[:3]})
KERNEL_BODY["kr_pair"] = "\n".join(f"    {line}" for line in [
    _t("a", 0), _t("p", 1), _t("q", 2),
    "for (uint64_t i = 0; i < numel(p); ++i) {",
    f"    {_x('p')} = {_x('a')} + 1.0f;", f"    {_x('q')} = 2.0f * {_x('a')};", "}",
])
KERNEL_BODY["kr_acc"] = "\n".join(f"    {line}" for line in [
    _t("a", 0), _t("y", 1), _t("q", 2),
    "for (uint64_t i = 0; i < numel(y); ++i) {",
    f"    {_x('y')} = {_x('y')} + {_x('a')};", f"    {_x('q')} = 2.0f * {_x('a')};", "}",
])

KERNEL_CPP: dict[str, str] = {
    name: _PRELUDE + 'extern "C" void kernel_entry(int64_t *args) {\n' + body + "\n}\n"
    for name, body in KERNEL_BODY.items()
}
"""Kernel name -> a whole C++ source for the runtime's simulator (the helpers defined in it):
`kernel_entry(int64_t *args)`, `args[i]` a `Tensor *` in the order the task adds its tensors,
then the scalars (f32 scalars as the low 32 bits, `to_u64`); data at
`buffer.addr + start_offset`, strides in elements."""


def kernel_decl(name: str) -> str:
    params, _ = KERNELS[name]
    kinds = [KT if t == "T" else t for _, t in params]
    if name in RUNTIME_OUTPUT_KERNELS:  # static trailing outs: the runtime may allocate them
        kinds = [T16 if d == "out" else k for (d, _), k in zip(params, kinds)]
    text = ", ".join(f"{d} {k}" for (d, _), k in zip(params, kinds))
    if name in ("kr_pair", "kr_acc"):
        return f"pto_orch.kernel @{name} aiv ({text}) -> ({kinds[1]}, {kinds[2]}) returns [1, 2]"
    return f"pto_orch.kernel @{name} aiv ({text}) -> {kinds[-1] if name in RUNTIME_OUTPUT_KERNELS else KT}"


@dataclass
class _Buf:
    val: str
    type: str = T16
    frozen: bool = False  # read by some task: no more writes (the runtime never orders WAR)
    dead: bool = False  # touched by a manual scope: nothing after may use it
    written: bool = False  # written by a task already (later writes are inout)


class _Gen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.lines: list[str] = []
        self.depth = 1
        self.count = 0
        self.used: set[str] = set()
        self.n_in = rng.randint(2, 3)
        self.n_out = rng.randint(2, 3)
        self.n_ded = 0  # dedicated out params for manual segments, added as needed
        self.ins = [_Buf(f"%x{i}", frozen=True) for i in range(self.n_in)]
        self.outs = [_Buf(f"%o{i}") for i in range(self.n_out)]
        self.dedicated: list[_Buf] = []
        self.scalars = ["%alpha", "%half"]

    # -- text
    def new(self, base: str) -> str:
        self.count += 1
        return f"%{base}{self.count}"

    def emit(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def task(
        self,
        kernel: str,
        srcs: list[str],
        scalars: list[str],
        dst: str | None,
        dst_dir: str,
        types: dict[str, str],
        deps: list[tuple[str, str]] | None = None,
    ) -> tuple[str, str | None]:
        """Emit one task; returns (result value, TaskId value or None)."""
        self.used.add(kernel)
        params, _ = KERNELS[kernel]
        it_src, it_sc = iter(srcs), iter(scalars)
        ops, tys = [], []
        for d, t in params:
            if t == "T" and d == "in":
                v = next(it_src)
                ops.append(f"in {v}")
                tys.append(types[v])
            elif t == "T":
                assert dst is not None
                ops.append(f"{dst_dir} {dst}")
                tys.append(types[dst])
            else:
                v = next(it_sc)
                ops.append(f"scalar {v}")
                tys.append(t)
        rtype = types[dst] if dst is not None else T16
        return self.emit_task(kernel, ops, f"({', '.join(tys)}) -> {rtype}", deps, "r", "t")

    def emit_task(
        self, kernel: str, ops: list[str], sig: str, deps: list[tuple[str, str]] | None,
        res_base: str, tid_base: str,
    ) -> tuple[str, str | None]:
        """Emit `kernel` on the operands `ops` (`in %a`, ...) with the type signature `sig`:
        a `pto_orch.call` when `deps` is None, else a submit listing `deps` ((value, type)
        pairs); returns (result value, TaskId value or None)."""
        res = self.new(res_base)
        if deps is None:
            self.emit(f"{res} = pto_orch.call @{kernel}({', '.join(ops)}) : {sig}")
            return res, None
        tid = self.new(tid_base)
        dtext = ""
        if deps:
            dtext = f" deps({', '.join(v for v, _ in deps)} : {', '.join(t for _, t in deps)})"
        self.emit(f"{res}, {tid} = pto_orch.submit @{kernel}({', '.join(ops)}){dtext} : {sig}")
        return res, tid

    # -- choices
    def readable(self) -> list[_Buf]:
        return [b for b in self.ins + self.outs if not b.dead and (b.frozen or b.written)]

    def writable(self) -> list[_Buf]:
        return [b for b in self.outs if not b.dead and not b.frozen]

    def scalar(self) -> str:
        return self.rng.choice(self.scalars)

    def write(self, kernel: str, dst: _Buf, types: dict[str, str], srcs: list[_Buf], **kw: Any) -> tuple[str, str | None]:
        for s in srcs:
            s.frozen = True
        params, _ = KERNELS[kernel]
        scalars = [
            self.scalar() if t == "f32" else self.rng.choice(["%c1", "%c3"])
            for d, t in params
            if t != "T"
        ]
        direction = "inout" if dst.written or KERNELS[kernel][0][-1][0] == "inout" else "out"
        types.setdefault(dst.val, dst.type)
        for s in srcs:
            types.setdefault(s.val, s.type)
        res, tid = self.task(kernel, [s.val for s in srcs], scalars, dst.val, direction, types, **kw)
        dst.val, dst.written = res, True
        return res, tid

    def pick_kernel(self) -> str:
        return self.rng.choice(["k_add", "k_mul", "k_scale", "k_shift", "k_axpy"])

    def n_srcs(self, kernel: str) -> int:
        return sum(1 for d, t in KERNELS[kernel][0] if d == "in" and t == "T")

    # -- segments
    def seg_chain(self) -> None:
        for _ in range(self.rng.randint(1, 3)):
            dsts = self.writable()
            if not dsts or not self.readable():
                return
            dst = self.rng.choice(dsts)
            srcs_pool = [b for b in self.readable() if b is not dst]
            k = self.pick_kernel()
            if not srcs_pool:
                k = "k_inc"
            if k == "k_inc":
                if not dst.written:
                    continue
                self.write(k, dst, {}, [])
                continue
            srcs = [self.rng.choice(srcs_pool) for _ in range(self.n_srcs(k))]
            if k == "k_axpy" and not dst.written:
                k = "k_scale"
            if self.rng.random() < 0.4 and dst.written:
                self._slice_task(k, dst, srcs)
            else:
                self.write(k, dst, {}, srcs)

    def _slice_task(self, k: str, dst: _Buf, srcs: list[_Buf]) -> None:
        row = self.rng.choice(["%c0", "%c4", "%c8"])
        h = self.rng.choice([4, 8])
        st = f"tensor<{h}x16xf32>"
        types = {}
        views = []
        for s in srcs + [dst]:
            v = self.new("v")
            self.emit(f"{v} = pto_tensor.slice {s.val}[{row}, %c0] : {s.type} to {st}")
            types[v] = st
            views.append(v)
        for s in srcs:
            s.frozen = True
        params, _ = KERNELS[k]
        scalars = [self.scalar() if t == "f32" else "%c3" for d, t in params if t != "T"]
        res, _ = self.task(k, views[:-1], scalars, views[-1], "inout", types)
        nv = self.new("asm")
        self.emit(f"{nv} = pto_tensor.assemble {res} into {dst.val}[{row}, %c0] : {st} into {dst.type}")
        dst.val = nv

    def seg_loop(self, nested: bool = False) -> None:
        accs = [b for b in self.writable() if b.written]
        srcs = [b for b in self.readable() if b.frozen]
        if not accs or not srcs:
            return
        self.rng.shuffle(accs)
        acc_n = min(len(accs), self.rng.randint(1, 2))
        pingpong = None
        rest = [b for b in self.writable() if b not in accs[:acc_n] and b.written]
        if len(rest) >= 2 and self.rng.random() < 0.6:
            pingpong = rest[:2]
        loop_accs = accs[:acc_n]
        # carries: (kind, init, block arg, type)
        carries: list[tuple[str, Any, str, str]] = []
        for b in loop_accs:
            carries.append(("acc", b, self.new("acc"), b.type))
        if pingpong:
            carries.append(("pa", pingpong[0], self.new("pa"), T16))
            carries.append(("pb", pingpong[1], self.new("pb"), T16))
            none = self.new("none")
            self.emit(f"{none} = pto_system.task_invalid")
            carries.append(("tid", none, self.new("prev"), TID))
            carries.append(("tid2", none, self.new("prev"), TID))
        s_a, s_b = self.new("s"), self.new("s")
        carries.append(("sa", self.scalar(), s_a, "f32"))
        carries.append(("sb", "%half", s_b, "f32"))
        if self.rng.random() < 0.5:
            carries.append(("k", "%c1", self.new("k"), "index"))
        self.rng.shuffle(carries)
        trip = self.rng.randint(2, 3)
        results = [self.new("res") for _ in carries]
        inits = ", ".join(
            f"{arg} = {init.val if isinstance(init, _Buf) else init}" for _, init, arg, _ in carries
        )
        types = ", ".join(t for *_, t in carries)
        iv = self.new("i")
        self.emit(
            f"{', '.join(results)} = scf.for {iv} = %c0 to %c{trip} step %c1 iter_args({inits}) -> ({types}) {{"
        )
        self.depth += 1
        by_kind = {k: (init, arg) for k, init, arg, _ in carries}
        yields: dict[str, str] = {}
        for kind, init, arg, _ in carries:
            if kind == "acc":
                src = self.rng.choice(srcs)
                scal = by_kind["sa"][1] if self.rng.random() < 0.5 else by_kind["sb"][1]
                res, _ = self.task("k_axpy", [src.val], [scal], arg, "inout", {src.val: src.type, arg: T16})
                yields[arg] = res
        if "k" in by_kind and loop_accs:
            # an index carry used by a task on the first accumulator
            karg = by_kind["k"][1]
            acc_arg = next(a for k2, _, a, _ in carries if k2 == "acc")
            cur = yields[acc_arg]
            tmp = self.new("tmp")
            self.emit(f"{tmp} = pto_tensor.create : {T16}")
            r1, _ = self.task("k_shift", [cur], [karg], tmp, "out", {cur: T16, tmp: T16})
            r3, _ = self.task("k_axpy", [r1], ["%half"], cur, "inout", {r1: T16, cur: T16})
            yields[acc_arg] = r3
        if pingpong:
            pa, pb = by_kind["pa"][1], by_kind["pb"][1]
            prev, prev2 = by_kind["tid"][1], by_kind["tid2"][1]
            k = self.rng.choice(["k_scale", "k_shift"])
            sc = [by_kind["sb"][1]] if k == "k_scale" else ["%c1"]
            res, tid = self.task(
                k, [pa], sc, pb, "inout", {pa: T16, pb: T16}, deps=[(prev, TID), (prev2, TID)]
            )
            # the buffers swap; the TaskIds shift (prev2 <- prev <- this task)
            yields[prev], yields[prev2] = tid, prev
            yields[pa], yields[pb] = (res, pa) if PERMUTE_CARRIES else (pa, res)
        if "k" in by_kind:
            k1 = self.new("k")
            self.emit(f"{k1} = arith.addi {by_kind['k'][1]}, %c1 : index")
            yields[by_kind["k"][1]] = k1
        sb1 = self.new("s")
        self.emit(f"{sb1} = arith.addf {by_kind['sa'][1]}, %half : f32")
        if PERMUTE_CARRIES:  # the scalars rotate
            yields[by_kind["sa"][1]], yields[by_kind["sb"][1]] = by_kind["sb"][1], sb1
        else:
            yields[by_kind["sa"][1]], yields[by_kind["sb"][1]] = sb1, by_kind["sb"][1]
        if not nested and self.rng.random() < 0.4:
            self._inner_loop(carries, yields, srcs)
        vals = ", ".join(yields[arg] for _, _, arg, _ in carries)
        self.emit(f"scf.yield {vals} : {types}")
        self.depth -= 1
        self.emit("}")
        for (kind, init, _, _), res in zip(carries, results):
            if isinstance(init, _Buf):
                init.val = res
                if kind in ("pa", "pb"):
                    init.frozen = True
            elif kind == "sb":
                self.scalars.append(res)

    def _inner_loop(self, carries: list, yields: dict[str, str], srcs: list[_Buf]) -> None:
        accs = [arg for k, _, arg, _ in carries if k == "acc"]
        if not accs:
            return
        arg = accs[0]
        cur = yields[arg]
        res, inner, iv = self.new("ires"), self.new("iacc"), self.new("j")
        self.emit(f"{res} = scf.for {iv} = %c0 to %c2 step %c1 iter_args({inner} = {cur}) -> ({T16}) {{")
        self.depth += 1
        src = self.rng.choice(srcs)
        r, _ = self.task("k_axpy", [src.val], ["%half"], inner, "inout", {src.val: src.type, inner: T16})
        self.emit(f"scf.yield {r} : {T16}")
        self.depth -= 1
        self.emit("}")
        yields[arg] = res

    def seg_if(self) -> None:
        dsts = [b for b in self.writable() if b.written]
        srcs = [b for b in self.readable() if b is not None]
        srcs = [b for b in srcs if b not in dsts]
        if not dsts or not srcs:
            return
        dst, src = self.rng.choice(dsts), self.rng.choice(srcs)
        src.frozen = True
        cond, thr = self.new("cond"), self.rng.choice(["%k0", "%k1"])
        self.emit(f"{cond} = arith.cmpi sgt, %flag, {thr} : i64")
        res, sres = self.new("if"), self.new("sif")
        self.emit(f"{res}, {sres} = scf.if {cond} -> ({T16}, f32) {{")
        self.depth += 1
        r1, _ = self.task("k_scale", [src.val], [self.scalar()], dst.val, "inout", {src.val: src.type, dst.val: T16})
        self.emit(f"scf.yield {r1}, %alpha : {T16}, f32")
        self.depth -= 1
        self.emit("} else {")
        self.depth += 1
        r2, _ = self.task("k_shift", [src.val], ["%c3"], dst.val, "inout", {src.val: src.type, dst.val: T16})
        s2 = self.new("s")
        self.emit(f"{s2} = arith.addf %alpha, %half : f32")
        self.emit(f"scf.yield {r2}, {s2} : {T16}, f32")
        self.depth -= 1
        self.emit("}")
        dst.val = res
        self.scalars.append(sres)

    def seg_parallel_auto(self) -> None:
        dsts = [b for b in self.writable() if b.written]
        srcs = [b for b in self.readable() if b.frozen]
        if not dsts or not srcs:
            return
        dst, src = self.rng.choice(dsts), self.rng.choice(srcs)
        res, d, iv = self.new("par"), self.new("d"), self.new("i")
        self.emit(f"{res} = scf.for {iv} = %c0 to %c4 step %c1 iter_args({d} = {dst.val}) -> ({T16}) {{")
        self.depth += 1
        row = self.new("row")
        self.emit(f"{row} = arith.muli {iv}, %c4 : index")
        st = "tensor<4x16xf32>"
        sv, dv = self.new("sv"), self.new("dv")
        self.emit(f"{sv} = pto_tensor.slice {src.val}[{row}, %c0] : {src.type} to {st}")
        self.emit(f"{dv} = pto_tensor.slice {d}[{row}, %c0] : {T16} to {st}")
        k = self.rng.choice(["k_scale", "k_shift"])
        sc = [self.scalar()] if k == "k_scale" else ["%c3"]
        r, _ = self.task(k, [sv], sc, dv, "inout", {sv: st, dv: st})
        a = self.new("asm")
        self.emit(f"{a} = pto_tensor.assemble {r} into {d}[{row}, %c0] : {st} into {T16}")
        self.emit(f"scf.yield {a} : {T16}")
        self.depth -= 1
        self.emit("} {pto_orch.parallel}")
        dst.val = res

    def dedicated_out(self) -> _Buf:
        b = _Buf(f"%m{self.n_ded}")
        self.n_ded += 1
        self.dedicated.append(b)
        return b

    def seg_manual(self) -> None:
        variant = self.rng.choice(["array", "parallel", "chain"])
        od = self.dedicated_out()
        xs = self.ins
        self.emit("pto_rt.scope manual {")
        self.depth += 1
        if variant == "array":
            n = self.rng.randint(2, 3)
            arr = self.new("arr")
            self.emit(f"{arr} = pto_orch.task_array_create : !pto_orch.task_id_array<{n}>")
            temps = []
            for i in range(n):
                m = self.new("m")
                self.emit(f"{m} = pto_tensor.create : {T16}")
                x = self.rng.choice(xs)
                r, t = self.task("k_scale", [x.val], [self.scalar()], m, "out", {x.val: T16, m: T16}, deps=[])
                a2 = self.new("arr")
                self.emit(f"{a2} = pto_orch.task_array_set {t}, {arr}[%c{i}] : !pto_orch.task_id_array<{n}>")
                arr = a2
                temps.append(r)
            r, t = self.task(
                "k_add", temps[:2], [], od.val, "out", {temps[0]: T16, temps[1]: T16, od.val: T16},
                deps=[(arr, f"!pto_orch.task_id_array<{n}>")],
            )
            j = self.new("join")
            self.emit(f"{j} = pto_system.task_dummy deps({t} : {TID})")
            last = self.new("last")
            self.emit(f"{last} = pto_orch.task_array_get {arr}[%c{n - 1}] : !pto_orch.task_id_array<{n}>")
            self.task("k_axpy", [temps[-1]], ["%half"], r, "inout", {temps[-1]: T16, r: T16},
                      deps=[(j, TID), (last, TID)])
        elif variant == "parallel":
            none, res, tids, d, p, iv = (self.new(b) for b in ("none", "pres", "ptids", "d", "p", "i"))
            self.emit(f"{none} = pto_system.task_invalid")
            self.emit(
                f"{res}, {tids} = scf.for {iv} = %c0 to %c4 step %c1 iter_args({d} = {od.val}, {p} = {none}) -> ({T16}, {TID}) {{"
            )
            self.depth += 1
            row = self.new("row")
            self.emit(f"{row} = arith.muli {iv}, %c4 : index")
            st = "tensor<4x16xf32>"
            x = self.rng.choice(xs)
            sv, dv = self.new("sv"), self.new("dv")
            self.emit(f"{sv} = pto_tensor.slice {x.val}[{row}, %c0] : {T16} to {st}")
            self.emit(f"{dv} = pto_tensor.slice {d}[{row}, %c0] : {T16} to {st}")
            r, t = self.task("k_scale", [sv], [self.scalar()], dv, "out", {sv: st, dv: st}, deps=[(p, TID)])
            a = self.new("asm")
            self.emit(f"{a} = pto_tensor.assemble {r} into {d}[{row}, %c0] : {st} into {T16}")
            self.emit(f"scf.yield {a}, {t} : {T16}, {TID}")
            self.depth -= 1
            self.emit("} {pto_orch.parallel}")
            self.task("k_inc", [], [], res, "inout", {res: T16}, deps=[(tids, TID)])
        else:
            none, res, tids, d, p, iv = (self.new(b) for b in ("none", "cres", "ctids", "d", "p", "i"))
            x = self.rng.choice(xs)
            r0, t0 = self.task("k_shift", [x.val], ["%c1"], od.val, "out", {x.val: T16, od.val: T16}, deps=[])
            self.emit(
                f"{res}, {tids} = scf.for {iv} = %c0 to %c3 step %c1 iter_args({d} = {r0}, {p} = {t0}) -> ({T16}, {TID}) {{"
            )
            self.depth += 1
            r, t = self.task("k_axpy", [x.val], [self.scalar()], d, "inout", {x.val: T16, d: T16}, deps=[(p, TID)])
            self.emit(f"scf.yield {r}, {t} : {T16}, {TID}")
            self.depth -= 1
            self.emit("}")
        self.depth -= 1
        self.emit("}")
        od.dead = True

    def seg_manual_in_loop(self) -> None:
        od = self.dedicated_out()
        x = self.rng.choice(self.ins)
        iv = self.new("i")
        self.emit(f"scf.for {iv} = %c0 to %c2 step %c1 {{")
        self.depth += 1
        row = self.new("row")
        self.emit(f"{row} = arith.muli {iv}, %c8 : index")
        self.emit("pto_rt.scope manual {")
        self.depth += 1
        st = "tensor<8x16xf32>"
        sv, dv = self.new("sv"), self.new("dv")
        self.emit(f"{sv} = pto_tensor.slice {x.val}[{row}, %c0] : {T16} to {st}")
        self.emit(f"{dv} = pto_tensor.slice {od.val}[{row}, %c0] : {T16} to {st}")
        r, t = self.task("k_scale", [sv], [self.scalar()], dv, "out", {sv: st, dv: st}, deps=[])
        self.task("k_inc", [], [], r, "inout", {r: st}, deps=[(t, TID)])
        self.depth -= 1
        self.emit("}")
        self.depth -= 1
        self.emit("}")
        od.dead = True

    # -- whole program
    def pool(self) -> list[Callable[[], None]]:
        """The segments `program` picks from (a subclass adds its own)."""
        return [
            self.seg_chain,
            self.seg_loop,
            self.seg_loop,
            self.seg_if,
            self.seg_parallel_auto,
            self.seg_manual,
            self.seg_manual_in_loop,
        ]

    def finish(self) -> None:
        """Called after the last segment (a subclass's last lines)."""

    def program(self, name: str) -> str:
        body_segments = [self.seg_chain]
        pool = self.pool()
        body_segments += [self.rng.choice(pool) for _ in range(self.rng.randint(2, 5))]
        for seg in body_segments:
            seg()
        self.finish()
        consts = [
            *(f"%c{v} = arith.constant {v} : index" for v in (0, 1, 2, 3, 4, 8)),
            "%half = arith.constant 5.000000e-01 : f32",
            "%k0 = arith.constant 0 : i64",
            "%k1 = arith.constant 1 : i64",
        ]
        outd = "{pto_orch.dir = #pto_orch.dir<out>}"
        inoutd = "{pto_orch.dir = #pto_orch.dir<inout>}"  # read before written: host data
        params = (
            [f"%x{i}: {T16}" for i in range(self.n_in)]
            + [f"%o{i}: {T16} {inoutd}" for i in range(self.n_out)]
            + [f"%m{i}: {T16} {outd}" for i in range(self.n_ded)]
            + ["%alpha: f32", "%flag: i64"]
        )
        head = [kernel_decl(k) for k in sorted(self.used)]
        return (
            "\n".join(head)
            + f"\n\nfunc.func @{name}({', '.join(params)}) attributes "
            + "{pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
            + "".join(f"  {c}\n" for c in consts)
            + "\n".join(self.lines)
            + "\n  func.return\n}\n"
        )

    def args(self, rng: np.random.Generator) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for i in range(self.n_in):
            out[f"x{i}"] = rng.integers(-3, 4, size=(16, 16)).astype(np.float32)
        for i in range(self.n_out):
            out[f"o{i}"] = rng.integers(-3, 4, size=(16, 16)).astype(np.float32)
        for i in range(self.n_ded):
            out[f"m{i}"] = np.zeros((16, 16), np.float32)
        out["alpha"] = float(self.rng.choice([0.5, 1.5, -1.0, 2.0]))
        out["flag"] = self.rng.choice([0, 1, 5])
        return out


def candidate(
    seed: int, attempt: int, make: Callable[[random.Random], _Gen] = _Gen
) -> tuple[str, str, dict[str, Callable[..., Any]], dict[str, Any]]:
    """One unvalidated program of `generate`'s shape (`make`: the generator class)."""
    rng = random.Random(seed * 1009 + attempt)
    gen = make(rng)
    name = f"rand_{seed}"
    text = gen.program(name)
    kernels = {k: KERNELS[k][1] for k in sorted(gen.used)}
    args = gen.args(np.random.default_rng(seed * 1009 + attempt))
    return text, name, kernels, args


def check(text: str, name: str, kernels: dict[str, Callable[..., Any]], args: dict[str, Any]) -> str | None:
    """Why the program is not a valid differential test (None when it is): it must parse,
    verify, go through pto2-pipeline and the C++ printer, and run with no race and no use
    after free as written (before the pipeline: what the pipeline makes of a valid program
    is what the differential checks)."""
    from pypto_dialects.context import make_context
    from pypto_dialects.interpreter import run_function
    from pypto_dialects.parsing import parse_module, verify_module
    from pypto_dialects.targets.pto2_cpp.api import generate_orchestration
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    try:
        ctx = make_context()
        module = parse_module(ctx, text, f"{name}.mlir")
        verify_module(module)
        result = run_function(module, name, args, kernels)
        Pto2Pipeline().apply(ctx, module)
        verify_module(module)
        generate_orchestration(module, name)
    except Exception as err:  # any failure rejects the candidate
        return f"{type(err).__name__}: {err}"
    faults = result.faults()
    if faults:
        return faults[0].diagnostic()
    return None


def generate(
    seed: int, make: Callable[[random.Random], _Gen] = _Gen
) -> tuple[str, str, dict[str, Callable[..., Any]], dict[str, Any]]:
    """A random valid orchestration program: `(mlir_text, func_name, kernels, args)`.

    Deterministic in `seed`. See the module docstring for what programs contain and how
    validity is checked; C++ kernel bodies are `KERNEL_CPP[name]` for `name in kernels`.
    `make` is the generator class (tests/support/runtime_output_programs.py has a subclass)."""
    reasons = []
    for attempt in range(50):
        prog = candidate(seed, attempt, make)
        why = check(*prog)
        if why is None:
            return prog
        reasons.append(why)
    raise RuntimeError(f"no valid program for seed {seed}; last reason: {reasons[-1]}")
