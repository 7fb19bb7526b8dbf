"""Unit tests of the storage-root analysis (pypto_dialects/analysis/storage_roots.py): one
test per transfer rule (task results, writes and assembles, scope results, alloc_tensors,
reshape / transpose, slice / view windows, scf.for iter_args and results, scf.if results,
swapped loop carries) and per query built on them (`tied_base`, `holders` / `reachable`,
`value_edges` with a `UnionFind`, `RootSets`, `CreateSources`, the memo engine). Each test
parses a small program and asserts the exact edges, roots or places."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, SSAValue

from pypto_dialects.analysis import storage_roots as sr
from pypto_dialects.analysis.storage_roots import Link, Place
from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module, source_name
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.tensor import CreateOp

KERNELS = """
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @two aiv (in tensor<4xf32>, out tensor<4xf32>, inout tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [2, 1]
pto_orch.kernel @m aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
"""


class Program:
    """A parsed function `@f`: its values by source name, its body and a symbol memo."""

    def __init__(self, params: str, body: str) -> None:
        text = f"{KERNELS}func.func @f({params}) {{\n{body}\n  func.return\n}}\n"
        self.module: ModuleOp = parse_module(make_context(), text, "roots.mlir")
        self.v: dict[str, SSAValue] = {}
        for op in self.module.walk():
            for region in op.regions:
                for block in region.blocks:
                    self._name(block.args)
            self._name(op.results)
        self.symbols = SymbolTableCollection()
        self.roots = sr.RootSets(self.symbols)

    def _name(self, values: object) -> None:
        for v in values:  # type: ignore[attr-defined]
            name = source_name(v)
            if name:
                assert name not in self.v, f"%{name} defined twice in the test program"
                self.v[name] = v

    def __getitem__(self, name: str) -> SSAValue:
        return self.v[name]

    @property
    def body(self) -> Block:
        f = self.module.ops.last
        assert f is not None
        return f.regions[0].block

    def edges(self, name: str) -> list[tuple[Link, str | None]]:
        return [(link, source_name(t)) for link, t in sr.edges(self[name], self.symbols)]

    def place(self, name: str) -> Place:
        return self.roots.of(self[name])

    def root_names(self, name: str) -> set[str | None]:
        return {source_name(r) for r in self.place(name).roots}


T4 = "tensor<4xf32>"
T16 = "tensor<16x16xf32>"


# --------------------------------------------------------------------------- transfer rules


def test_a_task_result_is_the_out_argument_its_kernel_returns() -> None:
    p = Program(
        f"%a: {T4}, %x: {T4}, %y: {T4}",
        f"""
  %n = pto_tensor.create : {T4}
  %r = pto_orch.call @k(%a, %n) : ({T4}, {T4}) -> {T4}
  %none = pto_system.task_invalid
  %r0, %r1, %t = pto_orch.submit @two(in %a, out %x, inout %y) deps(%none : !pto_orch.task_id) : ({T4}, {T4}, {T4}) -> ({T4}, {T4})""",
    )
    assert p.edges("r") == [(Link.SAME, "n")]
    assert p.edges("r0") == [(Link.SAME, "y")]  # returns [2, 1]
    assert p.edges("r1") == [(Link.SAME, "x")]
    assert p.edges("t") == []  # the TaskId is its own root
    assert sr.returned_arg(p["r0"].owner, 0, p.symbols) is p["y"]  # type: ignore[arg-type]
    assert sr.returned_arg(p["t"].owner, 2, p.symbols) is None  # type: ignore[arg-type]
    assert p.place("r") == Place(frozenset({p["n"]}), True, ((0,), (4,)))
    assert p.place("r1") == Place(frozenset({p["x"]}), True, ((0,), (4,)))
    assert p.place("t") == Place(frozenset({p["t"]}), True, None)


def test_a_write_or_assemble_result_is_its_target_not_its_source() -> None:
    p = Program(
        f"%a: {T4}, %v: f32",
        f"""
  %c0 = arith.constant 0 : index
  %n = pto_tensor.create : {T4}
  %s = pto_tensor.create : tensor<2xf32>
  %w = pto_tensor.write %v, %n[%c0] : f32, {T4}
  %r = pto_orch.call @k(%a, %w) : ({T4}, {T4}) -> {T4}
  %asm = pto_tensor.assemble %s into %r[%c0] : tensor<2xf32> into {T4}""",
    )
    assert p.edges("w") == [(Link.SAME, "n")]
    assert p.edges("asm") == [(Link.SAME, "r")]
    assert sr.tied(p["asm"]) is p["r"]
    assert sr.tied(p["s"]) is None
    # back through the assemble, the task result and the write: the create
    assert sr.tied_base(p["asm"], p.symbols) is p["n"]
    assert p.root_names("asm") == {"n"}
    assert p.place("asm").whole


def test_a_scope_result_is_the_value_its_yield_yields() -> None:
    p = Program(
        f"%a: {T4}, %d: {T4}",
        f"""
  %r, %tid = pto_rt.scope auto -> ({T4}, !pto_orch.task_id) {{
    %none = pto_system.task_invalid
    %d1, %t = pto_orch.submit @k(in %a, out %d) deps(%none : !pto_orch.task_id) : ({T4}, {T4}) -> {T4}
    pto_rt.yield %d1, %t : {T4}, !pto_orch.task_id
  }}""",
    )
    assert p.edges("r") == [(Link.SAME, "d1")]
    assert p.edges("tid") == [(Link.SAME, "t")]
    assert p.place("r") == Place(frozenset({p["d"]}), True, ((0,), (4,)))
    assert p.place("tid").roots == frozenset({p["t"]})  # a TaskId through a scope result


def test_an_alloc_tensors_result_is_the_create_its_body_yields() -> None:
    p = Program(
        "",
        f"""
  %b0, %b1, %bt = pto_tensor.alloc_tensors {{
    %n0 = pto_tensor.create : {T4}
    %n1 = pto_tensor.create : tensor<8xf32>
    pto_tensor.yield %n0, %n1 : {T4}, tensor<8xf32>
  }} : {T4}, tensor<8xf32>""",
    )
    assert p.edges("b0") == [(Link.SAME, "n0")]
    assert p.edges("b1") == [(Link.SAME, "n1")]
    assert p.edges("bt") == []  # the batch's TaskId
    assert p.place("b1") == Place(frozenset({p["n1"]}), True, ((0,), (8,)))
    assert sr.is_root(p["n0"])
    assert not sr.is_root(p["b0"])


def test_reshape_and_transpose_are_the_whole_buffer_under_another_shape() -> None:
    p = Program(
        f"%t: {T16}",
        f"""
  %r = pto_tensor.reshape %t : {T16} to tensor<256xf32>
  %x = pto_tensor.transpose %t, 0, 1 : {T16} to {T16}""",
    )
    assert p.edges("r") == [(Link.RESHAPED, "t")]
    assert p.edges("x") == [(Link.RESHAPED, "t")]
    # whole, but no window in the root's coordinates any more
    assert p.place("r") == Place(frozenset({p["t"]}), True, None)
    assert p.place("x") == Place(frozenset({p["t"]}), True, None)


def test_slices_and_views_are_part_of_their_source_with_a_constant_window() -> None:
    p = Program(
        f"%t: {T16}, %i: index",
        f"""
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %top = pto_tensor.slice %t[%c0, %c0] : {T16} to tensor<8x16xf32>
  %bottom = pto_tensor.view %t[%c8, %c0] : {T16} to tensor<8x16xf32>
  %inner = pto_tensor.slice %top[%c2, %c4] : tensor<8x16xf32> to tensor<4x4xf32>
  %moving = pto_tensor.slice %t[%i, %c0] : {T16} to tensor<8x16xf32>
  %flat = pto_tensor.view %t[%c0, %c0] : {T16} to tensor<256xf32>
  %row = pto_tensor.slice %t[%c4, %c0] drop [0] : {T16} to tensor<16xf32>
  %col = pto_tensor.slice %top[%c0, %c8] drop [1] : tensor<8x16xf32> to tensor<8xf32>
  %next = pto_tensor.slice %t[%c8, %c0] : {T16} to tensor<1x16xf32>
  %tail = pto_tensor.slice %row[%c8] : tensor<16xf32> to tensor<8xf32>""",
    )
    assert p.edges("top") == [(Link.PART, "t")]
    assert p.edges("bottom") == [(Link.PART, "t")]
    top, bottom, inner = p.place("top"), p.place("bottom"), p.place("inner")
    whole = p.place("t")
    assert top == Place(frozenset({p["t"]}), False, ((0, 0), (8, 16)))
    assert bottom == Place(frozenset({p["t"]}), False, ((8, 0), (8, 16)))
    assert inner == Place(frozenset({p["t"]}), False, ((2, 4), (4, 4)))  # offsets add up
    # a dropped dimension keeps its offset with extent 1: the window of the slice without
    # `drop` (%row is the 1x16 row 4, %col column 8 of %top)
    assert p.place("row") == Place(frozenset({p["t"]}), False, ((4, 0), (1, 16)))
    assert p.place("col") == Place(frozenset({p["t"]}), False, ((0, 8), (8, 1)))
    assert not sr.overlap(p.place("row"), p.place("next"))
    assert sr.overlap(p.place("row"), top)
    assert not sr.overlap(p.place("row"), bottom)
    assert sr.covers(top, p.place("col"))
    # a dynamic offset, a rank-changing view, a slice of a rank-reduced value (its axes are
    # not the root's): part, window unknown
    for name in ("moving", "flat", "tail"):
        assert p.place(name) == Place(frozenset({p["t"]}), False, None), name
    assert not sr.overlap(top, bottom)
    assert not sr.overlap(bottom, inner)
    assert sr.overlap(top, inner)
    assert sr.overlap(top, p.place("moving"))
    assert sr.covers(top, inner)
    assert not sr.covers(inner, top)
    assert not sr.covers(bottom, inner)
    assert not sr.covers(top, p.place("moving"))
    assert sr.covers(whole, p.place("moving"))  # the whole root holds every part


def test_a_view_that_reinterprets_the_shape_is_the_whole_source_reshaped() -> None:
    # 2x16 seen as 4x8 (ViewOp.reinterprets): not a window of the source. A window of the
    # 4x8 in the source's coordinates would be wrong (rows 2-3 of the 4x8 are row 1 of the
    # 2x16), so a slice of it has no window and overlaps every part of the source.
    p = Program(
        "%t: tensor<2x16xf32>",
        """
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  %lower = pto_tensor.slice %v[%c2, %c0] : tensor<4x8xf32> to tensor<2x8xf32>
  %row1 = pto_tensor.slice %t[%c1, %c0] : tensor<2x16xf32> to tensor<1x16xf32>
  %fits = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<2x8xf32>""",
    )
    assert p.edges("v") == [(Link.RESHAPED, "t")]
    assert p.edges("fits") == [(Link.PART, "t")]  # a view that fits stays a window
    assert p.place("v") == Place(frozenset({p["t"]}), True, None)
    assert p.place("lower") == Place(frozenset({p["t"]}), False, None)
    assert p.place("fits") == Place(frozenset({p["t"]}), False, ((0, 0), (2, 8)))
    assert sr.overlap(p.place("lower"), p.place("row1"))


def test_a_loop_iter_arg_is_its_init_or_the_yielded_value_and_a_result_its_iter_arg() -> None:
    p = Program(
        f"%a: {T4}",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = pto_tensor.create : {T4}
  %same = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %n) -> ({T4}) {{
    %acc1 = pto_orch.call @k(%a, %acc) : ({T4}, {T4}) -> {T4}
    scf.yield %acc1 : {T4}
  }}
  %fresh = scf.for %j = %c0 to %c4 step %c1 iter_args(%cur = %n) -> ({T4}) {{
    %m = pto_tensor.create : {T4}
    %m1 = pto_orch.call @k(%cur, %m) : ({T4}, {T4}) -> {T4}
    scf.yield %m1 : {T4}
  }}""",
    )
    assert p.edges("acc") == [(Link.ONE_OF, "n"), (Link.ONE_OF, "acc1")]
    assert p.edges("same") == [(Link.ONE_OF, "acc")]
    assert p.edges("i") == []  # the induction variable
    # a carry updated in place stays its init's buffer: one root, whole, its window
    assert p.place("same") == Place(frozenset({p["n"]}), True, ((0,), (4,)))
    assert p.place("acc") == p.place("same")
    # a carry rebound to a create made in the body is one of two buffers: no window
    assert p.place("fresh") == Place(frozenset({p["n"], p["m"]}), True, None)
    assert p.root_names("cur") == {"n", "m"}


