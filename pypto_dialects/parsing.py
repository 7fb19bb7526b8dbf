"""Parsing with source locations, and the structural verifier run after every parse/pass.

Spec: docs/index.md (Diagnostics) (diagnostics). xDSL leaves parsed ops at `loc(unknown)`; the
`LocatingParser` stamps each op with `file:line:col` of its first token, at linear cost
(line starts are precomputed once and searched with `bisect`). It also makes every parse
error a located `ParseError` (one line once formatted by `diagnostics.format_parse_error`):
bytes that are not UTF-8, an unknown op (located at its name), a value used but never
defined (located at the use), a dialect type or attribute whose parameters do not verify.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyDenseElement,
    ComplexType,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    NameLoc,
    NoneAttr,
    RankedStructure,
    StringAttr,
    TensorType,
    UnknownLoc,
    UnregisteredOp,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import AttrParser, Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.traits import IsolatedFromAbove, NoTerminator, SymbolTable
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from pypto_dialects.analysis.accessors import class_kind, has_trait, walk_list
from pypto_dialects.attrs import UNKNOWN_HINT
from pypto_dialects.diagnostics import (
    LocatedVerifyException,
    file_position,
    format_op_error,
    location_of,
    one_line,
)
from pypto_dialects.limits import check_static_dims
from pypto_dialects.name_locs import (  # noqa: F401  (source_name and copy_name: re-exported)
    _SOURCE_NAMES,
    copy_name,
    names_from_locations,
    set_source_name,
    source_name,
)


def _decode(data: bytes, name: str) -> str:
    """`data` as text; a located ParseError at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        text = data.decode("utf-8", errors="replace")
        pos = len(data[: err.start].decode("utf-8"))
        span = Span(pos, pos + 1, Input(text, name))
        raise ParseError(
            span,
            f"invalid UTF-8 byte 0x{data[err.start]:02x}: the input must be UTF-8 text",
        ) from None


_MISSING_TOKEN = re.compile(r"(?<![Uu]n)[Ee]xpected")
_HEX_LITERAL = re.compile(r"0[xX][0-9a-fA-F]+")
"""A hexadecimal literal at the start of a text (a float constant written as bits)."""
_HEX_ELEMENT = re.compile(r"-?\s*0[xX][0-9a-fA-F]+")
"""A hexadecimal literal, with its minus, in the text of a dense literal's element."""


class _Lexer(MLIRLexer):
    """xDSL's MLIR lexer with a string-literal pattern that cannot backtrack: xDSL's own
    (`(?:[^"...]+|...)*"`) takes exponential time on an unterminated string followed by a
    long line (a one-character typo made pypto-opt hang). Same language, possessive
    quantifiers (Python >= 3.11)."""

    _unescaped_characters_regex = re.compile(
        r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"'
    )


_ABSENT = object()


class _ScopedNames(dict):
    """The parser's SSA name map (`Parser.ssa_values`) with O(1) region scopes.

    xDSL's parser opens each region with `old = self.ssa_values.copy()` and closes it with
    `self.ssa_values = old`: a copy of every name in scope per region, quadratic on a long
    body holding many loops and ifs (docs/performance.md; at 50k ops it was a third of the
    parse). Here `copy()` returns a mark in a journal of the insertions, and assigning the
    mark back (`LocatingParser.ssa_values`) undoes the insertions made since: the same
    scoping, in time proportional to the names the region defined."""

    __slots__ = ("_journal",)

    def __init__(self) -> None:
        super().__init__()
        self._journal: list[tuple[str, object]] = []

    def __setitem__(self, key: str, value: object) -> None:
        self._journal.append((key, self.get(key, _ABSENT)))
        super().__setitem__(key, value)

    def copy(self) -> _ScopeMark:  # type: ignore[override]
        return _ScopeMark(self, len(self._journal))

    def rollback(self, length: int) -> None:
        """Undo the insertions made after the journal had `length` entries."""
        journal = self._journal
        while len(journal) > length:
            key, old = journal.pop()
            if old is _ABSENT:
                dict.__delitem__(self, key)
            else:
                dict.__setitem__(self, key, old)


