"""The `pto_orch` dialect: kernels, kernel tasks, TaskIds and orchestration attributes.

Spec: PyPTO's orchestration codegen document (orchestration codegen: parameter directions, task submission, tuple
results, group kernels, manual scopes and TaskIds); docs/dialects/.

Types
    `!pto_orch.task_id`               a runtime TaskId (`PTO2TaskId`)
    `!pto_orch.task_id_array<N>`      a fixed-size array of TaskIds (`Array[N, TASK_ID]`)

Attributes
    `#pto_orch.kind<orchestration>`   function kind (`pto_orch.kind` on `func.func`)
    `#pto_orch.dir<in|out|inout>`     parameter direction (`pto_orch.dir` argument attribute)
    `#pto_orch.arg_dir<...>`          call-site direction (printed inline at call sites)
    `#pto_orch.memory_space<...>`     memory space of an `incore` kernel

Ops
    `pto_orch.kernel`   kernel declaration (symbol)
    `pto_orch.call`     fire-and-forget kernel task
    `pto_orch.submit`   kernel task that also yields a TaskId, with user `deps`
    `pto_orch.task_array_create` / `task_array_get` / `task_array_set`

Discardable attributes this dialect owns (checked by `verify_operation_attribute`):
    on `func.func`: `pto_orch.kind`, `pto_orch.manual_layer` (unit);
    on function arguments: `pto_orch.dir`;
    on `scf.for`: `pto_orch.parallel` (unit), `pto_orch.iter_arg_rebind` (array<i1>),
    `pto_orch.iter_arg_array_size` (array<i64>);
    on `pto_orch.call` / `pto_orch.submit`: `pto_orch.manual_candidate` (unit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar
from weakref import WeakKeyDictionary

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    IndexType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
    i1,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import NoMemoryEffect, Pure, SymbolOpInterface, SymbolTable
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import UNKNOWN_HINT
from pypto_dialects.buffers import check_not_an_input
from pypto_dialects.limits import (
    check_entry_args,
    check_static_dims,
    check_symbol_name,
    check_task_args,
)
from pypto_dialects.attrs import (  # noqa: F401 - re-exported
    TASK_ID,
    ArgDirection,
    ArgDirectionAttr,
    FunctionKind,
    FunctionKindAttr,
    MemorySpace,
    MemorySpaceAttr,
    ParamDirection,
    ParamDirectionAttr,
    TaskIdArrayType,
    TaskIdType,
    is_task_id_like,
    parse_angled_enum,
    print_angled_enum,
)

# --------------------------------------------------------------------------- helpers

_DIR_KEYWORDS = {d.value: d for d in ArgDirection}
_PARAM_KEYWORDS = {d.value: d for d in ParamDirection}


def types_compatible(expected: Attribute, actual: Attribute) -> bool:
    """Equal types, except that a `?` dimension on either side matches any extent."""
    if expected == actual:
        return True
    if isinstance(expected, TensorType) and isinstance(actual, TensorType):
        if expected.element_type != actual.element_type:
            return False
        es, as_ = expected.get_shape(), actual.get_shape()
        if len(es) != len(as_):
            return False
        return all(e == a or e < 0 or a < 0 for e, a in zip(es, as_))
    return False


def _print_deps(printer: Printer, keyword: str, deps: Sequence[SSAValue]) -> None:
    if not deps:
        return
    printer.print_string(f" {keyword}(")
    printer.print_list(deps, printer.print_operand)
    printer.print_string(" : ")
    printer.print_list((d.type for d in deps), printer.print_attribute)
    printer.print_string(")")


def _parse_deps(parser: Parser, keyword: str) -> list[SSAValue]:
    if parser.parse_optional_keyword(keyword) is None:
        return []
    parser.parse_punctuation("(")
    if parser.parse_optional_punctuation(")") is not None:
        return []
    names = parser.parse_comma_separated_list(
        Parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    if len(names) != len(types):
        parser.raise_error(
            f"{keyword}(...) lists {len(names)} values but {len(types)} types"
        )
    return [parser.resolve_operand(n, t) for n, t in zip(names, types)]


def _verify_deps(deps: Sequence[SSAValue], what: str) -> None:
    for i, d in enumerate(deps):
        if not is_task_id_like(d.type):
            raise VerifyException(
                f"{what} entry {i} has type {d.type}; deps must be !pto_orch.task_id or "
                "!pto_orch.task_id_array<N> values (a tensor orders nothing in a manual "
                "scope: pass the TaskId of the task that produced it)"
            )


# --------------------------------------------------------------------------- kernel


@irdl_op_definition
class KernelOp(IRDLOperation):
    """`pto_orch.kernel`: declaration of a kernel a task can run (its body is another
    compiler's job).

    Syntax:
        pto_orch.kernel @name <kind> (<dir> <type>, ...) [-> <types> [returns [i, ...]]]
        <kind> ::= aic | aiv | spmd | incore<left|right|acc|mat|vec> | group<@aic, @aiv>
                 | group<@aiv0, @aiv1>

    Each result *is* the Out/InOut parameter it names in `returns` (spec: output aliasing,
    `ReturnParamsExplicit`). `returns` may be omitted only when the kernel has exactly one
    Out/InOut parameter and at most one result. Core type: `aic`/`aiv` explicitly, or from the
    memory space of an `incore` kernel (left/right/acc/mat -> AIC, vec -> AIV); a `group` runs
    its members together (MixedKernels): an AIC and an AIV kernel, or two AIV kernels (the
    first member is then the AIV0 one; its property keeps the name `aic`).

    Verifier: kind is a kernel kind; `incore` has a memory space; `group` names its members;
    one direction per parameter; scalars are `in`; each result names an Out/InOut parameter
    of the same type.
    """

    name = "pto_orch.kernel"

    sym_name = prop_def(SymbolNameConstraint())
    kind = prop_def(FunctionKindAttr)
    function_type = prop_def(FunctionType)
    param_dirs = prop_def(ArrayAttr[ParamDirectionAttr])
    result_params = opt_prop_def(DenseArrayBase)
    memory_space = opt_prop_def(MemorySpaceAttr)
    aic = opt_prop_def(SymbolRefAttr)
    aiv = opt_prop_def(SymbolRefAttr)

    traits = traits_def(SymbolOpInterface())

    def __init__(
        self,
        name: str,
        kind: FunctionKind,
        params: Sequence[tuple[ParamDirection, Attribute]],
        results: Sequence[Attribute] = (),
        result_params: Sequence[int] | None = None,
        memory_space: MemorySpace | None = None,
        aic: str | None = None,
        aiv: str | None = None,
    ):
        props: dict[str, Attribute | None] = {
            "sym_name": StringAttr(name),
            "kind": FunctionKindAttr(kind),
            "function_type": FunctionType.from_lists([t for _, t in params], results),
            "param_dirs": ArrayAttr([ParamDirectionAttr(d) for d, _ in params]),
            "result_params": None
            if result_params is None
            else DenseArrayBase.from_list(i64, result_params),
            "memory_space": None if memory_space is None else MemorySpaceAttr(memory_space),
            "aic": None if aic is None else SymbolRefAttr(aic),
            "aiv": None if aiv is None else SymbolRefAttr(aiv),
        }
        super().__init__(properties=props)

    # -- queries used by passes and the printer

    @property
    def param_types(self) -> tuple[Attribute, ...]:
        return self.function_type.inputs.data

    @property
    def kernel_results(self) -> tuple[Attribute, ...]:
        return self.function_type.outputs.data

    def directions(self) -> list[ParamDirection]:
        return [d.data for d in self.param_dirs.data]

    def signature_text(self) -> str:
        """`(in tensor<4xf32>, out tensor<4xf32>)`, the parameters as written."""
        params = ", ".join(f"{d.value} {t}" for d, t in zip(self.directions(), self.param_types))
        return f"({params})"

    def written_params(self) -> list[int]:
        """Indices of the Out/InOut tensor parameters, in order."""
        return [
            i
            for i, d in enumerate(self.directions())
            if d != ParamDirection.IN and isinstance(self.param_types[i], TensorType)
        ]

    def result_param_indices(self) -> list[int]:
        """For each result, the index of the Out/InOut parameter it aliases."""
        if self.result_params is not None:
            return [int(v) for v in self.result_params.get_values()]
        return self.written_params()[: len(self.kernel_results)]

    def core_type(self) -> str | None:
        """`"AIC"`, `"AIV"`, `"MIX"` for a group, or None when the kind has no core type."""
        kind = self.kind.data
        if kind == FunctionKind.AIC:
            return "AIC"
        if kind == FunctionKind.AIV:
            return "AIV"
        if kind == FunctionKind.GROUP:
            return "MIX"
        if kind == FunctionKind.INCORE and self.memory_space is not None:
            return "AIV" if self.memory_space.data == MemorySpace.VEC else "AIC"
        return None

    # -- syntax

    @classmethod
    def parse(cls, parser: Parser) -> KernelOp:
        name = parser.parse_symbol_name().data
        kind_pos = parser.pos
        kind_word = parser.parse_identifier()
        try:
            kind = FunctionKind(kind_word)
        except ValueError:
            parser.raise_error(
                f"unknown kernel kind '{kind_word}' (expected aic, aiv, spmd, "
                "incore<space> or group<@aic, @aiv>)",
                kind_pos,
                parser.pos,
            )
        memory_space = aic = aiv = None
        if kind == FunctionKind.INCORE:
            parser.parse_punctuation("<")
            memory_space = parser.parse_str_enum(MemorySpace)
            parser.parse_punctuation(">")
        elif kind == FunctionKind.GROUP:
            parser.parse_punctuation("<")
            aic = parser.parse_symbol_name().data
            parser.parse_punctuation(",")
            aiv = parser.parse_symbol_name().data
            parser.parse_punctuation(">")

        def parse_param() -> tuple[ParamDirection, Attribute]:
            d = parser.parse_str_enum(ParamDirection)
            return d, parser.parse_type()

        params = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parse_param)
        results: list[Attribute] = []
        result_params = None
        if parser.parse_optional_punctuation("->") is not None:
            if parser.parse_optional_punctuation("(") is not None:
                if parser.parse_optional_punctuation(")") is None:
                    results = parser.parse_comma_separated_list(
                        Parser.Delimiter.NONE, parser.parse_type
                    )
                    parser.parse_punctuation(")")
            else:
                results = [parser.parse_type()]
            if parser.parse_optional_keyword("returns") is not None:
                result_params = parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, parser.parse_integer
                )
        attrs = parser.parse_optional_attr_dict_with_keyword()
        op = cls(name, kind, params, results, result_params, memory_space, aic, aiv)
        if attrs is not None:
            op.attributes.update(attrs.data)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(f" {self.kind.data.value}")
        if self.memory_space is not None:
            printer.print_string(f"<{self.memory_space.data.value}>")
        if self.aic is not None and self.aiv is not None:
            printer.print_string("<")
            printer.print_attribute(self.aic)
            printer.print_string(", ")
            printer.print_attribute(self.aiv)
            printer.print_string(">")
        printer.print_string(" (")

        def print_param(p: tuple[ParamDirectionAttr, Attribute]) -> None:
            printer.print_string(f"{p[0].data.value} ")
            printer.print_attribute(p[1])

        printer.print_list(zip(self.param_dirs.data, self.param_types), print_param)
        printer.print_string(")")
        if self.kernel_results:
            printer.print_string(" -> ")
            if len(self.kernel_results) == 1:
                printer.print_attribute(self.kernel_results[0])
            else:
                printer.print_string("(")
                printer.print_list(self.kernel_results, printer.print_attribute)
                printer.print_string(")")
            if self.result_params is not None:
                printer.print_string(" returns [")
                printer.print_list(
                    self.result_params.get_values(), lambda v: printer.print_string(str(v))
                )
                printer.print_string("]")
        if self.attributes:
            printer.print_op_attributes(self.attributes, print_keyword=True)

    def verify_(self) -> None:
        check_symbol_name(self.sym_name.data, "kernel")
        kind = self.kind.data
        if kind in (FunctionKind.ORCHESTRATION, FunctionKind.OPAQUE):
            raise VerifyException(
                f"kind '{kind.value}' is not a kernel kind (use aic, aiv, incore<space>, "
                "group<@aic, @aiv> or spmd)"
            )
        if kind == FunctionKind.INCORE and self.memory_space is None:
            raise VerifyException("an incore kernel needs a memory space: incore<vec>, ...")
        if kind != FunctionKind.INCORE and self.memory_space is not None:
            raise VerifyException("only an incore kernel has a memory space")
        if kind == FunctionKind.GROUP and (self.aic is None or self.aiv is None):
            raise VerifyException("a group kernel names its members: group<@aic, @aiv>")
        if kind != FunctionKind.GROUP and (self.aic is not None or self.aiv is not None):
            raise VerifyException("only a group kernel has AIC/AIV members")
        types = self.param_types
        dirs = self.directions()
        if len(dirs) != len(types):
            raise VerifyException(
                f"{len(types)} parameters but {len(dirs)} parameter directions"
            )
        for i, (d, t) in enumerate(zip(dirs, types)):
            check_static_dims(t, f"parameter {i} has type")
            if not isinstance(t, TensorType) and d != ParamDirection.IN:
                raise VerifyException(
                    f"parameter {i} is a scalar ({t}) and cannot be '{d.value}': only "
                    "tensors are written by a kernel"
                )
        written = self.written_params()
        if self.result_params is None:
            if self.kernel_results and (len(written) != 1 or len(self.kernel_results) != 1):
                raise VerifyException(
                    f"{len(self.kernel_results)} result(s) and {len(written)} Out/InOut "
                    "parameters: name the parameter each result is with 'returns [i, ...]'"
                )
        else:
            idx = self.result_param_indices()
            if len(idx) != len(self.kernel_results):
                raise VerifyException(
                    f"'returns' names {len(idx)} parameters for "
                    f"{len(self.kernel_results)} results"
                )
            if len(set(idx)) != len(idx):
                twice = next(p for p in idx if idx.count(p) > 1)
                raise VerifyException(
                    f"'returns' names parameter {twice} twice: each result is a different "
                    "Out/InOut parameter"
                )
        for r, (p, t) in enumerate(zip(self.result_param_indices(), self.kernel_results)):
            if not 0 <= p < len(types):
                raise VerifyException(f"result {r} names parameter {p}, which does not exist")
            if p not in written:
                raise VerifyException(
                    f"result {r} names parameter {p}, which is not an Out/InOut tensor"
                )
            if not types_compatible(types[p], t):
                raise VerifyException(
                    f"result {r} has type {t} but parameter {p} has type {types[p]}"
                )
        if kind == FunctionKind.GROUP:
            # group<@aic, @aiv> (cube + vector), or group<@aiv0, @aiv1> (both vector cores)
            wants = (
                (self.aic, (FunctionKind.AIC, FunctionKind.AIV)),
                (self.aiv, (FunctionKind.AIV,)),
            )
            for member, want in wants:
                assert member is not None
                found = SymbolTable.lookup_symbol(self, member)
                if not isinstance(found, KernelOp) or found.kind.data not in want:
                    raise VerifyException(
                        f"group member {member} must name a pto_orch.kernel of kind "
                        f"{' or '.join(w.value for w in want)}: group<@aic, @aiv> or "
                        "group<@aiv0, @aiv1>"
                    )
                if found.param_types != types or found.directions() != dirs:
                    raise VerifyException(
                        f"group member {member} has the signature {found.signature_text()}, "
                        f"not the group's {self.signature_text()}: a group runs both "
                        "members on the same arguments"
                    )


# --------------------------------------------------------------------------- tasks


_SYMBOL_TABLES: WeakKeyDictionary[Operation, dict[str, Operation]] = WeakKeyDictionary()
"""Symbol-table op -> {name: symbol op}, the memo of `_lookup_symbol`."""


def _lookup_symbol(op: Operation, ref: SymbolRefAttr) -> Operation | None:
    """`SymbolTable.lookup_symbol(op, ref)` in O(1) for a flat reference: xDSL's scans the
    symbol table's block per lookup, which made verifying every task O(number of kernels)
    (docs/performance.md). The name map of each table is memoized and each hit re-checked
    (still in the table's block, still under that name); a miss or a stale hit rebuilds it,
    so edits of the module are seen. Any other case takes xDSL's path, errors included."""
    if ref.nested_references.data:
        return SymbolTable.lookup_symbol(op, ref)
    anchor: Operation | None = op
    while anchor is not None and not anchor.has_trait(SymbolTable):
        anchor = anchor.parent_op()
    if anchor is None:
        return SymbolTable.lookup_symbol(op, ref)
    name = ref.root_reference.data
    block = anchor.regions[0].block
    table = _SYMBOL_TABLES.get(anchor)
    if table is not None:
        hit = table.get(name)
        if hit is not None and hit.parent is block:
            sym = hit.get_attr_or_prop("sym_name")
            if isinstance(sym, StringAttr) and sym.data == name:
                return hit
    table = {}
    try:
        for o in block.ops:
            interface = o.get_trait(SymbolOpInterface)
            if interface is not None:
                sym = interface.get_sym_attr_name(o)
                if sym is not None:
                    table.setdefault(sym.data, o)
    except VerifyException:
        return SymbolTable.lookup_symbol(op, ref)
    _SYMBOL_TABLES[anchor] = table
    return table.get(name)


def lookup_kernel(op: Operation, callee: SymbolRefAttr) -> KernelOp:
    """The `pto_orch.kernel` that `callee` names, or a VerifyException saying what is wrong."""
    found = _lookup_symbol(op, callee)
    if found is None:
        raise VerifyException(f"'{callee}' does not name a kernel in this module")
    if not isinstance(found, KernelOp):
        raise VerifyException(
            f"'{callee}' is a '{found.name}', not a pto_orch.kernel; tasks run kernels"
        )
    return found


def _check_direction(i: int, d: ArgDirection, pd: ParamDirection, ptype: Attribute) -> None:
    if not isinstance(ptype, TensorType):
        if d != ArgDirection.SCALAR:
            raise VerifyException(
                f"argument {i} is passed as '{d.value}' but the kernel declares a scalar "
                f"({ptype}): use 'scalar'"
            )
        return
    if d == ArgDirection.SCALAR:
        raise VerifyException(
            f"argument {i} is passed as 'scalar' but the kernel declares a tensor ({ptype})"
        )
    if pd == ParamDirection.IN and d in (ArgDirection.OUT, ArgDirection.INOUT):
        raise VerifyException(
            f"argument {i} is passed as '{d.value}' but kernel parameter {i} is 'in': a "
            "task cannot write through an input (use 'in' or 'no_dep')"
        )
    if pd != ParamDirection.IN and d == ArgDirection.NO_DEP:
        raise VerifyException(
            f"argument {i} is passed as 'no_dep' but kernel parameter {i} is "
            f"'{pd.value}': no_dep is for inputs the task need not wait for, and a written "
            f"tensor must be tracked (use '{pd.value}')"
        )
    if pd == ParamDirection.INOUT and d == ArgDirection.OUT:
        raise VerifyException(
            f"argument {i} is passed as 'out' but kernel parameter {i} is 'inout': the "
            "kernel reads it (use 'inout')"
        )
    if pd == ParamDirection.INOUT and d == ArgDirection.IN:
        raise VerifyException(
            f"argument {i} is passed as 'in' but kernel parameter {i} is 'inout': the "
            "kernel writes it (use 'inout')"
        )
    if pd == ParamDirection.OUT and d == ArgDirection.IN:
        raise VerifyException(
            f"argument {i} is passed as 'in' but kernel parameter {i} is 'out': the "
            "kernel writes it (use 'out' or 'inout')"
        )


class _TaskOp(IRDLOperation):
    """Shared syntax and checks of `pto_orch.call` and `pto_orch.submit`."""

    @property
    def task_args(self) -> Sequence[SSAValue]:
        return self.args  # type: ignore[attr-defined]

    def kernel(self) -> KernelOp:
        """The callee kernel (raises VerifyException when it does not resolve)."""
        return lookup_kernel(self, self.callee)  # type: ignore[attr-defined]

    def directions(self) -> list[ArgDirection] | None:
        dirs = self.arg_dirs  # type: ignore[attr-defined]
        return None if dirs is None else [d.data for d in dirs.data]

    def kernel_result_values(self) -> Sequence[SSAValue]:
        """The results that alias kernel Out/InOut parameters (not the TaskId)."""
        return self.results

    def _print_call(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.callee)  # type: ignore[attr-defined]
        printer.print_string("(")
        dirs = self.directions()
        args = self.task_args

        def print_arg(i: int) -> None:
            if dirs is not None:
                printer.print_string(f"{dirs[i].value} ")
            printer.print_operand(args[i])

        printer.print_list(range(len(args)), print_arg)
        printer.print_string(")")

    def _print_tail(self, printer: Printer, extra: Sequence[str] = ()) -> None:
        attrs = {k: v for k, v in self.attributes.items() if k not in extra}
        if attrs:
            printer.print_op_attributes(attrs)
        printer.print_string(" : (")
        printer.print_list((a.type for a in self.task_args), printer.print_attribute)
        printer.print_string(") -> ")
        res = [r.type for r in self.kernel_result_values()]
        if len(res) == 1:
            printer.print_attribute(res[0])
        else:
            printer.print_string("(")
            printer.print_list(res, printer.print_attribute)
            printer.print_string(")")

    @staticmethod
    def _parse_call(parser: Parser) -> tuple[SymbolRefAttr, list, list[ArgDirection] | None]:
        callee = parser.parse_attribute()
        if not isinstance(callee, SymbolRefAttr):
            parser.raise_error("expected a kernel symbol such as @kernel_add")

        expected = (
            "expected an argument such as '%a' or 'in %a' (directions: in, out, inout, "
            "no_dep, scalar)"
        )

        def parse_arg() -> tuple[ArgDirection | None, object]:
            start = parser.pos
            word = parser.parse_optional_identifier()
            d = None if word is None else _DIR_KEYWORDS.get(word)
            if word is not None and d is None:
                parser.raise_error(expected, start, parser.pos)
            return d, parser.parse_unresolved_operand(expected)

        items = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parse_arg)
        have = [d is not None for d, _ in items]
        if any(have) and not all(have):
            parser.raise_error(
                "give a direction for every argument or for none "
                "(derive-call-directions fills them in)"
            )
        dirs = [d for d, _ in items] if items and all(have) else None
        return callee, [u for _, u in items], dirs  # type: ignore[return-value]

    @staticmethod
    def _parse_signature(parser: Parser, unresolved: list) -> tuple[list[SSAValue], list[Attribute]]:
        parser.parse_punctuation(":")
        pos = parser.pos
        ins = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
        if len(ins) != len(unresolved):
            parser.raise_error(
                f"{len(unresolved)} arguments but {len(ins)} argument types", pos, parser.pos
            )
        parser.parse_punctuation("->")
        if parser.parse_optional_punctuation("(") is not None:
            outs: list[Attribute] = []
            if parser.parse_optional_punctuation(")") is None:
                outs = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
                parser.parse_punctuation(")")
        else:
            outs = [parser.parse_type()]
        args = [parser.resolve_operand(u, t) for u, t in zip(unresolved, ins)]
        return args, outs

    def _verify_task(self) -> None:
        kernel = self.kernel()
        args = self.task_args
        ptypes = kernel.param_types
        if len(args) > len(ptypes):
            raise VerifyException(
                f"{len(args)} arguments but kernel '@{kernel.sym_name.data}' has "
                f"{len(ptypes)} parameters"
            )
        pdirs = kernel.directions()
        for i in range(len(args), len(ptypes)):
            # a parameter left out is an output the runtime allocates (add_output(ci))
            t = ptypes[i]
            if (
                pdirs[i] != ParamDirection.OUT
                or not isinstance(t, TensorType)
                or any(d < 0 for d in t.get_shape())
            ):
                raise VerifyException(
                    f"{len(args)} arguments but kernel '@{kernel.sym_name.data}' has "
                    f"{len(ptypes)} parameters, and parameter {i} ({pdirs[i].value} {t}) is not "
                    "one the runtime can allocate: only trailing 'out' tensors of static shape "
                    "may be left out; pass it"
                )
        for i, (a, t) in enumerate(zip(args, ptypes)):
            if not types_compatible(t, a.type):
                raise VerifyException(
                    f"argument {i} has type {a.type} but kernel '@{kernel.sym_name.data}' "
                    f"declares {t}"
                )
        dirs = self.directions()
        if dirs is not None:
            if len(dirs) != len(args):
                raise VerifyException(f"{len(args)} arguments but {len(dirs)} directions")
            for i, (d, pd, t) in enumerate(zip(dirs, kernel.directions(), ptypes)):
                _check_direction(i, d, pd, t)
        tensors = [a for a in args if isinstance(a.type, TensorType)]
        check_task_args(len(tensors), len(args) - len(tensors))
        written: dict[SSAValue, int] = {}
        for i, (a, pd) in enumerate(zip(args, kernel.directions())):
            if pd == ParamDirection.IN or not isinstance(a.type, TensorType):
                continue
            if a in written:
                raise VerifyException(
                    f"arguments {written[a]} and {i} are the same tensor, and the kernel "
                    "writes both: pass a different tensor to each Out/InOut parameter"
                )
            written[a] = i
            check_not_an_input(a, f"argument {i} is '{pd.value}', so the task writes")
        res = self.kernel_result_values()
        if len(res) != len(kernel.kernel_results):
            raise VerifyException(
                f"{len(res)} kernel results but '@{kernel.sym_name.data}' returns "
                f"{len(kernel.kernel_results)}"
            )
        for i, (r, t) in enumerate(zip(res, kernel.kernel_results)):
            if not types_compatible(t, r.type):
                raise VerifyException(
                    f"result {i} has type {r.type} but the kernel returns {t}"
                )
        _verify_deps(self.compiler_deps, "compiler_deps")  # type: ignore[attr-defined]


def _dirs_prop(dirs: Sequence[ArgDirection] | None) -> ArrayAttr | None:
    return None if dirs is None else ArrayAttr([ArgDirectionAttr(d) for d in dirs])


@irdl_op_definition
class CallOp(_TaskOp):
    """`pto_orch.call`: submit one task that runs a kernel (fire-and-forget).

    Syntax:
        %r = pto_orch.call @kernel(in %a, out %c) [compiler_deps(%t : !pto_orch.task_id)]
             [attr-dict] : (<arg types>) -> <result types>

    Directions (`in`, `out`, `inout`, `no_dep`, `scalar`) are given for every argument or for
    none; `derive-call-directions` fills them in and the C++ printer requires them. Each
    result *is* the Out/InOut argument the kernel's `returns` map names (destination-passing
    style). `compiler_deps` are the compiler-derived TaskId edges (spec
    `compiler_manual_dep_edges`).

    Verifier: the callee is a `pto_orch.kernel`; argument and result types match it; each
    direction agrees with the kernel parameter; compiler deps are TaskIds.
    """

    name = "pto_orch.call"

    args = var_operand_def()
    compiler_deps = var_operand_def()  # checked by _verify_deps (a clearer message)
    res = var_result_def()
    callee = prop_def(SymbolRefAttr)
    arg_dirs = opt_prop_def(ArrayAttr[ArgDirectionAttr])

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        args: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        dirs: Sequence[ArgDirection] | None = None,
        compiler_deps: Sequence[SSAValue] = (),
    ):
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        super().__init__(
            operands=[args, compiler_deps],
            result_types=[result_types],
            properties={"callee": callee, "arg_dirs": _dirs_prop(dirs)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> CallOp:
        callee, unresolved, dirs = cls._parse_call(parser)
        cdeps = _parse_deps(parser, "compiler_deps")
        attrs = parser.parse_optional_attr_dict()
        args, outs = cls._parse_signature(parser, unresolved)
        op = cls(callee, args, outs, dirs, cdeps)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        self._print_call(printer)
        _print_deps(printer, "compiler_deps", self.compiler_deps)
        self._print_tail(printer)

    def verify_(self) -> None:
        self._verify_task()


@irdl_op_definition
class SubmitOp(_TaskOp):
    """`pto_orch.submit`: submit one task that runs a kernel and yield its TaskId.

    Syntax:
        %r, %tid = pto_orch.submit @kernel(in %a, out %c) [deps(%t0, %arr : !pto_orch.task_id,
                   !pto_orch.task_id_array<4>)] [compiler_deps(...)] [attr-dict]
                   : (<arg types>) -> <kernel result types>

    The last result is always the task's `!pto_orch.task_id` (not listed after `->`). `deps`
    are the user's explicit edges (spec `pl.submit(..., deps=[...])`): in a manual scope they
    are the only ordering the runtime sees. A TaskId array in `deps` stands for all its slots.

    Verifier: as `pto_orch.call`, plus deps are TaskIds or TaskId arrays.
    """

    name = "pto_orch.submit"

    args = var_operand_def()
    deps = var_operand_def()  # checked by _verify_deps (a clearer message)
    compiler_deps = var_operand_def()  # checked by _verify_deps (a clearer message)
    res = var_result_def()
    task_id = result_def(TaskIdType)
    callee = prop_def(SymbolRefAttr)
    arg_dirs = opt_prop_def(ArrayAttr[ArgDirectionAttr])

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        args: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        dirs: Sequence[ArgDirection] | None = None,
        deps: Sequence[SSAValue] = (),
        compiler_deps: Sequence[SSAValue] = (),
    ):
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        super().__init__(
            operands=[args, deps, compiler_deps],
            result_types=[result_types, TASK_ID],
            properties={"callee": callee, "arg_dirs": _dirs_prop(dirs)},
        )

    def kernel_result_values(self) -> Sequence[SSAValue]:
        return self.res

    @classmethod
    def parse(cls, parser: Parser) -> SubmitOp:
        callee, unresolved, dirs = cls._parse_call(parser)
        deps = _parse_deps(parser, "deps")
        cdeps = _parse_deps(parser, "compiler_deps")
        attrs = parser.parse_optional_attr_dict()
        args, outs = cls._parse_signature(parser, unresolved)
        op = cls(callee, args, outs, dirs, deps, cdeps)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        self._print_call(printer)
        _print_deps(printer, "deps", self.deps)
        _print_deps(printer, "compiler_deps", self.compiler_deps)
        self._print_tail(printer)

    def verify_(self) -> None:
        _verify_deps(self.deps, "deps")
        self._verify_task()


# --------------------------------------------------------------------------- TaskId arrays


@irdl_op_definition
class TaskArrayCreateOp(IRDLOperation):
    """`pto_orch.task_array_create`: a TaskId array with every slot invalid.

    Syntax: `%arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>`
    C++: `PTO2TaskId arr[4];` with each slot set to `PTO2TaskId::invalid()`.
    """

    name = "pto_orch.task_array_create"
    result = result_def(TaskIdArrayType)
    traits = traits_def(Pure())  # a C++ local array: no task, no runtime buffer
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, size: int):
        super().__init__(result_types=[TaskIdArrayType(size)])


