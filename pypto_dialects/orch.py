"""The `pto_orch` dialect: kernels (`pto_orch.kernel`), kernel tasks (`pto_orch.call`,
`pto_orch.submit`), TaskId arrays and integer arrays (orch_arrays.py). The kernel op is
defined in orch_kernel.py (and re-exported here, with `types_compatible`), its attributes and
types in attrs.py, the checks of its discardable attributes on func/scf ops in orch_attrs.py.
Rules: docs/dialects/pto_orch.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import ClassVar, Self

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    LocationAttr,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.parser.core import UnresolvedOperand
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.printer import Printer
from xdsl.rewriter import Rewriter
from xdsl.traits import (
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
    NoMemoryEffect,
    Pure,
    Resource,
    SymbolTable,
    SymbolUserOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from pypto_dialects.analysis.accessors import fast_operand_groups, segment_sizes
from pypto_dialects.attrs import (
    TASK_ID,
    ArgDirection,
    ArgDirectionAttr,
    FunctionKindAttr,
    MemorySpaceAttr,
    ParamDirection,
    ParamDirectionAttr,
    TaskIdArrayType,
    TaskIdType,
    TensorArgType,
    parse_deps,
    print_deps,
    verify_deps,
)
from pypto_dialects.orch_arrays import INT_ARRAY_OPS, IntArrayType
from pypto_dialects.orch_kernel import KernelOp, types_compatible  # noqa: F401  (re-exported)
from pypto_dialects.symbols import SymbolTableCollection, VerificationLookups, verifying
from pypto_dialects.task_options import (
    TaskOptions,
    parse_task_options,
    print_task_options,
    verify_task_options,
)
from pypto_dialects.task_signature import check_task_signature

# --------------------------------------------------------------------------- helpers

_DIR_KEYWORDS = {d.value: d for d in ArgDirection}


# --------------------------------------------------------------------------- tasks


class TaskKernelSymbolUser(SymbolUserOpInterface):
    """The callee of `pto_orch.call` / `submit` is a `pto_orch.kernel` whose signature the
    task matches, as `func.call`'s `CallOpSymbolUserOpInterface` (docs/dialects/pto_orch.md)."""

    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp | SubmitOp)
        symbols = verifying()
        check_task_signature(
            op.kernel(symbols), op.args, op.arg_dirs, op.dump_args, op.res,
            symbols.checked if isinstance(symbols, VerificationLookups) else None,
        )


@dataclass(frozen=True)
class ArgEffect:
    """What a task does to one tensor argument: the record `argument_effects()` gives per
    tensor operand (docs/dialects/pto_orch.md, the `arg_dir` table). `reads` / `writes` are
    `ArgDirection.data_effect` of the direction and kernel parameter; the tracking
    properties are the direction's (`ArgDirection`), so there is one answer for all who ask.
    Which buffer(s) and which region of them the argument is (whole or a window) is a storage
    question: `analysis.storage_roots.RootSets.of(effect.value)`."""

    index: int
    """Position of the argument in the task's `args` (= its kernel parameter)."""
    value: SSAValue
    direction: ArgDirection
    reads: bool
    """The task may read the argument's data."""
    writes: bool
    """The task may write the argument's data."""

    @property
    def tensor_arg_type(self) -> TensorArgType:
        """The runtime's tag of the slot (`ArgDirection.tensor_arg_type`)."""
        tag = self.direction.tensor_arg_type
        assert tag is not None  # a record is made for tensor directions only
        return tag

    @property
    def looked_up(self) -> bool:
        """In an AUTO scope, the runtime orders the task after the earlier recorded writers
        of the argument's region, unless the buffer is `manual_dep` (`in`, `inout`)."""
        return self.direction.looked_up

    @property
    def recorded(self) -> bool:
        """In an AUTO scope, the runtime records the task as a writer of the argument's
        region, unless the buffer is `manual_dep` (`out`, `inout`, `output_existing`)."""
        return self.direction.recorded

    @property
    def tracked(self) -> bool:
        """`looked_up` or `recorded`: false only for `no_dep`."""
        return self.direction.tracked


@dataclass(frozen=True)
class TaskSubmission(Resource):
    """The resource a task's own effect is on: submitting it changes the runtime's state
    (its task ring, the tensor map, the fan-in of later tasks), whatever its arguments."""

    def name(self) -> str:
        return "<pto2 task submission>"