class _ScopeMark:
    """What `_ScopedNames.copy()` returns: the map and its journal length."""

    __slots__ = ("length", "names")

    def __init__(self, names: _ScopedNames, length: int) -> None:
        self.names, self.length = names, length


_PARSER_CRASHES = (
    NotImplementedError, ValueError, TypeError, KeyError, IndexError, AttributeError,
    AssertionError, OverflowError,
)
"""Exceptions xDSL's parser raises on some malformed inputs instead of a ParseError."""


MAX_NESTING = 64
"""Ops nested deeper than this (each op whose region holds the next counts one: a
function, a loop, a branch, a scope) are a parse error: xDSL's parser, verifier, passes and
printer recurse once per level."""


class LocatingParser(Parser):
    """An xDSL `Parser` that gives every op without an explicit `loc(...)` a
    `FileLineColLoc` of its first token. `line_offset` is added to line numbers (the offset
    of a `--split-input-file` chunk); it is also applied to the ParseErrors raised."""

    def __init__(
        self, ctx: Context, input: str | bytes, name: str = "<unknown>", line_offset: int = 0
    ):
        if isinstance(input, bytes):
            input = _decode(input, name)
        if input.startswith("\ufeff"):
            input = " " + input[1:]  # a UTF-8 byte-order mark is not an error (columns kept)
        super().__init__(ctx, "", name)
        self._parser_state = ParserState(_Lexer(Input(input, name)))
        text = self.lexer.input.content
        starts = [0]
        find = text.find
        i = find("\n")
        while i >= 0:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self._line_starts = starts
        self._file = StringAttr(name)
        self._line_offset = line_offset
        self._op_start = 0
        self._depth = 0  # ops being parsed, one inside the other
        # name -> span of the use that created its (still open) forward reference
        self._forward_use: dict[str, Span] = {}
        # location aliases declared ahead of their definitions: name -> definition offset
        self._late_aliases: dict[str, int] = {}
        self._names_in_locations = False  # the text has locations that may carry names
        self._hex_elements: list[tuple[Span, str]] = []  # hexadecimal elements of the dense literal

    # -- SSA name scopes in O(1) per region (see _ScopedNames)

    @property
    def ssa_values(self) -> dict:
        return self._names

    @ssa_values.setter
    def ssa_values(self, value: object) -> None:
        if isinstance(value, _ScopeMark) and value.names is self.__dict__.get("_names"):
            value.names.rollback(value.length)  # a region closes
            return
        assert isinstance(value, dict), value  # xDSL's Parser starts with an empty dict
        names = _ScopedNames()
        dict.update(names, value)
        self._names = names

    # -- the user's names (see source_name)

    def _register_ssa_definition(
        self, name: str, values: Sequence[SSAValue], span: Span
    ) -> None:
        super()._register_ssa_definition(name, values, span)
        if len(values) == 1 and values[0].name_hint not in (None, name):
            _SOURCE_NAMES[values[0]] = name

    # -- locations

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        self._op_start = start
        if self._depth >= MAX_NESTING:
            self.raise_error(
                f"ops nested more than {MAX_NESTING} levels deep (the limit of pypto-opt): "
                "move the inner ops into a function of their own",
                start,
                self.pos,
            )
        self._depth += 1
        try:
            op = super().parse_operation()
        except VerifyException as err:  # an attribute of the op failed its own verifier
            self.raise_error(one_line(str(err)), start, self.pos)
        except _PARSER_CRASHES as err:  # xDSL choked on the input (`array<i302: 1>`)
            if os.environ.get("PYPTO_OPT_TRACEBACK"):
                raise
            self.raise_error(
                f"cannot parse this op ({type(err).__name__}: {one_line(str(err))})",
                start,
                self.pos,
            )
        finally:
            self._depth -= 1
        loc = op.location
        if isinstance(loc, UnknownLoc) or (
            isinstance(loc, NameLoc) and isinstance(loc.location, NoneAttr | UnknownLoc)
        ):
            line = bisect_right(self._line_starts, start)
            col = start - self._line_starts[line - 1] + 1
            here = FileLineColLoc(self._file, IntAttr(line + self._line_offset), IntAttr(col))
            op.location = here if isinstance(loc, UnknownLoc) else NameLoc(loc.desc, here)
        for region in op.regions:  # implicit terminators (a scf.for written without its
            for block in region.blocks:  # scf.yield) are located at their op, as in MLIR
                last = block.last_op
                if last is not None and isinstance(last.location, UnknownLoc):
                    last.location = op.location
        if self._names_in_locations:
            names_from_locations(op)
        return op

    # -- location aliases defined after their uses (as MLIR prints them)

    def _predeclare_location_aliases(self) -> None:
        """MLIR prints location aliases (`#loc1 = loc("f.mlir":3:4)`) after the module that
        uses them, while xDSL's parser knows an alias only after its definition. Parse the
        location alias definitions first, in order; the main parse skips them where they
        stand (`_parse_alias_def`). A definition that does not parse here is left to the
        main parse, which reports it where it is."""
        text = self.lexer.input.content
        if "loc(" not in text:
            return
        self._names_in_locations = True
        for m in _LOC_ALIAS_DEF.finditer(text):
            name = m.group(1)
            if name in self.attribute_aliases:
                return  # a re-declaration: the main parse reports it
            end = text.find("\n", m.start())
            sub = Parser(self.ctx, text[m.start() : len(text) if end < 0 else end])
            sub.attribute_aliases = dict(self.attribute_aliases)
            try:
                sub._parse_alias_def()
            except (ParseError, *_PARSER_CRASHES):
                return
            self.attribute_aliases[name] = sub.attribute_aliases[name]
            self._late_aliases[name] = m.start()

    def _parse_alias_def(self):
        token = self._current_token
        if self._late_aliases.get(token.text) == token.span.start:
            del self.attribute_aliases[token.text]  # declared again, with the same value
        super()._parse_alias_def()

    # -- better-located parse errors

    def _get_op_by_name(self, name: str) -> type[Operation]:
        op_type = self.ctx.get_optional_op(name, dialect_stack=self._parser_state.dialect_stack)
        if op_type is not None:
            return op_type
        # Locate the op name: the first identifier or string token of the op (after the
        # result list). Only runs on the error path.
        lexer = MLIRLexer(self.lexer.input)
        lexer.pos = self._op_start
        span = None
        while (tok := lexer.lex()).kind != MLIRTokenKind.EOF:
            if tok.kind in (MLIRTokenKind.BARE_IDENT, MLIRTokenKind.STRING_LIT):
                span = tok.span
                break
        hint = "" if self.ctx.allow_unregistered else " (or pass --allow-unregistered-dialect)"
        dialect = name.partition(".")[0]
        if dialect in self.ctx.registered_dialect_names:
            what = f"the {dialect} dialect has no operation '{name}'"
        else:
            what = f"unknown operation '{name}': dialect '{dialect}' is not registered{hint}"
        self.raise_error(what, span)

    def resolve_operand(self, operand, type):
        name = operand.operand_name
        if name not in self.ssa_values and name not in self.forward_ssa_references:
            self._forward_use[name] = operand.span
        return super().resolve_operand(operand, type)

    def _parse_dialect_type_or_attribute_body(
        self, attr_name, is_type, is_opaque, starting_opaque_pos
    ):
        end = self.pos
        first = attr_name.partition(".")[0] if "." not in attr_name else attr_name
        start = self.lexer.input.content.rfind(first, 0, end)
        start = max(0, start - 1)  # include the `!` / `#`
        what = "type" if is_type else "attribute"
        try:
            return super()._parse_dialect_type_or_attribute_body(
                attr_name, is_type, is_opaque, starting_opaque_pos
            )
        except VerifyException as err:
            self.raise_error(f"invalid {what}: {one_line(str(err))}", start, self.pos)
        except ParseError as err:
            if not err.msg.endswith("is not registered"):
                raise
            full = err.msg.split("'")[1] if "'" in err.msg else attr_name
            dialect = full.partition(".")[0]
            sigil = "!" if is_type else "#"
            if dialect in self.ctx.registered_dialect_names:
                msg = f"the {dialect} dialect has no {what} '{sigil}{full}'"
            else:
                msg = f"unknown {what} '{sigil}{full}': dialect '{dialect}' is not registered"
            self.raise_error(msg, start, end)

    def parse_optional_builtin_int_or_float_attr(self) -> IntegerAttr | FloatAttr | None:
        """xDSL's, and a located error for a hexadecimal float constant whose bits the parsed
        value does not hold: xDSL keeps a float as a Python double, and an f32 (f16, bf16)
        signalling NaN widened to a double is quieted (`0x7F800001 : f32` would become
        `0x7FC00001`; an f16 / bf16 NaN loses its payload too), so the constant the passes,
        the interpreter and the printer see would not be the one written. A hexadecimal
        float constant with a leading minus is an error too, as in MLIR (xDSL would read the
        digits as an integer: `-0x3F800000 : f32` as -1065353216.0, not -1.0)."""
        token = self._current_token
        attr = super().parse_optional_builtin_int_or_float_attr()
        if isinstance(attr, FloatAttr) and token.text == "-":
            rest = token.span.input.content[token.span.end:].lstrip()
            hex_digits = _HEX_LITERAL.match(rest)
            if hex_digits is not None:  # (xDSL reads the digits as an integer's value)
                literal = hex_digits.group()
                self.raise_error(
                    f"hexadecimal constant -{literal} : {attr.type} has a leading minus: a "
                    "hexadecimal float constant gives the value's bits, so it would be read "
                    "as the integer -" + str(int(literal, 16)) + "; write the bits of the "
                    "negative value (the sign bit set) or a decimal constant",
                    token.span,
                )
        if isinstance(attr, FloatAttr) and token.text[:2] in ("0x", "0X"):
            t = attr.type
            raw = int(token.text, 16).to_bytes(t.compile_time_size, "little")
            try:
                held = t.pack([attr.value.data])
            except Exception:  # (a type xDSL cannot pack: nothing to compare)
                return attr
            if held != raw:
                bits = int.from_bytes(held, "little")
                width = 2 * t.compile_time_size
                self.raise_error(
                    f"hexadecimal constant {token.text} : {t} is a NaN whose bits cannot be "
                    f"kept (a signalling NaN, or a NaN payload the type's conversion drops): "
                    f"the parsed value is a double, which holds it as 0x{bits:0{width}X}; "
                    f"write 0x{bits:0{width}X} if that NaN will do",
                    token.span,
                )
        return attr

    def _parse_tensor_literal_element(self) -> AttrParser._TensorLiteralElement:
        """xDSL's, noting each element written in hexadecimal, a part of a complex pair
        included (see `parse_dense_int_or_fp_elements_attr`)."""
        element = super()._parse_tensor_literal_element()
        found = _HEX_ELEMENT.search(element.span.text)
        if found is not None:
            self._hex_elements.append((element.span, "".join(found.group().split())))
        return element

    def parse_dense_int_or_fp_elements_attr(
        self, type: RankedStructure[AnyDenseElement] | None
    ) -> DenseIntOrFPElementsAttr:
        """xDSL's, and a located error for a hexadecimal element of a float `dense<...>`
        literal (or of a complex one of floats): in MLIR its digits are the element's bits,
        and xDSL reads them as an integer's value (`dense<0x3F800000> : tensor<4xf32>` would
        hold 1065353216.0, not 1.0). The quoted form, `dense<"0x...">` (the whole buffer's
        bytes), is kept. An element xDSL finds out of its type's range is a located error
        too (xDSL raises a ValueError)."""
        outer, self._hex_elements = self._hex_elements, []
        start = self._current_token.span.start
        try:
            attr = super().parse_dense_int_or_fp_elements_attr(type)
            hex_elements = self._hex_elements
        except ValueError as err:
            self.raise_error(f"invalid dense literal: {err}", start, self.pos)
        finally:
            self._hex_elements = outer
        element_type = attr.get_element_type()
        if isinstance(element_type, ComplexType):
            element_type = element_type.element_type
        if hex_elements and not isinstance(element_type, IntegerType | IndexType):
            span, literal = hex_elements[0]
            self.raise_error(
                f"hexadecimal element {literal} of a dense literal of {attr.get_type()}: "
                "a hexadecimal float element gives the value's bits, which would be read as "
                f"the integer {int(literal, 16)}; write the value in decimal, or the whole "
                'buffer\'s bytes as a quoted string (dense<"0x...">)',
                span,
            )
        return attr

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        """Parse the whole input as a module (an empty input is an empty module, as in
        MLIR). Every error is a located ParseError."""
        try:
            if allow_implicit_module and self._current_token.kind == MLIRTokenKind.EOF:
                module = ModuleOp([])
            else:
                self._predeclare_location_aliases()
                module = super().parse_module(allow_implicit_module)
            if isinstance(module.location, UnknownLoc):  # the implicit module: 1:1
                module.location = FileLineColLoc(
                    self._file, IntAttr(1 + self._line_offset), IntAttr(1)
                )
            return module
        except ParseError as err:
            self._relocate(err)
            if self._line_offset:
                err.span = replace(err.span, line_offset=self._line_offset)
            raise
        except VerifyException as err:
            pos = self.pos
            raise ParseError(
                Span(pos, pos, self.lexer.input, self._line_offset), one_line(str(err))
            ) from None
        except RecursionError:  # brackets of a type or attribute nested hundreds deep
            pos = self._current_token.span.start
            raise ParseError(
                Span(pos, pos, self.lexer.input, self._line_offset),
                "types or attributes nested too deeply for pypto-opt's parser here: "
                "flatten them",
            ) from None

    def _relocate(self, err: ParseError) -> None:
        """Rewrite xDSL's end-of-input errors into located, explicit ones."""
        if err.msg.startswith("values used but not defined") and self.forward_ssa_references:
            names = [n for n in self.forward_ssa_references if n in self._forward_use]
            if names:
                first = min(names, key=lambda n: self._forward_use[n].start)
                err.span = self._forward_use[first]
                err.msg = f"use of undeclared SSA value name %{first}"
                return
        tok = self._current_token
        if err.msg == "End of file reached before closing string literal.":
            err.msg = "unterminated string literal: the closing '\"' is missing on its line"
        elif err.msg == "Could not parse entire input!":
            if tok.kind == MLIRTokenKind.R_BRACE:
                err.msg = "unexpected '}': there is no region to close"
            else:
                err.msg = f"expected an operation, found '{tok.text}'"
        elif tok.kind == MLIRTokenKind.EOF and err.span.start >= len(self.lexer.input):
            msg = err.msg.strip()
            if msg == "in block definition":
                msg = "'}' expected to close a region"
            err.msg = f"unexpected end of file: {msg}"
        if _MISSING_TOKEN.search(err.msg):
            self._move_to_previous_line(err)

    def _move_to_previous_line(self, err: ParseError) -> None:
        """A missing-token error found at the first token of a line (or at the end of the
        file) is reported at the end of the previous token instead, on the line where the
        token is missing (as MLIR does)."""
        text = self.lexer.input.content
        pos = min(err.span.start, len(text))
        line_start = text.rfind("\n", 0, pos) + 1
        if text[line_start:pos].strip():
            return  # the error token is not the first of its line
        end = line_start - 1
        while end > 0:
            start = text.rfind("\n", 0, end) + 1
            code = text[start:end]
            cut = code.find("//")
            if cut >= 0 and '"' not in code[:cut]:
                code = code[:cut]
            code = code.rstrip()
            if code:
                at = start + len(code)
                err.span = replace(err.span, start=at, end=at)
                return
            end = start - 1


