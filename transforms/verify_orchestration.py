"""`verify-orchestration`: the rules of an orchestration function that no op verifier sees
whole (host reads / writes the runtime would not order, manual scopes, in-place TaskId
arrays, TaskIds used after their scope, TaskId carries against the carry plan, values
without a C++ type: `pypto_dialects/cpp_types.py`, scopes every run fills past the task
window: `analysis/scope_limits.py`).

Rules and messages: docs/passes/verify-orchestration.md. Each rule is checked here once:
`pto2-pipeline` ends with this pass, the C++ printer runs `check_orchestration` again before
printing (for IR that did not go through the pipeline), the printer's dependency arrays ask
`check_edges` (rule 5), and rule 2 is the `pto_rt.scope` verifier's (`ScopeOp.nesting_error`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, cast

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import VerifyException

from pypto_dialects import tensor as pt
from pypto_dialects.analysis import storage_roots as storage
from pypto_dialects.analysis.accessors import enclosing_loops
from pypto_dialects.analysis.heap_limits import heap_limit_errors
from pypto_dialects.analysis.loop_instances import Instance, relation, through_carry
from pypto_dialects.analysis.ring_limits import held_heap_errors, ring_window_errors
from pypto_dialects.analysis.run_order import earliest
from pypto_dialects.analysis.scope_limits import scope_limit_errors
from pypto_dialects.analysis.task_id_scopes import array_slots, closing_scope
from pypto_dialects.analysis.untracked_hazards import untracked_root
from pypto_dialects.carry_plan import ARRAY_SIZE, CarryPlan, missing_plan, plan_size
from pypto_dialects.cpp_types import (
    CPP_OPS,
    NO_CPP_MAPPING,
    PRINTED_BY_PARENT,
    args_type_error,
    no_core_type,
    param_type_error,
    results_type_error,
    second_function,
    view_error,
)
from pypto_dialects.diagnostics import file_position, location_of, pass_error
from pypto_dialects.limits import HEAP_SIZE, TASK_WINDOW, check_heap_size, check_task_window
from pypto_dialects.orch import (
    PARALLEL,
    CallOp,
    SubmitOp,
    TaskArraySetOp,
    TaskIdType,
)
from pypto_dialects.orch_arrays import IntArraySetOp
from pypto_dialects.orch_attrs import orchestration_functions
from pypto_dialects.rt import ScopeOp
from pypto_dialects.rt import YieldOp as ScopeYieldOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.system import TaskDummyOp, TaskIsValidOp


class _Checker:
    """One function: the walk in program order, which checks the rules local to an op and
    collects what the function-wide rules (host accesses, in-place TaskId arrays) need."""

    def __init__(self) -> None:
        self.host: list[pt.ReadOp | pt.WriteOp] = []  # host reads and writes
        self.tasks: list[tuple[CallOp | SubmitOp, bool]] = []  # (task, in a manual scope)
        self.sets: list[TaskArraySetOp | IntArraySetOp] = []
        self.order: dict[Operation, int] = {}  # program (= print) order
        self.symbols = SymbolTableCollection()

    def walk(self, region: Region, manual: bool) -> None:
        for block in region.blocks:
            for op in block.ops:
                self.order[op] = len(self.order)
                cls = type(op)
                kind = _WALK_KINDS.get(cls)
                if kind is None:
                    kind = _walk_kind(cls)
                array_set, scope, edges, task_id_user, loop, task, host = kind
                # rule 8: the values the op defines, in print order (a region's block
                # arguments before its body, the results of an op with regions after it)
                why = args_type_error(op) or (None if op.regions else results_type_error(op))
                if why is None:
                    why = self.printable(op, task)
                if why is not None:
                    raise pass_error(op, why)
                if array_set:
                    self.sets.append(cast(TaskArraySetOp | IntArraySetOp, op))
                if scope:
                    assert isinstance(op, ScopeOp)
                    # rule 2, the pto_rt.scope verifier's own, for --disable-verify input
                    nested = op.nesting_error() if manual else None
                    if nested is not None:
                        raise pass_error(op, nested)
                    self.walk(op.body, op.is_manual)
                    self.check_results(op)
                    continue
                if edges:
                    # only a scope result can have closed
                    if any(
                        isinstance(v, OpResult) and isinstance(v.op, ScopeOp) for v in op.operands
                    ):
                        check_edges(cast(CallOp | SubmitOp | TaskDummyOp, op))
                elif task_id_user:
                    check_array_uses(op)
                if loop and cast(scf.ForOp, op).iter_args:
                    check_carry_plan(cast(scf.ForOp, op))
                if task:
                    self.tasks.append((cast(CallOp | SubmitOp, op), manual))
                elif host:
                    self.host.append(cast(pt.ReadOp | pt.WriteOp, op))
                for r in op.regions:
                    self.walk(r, manual)
                if op.regions:
                    self.check_results(op)

    def printable(self, op: Operation, task: bool) -> str | None:
        """Rule 8 for `op` itself: the printer has a C++ form for it (`CPP_OPS`; a
        terminator its parent prints), and a task's kernel has a PTO2 core type."""
        name = op.name
        if name not in CPP_OPS:
            if name in PRINTED_BY_PARENT and op is op.parent_block().last_op:  # type: ignore[union-attr]
                return None
            return NO_CPP_MAPPING
        if name in _VIEW_OPS:
            return view_error(op)
        if task:
            try:
                kernel = cast(CallOp | SubmitOp, op).kernel(self.symbols)
            except VerifyException:
                return None  # the op verifier's error
            if kernel.core_type() is None:
                return no_core_type(kernel.sym_name.data, kernel.kind.data.value)
        return None

    @staticmethod
    def check_results(op: Operation) -> None:
        """Rule 8 for the results of an op with regions (after its body, as printed)."""
        why = results_type_error(op)
        if why is not None:
            raise pass_error(op, why)

    def check_set(self, op: TaskArraySetOp | IntArraySetOp) -> None:
        """An in-place update (of a TaskId array or an integer array): the array value it
        consumed is gone after it, and it must not update an array defined outside the loop
        around it."""
        task_ids = isinstance(op, TaskArraySetOp)
        kind, cpp, items = (
            ("a TaskId array", "PTO2TaskId array", "ids")
            if task_ids
            else ("an integer array", "integer array", "elements")
        )
        loop = op.parent_op()
        while loop is not None and not isinstance(loop, scf.ForOp):
            loop = loop.parent_op()
        array = op.array
        if isinstance(array, OpResult):
            defined_in: Operation | None = array.op
        else:
            assert isinstance(array, BlockArgument)
            defined_in = array.block.parent_op()
        assert defined_in is not None  # (every block of a module is in an op)
        if loop is not None and not loop.is_ancestor(defined_in):
            raise pass_error(
                op,
                f"updates {_describe(op.array)} in place ({cpp}s are C++ arrays), "
                "but the array is defined outside the loop around this op, so every iteration "
                "would update the one array while the IR gives each iteration the unchanged "
                "array: carry the array through the loop's iter_args and yield the updated array",
            )
        at = self.order[op]
        later = [
            u.operation
            for u in op.array.uses
            if self.order.get(u.operation, -1) > at and not _exclusive(op, u.operation)
        ]
        if later:
            use = min(later, key=self.order.__getitem__)
            raise pass_error(
                use,
                f"uses {_describe(op.array)}, {kind} that '{op.name}'{_at_line(op)} has "
                f"updated in place (a{'' if task_ids else 'n'} {cpp} is one C++ array, so the "
                f"value before the update no longer exists): use the "
                f"{op.name.removeprefix('pto_orch.')} result, or copy the {items} into another "
                "array first",
            )


