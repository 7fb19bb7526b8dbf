"""tests/filecheck/targets/pto2_cpp/dead_task_id_carry.mlir executed, not only its C++ text: a
TaskId carry nothing reads, whose init is a submit's TaskId (the printer used to stop with "uses
%t, which has no C++ form")."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import PRINTER_TESTS, Kernel, edges, execute


def _inc(x: np.ndarray) -> None:
    x += np.float32(1)


# (inout x): x += 1
INC_INPLACE = Kernel(_inc)


@pytest.mark.parametrize("analyze", [False, True])
def test_an_unread_task_id_carry_runs(analyze: bool) -> None:
    o = np.arange(256, dtype=np.float32).reshape(16, 16)
    run = execute(PRINTER_TESTS / "dead_task_id_carry.mlir", {"k_inc": INC_INPLACE}, [o],
                  analyze=analyze)
    np.testing.assert_array_equal(run.outputs[0], o + 3)
    # the three in-place updates of %o, ordered by the tensor map (the loop stays AUTO in
    # both settings)
    assert run.edges == edges("t0>t1 tensormap", "t1>t2 tensormap")