_LOC_ALIAS_DEF = re.compile(r"^(#[A-Za-z_$.][\w$.-]*)[ \t]*=[ \t]*loc\(", re.MULTILINE)
"""A location alias definition at the start of a line (MLIR prints them at the file's end)."""

_SPLIT_MARKER = re.compile(rb"^[ \t]*// -----[ \t]*\r?(?:\n|\Z)", re.MULTILINE)


def split_input(data: bytes) -> list[tuple[bytes, int]]:
    """Split `--split-input-file` input into `(chunk, line_offset)` pairs.

    A marker is a line that is exactly `// -----` (blanks around it allowed), as in the
    MLIR test suites; the text `// -----` inside a longer comment does not split. A chunk's
    `line_offset` is the number of lines of the file before it, so diagnostics keep the
    whole file's line numbers.
    """
    chunks: list[tuple[bytes, int]] = []
    pos = line = 0
    for m in _SPLIT_MARKER.finditer(data):
        chunk = data[pos : m.start()]
        chunks.append((chunk, line))
        line += chunk.count(b"\n") + 1
        pos = m.end()
    chunks.append((data[pos:], line))
    return chunks


def parse_module(
    ctx: Context,
    text: str | bytes,
    name: str = "<input>",
    line_offset: int = 0,
    allow_implicit_module: bool = True,
) -> ModuleOp:
    """Parse `text` into a module whose ops carry `name:line:col` locations.

    Raises xDSL's ParseError on malformed text, located in the whole file (`line_offset`
    applied); `diagnostics.format_parse_error` turns it into the one-line diagnostic.
    An empty (or comment-only) text is an empty module.
    """
    return LocatingParser(ctx, text, name, line_offset).parse_module(allow_implicit_module)