def _verify_slot(op: Operation, array_type: Attribute, index: SSAValue) -> None:
    from xdsl.dialects.arith import ConstantOp

    owner = index.owner
    if isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr):
        n = owner.value.value.data
        assert isinstance(array_type, TaskIdArrayType)
        if not 0 <= n < array_type.size.data:
            raise VerifyException(
                f"slot {n} is out of range for {array_type} (slots 0..{array_type.size.data - 1})"
            )


@irdl_op_definition
class TaskArrayGetOp(IRDLOperation):
    """`pto_orch.task_array_get`: read one slot of a TaskId array (a snapshot: a later
    `task_array_set` of the slot does not change the value read).

    Syntax: `%t = pto_orch.task_array_get %arr[%i] : !pto_orch.task_id_array<4>`
    Verifier: a constant index is within the array.
    """

    name = "pto_orch.task_array_get"
    array = operand_def(TaskIdArrayType)
    index = operand_def(IndexType)
    result = result_def(TaskIdType)
    # reads a slot of an SSA value; not speculatable: a dynamic index may be out of range
    traits = traits_def(NoMemoryEffect())
    assembly_format = "$array `[` $index `]` attr-dict `:` type($array)"

    def __init__(self, array: SSAValue, index: SSAValue):
        super().__init__(operands=[array, index], result_types=[TASK_ID])

    def verify_(self) -> None:
        _verify_slot(self, self.array.type, self.index)


