"""A reader in a manual scope after a `pto_orch.parallel` loop whose iterations each write
part of the buffer (tests/execution/parallel_writers.mlir): the reader waits for every
iteration's writer through the loop's TaskId array carry, in both analyze-auto-scopes
settings, with the outputs of the sequential program and the exact edges. Before the fix
order-untracked-hazards refused the user-written manual scope in either setting (and, while
auto-derive made such an if branch manual, the if with analyze-auto-scopes=true)."""

from __future__ import annotations

import numpy as np
import pytest
from test_execution_passes import BUMP

from support.execution import INC, PROGRAMS, edges, execute, rand, zeros

KERNELS = {"inc": INC, "bump": BUMP}
WRITERS = [f"t{i}>t4" for i in range(4)]


@pytest.mark.parametrize("analyze", [False, True], ids=["default", "analyze-auto-scopes"])
def test_a_manual_reader_waits_for_every_parallel_writer(analyze: bool) -> None:
    x = rand(16, 16)
    r = execute(PROGRAMS / "parallel_writers.mlir", KERNELS, [x, zeros(16, 16)],
                function="user_manual", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], x + np.float32(101))
    assert r.edges == edges(*(f"{e} explicit" for e in WRITERS))


@pytest.mark.parametrize("analyze", [False, True], ids=["default", "analyze-auto-scopes"])
@pytest.mark.parametrize("n", [0, 1])
def test_an_if_branch_reader_waits_for_every_parallel_writer(analyze: bool, n: int) -> None:
    x = rand(16, 16)
    r = execute(PROGRAMS / "parallel_writers.mlir", KERNELS, [x, zeros(16, 16), n],
                function="auto_then_if", analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], x + np.float32(1 + 100 * n))
    # auto-derive keeps this if AUTO in both settings (slices written in a loop before the
    # area: the reader would need every iteration's TaskId), so the tensor map orders it
    assert r.edges == (edges(*(f"{e} tensormap" for e in WRITERS)) if n else set())