class _UntrackedWhole(storage.Resolver[bool]):
    """Whether a tensor value may be a `manual_dep` create itself, the one tensor the runtime
    keeps untracked (`of(value)`): back through in-place updates, scope results, loop carries
    and if results, but not through a slice, view, reshape or transpose, whose tensor the
    runtime tracks again (docs/dialects/pto_tensor.md, `manual_dep`; the interpreter's
    `TensorValue.manual_dep`)."""

    def leaf(self, value: SSAValue) -> bool:
        return untracked_root(value)

    def through(self, value: SSAValue, link: storage.Link, answer: bool) -> bool:
        return answer and link in (storage.Link.SAME, storage.Link.ONE_OF)

    def join(self, value: SSAValue, parts: list[tuple[storage.Link, bool]]) -> bool:
        return any(self.through(value, link, a) for link, a in parts)

    def cut(self) -> bool:
        return False


class _Access(NamedTuple):
    """One tensor argument of a task: where it is, whether the task writes it, and whether the
    runtime records the write (a tracked AUTO-scope writer: inout / out / output_existing; for
    an `in` argument: not `no_dep`). `held`: an `in` argument that a recorded write of the
    same task holds (`call @k(in %t, out %t)`): a host access that meets the read meets the
    write, and waits for the task. `manual_dep`: the write is to a `manual_dep` buffer.
    `value`: the argument."""

    place: storage.Place
    written: bool
    tracked: bool
    held: bool = False
    manual_dep: bool = False
    value: SSAValue | None = None


