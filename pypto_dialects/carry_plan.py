"""The carry plan of an `scf.for`: for each iter_arg, whether the C++ gives the carry a
variable of its own (rebind) and, for a `!pto_orch.task_id` carry, how many TaskIds it holds
(0: one TaskId or no TaskId; N > 0: an array of N). classify-iter-arg-carry decides it
(docs/passes/classify-iter-arg-carry.md); the later passes, the verifier, the interpreter and
the C++ printer read it.

In the IR the plan is two attributes on the loop, written together:

    scf.for ... iter_args(...) {
      ...
    } {pto_orch.iter_arg_rebind = array<i1: true, false>,
       pto_orch.iter_arg_array_size = array<i64: 4, 0>}

`CarryPlan` is the one way in and out: `CarryPlan.of(loop)` reads it (None when the loop has no
plan), `plan.stamp(loop)` writes it, `CarryPlan.copy(old, new)` carries it over to a loop a
pass rebuilds with the same iter_args plus appended ones, and `CarryPlan.verify(loop)` is the
attribute verifier (`verifyOperationAttribute`, called for either attribute): both present or
neither, one entry per iter_arg, array sizes only on TaskId carries. A pass that rebuilds a
loop without `copy` leaves a loop without a plan, which verify-orchestration and the printer
report at the loop (never a silent default).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import DenseArrayBase, i1, i64
from xdsl.ir import Attribute, BlockArgument, Operation
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import TaskIdArrayType, TaskIdType
from pypto_dialects.cpp_plan import NAMES as DECLARATION_PLAN

if TYPE_CHECKING:
    from xdsl.dialects import scf

REBIND = "pto_orch.iter_arg_rebind"
"""The rebind flags (`array<i1: ...>`, one per iter_arg)."""
ARRAY_SIZE = "pto_orch.iter_arg_array_size"
"""The TaskId array sizes (`array<i64: ...>`, one per iter_arg, 0 for no array)."""
NAMES = (REBIND, ARRAY_SIZE)


_ATTRIBUTES: dict[CarryPlan, tuple[DenseArrayBase, DenseArrayBase]] = {}
"""`CarryPlan.attributes`' memo."""

_PLANS: dict[tuple[int, int], tuple[Attribute, Attribute, CarryPlan]] = {}
"""`CarryPlan.of`'s memo: the ids of a loop's two plan attributes -> (the attributes, kept
alive so the ids stay theirs, the plan they decode to). Attributes are immutable, and the
loops with one plan share one pair (`attributes`); a plan is frozen, so one serves them
all. Asked for every loop by the passes and the printer after classify-iter-arg-carry."""


