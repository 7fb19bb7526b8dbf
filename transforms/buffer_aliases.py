"""May-alias classes of the tensor values of one orchestration function: which values may
share storage. Used by fuse-create-assemble-to-slice.
"""

from __future__ import annotations

from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, SSAValue

from pypto_dialects import tensor as pt
from pypto_dialects.analysis import storage_roots
from pypto_dialects.symbols import SymbolTableCollection


class BufferClasses(storage_roots.UnionFind[list[SSAValue]]):
    """May-alias classes of the values of the function body `body`: every value joined with
    each value its storage edges name, whatever the link (same, reshaped, part, one of;
    storage_roots.value_edges). The datum of a class is its members, in the order they
    joined; `origins` of a class: the `pto_tensor.create`s and function parameters whose
    storage it may be."""

    def __init__(self, body: Block, symbols: SymbolTableCollection) -> None:
        super().__init__(lambda v: [v], list.extend)
        for v, _, target in storage_roots.value_edges(body, symbols):
            self.union(v, target)

    def members(self, v: SSAValue) -> list[SSAValue]:
        """The values in `v`'s class."""
        return self.of(v)

    def origins(self, v: SSAValue) -> list[SSAValue]:
        """The create results and function parameters in `v`'s class."""
        out = []
        for m in self.members(v):
            if isinstance(m.owner, pt.CreateOp):
                out.append(m)
            elif isinstance(m, BlockArgument) and isinstance(m.block.parent_op(), FuncOp):
                out.append(m)
        return out