class HostAccessChecker:
    """Host reads and writes (`pto_tensor.read` / `pto_tensor.write`) against the tasks that
    may run before them (earlier in the function, or anywhere in the body of a loop around
    them), on storage roots: docs/passes/verify-orchestration.md, rule 1."""

    def __init__(self, tasks: list[tuple[CallOp | SubmitOp, bool]], order: dict[Operation, int]):
        self.tasks = tasks
        self.order = order
        self.roots = storage.RootSets(SymbolTableCollection())
        self.untracked = _UntrackedWhole(self.roots.symbols)
        self.memo: dict[Operation, list[_Access]] = {}

    def accesses(self, task: CallOp | SubmitOp) -> list[_Access]:
        """The tensor arguments of `task`, as its `argument_effects()` state them; a tracked
        write of a tensor that may be a `manual_dep` create itself is not tracked
        (`manual_dep`; a write through a view of it is, as the runtime tracks the view).
        A task whose kernel does not resolve (IR the op verifier rejects): every tensor
        argument but an `in` one counts as an untracked write, the conservative answer."""
        known = self.memo.get(task)
        if known is not None:
            return known
        try:
            task.kernel(self.roots.symbols)
        except VerifyException:
            pairs = self.unresolved(task)
        else:
            pairs = []
            for e in task.argument_effects(self.roots.symbols):
                place = self.roots.of(e.value)
                flagged = e.writes and e.tracked and self.untracked.of(e.value)
                access = _Access(place, e.writes, e.tracked and not flagged, manual_dep=flagged)
                pairs.append((e.value, access))
        values = [v for v, _ in pairs]
        out = [acc._replace(value=v) for v, acc in pairs]
        for k, acc in enumerate(out):
            if acc.written or not acc.tracked:
                continue
            held = any(
                w.written
                and w.tracked
                and (values[j] is values[k] or _surely_holds(w.place, acc.place))
                for j, w in enumerate(out)
            )
            if held:
                out[k] = acc._replace(held=True)
        self.memo[task] = out
        return out

    def unresolved(self, task: CallOp | SubmitOp) -> list[tuple[SSAValue, _Access]]:
        """`accesses` of a task whose kernel does not resolve, with each argument's value:
        without the kernel, what the task does to an argument is not known, so an `in` one
        (a tracked read-only direction) is a tracked read and every other tensor argument an
        untracked write (`manual_dep` when its buffer is an untracked root, unless it is
        `no_dep`)."""
        dirs = task.directions()
        out: list[tuple[SSAValue, _Access]] = []
        for i, arg in enumerate(task.args):
            d = dirs[i] if dirs is not None and i < len(dirs) else None
            if not isinstance(arg.type, TensorType) or (d is not None and not d.is_tensor):
                continue
            place = self.roots.of(arg)
            if d is not None and d.looked_up and not d.writes:  # `in`
                out.append((arg, _Access(place, False, True)))
            else:
                flagged = (d is None or d.tracked) and any(
                    untracked_root(r) for r in place.roots
                )
                out.append((arg, _Access(place, True, False, manual_dep=flagged)))
        return out

    def other_instances(self, op: pt.ReadOp | pt.WriteOp, task: Operation, acc: _Access,
                        roots: frozenset[SSAValue]) -> bool:
        """Whether `task`'s argument `acc`, in one loop `op` comes after, surely is another
        buffer of each of `roots` than `op`'s (`loop_instances.relation`: `op` uses the last
        iteration's buffer, the argument an earlier one through the loop's carry, or the
        loop's init, which is the result only when no iteration ran). The loop must be the
        only one around `task`: in a loop around both, `task` ran in an earlier execution of
        that loop too, and the buffers it used then may be `op`'s now (the init, after an
        execution with no iteration)."""
        loops = self.loops_around(task)
        if len(loops) != 1 or loops[0].is_ancestor(op) or acc.value is None:
            return False
        return all(
            relation([op.tensor], [acc.value], False, root, loops[0], self.roots.symbols)
            is Instance.DISJOINT
            for root in roots
        )

    def loops_around(self, op: Operation) -> list[scf.ForOp]:
        return enclosing_loops(op)

    @staticmethod
    def blocks_around(op: Operation) -> set[Block]:
        out: set[Block] = set()
        b = op.parent_block()
        while b is not None:
            out.add(b)
            parent = b.parent_op()
            b = parent.parent_block() if parent is not None else None
        return out

    def check(self, op: pt.ReadOp | pt.WriteOp) -> None:
        """Raise a located error when a task before `op` touches its buffer in a way the
        runtime does not order `op` after."""
        host = self.roots.of(op.tensor)
        if not host.roots:
            return
        at = self.order[op]
        loops = self.loops_around(op)
        writing = isinstance(op, pt.WriteOp)
        writers: list[_Writer] | None = None
        for task, manual in self.tasks:
            earlier = self.order[task] < at
            wraps = [] if earlier else [loop for loop in loops if loop.is_ancestor(task)]
            if not (earlier or wraps):
                continue
            for acc in self.accesses(task):
                if not _may_overlap(host, acc.place):
                    continue
                if not earlier and not any(
                    not _created_in(root, loop) or through_carry(op.tensor, root, loop, self.roots)
                    for root in host.roots & acc.place.roots
                    for loop in wraps
                ):
                    continue  # each iteration creates a new buffer
                if acc.written and (manual or not acc.tracked):
                    why = "manual" if manual else "manual_dep" if acc.manual_dep else "no_dep"
                elif writing and manual:
                    why = "manual"
                elif writing and not acc.written:
                    if acc.held:
                        continue  # the task is a recorded writer of what it reads: waited for
                    why = "reader"
                else:
                    continue
                if earlier and self.other_instances(op, task, acc, host.roots & acc.place.roots):
                    continue  # the task used earlier iterations' buffers, op the last one's
                # order-untracked-hazards orders a later auto writer after a manual writer
                # (or a writer of a manual_dep buffer) and after an AUTO reader (`in` or
                # no_dep): that writer may clear them
                clearable = acc.written if why in ("manual", "manual_dep") else why == "reader"
                if clearable:
                    if writers is None:
                        writers = self.writers(host)
                    if self.cleared(task, acc.place, op, loops, writers):
                        continue
                raise pass_error(op, _host_message(op, task, why, acc.written))

    def writers(self, host: storage.Place) -> list[_Writer]:
        """The AUTO-scope tasks with a tracked write that surely overlaps `host` (so the host
        access waits for them: a write of a value that may be one of several buffers, or of a
        window not known to meet the access, may not be waited for), latest first, each with
        those written places."""
        out: list[_Writer] = []
        for w, manual in self.tasks:
            if manual:
                continue
            places = [
                a.place
                for a in self.accesses(w)
                if a.written and a.tracked and _must_overlap(a.place, host)
            ]
            if not places:
                continue
            block = w.parent_block()
            while block is not None and isinstance(scope := block.parent_op(), ScopeOp):
                block = scope.parent_block()  # a scope body runs once, in line
            out.append(_Writer(self.order[w], w, block, places))
        out.sort(key=lambda x: -x.at)
        return out

    def cleared(
        self,
        task: Operation,
        place: storage.Place,
        op: pt.ReadOp | pt.WriteOp,
        loops: list[scf.ForOp],
        writers: list[_Writer],
    ) -> bool:
        """Whether one of `writers` (surely overlapping the access) may overlap `place` and
        runs after `task` and before `op` every time: order-untracked-hazards orders it after
        `task`, and the host access waits for it. The access and `place` must meet only in the
        writer's buffer (if they may also meet in another one, the writer does not help)."""
        at, t_at = self.order[op], self.order[task]
        host = self.roots.of(op.tensor)

        def helps(w: _Writer) -> bool:
            return any(
                _may_overlap(p, place) and host.roots & place.roots <= p.roots for p in w.places
            )

        op_blocks = self.blocks_around(op)
        if t_at < at:
            for w in writers:  # latest first
                if w.at >= at:
                    continue
                if w.at <= t_at:
                    break
                if w.block in op_blocks and helps(w):
                    return True
            return False
        task_blocks = self.blocks_around(task)
        for loop in loops:
            if not loop.is_ancestor(task):
                continue
            for w in writers:
                if w.op is task or not loop.is_ancestor(w.op):
                    continue
                if not helps(w):
                    continue
                if (w.block in op_blocks and w.at < at) or (w.block in task_blocks and w.at > t_at):
                    return True
        return False


