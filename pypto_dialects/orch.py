"""The `pto_orch` dialect: kernels (`pto_orch.kernel`), kernel tasks (`pto_orch.call`,
`pto_orch.submit`) and TaskId arrays. Its attributes and types are in attrs.py, the checks of
its discardable attributes on func/scf ops in orch_attrs.py. Rules: docs/dialects/pto_orch.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    FunctionType,
    IntegerAttr,
    IndexType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
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
from xdsl.parser.core import UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    NoMemoryEffect,
    Pure,
    SymbolOpInterface,
    SymbolTable,
    SymbolUserOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import (
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
    check_arg_direction,
    parse_deps,
    print_deps,
    verify_deps,
)
from pypto_dialects.limits import check_static_dims, check_symbol_name, check_task_args
from pypto_dialects.symbols import SymbolTableCollection, verifying

# --------------------------------------------------------------------------- helpers

_DIR_KEYWORDS = {d.value: d for d in ArgDirection}


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
            with printer.in_angle_brackets():
                printer.print_string(self.memory_space.data.value)
        if self.aic is not None and self.aiv is not None:
            with printer.in_angle_brackets():
                printer.print_list((self.aic, self.aiv), printer.print_attribute)
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


class TaskKernelSymbolUser(SymbolUserOpInterface):
    """The callee of `pto_orch.call` / `submit` is a `pto_orch.kernel` whose signature the
    task matches, as `func.call`'s `CallOpSymbolUserOpInterface` (docs/dialects/pto_orch.md)."""

    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp | SubmitOp)
        kernel = op.kernel()
        args = op.args
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
        dirs = op.directions()
        if dirs is not None:
            if len(dirs) != len(args):
                raise VerifyException(f"{len(args)} arguments but {len(dirs)} directions")
            for i, (d, pd, t) in enumerate(zip(dirs, pdirs, ptypes)):
                check_arg_direction(i, d, pd, t)
        tensors = [a for a in args if isinstance(a.type, TensorType)]
        check_task_args(len(tensors), len(args) - len(tensors))
        written: dict[SSAValue, int] = {}
        for i, (a, pd) in enumerate(zip(args, pdirs)):
            if pd == ParamDirection.IN or not isinstance(a.type, TensorType):
                continue
            if a in written:
                raise VerifyException(
                    f"arguments {written[a]} and {i} are the same tensor, and the kernel "
                    "writes both: pass a different tensor to each Out/InOut parameter"
                )
            written[a] = i
        res = op.res
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


