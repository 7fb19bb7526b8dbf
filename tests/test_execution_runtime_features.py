"""Execution tests of three runtime features upstream programs use (issue 24): a view that
reinterprets its source's shape, integer arrays at orchestration level, and descending loops.
Each program's C++ compiles against the model header, and its IR runs in the interpreter
(support.execution): outputs against a numpy golden, the exact dependency edges, no race and
no use after free."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module
from support.execution import COPY, PROGRAMS, Kernel, edges, execute, rand, zeros

# ---------------------------------------------------------------------------------- reinterpreting views


def _rows(x: np.ndarray, o: np.ndarray) -> None:
    o[...] = x * (np.arange(4, dtype=np.float32)[:, None] + 1)


def _neg(t: np.ndarray) -> None:
    t *= -1


# (in x 4x8, out o 4x8): row r of o is row r of x times r + 1
ROWS = Kernel(_rows)
# (inout t): t = -t
NEG = Kernel(_neg)
# (in x, out o): o = x + 1
INC = Kernel(lambda x, o: x + np.float32(1))
REINTERPRET = {"inc": INC, "rows": ROWS, "neg": NEG, "copy": COPY}


def _reinterpret_golden(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    b = x + 1
    y = b.reshape(4, 8) * (np.arange(4, dtype=np.float32)[:, None] + 1)
    b[1] = -b[1]  # rows 2-3 of the 4x8 are row 1 of the 2x16
    return y, b[0:1], b[1:2]


def test_a_reinterpreting_view_runs_as_the_reshape_it_stands_for() -> None:
    x = rand(2, 16)
    r = execute(PROGRAMS / "reinterpreting_views.mlir", REINTERPRET,
                [x, zeros(4, 8), zeros(1, 16), zeros(1, 16)])
    y, z0, z1 = _reinterpret_golden(x)
    np.testing.assert_array_equal(r.outputs[1], y)
    np.testing.assert_array_equal(r.outputs[2], z0)
    np.testing.assert_array_equal(r.outputs[3], z1)
    # t2 writes rows 2-3 of the 4x8 (row 1 of the buffer) after t1 read the whole 4x8: the
    # compiler orders that WAR (explicit); t3 reads row 0, which only t0 wrote; t4 reads row 1,
    # which t2 wrote last.
    assert r.edges == edges(
        "alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator", "alloc0>t3 creator",
        "alloc0>t4 creator", "t0>t1 tensormap", "t0>t2 tensormap", "t1>t2 explicit",
        "t0>t3 tensormap", "t2>t4 tensormap", "t0>t4 tensormap")


def test_the_interpreter_runs_a_reinterpreting_view_before_the_pipeline_too() -> None:
    # No pass: the view is still a pto_tensor.view; the interpreter runs it as the reshape (the
    # same outputs), and without the pipeline's compiler edge the WAR of t2 after t1 is a race
    # on exactly the elements the two share.
    path = PROGRAMS / "reinterpreting_views.mlir"
    module = parse_module(make_context(), path.read_text(), str(path))
    x = rand(2, 16)
    args = {"x": x, "y": zeros(4, 8), "z0": zeros(1, 16), "z1": zeros(1, 16)}
    result = run_function(module, "reinterpret", args, REINTERPRET)
    y, z0, z1 = _reinterpret_golden(x)
    np.testing.assert_array_equal(result.outputs["y"], y)
    np.testing.assert_array_equal(result.outputs["z0"], z0)
    np.testing.assert_array_equal(result.outputs["z1"], z1)
    at = f"{path}:18:3"
    assert [f.diagnostic() for f in result.faults()] == [
        f"{path}:20:3: error: 'pto_orch.call' op WAR race on %b: task 3 (@neg) writes "
        "%b{offset 16, shape 2x8, strides 8x1}, read by task 2 (@rows) at "
        f"{at} (%b{{offset 0, shape 4x8, strides 8x1}}), and no dependency edge orders the "
        "two tasks"]


# ---------------------------------------------------------------------------------- descending loops


def _horner(x: np.ndarray, i: int, acc: np.ndarray) -> None:
    acc[...] = acc * 2 + x[i]


def _row_of(x: np.ndarray, i: int, o: np.ndarray) -> None:
    o[...] = x[i] * np.float32(i + 1)


# (in x 4x16, in index i, inout acc 1x16): acc = acc * 2 + x[i]
HORNER = Kernel(_horner)
# (in x 8x16, in index i, out o 1x16): o = x[i] * (i + 1)
ROW_OF = Kernel(_row_of)


def test_a_descending_loop_runs_its_iterations_from_the_top() -> None:
    x = rand(4, 16)
    r = execute(PROGRAMS / "descending_loops.mlir", {"horner": HORNER},
                [x, zeros(1, 16)], function="countdown")
    # i = 3, 2, 1, 0: ((x3 * 2 + x2) * 2 + x1) * 2 + x0 (counting up would weigh x0 most)
    np.testing.assert_array_equal(r.outputs[1], (((x[3] * 2 + x[2]) * 2 + x[1]) * 2 + x[0])[None])
    assert r.edges == edges("t0>t1 tensormap", "t1>t2 tensormap", "t2>t3 tensormap")


def test_a_descending_parallel_loop_fills_its_task_id_array_by_trip_count() -> None:
    # pl.parallel(5, 1, -1): rows 5, 4, 3, 2; the carry's array has the 4 slots of the trip
    # count, and the consumer waits for exactly those 4 tasks (explicit edges, manual scope).
    x, y = rand(8, 16), rand(8, 16)
    r = execute(PROGRAMS / "descending_loops.mlir", {"row_of": ROW_OF, "copy": COPY},
                [x, y.copy(), zeros(8, 16)], function="fan")
    want = y.copy()
    for i in (5, 4, 3, 2):
        want[i] = x[i] * np.float32(i + 1)
    np.testing.assert_array_equal(r.outputs[1], want)
    np.testing.assert_array_equal(r.outputs[2], want)
    # submitted from the top: the rows' start offsets are 5 * 16, 4 * 16, ...
    assert [t["args"][1]["start_offset"] for t in r.tasks[:4]] == ["80", "64", "48", "32"]
    assert r.edges == edges("t0>t4 explicit", "t1>t4 explicit", "t2>t4 explicit",
                            "t3>t4 explicit")


# ---------------------------------------------------------------------------------- integer arrays


def _blocks(x: np.ndarray, rows: list[int]) -> np.ndarray:
    """The 16-row blocks of `x` starting at `rows`, stacked."""
    return np.concatenate([x[r:r + 16] for r in rows])


def test_an_integer_array_of_row_offsets_drives_a_loop_over_tiles() -> None:
    x = rand(64, 16)
    r = execute(PROGRAMS / "int_arrays.mlir", {"copy": COPY}, [x, zeros(64, 16), 32],
                function="gather")
    np.testing.assert_array_equal(r.outputs[1], _blocks(x, [32, 0, 48, 16]))
    # four tasks on disjoint windows of %y, reading %x: nothing orders them
    assert [t["args"][0]["start_offset"] for t in r.tasks] == ["512", "0", "768", "256"]
    assert r.edges == set()


def test_an_integer_array_carried_through_a_loop_is_read_in_the_next() -> None:
    x = rand(64, 16)
    r = execute(PROGRAMS / "int_arrays.mlir", {"copy": COPY}, [x, zeros(64, 16)],
                function="reverse")
    np.testing.assert_array_equal(r.outputs[1], _blocks(x, [48, 32, 16, 0]))
    assert r.edges == set()


@pytest.mark.parametrize(("sel", "rows"), [(0, [16, 16, 32, 48]), (5, [0, 16, 32, 16])])
def test_an_integer_array_updated_in_one_branch_of_an_if(sel: int, rows: list[int]) -> None:
    # each branch updates the one array in place; the if result is the branch's array
    x = rand(64, 16)
    r = execute(PROGRAMS / "int_arrays.mlir", {"copy": COPY}, [x, zeros(64, 16), sel],
                function="branch_table")
    np.testing.assert_array_equal(r.outputs[1], _blocks(x, rows))
    assert [t["args"][0]["start_offset"] for t in r.tasks] == [str(16 * q) for q in rows]
    assert r.edges == set()


def test_an_element_read_past_the_end_is_a_located_run_error() -> None:
    path = PROGRAMS / "int_arrays.mlir"
    module = parse_module(make_context(), path.read_text(), str(path))
    args = {"x": rand(64, 16), "y": zeros(64, 16), "k": 4}
    with pytest.raises(InterpretationError) as err:
        run_function(module, "past_the_end", args, {"copy": COPY})
    assert str(err.value) == (
        f"{path}:54:3: error: 'pto_orch.int_array_get' op element 4 is out of range "
        "(elements 0..3)")