OpVerifiers = Mapping[type[Operation], Callable[[Operation], None]]
"""Op type -> a check run right after the op's own verifier (analysis/verifiers.py)."""
AttributeVerifiers = Mapping[str, Callable[[Operation, str, Attribute], None]]
"""Dialect name -> the verifier of its discardable attributes (analysis/verifiers.py)."""


def _verify_discardable(op: Operation, verifiers: AttributeVerifiers) -> None:
    for name, value in op.attributes.items():
        dialect, _, _ = name.partition(".")
        verify = verifiers.get(dialect)
        if verify is not None:
            verify(op, name, value)
        elif dialect in ("pto_tensor", "pto_system"):
            raise VerifyException(
                f"unknown attribute '{name}' of the {dialect} dialect{UNKNOWN_HINT}"
            )


def _defined_where(value: SSAValue, def_op: Operation, use: Operation) -> str:
    """`%c is defined later, on line 43` (or at `file:line:col` in another file)."""
    hint = source_name(value)
    name = f"%{hint}" if hint else "the value"
    d, u = file_position(def_op.location), file_position(use.location)
    if d is not None and u is not None and d.filename == u.filename:
        return f"{name} is defined later, on line {d.line.data}"
    return f"{name} is defined later, at {location_of(def_op)}"


class _Dominance:
    """Use-before-definition checks (MLIR's dominance verifier for single-block regions),
    which xDSL's `verify()` does not do. Linear: the ops are checked in the order of
    `walk(region_first=True)` and `seen` records each one (its `id`: the ops outlive the
    run) after its check, so in the block of a definition, the definition comes before the
    op that holds its use (the use itself, or the op of that block it is nested in) exactly
    when it was seen: every op of a block and everything nested in it are walked before the
    ops after it, and an op after its nested ones."""

    def __init__(self) -> None:
        self.seen: set[int] = set()
        # id(block) -> whether its region is a graph region (no order among its ops); the
        # blocks outlive the run, which does not change the IR
        self._graph: dict[int, bool] = {}
        # (id(block of a use), id(block of its definition)) -> `_encloses`
        self._enclosing: dict[tuple[int, int], bool] = {}

    def _is_graph(self, block: Block) -> bool:
        got = self._graph.get(id(block))
        if got is None:
            owner = block.parent_op()
            got = self._graph[id(block)] = (
                class_kind(_GRAPH_KINDS, owner, _GRAPH_OPS) == 0 if owner is not None else False
            )
        return got

    def check(self, op: Operation) -> None:
        here = op.parent
        for i, value in enumerate(op._operands):
            if type(value) is OpResult or isinstance(value, OpResult):
                def_op: Operation | None = value.op
                block = value.op.parent
            elif isinstance(value, BlockArgument):
                def_op, block = None, value.block
            else:
                raise VerifyException(f"operand #{i} is not defined by any operation")
            if block is None:
                raise VerifyException(f"operand #{i} is defined outside of the IR")
            if block is not here:
                # (the answer depends on the two blocks alone: kept once it is not an error)
                key = (id(here), id(block))
                encloses = self._enclosing.get(key)
                if encloses is None:
                    encloses = self._enclosing[key] = self._encloses(op, block, i)
                if not encloses:
                    continue  # another block of the same (multi-block) region: CFG dominance
            if def_op is None or self._is_graph(block):
                continue  # block arguments dominate the block; graph regions
            if id(def_op) not in self.seen:
                raise VerifyException(
                    f"operand #{i} does not dominate this use: "
                    f"{_defined_where(value, def_op, op)}"
                )

    @staticmethod
    def _encloses(op: Operation, block: Block, i: int) -> bool:
        """Whether `block` (of the definition of operand #`i`) holds an ancestor of `op`
        (or `op`); False when the path up from `op` meets another block of `block`'s region
        first (CFG dominance, not checked). Raises VerifyException when no ancestor is in
        `block`, or one between is isolated from above."""
        anc = op
        isolated: Operation | None = None
        while anc.parent is not block:
            parent_block = anc.parent
            if parent_block is not None and parent_block.parent is block.parent:
                return False
            parent = anc.parent_op()
            if parent is None:
                raise VerifyException(
                    f"operand #{i} is defined in a region that does not enclose this use"
                )
            if isolated is None and has_trait(parent, IsolatedFromAbove):
                isolated = parent
            anc = parent
        if isolated is not None:
            raise VerifyException(
                f"operand #{i} is defined outside of the enclosing '{isolated.name}', "
                "which is isolated from above"
            )
        return True


