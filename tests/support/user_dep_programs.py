"""Random programs with user dependencies the pipeline must complete (`--user-deps` of
`python -m bench.differential`): tasks that write a constant part of a buffer (`out` or
`inout`) while reading another part of it (or an input), and list TaskIds in `deps` that order
some of their hazards but not all, so that order-untracked-hazards must add the rest.

    mlir, func, kernels, args = generate(seed)             # like random_programs.generate
    mlir, func, kernels, args = generate(seed, rt=True)    # on runtime_output_programs' shapes

Besides everything the base generator makes (a separate generator class: the programs of
`random_programs.generate(seed)` do not change), a program holds one or more of:

- a loop whose task lists its own previous instance's TaskId only in some iterations (an
  `scf.if` on `%flag` or on the induction variable yields the carried TaskId or
  `pto_system.task_invalid`);
- a user chain in an inner loop restarted from `task_invalid` at each outer iteration;
- inner instances that list the previous OUTER iteration's last TaskId (or, correctly, the
  inner carry);
- a TaskId array carried through a loop, each iteration's task listing it and setting its own
  slot (or slot 0);
- two tasks in a loop, each listing the other's TaskId (this iteration's or the previous
  one's, carried), writing the same part or swapping halves;
- user manual scopes in a loop body yielding their task's TaskId (the next iteration's task
  lists it, sometimes only conditionally), or holding a user chain; inside one instance of a
  manual scope every conflicting pair is ordered by deps (the user's duty);
- loops of two tasks swapping halves of a buffer with no deps at all.

Loop trip counts are constants or `%flag` (0, 1 or 5).

Validity (`check`): as random_programs.check, except that the program as written may race
between tasks that are not in one instance of one user manual scope: the input's meaning is
the sequential program, and ordering those pairs is the pipeline's job (what the differential
then checks). A candidate the pipeline refuses is replaced by the next one of the seed, as in
random_programs; `refusals` counts them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from support.random_programs import KERNELS, TID, _Buf, _Gen, candidate
from support.runtime_output_programs import RtGen

refusals: list[str] = []
"""The located pipeline errors of the rejected candidates of every `generate` call so far."""


class UdGen(_Gen):
    """random_programs' generator plus the user-dependency segments (module docstring)."""

    ud_count = 0

    def pool(self) -> list[Callable[[], None]]:
        return [*super().pool(), *self.ud_pool()]

    def ud_pool(self) -> list[Callable[[], None]]:
        return [
            self.seg_ud_cond_self,
            self.seg_ud_restart,
            self.seg_ud_outer_prev,
            self.seg_ud_array,
            self.seg_ud_pair,
            self.seg_ud_manual,
            self.seg_ud_swap,
        ]

    def finish(self) -> None:
        # at least one user-dep segment (more make most candidates refused: the accepted
        # ones then rarely hold the shapes the pass gets wrong)
        if not self.ud_count:
            self.rng.choice(self.ud_pool())()
        super().finish()

    # -- pieces
    def _dst(self) -> _Buf | None:
        dsts = [b for b in self.outs if not b.dead]
        if not dsts:
            return None
        self.ud_count += 1
        return self.rng.choice(dsts)

    def _views(self, dst: _Buf) -> tuple[str, str, str]:
        """Slices of a constant part `wv` of `dst` to write and another part `rv` (of `dst`,
        or of an input) to read; returns (rv, wv, their type)."""
        h = self.rng.choice([4, 8])
        w, r = self.rng.sample([0, 8] if h == 8 else [0, 4, 8], 2)
        st = f"tensor<{h}x16xf32>"
        src = dst if self.rng.random() < 0.6 else self.rng.choice(self.ins)
        rv, wv = self.new("rv"), self.new("wv")
        self.emit(f"{rv} = pto_tensor.slice {src.val}[%c{r}, %c0] : {src.type} to {st}")
        self.emit(f"{wv} = pto_tensor.slice {dst.val}[%c{w}, %c0] : {dst.type} to {st}")
        dst.written = True
        return rv, wv, st

    def _task(self, rv: str, wv: str, st: str, deps: list[tuple[str, str]] | None) -> str:
        """A task reading `rv` and writing `wv` (`out` or `inout`); returns its TaskId
        (None only when `deps` is None)."""
        mode = self.rng.choice(["out", "out", "out", "inout", "axpy"])  # `out`: WAW untracked
        if mode == "axpy":
            k, sc, d = "k_axpy", [self.scalar()], "inout"
        else:
            k = self.rng.choice(["k_shift", "k_scale"])
            sc, d = ([self.scalar()] if k == "k_scale" else ["%c1"]), mode
        assert KERNELS[k][0][-1][0] in ("out", "inout")
        _, tid = self.task(k, [rv], sc, wv, d, {rv: st, wv: st}, deps=deps)
        return tid or ""

    def _trip(self) -> str:
        if self.rng.random() < 0.3:
            n = self.new("n")
            self.emit(f"{n} = arith.index_cast %flag : i64 to index")
            return n
        return f"%c{self.rng.choice([1, 2, 3])}"

    def _cond(self, iv: str) -> str:
        c = self.new("cond")
        if self.rng.random() < 0.3:
            thr = self.rng.choice(["%k0", "%k1"])
            self.emit(f"{c} = arith.cmpi sgt, %flag, {thr} : i64")
        else:
            pred = self.rng.choice(["eq", "ne", "sgt"])
            self.emit(f"{c} = arith.cmpi {pred}, {iv}, %c1 : index")
        return c

    def _select(self, iv: str, tid: str, none: str) -> str:
        """An `scf.if` yielding `tid` or `none`."""
        c, d = self._cond(iv), self.new("d")
        a, b = (tid, none) if self.rng.random() < 0.7 else (none, tid)
        self.emit(f"{d} = scf.if {c} -> ({TID}) {{")
        self.emit(f"  scf.yield {a} : {TID}")
        self.emit("} else {")
        self.emit(f"  scf.yield {b} : {TID}")
        self.emit("}")
        return d

    def _open(self, head: str) -> None:
        self.emit(head)
        self.depth += 1

    def _close(self, tail: str = "}") -> None:
        self.depth -= 1
        self.emit(tail)

    def _none(self) -> str:
        none = self.new("none")
        self.emit(f"{none} = pto_system.task_invalid")
        return none

    # -- segments
    def seg_ud_cond_self(self) -> None:
        """The task lists its previous instance only when a condition holds."""
        dst = self._dst()
        if dst is None:
            return
        rv, wv, st = self._views(dst)
        none, trip = self._none(), self._trip()
        last, iv, prev = self.new("last"), self.new("i"), self.new("prev")
        self._open(f"{last} = scf.for {iv} = %c0 to {trip} step %c1 iter_args({prev} = {none}) -> ({TID}) {{")
        d = self._select(iv, prev, none)
        t = self._task(rv, wv, st, [(d, TID)])
        self.emit(f"scf.yield {t} : {TID}")
        self._close()

    def seg_ud_restart(self) -> None:
        """A user chain in an inner loop, restarted from task_invalid per outer iteration."""
        dst = self._dst()
        if dst is None:
            return
        rv, wv, st = self._views(dst)
        trip = self._trip()
        i, j, prev, last = self.new("i"), self.new("j"), self.new("prev"), self.new("last")
        self._open(f"scf.for {i} = %c0 to %c2 step %c1 {{")
        none = self._none()
        self._open(f"{last} = scf.for {j} = %c0 to {trip} step %c1 iter_args({prev} = {none}) -> ({TID}) {{")
        t = self._task(rv, wv, st, [(prev, TID)])
        self.emit(f"scf.yield {t} : {TID}")
        self._close()
        self._close()

    def seg_ud_outer_prev(self) -> None:
        """Inner instances list the previous outer iteration's last TaskId (or the inner
        carry: a whole chain)."""
        dst = self._dst()
        if dst is None:
            return
        rv, wv, st = self._views(dst)
        none, trip = self._none(), self._trip()
        i, j, prev, q = self.new("i"), self.new("j"), self.new("prev"), self.new("q")
        res, last = self.new("res"), self.new("last")
        self._open(f"{res} = scf.for {i} = %c0 to %c2 step %c1 iter_args({prev} = {none}) -> ({TID}) {{")
        self._open(f"{last} = scf.for {j} = %c0 to {trip} step %c1 iter_args({q} = {prev}) -> ({TID}) {{")
        dep = prev if self.rng.random() < 0.7 else q
        t = self._task(rv, wv, st, [(dep, TID)])
        self.emit(f"scf.yield {t} : {TID}")
        self._close()
        self.emit(f"scf.yield {last} : {TID}")
        self._close()

    def seg_ud_array(self) -> None:
        """A TaskId array carried through a loop: each task lists it and sets a slot."""
        dst = self._dst()
        if dst is None:
            return
        rv, wv, st = self._views(dst)
        n = self.rng.randint(2, 3)
        at = f"!pto_orch.task_id_array<{n}>"
        arr, res, iv, a = self.new("arr"), self.new("ares"), self.new("i"), self.new("a")
        self.emit(f"{arr} = pto_orch.task_array_create : {at}")
        self._open(f"{res} = scf.for {iv} = %c0 to %c{n} step %c1 iter_args({a} = {arr}) -> ({at}) {{")
        t = self._task(rv, wv, st, [(a, at)])
        slot = iv if self.rng.random() < 0.6 else "%c0"
        a2 = self.new("a")
        self.emit(f"{a2} = pto_orch.task_array_set {t}, {a}[{slot}] : {at}")
        self.emit(f"scf.yield {a2} : {at}")
        self._close()
        if self.rng.random() < 0.5:  # a join on the array after the loop
            self._task(rv, wv, st, [(res, at)])

    def seg_ud_pair(self) -> None:
        """Two tasks per iteration listing each other's TaskIds (this or the previous
        iteration's, carried); the second writes the same part or swaps the halves."""
        dst = self._dst()
        if dst is None:
            return
        rv, wv, st = self._views(dst)
        none, trip = self._none(), self._trip()
        res_a, res_b, iv, pa, pb = (self.new(b) for b in ("ra", "rb", "i", "pa", "pb"))
        self._open(
            f"{res_a}, {res_b} = scf.for {iv} = %c0 to {trip} step %c1 iter_args({pa} = {none}, {pb} = {none}) -> ({TID}, {TID}) {{"
        )
        ta = self._task(rv, wv, st, self.rng.choice([[], [(pb, TID)], [(pa, TID)]]))
        swap = self.rng.random() < 0.5 and self._reads_dst(rv, dst)
        dep_b = self.rng.choice([[], [(pa, TID)], [(ta, TID)], [(pb, TID)]])
        tb = self._task(wv, rv, st, dep_b) if swap else self._task(rv, wv, st, dep_b)
        ya, yb = (ta, tb) if self.rng.random() < 0.6 else (tb, ta)
        self.emit(f"scf.yield {ya}, {yb} : {TID}, {TID}")
        self._close()

    def _reads_dst(self, rv: str, dst: _Buf) -> bool:
        line = next(ln for ln in reversed(self.lines) if ln.lstrip().startswith(f"{rv} ="))
        return f"slice {dst.val}[" in line

    def seg_ud_manual(self) -> None:
        """Manual scopes in a loop body yielding their task's TaskId, which the next
        iteration's task lists (maybe conditionally); or a manual scope holding a chain."""
        dst = self._dst()
        if dst is None:
            return
        rv, wv, st = self._views(dst)
        none, trip = self._none(), self._trip()
        if self.rng.random() < 0.3:  # a whole user chain in one manual scope
            self._open("pto_rt.scope manual {")
            last, iv, prev = self.new("last"), self.new("i"), self.new("prev")
            self._open(f"{last} = scf.for {iv} = %c0 to {trip} step %c1 iter_args({prev} = {none}) -> ({TID}) {{")
            t = self._task(rv, wv, st, [(prev, TID)])
            self.emit(f"scf.yield {t} : {TID}")
            self._close()
            self._close()
            return
        last, iv, prev, r = self.new("last"), self.new("i"), self.new("prev"), self.new("sc")
        self._open(f"{last} = scf.for {iv} = %c0 to {trip} step %c1 iter_args({prev} = {none}) -> ({TID}) {{")
        d = self._select(iv, prev, none) if self.rng.random() < 0.5 else prev
        self._open(f"{r} = pto_rt.scope manual -> ({TID}) {{")
        t = self._task(rv, wv, st, [(d, TID)])
        if self.rng.random() < 0.5:  # a second task of the scope, ordered after the first
            t = self._task(rv, wv, st, [(t, TID)])
        self.emit(f"pto_rt.yield {t} : {TID}")
        self._close()
        self.emit(f"scf.yield {r} : {TID}")
        self._close()

    def seg_ud_swap(self) -> None:
        """Two tasks per iteration swapping the halves of a buffer (no deps), or writing one
        half `inout` and the other `out`."""
        dst = self._dst()
        if dst is None:
            return
        iv = self.new("i")
        trip = self._trip()
        self._open(f"scf.for {iv} = %c0 to {trip} step %c1 {{")
        lo, hi = self.new("lo"), self.new("hi")
        st = "tensor<8x16xf32>"
        self.emit(f"{lo} = pto_tensor.slice {dst.val}[%c0, %c0] : {dst.type} to {st}")
        self.emit(f"{hi} = pto_tensor.slice {dst.val}[%c8, %c0] : {dst.type} to {st}")
        deps = None if self.rng.random() < 0.6 else []
        self._task(lo, hi, st, deps)
        self._task(hi, lo, st, deps)
        self._close()
        dst.written = True


