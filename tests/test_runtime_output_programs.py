"""The random programs with runtime-allocated outputs (tests/support/runtime_output_programs.py):
every program of a fixed-seed sample valid (random_programs.check: parses, verifies, runs
race- and use-after-free-free as written, goes through pto2-pipeline and the printer), the
generator without them unchanged, and the sample covers every way a runtime output is made
and used (found in the parsed IR, not in the text)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from pypto_dialects.context import make_context
from pypto_dialects.orch import CallOp, SubmitOp, TaskArraySetOp
from pypto_dialects.parsing import parse_module
from pypto_dialects.rt import ScopeOp
from pypto_dialects.tensor import ReadOp
from support.random_programs import RUNTIME_OUTPUT_KERNELS, check, generate
from support.runtime_output_programs import RtGen
from support.runtime_output_programs import generate as generate_rt

SAMPLE = range(20)


@pytest.fixture(scope="module")
def sample() -> list[tuple]:
    return [generate_rt(seed) for seed in SAMPLE]


def test_sample_is_valid(sample: list[tuple]) -> None:
    for prog in sample:
        assert check(*prog) is None
        assert "@kr_" in prog[0]


def test_deterministic_and_the_plain_generator_unchanged() -> None:
    assert generate_rt(3)[0] == generate_rt(3)[0]
    assert generate(3, RtGen)[0] == generate_rt(3)[0]
    assert "@kr_" not in generate(3)[0]


def _manual(op: Operation) -> bool:
    p = op.parent_op()
    while p is not None:
        if isinstance(p, ScopeOp) and p.mode.data.value == "manual":
            return True
        p = p.parent_op()
    return False


def _inside(op: Operation, kind: type) -> Operation | None:
    p = op.parent_op()
    while p is not None and not isinstance(p, kind):
        p = p.parent_op()
    return p


def _in_array(tid: SSAValue, deps: Sequence[SSAValue]) -> bool:
    """Whether one of `deps` is a TaskId array a `task_array_set` of `tid` built."""
    for d in deps:
        op = d.owner
        while isinstance(op, TaskArraySetOp):
            if op.value == tid:
                return True
            op = op.array.owner
    return False


def _features(text: str) -> set[str]:
    """What the program does with runtime outputs (a `kr_*` task leaves its `out` to the
    runtime: the generator never passes it)."""
    module = parse_module(make_context(), text, "t.mlir")
    found: set[str] = set()
    for op in module.walk():
        dirs = op.directions() if isinstance(op, SubmitOp) else None
        if isinstance(op, SubmitOp) and _manual(op) and dirs:
            scope = _inside(op, ScopeOp)
            for v, d in zip(op.args, dirs):
                # a value of the auto part (not a parameter: a task's result) written here
                if d.value == "inout" and isinstance(v.owner, Operation) and \
                        not (scope and scope.is_ancestor(v.owner)):
                    found.add("made in an auto scope, written inout in a manual one")
        if not isinstance(op, CallOp | SubmitOp) or op.callee.root_reference.data not in \
                RUNTIME_OUTPUT_KERNELS:
            continue
        n_rt = len(op.kernel().param_types) - len(op.args)  # the trailing results
        assert n_rt > 0
        if len(op.res) == 2:
            found.add("a task making two runtime outputs" if n_rt == 2 else
                      "a task writing an argument and making a runtime output")
        manual = _manual(op)
        found.add("made in a manual scope" if manual else
                  "made by a submit in an auto scope" if isinstance(op, SubmitOp) else
                  "made by a call in an auto scope")
        loop = _inside(op, scf.ForOp)
        if loop is not None:
            found.add("made in a parallel loop" if "pto_orch.parallel" in loop.attributes
                      else "made in a loop")
            if manual and _manual(loop) and "pto_orch.parallel" not in loop.attributes:
                found.add("made in a loop in a manual scope")
        branch = _inside(op, scf.IfOp)
        if branch is not None:
            found.add("made in an if branch")
            if manual and _manual(branch):
                found.add("made in an if branch in a manual scope")
        tid = op.task_id if isinstance(op, SubmitOp) else None
        outs: Sequence[SSAValue] = op.res[-n_rt:]
        for use in (u for out in outs for u in out.uses):
            user = use.operation
            if isinstance(user, ReadOp):
                found.add("read by the host")
            if isinstance(user, scf.YieldOp):
                parent = user.parent_op()
                if isinstance(parent, scf.ForOp):
                    found.add("carried by a loop")
                    if tid is not None and tid in user.operands:
                        found.add("carried by a loop with its TaskId")
                elif isinstance(parent, scf.IfOp):
                    found.add("an if result")
            elif isinstance(user, CallOp | SubmitOp):
                modes = user.directions()
                mode = modes[use.index].value if modes else "in"
                if mode == "inout":
                    found.add("written inout")
                if not _manual(user):
                    found.add("read by an auto task")
                elif isinstance(user, SubmitOp) and tid is not None and tid in user.deps:
                    found.add("read by a manual task listing its producer")
                    if not manual:
                        found.add("made in an auto scope, read in a manual one")
                elif isinstance(user, SubmitOp) and tid is not None and _in_array(tid, user.deps):
                    found.add("read by a manual task listing its producer in a TaskId array")
                if user.callee.root_reference.data in RUNTIME_OUTPUT_KERNELS:
                    found.add("passed on to another runtime output")
    return found


FEATURES = {
    "made by a call in an auto scope", "made by a submit in an auto scope",
    "made in a manual scope", "made in a loop", "made in a parallel loop", "made in an if branch",
    "carried by a loop", "carried by a loop with its TaskId", "an if result", "written inout",
    "read by an auto task", "read by a manual task listing its producer",
    "made in an auto scope, read in a manual one",
    "made in an auto scope, written inout in a manual one",
    "made in a loop in a manual scope", "made in an if branch in a manual scope",
    "read by a manual task listing its producer in a TaskId array",
    "passed on to another runtime output",
    "a task making two runtime outputs", "a task writing an argument and making a runtime output",
    "read by the host",
}


def test_sample_covers_every_feature(sample: list[tuple]) -> None:
    found: set[str] = set()
    for text, *_ in sample:
        found |= _features(text)
    assert FEATURES - found == set()
