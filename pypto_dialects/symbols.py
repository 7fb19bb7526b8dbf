"""Symbol lookups memoized for the length of one pass or one verification: MLIR's
`SymbolTableCollection`, which xDSL does not have (docs/performance.md)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from xdsl.dialects.builtin import SymbolRefAttr
from xdsl.ir import Block, Operation
from xdsl.traits import SymbolOpInterface, SymbolTable


class SymbolTableCollection:
    """`lookup_symbol` as `SymbolTable.lookup_symbol`, with the name map of each symbol table
    built on its first lookup (xDSL's scans the table's block on every call).

    Make one per pass run (or printer run) and drop it afterwards: it does not see symbols
    added, renamed or removed in a table it has already read, nor a block moved under another
    table."""

    def __init__(self) -> None:
        self._tables: dict[Operation, dict[str, Operation]] = {}
        self._anchors: dict[Block, Operation | None] = {}  # block -> its nearest table
        self._is_table: dict[type[Operation], bool] = {}
        # block -> the name map of its nearest table, for an op in it that is no table
        self._block_tables: dict[Block | None, dict[str, Operation]] = {}

    def lookup_symbol(self, op: Operation, ref: SymbolRefAttr) -> Operation | None:
        """The symbol `ref` names from `op`'s nearest symbol table, or None."""
        if self._is_table.get(type(op)) is False and not ref.nested_references.data:
            # a task's lookup: its block's table, once the block's anchor is known
            table = self._block_tables.get(op.parent)
            if table is not None:
                return table.get(ref.root_reference.data)
        anchor = self._anchor(op)
        if anchor is None or ref.nested_references.data:
            return SymbolTable.lookup_symbol(op, ref)
        table = self._tables.get(anchor)
        if table is None:
            table = {}
            for o in anchor.regions[0].block.ops:
                interface = o.get_trait(SymbolOpInterface)
                name = None if interface is None else interface.get_sym_attr_name(o)
                if name is not None:
                    table.setdefault(name.data, o)
            self._tables[anchor] = table
        if anchor is not op and op.parent is not None:
            self._block_tables[op.parent] = table
        return table.get(ref.root_reference.data)

    def _anchor(self, op: Operation) -> Operation | None:
        is_table = self._is_table.get(type(op))
        if is_table is None:
            is_table = self._is_table[type(op)] = op.has_trait(SymbolTable)
        if is_table:
            return op
        block = op.parent
        if block is None:
            return None
        if block not in self._anchors:
            parent = block.parent_op()
            self._anchors[block] = None if parent is None else self._anchor(parent)
        return self._anchors[block]


_VERIFYING: ContextVar[SymbolTableCollection | None] = ContextVar("verifying", default=None)


@contextmanager
def verification_lookups() -> Iterator[None]:
    """One fresh `SymbolTableCollection` for the verification run inside the block, which
    does not change the IR. Symbol-user traits are called as `verify(op)` by xDSL, with no
    place for MLIR's collection argument: they read it from `verifying()`."""
    token = _VERIFYING.set(SymbolTableCollection())
    try:
        yield
    finally:
        _VERIFYING.reset(token)


def verifying() -> SymbolTableCollection | None:
    """The collection of the verification under way, or None outside `verification_lookups`."""
    return _VERIFYING.get()