_GRAPH_OPS = (ModuleOp | UnregisteredOp,)
_GRAPH_KINDS: dict[type[Operation], int] = {}  # op class -> 0 for a graph region's owner


_LocatedVerifyException = LocatedVerifyException


def _blame_ancestors(op: Operation, crash: Exception) -> None:
    """An op's verifier crashed instead of reporting (xDSL's `func.return` reads its
    function's `function_type`, which a malformed generic `func.func` may lack). Nested ops
    are verified before their parents, so look for the parent whose own definition (IRDL
    properties, attributes, operands) is broken and report that; else report the crash as a
    diagnostic of `op`. Only runs on this error path."""
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, IRDLOperation):
            try:
                parent.get_irdl_definition().verify(parent)
            except VerifyException as err:
                raise _LocatedVerifyException(format_op_error(parent, str(err))) from None
        parent = parent.parent_op()
    raise VerifyException(
        f"failed to verify ({type(crash).__name__}: {crash}); its operands, properties or "
        "enclosing ops are malformed"
    ) from None


def _check_redefinitions(table: Operation) -> None:
    """A symbol defined twice in the symbol table `table` (or a symbol table directly in it,
    a nested module) is reported at its second definition, with the line of the first, as
    mlir-opt does; checked before any op is verified, so that a call to the symbol is not
    first reported as a type mismatch. Raises VerifyException."""
    seen: dict[str, Operation] = {}
    for region in table.regions:
        for block in region.blocks:
            for op in block.ops:
                if op.has_trait(SymbolTable):
                    _check_redefinitions(op)
                name = op.attributes.get("sym_name") or op.properties.get("sym_name")
                if not isinstance(name, StringAttr):
                    continue
                first = seen.setdefault(name.data, op)
                if first is not op:
                    where = location_of(first)
                    at = f" (first defined at {where})" if where != "<unknown>" else ""
                    raise VerifyException(
                        format_op_error(op, f"redefinition of symbol named '{name.data}'{at}")
                    )