class _Writer(NamedTuple):
    """A tracked AUTO-scope writer: its program order, op, the block it runs in line in
    (out of `pto_rt.scope` bodies), and its written places."""

    at: int
    op: Operation
    block: Block | None
    places: list[storage.Place]


def _created_in(root: SSAValue, loop: scf.ForOp) -> bool:
    """Whether `root` is a `pto_tensor.create` inside `loop` (a new buffer per iteration)."""
    return isinstance(root, OpResult) and loop.is_ancestor(root.op)


def _may_overlap(a: storage.Place, b: storage.Place) -> bool:
    common = a.roots & b.roots
    if not common:
        return False
    if len(a.roots) > 1 or len(b.roots) > 1:
        return True
    return storage.overlap(a, b)


def _must_overlap(w: storage.Place, host: storage.Place) -> bool:
    """Whether the write place `w` surely meets the host access `host` whenever the access
    is to `w`'s buffer: `w` is of one buffer, and one of the two is all of it or their
    constant windows meet."""
    if len(w.roots) != 1 or not w.roots <= host.roots:
        return False
    if w.whole or host.whole:
        return True
    if w.box is None or host.box is None or len(w.box[0]) != len(host.box[0]):
        return False
    return all(
        we > 0 and he > 0 and wo < ho + he and ho < wo + we
        for wo, we, ho, he in zip(w.box[0], w.box[1], host.box[0], host.box[1])
    )


