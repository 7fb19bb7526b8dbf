"""Loops of a constant trip count of 0 or 1 (tests/execution/one_trip_loops.mlir): a task in
such a loop that writes part of a buffer made before the loop was refused by
order-untracked-hazards ("must run after its own instance in the previous iteration of the
loop"), although no iteration follows another: the pass no longer looks for hazards carried
from one iteration to the next in such a loop (loop_steps.at_most_one_trip). Each run checks
the outputs against a numpy golden and the exact edges; `execute` also compiles the C++
against the model header and runs the current API generation alike. (Found by a breaker
session.)"""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import ACC_INTO, PROGRAMS, edges, execute

PROGRAM = PROGRAMS / "one_trip_loops.mlir"


# the slice's creator (the runtime allocation of %b) before both tasks; the task after the loop
# reads the slice the loop's task wrote: the runtime's tensor map orders them
EDGES = edges("alloc0>t0 creator", "alloc0>t1 creator", "t0>t1 tensormap")
NO_TRIP_EDGES: set = set()  # one task, and %b, never used, is not allocated


@pytest.mark.parametrize("off", [0, 5, 16])
def test_one_trip_loop_writes_part_of_an_outer_buffer(off: int) -> None:
    x, o = np.arange(16, dtype=np.float32), np.ones(16, np.float32)
    r = execute(PROGRAM, {"acc": ACC_INTO}, [x, o.copy(), off], function="one_trip")
    # the loop's one task: b[off:off+16] = 3 + x; then o += that slice
    np.testing.assert_array_equal(r.outputs[1], o + np.float32(3) + x)
    assert r.edges == EDGES


def test_no_trip_loop() -> None:
    x, o = np.arange(16, dtype=np.float32), np.ones(16, np.float32)
    r = execute(PROGRAM, {"acc": ACC_INTO}, [x, o.copy(), 5], function="no_trip")
    np.testing.assert_array_equal(r.outputs[1], o + x)  # %l1 is %x
    assert r.edges == NO_TRIP_EDGES