@irdl_op_definition
class TaskArraySetOp(IRDLOperation):
    """`pto_orch.task_array_set`: write one slot of a TaskId array; the result is the same
    array after the write (in C++ an in-place store `arr[i] = t;`).

    Syntax: `%arr2 = pto_orch.task_array_set %t, %arr[%i] : !pto_orch.task_id_array<4>`
    Verifier: a constant index is within the array.
    """

    name = "pto_orch.task_array_set"
    T: ClassVar = VarConstraint("T", base(TaskIdArrayType))
    value = operand_def(TaskIdType)
    array = operand_def(T)
    index = operand_def(IndexType)
    result = result_def(T)
    assembly_format = "$value `,` $array `[` $index `]` attr-dict `:` type($array)"

    def __init__(self, value: SSAValue, array: SSAValue, index: SSAValue):
        super().__init__(operands=[value, array, index], result_types=[array.type])

    def verify_(self) -> None:
        if self.result.type != self.array.type:
            raise VerifyException("the result has the type of the array")
        _verify_slot(self, self.array.type, self.index)


# --------------------------------------------------------------------------- attributes on other ops

PARALLEL = "pto_orch.parallel"
ITER_ARG_REBIND = "pto_orch.iter_arg_rebind"
ITER_ARG_ARRAY_SIZE = "pto_orch.iter_arg_array_size"
KIND = "pto_orch.kind"
DIR = "pto_orch.dir"
MANUAL_CANDIDATE = "pto_orch.manual_candidate"
MANUAL_LAYER = "pto_orch.manual_layer"