def _surely_holds(w: storage.Place, r: storage.Place) -> bool:
    """Whether the write place `w` holds all of the read place `r`, both of one buffer."""
    return len(w.roots) == 1 and w.roots == r.roots and storage.covers(w, r)


def _host_message(op: pt.ReadOp | pt.WriteOp, task: Operation, why: str, written: bool) -> str:
    callee = getattr(task, "callee", None)
    kernel = f" (kernel {callee})" if callee is not None else ""
    who = f"'{task.name}'{kernel}{_at_line(task)}"
    if isinstance(op, pt.ReadOp):
        head = f"reads {_describe(op.tensor)}, whose buffer {who} writes"
        call = "get_tensor_data waits only for the producers the runtime tracked"
        verb = "read"
    else:
        head = f"writes {_describe(op.tensor)}, whose buffer {who}"
        head += " writes" if written else " reads"
        call = (
            "set_tensor_data waits only for the producers the runtime tracked and their "
            "consumers"
        )
        verb = "write"
    if why == "manual":
        return (
            f"{head} inside a manual scope: {call}, and a MANUAL scope tracks none, so the "
            f"{verb} races with that task; {verb} after a task outside the manual scope that "
            f"writes the tensor (it depends on the manual task), or move the {verb} or the "
            "task out of the manual scope"
        )
    if why == "manual_dep":
        return (
            f"{head}, a buffer created with manual_dep: {call}, and the runtime does not record "
            f"the writers of a manual_dep buffer, so the {verb} races with that task; create "
            "the tensor without manual_dep"
        )
    if why == "no_dep":
        return (
            f"{head} through a no_dep argument: {call}, and a no_dep argument is not tracked, "
            f"so the {verb} races with that task; pass the tensor as inout to that task"
        )
    return (
        f"{head} (an input, which the runtime does not record): {call}, so the write can "
        "change the data before that task has read it; pass the tensor as inout to that task "
        "so the runtime tracks it, or write before the task"
    )