def test_an_if_result_may_be_either_branch_and_joins_their_alias_classes() -> None:
    p = Program(
        f"%a: {T16}, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = pto_tensor.create : {T16}
  %s = scf.if %c -> ({T16}) {{
    %r = pto_orch.call @m(%a, %n) : ({T16}, {T16}) -> {T16}
    scf.yield %r : {T16}
  }} else {{
    scf.yield %a : {T16}
  }}
  %h = scf.if %c -> (tensor<8x16xf32>) {{
    %lo = pto_tensor.slice %n[%c0, %c0] : {T16} to tensor<8x16xf32>
    scf.yield %lo : tensor<8x16xf32>
  }} else {{
    %hi = pto_tensor.slice %n[%c8, %c0] : {T16} to tensor<8x16xf32>
    scf.yield %hi : tensor<8x16xf32>
  }}""",
    )
    assert p.edges("s") == [(Link.ONE_OF, "r"), (Link.ONE_OF, "a")]
    assert p.place("s") == Place(frozenset({p["n"], p["a"]}), True, None)
    # one root through both branches, but a part of it: not whole, no window
    assert p.place("h") == Place(frozenset({p["n"]}), False, None)
    classes: sr.UnionFind[None] = sr.UnionFind()
    for v, _, target in sr.value_edges(p.body, p.symbols):
        classes.union(v, target)
    assert classes.same(p["a"], p["n"])  # may alias through the if result
    assert classes.same(p["hi"], p["n"])
    assert not classes.same(p["a"], p["c"])


def test_a_join_of_reshaped_values_keeps_no_window() -> None:
    # an if result or a carry that is the whole buffer under another shape (a reshape or
    # transpose in a branch, or on the way round a loop) is in the axes of that shape, not
    # the root's: its slices must not get windows in the root's coordinates
    p = Program(
        f"%t: {T16}, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = scf.if %c -> (tensor<64x4xf32>) {{
    %r = pto_tensor.reshape %t : {T16} to tensor<64x4xf32>
    scf.yield %r : tensor<64x4xf32>
  }} else {{
    %r2 = pto_tensor.reshape %t : {T16} to tensor<64x4xf32>
    scf.yield %r2 : tensor<64x4xf32>
  }}
  %srow = pto_tensor.slice %s[%c1, %c0] : tensor<64x4xf32> to tensor<1x4xf32>
  %same = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> ({T16}) {{
    scf.yield %acc : {T16}
  }}
  %turned = scf.for %j = %c0 to %c4 step %c1 iter_args(%cur = %t) -> ({T16}) {{
    %tr = pto_tensor.transpose %cur, 0, 1 : {T16} to {T16}
    scf.yield %tr : {T16}
  }}
  %crow = pto_tensor.slice %turned[%c1, %c0] : {T16} to tensor<1x16xf32>""",
    )
    t = frozenset({p["t"]})
    assert p.place("s") == Place(t, True, None)
    assert p.place("srow") == Place(t, False, None)
    # a carry in the buffer's own shape all the way round keeps the root's window
    assert p.place("same") == Place(t, True, ((0, 0), (16, 16)))
    # one transposed on the way round (each iteration sees other axes) does not
    assert p.place("turned") == Place(t, True, None)
    assert p.place("crow") == Place(t, False, None)


