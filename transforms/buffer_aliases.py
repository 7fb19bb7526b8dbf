"""May-alias classes of the tensor values of one orchestration function: which values may
share storage. Used by fuse-create-assemble-to-slice.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from pypto_dialects import tensor as pt
from pypto_dialects.analysis import storage_roots
from pypto_dialects.symbols import SymbolTableCollection


class BufferClasses:
    """May-alias classes of the tensor values of one function (union-find over the edges of
    the storage-root analysis, pypto_dialects/analysis/storage_roots.py). `origins` of a
    class: the `pto_tensor.create`s and function parameters whose storage it may be."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}
        self.members: dict[SSAValue, list[SSAValue]] = {}
        for arg in body.args:
            self._cls(arg)
        for op in body.walk():
            self._visit(op, symbols)

    def _cls(self, v: SSAValue) -> SSAValue:
        if v not in self.parent:
            self.parent[v] = v
            self.members[v] = [v]
        return self.find(v)

    def find(self, v: SSAValue) -> SSAValue:
        parent = self.parent.setdefault(v, v)
        if parent is v:
            self.members.setdefault(v, [v])
            return v
        root = self.find(parent)
        self.parent[v] = root
        return root

    def union(self, a: SSAValue, b: SSAValue) -> None:
        ra, rb = self._cls(a), self._cls(b)
        if ra is rb:
            return
        if len(self.members[ra]) < len(self.members[rb]):
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.members[ra].extend(self.members.pop(rb))

    def same(self, a: SSAValue, b: SSAValue) -> bool:
        return self.find(a) is self.find(b)

    def _visit(self, op: Operation, symbols: SymbolTableCollection) -> None:
        """Join every result (and loop iter_arg) with the values the storage-root analysis
        says it is stored in, whatever the link (same, reshaped, part, one of)."""
        values = list(op.results)
        if isinstance(op, scf.ForOp):
            values += op.body.block.args[1:]
        for v in values:
            self._cls(v)
            for _, target in storage_roots.edges(v, symbols):
                self.union(v, target)

    def origins(self, v: SSAValue) -> list[SSAValue]:
        """The create results and function parameters in `v`'s class."""
        out = []
        for m in self.members[self.find(v)]:
            if isinstance(m.owner, pt.CreateOp):
                out.append(m)
            elif isinstance(m, BlockArgument) and isinstance(m.block.parent_op(), FuncOp):
                out.append(m)
        return out