_FUNC_OPS = (FuncOp,)
_FUNC_KINDS: dict[type[Operation], int] = {}  # op class -> 0 for a func.func (class_kind)


class _Extents:
    """Static tensor extents of an op's results (and a function's parameters) fit the
    runtime's uint32_t shapes. A type is checked once per run (`ok`: the types of results
    seen to fit, by `id`, kept alive so that no id is reused): whether it fits depends on
    the type alone, and the first one that does not ends the run."""

    def __init__(self) -> None:
        self.ok: dict[int, Attribute] = {}

    def check(self, op: Operation) -> None:
        ok = self.ok
        for r in op.results:
            t = r.type
            if id(t) in ok:
                continue
            if isinstance(t, TensorType):
                check_static_dims(t, f"result {r.index} has type")
            ok[id(t)] = t
        if class_kind(_FUNC_KINDS, op, _FUNC_OPS) == 0:
            for i, t in enumerate(cast(FuncOp, op).function_type.inputs.data):
                check_static_dims(t, f"parameter {i} has type")


def verify_module(module: ModuleOp) -> None:
    """Verify every op of `module` (xDSL's op verifiers, dominance of each operand's
    definition over its use, and the dialects' checks of their discardable attributes,
    MLIR's `verifyOperationAttribute`), with the checks that ask an analysis registered in
    analysis/verifiers.py (by op type, after the op's verifier; by dialect, for attributes).

    Raises a VerifyException whose text is `file:line:col: error: '<op>' op <message>` for
    the first op that fails; nested ops are checked before their parent, as in MLIR.
    """
    from pypto_dialects.analysis.verifiers import ATTRIBUTE_VERIFIERS, OP_VERIFIERS
    from pypto_dialects.symbols import verification_lookups

    _check_redefinitions(module)
    with verification_lookups():
        _verify_ops(module, OP_VERIFIERS, ATTRIBUTE_VERIFIERS)