def test_swapped_loop_carries_may_each_be_either_buffer() -> None:
    p = Program(
        "",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = pto_tensor.create : {T4}
  %y = pto_tensor.create : {T4}
  %rp, %rq = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %x, %q = %y) -> ({T4}, {T4}) {{
    scf.yield %q, %p : {T4}, {T4}
  }}""",
    )
    assert p.edges("p") == [(Link.ONE_OF, "x"), (Link.ONE_OF, "q")]
    assert p.edges("q") == [(Link.ONE_OF, "y"), (Link.ONE_OF, "p")]
    both = frozenset({p["x"], p["y"]})
    # the cycle p -> q -> p is cut and adds nothing; every value sees both buffers
    for name in ("rq", "p", "q", "rp"):
        assert p.place(name) == Place(both, True, None), name
    # creates via carries, with the carries (their own variables) passed on the way
    x_op, y_op = p["x"].owner, p["y"].owner
    assert isinstance(x_op, CreateOp)
    assert isinstance(y_op, CreateOp)
    sources = sr.CreateSources(p.symbols, lambda carry: True)
    assert sources.of(p["rp"]) == {(x_op, (p["p"],)), (y_op, (p["p"], p["q"]))}
    # a carry without a variable of its own is its init throughout
    inits = sr.CreateSources(p.symbols, lambda carry: False)
    assert inits.of(p["rp"]) == {(x_op, ())}
    assert inits.of(p["q"]) == {(y_op, ())}


# --------------------------------------------------------------------------- queries


def test_holders_mirror_edges_and_reachable_walks_either_way() -> None:
    p = Program(
        f"%a: {T4}, %d: {T4}, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = pto_tensor.view %d[%c0] : {T4} to tensor<2xf32>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %d) -> ({T4}) {{
    %s = scf.if %c -> ({T4}) {{
      %acc1 = pto_orch.call @k(%a, %acc) : ({T4}, {T4}) -> {T4}
      scf.yield %acc1 : {T4}
    }} else {{
      scf.yield %acc : {T4}
    }}
    scf.yield %s : {T4}
  }}""",
    )
    names = lambda pairs: {(link, source_name(w)) for link, w in pairs}  # noqa: E731
    assert names(sr.holders(p["d"], p.symbols)) == {(Link.PART, "v"), (Link.ONE_OF, "acc")}
    assert names(sr.holders(p["acc"], p.symbols)) == {
        (Link.SAME, "acc1"),
        (Link.ONE_OF, "s"),
        (Link.ONE_OF, "res"),
    }
    assert names(sr.holders(p["s"], p.symbols)) == {(Link.ONE_OF, "acc")}
    assert sr.holders(p["a"], p.symbols) == []  # read by the task, held by nothing
    forward = [source_name(v) for v in sr.reachable(p["d"], p.symbols, forward=True)]
    assert forward[0] == "d"
    assert set(forward) == {"d", "v", "acc", "acc1", "s", "res"}
    # back: depth first, the last edge first (the body's value before the init), each once
    back = [source_name(v) for v in sr.reachable(p["res"], p.symbols)]
    assert back == ["res", "acc", "s", "acc1", "d"]
    # every value reached forward from %d reaches %d back
    for v in sr.reachable(p["d"], p.symbols, forward=True):
        assert p["d"] in set(sr.reachable(v, p.symbols))


