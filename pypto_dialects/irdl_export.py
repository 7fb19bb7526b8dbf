"""The four pto dialects as IRDL for upstream `mlir-opt` 19 (`mlir-opt --irdl-file=...`), and
our IR printed in the form those definitions verify.

    emit_irdl() -> str                 the IRDL module (`pypto-opt --emit-irdl`)
    print_irdl_generic(module) -> str  a module in the generic form IRDL-defined ops accept
    irdl_fallbacks() -> list[str]      every constraint exported weaker than xDSL checks it

The definitions are derived from the xDSL op and attribute definitions
(`get_irdl_definition()`), not written by hand, so they follow the dialects as they change.
xDSL's own converter (`xdsl.dialects.irdl.pyrdl_to_irdl`) is not used: it rejects our enum
attributes (they are `Data`, not `ParametrizedAttribute`), maps every constraint to
`irdl.any`, and prints named operands, a syntax later than mlir-opt 19 reads.

What mlir-opt 19's IRDL can and cannot express was found by experiment
(docs/index.md, "Interop with upstream MLIR"); in short:

* IRDL-defined ops have no properties ("extensible Dialects don't support properties"): our
  properties are printed into the attribute dictionary, and a multi-group op's segment sizes
  as `operand_segment_sizes` / `result_segment_sizes` (IRDL 19's names), not
  `operandSegmentSizes`.
* IRDL-defined attributes parse their parameters as attributes: an enum is printed
  `#pto_orch.dir<"out">` (a string), not `#pto_orch.dir<out>`.
* Every IRDL constraint is a variable, bound once per op: all values of one `variadic`
  operand or result group must have the same type. Our groups mix types (a task's tensors
  and scalars, a scope's results), so such a group is declared as several variadic segments
  and each run of equal types is printed into its own segment (`runs_limit` gives how many).
* Optional attributes cannot be declared (every `irdl.attributes` entry is required): an
  optional property is left undeclared (unchecked).
* Ops have no traits: `pto_rt.yield` / `pto_tensor.yield` are no terminators to mlir-opt, and
  a block of a `pto_rt.scope` or `pto_tensor.alloc_tensors` ending in one fails MLIR's
  structural check ("block with no terminator"), whatever the definitions say. So
  `print_irdl_generic` puts `"llvm.unreachable"() : () -> ()` after each of our yields (an
  upstream terminator with no parent constraint, which needs no registration flag); the yield
  before it still states the region's results, and `read_irdl_generic` drops it again.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Data, Dialect, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    IRDLOperation,
    OpDef,
    OperandDef,
    OptionalDef,
    ResultDef,
    VariadicDef,
)
from xdsl.irdl.constraints import (
    AllOf,
    AnyAttr,
    AnyOf,
    AttrConstraint,
    BaseAttr,
    EqAttrConstraint,
    ParamAttrConstraint,
    RangeConstraint,
    RangeLengthConstraint,
    RangeOf,
    VarConstraint,
)
from xdsl.irdl.operations import (
    OptRegionDef,
    OptSingleBlockRegionDef,
    SingleBlockRegionDef,
    VarRegionDef,
    VarSingleBlockRegionDef,
)
from xdsl.printer import Printer

DIALECT_NAMES = ("pto_orch", "pto_tensor", "pto_system", "pto_rt")
"""Our dialects, in the order they are exported (pto_orch first: the others use its types)."""

OPERAND_SEGMENTS = "operand_segment_sizes"
RESULT_SEGMENTS = "result_segment_sizes"
"""The segment-size attributes IRDL 19 reads (not ODS's `operandSegmentSizes`)."""

DEFAULT_RUNS = 32
"""Segments of a mixed-type variadic group whose length the runtime does not bound."""


def _runs_table() -> dict[tuple[str, str], int]:
    from pypto_dialects.limits import MAX_SCALAR_ARGS, MAX_TENSOR_ARGS
    from pypto_dialects.tensor import MAX_ALLOC_BATCH

    args = MAX_TENSOR_ARGS + MAX_SCALAR_ARGS
    return {
        ("pto_orch.call", "args"): args,
        ("pto_orch.submit", "args"): args,
        ("pto_orch.call", "res"): MAX_TENSOR_ARGS,  # each result is a written tensor argument
        ("pto_orch.submit", "res"): MAX_TENSOR_ARGS,
        ("pto_tensor.alloc_tensors", "tensors"): MAX_ALLOC_BATCH,
        ("pto_tensor.yield", "values"): MAX_ALLOC_BATCH,
    }


def runs_limit(op_name: str, group: str) -> int:
    """How many runs of equal types a mixed-type variadic group of `op_name` may have in the
    IRDL form: the runtime's bound where there is one, else `DEFAULT_RUNS`."""
    return _runs_table().get((op_name, group), DEFAULT_RUNS)


# --------------------------------------------------------------------------- constraints

# xDSL builtin attribute/type classes -> the MLIR base names `irdl.base` takes.
_BUILTIN_BASES: dict[type[Attribute], str] = {
    TensorType: "!builtin.tensor",
    IntegerType: "!builtin.integer",
    FunctionType: "!builtin.function",
    IntegerAttr: "#builtin.integer",
    FloatAttr: "#builtin.float",
    UnitAttr: "#builtin.unit",
    StringAttr: "#builtin.string",
    SymbolRefAttr: "#builtin.symbol_ref",
    ArrayAttr: "#builtin.array",
    DenseArrayBase: "#builtin.dense_array",
    DictionaryAttr: "#builtin.dictionary",
}
# Parameterless builtin types: one value each, exported as `irdl.is`.
_BUILTIN_SINGLETONS: dict[type[Attribute], str] = {IndexType: "index"}

# Verifier checks (`verify_`) a constraint can state beyond the field's declaration: the deps
# lists take TaskIds and TaskId arrays only (`attrs.verify_deps`).
_TASK_LIKE = "task-like"
_REFINED: dict[tuple[str, str], str] = {
    ("pto_orch.call", "compiler_deps"): _TASK_LIKE,
    ("pto_orch.submit", "deps"): _TASK_LIKE,
    ("pto_orch.submit", "compiler_deps"): _TASK_LIKE,
    ("pto_system.task_dummy", "deps"): _TASK_LIKE,
}


def _ours(cls: type[Attribute]) -> bool:
    return getattr(cls, "name", "").split(".")[0] in DIALECT_NAMES


def _symbol(cls: type[Attribute]) -> str:
    dialect, _, name = cls.name.partition(".")
    return f"@{dialect}::@{name}"


def _element(constr: RangeConstraint) -> AttrConstraint | None:
    """The constraint on each value of an operand/result definition, None if not one."""
    if isinstance(constr, RangeLengthConstraint):
        constr = constr.constraint
    if isinstance(constr, RangeOf):
        return constr.constr
    return None


def _exact(c: AttrConstraint | None) -> bool:
    """True when `c` admits one attribute only, so a variadic group under it is one type."""
    if isinstance(c, EqAttrConstraint):
        return True
    if isinstance(c, VarConstraint):
        return _exact(c.constraint)
    if isinstance(c, BaseAttr):
        cls = c.attr
        if cls in _BUILTIN_SINGLETONS:
            return True
        return (
            _ours(cls)
            and issubclass(cls, ParametrizedAttribute)
            and not cls.get_irdl_definition().parameters
        )
    return False


@dataclass
class _Body:
    """The constraint ops of one IRDL definition: SSA names, lines, constraint variables."""

    where: str
    fallbacks: list[str]
    lines: list[str] = field(default_factory=list)
    count: int = 0
    variables: dict[str, str] = field(default_factory=dict)

    def emit(self, text: str, comment: str | None = None) -> str:
        name = f"%{self.count}"
        self.count += 1
        self.lines.append(f"{name} = {text}" + (f"  // {comment}" if comment else ""))
        return name

    def fallback(self, what: str, why: str) -> str:
        self.fallbacks.append(f"{self.where} {what}: {why}")
        return self.emit("irdl.any", f"fallback: {why}")

    def partial(self, text: str, what: str, why: str) -> str:
        self.fallbacks.append(f"{self.where} {what}: {why}")
        return self.emit(text, f"partial: {why}")

    def constraint(self, c: AttrConstraint | None, what: str) -> str:
        """Emit the IRDL 19 form of `c` (a fresh variable, except for a named VarConstraint,
        whose uses share one) and return its SSA name."""
        if c is None:
            return self.fallback(what, "a range constraint with no per-value form")
        if isinstance(c, VarConstraint):
            if c.name not in self.variables:
                self.variables[c.name] = self.constraint(c.constraint, what)
            return self.variables[c.name]
        if isinstance(c, AnyAttr):
            return self.emit("irdl.any")
        if isinstance(c, EqAttrConstraint):
            return self._eq(c.attr, what)
        if isinstance(c, BaseAttr):
            return self._base(c.attr, what)
        if isinstance(c, ParamAttrConstraint) and _ours(c.base_attr):
            params = [self.constraint(p, f"{what} parameter") for p in c.param_constrs]
            return self.emit(f"irdl.parametric {_symbol(c.base_attr)}<{', '.join(params)}>")
        if isinstance(c, SymbolNameConstraint):
            return self.emit('irdl.base "#builtin.string"', "a symbol name")
        if type(c).__name__ == "ArrayOfConstraint":
            return self.partial(
                'irdl.base "#builtin.array"',
                what,
                f"an {_describe(c)}; IRDL 19 cannot constrain the elements of an array",
            )
        if isinstance(c, AnyOf):
            args = [self.constraint(a, what) for a in c.attr_constrs]
            if any(_is_any(self.lines, a) for a in args):
                return self.fallback(what, f"{c}: irdl.any_of rejects an irdl.any argument")
            return self.emit(f"irdl.any_of({', '.join(args)})")
        if isinstance(c, AllOf):
            args = [self.constraint(a, what) for a in c.attr_constrs]
            return self.emit(f"irdl.all_of({', '.join(args)})")
        return self.fallback(what, f"{type(c).__name__} has no IRDL 19 form")

    def _eq(self, attr: Attribute, what: str) -> str:
        if _ours(type(attr)) and isinstance(attr, ParametrizedAttribute):
            # `irdl.is !pto_orch.task_id` cannot be parsed: the dialect is not loaded while
            # its IRDL file is read. A parameterless type is its parametric form.
            if not attr.parameters:
                return self.emit(f"irdl.parametric {_symbol(type(attr))}<>")
            return self.fallback(what, f"equality to {attr}, a parametrized type of ours")
        if isinstance(attr, ParametrizedAttribute | Data) and not _ours(type(attr)):
            return self.emit(f"irdl.is {_mlir_text(attr)}")
        return self.fallback(what, f"equality to {attr}")

    def _base(self, cls: type[Attribute], what: str) -> str:
        if _ours(cls):
            return self.emit(f"irdl.base {_symbol(cls)}")
        if cls in _BUILTIN_SINGLETONS:
            return self.emit(f"irdl.is {_BUILTIN_SINGLETONS[cls]}")
        for base, name in _BUILTIN_BASES.items():
            if cls is base:
                return self.emit(f'irdl.base "{name}"')
        return self.fallback(what, f"base {cls.__name__} has no MLIR base name here")

    def task_like(self, first: bool) -> str:
        """A TaskId or a TaskId array: what `attrs.verify_deps` requires of a deps entry."""
        from pypto_dialects.attrs import TaskIdArrayType, TaskIdType

        tid = self.emit(f"irdl.parametric {_symbol(TaskIdType)}<>")
        arr = self.emit(f"irdl.base {_symbol(TaskIdArrayType)}")
        why = "a TaskId or a TaskId array (verify_deps)" if first else None
        return self.emit(f"irdl.any_of({tid}, {arr})", why)


def _is_any(lines: list[str], name: str) -> bool:
    return any(line.startswith(f"{name} = irdl.any") and "any_of" not in line for line in lines)


def _describe(c: object) -> str:
    """A short name of constraint `c` for comments: `pto_orch.dir`, `array of ...`."""
    if isinstance(c, RangeConstraint):
        return _describe(_element(c))
    if isinstance(c, BaseAttr):
        return getattr(c.attr, "name", c.attr.__name__)
    if isinstance(c, AnyOf):
        return " or ".join(_describe(a) for a in c.attr_constrs)
    inner = getattr(c, "elem_range_constraint", None)
    if inner is not None:  # ArrayOfConstraint
        return f"array of {_describe(inner)}"
    return type(c).__name__


def _mlir_text(attr: Attribute) -> str:
    out = StringIO()
    Printer(stream=out).print_attribute(attr)
    return out.getvalue()


# --------------------------------------------------------------------------- operations


@dataclass(frozen=True)
class Group:
    """One operand or result definition of an op, as IRDL 19 sees it."""

    name: str
    variadicity: str
    """`single`, `optional` or `variadic`."""
    runs: int | None
    """For a variadic group whose values may differ in type: how many variadic segments it
    is declared as (each run of equal types is one); None: one segment."""

    @property
    def segments(self) -> int:
        return self.runs if self.runs is not None else 1


def _groups(op_name: str, defs: Sequence[tuple[str, OperandDef | ResultDef]]) -> list[Group]:
    out = []
    for name, d in defs:
        if isinstance(d, VariadicDef) and not isinstance(d, OptionalDef):
            elem = _element(d.constr)
            refined = _REFINED.get((op_name, name))
            exact = _exact(elem) and refined is None
            out.append(Group(name, "variadic", None if exact else runs_limit(op_name, name)))
        elif isinstance(d, OptionalDef):
            out.append(Group(name, "optional", None))
        else:
            out.append(Group(name, "single", None))
    return out


def operand_groups(op_def: OpDef) -> list[Group]:
    return _groups(op_def.name, op_def.operands)


def result_groups(op_def: OpDef) -> list[Group]:
    return _groups(op_def.name, op_def.results)


def _needs_segments(groups: Sequence[Group]) -> bool:
    """IRDL 19 reads segment sizes from an attribute when more than one entry is not single."""
    return sum(g.segments for g in groups if g.variadicity != "single") > 1


_SINGLE_BLOCK = (SingleBlockRegionDef, OptSingleBlockRegionDef, VarSingleBlockRegionDef)

_SEGMENT_PROPS = (
    AttrSizedOperandSegments.attribute_name,
    AttrSizedResultSegments.attribute_name,
)


def _operation(op_cls: type[IRDLOperation], fallbacks: list[str]) -> list[str]:
    op_def = op_cls.get_irdl_definition()
    body = _Body(op_def.name, fallbacks)
    docs: list[str] = []

    def values(
        defs: Sequence[tuple[str, OperandDef | ResultDef]], groups: list[Group], kind: str
    ) -> str:
        entries = []
        for (name, d), g in zip(defs, groups):
            refined = _REFINED.get((op_def.name, name))
            elem = _element(d.constr)
            for i in range(g.segments):
                if refined == _TASK_LIKE:
                    ssa = body.task_like(first=i == 0)
                else:
                    ssa = body.constraint(elem, f"{kind} '{name}'")
                entries.append(ssa if g.variadicity == "single" else f"{g.variadicity} {ssa}")
            if g.runs is not None:
                docs.append(
                    f"{kind} '{name}': {g.runs} variadic segments, one per run of equal types"
                )
        return ", ".join(entries)

    lines: list[str] = []
    ops = operand_groups(op_def)
    res = result_groups(op_def)
    operands = values(op_def.operands, ops, "operand") if op_def.operands else None
    results = values(op_def.results, res, "result") if op_def.results else None
    attrs: list[str] = []
    for name, prop in [*op_def.properties.items(), *op_def.attributes.items()]:
        if name in _SEGMENT_PROPS:
            continue  # printed as IRDL 19's operand_segment_sizes / result_segment_sizes
        if isinstance(prop, OptionalDef):
            fallbacks.append(
                f"{op_def.name} attribute '{name}' (optional): not declared, IRDL 19 "
                "declares required attributes only"
            )
            docs.append(f"optional '{name}' ({_describe(prop.constr)}): not checked")
            continue
        ssa = body.constraint(prop.constr, f"attribute '{name}'")
        attrs.append(f'"{name}" = {ssa}')
    regions: list[str] = []
    for name, r in op_def.regions:
        if isinstance(r, VarRegionDef | OptRegionDef):
            why = "a variable number of regions has no IRDL 19 form; declared as one region"
            fallbacks.append(f"{op_def.name} region '{name}': {why}")
            docs.append(f"fallback: region '{name}': {why}")
        size = " with size 1" if isinstance(r, _SINGLE_BLOCK) else ""
        regions.append(body.emit(f"irdl.region{size}", f"region '{name}'"))
    if op_def.successors:
        why = "successors have no IRDL 19 form (not declared)"
        fallbacks.append(f"{op_def.name}: {why}")
        docs.append(f"fallback: {why}")
    if _needs_segments(ops):
        docs.append(f"operand segments in '{OPERAND_SEGMENTS}'")
    if _needs_segments(res):
        docs.append(f"result segments in '{RESULT_SEGMENTS}'")

    lines.append(f"irdl.operation @{op_def.name.split('.', 1)[1]} {{")
    lines.extend(f"  // {d}" for d in docs)
    lines.extend(f"  {line}" for line in body.lines)
    if operands is not None:
        lines.append(f"  irdl.operands({operands})")
    if results is not None:
        lines.append(f"  irdl.results({results})")
    if attrs:
        lines.append(f"  irdl.attributes {{{', '.join(attrs)}}}")
    if regions:
        lines.append(f"  irdl.regions({', '.join(regions)})")
    lines.append("}")
    return lines


# --------------------------------------------------------------------------- attributes and types


def _attribute(attr_cls: type[Attribute], fallbacks: list[str]) -> list[str]:
    kind = "type" if _is_type(attr_cls) else "attribute"
    short = attr_cls.name.split(".", 1)[1]
    body = _Body(attr_cls.name, fallbacks)
    params: list[str] = []
    doc = ""
    if isinstance(attr_cls, type) and issubclass(attr_cls, EnumAttribute):
        values = [body.emit(f'irdl.is "{v.value}"') for v in attr_cls.enum_type]
        params.append(body.emit(f"irdl.any_of({', '.join(values)})"))
        example = next(iter(attr_cls.enum_type)).value
        doc = f'#{attr_cls.name}<"{example}">: one of the {attr_cls.enum_type.__name__} values'
    elif issubclass(attr_cls, ParametrizedAttribute):
        for name, p in attr_cls.get_irdl_definition().parameters:
            if isinstance(p.constr, BaseAttr) and p.constr.attr.__name__ == "IntAttr":
                # xDSL's IntAttr prints as a bare integer, which MLIR reads as `N : i64`
                params.append(
                    body.partial(
                        'irdl.base "#builtin.integer"',
                        f"parameter '{name}'",
                        "any integer (xDSL's IntAttr, read by MLIR as `N : i64`); its range "
                        "is checked by the xDSL verifier only",
                    )
                )
            else:
                params.append(body.constraint(p.constr, f"parameter '{name}'"))
    else:
        fallbacks.append(f"{attr_cls.name}: a Data attribute of no known form, any parameters")
        params.append(body.emit("irdl.any", "fallback: unknown Data attribute"))
    lines = [f"irdl.{kind} @{short} {{"]
    if doc:
        lines.append(f"  // {doc}")
    lines.extend(f"  {line}" for line in body.lines)
    if params:
        lines.append(f"  irdl.parameters({', '.join(params)})")
    lines.append("}")
    return lines


def _is_type(cls: type[Attribute]) -> bool:
    from xdsl.ir import TypeAttribute

    return issubclass(cls, TypeAttribute)


# --------------------------------------------------------------------------- the module


def _dialects() -> list[Dialect]:
    from pypto_dialects.context import DIALECTS

    return [DIALECTS[name]() for name in DIALECT_NAMES]


def _export() -> tuple[str, list[str]]:
    fallbacks: list[str] = []
    out = [
        "// IRDL definitions of the pto_orch, pto_tensor, pto_system and pto_rt dialects for",
        "// upstream mlir-opt 19: `mlir-opt --irdl-file=<this file> in.mlir`. Generated by",
        "// `pypto-opt --emit-irdl` (pypto_dialects/irdl_export.py) from the xDSL definitions.",
        "// The IR must be in the form these ops verify: properties in the attribute",
        "// dictionary, enums as `#pto_orch.dir<\"out\">`, mixed-type variadic groups split into",
        "// runs of equal types (`pypto_dialects.irdl_export.print_irdl_generic`).",
        "// Not expressible in IRDL 19 and left to pypto-opt: traits (terminators, parents,",
        "// symbols), optional attributes, the ops' own verifiers (docs/index.md).",
        "module {",
    ]
    for dialect in _dialects():
        out.append(f"  irdl.dialect @{dialect.name} {{")
        for attr in dialect.attributes:
            out.extend(f"    {line}" for line in _attribute(attr, fallbacks))
        for op in dialect.operations:
            assert issubclass(op, IRDLOperation)
            out.extend(f"    {line}" for line in _operation(op, fallbacks))
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n", fallbacks


def emit_irdl() -> str:
    """The IRDL module defining our four dialects, in the syntax mlir-opt 19 reads."""
    return _export()[0]


def irdl_fallbacks() -> list[str]:
    """One line per constraint exported weaker than xDSL checks it (irdl.any, or a base
    where the elements or range are not checked, or not declared at all)."""
    return _export()[1]


# --------------------------------------------------------------------------- the IR in IRDL form


def _runs(types: Sequence[Attribute]) -> list[int]:
    sizes: list[int] = []
    prev: Attribute | None = None
    for t in types:
        if sizes and t == prev:
            sizes[-1] += 1
        else:
            sizes.append(1)
        prev = t
    return sizes


def _segment_sizes(
    op: Operation, defs: Sequence[tuple[str, object]], groups: list[Group], kind: str
) -> list[int]:
    sizes: list[int] = []
    for (name, _), g in zip(defs, groups):
        value = getattr(op, name)
        if g.variadicity == "single":
            sizes.append(1)
            continue
        vals = [] if value is None else [value] if isinstance(value, SSAValue) else list(value)
        if g.runs is None:
            sizes.append(len(vals))
            continue
        runs = _runs([v.type for v in vals])
        if len(runs) > g.runs:
            raise ValueError(
                f"{op.name}: {kind} group '{name}' has {len(runs)} runs of different types; "
                f"its IRDL form has {g.runs} segments (irdl_export.runs_limit)"
            )
        sizes.extend(runs + [0] * (g.runs - len(runs)))
    return sizes


def _dense_i32(values: Sequence[int]) -> str:
    return "array<i32" + "".join(f"{', ' if i else ': '}{v}" for i, v in enumerate(values)) + ">"


_YIELDS = frozenset({"pto_rt.yield", "pto_tensor.yield"})
"""Our region terminators, which IRDL 19 cannot declare as such (module docstring)."""
END = "llvm.unreachable"
"""The upstream terminator printed after each of them, and dropped when read back."""


class _IrdlPrinter(Printer):
    """The generic printer, with our ops and attributes in the form IRDL 19 reads."""

    def print_op(self, op: Operation) -> None:
        super().print_op(op)
        if op.name in _YIELDS:
            self._print_new_line()
            self.print_string(f'"{END}"() : () -> ()')

    def print_attribute(self, attribute: Attribute) -> None:
        if isinstance(attribute, EnumAttribute) and _ours(type(attribute)):
            self.print_string(f'#{attribute.name}<"{attribute.data.value}">')
            return
        super().print_attribute(attribute)

    def print_op_with_default_format(self, op: Operation) -> None:
        if not (isinstance(op, IRDLOperation) and op.name.split(".")[0] in DIALECT_NAMES):
            super().print_op_with_default_format(op)
            return
        op_def = type(op).get_irdl_definition()
        attrs: dict[str, Attribute] = {}
        segments: dict[str, list[int]] = {}
        for name, defs, groups, key in (
            ("operand", op_def.operands, operand_groups(op_def), OPERAND_SEGMENTS),
            ("result", op_def.results, result_groups(op_def), RESULT_SEGMENTS),
        ):
            sizes = _segment_sizes(op, defs, groups, name)  # raises on too many runs
            if _needs_segments(groups):
                segments[key] = sizes
        for name, value in op.properties.items():
            if name not in _SEGMENT_PROPS:
                attrs[name] = value
        clash = attrs.keys() & op.attributes.keys()
        if clash:
            raise ValueError(f"{op.name}: attributes {sorted(clash)} are properties too")
        attrs.update(op.attributes)
        self.print_operands(op.operands)
        self.print_successors(op.successors)
        self.print_regions(op.regions)
        if attrs or segments:
            self.print_string(" {")
            first = True
            for name, value in attrs.items():
                if not first:
                    self.print_string(", ")
                first = False
                self._print_attr_string((name, value))
            for key, sizes in segments.items():
                if not first:
                    self.print_string(", ")
                first = False
                self.print_string(f"{key} = {_dense_i32(sizes)}")
            self.print_string("}")
        self.print_string(" : ")
        self.print_operation_type(op)


def print_irdl_generic(module: Operation, print_debuginfo: bool = False) -> str:
    """`module` in the generic form the ops of `emit_irdl()` accept in mlir-opt 19: our ops'
    properties in the attribute dictionary, their segment sizes as IRDL 19's
    `operand_segment_sizes` / `result_segment_sizes` (each mixed-type variadic group split
    into runs of equal types), our enum attributes as `#pto_orch.dir<"out">`, an
    `llvm.unreachable` after each `pto_rt.yield` / `pto_tensor.yield` (which IRDL 19 cannot
    make terminators). Other ops (builtin, func, scf, arith) print as in
    `pypto-opt --print-op-generic`.

    Raises ValueError when a group has more runs of different types than its IRDL form has
    segments (`runs_limit`)."""
    out = StringIO()
    printer = _IrdlPrinter(stream=out, print_generic_format=True, print_debuginfo=print_debuginfo)
    printer.print_op(module)
    printer.print_string("\n")
    return out.getvalue()


_END_LINE = re.compile(rf'\s*"{re.escape(END)}"\(\) : \(\) -> \(\)( loc\(.*\))?\s*$')
_YIELD_LINE = re.compile(r'\s*"pto_(rt|tensor)\.yield"\(')
_ARRAY_PARAM = re.compile(r"(!pto_orch\.task_id_array<\d+) : i64>")


def read_irdl_generic(text: str, name: str = "<irdl>") -> Operation:
    """Parse what mlir-opt prints of a module in the IRDL form (`print_irdl_generic`, after
    `mlir-opt --irdl-file ... --mlir-print-op-generic`) back into our dialects, and verify
    it: the runs of each split group are summed into the group's size
    (`operandSegmentSizes`), and `!pto_orch.task_id_array<4 : i64>` (how MLIR prints the
    integer parameter) is read as `<4>`, and the `llvm.unreachable` after each of our yields
    is dropped. The quoted enums and the properties in the attribute dictionary are read by
    xDSL's parser as they are. Raises ParseError / VerifyException as pypto-opt would."""
    from pypto_dialects.context import make_context
    from pypto_dialects.parsing import parse_module, verify_module

    lines = text.splitlines(keepends=True)
    for i in range(1, len(lines)):  # blanked, not removed: parse errors keep their lines
        if _END_LINE.match(lines[i]) and _YIELD_LINE.match(lines[i - 1]):
            lines[i] = "\n"
    module = parse_module(make_context(), _ARRAY_PARAM.sub(r"\1>", "".join(lines)), name)
    for op in module.walk():
        if not (isinstance(op, IRDLOperation) and op.name.split(".")[0] in DIALECT_NAMES):
            continue
        op_def = type(op).get_irdl_definition()
        for key, groups, option in (
            (OPERAND_SEGMENTS, operand_groups(op_def), AttrSizedOperandSegments),
            (RESULT_SEGMENTS, result_groups(op_def), AttrSizedResultSegments),
        ):
            attr = op.attributes.pop(key, None)
            if not isinstance(attr, DenseArrayBase):
                continue
            flat = [int(v) for v in attr.get_values()]
            sizes = []
            for g in groups:
                n = g.segments if g.variadicity != "single" else 1
                sizes.append(sum(flat[:n]))
                flat = flat[n:]
            if any(isinstance(o, option) for o in op_def.options):
                op.properties[option.attribute_name] = DenseArrayBase.from_list(i32, sizes)
    verify_module(module)
    return module


# --------------------------------------------------------------------------- command line


class EmitIrdlAction(argparse.Action):
    """`pypto-opt --emit-irdl`: print `emit_irdl()` and exit 0 (no input is read)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        sys.stdout.write(emit_irdl())
        parser.exit()


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m pypto_dialects.irdl_export [--fallbacks | FILE.mlir]`: the IRDL module; the
    constraints exported weaker than xDSL checks them; or FILE (parsed and verified by
    pypto-opt's rules) in the form `print_irdl_generic` prints."""
    ap = argparse.ArgumentParser(prog="python -m pypto_dialects.irdl_export")
    ap.add_argument("input", nargs="?", help="an .mlir file to print in the IRDL form")
    ap.add_argument("--fallbacks", action="store_true", help="list the weaker constraints")
    ap.add_argument("--print-debuginfo", action="store_true", help="print locations")
    args = ap.parse_args(argv)
    if args.fallbacks:
        print("\n".join(irdl_fallbacks()))
        return
    if args.input is None:
        sys.stdout.write(emit_irdl())
        return
    from xdsl.utils.exceptions import DiagnosticException, ParseError

    from pypto_dialects.context import make_context
    from pypto_dialects.diagnostics import format_parse_error, one_line
    from pypto_dialects.parsing import parse_module, verify_module

    try:
        with open(args.input) as f:
            module = parse_module(make_context(), f.read(), args.input)
        verify_module(module)
        text = print_irdl_generic(module, args.print_debuginfo)
    except ParseError as err:
        sys.exit(format_parse_error(err))
    except (DiagnosticException, ValueError, OSError) as err:
        sys.exit(one_line(str(err)))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