def is_orchestration(op: Operation) -> bool:
    """True for a `func.func` carrying `pto_orch.kind = #pto_orch.kind<orchestration>`."""
    kind = op.attributes.get(KIND)
    return isinstance(kind, FunctionKindAttr) and kind.data == FunctionKind.ORCHESTRATION


def param_directions(func: Operation) -> list[ParamDirection]:
    """Directions of a `func.func`'s parameters (`pto_orch.dir` argument attributes,
    absent means `in`)."""
    n = len(func.function_type.inputs.data)  # type: ignore[attr-defined]
    arg_attrs = func.arg_attrs  # type: ignore[attr-defined]
    if arg_attrs is None:
        return [ParamDirection.IN] * n
    out = []
    for d in arg_attrs.data:
        a = d.data.get(DIR)
        out.append(a.data if isinstance(a, ParamDirectionAttr) else ParamDirection.IN)
    return out


def verify_operation_attribute(op: Operation, name: str, value: Attribute) -> None:
    """MLIR's `verifyOperationAttribute` for the `pto_orch.*` discardable attributes.

    Raises VerifyException when an attribute sits on the wrong op or has the wrong shape.
    """
    from xdsl.dialects import func

    if name in (PARALLEL, ITER_ARG_REBIND, ITER_ARG_ARRAY_SIZE):
        from xdsl.dialects import scf  # only here: a file without loops never loads scf

    if name == KIND:
        if not isinstance(op, func.FuncOp) or not isinstance(value, FunctionKindAttr):
            raise VerifyException(
                "'pto_orch.kind' belongs on func.func and takes #pto_orch.kind<...>"
            )
        if value.data == FunctionKind.ORCHESTRATION:
            _verify_orchestration_func(op)
    elif name == MANUAL_LAYER:
        if not isinstance(op, func.FuncOp) or not isinstance(value, UnitAttr):
            raise VerifyException("'pto_orch.manual_layer' is a unit attribute of func.func")
    elif name == PARALLEL:
        if not isinstance(op, scf.ForOp) or not isinstance(value, UnitAttr):
            raise VerifyException("'pto_orch.parallel' is a unit attribute of scf.for")
    elif name in (ITER_ARG_REBIND, ITER_ARG_ARRAY_SIZE):
        if not isinstance(op, scf.ForOp):
            raise VerifyException(f"'{name}' belongs on scf.for")
        want = i1 if name == ITER_ARG_REBIND else i64
        if not isinstance(value, DenseArrayBase) or value.elt_type != want:
            raise VerifyException(f"'{name}' must be an array<{want}: ...>")
        n = len(op.iter_args)
        if len(value) != n:
            raise VerifyException(f"'{name}' has {len(value)} entries for {n} iter_args")
        if name == ITER_ARG_ARRAY_SIZE:
            for i, size in enumerate(value.get_values()):
                if size < 0:
                    raise VerifyException(
                        f"'{name}' entry {i} is {size}: an array size is positive, or 0 "
                        "for a carry that is not an array"
                    )
                _verify_array_plan(op, i, size)
    elif name == MANUAL_CANDIDATE:
        if not isinstance(op, CallOp | SubmitOp) or not isinstance(value, UnitAttr):
            raise VerifyException(
                "'pto_orch.manual_candidate' is a unit attribute of pto_orch.call/submit"
            )
    elif name == DIR:
        raise VerifyException("'pto_orch.dir' is an argument attribute of func.func")
    else:
        raise VerifyException(
            f"unknown attribute '{name}' of the pto_orch dialect{UNKNOWN_HINT}"
        )


