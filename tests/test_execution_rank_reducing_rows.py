"""Execution tests of row writes through rank-reducing slices in a loop, and of a slice of a
reshaped if result (tests/execution/rank_reducing_rows.mlir): outputs, exact edges, no race and
no use after free in the interpreter, and the C++ compiled against both model headers
(support.execution). Control runs remove the compiler edge and assert the race it prevents."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import (
    COPY,
    PROGRAMS,
    drop_deps,
    edges,
    execute,
    rand,
    relative_faults,
    zeros,
)

PROGRAM = PROGRAMS / "rank_reducing_rows.mlir"
KERNELS = {"copy16": COPY, "copy1x16": COPY, "copy1x4": COPY}


@pytest.mark.parametrize("function", ["rows_drop", "rows_unit"])
def test_rows_through_a_rank_reducing_slice_need_no_edge(function: str) -> None:
    # each iteration writes its own row: disjoint, the runtime orders nothing and needs not;
    # the rank-reducing loop is accepted like the 1x16 one, with the same output and edges
    x = rand(4, 16)
    r = execute(PROGRAM, KERNELS, [x, zeros(4, 16)], function=function)
    np.testing.assert_array_equal(r.outputs[1], x)
    assert r.edges == set()


@pytest.mark.parametrize("flag", [True, False])
def test_a_slice_of_a_reshaped_if_result_is_not_in_the_buffers_axes(flag: bool) -> None:
    # row 1 of the 16x4 reshape is %o's elements 4..7 (in row 0): the write of %o's row 0
    # after it waits for it (a compiler edge; the runtime does not look `out` arguments up)
    x = rand(4, 16)
    r = execute(PROGRAM, KERNELS, [x, zeros(4, 16), flag], function="reshaped_join")
    expected = zeros(4, 16)
    expected[0] = x[0]
    np.testing.assert_array_equal(r.outputs[1], expected)
    assert r.edges == edges("t0>t1 explicit")


def test_the_reshaped_join_races_without_its_edge() -> None:
    x = rand(4, 16)
    r = execute(PROGRAM, KERNELS, [x, zeros(4, 16), True], function="reshaped_join",
                edit=drop_deps, faults=True)
    assert r.edges == set()
    at = "tests/execution/rank_reducing_rows.mlir"
    assert relative_faults(r) == [
        f"{at}:50:3: error: 'pto_orch.call' op WAW race on %o: task 1 (@copy1x16) writes "
        f"%o[0:1, 0:16], also written by task 0 (@copy1x4) at {at}:47:3 (%o{{offset 4, shape "
        "1x4, strides 4x1}), and no dependency edge orders the two tasks"]


@pytest.mark.parametrize("flag", [True, False])
def test_a_row_of_a_joined_block_of_whole_rows(flag: bool) -> None:
    # either block is contiguous, so the reshape that drops the row dimension is the
    # runtime's: row 1 of the block is row 1 or row 5 of %x
    x = rand(8, 16)
    r = execute(PROGRAM, KERNELS, [x, zeros(4, 16), flag], function="joined_blocks")
    expected = zeros(4, 16)
    expected[1] = x[1] if flag else x[5]
    np.testing.assert_array_equal(r.outputs[1], expected)
    assert r.edges == set()


def test_a_row_of_an_in_place_result_waits_for_its_writer() -> None:
    x = rand(4, 16)
    kernels = {**KERNELS, "inc4x16": lambda t: t + np.float32(1)}
    r = execute(PROGRAM, kernels, [x.copy(), zeros(4, 16)], function="inplace_rows")
    expected = zeros(4, 16)
    expected[0] = x[2] + np.float32(1)
    np.testing.assert_array_equal(r.outputs[1], expected)
    np.testing.assert_array_equal(r.outputs[0], x + np.float32(1))
    assert r.edges == edges("t0>t1 tensormap")


@pytest.mark.parametrize("flag", [True, False])
def test_a_row_of_a_plane_or_a_parameter(flag: bool) -> None:
    # a plane of %p (its strides: 16 x 1, row-major) or %q: row 1 of either
    p, q = rand(2, 4, 16), rand(4, 16)
    r = execute(PROGRAM, KERNELS, [p, q, zeros(4, 16), flag, 1], function="plane_or_param")
    expected = zeros(4, 16)
    expected[0] = p[1, 1] if flag else q[1]
    np.testing.assert_array_equal(r.outputs[2], expected)
    assert r.edges == set()
