"""Random programs with runtime-allocated outputs: tasks that leave their kernel's trailing
`out` to the runtime (`add_output(TensorCreateInfo)`; the kernels `kr_*` of
tests/support/random_programs.py, whose trailing `out`s have a static shape: `kr_pair` makes
two runtime outputs, `kr_acc` writes an `inout` argument and makes one).

    mlir, func, kernels, args = generate(seed)   # as random_programs.generate, plus these

Besides everything `random_programs` generates (whose segments may now also read such a
buffer, write it `inout`, carry it through a loop or an `scf.if`), the programs contain:

- auto chains that produce runtime outputs (as `pto_orch.call` or as `pto_orch.submit`, whose
  TaskId later manual tasks list) and pass them on, reading them and writing them `inout`,
  and host reads of them (`pto_tensor.read`) whose values later tasks take as scalars;
- loops whose carry is a fresh runtime output each iteration (a temporary one used within the
  iteration, an `inout` write of it, an inner loop carrying one, an `scf.if` branch producing
  one, a user manual scope in the body reading it, or a `pto_orch.parallel` loop whose
  iterations each produce one), with the producer's and last writer's TaskIds carried beside
  it when a manual scope reads it after the loop; some loops run `%flag` times (0, 1 or 5:
  with none the result is the init);
- `scf.if` whose branches produce runtime outputs (the else branch may yield an existing buffer),
  with the TaskIds as results too;
- user manual scopes (at the top level or in a loop body) whose tasks produce runtime outputs,
  pass them on, write them `inout`, read those the auto part produced (and write one no task
  read yet, which nothing uses after the scope), produce them in a parallel loop with a
  TaskId carry, in a sequential loop carrying the producer's TaskId, in `scf.if` branches
  yielding it, list TaskIds one by one or in a TaskId array, and copy their runtime outputs
  into a dedicated `out` parameter. Every
  manual task lists, for each buffer it touches, the TaskId of the buffer's producer and its
  last writer directly (and, for a write, of the readers since), as the runtime requires: in a
  MANUAL scope it adds no creator edge, and a task that holds no edge to the producer may run
  after the buffer's memory was handed out again.

At the end every runtime output still live at the top level is folded into a dedicated `out`
parameter, so the outputs compared by the differential see them all. Validity is
random_programs.check's (race- and use-after-free-free as written, through the pipeline and
the printer).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from support.random_programs import RUNTIME_OUTPUT_KERNELS, T16, TID, _Buf, _Gen
from support.random_programs import generate as _generate


@dataclass
class _RBuf(_Buf):
    """A runtime-allocated output at the top level: `creator` / `last` are the TaskIds of its
    producer and last writer, valid while `val == at` (a write by a segment that does not
    record TaskIds changes `val`)."""

    creator: str | None = None
    last: str | None = None
    at: str | None = None

    def tids(self) -> list[str] | None:
        """The TaskIds a manual task reading the buffer lists (None: not known here)."""
        if self.creator is None or self.at != self.val:
            return None
        return [self.creator] + ([self.last] if self.last and self.last != self.creator else [])


@dataclass
class _MBuf:
    """A buffer as a manual scope sees it: `need` the TaskIds a reader lists, `readers` the
    TaskIds of the tasks that read it since its last write (a writer lists them too)."""

    val: str
    need: list[str] = field(default_factory=list)
    readers: list[str] = field(default_factory=list)
    local: bool = False
    readonly: bool = False  # may be an `in` parameter (a parallel loop's result)


def _deps(tids: list[str]) -> list[tuple[str, str]]:
    seen: list[str] = []
    for t in tids:
        if t not in seen:
            seen.append(t)
    return [(t, TID) for t in seen]


class RtGen(_Gen):
    """random_programs' generator, with runtime-allocated outputs (module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.rt: list[_RBuf] = []

    # -- pools: the runtime outputs join the parameters
    def readable(self) -> list[_Buf]:
        return super().readable() + [b for b in self.rt if not b.dead]

    def writable(self) -> list[_Buf]:
        return super().writable() + [b for b in self.rt if not b.dead and not b.frozen]

    def pool(self) -> list:
        return super().pool() + [
            self.seg_rt_chain,
            self.seg_rt_chain,
            self.seg_rt_loop,
            self.seg_rt_loop,
            self.seg_rt_if,
            self.seg_rt_manual,
            self.seg_rt_manual,
            self.seg_rt_manual,
        ]

    # -- one task whose output the runtime allocates
    def rt_task(
        self, kernel: str, srcs: list[str], scalar: str | None, deps: list[tuple[str, str]] | None
    ) -> tuple[str, str | None]:
        """`kernel` (a kr_*) on whole-buffer `srcs`; a submit (with a TaskId) unless `deps`
        is None."""
        self.used.add(kernel)
        ops = [f"in {s}" for s in srcs] + ([f"scalar {scalar}"] if scalar else [])
        tys = [T16] * len(srcs) + (["f32"] if scalar else [])
        return self.emit_task(kernel, ops, f"({', '.join(tys)}) -> {T16}", deps, "y", "ty")

    def rt_two(
        self, kernel: str, src: str, dst: str | None, deps: list[tuple[str, str]] | None
    ) -> tuple[str, str, str | None]:
        """`kr_pair(in src)` (two runtime outputs) or `kr_acc(in src, inout dst)` (`dst`
        written, one runtime output): (first result, second result, TaskId or None)."""
        self.used.add(kernel)
        ops = f"in {src}" + (f", inout {dst}" if dst else "")
        sig = f"({T16}{', ' + T16 if dst else ''}) -> ({T16}, {T16})"
        a, b = self.new("y"), self.new("y")
        if deps is None:
            self.emit(f"{a}, {b} = pto_orch.call @{kernel}({ops}) : {sig}")
            return a, b, None
        tid = self.new("ty")
        dtext = ""
        if deps:
            dtext = f" deps({', '.join(v for v, _ in deps)} : {', '.join(t for _, t in deps)})"
        self.emit(f"{a}, {b}, {tid} = pto_orch.submit @{kernel}({ops}){dtext} : {sig}")
        return a, b, tid

    def pick_rt(self) -> tuple[str, int]:
        k = self.rng.choice(["kr_add", "kr_mul", "kr_scale"])
        return k, 1 if k == "kr_scale" else 2

    def produce(self, srcs: list[_Buf], submit: bool) -> _RBuf:
        """An auto task producing a runtime output from `srcs` (frozen by it); sometimes two
        (kr_pair), the first returned."""
        if self.rng.random() < 0.2:
            src = self.rng.choice(srcs)
            src.frozen = True
            a, b, tid = self.rt_two("kr_pair", src.val, None, [] if submit else None)
            bufs = [_RBuf(v, written=True, creator=tid, last=tid, at=v if tid else None)
                    for v in (a, b)]
            self.rt += bufs
            return bufs[0]
        k, n = self.pick_rt()
        chosen = [self.rng.choice(srcs) for _ in range(n)]
        for s in chosen:
            s.frozen = True
        res, tid = self.rt_task(
            k, [s.val for s in chosen], self.scalar() if n == 1 else None, [] if submit else None
        )
        buf = _RBuf(res, written=True, creator=tid, last=tid, at=res if tid else None)
        self.rt.append(buf)
        return buf

    def update(self, buf: _RBuf, submit: bool) -> None:
        """An auto `inout` write of `buf` (k_inc, or k_axpy of another readable buffer)."""
        srcs = [b for b in self.readable() if b is not buf]
        k = "k_axpy" if srcs and self.rng.random() < 0.6 else "k_inc"
        tids = buf.tids() if submit else None
        deps = None
        if submit:  # an auto submit may list deps too (the producer's, redundantly)
            deps = _deps(tids[:1]) if tids and self.rng.random() < 0.5 else []
        src = [self.rng.choice(srcs)] if k == "k_axpy" else []
        if src and self.rng.random() < 0.4:  # kr_acc: the write, and a new runtime output
            src[0].frozen = True
            buf.val, out, tid = self.rt_two("kr_acc", src[0].val, buf.val, deps)
            self.rt.append(_RBuf(out, written=True, creator=tid, last=tid, at=out if tid else None))
        else:
            _, tid = self.write(k, buf, {}, src, deps=deps)
        if tid is not None and tids is not None:
            buf.last, buf.at = tid, buf.val
        else:
            buf.at = None

    # -- segments
    def seg_rt_chain(self) -> None:
        """Auto tasks producing runtime outputs, reading them and writing them inout."""
        for _ in range(self.rng.randint(1, 4)):
            ups = [b for b in self.rt if not b.dead and not b.frozen]
            submit = self.rng.random() < 0.6
            live = [b for b in self.rt if not b.dead]
            if ups and self.rng.random() < 0.35:
                self.update(self.rng.choice(ups), submit)
            elif live and self.rng.random() < 0.3:
                # a host read (get_tensor_data waits for the producer and the writers), whose
                # value later tasks take as a scalar
                b = self.rng.choice(live)
                v = self.new("hv")
                self.emit(f"{v} = pto_tensor.read {b.val}[%c{self.rng.choice([0, 8])}, %c1] : "
                          f"{T16} -> f32")
                self.scalars.append(v)
            else:
                self.produce(self.readable(), submit)

    def seg_rt_if(self) -> None:
        """`scf.if` whose branches produce runtime outputs (the TaskIds as results too)."""
        srcs = self.readable()
        cond, thr = self.new("cond"), self.rng.choice(["%k0", "%k1"])
        self.emit(f"{cond} = arith.cmpi sgt, %flag, {thr} : i64")
        keep = self.rng.random() < 0.3  # the else branch yields an existing buffer
        old = self.rng.choice(srcs)
        with_tid = self.rng.random() < 0.6 and (not keep or (isinstance(old, _RBuf) and old.tids()))
        res, tc, tl = self.new("if"), self.new("tif"), self.new("tif")
        types = f"{T16}, {TID}, {TID}" if with_tid else T16
        self.emit(f"{', '.join([res, tc, tl] if with_tid else [res])} = scf.if {cond} -> ({types}) {{")
        chosen: list[_Buf] = []
        for branch in ("then", "else"):
            self.depth += 1
            if branch == "else" and keep:
                assert isinstance(old, _Buf)
                vals = [old.val]
                if with_tid:
                    assert isinstance(old, _RBuf)
                    known = old.tids() or []
                    vals += [known[0], known[-1]]
                old.frozen = True
            else:
                k, n = self.pick_rt()
                picked = [self.rng.choice(srcs) for _ in range(n)]
                chosen += picked
                y, t = self.rt_task(k, [s.val for s in picked], self.scalar() if n == 1 else None,
                                    [] if with_tid else None)
                last = t
                if self.rng.random() < 0.4:
                    y, last = self.task("k_inc", [], [], y, "inout", {y: T16},
                                        deps=_deps([t]) if with_tid and t else None)
                vals = [y] + ([t or "", last or ""] if with_tid else [])
            self.emit(f"scf.yield {', '.join(vals)} : {types}")
            self.depth -= 1
            self.emit("} else {" if branch == "then" else "}")
        for s in chosen:
            s.frozen = True
        self.rt.append(_RBuf(res, written=True, frozen=keep, creator=tc if with_tid else None,
                             last=tl if with_tid else None, at=res if with_tid else None))

    def seg_rt_loop(self) -> None:
        """A loop whose carry is a runtime output each iteration produces (module docstring)."""
        rng = self.rng
        srcs = [b for b in self.readable()]
        init = rng.choice(srcs)
        trip = rng.choice([2, 4])
        fresh = rng.random() < 0.3  # the body does not read the carry
        parallel = fresh and rng.random() < 0.5
        tid = rng.random() < 0.5
        manual = not parallel and rng.random() < 0.3
        inner = not parallel and not manual and rng.random() < 0.3
        branch = not parallel and rng.random() < 0.3
        inout = not parallel and rng.random() < 0.3
        # the trip count of %flag (0, 1 or 5): none at all makes the result the init
        dynamic = not parallel and not manual and rng.random() < 0.5
        init.frozen = True
        res, cur, iv = self.new("lres"), self.new("cur"), self.new("i")
        carries = [(cur, init.val, T16)]
        results = [res]
        # the TaskIds the init's readers list (the first iteration's `tc`, `tl`), when known
        known = init.tids() if isinstance(init, _RBuf) else [] if init in self.ins else None
        tid = tid and not (dynamic and known is None)  # the init's TaskIds if no iteration
        if tid:
            tinit = [known[0], known[-1]] if known else []
            if not tinit:
                none = self.new("none")
                self.emit(f"{none} = pto_system.task_invalid")
                tinit = [none, none]
            tc, tl = self.new("tc"), self.new("tl")
            carries += [(tc, tinit[0], TID), (tl, tinit[1], TID)]
            results += [self.new("ltc"), self.new("ltl")]
        types = ", ".join(t for *_, t in carries)
        inits = ", ".join(f"{a} = {v}" for a, v, _ in carries)
        ub = f"%c{trip}"
        if dynamic:
            ub = self.new("n")
            self.emit(f"{ub} = arith.index_cast %flag : i64 to index")
        self.emit(f"{', '.join(results)} = scf.for {iv} = %c0 to {ub} step %c1 "
                  f"iter_args({inits}) -> ({types}) {{")
        self.depth += 1
        subs: list[tuple[str, str]] | None = [] if tid or manual else None
        inputs = [cur] if not fresh else []
        picked: list[_Buf] = []
        if rng.random() < 0.4:  # a temporary runtime output of this iteration
            k, n = self.pick_rt()
            picked += [rng.choice(srcs) for _ in range(n)]
            tmp, _ = self.rt_task(k, [b.val for b in picked], self.scalar() if n == 1 else None, None)
            inputs.append(tmp)
        k, n = self.pick_rt()
        while len(inputs) < n:
            picked.append(rng.choice(srcs))
            inputs.append(picked[-1].val)
        for s in picked:
            s.frozen = True
        if n == 1 and rng.random() < 0.3:  # two runtime outputs; one carried, one dropped
            z, z2, tz = self.rt_two("kr_pair", inputs[0], None, subs)
            if rng.random() < 0.5:
                z = z2
        else:
            z, tz = self.rt_task(k, inputs[:n], "%half" if n == 1 else None, subs)
        zl = tz
        if inout:
            z, zl = self.task("k_inc", [], [], z, "inout", {z: T16},
                              deps=_deps([tz]) if tz else None)
        if inner:
            z, zc, zl = self._rt_inner(z, tz, zl)
            tz = zc
        if branch:
            z, tz, zl = self._rt_branch(z, tz, zl, srcs)
        if manual:
            assert tz is not None
            assert zl is not None
            outer = [_MBuf(z, [tz, zl], readonly=True)]
            if tid and known is not None and not fresh and rng.random() < 0.5:
                # the carry too: the previous iteration's output (the init in the first)
                outer.append(_MBuf(cur, [tc, tl], readonly=True))
            self.manual_scope(outer, (iv, 16 // trip))
        yields = [z] + ([tz or "", zl or ""] if tid else [])
        self.emit(f"scf.yield {', '.join(yields)} : {types}")
        self.depth -= 1
        self.emit("} {pto_orch.parallel}" if parallel else "}")
        # no later write when the body reads the carry: pto2-pipeline refuses a write of the
        # loop's result after reads of the carry, though only earlier iterations' buffers are
        # read (findings/refused_inout_after_carried_runtime_output.mlir); nor when the result
        # may be the init, an `in` parameter (the verifier's rule), or the init was read: the
        # pipeline does not use the constant trip count (the same finding)
        self.rt.append(_RBuf(res, written=True, frozen=True,
                             creator=results[1] if tid else None,
                             last=results[2] if tid else None, at=res if tid else None))

    def _rt_inner(self, z: str, tz: str | None, zl: str | None) -> tuple[str, str | None, str | None]:
        """An inner loop carrying a fresh runtime output (and its TaskId when known)."""
        res, cur, j = self.new("ires"), self.new("icur"), self.new("j")
        if tz is None:
            self.emit(f"{res} = scf.for {j} = %c0 to %c2 step %c1 iter_args({cur} = {z}) -> ({T16}) {{")
            self.depth += 1
            y, _ = self.rt_task("kr_scale", [cur], "%half", None)
            self.emit(f"scf.yield {y} : {T16}")
            self.depth -= 1
            self.emit("}")
            return res, None, None
        tr, tc = self.new("itid"), self.new("itc")
        self.emit(f"{res}, {tr} = scf.for {j} = %c0 to %c2 step %c1 "
                  f"iter_args({cur} = {z}, {tc} = {tz}) -> ({T16}, {TID}) {{")
        self.depth += 1
        y, ty = self.rt_task("kr_scale", [cur], "%half", [])
        self.emit(f"scf.yield {y}, {ty} : {T16}, {TID}")
        self.depth -= 1
        self.emit("}")
        return res, tr, tr

    def _rt_branch(
        self, z: str, tz: str | None, zl: str | None, srcs: list[_Buf]
    ) -> tuple[str, str | None, str | None]:
        """An `scf.if` in a loop body: a new runtime output from `z`, or `z` itself."""
        cond = self.new("cond")
        self.emit(f"{cond} = arith.cmpi sgt, %flag, {self.rng.choice(['%k0', '%k1'])} : i64")
        res = self.new("bres")
        src = self.rng.choice(srcs)
        src.frozen = True
        if tz is None:
            self.emit(f"{res} = scf.if {cond} -> ({T16}) {{")
            self.depth += 1
            y, _ = self.rt_task("kr_add", [z, src.val], None, None)
            self.emit(f"scf.yield {y} : {T16}")
            self.depth -= 1
            self.emit("} else {")
            self.emit(f"  scf.yield {z} : {T16}")
            self.emit("}")
            return res, None, None
        rc, rl = self.new("btc"), self.new("btl")
        self.emit(f"{res}, {rc}, {rl} = scf.if {cond} -> ({T16}, {TID}, {TID}) {{")
        self.depth += 1
        y, ty = self.rt_task("kr_add", [z, src.val], None, _deps([tz, zl or tz]))
        self.emit(f"scf.yield {y}, {ty}, {ty} : {T16}, {TID}, {TID}")
        self.depth -= 1
        self.emit("} else {")
        self.emit(f"  scf.yield {z}, {tz}, {zl} : {T16}, {TID}, {TID}")
        self.emit("}")
        return res, rc, rl

    def seg_rt_manual(self) -> None:
        """A user manual scope with runtime outputs, at the top level or in a loop body."""
        outer = []
        in_loop = self.rng.random() < 0.35
        if not in_loop and self.rng.random() < 0.5:  # one nobody read yet, for the scope
            self.produce(self.readable(), True)
        for b in self.rt:
            t = b.tids()
            if not b.dead and t and self.rng.random() < 0.7:
                # one nobody read yet may be written inout here (at the top level): then
                # nothing after the scope uses it (the auto tasks would not wait for the write)
                writable = not in_loop and not b.frozen and self.rng.random() < 0.6
                outer.append(_MBuf(b.val, list(t), readonly=not writable))
                b.frozen, b.dead = True, b.dead or writable
        if in_loop:
            iv, trip = self.new("i"), self.rng.choice([2, 4])
            self.emit(f"scf.for {iv} = %c0 to %c{trip} step %c1 {{")
            self.depth += 1
            self.manual_scope(outer, (iv, 16 // trip))
            self.depth -= 1
            self.emit("}")
        else:
            self.manual_scope(outer, None)

    def manual_scope(self, outer: list[_MBuf], rows: tuple[str, int] | None) -> None:
        """`pto_rt.scope manual { ... }`: tasks on the inputs, `outer` (read only) and runtime
        outputs of their own, each listing what it needs (module docstring); the scope's own
        outputs end in a dedicated `out` parameter (rows `iv * h` of `h` rows when `rows`)."""
        rng = self.rng
        self.emit("pto_rt.scope manual {")
        self.depth += 1
        pool = [_MBuf(x.val) for x in self.ins] + outer
        local: list[_MBuf] = []
        for step in range(rng.randint(1, 4)):
            mine = [b for b in local + outer if not b.readonly]
            if mine and rng.random() < (0.6 if step == 0 else 0.3):  # an inout write
                dst = rng.choice(mine)
                src = rng.choice(pool + local) if rng.random() < 0.6 else None
                if src is dst:
                    src = None
                need = dst.need + dst.readers + (src.need if src else [])
                if src and rng.random() < 0.3:  # kr_acc: a new runtime output too
                    v, out, t = self.rt_two("kr_acc", src.val, dst.val, _deps(need))
                    assert t is not None
                    local.append(_MBuf(out, [t], local=True))
                else:
                    k = "k_axpy" if src else "k_inc"
                    v, t = self.task(k, [src.val] if src else [], [self.scalar()] if src else [],
                                     dst.val, "inout",
                                     {dst.val: T16, **({src.val: T16} if src else {})},
                                     deps=_deps(need))
                assert t is not None
                if src:
                    src.readers.append(t)
                dst.val, dst.need, dst.readers = v, [dst.need[0], t], []
            elif not local and rng.random() < 0.25:  # produced by a parallel loop
                local.append(self._manual_parallel())
            elif rng.random() < 0.15:
                src = rng.choice(pool + local)
                a, b, t = self.rt_two("kr_pair", src.val, None, _deps(src.need))
                assert t is not None
                src.readers.append(t)
                local += [_MBuf(a, [t], local=True), _MBuf(b, [t], local=True)]
            elif rng.random() < 0.15:
                local.append(self._manual_if(pool + local))
            elif rng.random() < 0.3:
                local.append(self._manual_loop(pool + local))
            else:
                k, n = self.pick_rt()
                srcs = [rng.choice(pool + local) for _ in range(n)]
                deps = _deps([x for s in srcs for x in s.need])
                if len(deps) >= 2 and rng.random() < 0.5:  # listed as one TaskId array
                    deps = self._task_array([v for v, _ in deps])
                v, t = self.rt_task(k, [s.val for s in srcs], self.scalar() if n == 1 else None,
                                    deps)
                assert t is not None
                for s in srcs:
                    s.readers.append(t)
                local.append(_MBuf(v, [t], local=True))
        self._manual_sink(local + [b for b in outer if not b.readonly] or outer or pool, rows)
        self.depth -= 1
        self.emit("}")

    def _task_array(self, tids: list[str]) -> list[tuple[str, str]]:
        """`tids` in a TaskId array (the deps entry that lists them all)."""
        n = len(tids)
        ty = f"!pto_orch.task_id_array<{n}>"
        arr = self.new("arr")
        self.emit(f"{arr} = pto_orch.task_array_create : {ty}")
        for i, t in enumerate(tids):
            a2 = self.new("arr")
            self.emit(f"{a2} = pto_orch.task_array_set {t}, {arr}[%c{i}] : {ty}")
            arr = a2
        return [(arr, ty)]

    def _manual_if(self, pool: list[_MBuf]) -> _MBuf:
        """An `scf.if` in a manual scope whose branches produce runtime outputs and yield
        them with their TaskIds."""
        cond = self.new("cond")
        self.emit(f"{cond} = arith.cmpi sgt, %flag, {self.rng.choice(['%k0', '%k1'])} : i64")
        res, tr = self.new("mif"), self.new("mtif")
        self.emit(f"{res}, {tr} = scf.if {cond} -> ({T16}, {TID}) {{")
        for branch in ("then", "else"):
            self.depth += 1
            k, n = self.pick_rt()
            srcs = [self.rng.choice(pool) for _ in range(n)]
            v, t = self.rt_task(k, [s.val for s in srcs], self.scalar() if n == 1 else None,
                                _deps([x for s in srcs for x in s.need]))
            for s in srcs:
                if tr not in s.readers:
                    s.readers.append(tr)  # the branch's task, whichever ran
            self.emit(f"scf.yield {v}, {t} : {T16}, {TID}")
            self.depth -= 1
            self.emit("} else {" if branch == "then" else "}")
        return _MBuf(res, [tr], local=True)

    def _manual_loop(self, pool: list[_MBuf]) -> _MBuf:
        """A loop in a manual scope: each iteration's runtime output made from the previous
        one's, the TaskId of its producer carried beside it (what the next one lists)."""
        init = self.rng.choice([b for b in pool if len(b.need) <= 1])
        x = self.rng.choice(self.ins)
        tinit = init.need[0] if init.need else self.new("none")
        if not init.need:
            self.emit(f"{tinit} = pto_system.task_invalid")
        res, tres, c, tc, iv = (self.new(b) for b in ("mres", "mtres", "mc", "mtc", "i"))
        self.emit(f"{res}, {tres} = scf.for {iv} = %c0 to %c2 step %c1 iter_args({c} = "
                  f"{init.val}, {tc} = {tinit}) -> ({T16}, {TID}) {{")
        self.depth += 1
        y, t = self.rt_task("kr_add", [c, x.val], None, _deps([tc]))
        self.emit(f"scf.yield {y}, {t} : {T16}, {TID}")
        self.depth -= 1
        self.emit("}")
        init.readers.append(tres)  # after the first iteration's task, through the chain
        # readonly: the result may be the init (a parameter) as far as the verifier knows
        return _MBuf(res, [tres], local=True, readonly=True)

    def _manual_parallel(self) -> _MBuf:
        """A parallel loop of producers carrying a TaskId (an array after the pipeline)."""
        none, res, tids, d, p, iv = (self.new(b) for b in ("none", "pres", "ptids", "d", "p", "i"))
        self.emit(f"{none} = pto_system.task_invalid")
        x = self.rng.choice(self.ins)
        self.emit(f"{res}, {tids} = scf.for {iv} = %c0 to %c4 step %c1 iter_args({d} = {x.val}, "
                  f"{p} = {none}) -> ({T16}, {TID}) {{")
        self.depth += 1
        u, t = self.rt_task("kr_scale", [x.val], self.scalar(), _deps([p]))
        self.emit(f"scf.yield {u}, {t} : {T16}, {TID}")
        self.depth -= 1
        self.emit("} {pto_orch.parallel}")
        return _MBuf(res, [tids], local=True, readonly=True)

    def _manual_sink(self, bufs: list[_MBuf], rows: tuple[str, int] | None) -> None:
        """Copy `bufs` into a dedicated `out` parameter (rows of it when `rows`)."""
        od = self.dedicated_out()
        od.dead = True
        dst, st = od.val, T16
        if rows is not None:
            iv, h = rows
            st = f"tensor<{h}x16xf32>"
            row, dst = self.new("row"), self.new("dv")
            self.emit(f"{row} = arith.muli {iv}, %c{h} : index")
            self.emit(f"{dst} = pto_tensor.slice {od.val}[{row}, %c0] : {T16} to {st}")
        last: list[str] = []
        for i, b in enumerate(bufs):
            src = b.val
            if rows is not None:
                src = self.new("sv")
                self.emit(f"{src} = pto_tensor.slice {b.val}[{row}, %c0] : {T16} to {st}")
            deps = _deps(b.need + last)
            if len(deps) >= 2 and self.rng.random() < 0.3:
                deps = self._task_array([v for v, _ in deps])
            if i == 0:
                dst, t = self.task("k_scale", [src], [self.scalar()], dst, "out",
                                   {src: st, dst: st}, deps=deps)
            else:
                dst, t = self.task("k_axpy", [src], [self.scalar()], dst, "inout",
                                   {src: st, dst: st}, deps=deps)
            assert t is not None
            last = [t]

    def finish(self) -> None:
        """Fold every live runtime output into a dedicated `out` parameter (after making
        one, when no segment did)."""
        if not any(k in self.used for k in RUNTIME_OUTPUT_KERNELS):
            self.seg_rt_chain()
        live = [b for b in self.rt if not b.dead]
        if not live:
            return
        od = self.dedicated_out()
        for i, b in enumerate(live):
            b.frozen = True
            if i == 0:
                self.write("k_scale", od, {}, [b])
            else:
                self.write("k_axpy", od, {}, [b])
        od.dead = True


def generate(seed: int) -> tuple[str, str, dict[str, Any], dict[str, Any]]:
    """A random valid program with runtime-allocated outputs (module docstring), as
    random_programs.generate: `(mlir_text, func_name, kernels, args)`, deterministic in `seed`."""
    return _generate(seed, RtGen)