class RtUdGen(UdGen, RtGen):
    """runtime_output_programs' generator plus the user-dependency segments."""


def _same_manual_instance(graph: Any, a: Any, b: Any) -> bool:
    """Whether tasks `a` and `b` run in one instance of one user manual scope (the user's to
    order), through their innermost enclosing manual scopes."""

    def manual(task: Any) -> int | None:
        s = task.scope
        while s is not None:
            scope = graph.scopes[s]
            if scope.mode == "manual":
                return None if scope.compiler_owned else s
            s = scope.parent
        return None

    m = manual(a)
    return m is not None and m == manual(b)


def check(text: str, name: str, kernels: dict[str, Callable[..., Any]], args: dict[str, Any],
          analyze: bool = False) -> str | None:
    """Why the program is not a valid user-deps differential test (None when it is): as
    random_programs.check (`analyze`: through pto2-pipeline{analyze-auto-scopes=true}), but a
    race between two tasks not in one instance of one user manual scope is allowed."""
    from pypto_dialects.context import make_context
    from pypto_dialects.interpreter import run_function
    from pypto_dialects.interpreter.races import Race
    from pypto_dialects.parsing import parse_module, verify_module
    from pypto_dialects.targets.pto2_cpp.api import generate_orchestration
    from pypto_dialects.transforms.pto2_pipeline import Pto2Pipeline

    ctx = make_context()
    try:
        module = parse_module(ctx, text, f"{name}.mlir")
        verify_module(module)
        result = run_function(module, name, args, kernels)
    except Exception as err:  # any failure rejects the candidate
        return f"{type(err).__name__}: {err}"
    faults = [f for f in result.faults()
              if not isinstance(f, Race) or _same_manual_instance(result.graph, f.first, f.second)]
    if faults:
        return faults[0].diagnostic()
    try:
        Pto2Pipeline(analyze_auto_scopes=analyze).apply(ctx, module)
        verify_module(module)
        generate_orchestration(module, name)
    except Exception as err:
        why = f"{type(err).__name__}: {err}"
        refusals.append(why)
        return why
    return None


def generate(
    seed: int, rt: bool = False, analyze: bool = False
) -> tuple[str, str, dict[str, Callable[..., Any]], dict[str, Any]]:
    """A random valid program with user dependencies (module docstring), deterministic in
    `seed` (and `rt`: on runtime_output_programs' generator; `analyze`: the pipeline option
    the validity check applies): `(mlir_text, func_name, kernels, args)`."""
    make: Callable[[random.Random], _Gen] = RtUdGen if rt else UdGen
    reasons = []
    for attempt in range(50):
        prog = candidate(seed, attempt, make)
        why = check(*prog, analyze=analyze)
        if why is None:
            return prog
        reasons.append(why)
    raise RuntimeError(f"no valid program for seed {seed}; last reason: {reasons[-1]}")
