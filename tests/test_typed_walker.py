"""`TypedRewriteWalker` (transforms/typed_walker.py) visits only the ops of its `op_types`, in
the order xDSL's `PatternRewriteWalker` visits them (pre-order and post-order), and, like it,
never visits an op erased before its turn."""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.transforms.typed_walker import TypedRewriteWalker

PROGRAM = """
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %c1 : index
    scf.for %j = %c0 to %a step %c1 {
      %b = arith.muli %j, %a : index
    }
  }
  %d = arith.addi %n, %c1 : index
  func.return
}
"""


class Log(RewritePattern):
    """Records each op it is applied to; with `erase`, the first `scf.for` it meets erases
    the `arith.addi` after that loop (before the walk reaches it)."""

    def __init__(self, erase: bool = False) -> None:
        self.seen: list[Operation] = []
        self.erase = erase

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        self.seen.append(op)
        if self.erase and isinstance(op, scf.ForOp):
            self.erase = False
            block = op.parent_block()
            assert block is not None
            assert block.last_op is not None
            last = block.last_op.prev_op  # the `arith.addi` after the loop
            assert isinstance(last, arith.AddiOp)
            rewriter.erase(last)


def _run(walker_cls, types, post_order, erase=False):
    module = parse_module(make_context(), PROGRAM, "walk.mlir")
    log = Log(erase)
    kwargs = {"op_types": types} if walker_cls is TypedRewriteWalker else {}
    walker_cls(log, walk_regions_first=post_order, apply_recursively=False, **kwargs
               ).rewrite_module(module)
    return [op.name for op in log.seen]


def test_same_order_as_xdsl_for_the_types_asked():
    for post_order in (False, True):
        everything = _run(PatternRewriteWalker, (), post_order)
        wanted = (scf.ForOp, arith.AddiOp)
        assert _run(TypedRewriteWalker, wanted, post_order) == [
            n for n in everything if n in ("scf.for", "arith.addi")
        ]
        assert _run(TypedRewriteWalker, (Operation,), post_order) == everything
    assert _run(TypedRewriteWalker, (scf.ForOp, arith.AddiOp), False) == [
        "scf.for", "arith.addi", "scf.for", "arith.addi",
    ]
    # post-order: the inner loop before the outer one, the addi in it before the inner loop
    assert _run(TypedRewriteWalker, (scf.ForOp, arith.AddiOp), True) == [
        "arith.addi", "scf.for", "scf.for", "arith.addi",
    ]


def test_an_erased_op_is_not_visited():
    typed = _run(TypedRewriteWalker, (scf.ForOp, arith.AddiOp), False, erase=True)
    assert typed == ["scf.for", "arith.addi", "scf.for"]
    everything = _run(PatternRewriteWalker, (), False, erase=True)
    assert [n for n in everything if n in ("scf.for", "arith.addi")] == typed
