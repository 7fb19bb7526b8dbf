"""Value names carried in locations, so they survive tools that drop SSA names.

Upstream `mlir-opt` renames every value (`%arg0`, `%0`) when it prints, but it keeps
locations (with `--mlir-print-debuginfo`). MLIR's way of naming a location is `NameLoc`,
`loc("a"("file.mlir":3:5))`. `attach_name_locs` (pypto-opt `--name-locs`) writes each
value's name into the location of what defines it:

- an op with one named result: `loc("<name>"(<its location>))`;
- an op whose results are all named: `loc(fused["<name0>"(<loc>), "<name1>", ...])`;
- a named block argument (function parameters included): `loc("<name>")`.

`names_from_locations`, run by the parser on every op it parses, reads them back: a value
whose text gives it no name, or only a name an upstream printer invents (`%0`, `%arg3`),
takes the name its location carries. The C++ names (`ext_a`, `params_t0`) follow from it.
Unrelated locations (file positions, call sites, a fused location of file positions) are
left alone, and a location name that is not a valid SSA name is ignored.
"""

from __future__ import annotations

import re
from typing import TypeVar
from weakref import WeakKeyDictionary

from xdsl.dialects.builtin import (
    ArrayAttr,
    FileLineColLoc,
    FusedLoc,
    NameLoc,
    NoneAttr,
    StringAttr,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

OpT = TypeVar("OpT", bound=Operation)

_INVENTED = re.compile(r"(?:arg)?\d+")
"""Names upstream printers give values that have none of their own (`%0`, `%arg3`); xDSL
keeps `arg3` as a name hint, so such a name yields to a location's name."""

_VALID = re.compile(r"[A-Za-z_$.-][\w$.-]*")


_SOURCE_NAMES: WeakKeyDictionary[SSAValue, str] = WeakKeyDictionary()
"""Values whose name in the parsed text ends in `_<digits>`, with that name. xDSL's name
hints drop such a suffix (`%out_0` gets the hint `out`: its printer uses the suffix to make
names unique), so the user's spelling survives only here. Weak: it never keeps IR alive."""


def source_name(value: SSAValue) -> str | None:
    """The name `value` had in the parsed text (`%out_0` -> `out_0`), else its name hint."""
    return _SOURCE_NAMES.get(value) or value.name_hint


def set_source_name(value: SSAValue, name: str) -> None:
    """Name `value` `name` (a valid SSA name), keeping a `_<digits>` suffix xDSL's name hint
    drops (see `_SOURCE_NAMES`)."""
    value.name_hint = name
    if value.name_hint != name:
        _SOURCE_NAMES[value] = name
    else:
        _SOURCE_NAMES.pop(value, None)


def copy_name(source: SSAValue, target: SSAValue) -> None:
    """Give `target` the name of `source` (for a pass that replaces a value by a new one)."""
    target.name_hint = source.name_hint
    if source in _SOURCE_NAMES:
        _SOURCE_NAMES[target] = _SOURCE_NAMES[source]


def clone_with_names(op: OpT) -> OpT:
    """`op.clone()` whose values keep their source names (`source_name`): a plain clone keeps
    the name hints only, which drop a `_<digits>` suffix."""
    new = op.clone()
    for old_op, new_op in zip(op.walk(), new.walk()):
        for a, b in zip(old_op.results, new_op.results):
            if a in _SOURCE_NAMES:
                _SOURCE_NAMES[b] = _SOURCE_NAMES[a]
        for old_region, new_region in zip(old_op.regions, new_op.regions):
            for old_block, new_block in zip(old_region.blocks, new_region.blocks):
                for old_arg, new_arg in zip(old_block.args, new_block.args):
                    if old_arg in _SOURCE_NAMES:
                        _SOURCE_NAMES[new_arg] = _SOURCE_NAMES[old_arg]
    return new


def _take(value: SSAValue, name: str) -> None:
    """Name `value` `name` unless it already has a name of its own."""
    current = value.name_hint
    if current is not None and not _INVENTED.fullmatch(current):
        return
    if _VALID.fullmatch(name) and not _INVENTED.fullmatch(name):
        set_source_name(value, name)


def _name_of(loc: Attribute) -> str | None:
    return loc.desc.data if isinstance(loc, NameLoc) else None


def fused_parts(loc: Attribute) -> tuple[Attribute, ...]:
    """The locations a `fused[...]` location joins (none for any other location)."""
    if isinstance(loc, FusedLoc) and isinstance(loc.locations, ArrayAttr):
        return tuple(loc.locations.data)
    return ()


def names_from_locations(op: Operation) -> None:
    """Give the results of `op` and the arguments of its blocks the names their locations
    carry (module docstring). Called by the parser for every op, innermost first."""
    loc = op.location
    if len(op.results) == 1 and (name := _name_of(loc)) is not None:
        _take(op.results[0], name)
    elif len(op.results) > 1 and isinstance(loc, FusedLoc):
        names = [_name_of(inner) for inner in fused_parts(loc)]
        known = [n for n in names if n is not None]
        if len(names) == len(op.results) and len(known) == len(names):
            for result, name in zip(op.results, known):
                _take(result, name)
    for region in op.regions:
        for block in region.blocks:
            for arg in block.args:
                if (name := _name_of(arg.location)) is not None:
                    _take(arg, name)


def _named(name: str, inner: Attribute) -> NameLoc:
    if isinstance(inner, NameLoc):  # already named (a second --name-locs): rename it
        inner = inner.location
    keep = inner if isinstance(inner, FileLineColLoc) else NoneAttr()
    return NameLoc(StringAttr(name), keep)


def _block_arg(arg: BlockArgument, name: str) -> None:
    arg.location = NameLoc(StringAttr(name), NoneAttr())


def attach_name_locs(root: Operation) -> None:
    """Write the name of every named value under `root` into its location (module
    docstring), keeping the file position inside the name. Values without a name, and ops
    with some results unnamed, keep their locations."""
    for op in root.walk():
        names = [source_name(r) for r in op.results]
        if len(names) == 1 and names[0] is not None:
            op.location = _named(names[0], op.location)
        elif len(names) > 1 and len(known := [n for n in names if n is not None]) == len(names):
            inner: Attribute = op.location
            if isinstance(inner, FusedLoc):
                inner = next(iter(fused_parts(inner)), NoneAttr())
            op.location = FusedLoc(
                ArrayAttr(_named(n, inner if i == 0 else NoneAttr()) for i, n in enumerate(known)),
                NoneAttr(),
            )
        for region in op.regions:
            block: Block
            for block in region.blocks:
                for arg in block.args:
                    if (name := source_name(arg)) is not None:
                        _block_arg(arg, name)
