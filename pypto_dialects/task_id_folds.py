"""Rewrites of TaskId uses whose value is known before the program runs, so that the C++
printer, a 1:1 translation, prints no guard whose condition is a constant.

- `DropInvalidDeps`: a `pto_system.task_invalid` in the `deps` / `compiler_deps` of a
  `pto_orch.call` / `pto_orch.submit`, or the `deps` of a `pto_system.task_dummy`, is no edge
  (the runtime takes only valid TaskIds; the C++ would print
  `if (PTO2TaskId::invalid().is_valid()) ...`, a dead guard): it is removed. A barrier whose
  deps are all the invalid TaskId (one or more) is never submitted (its C++ is
  `if (deps_count > 0)` over an empty array) and its TaskId is invalid: it becomes
  `pto_system.task_invalid`. A barrier with a statically empty list (`deps()`) is always
  submitted and is left as it is.
- `FoldIsValid`: `pto_system.task_is_valid` of `pto_system.task_invalid` is `false`, of a
  TaskId that is never invalid (`surely_valid`) `true` (an `arith.constant`).

`surely_valid` is also what plan-cpp-declarations stamps `pto_orch.always_submitted` from
(cpp_plan.py): a barrier one of whose deps is never invalid is submitted without the
`deps_count > 0` test, and a dependency on its TaskId needs no `is_valid()` guard.

Both run in `canonicalize` (pto2-pipeline), and with xDSL's fold of an `scf.if` on a constant
in the pto2-cpp target's normalisation of input printed without the pipeline
(`fold_known_guards`). Rules:
docs/targets/pto2-cpp.md#dependency-arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, ModuleOp, i1, i32
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.irdl import AttrSizedOperandSegments
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from pypto_dialects.analysis.accessors import class_kind
from pypto_dialects.attrs import TaskIdType
from pypto_dialects.name_locs import copy_name
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.system import TaskDummyOp, TaskInvalidOp, TaskIsValidOp

_SEGMENTS = AttrSizedOperandSegments.attribute_name


def is_invalid_task_id(value: SSAValue) -> bool:
    """Whether `value` is the invalid TaskId: a `pto_system.task_invalid` result, or a
    `pto_rt.scope` result yielding one."""
    while type(value) is OpResult or isinstance(value, OpResult):
        owner = value.op
        kind = class_kind(_DEFINER_KINDS, owner, _DEFINERS)
        if kind != 0:
            return kind == 1
        term = cast(ScopeOp, owner).body.block.last_op
        assert term is not None
        value = term.operands[value.index]
    return False


_DEFINERS = (ScopeOp, TaskInvalidOp)
_DEFINER_KINDS: dict[type[Operation], int] = {}  # op class -> its entry of _DEFINERS


def _set_segment(op: Operation, index: int, values: Sequence[SSAValue]) -> None:
    """Make `values` operand group `index` of `op` (an op with `operandSegmentSizes`)."""
    old = op.properties[_SEGMENTS]
    assert isinstance(old, DenseArrayBase), old
    sizes = [int(s) for s in old.get_values()]
    start = sum(sizes[:index])
    op.operands = [*op.operands[:start], *values, *op.operands[start + sizes[index]:]]
    sizes[index] = len(values)
    op.properties[_SEGMENTS] = DenseArrayBase.from_list(i32, sizes)


_DROP_KINDS: dict[type[Operation], int] = {}  # class_kind memos: canonicalize asks the
_IS_VALID_KINDS: dict[type[Operation], int] = {}  # patterns of every op (issue 28)


class DropInvalidDeps(RewritePattern):
    """Remove the invalid TaskId from a task's or barrier's deps; a barrier of invalid deps
    only becomes `pto_system.task_invalid` (module docstring)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if class_kind(_DROP_KINDS, op, (TaskDummyOp | CallOp | SubmitOp,)) != 0:
            return
        if isinstance(op, TaskDummyOp):
            deps = list(op.deps)
            if not any(is_invalid_task_id(d) for d in deps):
                return
            kept = [d for d in deps if not is_invalid_task_id(d)]
            if not kept:
                new = TaskInvalidOp()
                copy_name(op.result, new.result)
                rewriter.replace(op, new)
                return
            op.operands = kept
            rewriter.notify_op_modified(op)
        elif isinstance(op, CallOp | SubmitOp):
            groups = [op.compiler_deps] if isinstance(op, CallOp) else [op.deps, op.compiler_deps]
            changed = False
            for index, group in enumerate(groups, start=1):  # group 0 is the arguments
                if any(is_invalid_task_id(d) for d in group):
                    _set_segment(op, index, [d for d in group if not is_invalid_task_id(d)])
                    changed = True
            if changed:
                rewriter.notify_op_modified(op)