def test_tied_base_goes_back_through_in_place_updates_only() -> None:
    p = Program(
        f"%a: {T4}, %v: f32",
        f"""
  %c0 = arith.constant 0 : index
  %n = pto_tensor.create : {T4}
  %r = pto_orch.call @k(%a, %n) : ({T4}, {T4}) -> {T4}
  %w = pto_tensor.write %v, %r[%c0] : f32, {T4}
  %sl = pto_tensor.slice %w[%c0] : {T4} to tensor<2xf32>
  %scoped = pto_rt.scope auto -> ({T4}) {{
    pto_rt.yield %w : {T4}
  }}""",
    )
    assert sr.tied_base(p["w"], p.symbols) is p["n"]
    assert sr.tied_base(p["sl"], p.symbols) is p["sl"]  # a view is no in-place update
    assert sr.tied_base(p["scoped"], p.symbols) is p["scoped"]
    assert sr.tied_base(p["a"], p.symbols) is p["a"]


def test_value_edges_lists_every_edge_of_a_body_in_walk_order() -> None:
    p = Program(
        f"%t: {T16}",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = pto_tensor.slice %t[%c0, %c0] : {T16} to tensor<8x16xf32>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %s) -> (tensor<8x16xf32>) {{
    scf.yield %acc : tensor<8x16xf32>
  }}""",
    )
    got = [(source_name(v), link, source_name(t)) for v, link, t in sr.value_edges(p.body)]
    assert got == [
        ("s", Link.PART, "t"),
        ("r", Link.ONE_OF, "acc"),
        ("acc", Link.ONE_OF, "s"),
        ("acc", Link.ONE_OF, "acc"),
    ]


def test_union_find_keeps_the_larger_class_and_merges_its_datum() -> None:
    p = Program(f"%a: {T4}, %b: {T4}, %c: {T4}, %d: {T4}", "")
    a, b, c, d = (p[x] for x in "abcd")
    members: sr.UnionFind[list[SSAValue]] = sr.UnionFind(lambda v: [v], list.extend)
    assert members.find(a) is a
    assert members.of(a) == [a]
    assert members.union(a, b) is a  # a tie keeps the first argument's representative
    assert members.union(c, a) is a  # the larger class wins
    assert members.of(c) == [a, b, c]
    assert members.size[a] == 3
    assert members.same(b, c)
    assert not members.same(a, d)
    assert members.union(d, b) is a
    assert members.of(d) == [a, b, c, d]
    assert set(members.info) == {a}  # one datum per class


class _Counting(sr.RootSets):
    """RootSets that counts how often each value's edges are asked for."""

    def __init__(self, symbols: SymbolTableCollection) -> None:
        super().__init__(symbols)
        self.asked: dict[SSAValue, int] = {}

    def links(self, value: SSAValue) -> tuple[list[sr.Edge], bool]:
        self.asked[value] = self.asked.get(value, 0) + 1
        return super().links(value)