class _TaskOp(IRDLOperation):
    """What `pto_orch.call` and `pto_orch.submit` share: fields, syntax and checks."""

    args = var_operand_def()
    compiler_deps = var_operand_def()  # checked by verify_deps (a clearer message)
    res = var_result_def()
    callee = prop_def(SymbolRefAttr)
    arg_dirs = opt_prop_def(ArrayAttr[ArgDirectionAttr])

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(TaskKernelSymbolUser())

    def kernel(self, symbols: SymbolTableCollection | None = None) -> KernelOp:
        """The kernel `callee` names, from the nearest symbol table (through `symbols`, a
        pass's memo, or the memo of the verification under way, when there is one). Raises
        VerifyException when it names no kernel."""
        if symbols is None:
            symbols = verifying()
        if symbols is None:
            found = SymbolTable.lookup_symbol(self, self.callee)
        else:
            found = symbols.lookup_symbol(self, self.callee)
        if found is None:
            raise VerifyException(f"'{self.callee}' does not name a kernel in this module")
        if not isinstance(found, KernelOp):
            raise VerifyException(
                f"'{self.callee}' is a '{found.name}', not a pto_orch.kernel; tasks run kernels"
            )
        return found

    def directions(self) -> list[ArgDirection] | None:
        """The call-site directions, or None when the task gives none."""
        return None if self.arg_dirs is None else [d.data for d in self.arg_dirs.data]

    def kernel_result_values(self) -> Sequence[SSAValue]:
        """The results that alias kernel Out/InOut parameters (not the TaskId)."""
        return self.res

    def verify_(self) -> None:
        verify_deps(self.compiler_deps, "compiler_deps")

    def _print_call(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.callee)
        printer.print_string("(")
        dirs = self.directions()
        args = self.args

        def print_arg(i: int) -> None:
            if dirs is not None:
                printer.print_string(f"{dirs[i].value} ")
            printer.print_operand(args[i])

        printer.print_list(range(len(args)), print_arg)
        printer.print_string(")")

    def _print_tail(self, printer: Printer) -> None:
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list((a.type for a in self.args), printer.print_attribute)
        printer.print_string(") -> ")
        res = [r.type for r in self.res]
        if len(res) == 1:
            printer.print_attribute(res[0])
        else:
            printer.print_string("(")
            printer.print_list(res, printer.print_attribute)
            printer.print_string(")")

    @staticmethod
    def _parse_call(
        parser: Parser,
    ) -> tuple[SymbolRefAttr, list[UnresolvedOperand], list[ArgDirection] | None]:
        callee = parser.parse_attribute()
        if not isinstance(callee, SymbolRefAttr):
            parser.raise_error("expected a kernel symbol such as @kernel_add")

        expected = (
            "expected an argument such as '%a' or 'in %a' (directions: in, out, inout, "
            "no_dep, output_existing, scalar)"
        )

        def parse_arg() -> tuple[ArgDirection | None, UnresolvedOperand]:
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
                "give a direction for every argument or for none (in, out, inout, no_dep, "
                "output_existing; scalar for a scalar: 'scalar %i'; with none, "
                "derive-call-directions fills them in)"
            )
        dirs = [d for d, _ in items if d is not None] if items and all(have) else None
        return callee, [u for _, u in items], dirs

    @staticmethod
    def _parse_signature(
        parser: Parser, unresolved: list[UnresolvedOperand]
    ) -> tuple[list[SSAValue], list[Attribute]]:
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
        cdeps = parse_deps(parser, "compiler_deps")
        attrs = parser.parse_optional_attr_dict()
        args, outs = cls._parse_signature(parser, unresolved)
        op = cls(callee, args, outs, dirs, cdeps)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        self._print_call(printer)
        print_deps(printer, "compiler_deps", self.compiler_deps)
        self._print_tail(printer)


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

    # IRDL lists a subclass's fields before its base's: `args` and `res` are declared again
    # here to keep the order args, deps, compiler_deps and res, task_id.
    args = var_operand_def()
    deps = var_operand_def()  # checked by verify_deps (a clearer message)
    res = var_result_def()
    task_id = result_def(TaskIdType)

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

    @classmethod
    def parse(cls, parser: Parser) -> SubmitOp:
        callee, unresolved, dirs = cls._parse_call(parser)
        deps = parse_deps(parser, "deps")
        cdeps = parse_deps(parser, "compiler_deps")
        attrs = parser.parse_optional_attr_dict()
        args, outs = cls._parse_signature(parser, unresolved)
        op = cls(callee, args, outs, dirs, deps, cdeps)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        self._print_call(printer)
        print_deps(printer, "deps", self.deps)
        print_deps(printer, "compiler_deps", self.compiler_deps)
        self._print_tail(printer)

    def verify_(self) -> None:
        verify_deps(self.deps, "deps")
        super().verify_()


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
# The discardable attributes this dialect owns (checked in orch_attrs.py).

PARALLEL = "pto_orch.parallel"
ITER_ARG_REBIND = "pto_orch.iter_arg_rebind"
ITER_ARG_ARRAY_SIZE = "pto_orch.iter_arg_array_size"
KIND = "pto_orch.kind"
DIR = "pto_orch.dir"
MANUAL_CANDIDATE = "pto_orch.manual_candidate"
MANUAL_LAYER = "pto_orch.manual_layer"


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