TASK_SUBMISSION = TaskSubmission()


class TaskArgumentEffects(MemoryEffect):
    """The memory effects of `pto_orch.call` / `submit` for xDSL's side-effect queries
    (`xdsl.traits.get_effects`): a READ of each tensor argument the task reads and a WRITE of
    each it writes (per `argument_effects()`), plus a WRITE on `TASK_SUBMISSION`, so that no
    task is ever dead, merged with another (cse) or moved out of a loop, even one that only
    reads. None ("unknown", the conservative answer) when a task without call-site directions
    names no kernel (`argument_effects` raises VerifyException)."""

    @classmethod
    def get_effects(cls, op: Operation) -> Set[EffectInstance] | None:
        assert isinstance(op, _TaskOp)
        try:
            effects = op.argument_effects()
        except VerifyException:
            return None
        out = {EffectInstance(MemoryEffectKind.WRITE, None, TASK_SUBMISSION)}
        for e in effects:
            if e.reads:
                out.add(EffectInstance(MemoryEffectKind.READ, e.value))
            if e.writes:
                out.add(EffectInstance(MemoryEffectKind.WRITE, e.value))
        return out


class _TaskOp(IRDLOperation):
    """What `pto_orch.call` and `pto_orch.submit` share: fields, syntax and checks, and what
    the task does to each argument (`argument_effects`, the one statement every pass, the
    interpreter and xDSL's effect queries ask)."""

    args = var_operand_def()
    compiler_deps = var_operand_def()  # checked by verify_deps (a clearer message)
    dynamic_block_num = opt_operand_def()  # checked by verify_task_options
    """The SPMD block count as a value (`launch(%n : index)`); the last operand group."""
    res = var_result_def()
    callee = prop_def(SymbolRefAttr)
    arg_dirs = opt_prop_def(ArrayAttr[ArgDirectionAttr])
    block_num = opt_prop_def(IntegerAttr)
    """The SPMD block count as a constant (`launch(4)`): `launch_spec.set_block_num(4)`."""
    sync_start = opt_prop_def(UnitAttr)
    """`launch(n, sync_start)`: `launch_spec.set_require_sync_start(true)`."""
    early_resolve = opt_prop_def(UnitAttr)
    """`early_resolve`: `set_allow_early_resolve(true)`, the runtime's early-dispatch hint."""
    dump_args = opt_prop_def(DenseArrayBase)
    """`dump [i, ...]`: the argument positions (kernel parameters, including trailing `out`
    ones the runtime allocates) marked for a tensor dump, `params.dump(...)`."""
    manual_candidate = opt_prop_def(UnitAttr)
    """Set by auto-derive-task-dependencies on a task whose edges it made explicit (spec
    `manual_dep_candidate`): materialize-runtime-scopes makes a region whose tasks all carry it
    a compiler MANUAL scope and clears it. Printed in the attribute dictionary,
    `{manual_candidate}`; the parser also takes the older discardable spelling
    `{pto_orch.manual_candidate}`."""

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(TaskKernelSymbolUser(), TaskArgumentEffects())

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

    def argument_directions(
        self, symbols: SymbolTableCollection | None = None
    ) -> list[ArgDirection]:
        """One direction per argument: the call-site directions, or, for a task that gives
        none (input IR before derive-call-directions), what each kernel parameter alone
        gives (`ArgDirection.for_param`; the kernel is looked up as in `kernel()`, which
        raises VerifyException when `callee` names none)."""
        dirs = self.directions()
        return dirs if dirs is not None else self._kernel_directions(self.kernel(symbols))

    def _kernel_directions(self, kernel: KernelOp) -> list[ArgDirection]:
        return [
            ArgDirection.for_param(pd, t)
            for pd, t, _ in zip(kernel.directions(), kernel.param_types, self.args)
        ]

    def argument_effects(self, symbols: SymbolTableCollection | None = None) -> list[ArgEffect]:
        """What the task does to each tensor argument, in argument order: one `ArgEffect`
        (reads / writes, the runtime's tag, looked up / recorded / tracked) per argument whose
        direction is not `scalar` (verified IR passes exactly the tensors so), from
        `argument_directions(symbols)`. The kernel is looked up only for a task without
        directions (raising VerifyException when `callee` names none) or with a `no_dep`
        argument, whose data effect is the kernel parameter's (`ArgDirection.data_effect`;
        the direction's own when `callee` names no kernel). Trailing `out` parameters left
        out (buffers the runtime allocates) are no argument and have no record."""
        dirs = self.directions()
        params: list[ParamDirection] | None = None
        if dirs is None:
            kernel = self.kernel(symbols)
            params = kernel.directions()
            dirs = self._kernel_directions(kernel)
        elif ArgDirection.NO_DEP in dirs:
            try:
                params = self.kernel(symbols).directions()
            except VerifyException:
                params = None
        out: list[ArgEffect] = []
        for i, (v, d) in enumerate(zip(self.args, dirs)):
            if not d.is_tensor or not isinstance(v.type, TensorType):
                continue
            pd = params[i] if params is not None and i < len(params) else None
            reads, writes = d.data_effect(pd)
            out.append(ArgEffect(i, v, d, reads, writes))
        return out

    def as_submit(self, rewriter: Rewriter | PatternRewriter | None = None) -> SubmitOp:
        """The task as a `pto_orch.submit`, so that it has a TaskId to depend on: a submit is
        returned as is; a call is replaced (through `rewriter`, or xDSL's `Rewriter`) by a
        submit with the same callee, arguments, directions, compiler deps, task options
        (`options()`), attributes and location (diagnostics and the race report name the
        user's line), its results replacing the call's; the new TaskId is named after the
        first result (`%r` -> `%r_tid`, else `%tid`)."""
        if isinstance(self, SubmitOp):
            return self
        # the call's own properties (callee, directions, manual_candidate, task options) with
        # a segment for the empty deps: `create` takes them as they are, where the IRDL
        # constructor would rebuild and check each one (about 4x the time; order-untracked-
        # hazards makes a submit of a third of the tasks of a program, issue 28)
        tail = [self.dynamic_block_num] if self.dynamic_block_num is not None else []
        properties = dict(self.properties)
        properties[_SEGMENTS] = _segment_sizes(
            (len(self.args), 0, len(self.compiler_deps), len(tail))
        )
        new = SubmitOp.create(
            operands=[*self.args, *self.compiler_deps, *tail],
            result_types=[*(r.type for r in self.res), TASK_ID],
            properties=properties,
            attributes=dict(self.attributes),
            location=self.location,
        )
        hint = self.res[0].name_hint if self.res and self.res[0].name_hint else None
        new.task_id.name_hint = f"{hint}_tid" if hint else "tid"
        if isinstance(rewriter, PatternRewriter):
            rewriter.replace(self, new, list(new.res))  # its replace_op is deprecated
        else:
            (rewriter or Rewriter).replace_op(self, new, list(new.res))
        return new

    def add_compiler_deps(self, values: Sequence[SSAValue]) -> None:
        """Append `values` (TaskIds or TaskId arrays) to `compiler_deps` in place (the caller
        decides which edges; this does not skip values already listed)."""
        if values:
            self.set_compiler_deps([*self.compiler_deps, *values])

    def set_compiler_deps(self, values: Sequence[SSAValue]) -> None:
        """Make `values` the `compiler_deps` in place, the last operand group before the block
        count value: the operands and `operandSegmentSizes` change, the op and its results
        stay (drop-implied-edges removes some; add_compiler_deps appends)."""
        # (the sizes decoded once per attribute, the operands sliced from their tuple:
        # `segment_sizes`, `operand_group`; order-untracked-hazards edits a task in five)
        sizes = list(segment_sizes(self))
        ops = self._operands
        n = len(ops)
        keep = n - sizes[-1] - sizes[-2]  # args, then deps, then the block count (0 or 1)
        sizes[-2] = len(values)
        self.operands = [*tuple.__getitem__(ops, slice(0, keep)), *values,
                         *tuple.__getitem__(ops, slice(n - sizes[-1], n))]
        self.properties[_SEGMENTS] = _segment_sizes(tuple(sizes))

    def options(self) -> TaskOptions:
        """The task's argument-pack options (launch spec, early resolve, dump), as a
        `TaskOptions` a rebuilt task is given (task_options.py)."""
        dump = self.dump_args
        return TaskOptions(
            None if self.block_num is None else self.block_num.value.data,
            self.dynamic_block_num,
            self.sync_start is not None,
            self.early_resolve is not None,
            None if dump is None else [int(v) for v in dump.get_values()],
        )

    def kernel_result_values(self) -> Sequence[SSAValue]:
        """The results that alias kernel Out/InOut parameters (not the TaskId)."""
        return self.res

    def verify_(self) -> None:
        verify_deps(self.compiler_deps, "compiler_deps")
        verify_task_options(self.block_num, self.dynamic_block_num, self.sync_start,
                            self.dump_args)

    def _print_options(self, printer: Printer) -> None:
        print_task_options(printer, self.block_num, self.dynamic_block_num, self.sync_start,
                           self.early_resolve, self.dump_args)

    @classmethod
    def create(
        cls,
        *,
        operands: Sequence[SSAValue] = (),
        result_types: Sequence[Attribute] = (),
        properties: Mapping[str, Attribute] = {},
        attributes: Mapping[str, Attribute] = {},
        location: LocationAttr | None = None,
        successors: Sequence[Block] = (),
        regions: Sequence[Region] = (),
    ) -> Self:
        """xDSL's generic constructor (the generic parser, `clone`). Generic text written
        before the block count operand existed, whose `operandSegmentSizes` has one entry
        fewer (no block count group), is read with that group empty."""
        key = AttrSizedOperandSegments.attribute_name
        sizes = properties.get(key)
        older = len(cls.get_irdl_definition().operands) - 1
        if isinstance(sizes, DenseArrayBase) and len(values := list(sizes.get_values())) == older:
            properties = {**properties, key: DenseArrayBase.from_list(i32, [*values, 0])}
        return super().create(
            operands=operands, result_types=result_types, properties=properties,
            attributes=attributes, location=location, successors=successors, regions=regions,
        )

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
        attrs = self.attributes
        if self.manual_candidate is not None:
            attrs = {MANUAL_CANDIDATE_PROP: self.manual_candidate, **attrs}
        if attrs:
            printer.print_op_attributes(attrs)
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

    def _take_attributes(self, attrs: dict[str, Attribute]) -> None:
        """The parsed attribute dictionary: `manual_candidate` (or the older
        `pto_orch.manual_candidate`) is the property, the rest discardable attributes."""
        for key in (MANUAL_CANDIDATE_PROP, MANUAL_CANDIDATE):
            if key in attrs:
                self.properties[MANUAL_CANDIDATE_PROP] = attrs.pop(key)  # the verifier checks it
        self.attributes.update(attrs)

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
        args: list[SSAValue] = [parser.resolve_operand(u, t) for u, t in zip(unresolved, ins)]
        return args, outs