def surely_valid(value: SSAValue) -> bool:
    """Whether the TaskId `value` is never invalid: a submit's; a barrier's that is always
    submitted (no deps, or one of its deps surely valid: a TaskId array does not count, its
    slots may all be invalid); a `pto_rt.scope` result yielding such a TaskId."""
    todo, seen = [value], set[SSAValue]()
    while todo:
        v = todo.pop()
        if v in seen or not isinstance(v, OpResult):
            continue
        seen.add(v)
        op = v.op
        if isinstance(op, SubmitOp):
            if v is op.task_id:
                return True
        elif isinstance(op, TaskDummyOp):
            if not op.deps:
                return True
            todo.extend(d for d in op.deps if isinstance(d.type, TaskIdType))
        elif isinstance(op, ScopeOp):
            term = op.body.block.last_op
            assert term is not None
            todo.append(term.operands[v.index])
    return False


class FoldIsValid(RewritePattern):
    """`pto_system.task_is_valid` of a TaskId known invalid or valid: an `arith.constant`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if class_kind(_IS_VALID_KINDS, op, (TaskIsValidOp,)) != 0:
            return
        assert isinstance(op, TaskIsValidOp)
        if is_invalid_task_id(op.task_id):
            known = 0
        elif surely_valid(op.task_id):
            known = 1
        else:
            return
        const = arith.ConstantOp(IntegerAttr(known, i1))
        copy_name(op.result, const.result)
        rewriter.replace(op, const)


def _known_if(op: Operation) -> bool:
    """An `scf.if` on a constant condition (`arith.constant`)."""
    return isinstance(op, scf.IfOp) and isinstance(op.cond, OpResult) and isinstance(
        op.cond.op, arith.ConstantOp
    )


def _foldable(op: Operation) -> bool:
    kind = class_kind(_FOLDABLE_KINDS, op, _FOLDABLE)
    if kind == 0:
        return any(is_invalid_task_id(v) for v in op.operands)
    if kind == 1:
        assert isinstance(op, TaskIsValidOp)
        return is_invalid_task_id(op.task_id) or surely_valid(op.task_id)
    return kind == 2 and _known_if(op)


_FOLDABLE = (CallOp | SubmitOp | TaskDummyOp, TaskIsValidOp, scf.IfOp)
_FOLDABLE_KINDS: dict[type[Operation], int] = {}  # op class -> its entry of _FOLDABLE


def is_foldable(op: Operation) -> bool:
    """Whether `fold_known_guards` would change `op` (see `has_known_guards`)."""
    return _foldable(op)


def has_known_guards(module: ModuleOp) -> bool:
    """Whether `fold_known_guards` would change `module`: a task or barrier lists the
    invalid TaskId in its deps, a `pto_system.task_is_valid` has a known answer, or an
    `scf.if` tests a constant."""
    return any(_foldable(op) for op in module.walk())


def fold_known_guards(module: ModuleOp) -> None:
    """`DropInvalidDeps`, `FoldIsValid` and xDSL's constant-condition fold of `scf.if` over
    `module` in place, the pto2-cpp target's normalisation of input printed without
    pto2-pipeline, whose canonicalize does the same (the ops left unused are the caller's to
    erase: dead-code elimination)."""
    from xdsl.pattern_rewriter import GreedyRewritePatternApplier
    from xdsl.transforms.canonicalization_patterns.scf import IfPropagateConstantCondition

    PatternRewriteWalker(
        GreedyRewritePatternApplier(
            [DropInvalidDeps(), FoldIsValid(), IfPropagateConstantCondition()]
        )
    ).rewrite_module(module)
