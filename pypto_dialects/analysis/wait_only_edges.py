"""Which explicit edges only need ordering: the wait-only edges of the current runtime API
(`-t 'pto2-cpp{api=current wait-only-edges=true}'`, docs/targets/pto2-cpp.md#wait-only-edges).

In the current API generation an explicit edge has a kind (docs/runtime-api.md D7, D8):
`DEP_WAIT` orders the consumer after the producer; `DEP_RETAIN` also makes the consumer hold a
reference to the producer until the consumer completes, which keeps the producer's slot and
the buffers it created (docs/runtime-api.md 3.1, 3.5). Plain `set_dependencies` edges are
both. The only thing a reference protects that a program can use is a buffer whose creator
is the producer: an `alloc_tensors` allocation task, or a kernel task with an output the
runtime allocates (`add_output(TensorCreateInfo)`); a task that created no buffer is needed
by nobody once it has completed (the runtime itself draws the line there: a tensor-map edge,
which orders a reader after a writer, only waits, and the creator edge retains,
docs/runtime-api.md 3.2).

So the rule, a property of the TaskId value alone (not of the consumer): an edge on a TaskId
is wait-only when every task the value may name at run time creates no buffer: a kernel task
(`pto_orch.submit`) with no runtime-allocated output, or a dummy barrier. An edge that may name
an allocation (the retain edges of add-retain-edges) or a task with a runtime-allocated output
keeps `DEP_WAIT | DEP_RETAIN`; so does one whose producers cannot be traced. Every reference
that keeps a buffer alive is therefore kept, and the use-after-free reasoning of
add-retain-edges is unchanged; what goes is the reference to tasks that hold no buffer, which
otherwise delays their consumption (and, since a ring is reclaimed in order, every later
buffer of their ring) until the consumer completes.

The values a TaskId may name are traced back (`TaskIdProducers`): a submit's TaskId, a dummy's,
an allocation batch's; `task_invalid` and a fresh `task_array_create` name none; a
`task_array_get` names what its array may hold, a `task_array_set` its array's and its
value's; an `scf.for` iter_arg its init's and its yielded value's, a loop result its
iter_arg's, an `scf.if` result either branch's, a `pto_rt.scope` result its yielded value's.
Any other definition (a block argument of the function, an op of another dialect) is
untraceable: its edges keep retaining.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.analysis.storage_roots import yield_values
from pypto_dialects.orch import SubmitOp, TaskArrayCreateOp, TaskArrayGetOp, TaskArraySetOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp
from pypto_dialects.tensor import AllocTensorsOp

Producer = SubmitOp | TaskDummyOp | AllocTensorsOp
"""An op whose TaskId a value may hold."""

UNTRACEABLE = None
"""`TaskIdProducers.of` of a value whose producers cannot be traced."""


def _sources(value: SSAValue) -> list[SSAValue] | Producer | None:
    """One step back: the producing op (a leaf), the values `value` may be a copy of, or None
    (untraceable)."""
    if isinstance(value, BlockArgument):
        loop = value.block.parent_op()
        if not isinstance(loop, scf.ForOp) or value.index == 0:
            return None
        k = value.index - 1
        ys = yield_values(loop)
        return [loop.iter_args[k], *([ys[k]] if k < len(ys) else [])]
    assert isinstance(value, OpResult), value
    op = value.op
    if isinstance(op, SubmitOp | TaskDummyOp | AllocTensorsOp):
        return op
    if isinstance(op, TaskInvalidOp | TaskArrayCreateOp):
        return []
    if isinstance(op, TaskArrayGetOp):
        return [op.array]
    if isinstance(op, TaskArraySetOp):
        return [op.array, op.value]
    if isinstance(op, scf.ForOp):
        return [op.body.block.args[value.index + 1]]
    if isinstance(op, scf.IfOp):
        return [ys[value.index] for r in range(len(op.regions))
                if value.index < len(ys := yield_values(op, r))]
    if isinstance(op, ScopeOp):
        ys = yield_values(op)
        return [ys[value.index]] if value.index < len(ys) else None
    return None


class TaskIdProducers:
    """The ops whose TaskId a `!pto_orch.task_id` (or TaskId array) value may hold at run time
    (`of(value)`: a frozenset of submits, dummies and allocation batches, or `UNTRACEABLE`).
    A depth-first walk back through copies (loop carries are cycles: each value is visited
    once per query); a query's answer is memoized and reused by later queries that reach it."""

    def __init__(self) -> None:
        self.memo: dict[SSAValue, frozenset[Producer] | None] = {}

    def of(self, value: SSAValue) -> frozenset[Producer] | None:
        """The producers `value` may name (see the class docstring)."""
        if value in self.memo:
            return self.memo[value]
        found: set[Producer] = set()
        seen: set[SSAValue] = set()
        stack = [value]
        answer: frozenset[Producer] | None = None
        while stack:
            v = stack.pop()
            if v in seen:
                continue
            seen.add(v)
            if v is not value and v in self.memo:
                sub = self.memo[v]
                if sub is None:
                    break
                found |= sub
                continue
            step = _sources(v)
            if step is None:
                break
            if isinstance(step, SubmitOp | TaskDummyOp | AllocTensorsOp):
                found.add(step)
            elif isinstance(step, list):
                stack.extend(step)
        else:
            answer = frozenset(found)
        self.memo[value] = answer
        return answer


class WaitOnlyEdges:
    """The wait-only decision for the TaskId values of one module (see the module docstring):
    `wait_only(value)` is True when `value` may name a task and every task it may name
    creates no buffer (a value that names none, `task_invalid`, is never an edge).
    `symbols`: the caller's memo of kernel lookups."""

    def __init__(self, symbols: SymbolTableCollection | None = None) -> None:
        self.symbols = symbols or SymbolTableCollection()
        self.producers = TaskIdProducers()
        self._creates: dict[Operation, bool] = {}
        self._memo: dict[SSAValue, bool] = {}

    def creates_buffer(self, op: Producer) -> bool:
        """Whether the task of `op` creates a buffer: an allocation batch always; a submit
        that leaves trailing `out` parameters to the runtime (`add_output(TensorCreateInfo)`),
        or whose kernel does not resolve (counted as creating one); a dummy never."""
        known = self._creates.get(op)
        if known is None:
            if isinstance(op, AllocTensorsOp):
                known = True
            elif isinstance(op, TaskDummyOp):
                known = False
            else:
                try:
                    known = len(op.args) < len(op.kernel(self.symbols).param_types)
                except VerifyException:
                    known = True
            self._creates[op] = known
        return known

    def wait_only(self, value: SSAValue) -> bool:
        """Whether an explicit edge on the TaskId `value` only needs ordering."""
        known = self._memo.get(value)
        if known is None:
            found = self.producers.of(value)
            known = found is not None and bool(found) and not any(
                self.creates_buffer(p) for p in found
            )
            self._memo[value] = known
        return known