_SEGMENTS = AttrSizedOperandSegments.attribute_name
_SEGMENT_SIZES: dict[tuple[int, ...], DenseArrayBase] = {}


def _segment_sizes(sizes: tuple[int, ...]) -> DenseArrayBase:
    """The `operandSegmentSizes` property for `sizes` (one attribute per distinct sizes:
    attributes are immutable values, and packing one takes longer than the rest of an
    operand edit)."""
    got = _SEGMENT_SIZES.get(sizes)
    if got is None:
        got = _SEGMENT_SIZES[sizes] = DenseArrayBase.from_list(i32, sizes)
    return got


def _dirs_prop(dirs: Sequence[ArgDirection] | None) -> ArrayAttr | None:
    return None if dirs is None else ArrayAttr([ArgDirectionAttr(d) for d in dirs])


def _block_value(options: TaskOptions) -> list[SSAValue]:
    return [] if options.block_value is None else [options.block_value]


@irdl_op_definition
class CallOp(_TaskOp):
    """`pto_orch.call`: submit one task that runs a kernel (fire-and-forget).

    Syntax:
        %r = pto_orch.call @kernel(in %a, out %c) [<task options>]
             [compiler_deps(%t : !pto_orch.task_id)] [attr-dict] : (<arg types>) -> <result types>
        <task options> ::= [launch(4 | %n : index [, sync_start])] [early_resolve] [dump [i, ...]]

    Directions (`in`, `out`, `inout`, `no_dep`, `output_existing`, `scalar`) are given for
    every argument or for none; `derive-call-directions` fills them in and the C++ printer
    requires them. What the task does to each argument is `argument_effects()` (xDSL's
    `get_effects` reports the same: `TaskArgumentEffects`). Each
    result *is* the Out/InOut argument the kernel's `returns` map names (destination-passing
    style). `compiler_deps` are the compiler-derived TaskId edges (spec
    `compiler_manual_dep_edges`). The task options (task_options.py) are the SPMD launch
    spec, the early-resolve hint and the dumped argument positions.

    Verifier: the callee is a `pto_orch.kernel`; argument and result types match it; each
    direction agrees with the kernel parameter; compiler deps are TaskIds; the task options'
    rules (a block count of 1..32767, dumped positions that are dumpable parameters).
    """

    name = "pto_orch.call"

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        args: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        dirs: Sequence[ArgDirection] | None = None,
        compiler_deps: Sequence[SSAValue] = (),
        options: TaskOptions | None = None,
    ):
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        options = options or TaskOptions()
        super().__init__(
            operands=[args, compiler_deps, _block_value(options)],
            result_types=[result_types],
            properties={"callee": callee, "arg_dirs": _dirs_prop(dirs), **options.properties()},
        )

    @classmethod
    def parse(cls, parser: Parser) -> CallOp:
        callee, unresolved, dirs = cls._parse_call(parser)
        options = parse_task_options(parser)
        cdeps = parse_deps(parser, "compiler_deps")
        attrs = parser.parse_optional_attr_dict()
        args, outs = cls._parse_signature(parser, unresolved)
        op = cls(callee, args, outs, dirs, cdeps, options)
        op._take_attributes(attrs)
        return op

    def print(self, printer: Printer) -> None:
        self._print_call(printer)
        self._print_options(printer)
        print_deps(printer, "compiler_deps", self.compiler_deps)
        self._print_tail(printer)


