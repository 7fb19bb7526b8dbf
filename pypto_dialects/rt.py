"""The `pto_rt` dialect: runtime scopes (`PTO2_SCOPE`).

Spec: PyPTO's MaterializeRuntimeScopes document and PyPTO's orchestration codegen document
("Manual Scope 与 TaskId 降级"); docs/dialects/ and docs/passes/index.md.

Ops
    `pto_rt.scope`  a runtime scope, mode `auto` (the runtime derives dependencies from buffer
                    overlap) or `manual` (only explicit TaskId edges order tasks); it has
                    results because a value defined in a region is not visible after it
    `pto_rt.yield`  its terminator

Attribute on `func.func`: `pto_rt.auto_scope` (bool). Absent or true: the compiler places
scopes (materialize-runtime-scopes); false: the scopes in the IR are the user's (or a pass
placed them: materialize-runtime-scopes, or auto-derive-task-dependencies for a body it makes
one compiler-owned manual scope).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, UnitAttr
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, SingleBlockImplicitTerminator
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from pypto_dialects.attrs import UNKNOWN_HINT, parse_angled_enum, print_angled_enum
from pypto_dialects.orch_attrs import is_orchestration
from pypto_dialects.symbols import VerificationLookups, verifying

AUTO_SCOPE = "pto_rt.auto_scope"


class ScopeMode(StrEnum):
    """`auto`: `PTO2_SCOPE()`; `manual`: `PTO2_SCOPE(PTO2ScopeMode::MANUAL)`."""

    AUTO = "auto"
    MANUAL = "manual"


@irdl_attr_definition
class ScopeModeAttr(EnumAttribute[ScopeMode]):
    """`#pto_rt.mode<auto>` / `#pto_rt.mode<manual>`."""

    name = "pto_rt.mode"
    print_parameter = print_angled_enum
    parse_parameter = classmethod(parse_angled_enum)


@irdl_op_definition
class YieldOp(IRDLOperation):
    """`pto_rt.yield`: terminator of a `pto_rt.scope`; its operands become the scope's
    results. An empty yield is implicit in the custom syntax.

    Syntax: `pto_rt.yield %a, %b : tensor<16xf32>, !pto_orch.task_id`
    """

    name = "pto_rt.yield"
    values = var_operand_def()
    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ScopeOp)))
    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def __init__(self, values: Sequence[SSAValue] = ()):
        super().__init__(operands=[values])


def auto_scope_enabled(func: Operation) -> bool:
    """True unless the function carries `pto_rt.auto_scope = false`."""
    flag = func.attributes.get(AUTO_SCOPE)
    if isinstance(flag, IntegerAttr):
        return bool(flag.value.data)
    return True


@irdl_op_definition
class ScopeOp(IRDLOperation):
    """`pto_rt.scope`: a runtime scope (spec `RuntimeScopeStmt`).

    Syntax:
        %r = pto_rt.scope auto -> (tensor<16xf32>) { ... pto_rt.yield %x : tensor<16xf32> }
        pto_rt.scope manual { ... }
        pto_rt.scope manual compiler_owned { ... }
    C++: `PTO2_SCOPE() {` or `PTO2_SCOPE(PTO2ScopeMode::MANUAL) {` ... `}`. The results are the
    same C++ names as the yielded values. `compiler_owned` marks a manual scope the compiler
    placed (materialize-runtime-scopes) rather than the user.

    Verifier: a manual scope is never inside a manual scope; an auto scope is never inside a
    manual scope (the runtime forbids AUTO in MANUAL); in an orchestration function whose
    scopes the compiler places (`pto_rt.auto_scope` absent or true) no auto scope is written
    by hand; yielded types equal the result types.
    """

    name = "pto_rt.scope"
    mode = prop_def(ScopeModeAttr)
    compiler_owned = opt_prop_def(UnitAttr)
    res = var_result_def()
    body = region_def("single_block")
    traits = traits_def(SingleBlockImplicitTerminator(YieldOp))

    def __init__(
        self,
        mode: ScopeMode,
        body: Region | Block,
        result_types: Sequence[Attribute] = (),
        compiler_owned: bool = False,
    ):
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            result_types=[result_types],
            regions=[body],
            properties={
                "mode": ScopeModeAttr(mode),
                "compiler_owned": UnitAttr() if compiler_owned else None,
            },
        )

    @property
    def is_manual(self) -> bool:
        return self.mode.data == ScopeMode.MANUAL

    @classmethod
    def parse(cls, parser: Parser) -> ScopeOp:
        mode = parser.parse_str_enum(ScopeMode)
        owned = parser.parse_optional_keyword("compiler_owned") is not None
        types: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            types = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
        region = parser.parse_region()
        attrs = parser.parse_optional_attr_dict_with_keyword()
        if not region.blocks:
            region.add_block(Block())
        block = region.block
        if block.last_op is None or not block.last_op.has_trait(IsTerminator):
            block.add_op(YieldOp())
        op = cls(mode, region, types, owned)
        if attrs is not None:
            op.attributes.update(attrs.data)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.mode.data.value}")
        if self.compiler_owned is not None:
            printer.print_string(" compiler_owned")
        if self.res:
            printer.print_string(" -> (")
            printer.print_list((r.type for r in self.res), printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        term = self.body.block.last_op if self.body.blocks else None
        elide = isinstance(term, YieldOp) and not term.values and not term.attributes
        printer.print_region(self.body, print_block_terminators=not elide)
        if self.attributes:
            printer.print_op_attributes(self.attributes, print_keyword=True)

    def nesting_error(self) -> str | None:
        """The rule "no scope inside a manual scope" (the runtime allows no AUTO and no MANUAL
        scope inside a MANUAL one): its message when a manual scope of the same function
        encloses this one, else None. The one implementation of the rule: the verifier
        raises it, and verify-orchestration reports it for IR parsed with --disable-verify."""
        from xdsl.dialects.func import FuncOp

        parent = self.parent_op()
        while parent is not None and not isinstance(parent, FuncOp):
            if isinstance(parent, ScopeOp) and parent.is_manual:
                return self._nesting_message()
            parent = parent.parent_op()
        return None

    def _nesting_message(self) -> str:
        """`nesting_error`'s message, for a scope a manual scope encloses."""
        if self.is_manual:
            return (
                "a manual scope cannot be nested in another manual scope: merge "
                "them or close the outer one first"
            )
        return (
            "an auto scope cannot be nested in a manual scope (the runtime forbids "
            "AUTO inside MANUAL): move it out of the manual scope"
        )

    def verify_(self) -> None:
        from xdsl.dialects.func import FuncOp

        term = self.body.block.last_op
        if isinstance(term, YieldOp):
            got = [v.type for v in term.values]
            want = [r.type for r in self.res]
            if got != want:
                raise VerifyException(
                    f"the scope yields ({', '.join(map(str, got))}) but its results are "
                    f"({', '.join(map(str, want))})"
                )
        if self.compiler_owned is not None and not self.is_manual:
            raise VerifyException("'compiler_owned' marks manual scopes only")
        symbols = verifying()
        if isinstance(symbols, VerificationLookups):
            # (a verification run: the ancestors' answers are kept in its memo)
            manual_above, func = _enclosing(self.parent_op(), symbols.checked)
            nested = self._nesting_message() if manual_above else None
        else:
            nested = self.nesting_error()
            func = self.parent_op()
            while func is not None and not isinstance(func, FuncOp):
                func = func.parent_op()
        if nested is not None:
            raise VerifyException(nested)
        if func is not None and (
            not self.is_manual and is_orchestration(func) and auto_scope_enabled(func)
        ):
            raise VerifyException(
                "a hand-placed auto scope needs the function to opt out of automatic "
                "scopes: set 'pto_rt.auto_scope = false' on the function, or use "
                "'pto_rt.scope manual'"
            )