def check_edges(op: CallOp | SubmitOp | TaskDummyOp) -> None:
    """Rule 5: every dependency of a task names a TaskId that is still alive there: a user
    edge on an id whose scope has closed is the user's error; a compiler edge on one is never
    dropped (it would lose an ordering a pass decided), so it is refused too. The C++
    printer's dependency arrays ask this function too (targets/pto2_cpp/deps.py)."""
    lists = [("deps", op.deps)] if isinstance(op, SubmitOp | TaskDummyOp) else []
    if isinstance(op, CallOp | SubmitOp):
        lists.append(("compiler_deps", op.compiler_deps))
    for kind, values in lists:
        for i, v in enumerate(values):
            closed = closing_scope(v)
            if closed is None:
                continue
            scope, inner = closed
            producer = inner.owner if isinstance(inner, OpResult) else None
            what = "a TaskId"
            if producer is not None:
                what = f"the TaskId of '{producer.name}'{_at_line(producer)}"
            where = f"the 'pto_rt.scope'{_at_line(scope)}"
            if kind == "deps":
                raise pass_error(
                    op,
                    f"depends on {_describe(v)} (deps entry {i}), {what}, which lives in "
                    f"{where}: that scope has closed before this task (a TaskId lives only "
                    "in the PTO2_SCOPE that produced it, including the scopes "
                    "materialize-runtime-scopes puts on loop bodies and if branches): consume "
                    "it inside the producing scope, hoist the producer out of that scope, or "
                    "collect the ids into a TaskId array (pto_orch.task_array_create before "
                    "the scope, pto_orch.task_array_set inside it) and depend on the array",
                )
            raise pass_error(
                op,
                f"lists {_describe(v)} in compiler_deps (entry {i}), {what}, which lives in "
                f"{where}: that scope has closed before this task, and an ordering edge is "
                "never dropped: carry the TaskId out of the scope as a !pto_orch.task_id "
                "result (a variable declared before the scope), or move the task into it",
            )


_TASK_ID_USERS = (TaskIsValidOp, TaskArraySetOp, scf.YieldOp, ScopeYieldOp, scf.ForOp)
"""The ops other than tasks that take a `!pto_orch.task_id` (the printer rejects any other)."""

_WALK_KINDS: dict[type[Operation], tuple[bool, ...]] = {}
"""Op class -> what `_Checker.walk` does with it (`_walk_kind`): asked once per class, as
a failing isinstance against an xDSL op class is a Python-level ABC check (issue 28)."""