@irdl_op_definition
class SubmitOp(_TaskOp):
    """`pto_orch.submit`: submit one task that runs a kernel and yield its TaskId.

    Syntax:
        %r, %tid = pto_orch.submit @kernel(in %a, out %c) [<task options>]
                   [deps(%t0, %arr : !pto_orch.task_id,
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
        options: TaskOptions | None = None,
    ):
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        options = options or TaskOptions()
        super().__init__(
            operands=[args, deps, compiler_deps, _block_value(options)],
            result_types=[result_types, TASK_ID],
            properties={"callee": callee, "arg_dirs": _dirs_prop(dirs), **options.properties()},
        )

    @classmethod
    def parse(cls, parser: Parser) -> SubmitOp:
        callee, unresolved, dirs = cls._parse_call(parser)
        options = parse_task_options(parser)
        deps = parse_deps(parser, "deps")
        cdeps = parse_deps(parser, "compiler_deps")
        attrs = parser.parse_optional_attr_dict()
        args, outs = cls._parse_signature(parser, unresolved)
        op = cls(callee, args, outs, dirs, deps, cdeps, options)
        op._take_attributes(attrs)
        return op

    def print(self, printer: Printer) -> None:
        self._print_call(printer)
        self._print_options(printer)
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


# -------------------------------------------------------------------------- attributes on other ops
# The discardable attributes this dialect owns (checked in orch_attrs.py; the loop-carry plan's
# two: carry_plan.py).

PARALLEL = "pto_orch.parallel"
DESCENDING = "pto_orch.descending"
"""On `scf.for` (unit): print the upward loop over `k` as a C++ loop over `i = -k` counting
down (docs/dialects/pto_orch.md#loop-attributes)."""
KIND = "pto_orch.kind"
DIR = "pto_orch.dir"
MANUAL_CANDIDATE = "pto_orch.manual_candidate"
"""The older, discardable spelling of the task ops' `manual_candidate` property (still parsed)."""
MANUAL_CANDIDATE_PROP = "manual_candidate"
MANUAL_LAYER = "pto_orch.manual_layer"


PTO_ORCH = Dialect(
    "pto_orch",  # the task ops with cheap operand groups (analysis/accessors.py, issue 28)
    [KernelOp, *fast_operand_groups(CallOp, SubmitOp), TaskArrayCreateOp, TaskArrayGetOp,
     TaskArraySetOp, *INT_ARRAY_OPS],
    [
        FunctionKindAttr,
        ParamDirectionAttr,
        ArgDirectionAttr,
        MemorySpaceAttr,
        TaskIdType,
        TaskIdArrayType,
        IntArrayType,
    ],
)
