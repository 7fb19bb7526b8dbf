"""A carry plan the pipeline made always prints (issue 25, item 6): programs the printer refused
as "the plan is stale, re-run classify-iter-arg-carry" run in the interpreter with their
outputs and exact edges.

- tests/execution/seed_smaller_array.mlir: a TaskId carry seeded with a parallel loop's array
  of another size (a parallel loop of more iterations, under the phase fence and without it;
  a sequential loop carrying one TaskId). classify-iter-arg-carry seeds such a carry with a
  barrier waiting for the array (the phase fence's barrier when there is one).
- tests/execution/if_in_place_carry.mlir: a loop carry written in place through an scf.if,
  each branch another kernel, in nested loops with tensor, i64 and f32 carries. The printer
  prints the if result as the carry's buffer (tests/filecheck/targets/pto2_cpp/
  if_in_place_carry.mlir pins the C++).
"""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import PROGRAMS, REDUCE4, STRIPE64, Kernel, edges, execute, rand, zeros


def _mix(y, row, o):  # type: ignore[no-untyped-def]
    o[...] = y[0:16] + y[16:32] + np.float32(row)


SEED_KERNELS = {
    "stripe": STRIPE64,
    # (in y 64x16, in index row, out o 16x16): o = rows 0..15 + rows 16..31 of y, + row
    "mix": Kernel(_mix, """
    Tensor *y = tensor(args, 0), *o = tensor(args, 1);
    uint64_t row = (uint64_t)args[2];
    for (uint64_t r = 0; r < 16; ++r)
        for (uint64_t c = 0; c < 16; ++c)
            at2<float>(o, r, c) = at2<float>(y, r, c) + at2<float>(y, 16 + r, c) + (float)row;
"""),
    "reduce": REDUCE4,
}


def _seed_run(function: str, first: int, second: int):  # type: ignore[no-untyped-def]
    x = rand(64, 16)
    r = execute(PROGRAMS / "seed_smaller_array.mlir", SEED_KERNELS,
                [x, zeros(64, 16), zeros(64, 16), zeros(16, 16)], function=function)
    y = np.zeros((64, 16), np.float32)
    for b in range(first):
        y[16 * b:16 * b + 16] = x[16 * b:16 * b + 16] + np.float32(16 * b)
    z = np.zeros((64, 16), np.float32)
    for b in range(second):
        z[16 * b:16 * b + 16] = y[0:16] + y[16:32] + np.float32(16 * b)
    np.testing.assert_array_equal(r.outputs[1], y)
    np.testing.assert_array_equal(r.outputs[2], z)
    np.testing.assert_array_equal(r.outputs[3], z.reshape(4, 16, 16).sum(0))
    return r


def test_a_parallel_carry_seeded_with_a_smaller_array_under_the_phase_fence() -> None:
    # stripes t0, t1; the phase fence t2 (the second loop's seed); mix t3..t6 after it; the
    # reduce t7 after all four slots
    r = _seed_run("seed_smaller", 2, 4)
    assert r.edges == edges("t0>t2 explicit", "t1>t2 explicit",
                            *(f"t2>t{i} explicit" for i in range(3, 7)),
                            *(f"t{i}>t7 explicit" for i in range(3, 7)))


def test_a_parallel_carry_seeded_with_a_smaller_array_without_the_fence() -> None:
    # stripe t0; the seed barrier t1 classify-iter-arg-carry adds; mix t2, t3; reduce t4
    r = _seed_run("seed_direct", 1, 2)
    assert r.edges == edges("t0>t1 explicit", "t1>t2 explicit", "t1>t3 explicit",
                            "t2>t4 explicit", "t3>t4 explicit")


def test_a_sequential_carry_seeded_with_an_array() -> None:
    # stripes t0, t1; the seed barrier t2; the chain of mixes t3..t6; reduce t7
    r = _seed_run("seq_seeded", 2, 4)
    assert r.edges == edges("t0>t2 explicit", "t1>t2 explicit",
                            *(f"t{i}>t{i + 1} explicit" for i in range(2, 7)))


# ---------------------------------------------------------------------------------- if in place


def _add(a, w, acc):  # type: ignore[no-untyped-def]
    acc[...] = acc + a * np.float32(w)


def _sub(a, w, acc):  # type: ignore[no-untyped-def]
    acc[...] = acc - a * np.float32(w)


IF_KERNELS = {
    # (in a, in f32 w, inout acc): acc += a * w / acc -= a * w
    "k_add": Kernel(_add, """
    Tensor *a = tensor(args, 0), *acc = tensor(args, 1);
    float w = f32(args, 2);
    for (uint64_t i = 0; i < numel(acc); ++i) at<float>(acc, i) += at<float>(a, i) * w;
"""),
    "k_sub": Kernel(_sub, """
    Tensor *a = tensor(args, 0), *acc = tensor(args, 1);
    float w = f32(args, 2);
    for (uint64_t i = 0; i < numel(acc); ++i) at<float>(acc, i) -= at<float>(a, i) * w;
"""),
}


def _golden(a: np.ndarray, acc: np.ndarray, steps: int) -> np.ndarray:
    w = np.float32(1.0)
    acc = acc.copy()
    for s in range(steps):
        acc = acc + a * w if s % 2 == 0 else acc - a * w
        w = w * np.float32(0.5)
    return acc