def test_the_memo_engine_resolves_each_value_of_a_chain_once() -> None:
    lines = [f"  %s0 = pto_tensor.create : {T4}"]
    for i in range(1, 31):
        lines += [
            f"  %n{i} = pto_tensor.create : {T4}",
            f"  %s{i} = scf.if %c -> ({T4}) {{",
            f"    scf.yield %s{i - 1} : {T4}",
            "  } else {",
            f"    scf.yield %n{i} : {T4}",
            "  }",
        ]
    p = Program("%c: i1", "\n".join(lines))
    roots = _Counting(p.symbols)
    assert roots.of(p["s30"]).roots == frozenset(p[f"n{i}"] for i in range(1, 31)) | {p["s0"]}
    assert all(n == 1 for n in roots.asked.values())  # each value resolved once
    for i in range(30):
        assert roots.of(p[f"s{i}"]).roots == frozenset(
            p[f"n{k}"] for k in range(1, i + 1)
        ) | {p["s0"]}
    assert all(n == 1 for n in roots.asked.values())  # the later queries are memo hits


def test_the_memo_engine_memoizes_exact_answers_across_nested_swapped_carries() -> None:
    p = Program(
        "",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = pto_tensor.create : {T4}
  %y = pto_tensor.create : {T4}
  %ro, %so = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %x, %q = %y) -> ({T4}, {T4}) {{
    %ri, %si = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %p, %w = %q) -> ({T4}, {T4}) {{
      scf.yield %w, %u : {T4}, {T4}
    }}
    scf.yield %si, %ri : {T4}, {T4}
  }}""",
    )
    roots = _Counting(p.symbols)
    both = frozenset({p["x"], p["y"]})
    names = ("ro", "so", "ri", "si", "p", "q", "u", "w")
    for name in names:
        # exact from any entry point, although the walk cuts the cycles it meets
        assert roots.of(p[name]) == Place(both, True, None), name
        assert roots.memo[p[name]] == Place(both, True, None), name
    asked = dict(roots.asked)
    for name in names:
        roots.of(p[name])
    assert roots.asked == asked  # every answer came from the memo


def test_reachable_from_several_values_in_edge_order_confined_to_a_region() -> None:
    p = Program(
        f"%a: {T4}, %d: {T4}, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out, %side = pto_rt.scope auto -> ({T4}, {T4}) {{
    %n = pto_tensor.create : {T4}
    %s = scf.if %c -> ({T4}) {{
      %r = pto_orch.call @k(%a, %n) : ({T4}, {T4}) -> {T4}
      scf.yield %r : {T4}
    }} else {{
      scf.yield %d : {T4}
    }}
    %m = pto_tensor.create : {T4}
    %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %m) -> ({T4}) {{
      %acc1 = pto_orch.call @k(%a, %acc) : ({T4}, {T4}) -> {T4}
      scf.yield %acc1 : {T4}
    }}
    pto_rt.yield %s, %res : {T4}, {T4}
  }}""",
    )
    scope = p["out"].owner
    inside = lambda v: v is not scope and scope.is_ancestor(  # noqa: E731
        v.owner if not isinstance(v, BlockArgument) else v.block.parent_op()
    )
    names = lambda vs: [source_name(v) for v in vs]  # noqa: E731
    # the first edge first, each start in turn; %d (defined before the scope) is not given
    got = sr.reachable([p["s"], p["res"]], p.symbols, within=inside, in_order=True)
    assert names(got) == ["s", "r", "n", "res", "acc", "m", "acc1"]
    # the default order: the last edge first, and everything reached
    assert names(sr.reachable(p["s"], p.symbols)) == ["s", "d", "r", "n"]
    # a value given twice, or reached again from a later start, is given once
    assert names(sr.reachable([p["r"], p["s"], p["r"]], p.symbols, in_order=True)) == [
        "r",
        "n",
        "s",
        "d",
    ]


