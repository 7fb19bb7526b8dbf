"""Which compiler edges of a manual scope another path of edges already implies
(drop-implied-edges, docs/passes/drop-implied-edges.md).

In a MANUAL scope the runtime orders tasks by their explicit edges only (`deps`, the user's,
and `compiler_deps`, the compiler's). A compiler edge d -> c is implied when another dependency
e of c is, on every execution where d is a valid TaskId, a valid task that waits for d's task
(directly or through a chain of tasks): c then waits for d anyway, and the edge costs a
dependency slot and a fan-in check at run time for nothing.

`Implied` computes, for each TaskId value `v` of one manual scope, the set `Imp(v)` of TaskId
values `w` (as a bit set) such that: whenever `w` is valid, `v` is valid and its task is `w`'s
task or waits for it. Forward, in program order, over the scope's body:

- a task's TaskId (`pto_orch.submit`, `pto_system.task_dummy`): itself and every `Imp(u)` of
  its TaskId dependencies `u` (a dummy with a valid dependency is always submitted);
- an `scf.if` result: itself and what the values both branches yield imply (the chain must
  exist on every path; a branch that yields `task_invalid` or an older TaskId implies less);
- a sequential `scf.for` iter_arg and result: itself and the greatest set X of values
  defined outside the loop that its init implies and its yield implies, assuming the iter_arg
  implies X (iterated to a fixed point; by induction on the iterations, X holds for every
  iteration's carry and for the result, whatever the trip count);
- anything else (a `pto_orch.parallel` loop's carries, whose C++ form is an array; TaskId
  arrays and their slots; values from outside the scope): only itself.

So every task of a chain is submitted in the same instance of the scope as the consumer, and
certainly (its TaskId being valid). A compiler dependency `d` of a task is dropped when
another of the task's TaskId dependencies `e` (the user's included) has `d` in `Imp(e)`;
the dependencies are visited in order and a dropped one no longer implies anything, so of two
equal values one stays. The user's `deps` are never dropped.

An edge is also a reference: a dependency on a task whose runtime-allocated output (a trailing
`out` parameter left to the runtime) the consumer uses keeps that buffer alive while the
consumer runs, which a chain through other tasks does not (each of them releases the producer
when it completes; a MANUAL scope adds no creator edge). Such a dependency `d` is kept even
when implied, unless the same value is listed again.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, OpResult, SSAValue

from pypto_dialects.analysis.accessors import walk_list
from pypto_dialects.analysis.storage_roots import RootSets
from pypto_dialects.analysis.wait_only_edges import TaskIdProducers
from pypto_dialects.orch import PARALLEL, CallOp, SubmitOp, TaskIdType
from pypto_dialects.rt import ScopeOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskDummyOp

Task = CallOp | SubmitOp
"""A task with `compiler_deps` (a call has no TaskId and no user deps)."""


class Implied:
    """The implied compiler edges of the manual scopes of one function body.

    `scope(op)` analyses one manual `pto_rt.scope` (its whole body, ifs and loops included);
    `drops` maps each task with implied compiler edges to the positions in its
    `compiler_deps` to drop, ascending."""

    def __init__(self, symbols: SymbolTableCollection | None = None) -> None:
        self.drops: dict[Task, list[int]] = {}
        self._bit: dict[SSAValue, int] = {}
        self._imp: dict[SSAValue, int] = {}
        self.roots = RootSets(symbols or SymbolTableCollection())
        self._producers = TaskIdProducers()
        self._creators: dict[Task, set[Operation]] = {}
        self._allocating: dict[Operation, bool] = {}

    def _holds(self, d: SSAValue, op: Task) -> bool:
        """Whether the dependency `d` of `op` may name one of the tasks whose
        runtime-allocated outputs `op` uses (`_creators_used`): its own TaskId, or one carried
        to it through loops, ifs and scopes (a value whose tasks cannot be traced counts).
        When none of the tasks `d` may name has a runtime-allocated output, `op`'s arguments
        are not traced: no such task can be among them."""
        named = self._producers.of(d)
        if named is not None and not any(self._allocates(p) for p in named):
            return False
        creators = self._creators.get(op)
        if creators is None:
            creators = self._creators[op] = self._creators_used(op)
        if not creators:
            return False
        return named is None or bool(named & creators)

    def _allocates(self, producer: Operation) -> bool:
        """Whether `producer` is a submit with a runtime-allocated output (a result whose
        kernel parameter is past its arguments), asked once per submit."""
        got = self._allocating.get(producer)
        if got is None:
            got = False
            if isinstance(producer, SubmitOp):
                params = producer.kernel(self.roots.symbols).result_param_indices()
                got = any(params[k] >= len(producer.args) for k in range(len(producer.res)))
            self._allocating[producer] = got
        return got

    def _creators_used(self, op: Task) -> set[Operation]:
        """The tasks whose runtime-allocated outputs `op`'s tensor arguments may be (the
        edges to them hold those buffers; see the module docstring)."""
        out: set[Operation] = set()
        if op.directions() is None:
            return out
        for effect in op.argument_effects(self.roots.symbols):
            for r in self.roots.of(effect.value).roots:
                if not isinstance(r, OpResult) or not isinstance(r.op, SubmitOp):
                    continue
                producer = r.op
                params = producer.kernel(self.roots.symbols).result_param_indices()
                if params[list(producer.res).index(r)] >= len(producer.args):
                    out.add(producer)
        return out

    def _own(self, v: SSAValue) -> int:
        bit = self._bit.get(v)
        if bit is None:
            bit = self._bit[v] = 1 << len(self._bit)
        return bit

    def imp(self, v: SSAValue) -> int:
        """`Imp(v)` as a bit set (only `v` itself for a value this scope did not define)."""
        got = self._imp.get(v)
        return self._own(v) if got is None else got

    def scope(self, op: ScopeOp) -> None:
        """Analyse the manual scope `op` (values of other scopes are only themselves)."""
        assert op.is_manual, op
        self._bit.clear()
        self._imp.clear()
        self._block(op.body.block)

    def _block(self, block: Block) -> None:
        for op in block.ops:
            kind = _KINDS.get(type(op))
            if kind is None:
                kind = _KINDS[type(op)] = _kind(type(op))
            if kind == _OTHER:
                continue  # its TaskId results (if any) are only themselves
            if kind == _TASK:
                assert isinstance(op, Task)
                self._task(op)
            elif kind == _DUMMY:
                assert isinstance(op, TaskDummyOp)
                self._imp[op.result] = self._own(op.result) | self._union(op.deps)
            elif kind == _IF:
                assert isinstance(op, scf.IfOp)
                self._if(op)
            else:
                assert isinstance(op, scf.ForOp)
                self._loop(op)

    def _union(self, values: object) -> int:
        out = 0
        for u in values:  # type: ignore[attr-defined]
            if isinstance(u.type, TaskIdType):
                out |= self.imp(u)
        return out

    def _task(self, op: Task) -> None:
        user = list(op.deps) if isinstance(op, SubmitOp) else []
        cdeps = list(op.compiler_deps)
        kept = self._union(user)
        dropped: list[int] = []
        if len(user) + len(cdeps) > 1:
            for i, d in enumerate(cdeps):
                if not isinstance(d.type, TaskIdType):
                    continue
                rest = kept | self._union(cdeps[i + 1:])
                if rest & self._own(d) and (
                    not self._holds(d, op) or any(u is d for u in (*user, *cdeps[i + 1:]))
                ):
                    dropped.append(i)
                else:
                    kept |= self.imp(d)
        if dropped:
            self.drops[op] = dropped
        else:
            self.drops.pop(op, None)
        if isinstance(op, SubmitOp):
            self._imp[op.task_id] = self._own(op.task_id) | self._union(user) | self._union(cdeps)

    def _if(self, op: scf.IfOp) -> None:
        yields: list[list[SSAValue]] = []
        for region in (op.true_region, op.false_region):
            if not region.blocks:
                return
            self._block(region.block)
            term = region.block.last_op
            assert isinstance(term, scf.YieldOp)
            yields.append(list(term.arguments))
        for i, r in enumerate(op.results):
            if isinstance(r.type, TaskIdType):
                both = self.imp(yields[0][i]) & self.imp(yields[1][i])
                self._imp[r] = self._own(r) | both

    def _loop(self, op: scf.ForOp) -> None:
        block = op.body.block
        carried = [
            i for i, r in enumerate(op.results)
            if isinstance(r.type, TaskIdType) and PARALLEL not in op.attributes
        ]
        # X starts from what the inits imply and only shrinks: each round analyses the body
        # under the current X (its drops replace the previous round's) until X holds.
        xs = {i: self.imp(op.iter_args[i]) for i in carried}
        while True:
            for i in carried:
                arg = block.args[i + 1]
                self._imp[arg] = self._own(arg) | xs[i]
            self._block(block)
            term = block.last_op
            assert isinstance(term, scf.YieldOp)
            new = {i: xs[i] & self.imp(term.arguments[i]) for i in carried}
            if new == xs:
                break
            xs = new
        for i in carried:
            r = op.results[i]
            self._imp[r] = self._own(r) | xs[i]


_OTHER, _TASK, _DUMMY, _IF, _FOR = range(5)
_KINDS: dict[type[Operation], int] = {}
"""What `Implied._block` does with an op of each class, asked once per class (`isinstance`
against op classes, ABCs, is slow when false, as it is for most ops)."""


def _kind(cls: type[Operation]) -> int:
    return (
        _TASK if issubclass(cls, Task)
        else _DUMMY if issubclass(cls, TaskDummyOp)
        else _IF if issubclass(cls, scf.IfOp)
        else _FOR if issubclass(cls, scf.ForOp)
        else _OTHER
    )


def implied_edges(body: Operation) -> dict[Task, list[int]]:
    """The implied compiler edges of every manual scope under `body` (an orchestration
    function): task -> positions in its `compiler_deps` to drop."""
    implied = Implied()
    for op in walk_list(body):
        # (exact: no class derives from ScopeOp, and an isinstance against an op class, an
        # ABC, is slow when false, as it is for most ops)
        if type(op) is ScopeOp and op.is_manual:
            implied.scope(op)
    return implied.drops
