"""Upstream PyPTO's orchestration codegen tests, each program written again in our IR
(tests/execution/upstream_codegen.mlir and upstream_scopes.mlir, one function per upstream test,
named in its comment), run through `pto2-pipeline` with and without `analyze-auto-scopes`: the
C++ compiles against both model headers, the interpreter finds no race and no use after free,
the outputs are numpy's and the dependency record is exactly the one given (see
tests/test_execution.py for the conventions). Upstream's tests check the text of its C++; these
check what that C++ means: the same tasks, the edges the data flow needs (or a safe superset,
noted where it is one) and the same tensor data flow.

Upstream programs we refuse on purpose (each a located diagnostic, not run here): a write into
an `in` parameter (test_four_element_tuple, test_tensor_write_constant_2d: declare it inout),
returning a created tensor (test_orch_internal_tensor_read_uses_get_tensor_data: only out/inout
parameters reach the host), an assemble that would copy at orchestration level
(test_tensor_assemble_duplicate_source_root_skips_view_rewrite,
test_tensor_assemble_slice_source_does_not_require_view_fast_path: the runtime cannot copy) and
a TaskId parameter of an orchestration function (test_task_is_valid_emits_dot_is_valid)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from support.execution import PROGRAMS, edges, execute, rand, zeros

CODEGEN = PROGRAMS / "upstream_codegen.mlir"
SCOPES = PROGRAMS / "upstream_scopes.mlir"
f32, f16 = np.float32, np.float16

# ------------------------------------------------------------------------------------ kernels


def add(a, b, o):  # type: ignore[no-untyped-def]
    return a + b


def mul(a, b, o):  # type: ignore[no-untyped-def]
    return a * b


def add_s(a, s, o):  # type: ignore[no-untyped-def]
    return a + f32(s)


def copy(x, o):  # type: ignore[no-untyped-def]
    return x


def inc(x, o):  # type: ignore[no-untyped-def]
    return x + f32(1)


def dbl(x, o):  # type: ignore[no-untyped-def]
    return x * f32(2)


def tri(x, o):  # type: ignore[no-untyped-def]
    return x * f32(3)


def pair(a, b, x, y):  # type: ignore[no-untyped-def]
    return a + b, a - b


def combine(a, b, c, o):  # type: ignore[no-untyped-def]
    return a + b + c


def online_update(mij, lij, oi_new, mi, li, oi, dst):  # type: ignore[no-untyped-def]
    mi += mij
    li += lij
    oi += oi_new
    dst[...] = oi * f32(2)


def update_three(t, a, b, c):  # type: ignore[no-untyped-def]
    t += f32(1)
    a[...] = t
    b[...] = t * f32(2)
    c[...] = t * f32(3)


def acc(x, a):  # type: ignore[no-untyped-def]
    a += x


def process(a, flag, i, o):  # type: ignore[no-untyped-def]
    o[i, :] = a[0, :] + f32(100 * flag)


def bump_both(x, y):  # type: ignore[no-untyped-def]
    x += f32(1)
    y *= f32(2)


def bump_other(a, b):  # type: ignore[no-untyped-def]
    a -= f32(1)
    b *= f32(3)


def init_two(a, b):  # type: ignore[no-untyped-def]
    a[...] = 1
    b[...] = 2


def shift(x, a, b):  # type: ignore[no-untyped-def]
    old = a.copy()
    b[...] = old
    a[...] = old + x


def fill_row(x, r, o):  # type: ignore[no-untyped-def]
    return x[r:r + 1] * f32(10)


def plus_minus(x, o0, o1):  # type: ignore[no-untyped-def]
    o0 += x
    o1 -= x


def store_double(a, b):  # type: ignore[no-untyped-def]
    a[...] = b * f32(2)


def scalars(a, o, factor, count, scale):  # type: ignore[no-untyped-def]
    return a * f32(scale) + f32(factor) + f32(count)


def record(v1, v2, v3, v4, o):  # type: ignore[no-untyped-def]
    o[...] = [v1, v2, v3, v4]


def produce(x, s, c):  # type: ignore[no-untyped-def]
    s[:, c:c + 8] = x[:, c:c + 8] * f32(2)


def consume_row(s, p, r):  # type: ignore[no-untyped-def]
    p[r, :] = s.sum(axis=0) + f32(r)


def row_of(x, j, w):  # type: ignore[no-untyped-def]
    w[j] = x + f32(j)


def sum_rows(w, o):  # type: ignore[no-untyped-def]
    return w.sum(axis=0)


def fill7(o):  # type: ignore[no-untyped-def]
    o[...] = 7


def tile(rows: int = 32, cols: int = 32, plus: float = 0.0) -> Callable[..., None]:
    """(in x, out o, index row, index col): tile [row, row + rows) x [col, col + cols) of o
    is that of x doubled, plus `plus`."""
    def k(x, o, row, col):  # type: ignore[no-untyped-def]
        o[row:row + rows, col:col + cols] = x[row:row + rows, col:col + cols] * f32(2) + f32(plus)
    return k


def matmul_bias(a, b, bias, o, block_idx=0, block_num=1):  # type: ignore[no-untyped-def]
    w = a.shape[0] // block_num
    rows = slice(block_idx * w, (block_idx + 1) * w)
    o[rows] = a[rows] @ b + bias[rows]


def double_rows(a, o, block_idx=0, block_num=1):  # type: ignore[no-untyped-def]
    w = a.shape[0] // block_num
    rows = slice(block_idx * w, (block_idx + 1) * w)
    o[rows] = a[rows] * f32(2)


def set_i(x, i, o):  # type: ignore[no-untyped-def]
    o[...] = x + f32(i)


def set_2i(x, i, o):  # type: ignore[no-untyped-def]
    o[...] = x * f32(2) + f32(i)


def row_block(a, i, v, o):  # type: ignore[no-untyped-def]
    o[4 * i:4 * i + 4] = a[4 * i:4 * i + 4] + f32(v)


def repeat16(t, o):  # type: ignore[no-untyped-def]
    o[...] = np.tile(t, (o.shape[0] // 16, 1))



def bump(c):  # type: ignore[no-untyped-def]
    c += f32(1)


def block_plus(i, q):  # type: ignore[no-untyped-def]
    q[16 * i:16 * i + 16] += f32(i + 1)


def cache_update(qn, kn, i, a, c):  # type: ignore[no-untyped-def]
    a[16 * i:16 * i + 16] = qn[16 * i:16 * i + 16]
    c[16 * i:16 * i + 16] = kn[16 * i:16 * i + 16]

# -------------------------------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    """One upstream program: the file and function, its kernels (without the function's
    prefix), its arguments and the outputs numpy gives (parameter index -> array)."""

    path: Any
    function: str
    kernels: dict[str, Callable[..., Any]]
    args: Callable[[], list]
    expect: Callable[[list], dict[int, Any]] = lambda a: {}


def c16() -> np.ndarray:
    return rand(16, 16)


def h16(*shape: int) -> np.ndarray:
    return rand(*shape).astype(f16)


def phase_std(a: list) -> dict[int, Any]:
    o = zeros(128, 128)
    for ph in range(3):
        for br in range(4):
            r, c = ph * 32, br * 32
            o[r:r + 32, c:c + 32] = a[0][r:r + 32, c:c + 32] * 2
    return {1: o}


def phase_3level(a: list) -> dict[int, Any]:
    o = zeros(384, 128)
    for ph in range(6):  # 2 epochs x 3 phases
        for br in range(4):
            r, c = (ph * 4 + br) * 16, br * 32
            o[r:r + 16, c:c + 32] = a[0][r:r + 16, c:c + 32] * 2
    return {1: o}


def phase_siblings(a: list) -> dict[int, Any]:
    o = zeros(256, 128)
    for br in range(4):
        c = br * 32
        o[0:32, c:c + 32] = a[0][0:32, c:c + 32] * 2 + 1
        o[32:64, c:c + 32] = a[0][32:64, c:c + 32] * 2 + 2
    return {1: o}


def multi_scope(a: list) -> dict[int, Any]:
    x, y = a[0], a[1]
    t1 = x + y
    t2 = t1 + x
    for _ in range(4):
        t2 = (t2 + y) + t1
    return {2: t2 + t1}


def windowed(a: list) -> dict[int, Any]:
    s = a[0] * 2
    return {1: s, 2: np.stack([s.sum(axis=0) + r for r in range(4)])}


def read_write(a: list) -> dict[int, Any]:
    t1, t2, t3 = a[0], a[1], a[2]
    t2w = t2.copy()
    t2w[1, 3] = t2[0, 0]
    return {1: t2w, 4: np.array([t1[3], t3[1, 2, 3], t2[2, 5], t2[0, 0]], f32)}


ONLINE = {"online_update": online_update}
CASES: dict[str, Case] = {
    # test_orchestration_codegen.py
    "basic": Case(CODEGEN, "basic", {"kernel_add": add}, lambda: [c16(), c16(), zeros(16, 16)],
                  lambda a: {2: a[0] + a[1] + a[1]}),
    "tensor_read": Case(CODEGEN, "tread", {"kernel_add": add},
                        lambda: [rand(4, 8), c16(), c16(), zeros(16, 16)],
                        lambda a: {3: a[1] + a[2]}),
    "internal_read": Case(CODEGEN, "internal_read",
                          {"kernel_copy": copy,
                           "kernel_fill": lambda n, o: np.full((8, 1), n, np.int32)},
                          lambda: [np.arange(5, 13, dtype=np.int32).reshape(8, 1),
                                   np.zeros((8, 1), np.int32)],
                          lambda a: {1: np.full((8, 1), 5, np.int32)}),
    "independent": Case(CODEGEN, "indep", {"kernel_add": add},
                        lambda: [c16(), c16(), zeros(16, 16), zeros(16, 16)],
                        lambda a: {2: a[0] + a[1], 3: a[0] + a[1]}),
    "vector_dag": Case(CODEGEN, "vector_dag",
                       {"kernel_add": add, "kernel_add_scalar": add_s, "kernel_mul": mul},
                       lambda: [c16(), c16(), zeros(16, 16)],
                       lambda a: {2: (a[0] + a[1] + 1) * (a[0] + a[1] + 2) + (a[0] + a[1])}),
    "tuple_intermediate": Case(CODEGEN, "tuple_mid", {"kernel_pair": pair, "kernel_add": add},
                               lambda: [c16(), c16(), zeros(16, 16)],
                               lambda a: {2: (a[0] + a[1]) + (a[0] - a[1])}),
    "tuple_output": Case(CODEGEN, "tuple_out", {"kernel_pair": pair},
                         lambda: [c16(), c16(), zeros(16, 16), zeros(16, 16)],
                         lambda a: {2: a[0] + a[1], 3: a[0] - a[1]}),
    "four_tuple": Case(CODEGEN, "four_tuple_io", {**ONLINE, "kernel_add": add},
                       lambda: [rand(16, 1), rand(16, 1), c16(), rand(16, 1), rand(16, 1), c16(),
                                zeros(16, 16), zeros(16, 16)],
                       lambda a: {3: a[3] + a[0], 4: a[4] + a[1], 5: a[5] + a[2],
                                  6: (a[5] + a[2]) * 2, 7: (a[5] + a[2]) * 3}),
    "inout_not_returned": Case(CODEGEN, "not_returned",
                               {"kernel": update_three, "combine": combine},
                               lambda: [c16(), *(zeros(16, 16) for _ in range(4))],
                               lambda a: {0: a[0] + 1, 1: a[0] + 1, 2: (a[0] + 1) * 2,
                                          3: (a[0] + 1) * 3, 4: (a[0] + 1) * 6}),
    # the created tensor is read before anything writes it, as upstream's: no output checked
    "tensor_create": Case(CODEGEN, "create_f16", {"kernel_fill": copy},
                          lambda: [h16(32, 32), np.zeros((32, 32), f16)]),
    "manual_dep_create": Case(CODEGEN, "manual_dep_create", {"kernel_fill": copy},
                              lambda: [h16(32, 32), np.zeros((32, 32), f16)],
                              lambda a: {1: a[0]}),
    "inplace": Case(CODEGEN, "inplace", ONLINE,
                    lambda: [rand(16, 1), rand(16, 1), c16(), rand(16, 1), rand(16, 1), c16(),
                             zeros(16, 16)],
                    lambda a: {3: a[3] + a[0], 4: a[4] + a[1], 5: a[5] + a[2],
                               6: (a[5] + a[2]) * 2}),
    "tensor_dim": Case(CODEGEN, "tdim", {"kernel_add_n": lambda a, b, n, o: a + b + f32(n)},
                       lambda: [rand(64, 128), rand(64, 128), zeros(64, 128)],
                       lambda a: {2: a[0] + a[1] + 64}),
    "for_loop_with_slice": Case(CODEGEN, "for_view", {"kernel_add": add, "kernel_acc": acc},
                                lambda: [rand(64, 16), c16(), np.array([3, 0, 0, 0], np.int64),
                                         c16()],
                                lambda a: {3: a[3] + sum(a[0][16 * i:16 * i + 16] + a[1]
                                                         for i in range(3))}),
    "for_loop_with_slice_dead": Case(CODEGEN, "for_view_dead", {"kernel_add": add},
                                     lambda: [rand(64, 16), c16(),
                                              np.array([3, 0, 0, 0], np.int64)]),
    "reshape_external": Case(CODEGEN, "reshape_ext", {"copy": copy},
                             lambda: [rand(256), zeros(16, 16)],
                             lambda a: {1: a[0].reshape(16, 16)}),
    "reshape_external_return": Case(CODEGEN, "reshape_ret", {}, lambda: [rand(256)]),
    "reshape_after_slice": Case(CODEGEN, "slice_reshape", {"copy": copy},
                                lambda: [rand(4, 16, 16), zeros(16, 16)],
                                lambda a: {1: a[0][2]}),
    "transpose": Case(CODEGEN, "transposes", {"copy2": copy, "copy3": copy, "copy3s": copy},
                      lambda: [h16(16, 32), h16(4, 8, 16), h16(4, 16, 32),
                               np.zeros((32, 16), f16), np.zeros((4, 16, 8), f16),
                               np.zeros((1, 32, 16), f16)],
                      lambda a: {3: a[0].T, 4: a[1].swapaxes(1, 2),
                                 5: a[2][1:2].swapaxes(1, 2)}),
    "if_statement": Case(CODEGEN, "orch_if", {"kernel_process": process},
                         lambda: [c16(), zeros(4, 16)],
                         lambda a: {1: np.stack([a[0][0] + (100 if i == 0 else 0)
                                                 for i in range(4)])}),
    "if_statement_dead": Case(CODEGEN, "orch_if_dead", {"kernel_process": lambda a, f, o: a},
                              lambda: [c16()]),
    "multiple_tuple_calls": Case(CODEGEN, "multi_tuple",
                                 {"kernel_a": bump_both, "kernel_b": bump_other},
                                 lambda: [c16(), c16(), c16(), c16()],
                                 lambda a: {0: a[0] + 1, 1: a[1] * 2, 2: a[2] - 1, 3: a[3] * 3}),
    "tuple_in_for_loop": Case(CODEGEN, "tuple_loop",
                              {"kernel_init": init_two, "kernel_update": shift},
                              lambda: [c16(), zeros(16, 16)], lambda a: {1: 1 + 4 * a[0]}),
    "loop_carried_internal": Case(CODEGEN, "loop_state", {"fill": inc, "consume": dbl},
                                  lambda: [c16(), zeros(16, 16)],
                                  lambda a: {1: (a[0] + 1) * 2}),
    "assemble_view": Case(CODEGEN, "assemble_view", {"fill_row": fill_row},
                          lambda: [rand(4, 8), zeros(4, 8)], lambda a: {1: a[0] * 10}),
    "numeric_suffix": Case(CODEGEN, "numeric", {"kernel": plus_minus},
                           lambda: [c16(), c16(), c16()],
                           lambda a: {1: a[1] + a[0], 2: a[2] - a[0]}),
    "runtime_outputs": Case(CODEGEN, "repeat", {"kernel_add": add, "copy": copy},
                            lambda: [rand(64), rand(64), zeros(64)],
                            lambda a: {2: a[0] + a[1] + a[1]}),
    "unused_alias": Case(CODEGEN, "unused", {"kernel_op": store_double},
                         lambda: [c16(), c16()], lambda a: {0: a[1] * 2}),
    "multi_scope_alloc": Case(CODEGEN, "multi_scope", {"kernel_op": add},
                              lambda: [c16(), c16(), zeros(16, 16)], multi_scope),
    "alloc_split_16": Case(CODEGEN, "many", {"kernel_copy": inc}, lambda: [rand(8), zeros(8)],
                           lambda a: {1: a[0] + 19}),
    "scalar_taskarg": Case(CODEGEN, "scalars", {"kernel": scalars},
                           lambda: [c16(), zeros(16, 16), 3, 4, 0.5],
                           lambda a: {1: a[0] * 0.5 + 7}),
    "tensor_read_write": Case(CODEGEN, "rw", {"record": record},
                              lambda: [rand(8), rand(4, 8), rand(2, 4, 8),
                                       np.array([2, 5], np.int64), zeros(4)], read_write),
    "windowed_writer_full_reader": Case(CODEGEN, "windowed",
                                        {"produce": produce, "consume": consume_row},
                                        lambda: [rand(4, 16), zeros(4, 16), zeros(4, 16)],
                                        windowed),
    # test_orchestration_misc.py, _more.py
    "two_loop_alloc": Case(CODEGEN, "two_loops",
                           {"task_init": set_i, "task_compute": set_2i, "task_read": copy},
                           lambda: [c16(), zeros(16, 16)], lambda a: {1: a[0] * 2 + 3}),
    "parallel_writers": Case(CODEGEN, "par_writers", {"task": row_block, "task_read": copy},
                             lambda: [c16(), zeros(16, 16)], lambda a: {1: a[0] + 2}),
    "clamped_create": Case(CODEGEN, "clamped", {"kernel": copy},
                           lambda: [rand(40, 16), zeros(16, 16)], lambda a: {1: a[0][:16]}),
    "local_shape_create": Case(CODEGEN, "local_shape",
                               {"fill1": inc, "fill2": repeat16, "copy2": copy},
                               lambda: [rand(16, 8), 4, zeros(64, 8)],
                               lambda a: {2: np.tile(a[0] + 1, (4, 1))}),
    "reshape_roundtrip": Case(CODEGEN, "reshapes", {"copy": copy},
                              lambda: [c16(), c16(), zeros(16, 16), zeros(16, 16)],
                              lambda a: {2: a[0], 3: a[1]}),
    # test_orchestration_manual_scope.py
    "manual_task_id_capture": Case(SCOPES, "manual_capture", {"k1": inc, "k2": dbl, "copy": copy},
                                   lambda: [rand(64), zeros(64)],
                                   lambda a: {1: (a[0] + 1) * 2}),
    "manual_user_deps": Case(SCOPES, "manual_deps", {"k1": inc, "k2": dbl, "k3": tri},
                             lambda: [rand(64), zeros(64), zeros(64), zeros(64)],
                             lambda a: {1: a[0] + 1, 2: a[0] * 2, 3: a[0] * 3}),
    "task_dummy_array": Case(SCOPES, "dummy_array", {"k1": row_of, "k2": sum_rows},
                             lambda: [rand(64), zeros(4, 64), zeros(64)],
                             lambda a: {1: np.stack([a[0] + j for j in range(4)]),
                                        2: sum(a[0] + j for j in range(4))}),
    "task_dummy_scalar": Case(SCOPES, "dummy_scalar", {"k1": inc, "k2": dbl},
                              lambda: [rand(64), zeros(64)], lambda a: {1: (a[0] + 1) * 2}),
    "task_dummy_empty": Case(SCOPES, "dummy_empty", {"k1": inc}, lambda: [rand(64), zeros(64)],
                             lambda a: {1: a[0] + 1}),
    # test_orchestration_task_deps.py
    "array_slot_dep": Case(SCOPES, "slot_dep", {"k1": inc, "k2": dbl, "k3": tri},
                           lambda: [rand(64), zeros(64), zeros(64), zeros(64)],
                           lambda a: {1: a[0] + 1, 2: a[0] * 2, 3: a[0] * 3}),
    "direct_producer_dep": Case(SCOPES, "direct_dep", {"k1": inc, "k2": dbl},
                                lambda: [rand(64), zeros(64), zeros(64)],
                                lambda a: {1: a[0] + 1, 2: a[0] * 2}),
    # upstream refuses this one; the TaskId leaves its scope as a result, so we can honour it
    "dep_across_closed_scope": Case(SCOPES, "closed_scope", {"k1": inc, "k2": dbl},
                                    lambda: [rand(64), zeros(64), zeros(64)],
                                    lambda a: {1: a[0] + 1, 2: a[0] * 2}),
    "cross_scope_auto_call": Case(SCOPES, "cross_scope", {"k1": inc, "k2": dbl},
                                  lambda: [rand(64), zeros(64)], lambda a: {1: (a[0] + 1) * 2}),
    "cross_scope_group_call": Case(SCOPES, "cross_group",
                                   {"mixed": lambda x, o: x + f16(1),
                                    "consume": lambda x, o: x * f16(2)},
                                   lambda: [h16(16, 16), np.zeros((16, 16), f16)],
                                   lambda a: {1: (a[0] + f16(1)) * f16(2)}),
    # test_phase_fence_dep_compression.py
    "phase_fence": Case(SCOPES, "phase_std", {"kern": tile()},
                        lambda: [rand(128, 128), zeros(128, 128)], phase_std),
    "phase_fence_three_level": Case(SCOPES, "phase_3level", {"kern": tile(16, 32)},
                                    lambda: [rand(384, 128), zeros(384, 128)], phase_3level),
    "phase_fence_siblings": Case(SCOPES, "phase_siblings",
                                 {"k1": tile(plus=1.0), "k2": tile(plus=2.0)},
                                 lambda: [rand(256, 128), zeros(256, 128)], phase_siblings),
    # test_spmd_scope_tid_codegen.py
    "spmd_launch_spec": Case(SCOPES, "spmd_launch", {"kernel": matmul_bias},
                             lambda: [rand(64, 64), rand(64, 64), rand(64, 64), zeros(64, 64)],
                             lambda a: {3: a[0] @ a[1] + a[2]}),
    "spmd_deps": Case(SCOPES, "spmd_deps", {"vkernel": double_rows},
                      lambda: [rand(512, 128), zeros(512, 128), zeros(512, 128)],
                      lambda a: {1: a[0] * 2, 2: a[0] * 2}),
    # test_orchestration_task_deps.py: compiler-derived fan-in (analyze-auto-scopes)
    "fixed_trip_fan_in": Case(SCOPES, "fan_in_fixed", {"fill": bump, "consume": copy},
                              lambda: [rand(64), zeros(64)],
                              lambda a: {0: a[0] + 4, 1: a[0] + 4}),
    "dynamic_trip_fan_in": Case(SCOPES, "fan_in_dyn", {"fill": bump, "consume": copy},
                                lambda: [rand(64), 3, zeros(64)],
                                lambda a: {0: a[0] + 3, 2: a[0] + 3}),
    "descending_parallel": Case(SCOPES, "descending",
                                {"fill": lambda i, q: block_plus(i - 1, q), "consume": copy},
                                lambda: [rand(64), zeros(64)],
                                lambda a: {1: a[0] + np.repeat(np.arange(1, 5, dtype=f32), 16)}),
    "dynamic_parallel_carriers": Case(SCOPES, "qkv",
                                      {"fill_q": block_plus, "fill_k": block_plus,
                                       "fill_v": block_plus, "consume": combine},
                                      lambda: [rand(64), rand(64), rand(64), 4, zeros(64)],
                                      lambda a: {4: a[0] + a[1] + a[2] + 3 * np.repeat(
                                          np.arange(1, 5, dtype=f32), 16)}),
    "qk_norm_cache_update": Case(SCOPES, "qk_cache",
                                 {"qk_norm": lambda a, b, qo, ko: (a * f32(2), b * f32(3)),
                                  "cache_update": cache_update, "consume": copy},
                                 lambda: [rand(64), rand(64), zeros(64), zeros(64), zeros(64),
                                          zeros(64), 4, zeros(64)],
                                 lambda a: {4: a[0] * 2, 5: a[1] * 3, 7: a[0] * 2}),
}


def run(name: str, analyze: bool) -> Any:
    case = CASES[name]
    args = case.args()
    kernels = {f"{case.function}__{k}": v for k, v in case.kernels.items()}
    r = execute(case.path, kernels, args, function=case.function, analyze=analyze)
    for i, want in case.expect(args).items():
        np.testing.assert_array_equal(r.outputs[i], want)
    return r


# -------------------------------------------------------------------------------------- edges


def E(creator: str = "", tensormap: str = "", explicit: str = "") -> set:
    """The edge set: each argument lists `pred>succ` pairs of that origin."""
    return edges(*(f"{pair} {origin}" for origin, pairs in
                   (("creator", creator), ("tensormap", tensormap), ("explicit", explicit))
                   for pair in pairs.split()))


SAME = None
"""The edges with analyze-auto-scopes=true are those without it."""

# (without analyze-auto-scopes, with it). With it, auto-derive-task-dependencies turns a
# straight-line AUTO body into a compiler-owned manual scope: the tensor-map and creator edges
# become explicit ones. multi_scope_alloc: t2>t3 (and the later iterations') is both a
# tensor-map edge (t3 reads tmp, which t2 wrote) and an explicit one (order-untracked-hazards:
# t3 writes t2, which t2 read): the same pair twice, a superset that orders nothing more.
# descending_parallel: with analyze-auto-scopes the four pl.parallel writers of disjoint blocks
# run unordered and the consumer waits for each (t0..t3>t4); without it their inout slots
# chain them through the tensor map. dynamic_parallel_carriers: a pl.parallel loop of dynamic
# trip count keeps each carrier's chain in both settings (upstream collects the TaskIds in a
# vector behind one barrier instead): safe, less parallel.
EDGES: dict[str, tuple[set, set | None]] = {
    "basic": (
        E(creator="alloc0>t0 alloc0>t1", tensormap="t0>t1"),
        E(explicit="alloc0>t0 alloc0>t1 t0>t1"),
    ),
    "tensor_read": (E(), SAME),
    "internal_read": (E(creator="alloc0>t0"), SAME),
    "independent": (E(), SAME),
    "vector_dag": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc0>t2 alloc0>t3 alloc0>t4",
            tensormap="t0>t1 t0>t2 t1>t3 t2>t3 t0>t4 t3>t4",
        ),
        E(
            explicit="alloc0>t0 alloc0>t1 t0>t1 alloc0>t2 t0>t2 alloc0>t3 t1>t3 t2>t3 "
                     "alloc0>t4 t3>t4",
        ),
    ),
    "tuple_intermediate": (
        E(creator="alloc0>t0 alloc0>t1", tensormap="t0>t1"),
        E(explicit="alloc0>t0 alloc0>t1 t0>t1"),
    ),
    "tuple_output": (E(), SAME),
    "four_tuple": (E(tensormap="t0>t1"), E(explicit="t0>t1")),
    "inout_not_returned": (E(tensormap="t0>t1"), E(explicit="t0>t1")),
    "tensor_create": (E(creator="alloc0>t0"), SAME),
    "manual_dep_create": (
        E(creator="alloc0>t0 alloc0>t1", explicit="t0>t1"),
        E(explicit="alloc0>t0 alloc0>t1 t0>t1"),
    ),
    "inplace": (E(), SAME),
    "tensor_dim": (E(), SAME),
    "for_loop_with_slice": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc1>t2 alloc1>t3 alloc2>t4 alloc2>t5",
            tensormap="t0>t1 t1>t3 t2>t3 t3>t5 t4>t5",
        ),
        SAME,
    ),
    "for_loop_with_slice_dead": (E(creator="alloc0>t0 alloc1>t1 alloc2>t2"), SAME),
    "reshape_external": (E(), SAME),
    "reshape_external_return": (E(), SAME),
    "reshape_after_slice": (E(), SAME),
    "transpose": (E(), SAME),
    "if_statement": (E(tensormap="t0>t1 t1>t2 t2>t3"), E(explicit="t0>t1 t1>t2 t2>t3")),
    "if_statement_dead": (E(creator="alloc0>t0 alloc1>t1 alloc2>t2 alloc3>t3"), SAME),
    "multiple_tuple_calls": (E(), SAME),
    "tuple_in_for_loop": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc0>t2 alloc0>t3 alloc0>t4",
            tensormap="t0>t1 t1>t2 t2>t3 t3>t4",
        ),
        SAME,
    ),
    "loop_carried_internal": (
        E(creator="alloc0>t0 alloc0>t1 alloc0>t2", tensormap="t0>t1 t1>t2"),
        E(explicit="alloc0>t0 alloc0>t1 t0>t1 alloc0>t2 t1>t2"),
    ),
    "assemble_view": (E(), SAME),
    "numeric_suffix": (E(), SAME),
    "runtime_outputs": (E(creator="t0>t1 t1>t2"), E(explicit="t0>t1 t1>t2")),
    "unused_alias": (E(), SAME),
    "multi_scope_alloc": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc0>t2 alloc1>t2 alloc0>t3 alloc1>t3 "
                    "alloc0>t4 alloc2>t4 alloc0>t5 alloc2>t5 alloc0>t6 alloc3>t6 "
                    "alloc0>t7 alloc3>t7 alloc0>t8 alloc4>t8 alloc0>t9 alloc4>t9 "
                    "alloc0>t10",
            tensormap="t0>t1 t1>t2 t0>t3 t1>t3 t2>t3 t3>t4 t0>t5 t3>t5 t4>t5 t5>t6 t0>t7 "
                      "t5>t7 t6>t7 t7>t8 t0>t9 t7>t9 t8>t9 t0>t10 t9>t10",
            explicit="t2>t3 t4>t5 t6>t7 t8>t9",
        ),
        SAME,
    ),
    "alloc_split_16": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc0>t2 alloc0>t3 alloc0>t4 alloc0>t5 "
                    "alloc0>t6 alloc0>t7 alloc0>t8 alloc0>t9 alloc0>t10 alloc0>t11 "
                    "alloc0>t12 alloc0>t13 alloc0>t14 alloc0>t15 alloc0>t16 alloc1>t16 "
                    "alloc1>t17 alloc1>t18",
            tensormap="t0>t1 t1>t2 t2>t3 t3>t4 t4>t5 t5>t6 t6>t7 t7>t8 t8>t9 t9>t10 "
                      "t10>t11 t11>t12 t12>t13 t13>t14 t14>t15 t15>t16 t16>t17 t17>t18",
        ),
        E(
            explicit="alloc0>t0 alloc0>t1 t0>t1 alloc0>t2 t1>t2 alloc0>t3 t2>t3 "
                     "alloc0>t4 t3>t4 alloc0>t5 t4>t5 alloc0>t6 t5>t6 alloc0>t7 t6>t7 "
                     "alloc0>t8 t7>t8 alloc0>t9 t8>t9 alloc0>t10 t9>t10 alloc0>t11 "
                     "t10>t11 alloc0>t12 t11>t12 alloc0>t13 t12>t13 alloc0>t14 t13>t14 "
                     "alloc0>t15 t14>t15 alloc0>t16 alloc1>t16 t15>t16 alloc1>t17 "
                     "t16>t17 alloc1>t18 t17>t18",
        ),
    ),
    "scalar_taskarg": (E(), SAME),
    "tensor_read_write": (E(), SAME),
    "windowed_writer_full_reader": (
        E(tensormap="t0>t1 t1>t2 t1>t3 t2>t3 t1>t4 t3>t4 t1>t5 t4>t5"),
        E(tensormap="t2>t3 t3>t4 t4>t5", explicit="t0>t1 t1>t2 t1>t3 t1>t4 t1>t5"),
    ),
    "two_loop_alloc": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc0>t2 alloc0>t3 alloc0>t4 alloc0>t5 "
                    "alloc0>t6 alloc0>t7 alloc0>t8",
            tensormap="t0>t1 t1>t2 t2>t3 t3>t4 t4>t5 t5>t6 t6>t7 t7>t8",
        ),
        E(
            creator="alloc0>t4 alloc0>t5 alloc0>t6 alloc0>t7 alloc0>t8",
            tensormap="t4>t5 t5>t6 t6>t7 t7>t8",
            explicit="alloc0>t0 alloc0>t1 t0>t1 alloc0>t2 t1>t2 alloc0>t3 t2>t3 t3>t4 "
                     "t3>t5 t3>t6 t3>t7",
        ),
    ),
    "parallel_writers": (
        E(
            creator="alloc0>t0 alloc0>t1 alloc0>t2 alloc0>t3 alloc0>t4 alloc0>t5 "
                    "alloc0>t6 alloc0>t7 alloc0>t8",
            tensormap="t0>t4 t1>t4 t2>t4 t3>t4 t4>t5 t5>t6 t6>t7 t7>t8",
        ),
        E(
            creator="alloc0>t4 alloc0>t5 alloc0>t6 alloc0>t7 alloc0>t8",
            tensormap="t4>t5 t5>t6 t6>t7 t7>t8",
            explicit="alloc0>t0 alloc0>t1 alloc0>t2 alloc0>t3 t0>t4 t1>t4 t2>t4 t3>t4 "
                     "t0>t5 t1>t5 t2>t5 t3>t5 t0>t6 t1>t6 t2>t6 t3>t6 t0>t7 t1>t7 t2>t7 "
                     "t3>t7 t0>t8 t1>t8 t2>t8 t3>t8",
        ),
    ),
    "clamped_create": (E(creator="alloc0>t0 alloc0>t1", tensormap="t0>t1"), SAME),
    "local_shape_create": (
        E(creator="alloc0>t0 alloc0>t1 alloc1>t1 alloc1>t2", tensormap="t0>t1 t1>t2"),
        E(explicit="alloc0>t0 alloc0>t1 alloc1>t1 t0>t1 alloc1>t2 t1>t2"),
    ),
    "reshape_roundtrip": (E(), SAME),
    "manual_task_id_capture": (E(creator="alloc0>t2", explicit="alloc0>t1 t0>t1 t1>t2"), SAME),
    "manual_user_deps": (E(explicit="t0>t2 t1>t2"), SAME),
    "task_dummy_array": (E(explicit="t0>t4 t1>t4 t2>t4 t3>t4 t4>t5"), SAME),
    "task_dummy_scalar": (E(explicit="alloc0>t0 t0>t1 alloc0>t2 t1>t2"), SAME),
    "task_dummy_empty": (E(explicit="t0>t1"), SAME),
    "array_slot_dep": (E(explicit="t0>t2 t1>t2"), SAME),
    "direct_producer_dep": (E(explicit="t0>t1"), SAME),
    "dep_across_closed_scope": (E(explicit="t0>t1"), SAME),
    "cross_scope_auto_call": (E(creator="alloc0>t0 alloc0>t1", tensormap="t0>t1"), SAME),
    "cross_scope_group_call": (E(creator="alloc0>t0 alloc0>t1", tensormap="t0>t1"), SAME),
    "phase_fence": (
        E(
            explicit="t0>t4 t1>t4 t2>t4 t3>t4 t4>t5 t4>t6 t4>t7 t4>t8 t5>t9 t6>t9 t7>t9 "
                     "t8>t9 t9>t10 t9>t11 t9>t12 t9>t13",
        ),
        SAME,
    ),
    "phase_fence_three_level": (
        E(
            explicit="t0>t4 t1>t4 t2>t4 t3>t4 t4>t5 t4>t6 t4>t7 t4>t8 t5>t9 t6>t9 t7>t9 "
                     "t8>t9 t9>t10 t9>t11 t9>t12 t9>t13 t10>t14 t11>t14 t12>t14 t13>t14 "
                     "t14>t15 t14>t16 t14>t17 t14>t18 t15>t19 t16>t19 t17>t19 t18>t19 "
                     "t19>t20 t19>t21 t19>t22 t19>t23 t20>t24 t21>t24 t22>t24 t23>t24 "
                     "t24>t25 t24>t26 t24>t27 t24>t28",
        ),
        SAME,
    ),
    "phase_fence_siblings": (E(explicit="t0>t4 t1>t4 t2>t4 t3>t4 t4>t5 t4>t6 t4>t7 t4>t8"), SAME),
    "spmd_launch_spec": (E(), SAME),
    "spmd_deps": (E(explicit="t0>t1"), SAME),
    "fixed_trip_fan_in": (
        E(tensormap="t0>t1 t1>t2 t2>t3 t3>t4"),
        E(explicit="t0>t1 t1>t2 t2>t3 t3>t4"),
    ),
    "dynamic_trip_fan_in": (E(tensormap="t0>t1 t1>t2 t2>t3"), E(explicit="t0>t1 t1>t2 t2>t3")),
    "descending_parallel": (
        E(tensormap="t0>t1 t1>t2 t2>t3 t3>t4"),
        E(explicit="t0>t4 t1>t4 t2>t4 t3>t4"),
    ),
    "dynamic_parallel_carriers": (
        E(
            tensormap="t0>t3 t1>t4 t2>t5 t3>t6 t4>t7 t5>t8 t6>t9 t7>t10 t8>t11 t10>t12 "
                      "t11>t12 t9>t12",
        ),
        E(
            explicit="t0>t3 t1>t4 t2>t5 t3>t6 t4>t7 t5>t8 t6>t9 t7>t10 t8>t11 t10>t12 "
                     "t11>t12 t9>t12",
        ),
    ),
    "qk_norm_cache_update": (E(tensormap="t0>t1 t0>t2 t1>t2 t0>t3 t2>t3 t0>t4 t3>t4 t4>t5"), SAME),
}


@pytest.mark.parametrize("analyze", [False, True], ids=["default", "analyze-auto-scopes"])
@pytest.mark.parametrize("name", list(CASES))
def test_upstream_program(name: str, analyze: bool) -> None:
    r = run(name, analyze)
    without, with_analyze = EDGES[name]
    assert r.edges == (with_analyze if analyze and with_analyze is not None else without)


def test_every_upstream_function_is_run() -> None:
    functions = {(c.path, c.function) for c in CASES.values()}
    for path in (CODEGEN, SCOPES):
        text = path.read_text()
        written = {line.split("@", 1)[1].split("(", 1)[0] for line in text.splitlines()
                   if line.startswith("func.func @")}
        assert written == {f for p, f in functions if p == path}
    assert set(EDGES) == set(CASES)