@dataclass(frozen=True)
class CarryPlan:
    """The plan of one loop: `rebind[i]` and `array_size[i]` for iter_arg i."""

    rebind: tuple[bool, ...]
    array_size: tuple[int, ...]

    @staticmethod
    def of(loop: Operation) -> CarryPlan | None:
        """The plan stamped on `loop`, or None when it has none (not classified yet, or
        rebuilt by a pass that dropped it). Expects verified IR (both attributes or
        neither)."""
        rebind = loop.attributes.get(REBIND)
        sizes = loop.attributes.get(ARRAY_SIZE)
        if rebind is None or sizes is None:
            return None
        hit = _PLANS.get((id(rebind), id(sizes)))
        if hit is not None and hit[0] is rebind and hit[1] is sizes:
            return hit[2]
        if not isinstance(rebind, DenseArrayBase) or not isinstance(sizes, DenseArrayBase):
            return None
        plan = CarryPlan(
            tuple(bool(v) for v in rebind.get_values()),
            tuple(int(v) for v in sizes.get_values()),
        )
        if len(_PLANS) >= 1 << 12:  # a long-lived process: keep the memo bounded
            _PLANS.clear()
        _PLANS[(id(rebind), id(sizes))] = (rebind, sizes, plan)
        return plan

    def stamp(self, loop: Operation) -> None:
        """Write the plan on `loop` (replacing any plan it had)."""
        loop.attributes[REBIND], loop.attributes[ARRAY_SIZE] = self.attributes()

    def attributes(self) -> tuple[DenseArrayBase, DenseArrayBase]:
        """The two attributes `stamp` writes, built once per distinct plan (attributes are
        immutable values, shared by the loops with the same plan; a program has few)."""
        got = _ATTRIBUTES.get(self)
        if got is None:
            if len(_ATTRIBUTES) >= 1 << 12:  # a long-lived process: keep the memo bounded
                _ATTRIBUTES.clear()
            got = _ATTRIBUTES[self] = (
                DenseArrayBase.from_list(i1, [int(b) for b in self.rebind]),
                DenseArrayBase.from_list(i64, list(self.array_size)),
            )
        return got

    @staticmethod
    def drop(loop: Operation) -> None:
        """Remove the plan from `loop` (a pass that changes its carries before
        classify-iter-arg-carry runs)."""
        for name in NAMES:
            loop.attributes.pop(name, None)

    @staticmethod
    def copy(old: Operation, new: Operation, added: int = 0) -> None:
        """Copy `old`'s attributes onto `new`, a loop rebuilt with `old`'s iter_args followed
        by `added` new TaskId carries: the plan (when `old` has one) gets a rebind, non-array
        entry per added carry. The declaration plan (cpp_plan.py) is not copied: it is
        decided from the final loop, and a planned function whose loop lost it is reported
        as a stale plan before printing."""
        for k, v in old.attributes.items():
            if k not in DECLARATION_PLAN:
                new.attributes[k] = v
        plan = CarryPlan.of(old)
        if plan is not None:
            CarryPlan(
                (*plan.rebind, *(True,) * added), (*plan.array_size, *(0,) * added)
            ).stamp(new)

    def own_variable(self, i: int) -> bool:
        """Whether carry i has a variable of its own in C++ (its rebind flag)."""
        return i >= len(self.rebind) or self.rebind[i]

    def size(self, i: int) -> int:
        """Carry i's TaskId array size (0: not an array)."""
        return self.array_size[i] if i < len(self.array_size) else 0

    @staticmethod
    def verify(loop: Operation) -> None:
        """The attribute verifier of the plan: raises VerifyException (naming the attribute
        and what to change) when the plan is on an op other than `scf.for`, only half of it
        is there, an entry list has the wrong element type or length, a size is negative, or
        a positive size sits on a carry that is not a single `!pto_orch.task_id`."""
        from xdsl.dialects import scf  # only here: a file without loops never loads scf

        if not isinstance(loop, scf.ForOp):
            raise VerifyException(f"'{REBIND}' and '{ARRAY_SIZE}' belong on scf.for")
        n = len(loop.iter_args)
        for name, want in ((REBIND, i1), (ARRAY_SIZE, i64)):
            value = loop.attributes.get(name)
            if value is None:
                continue
            if not isinstance(value, DenseArrayBase) or value.elt_type != want:
                raise VerifyException(f"'{name}' must be an array<{want}: ...>")
            if len(value) != n:
                raise VerifyException(f"'{name}' has {len(value)} entries for {n} iter_args")
        for name, other in ((REBIND, ARRAY_SIZE), (ARRAY_SIZE, REBIND)):
            if name not in loop.attributes:
                raise VerifyException(
                    f"'{other}' without '{name}': the carry plan is both attributes; re-run "
                    "classify-iter-arg-carry"
                )
        plan = CarryPlan.of(loop)
        assert plan is not None
        for i, size in enumerate(plan.array_size):
            if size < 0:
                raise VerifyException(
                    f"'{ARRAY_SIZE}' entry {i} is {size}: an array size is positive, or 0 "
                    "for a carry that is not an array"
                )
            t = loop.body.block.args[i + 1].type
            if size == 0 or isinstance(t, TaskIdType):
                continue
            if isinstance(t, TaskIdArrayType):
                why = f"a {t} carry is an array already, but its plan is an array of {size} slots"
            else:
                why = f"it has type {t}, but its plan is a TaskId array of {size} slots"
            raise VerifyException(
                f"iter_arg #{i}: {why}; the carry plan ('{ARRAY_SIZE}') is stale, re-run "
                "classify-iter-arg-carry"
            )


def plan_size(loop: scf.ForOp, i: int) -> int:
    """Carry i's TaskId array size in `loop`'s plan (0: not an array, or no plan)."""
    plan = CarryPlan.of(loop)
    return 0 if plan is None else plan.size(i)


def own_variable(arg: BlockArgument) -> bool:
    """Whether the loop carry `arg` (an `scf.for` iter_arg block argument) has a C++ variable
    of its own: its rebind flag, True when the loop has no plan yet (the printer reports a
    missing plan where it prints the loop)."""
    loop = arg.block.parent_op()
    plan = CarryPlan.of(loop) if loop is not None else None
    return plan is None or plan.own_variable(arg.index - 1)


def missing_plan(loop: scf.ForOp) -> str:
    """The message for a loop with iter_args and no plan (verify-orchestration and the C++
    printer raise it at the loop)."""
    return (
        f"has {len(loop.iter_args)} iter_args but no carry plan ('{REBIND}' / '{ARRAY_SIZE}'): "
        "run classify-iter-arg-carry first (pypto-opt --classify-iter-arg-carry, or -p "
        "pto2-pipeline); the C++ printer does not derive it"
    )
