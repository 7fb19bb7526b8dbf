"""Execution of the task options (docs/interpreter.md#kernels): SPMD tasks run their kernel once
per block with the block's index, in a group (MixedKernels) kernel too; the early-resolve hint
changes nothing the program computes; dumped arguments are kept as the task left them and
pypto-run --out writes them; a block count out of the runtime's range, or a kernel launched on
several blocks that cannot tell them apart, is a located error.

Each test checks the outputs against a golden computed here, the exact edges (see
tests/test_execution.py) and, for dumps, the exact files and contents. The C++ of the program
compiles against the model header (support.execution.execute).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from pypto_dialects.tools.pypto_run import main as pypto_run
from support.execution import PROGRAMS, Kernel, edges, execute, rand, zeros

SPMD = PROGRAMS / "spmd.mlir"


def _rows(x, o, block_idx, block_num):  # type: ignore[no-untyped-def]
    """Block b of `block_num` writes its share of the rows: x * 2 + b."""
    w = x.shape[0] // block_num
    o[block_idx * w:(block_idx + 1) * w] = x[block_idx * w:(block_idx + 1) * w] * 2 + block_idx


def _cube(h, o, block_idx, block_num):  # type: ignore[no-untyped-def]
    w = h.shape[0] // block_num
    o[block_idx * w:(block_idx + 1) * w] = h[block_idx * w:(block_idx + 1) * w] + 10 * (block_idx + 1)


def _vec(h, o, block_idx):  # type: ignore[no-untyped-def]  # (takes no block_num)
    o[block_idx] += 0.5  # one row per block


def _kernels(calls: list[tuple[str, int]] | None = None) -> dict[str, Kernel]:
    def rows(x, o, block_idx=0, block_num=1):  # type: ignore[no-untyped-def]
        if calls is not None:
            calls.append(("rows", block_idx))
        _rows(x, o, block_idx, block_num)

    return {
        "rows": Kernel(rows),
        "cube": Kernel(_cube),
        "vec": Kernel(_vec),
        "add": Kernel(lambda h, y, s, o: h + y + s),
    }


def _golden(x: np.ndarray, n: int, s: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    h = np.empty_like(x)
    for b in range(4):
        _rows(x, h, b, 4)
    y = zeros(8, 4)
    for b in range(n):
        _cube(h, y, b, n)
        _vec(h, y, b)
    return h, y, h + y + np.float32(s)


# edges: the allocation of %h retained by its users, and each task after the writers of what
# it reads (t1 reads %h; t2 reads %h and %y).
EDGES = edges("alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator",
              "t0>t1 tensormap", "t0>t2 tensormap", "t1>t2 tensormap")


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_spmd_blocks_each_run_once_with_their_index(n: int) -> None:
    x = rand(8, 4)
    calls: list[tuple[str, int]] = []
    r = execute(SPMD, _kernels(calls), [x, n, 0.25, zeros(8, 4), zeros(8, 4)])
    _, y, z = _golden(x, n, 0.25)
    np.testing.assert_array_equal(r.outputs[3], y)
    np.testing.assert_array_equal(r.outputs[4], z)
    # once per block, in the seed run and again in the api=current runs without and with
    # wait-only edges (support.execution)
    assert calls == [("rows", 0), ("rows", 1), ("rows", 2), ("rows", 3)] * 3
    assert [t["name"] for t in r.tasks] == ["@rows", "@mix", "@add"]  # one task per launch
    assert r.edges == EDGES


def test_dumps_hold_each_marked_argument_as_the_task_left_it() -> None:
    x = rand(8, 4)
    r = execute(SPMD, _kernels(), [x, 2, 1.5, zeros(8, 4), zeros(8, 4)])
    h, _, z = _golden(x, 2, 1.5)
    dumps = r.result.dumps
    tasks = {t.name: t.id for t in r.result.graph.kernel_tasks()}
    rows, add = tasks["@rows"], tasks["@add"]
    assert list(dumps) == [f"t{rows}_rows_arg0", f"t{rows}_rows_arg1",
                           f"t{add}_add_arg3", f"t{add}_add_arg2"]
    np.testing.assert_array_equal(dumps[f"t{rows}_rows_arg0"], x)
    np.testing.assert_array_equal(dumps[f"t{rows}_rows_arg1"], h)
    np.testing.assert_array_equal(dumps[f"t{add}_add_arg3"], z)
    scalar = dumps[f"t{add}_add_arg2"]
    assert scalar.shape == ()
    assert scalar.dtype == np.float32
    assert scalar == np.float32(1.5)


def test_pypto_run_writes_the_dumps_next_to_the_outputs(tmp_path: Path) -> None:
    kernels = tmp_path / "kernels.py"
    kernels.write_text(
        "def rows(x, o, block_idx, block_num):\n"
        "    w = x.shape[0] // block_num\n"
        "    o[block_idx * w:(block_idx + 1) * w] = x[block_idx * w:(block_idx + 1) * w] * 2 + block_idx\n"
        "def mix(h, o, block_idx=0):\n"
        "    o[block_idx] = h[block_idx] + 1\n"
        "def add(h, y, s, o):\n"
        "    o[:] = h + y + s\n"
        "KERNELS = {'rows': rows, 'mix': mix, 'add': add}\n")
    x = rand(8, 4)
    np.save(tmp_path / "x.npy", x)
    out = tmp_path / "out"
    pypto_run([str(SPMD), "-p", "pto2-pipeline", "--kernels", str(kernels),
               "--arg", f"x={tmp_path / 'x.npy'}", "--arg", "n=8", "--arg", "s=2",
               "--out", str(out)])  # returns (exit status 0): no race
    h = x * 2 + np.repeat(np.arange(4, dtype=np.float32), 2)[:, None]
    y = h + 1
    assert sorted(p.name for p in (out / "dump").iterdir()) == [
        "t1_rows_arg0.npy", "t1_rows_arg1.npy", "t3_add_arg2.npy", "t3_add_arg3.npy"]
    np.testing.assert_array_equal(np.load(out / "dump" / "t1_rows_arg1.npy"), h)
    np.testing.assert_array_equal(np.load(out / "dump" / "t3_add_arg3.npy"), h + y + 2)
    assert np.load(out / "dump" / "t3_add_arg2.npy") == np.float32(2)
    np.testing.assert_array_equal(np.load(out / "z.npy"), h + y + 2)


@pytest.mark.parametrize(("n", "shown"), [(0, "0"), (-1, "-1"), (32768, "32768")])
def test_a_block_count_out_of_range_is_a_located_error(n: int, shown: str) -> None:
    with pytest.raises(InterpretationError) as err:
        execute(SPMD, _kernels(), [rand(8, 4), n, 0.0, zeros(8, 4), zeros(8, 4)])
    assert str(err.value) == (
        f"{SPMD}:17:3: error: 'pto_orch.submit' op launches {shown} blocks: the runtime's "
        "block count is an int16_t of at least 1 (1 to 32767)")


def test_a_kernel_without_block_idx_on_several_blocks_is_a_located_error() -> None:
    kernels = _kernels()
    kernels["rows"] = Kernel(lambda x, o: None)
    with pytest.raises(InterpretationError) as err:
        execute(SPMD, kernels, [rand(8, 4), 2, 0.0, zeros(8, 4), zeros(8, 4)])
    assert str(err.value) == (
        f"{SPMD}:16:3: error: 'pto_orch.call' op launches @rows on 4 blocks, but its "
        "implementation takes no keyword argument block_idx: give it one "
        "(def k(..., block_idx=0)) to tell the blocks apart")
