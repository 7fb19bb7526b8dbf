"""May-alias classes of the tensor values of one orchestration function: which values may
share storage. Used by fuse-create-assemble-to-slice.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from pypto_dialects import tensor as pt
from pypto_dialects.orch import CallOp, SubmitOp
from pypto_dialects.rt import ScopeOp
from pypto_dialects.transforms.derive_call_directions import KernelTable, yield_values


class BufferClasses:
    """May-alias classes of the tensor values of one function (union-find): a task result
    joins the argument it is tied to, a write / assemble result its tensor / target, a view
    its source, loop and if and scope results the values they carry. `origins` of a class:
    the `pto_tensor.create`s and function parameters whose storage it may be."""

    def __init__(self, body: Block, kernels: KernelTable) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}
        self.members: dict[SSAValue, list[SSAValue]] = {}
        for arg in body.args:
            self._cls(arg)
        for op in body.walk():
            self._visit(op, kernels)

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

    def _visit(self, op: Operation, kernels: KernelTable) -> None:
        if isinstance(op, CallOp | SubmitOp):
            idx = kernels.of(op).result_param_indices()
            for k, res in enumerate(op.kernel_result_values()):
                if k < len(idx) and 0 <= idx[k] < len(op.args):
                    self.union(res, op.args[idx[k]])
        elif isinstance(op, pt.CreateOp):
            self._cls(op.result)
        elif isinstance(op, pt.WriteOp):
            self.union(op.result, op.tensor)
        elif isinstance(op, pt.AssembleOp):
            self.union(op.result, op.target)
        elif isinstance(op, pt.ReshapeOp | pt.TransposeOp | pt.SliceOp | pt.ViewOp):
            self.union(op.result, op.source)
        elif isinstance(op, scf.ForOp):
            ys = yield_values(op)
            for j, (init, arg, res) in enumerate(
                zip(op.iter_args, op.body.block.args[1:], op.res)
            ):
                self.union(init, arg)
                self.union(arg, res)
                if j < len(ys):
                    self.union(res, ys[j])
        elif isinstance(op, scf.IfOp):
            for r in range(len(op.regions)):
                for res, y in zip(op.output, yield_values(op, r)):
                    self.union(res, y)
        elif isinstance(op, ScopeOp):
            for res, y in zip(op.res, yield_values(op)):
                self.union(res, y)

    def origins(self, v: SSAValue) -> list[SSAValue]:
        """The create results and function parameters in `v`'s class."""
        out = []
        for m in self.members[self.find(v)]:
            if isinstance(m.owner, pt.CreateOp):
                out.append(m)
            elif isinstance(m, BlockArgument) and isinstance(m.block.parent_op(), FuncOp):
                out.append(m)
        return out