def test_same_base_follows_single_same_edges_to_a_view_a_join_point_or_a_root() -> None:
    p = Program(
        f"%a: {T4}, %v: f32, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %big = pto_tensor.create : tensor<8xf32>
  %sl = pto_tensor.slice %big[%c0] : tensor<8xf32> to {T4}
  %r = pto_orch.call @k(%a, %sl) : ({T4}, {T4}) -> {T4}
  %w = pto_tensor.write %v, %r[%c0] : f32, {T4}
  %scoped = pto_rt.scope auto -> ({T4}) {{
    pto_rt.yield %w : {T4}
  }}
  %n = pto_tensor.create : {T4}
  %s = scf.if %c -> ({T4}) {{
    scf.yield %n : {T4}
  }} else {{
    scf.yield %scoped : {T4}
  }}
  %r2 = pto_orch.call @k(%a, %s) : ({T4}, {T4}) -> {T4}""",
    )
    base, links = sr.same_base(p["scoped"], p.symbols)  # scope result, write, task result
    assert base is p["sl"]
    assert links == [(Link.PART, p["big"])]
    base, links = sr.same_base(p["r2"], p.symbols)  # stops at the if result: a join point
    assert base is p["s"]
    assert [lk for lk, _ in links] == [Link.ONE_OF, Link.ONE_OF]
    assert sr.same_base(p["n"], p.symbols) == (p["n"], [])  # a root


def test_path_is_the_shortest_chain_of_edges_between_two_values() -> None:
    p = Program(
        f"%a: {T4}, %d: {T4}, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = scf.if %c -> ({T4}) {{
    %r = pto_orch.call @k(%a, %d) : ({T4}, {T4}) -> {T4}
    scf.yield %r : {T4}
  }} else {{
    scf.yield %d : {T4}
  }}
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %s) -> ({T4}) {{
    %acc1 = pto_orch.call @k(%a, %acc) : ({T4}, {T4}) -> {T4}
    scf.yield %acc1 : {T4}
  }}""",
    )
    steps = lambda a, b: [  # noqa: E731
        (source_name(v), link, source_name(w)) for v, link, w in sr.path(p[a], p[b], p.symbols)
    ]
    # two ways from %s to %d: through the task result (2 edges) or the else branch (1)
    assert steps("s", "d") == [("s", Link.ONE_OF, "d")]
    assert steps("r", "d") == [("r", Link.SAME, "d")]
    assert steps("res", "d") == [
        ("res", Link.ONE_OF, "acc"),
        ("acc", Link.ONE_OF, "s"),
        ("s", Link.ONE_OF, "d"),
    ]
    assert steps("d", "d") == []
    assert steps("d", "a") == []
    assert steps("res", "a") == []