def _enclosing(op: Operation | None, memo: dict[object, object]) -> tuple[bool, Operation | None]:
    """For the ancestors of a scope from `op` (its parent op) up: whether one of them below
    the nearest func.func is a manual scope (`ScopeOp.nesting_error`), and that func.func
    (None: none encloses it); kept per op in a verification run's `memo` (the IR does not
    change during the run)."""
    from xdsl.dialects.func import FuncOp

    if op is None:
        return False, None
    if isinstance(op, FuncOp):
        return False, op
    key = ("scope-ancestors", id(op))
    got = memo.get(key)
    if isinstance(got, tuple) and got[0] is op:
        return got[1], got[2]
    manual_above, func = _enclosing(op.parent_op(), memo)
    if isinstance(op, ScopeOp) and op.is_manual:
        manual_above = True
    memo[key] = (op, manual_above, func)  # (op kept alive: keyed by its id)
    return manual_above, func


def verify_operation_attribute(op: Operation, name: str, value: Attribute) -> None:
    """MLIR's `verifyOperationAttribute` for `pto_rt.*` discardable attributes."""
    from xdsl.dialects.func import FuncOp

    if name == AUTO_SCOPE:
        if not isinstance(op, FuncOp) or not (
            isinstance(value, IntegerAttr) and value.type.width.data == 1
        ):
            raise VerifyException("'pto_rt.auto_scope' is a bool attribute of func.func")
        return
    raise VerifyException(f"unknown attribute '{name}' of the pto_rt dialect{UNKNOWN_HINT}")


PTO_RT = Dialect("pto_rt", [ScopeOp, YieldOp], [ScopeModeAttr])

__all__ = ["PTO_RT", "BoolAttr", "ScopeMode", "ScopeOp", "YieldOp", "auto_scope_enabled"]
