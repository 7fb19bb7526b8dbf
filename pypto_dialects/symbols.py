"""Symbol lookups memoized for the length of one pass: MLIR's `SymbolTableCollection`, which
xDSL does not have (docs/performance.md)."""

from __future__ import annotations

from xdsl.dialects.builtin import SymbolRefAttr
from xdsl.ir import Operation
from xdsl.traits import SymbolOpInterface, SymbolTable


class SymbolTableCollection:
    """`lookup_symbol` as `SymbolTable.lookup_symbol`, with the name map of each symbol table
    built on its first lookup (xDSL's scans the table's block on every call).

    Make one per pass run (or printer run) and drop it afterwards: it does not see symbols
    added, renamed or removed in a table it has already read."""

    def __init__(self) -> None:
        self._tables: dict[Operation, dict[str, Operation]] = {}

    def lookup_symbol(self, op: Operation, ref: SymbolRefAttr) -> Operation | None:
        """The symbol `ref` names from `op`'s nearest symbol table, or None."""
        anchor: Operation | None = op
        while anchor is not None and not anchor.has_trait(SymbolTable):
            anchor = anchor.parent_op()
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
        return table.get(ref.root_reference.data)