def test_same_values_is_the_value_a_value_surely_is() -> None:
    p = Program(
        f"%a: {T4}, %v: f32, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b0, %bt = pto_tensor.alloc_tensors {{
    %n0 = pto_tensor.create : {T4}
    pto_tensor.yield %n0 : {T4}
  }} : {T4}
  %n = pto_tensor.create : {T4}
  %scoped = pto_rt.scope auto -> ({T4}) {{
    %r = pto_orch.call @k(%a, %n) : ({T4}, {T4}) -> {T4}
    %w = pto_tensor.write %v, %r[%c0] : f32, {T4}
    pto_rt.yield %w : {T4}
  }}
  %both = scf.if %c -> ({T4}) {{
    %t = pto_orch.call @k(%a, %scoped) : ({T4}, {T4}) -> {T4}
    scf.yield %t : {T4}
  }} else {{
    scf.yield %n : {T4}
  }}
  %either = scf.if %c -> ({T4}) {{
    scf.yield %n : {T4}
  }} else {{
    scf.yield %b0 : {T4}
  }}
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %both) -> ({T4}) {{
    %acc1 = pto_orch.call @k(%a, %acc) : ({T4}, {T4}) -> {T4}
    scf.yield %acc1 : {T4}
  }}
  %sl = pto_tensor.slice %res[%c0] : {T4} to tensor<2xf32>""",
    )
    same = sr.SameValues(p.symbols, lambda carry: False)  # no carry has a variable of its own
    assert same.of(p["scoped"]) is p["n"]  # scope result, write, task result
    assert same.of(p["both"]) is p["n"]  # both branches update %n in place
    assert same.of(p["either"]) is p["either"]  # two buffers: itself
    assert same.of(p["b0"]) is p["b0"]  # the allocation's tensor, not its body's create
    assert same.of(p["res"]) is p["n"]  # a carry without a variable of its own: its init
    assert same.of(p["acc1"]) is p["acc"]  # an iter_arg is itself
    assert same.of(p["sl"]) is p["sl"]  # a view is another value
    rebound = sr.SameValues(p.symbols, lambda carry: True)
    assert rebound.of(p["res"]) is p["res"]  # a carry with a variable of its own


def test_task_id_sources_are_exact_after_a_carry_cycle() -> None:
    from pypto_dialects.analysis.task_id_sources import TaskIdSources

    tid = "!pto_orch.task_id"
    p = Program(
        f"%a: {T4}, %x: {T4}, %y: {T4}, %c: i1",
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %x1, %t0 = pto_orch.submit @k(in %a, out %x) deps(%none : {tid}) : ({T4}, {T4}) -> {T4}
  %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%tc = %t0) -> ({tid}) {{
    %s = scf.if %c -> ({tid}) {{
      %y1, %t1 = pto_orch.submit @k(in %a, out %y) deps(%tc : {tid}) : ({T4}, {T4}) -> {T4}
      scf.yield %t1 : {tid}
    }} else {{
      scf.yield %tc : {tid}
    }}
    scf.yield %s : {tid}
  }}""",
    )
    first, second = p["t0"].owner, p["t1"].owner
    sources = TaskIdSources()
    assert sources.of(p["tc"]) == {first, second}
    # %s was resolved inside the cycle through %tc: its answer was not kept then, so asking
    # for it now is exact (the earlier walk memoized {second} alone)
    assert sources.of(p["s"]) == {first, second}
    assert sources.of(p["last"]) == {first, second}
    assert sources.of(p["none"]) == frozenset()