def _verify_array_plan(loop: Operation, i: int, size: int) -> None:
    """A carry planned as an array of `size` (> 0) slots is a `!pto_orch.task_id` carry."""
    t = loop.body.block.args[i + 1].type  # type: ignore[attr-defined]
    if size == 0 or isinstance(t, TaskIdType):
        return
    if isinstance(t, TaskIdArrayType):
        why = f"a {t} carry is an array already, but its plan is an array of {size} slots"
    else:
        why = f"it has type {t}, but its plan is a TaskId array of {size} slots"
    raise VerifyException(
        f"iter_arg #{i}: {why}; the carry plan ('{ITER_ARG_ARRAY_SIZE}') is stale, re-run "
        "classify-iter-arg-carry"
    )


def _verify_orchestration_func(op: Operation) -> None:
    from pypto_dialects.loop_steps import verify_loop_steps

    verify_loop_steps(op)
    arg_attrs = op.arg_attrs  # type: ignore[attr-defined]
    types = op.function_type.inputs.data  # type: ignore[attr-defined]
    check_symbol_name(op.sym_name.data, "orchestration function")  # type: ignore[attr-defined]
    check_entry_args(types)
    if arg_attrs is None:
        return
    for i, (d, t) in enumerate(zip(arg_attrs.data, types)):
        assert isinstance(d, DictionaryAttr)
        for key, a in d.data.items():
            if key != DIR:
                if key.startswith("pto_orch."):
                    raise VerifyException(f"unknown argument attribute '{key}'")
                continue
            if not isinstance(a, ParamDirectionAttr):
                raise VerifyException(
                    f"argument {i}: 'pto_orch.dir' takes #pto_orch.dir<in|out|inout>"
                )
            if a.data != ParamDirection.IN and not isinstance(t, TensorType):
                raise VerifyException(
                    f"argument {i} is a scalar ({t}) and cannot be '{a.data.value}': only "
                    "tensor parameters are written"
                )


PTO_ORCH = Dialect(
    "pto_orch",
    [KernelOp, CallOp, SubmitOp, TaskArrayCreateOp, TaskArrayGetOp, TaskArraySetOp],
    [
        FunctionKindAttr,
        ParamDirectionAttr,
        ArgDirectionAttr,
        MemorySpaceAttr,
        TaskIdType,
        TaskIdArrayType,
    ],
)