def _verify_ops(
    module: ModuleOp, op_verifiers: OpVerifiers, attribute_verifiers: AttributeVerifiers
) -> None:
    dominance = _Dominance()
    seen = dominance.seen
    extents = _Extents()
    # (the list of `walk(region_first=True)`: xDSL's walk is a chain of generators)
    for op in walk_list(module, post_order=True):
        try:
            if op._operands:
                dominance.check(op)
            seen.add(id(op))
            try:
                op.verify(verify_nested_ops=False)
                if (verify := op_verifiers.get(type(op))) is not None:
                    verify(op)
            except (KeyError, AttributeError, TypeError, ValueError, IndexError) as crash:
                _blame_ancestors(op, crash)
            for region in op.regions:
                first = region._first_block  # (one block, and it is empty)
                if first is not None and first._next_block is None and first._first_op is None:
                    if not has_trait(op, NoTerminator):
                        raise VerifyException(
                            "has an empty block; a single-block region needs at least "
                            "its terminator"
                        )
            if op.attributes:
                _verify_discardable(op, attribute_verifiers)
            extents.check(op)
        except _LocatedVerifyException as err:
            raise VerifyException(str(err)) from None
        except VerifyException as err:
            msg = str(err.args[0]) if err.args else str(err)
            prefix = "Operation does not verify: "
            if msg.startswith(prefix):
                msg = msg[len(prefix):]
            for named in (f"Operation {op.name} ", f"'{op.name}' "):
                if msg.startswith(named):  # xDSL's trait checks name the op again
                    msg = msg[len(named):]
            raise VerifyException(format_op_error(op, msg)) from None
        except DiagnosticException:
            raise