def _walk_kind(cls: type[Operation]) -> tuple[bool, ...]:
    """(array update, scope, checks edges, other TaskId user, loop, task, host access)."""
    kind = _WALK_KINDS[cls] = (
        issubclass(cls, TaskArraySetOp | IntArraySetOp),
        issubclass(cls, ScopeOp),
        issubclass(cls, CallOp | SubmitOp | TaskDummyOp),
        issubclass(cls, _TASK_ID_USERS),
        issubclass(cls, scf.ForOp),
        issubclass(cls, CallOp | SubmitOp),
        issubclass(cls, pt.ReadOp | pt.WriteOp),
    )
    return kind


_FAN_OUT_USERS = (CallOp, SubmitOp, TaskDummyOp, scf.YieldOp, ScopeYieldOp, scf.ForOp)
"""The ops that may use a TaskId standing for an array: as a dependency (all slots), a
yielded value or a loop init (the carry plan sizes the variable)."""


def check_array_uses(op: Operation) -> None:
    """A `!pto_orch.task_id` that stands for N TaskIds (analysis/task_id_scopes.py) is only
    listed as a dependency, yielded or carried: it is not one TaskId. The iter_arg of a
    parallel array carry is only listed as a dependency or yielded by its loop (a task's
    TaskId operands are its deps / compiler_deps: the caller does not ask for tasks)."""
    for v in op.operands:
        if not isinstance(v.type, TaskIdType):
            continue
        n = array_slots(v)
        if n is None:
            continue
        if (
            isinstance(v, BlockArgument)
            and isinstance(loop := v.block.parent_op(), scf.ForOp)
            and PARALLEL in loop.attributes
        ):
            if op is loop.body.block.last_op:
                continue
            raise pass_error(
                op,
                f"uses iter_arg #{v.index - 1} of a pto_orch.parallel loop whose TaskIds form "
                f"an array carry: in the loop body it stands for all {n} TaskIds of the "
                "previous round (its init array), so it can only be listed in deps / "
                "compiler_deps or yielded",
            )
        if isinstance(op, _FAN_OUT_USERS):
            continue
        raise pass_error(
            op,
            f"uses {_describe(v)}, which stands for the {n} TaskIds of a loop's array carry "
            f"('{ARRAY_SIZE}'), not one TaskId: it can only be listed in deps / "
            "compiler_deps, yielded or carried",
        )


def _stale_plan(loop: scf.ForOp, i: int, why: str) -> Exception:
    return pass_error(
        loop,
        f"iter_arg #{i}: {why}; the carry plan ('{ARRAY_SIZE}') is stale, re-run "
        "classify-iter-arg-carry",
    )


def check_carry_plan(loop: scf.ForOp) -> None:
    """The TaskId carries of `loop` agree with its plan: an init or yielded value standing
    for an array has the plan's size (a parallel loop's yield writes one slot of it), and a
    parallel array carry whose result is used has constant bounds (to index its slots).
    A loop without a plan is an error here (`carry_plan.missing_plan`)."""
    if CarryPlan.of(loop) is None:
        raise pass_error(loop, missing_plan(loop))
    parallel = PARALLEL in loop.attributes
    term = loop.body.block.last_op
    for i, val in enumerate(loop.body.block.args[1:]):
        if not isinstance(val.type, TaskIdType):
            continue  # the attribute verifier checks the other types against the plan
        size = plan_size(loop, i)
        n_init = array_slots(loop.iter_args[i])
        if n_init and not size:
            raise _stale_plan(
                loop,
                i,
                f"its init is a TaskId array of {n_init} slots, but its plan is a single TaskId",
            )
        if n_init and n_init != size:
            raise _stale_plan(
                loop, i, f"its init is a TaskId array of {n_init} slots, but its plan has {size}"
            )
        if parallel and size:
            if loop.res[i].first_use is not None and not (
                _constant(loop.lb) and _constant(loop.step)
            ):
                raise _stale_plan(loop, i, "the loop's lower bound and step are not constants")
            continue  # each iteration writes its slot
        if term is None or i >= len(term.operands):
            continue
        y = term.operands[i]
        n_src = array_slots(y)
        if (size or None) != n_src:
            raise _stale_plan(
                loop,
                i,
                f"the loop yields {_describe(y)}, "
                + (f"a TaskId array of {n_src} slots" if n_src else "a single TaskId")
                + ", into a carry that is "
                + (f"an array of {size} slots" if size else "a single TaskId"),
            )