def _if_run(function: str, n: int, rounds: int, analyze: bool = False):  # type: ignore[no-untyped-def]
    a, acc = rand(16, 16), rand(16, 16)
    r = execute(PROGRAMS / "if_in_place_carry.mlir", IF_KERNELS,
                [a, acc.copy(), np.zeros(1, np.int64), n], function=function, analyze=analyze)
    steps = rounds * n
    np.testing.assert_array_equal(r.outputs[1], _golden(a, acc, steps))
    assert r.outputs[2].tolist() == [steps]
    assert len(r.tasks) == steps
    return r


@pytest.mark.parametrize("n", [3, 0])
@pytest.mark.parametrize("function", ["nested", "opted_out"])
def test_a_carry_written_in_place_through_an_if(function: str, n: int) -> None:
    # AUTO tasks: each writer waits for the previous one through the tensor map
    r = _if_run(function, n, 2)
    assert r.edges == edges(*(f"t{i}>t{i + 1} tensormap" for i in range(2 * n - 1)))


@pytest.mark.parametrize("n", [3, 0])
def test_a_carry_written_in_place_through_an_if_with_analyze_auto_scopes(n: int) -> None:
    # the outer body is one compiler-owned MANUAL scope: each task after the previous inner
    # iteration's (the inner carry) and after the last task of the previous outer iteration
    # (the outer carry, on every inner iteration, implied by the inner one)
    r = _if_run("nested", n, 2, analyze=True)
    assert all(t["scope"] == "manual" for t in r.tasks)
    # The two kernels write the carry in place in the two branches: the TaskId carried is the
    # if's writer, whichever branch ran (order-untracked-hazards' Join), so each task waits
    # for the task before it alone (before, each kernel's TaskId was carried on through the
    # other kernel's iterations: t0>t2, t1>t3, t3>t5 too). drop-implied-edges removes the
    # outer carry next to the inner one, which starts from it (t2>t4; t1>t4, t1>t5, t2>t5
    # before): a chain.
    assert r.edges == (edges(*(f"t{i}>t{i + 1} explicit" for i in range(5))) if n else set())


@pytest.mark.parametrize("n", [3, 0])
def test_a_carry_written_in_place_through_an_if_in_a_manual_scope(n: int) -> None:
    # one manual scope per iteration: order-untracked-hazards chains the writers through one
    # TaskId, the if's writer whichever branch ran (before, each kernel's TaskId was carried
    # on through the other kernel's iterations: t2 also waited for t0, implied by t0>t1>t2)
    r = _if_run("manual_body", n, 1)
    assert r.edges == edges(*(f"t{i}>t{i + 1} explicit" for i in range(n - 1)))


MANUAL_BODY_NESTED = """
pto_orch.kernel @k_add aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_sub aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @manual_body_nested(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %steps: tensor<1xi64> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %w0 = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %ro, %co, %wo = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc_o = %acc, %cnt_o = %zero, %w_o = %w0) -> (tensor<16x16xf32>, i64, f32) {
    %ri, %ci, %wi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %acc_o, %cnt = %cnt_o, %w = %w_o) -> (tensor<16x16xf32>, i64, f32) {
      %bit = arith.andi %cnt, %one : i64
      %even = arith.cmpi eq, %bit, %zero : i64
      %acc2 = pto_rt.scope manual -> (tensor<16x16xf32>) {
        %r = scf.if %even -> (tensor<16x16xf32>) {
          %x = pto_orch.call @k_add(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
          scf.yield %x : tensor<16x16xf32>
        } else {
          %y = pto_orch.call @k_sub(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
          scf.yield %y : tensor<16x16xf32>
        }
        pto_rt.yield %r : tensor<16x16xf32>
      }
      %cnt2 = arith.addi %cnt, %one : i64
      %w2 = arith.mulf %w, %half : f32
      scf.yield %acc2, %cnt2, %w2 : tensor<16x16xf32>, i64, f32
    }
    scf.yield %ri, %ci, %wi : tensor<16x16xf32>, i64, f32
  }
  %steps1 = pto_tensor.write %co, %steps[%c0] : i64, tensor<1xi64>
  func.return
}
"""
"""@manual_body of if_in_place_carry.mlir two loops deep."""


def test_a_carry_written_in_place_through_an_if_in_a_manual_scope_two_loops_deep(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # it prints and runs (before: "the plan is stale") without a race
    path = tmp_path / "manual_body_nested.mlir"
    path.write_text(MANUAL_BODY_NESTED)
    a, acc = rand(16, 16), rand(16, 16)
    r = execute(path, IF_KERNELS, [a, acc.copy(), np.zeros(1, np.int64), 3],
                function="manual_body_nested")
    np.testing.assert_array_equal(r.outputs[1], _golden(a, acc, 6))
    # every task waits for the one before it; t4 and t5 also wait for t2, the last writer of
    # the previous outer iteration, because the outer loop's TaskId carry stays in the deps
    # of every inner iteration (redundant: t3 already waits for t2)
    # (before the if's writer was carried as one TaskId, also t0>t2, t1>t3, t1>t4, t1>t5,
    # t3>t5: each kernel's TaskId kept through the other kernel's iterations)
    assert r.edges == edges(*(f"t{i}>t{i + 1} explicit" for i in range(5)),
                            "t2>t4 explicit", "t2>t5 explicit")
