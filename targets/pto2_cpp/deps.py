"""TaskIds in C++ and a task's dependency array: `resolve_edges` decides which edges survive
(the one resolver the array's size and its fill lines both use), `emit_deps` prints them.

Rules: docs/targets/pto2-cpp.md#dependency-arrays and #taskids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.system import TaskDummyOp
from pypto_dialects.targets.pto2_cpp.errors import CodegenError, codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

INVALID = "PTO2TaskId::invalid()"


class TaskIdVar(Binding):
    """A `PTO2TaskId` variable (`size` None) or array (`size` N) of the emitted C++.

    `guard`: the variable may hold `PTO2TaskId::invalid()` (a dependency on it is wrapped in
    `if (<name>.is_valid())`); a fresh submit TaskId or a retained allocation's TaskId is
    never invalid. `producer`: the op whose TaskId it holds (for messages). `slot_loop`: for
    the result array of a `pto_orch.parallel` loop, that loop (its yields write one slot)."""

    __slots__ = ("guard", "producer", "size", "slot_loop")

    def __init__(
        self,
        name: str,
        block: CppBlock,
        size: int | None = None,
        guard: bool = True,
        producer: Operation | None = None,
    ) -> None:
        super().__init__(name, "PTO2TaskId", block)
        self.size = size
        self.guard = guard
        self.producer = producer
        self.slot_loop: Operation | None = None


class TaskIdConst(Expr):
    """`PTO2TaskId::invalid()` (the `None` seed, `pto_system.task_invalid`)."""

    __slots__ = ()
    size = None
    guard = True

    def __init__(self) -> None:
        super().__init__(INVALID)


class SlotRef(Binding):
    """One slot `arr[index]` of a TaskId array, as an assignment target."""

    __slots__ = ("array",)

    def __init__(self, array: TaskIdVar, index: str) -> None:
        super().__init__(f"{array.name}[{index}]", "PTO2TaskId", array.block)
        self.array = array


def array_size(expr: Expr | None) -> int | None:
    """N when `expr` is a TaskId array, else None."""
    return getattr(expr, "size", None)


def guarded(expr: Expr) -> bool:
    """Whether a dependency on the TaskId `expr` needs an `is_valid()` guard."""
    return bool(getattr(expr, "guard", True))


@dataclass(frozen=True)
class Edge:
    """One dependency of a task: the TaskId (scalar or array), where it comes from, and
    whether it only waits (`DEP_WAIT`, the `wait-only-edges` option:
    analysis/wait_only_edges.py)."""

    expr: Expr
    user: bool
    wait_only: bool = False

    @property
    def slots(self) -> int:
        return array_size(self.expr) or 1


def closed_binding(expr: Expr) -> Binding | None:
    """The first variable `expr` names whose C++ block has closed (None: usable here)."""
    for b in expr.deps:
        if not b.block.open:
            return b
    return None


def unresolvable_edge(op: Operation, value: SSAValue, b: Binding) -> CodegenError:
    """The error for an edge whose TaskId's C++ variable `b` lives in a closed block: rule 5
    of verify-orchestration (`check_edges`, the one place the rule and its message are
    written), which the target runs before printing; raised from here when it fires, else
    the printer and the rule disagree (an internal error, never a dropped edge)."""
    from pypto_dialects.transforms.verify_orchestration import check_edges

    if isinstance(op, CallOp | SubmitOp | TaskDummyOp):
        check_edges(op)
    return codegen_error(
        op,
        f"internal error of the printer: the C++ variable '{b.name}' of the TaskId "
        f"{value.name_hint or 'edge'} is declared in a block that has closed, which "
        "verify-orchestration's rule 5 did not report; please report this",
    )


def resolve_edges(
    p: FunctionPrinter,
    op: Operation,
    user: Sequence[SSAValue],
    compiler: Sequence[SSAValue],
) -> list[Edge]:
    """The edges of a task, in order: user edges, then compiler edges (retain edges among them).

    A value listed again, or a value printing as a variable already listed, counts once. An
    edge whose TaskId lives in a closed C++ block is verify-orchestration's rule 5, which
    rejects it before printing (`unresolvable_edge`). With the `wait-only-edges` option
    (`p.wait_only`) an edge is wait-only when its value names only tasks that create no
    buffer (a property of the value, so two values printing as one variable agree)."""
    edges: list[Edge] = []
    seen: set[object] = set()
    for is_user, values in ((True, user), (False, compiler)):
        for v in values:
            if v in seen:
                continue
            seen.add(v)
            expr = p.env.get(v)
            if expr is None:
                expr = p.lookup(v, op)  # raises the printer's "no C++ form" error
            dead = closed_binding(expr)
            if dead is not None:  # verify-orchestration's rule 5 (check_edges)
                raise unresolvable_edge(op, v, dead)
            if isinstance(expr, Binding):  # two values printing as one variable
                if expr in seen:
                    continue
                seen.add(expr)
            wait = p.wait_only is not None and p.wait_only.wait_only(v)
            edges.append(Edge(expr, is_user, wait))
    return edges


WAIT = "DEP_WAIT"
WAIT_RETAIN = "static_cast<DepFlags>(DEP_WAIT | DEP_RETAIN)"
"""The two edge kinds of the current API (docs/runtime-api.md D8). The operators' return type
is not documented (the model header marks it UNSURE), so the retaining kind is cast, which
compiles whatever `DEP_WAIT | DEP_RETAIN` yields."""


def emit_deps(
    p: FunctionPrinter, params: str, edges: Sequence[Edge], slot_var: Callable[[], str]
) -> str | None:
    """Print the dependency array of the task `params` for `edges` (nothing when empty);
    returns the name of its count variable. `slot_var()` names the loop variable of an
    array's fan-out (`k`). When an edge is wait-only, a kinds array of the same size is
    filled in step (`<deps>_kinds[count] = DEP_WAIT;` before each entry) and passed with
    `set_dependencies_with_kinds`; otherwise the plain `set_dependencies` form."""
    if not edges:
        return None
    w = p.w
    k_total = sum(e.slots for e in edges)
    deps = p.names.numbered(f"{params}_deps")
    kinds = p.names.numbered(f"{params}_deps_kinds") if any(e.wait_only for e in edges) else None
    count = p.names.numbered(f"{params}_deps_count")
    w.line(f"PTO2TaskId {deps}[{k_total}];")
    if kinds is not None:
        w.line(f"DepFlags {kinds}[{k_total}];")
    w.line(f"uint32_t {count} = 0;")

    def fill(e: Edge, value: str) -> list[str]:
        entry = f"{deps}[{count}++] = {value};"
        if kinds is None:
            return [entry]
        return [f"{kinds}[{count}] = {WAIT if e.wait_only else WAIT_RETAIN};", entry]

    def guarded_fill(e: Edge, condition: str, value: str) -> None:
        lines = fill(e, value)
        if len(lines) == 1:
            w.line(f"if ({condition}) {lines[0]}")
            return
        w.open(f"if ({condition})")
        for line in lines:
            w.line(line)
        w.close()

    for e in edges:
        expr = p.mark(e.expr)
        n = array_size(expr)
        if n:
            k = slot_var()
            w.open(f"for (int64_t {k} = 0; {k} < {n}; ++{k})")
            slot = f"{expr.text}[{k}]"
            if kinds is None:
                w.line(f"if ({slot}.is_valid())")
                w.depth += 1
                w.line(fill(e, slot)[0])
                w.depth -= 1
            else:
                guarded_fill(e, f"{slot}.is_valid()", slot)
            w.close()
        elif guarded(expr):
            guarded_fill(e, f"{expr.text}.is_valid()", expr.text)
        else:
            for line in fill(e, expr.text):
                w.line(line)
    if kinds is None:
        w.line(f"{params}.set_dependencies({deps}, {count});")
    else:
        w.line(f"{params}.set_dependencies_with_kinds({deps}, {kinds}, {count});")
    return count