def _constant(v: SSAValue) -> bool:
    return isinstance(v.owner, ConstantOp) and isinstance(v.owner.value, IntegerAttr)


def _exclusive(op: Operation, other: Operation) -> bool:
    """Whether `op` and `other` are in different branches of one `scf.if` (only one of them
    runs, so an update by one is never seen by the other, whatever the program order)."""
    region = op.parent_region()
    while region is not None:
        parent = region.parent_op()
        if parent is None:
            return False
        if isinstance(parent, scf.IfOp):
            for branch in parent.regions:
                if branch is not region and branch.is_ancestor(other):
                    return True
        region = parent.parent_region()
    return False


def _at_line(op: Operation) -> str:
    loc = file_position(op.location)
    return f" at line {loc.line.data}" if loc is not None else ""


def _describe(value: SSAValue) -> str:
    if value.name_hint:
        return f"%{value.name_hint}"
    if isinstance(value, OpResult):
        return f"result #{value.index} of '{value.op.name}'"
    return "a block argument"


_VIEW_OPS = frozenset({"pto_tensor.slice", "pto_tensor.view"})


def check_orchestration(
    module: ModuleOp, task_window: int = TASK_WINDOW, heap_size: int = HEAP_SIZE
) -> None:
    """Check the rules of docs/passes/verify-orchestration.md in every orchestration function
    of `module` (the pass, and the C++ printer before printing), rule 9 against the ring's
    `task_window`, rule 10 against its `heap_size`. Returns None; raises a located
    PassFailedException for the first violation."""
    seen: dict[str, Operation] = {}
    for f in orchestration_functions(module):
        first = seen.setdefault(f.sym_name.data, f)
        if first is not f:  # rule 8: one file per function name
            raise pass_error(f, second_function(f.sym_name.data, location_of(first)))
        why = param_type_error(f)  # rule 8
        if why is not None:
            raise pass_error(f, why)
        checker = _Checker()
        checker.walk(f.body, False)
        host = HostAccessChecker(checker.tasks, checker.order)
        items: list[pt.ReadOp | pt.WriteOp | TaskArraySetOp | IntArraySetOp] = [
            *checker.host,
            *checker.sets,
        ]
        for item in sorted(items, key=checker.order.__getitem__):
            if isinstance(item, TaskArraySetOp | IntArraySetOp):
                checker.check_set(item)
            else:
                host.check(item)
        found = earliest([  # rules 9 and 10: where the runtime stops first
            *scope_limit_errors(f, task_window),
            *ring_window_errors(f, task_window),
            *heap_limit_errors(f, heap_size),
            *held_heap_errors(f, heap_size),
        ])
        if found is not None:
            raise pass_error(*found)


@dataclass(frozen=True)
class VerifyOrchestration(ModulePass):
    """Fail on a host read / write of a tensor the runtime does not order after the tasks
    before it (`HostAccessChecker`, the one check of host accesses), a scope nested in a
    manual scope, a misused in-place TaskId array, a dependency on a TaskId whose scope
    has closed, a value without a C++ type, or a scope every run fills past the runtime's
    task window (docs/passes/verify-orchestration.md). The last step of pto2-pipeline."""

    name = "verify-orchestration"

    task_window: int = TASK_WINDOW
    """The ring's task window the program runs with (`task-window`; the runtime's
    `PTO2_RING_TASK_WINDOW`), rule 9's bound (`limits.check_task_window`)."""

    ring_heap: int = HEAP_SIZE
    """The heap per ring the program runs with (`ring-heap`; the runtime's `PTO2_RING_HEAP`),
    rule 10's bound (`limits.check_heap_size`)."""

    def __post_init__(self) -> None:
        check_task_window(self.task_window)
        check_heap_size(self.ring_heap)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_orchestration(op, self.task_window, self.ring_heap)
