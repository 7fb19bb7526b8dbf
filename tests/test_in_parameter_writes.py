"""Writes into `in` parameters through every alias path are verifier errors
(tests/filecheck/dialects/pto_orch/in_parameter_alias_writes.mlir); the valid neighbours, which
only read a value that may be an `in` parameter, or write one that may be an `inout` one, run."""

from __future__ import annotations

import numpy as np

from support.execution import INC, PROGRAMS, Kernel, execute, rand, zeros


def _bump(x: np.ndarray) -> None:  # (inout x): x += 1
    x += np.float32(1)


BUMP = Kernel(_bump, """
    Tensor *x = tensor(args, 0);
    for (uint64_t i = 0; i < numel(x); ++i) at<float>(x, i) += 1.0f;
""")


def test_reading_a_value_that_may_be_an_input_runs() -> None:
    a, b = rand(16), rand(16)
    kernels = {"inc": INC, "bump": BUMP}
    for c in (True, False):
        # The carry %x starts as %a and then is the loop's %y: p = a + n after n iterations.
        r = execute(PROGRAMS / "in_parameter_neighbours.mlir", kernels,
                    [a, b.copy(), zeros(16), zeros(16), c, 3])
        np.testing.assert_array_equal(r.outputs[0], a)
        np.testing.assert_array_equal(r.outputs[1], b + 1 if c else b)
        np.testing.assert_array_equal(r.outputs[2], a + 1 if c else a + 2)
        np.testing.assert_array_equal(r.outputs[3], a + 3)
