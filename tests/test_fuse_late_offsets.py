"""fuse-create-assemble-to-slice moves an offset computed after the first write of the created
tensor (pure ops: arith, pto_tensor.dim) before that write instead of refusing the assemble
(issue 25, item 7; tests/filecheck/transforms/fuse_create_assemble_to_slice/move_offsets*.mlir
pin the IR and the error when the offset cannot move). The programs run in the interpreter:
the task writes the target's row in place."""

from __future__ import annotations

import numpy as np

from support.execution import PROGRAMS, Kernel, execute, rand, zeros

# (in x 4x8, in index r, out o 1x8): o = 2 * x[r] + r
FILL_ROW = Kernel(lambda x, r, o: 2 * x[r:r + 1] + np.float32(r), """
    Tensor *x = tensor(args, 0), *o = tensor(args, 1);
    uint64_t r = (uint64_t)args[2];
    for (uint64_t c = 0; c < 8; ++c) at2<float>(o, 0, c) = 2 * at2<float>(x, r, c) + (float)r;
""")


def test_an_offset_computed_after_the_write() -> None:
    x = rand(4, 8)
    r = execute(PROGRAMS / "late_offsets.mlir", {"fill_row": FILL_ROW}, [x, zeros(4, 8)],
                function="reversed")
    want = np.stack([2 * x[k] + np.float32(k) for k in range(4)])[::-1]
    np.testing.assert_array_equal(r.outputs[1], want)
    assert len(r.tasks) == 4
    assert r.edges == set()


def test_an_offset_from_the_targets_extent() -> None:
    x = rand(4, 8)
    r = execute(PROGRAMS / "late_offsets.mlir", {"fill_row": FILL_ROW}, [x, zeros(6, 8)],
                function="from_the_end")
    want = np.zeros((6, 8), np.float32)
    want[4] = 2 * x[1] + np.float32(1)
    np.testing.assert_array_equal(r.outputs[1], want)
    assert len(r.tasks) == 1
    assert r.edges == set()
