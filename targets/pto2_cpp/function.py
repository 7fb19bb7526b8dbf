"""The printer of one orchestration function: state, op dispatch, C++ blocks and value uses.

The op registry `FunctionPrinter.handlers` is built from the `HANDLERS` table of each concern
module. Directions, carry plans, scopes and the declaration plan are read from the IR, never
derived; a missing one is a located error (docs/targets/pto2-cpp.md#input-post-pipeline-ir).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import FileLineColLoc, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.analysis.accessors import is_terminator
from pypto_dialects.analysis.cpp_reads import CppReads
from pypto_dialects.analysis.wait_only_edges import WaitOnlyEdges
from pypto_dialects.cpp_types import NO_CPP_MAPPING
from pypto_dialects.orch import CallOp, KernelOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.names import Binding, CppBlock, Expr, NameTable, hint_of
from pypto_dialects.targets.pto2_cpp.writer import CppWriter

if TYPE_CHECKING:
    from pypto_dialects.targets.pto2_cpp.control_flow import YieldForward
    from pypto_dialects.targets.pto2_cpp.generation import ApiGeneration
    from pypto_dialects.targets.pto2_cpp.kernel_table import Signature

Handler = Callable[["FunctionPrinter", Operation], None]

_HANDLERS: dict[type[Operation], Handler] | None = None


def handlers() -> dict[type[Operation], Handler]:
    """The op registry (built once): op class -> handler(printer, op)."""
    global _HANDLERS
    if _HANDLERS is None:
        from pypto_dialects.targets.pto2_cpp import (
            arith_ops,
            control_flow,
            int_arrays,
            taskids,
            tasks,
            tensor_ops,
        )

        table: dict[type[Operation], Handler] = {}
        for module in (arith_ops, control_flow, tasks, taskids, tensor_ops, int_arrays):
            table.update(module.HANDLERS)
        _HANDLERS = table
    return _HANDLERS


def _scope_line(value: SSAValue) -> int | None:
    """The line of the `pto_rt.scope` whose located tensor result `value` is (it already
    leaves the scope), else None."""
    owner = value.owner
    if (
        isinstance(owner, ScopeOp)
        and isinstance(value.type, TensorType)
        and isinstance(owner.location, FileLineColLoc)
    ):
        return owner.location.line.data
    return None


def describe(value: SSAValue) -> str:
    """`%name` of a value for messages (its name hint, or its position)."""
    name = hint_of(value)
    if name:
        return f"%{name}"
    if isinstance(value, BlockArgument):
        return f"block argument #{value.index}"
    assert isinstance(value, OpResult), value
    return f"result #{value.index} of '{value.op.name}'"


class FunctionPrinter:
    """Prints one orchestration `func.func` as one C++ file (`run`).

    `symbols`: the memo of symbol lookups (kernels) of this printer run. `api`: the runtime
    API generation whose spellings it prints (generation.py; default the seed).
    `wait_only_edges`: the target option (deps.py): `wait_only` then decides, per TaskId, whether
    its edges are printed `DEP_WAIT` (None without the option).
    State: the output lines (`w`), the identifiers (`names`), the C++ form of every SSA value
    printed so far (`env`), the open C++ block (`block`), task/alloc counters, the kernel ids
    (`kernel_ids`, first-use order), the TaskId hook (`taskids`) and the file-scope text the
    body asked for (`prelude`: arith helper functions, in first-use order).
    """

    def __init__(
        self,
        func: FuncOp,
        symbols: SymbolTableCollection,
        api: ApiGeneration | None = None,
        wait_only_edges: bool = False,
    ) -> None:
        from pypto_dialects.targets.pto2_cpp.generation import SEED
        from pypto_dialects.targets.pto2_cpp.taskids import TaskIdLowering
        from pypto_dialects.targets.pto2_cpp.tasks import KernelRegistry

        self.func = func
        self.api = api or SEED
        self.symbols = symbols
        self.wait_only = WaitOnlyEdges(symbols) if wait_only_edges else None
        self.w = CppWriter()
        self.names = NameTable()
        self.env: dict[SSAValue, Expr] = {}
        self.block = CppBlock(None)
        self.task_count = 0
        self.alloc_count = 0
        self.kernel_ids = KernelRegistry(self)
        self.taskids = TaskIdLowering(self)
        self.handlers = handlers()
        # pto_rt.scope -> the enclosing loop's / branch's yield it prints (control_flow)
        self.forwards: dict[ScopeOp, YieldForward] = {}
        # dynamic-dim symbols of function arguments: (argument index, axis) -> binding
        self.dim_symbols: dict[tuple[int, int], Binding] = {}
        # file-scope text the body needs, printed after the includes (arith helpers): key -> text
        self.prelude: dict[str, str] = {}
        # the entry's parameters (set by skeleton.emit_file; the kernel table's signature)
        self.signature: Signature | None = None
        # the values a printed line reads (control_flow.is_read), computed on first use
        self.reads = CppReads(func, symbols)
        # ops whose results are bound before the op is reached and that print nothing there
        # (a descending loop's index `0 - k`, bound to the loop variable: descending.py)
        self.prebound: set[Operation] = set()

    # ------------------------------------------------------------------ driver

    def run(self) -> str:
        """The C++ text of the function. Raises CodegenError (located) on bad input."""
        from pypto_dialects.targets.pto2_cpp.skeleton import emit_file

        emit_file(self)
        return self.w.text()

    # ------------------------------------------------------------------ C++ blocks

    def open_block(self, header: str) -> None:
        """Print `header {` and enter a new C++ block."""
        self.w.open(header)
        self.block = CppBlock(self.block)

    def close_block(self, text: str = "}") -> None:
        """Leave the current C++ block (its bindings become unusable) and print `text`."""
        self.block.open = False
        parent = self.block.parent
        assert parent is not None
        self.block = parent
        self.w.close(text)

    def else_block(self) -> None:
        """`} else {`: close the then-block, open the else-block."""
        self.close_block("} else {")
        self.w.depth += 1
        self.block = CppBlock(self.block)

    # ------------------------------------------------------------------ values

    def declare(
        self, value: SSAValue | None, ctype: str, default: str, hint: str | None = None
    ) -> Binding:
        """A new C++ variable in the current block, named from `hint` / the value's name hint
        (or `default`), bound to `value`. The caller prints the declaration."""
        if hint is None and value is not None:
            hint = hint_of(value)
        name = self.names.fresh(hint, default)
        binding = Binding(name, ctype, self.block)
        if value is not None:
            self.env[value] = binding
        return binding

    def bind(self, value: SSAValue, expr: Expr) -> None:
        """`value` prints as `expr` from now on (aliases, expressions, remapped results)."""
        self.env[value] = expr

    def lookup(self, value: SSAValue, at: Operation) -> Expr:
        """The C++ form of `value` where `at` refers to it (to bind or combine it, not to
        print it yet); a located error if the variable it names was declared in a C++ block
        that has closed since."""
        expr = self.env.get(value)
        if expr is None and isinstance(value.owner, ConstantOp):
            from pypto_dialects.targets.pto2_cpp.arith_ops import constant_expr

            expr = self.env[value] = constant_expr(self, value.owner)
        if expr is None:
            raise codegen_error(
                at,
                f"uses {describe(value)}, which has no C++ form (its definition printed nothing)",
            )
        for b in expr.deps:
            if not b.block.open and (line := _scope_line(value)) is not None:
                raise codegen_error(
                    at,
                    f"uses {describe(value)}, a result of the 'pto_rt.scope' at line "
                    f"{line}, whose C++ variable '{b.name}' "
                    "belongs to the scope: a tensor created inside a PTO2_SCOPE lives only until "
                    "the scope ends, so create it (pto_tensor.create) before the scope and let "
                    "the scope's tasks write it",
                )
            if not b.block.open:
                raise codegen_error(
                    at,
                    f"uses {describe(value)}, whose C++ variable '{b.name}' is declared inside a "
                    "block that has already closed (a value defined inside a PTO2_SCOPE, loop or "
                    "branch is used after it): thread it out through the enclosing op's results "
                    "into a variable declared outside",
                )
        return expr

    def use(self, value: SSAValue, at: Operation) -> Expr:
        """`lookup`, for text that is printed now: the variables it names count as used."""
        return self.mark(self.lookup(value, at))

    @staticmethod
    def mark(expr: Expr) -> Expr:
        """Record that printed text names the variables of `expr`; returns `expr`."""
        for b in expr.deps:
            b.used = True
        return expr

    def use_tensor(self, value: SSAValue, at: Operation, printed: bool = True) -> Binding:
        """A tensor operand: always a named C++ `Tensor` (an lvalue, as `Arg` requires).
        `printed=False` only looks it up (see `lookup`)."""
        expr = self.use(value, at) if printed else self.lookup(value, at)
        assert isinstance(expr, Binding), (value, expr)
        return expr

    # ------------------------------------------------------------------ ops and blocks

    def emit_block(
        self, block: Block, on_terminator: Callable[[Operation], None] | None = None
    ) -> None:
        """Print the ops of `block` in order; the terminator goes to `on_terminator`."""
        # (the ops in order, as `block.ops` yields them: each op's successor read before it
        # is printed; the terminator trait asked per op class)
        op = block.first_op
        while op is not None:
            following = op.next_op
            if op is block.last_op and is_terminator(op):
                if on_terminator is not None:
                    on_terminator(op)
            else:
                self.emit_op(op)
            op = following

    def emit_op(self, op: Operation) -> None:
        if self.prebound and op in self.prebound:
            return
        handler = self.handlers.get(type(op))
        if handler is None:
            raise codegen_error(op, NO_CPP_MAPPING)  # (verify-orchestration's rule 8 first)
        handler(self, op)

    # ------------------------------------------------------------------ lookups, counters

    def kernel(self, task: CallOp | SubmitOp) -> KernelOp:
        """The kernel `task` runs; a located error if the module declares none."""
        try:
            return task.kernel(self.symbols)
        except VerifyException:
            raise codegen_error(
                task,
                f"unknown kernel {task.callee}: no pto_orch.kernel of that name in this module",
            ) from None

    def next_task(self) -> int:
        n = self.task_count
        self.task_count += 1
        return n

    def next_alloc(self) -> int:
        n = self.alloc_count
        self.alloc_count += 1
        return n
