"""`pto_orch.kernel`, the declaration of a kernel a task can run, and `types_compatible`, the
type match a task's arguments and a kernel's results are checked with. The tasks that run
kernels, the TaskId ops and the dialect itself are in orch.py (which re-exports both names);
this module does not import orch.py. Rules: docs/dialects/pto_orch.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    FunctionType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import SymbolOpInterface, SymbolTable
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.attrs import (
    FunctionKind,
    FunctionKindAttr,
    MemorySpace,
    MemorySpaceAttr,
    ParamDirection,
    ParamDirectionAttr,
)
from pypto_dialects.limits import check_static_dims, check_symbol_name

# --------------------------------------------------------------------------- helpers


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
