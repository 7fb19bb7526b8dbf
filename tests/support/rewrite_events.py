"""Recording what a pass does through xDSL's PatternRewriter (issue 22, item 5: the
transforming passes are rewrite patterns). Each pass exposes `rewrite_module(module,
listener=None)`; `rewrite` runs it with a listener that logs every insertion, erasure,
in-place modification and replacement as `(kind, op)`, so a test can pin the exact events
(a pass that mutated the IR by hand would leave the log empty).

    module, events = rewrite(SomePass(), text)
    assert kinds(events) == [("insert", "pto_orch.submit"), ("replace", "pto_orch.call"), ...]
    assert str(module) == applied(SomePass(), text)   # the same as the pass's `apply`
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriterListener

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, verify_module

Event = tuple[str, Operation]
"""`(kind, op)`: kind is insert, erase, modify or replace."""


def parse(text: str) -> ModuleOp:
    """`text` parsed and verified; every op is located in `in.mlir`."""
    module = parse_module(make_context(), text, "in.mlir")
    verify_module(module)
    return module


def recorder(events: list[Event]) -> PatternRewriterListener:
    """A listener that appends every rewriter event to `events`."""
    return PatternRewriterListener(
        operation_insertion_handler=[lambda op: events.append(("insert", op))],
        operation_removal_handler=[lambda op: events.append(("erase", op))],
        operation_modification_handler=[lambda op: events.append(("modify", op))],
        operation_replacement_handler=[lambda op, _new: events.append(("replace", op))],
    )


def rewrite(p: ModulePass, text: str | ModuleOp) -> tuple[ModuleOp, list[Event]]:
    """Run pass `p` through its pattern hook with a recording listener, on `text` (parsed)
    or on a module parsed already; the module and the events."""
    module = parse(text) if isinstance(text, str) else text
    events: list[Event] = []
    p.rewrite_module(module, listener=recorder(events))  # type: ignore[attr-defined]
    return module, events


def applied(p: ModulePass, text: str) -> str:
    """The pass's ordinary output (`apply`) on `text`, printed."""
    module = parse(text)
    p.apply(make_context(), module)
    return str(module)


def ops(module: Operation, kind: type | tuple[type, ...]) -> list[Any]:
    """The ops of `kind` in `module`, in walk order."""
    return [op for op in module.walk() if isinstance(op, kind)]


def kinds(events: list[Event]) -> list[tuple[str, str]]:
    """`(kind, op name)` of each event."""
    return [(kind, op.name) for kind, op in events]
