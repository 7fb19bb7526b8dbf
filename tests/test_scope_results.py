"""Scope results whose yielded value is a C++ variable declared inside the scope
(tests/execution/scope_results.mlir; the printer declares each before the scope's header and
assigns it at the scope's yield: control_flow.hoist_scope_results, cpp_reads.scope_result_vars).
Before, pto2-pipeline accepted each program and the printer refused it. Each run checks the
outputs against a numpy golden and the exact edges; `execute` also compiles the C++ against the
model header and runs the current API generation alike."""

from __future__ import annotations

import numpy as np
import pytest

from support.execution import (
    ACC_INTO,
    PROGRAMS,
    ROOT,
    Kernel,
    edges,
    execute,
    generate,
    rand,
    zeros,
)

PROGRAM = PROGRAMS / "scope_results.mlir"


def _put(o: np.ndarray, v: int) -> None:
    o[...] = np.float32(v)


# (out o, in i64 v): o = v everywhere
PUT = Kernel(_put, """
    Tensor *o = tensor(args, 0);
    int64_t v = args[1];
    for (uint64_t i = 0; i < numel(o); ++i) at<float>(o, i) = (float)v;
""")
KERNELS = {"acc": ACC_INTO, "put": PUT}  # ACC_INTO: (in x, inout acc): acc += x


def _pingpong(n: int) -> float:
    """The value of %l2 after n trips: q += p, then (p, q) = (q, p); p = 1, q = 2 first."""
    p, q = 1.0, 2.0
    for _ in range(n):
        q += p
        p, q = q, p
    return q


# the exact edges for n = 0..3, without and with analyze-auto-scopes: the last task (t<n>)
# reads %l2, the buffer the second-to-last trip wrote (t<n-2>), or the init b1 / b0
PINGPONG_EDGES = {
    (0, False): edges("alloc0>t0 creator"),
    (1, False): edges("alloc0>t0 creator", "alloc0>t1 creator"),
    (2, False): edges("alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator",
                      "t0>t1 explicit", "t0>t1 tensormap", "t0>t2 tensormap"),
    (3, False): edges("alloc0>t0 creator", "alloc0>t1 creator", "alloc0>t2 creator",
                      "alloc0>t3 creator", "t0>t1 explicit", "t0>t1 tensormap",
                      "t0>t2 tensormap", "t1>t2 explicit", "t1>t2 tensormap", "t1>t3 tensormap"),
    (0, True): edges("alloc0>t0 creator"),
    (1, True): edges("alloc0>t0 explicit", "alloc0>t1 creator", "t0>t1 explicit"),
    (2, True): edges("alloc0>t0 explicit", "alloc0>t1 explicit", "alloc0>t2 creator",
                     "t0>t1 explicit", "t1>t2 explicit"),
    (3, True): edges("alloc0>t0 explicit", "alloc0>t1 explicit", "alloc0>t2 explicit",
                     "alloc0>t3 creator", "t0>t1 explicit", "t1>t2 explicit", "t2>t3 explicit"),
}


@pytest.mark.parametrize("analyze", [False, True], ids=["auto", "analyzed"])
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_one_trip_outer_pingpong(n: int, analyze: bool) -> None:
    o = rand(16)
    r = execute(PROGRAM, KERNELS, [rand(16), o.copy(), n], function="one_trip_pingpong",
                analyze=analyze)
    np.testing.assert_array_equal(r.outputs[1], o + np.float32(_pingpong(n)))
    assert r.edges == PINGPONG_EDGES[(n, analyze)]


def test_one_trip_outer_pingpong_cpp() -> None:
    code, _ = generate(PROGRAM, "one_trip_pingpong")
    # the folded outer loop's scope: %l2 declared before it, assigned at its yield
    assert "        Tensor l2 = ext_x;\n        PTO2_SCOPE() {\n            Tensor p = b0;\n" in code
    assert "\n            l2 = q;\n        }\n" in code
    assert "params_t1.add_input(l2);" in code


@pytest.mark.parametrize("flag", [True, False])
def test_auto_scope_if_result_and_scalar_carry(flag: bool) -> None:
    o = rand(16)
    r = execute(PROGRAM, KERNELS, [np.ones(16, np.float32), o.copy(), zeros(16), flag, 4],
                function="auto_scope")
    picked = np.float32(10.0 if flag else 20.0) + np.float32(1)
    np.testing.assert_array_equal(r.outputs[1], o + picked)
    np.testing.assert_array_equal(r.outputs[2], np.full(16, 12, np.float32))  # 4 trips of + 3
    assert r.edges == edges("alloc0>t0 creator", "alloc0>t1 creator", "t0>t1 tensormap")
    code, _ = generate(PROGRAM, "auto_scope")
    assert "    Tensor r = ext_a;\n    int64_t k;\n    PTO2_SCOPE() {\n" in code
    assert "\n        r = sel;\n        k = y;\n    }\n" in code
    assert "params_t2.add_scalar((uint64_t)k);" in code


def test_manual_scope_view() -> None:
    o = rand(16)
    r = execute(PROGRAM, KERNELS, [np.ones(16, np.float32), o.copy(), 8], function="manual_view")
    np.testing.assert_array_equal(r.outputs[1], o + np.float32(6))
    assert r.edges == edges("alloc0>t0 explicit", "alloc0>t1 creator", "t0>t1 explicit")
    code, _ = generate(PROGRAM, "manual_view")
    assert "    Tensor v = ext_a;\n    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {\n" in code
    assert "\n        v = s;\n    }\n" in code


@pytest.mark.parametrize("i", [0, 1])
def test_integer_array_out_of_a_scope(i: int) -> None:
    r = execute(PROGRAM, KERNELS, [zeros(16), i], function="int_array_scope")
    np.testing.assert_array_equal(r.outputs[0], np.full(16, (5, 7)[i], np.float32))
    assert r.edges == set()
    code, _ = generate(PROGRAM, "int_array_scope")
    assert (
        "    int64_t r[2];\n"
        "    PTO2_SCOPE() {\n"
        "        int64_t a[2] = {5, 7};\n"
        "        for (int64_t i1 = 0; i1 < 2; ++i1)\n"
        "            r[i1] = a[i1];\n"
        "    }\n"
    ) in code
    assert "    int64_t v = r[i];\n" in code


def test_arith_variable_of_the_scope() -> None:
    # %k2 = m + 3 has two printed uses in the scope (a task and the yield): a C++ variable of
    # the scope, although what it is computed from was made before it; %k3 = k2 * 3 names it
    r = execute(PROGRAM, KERNELS, [zeros(16), zeros(16), 4], function="arith_var")
    np.testing.assert_array_equal(r.outputs[0], np.full(16, 7, np.float32))
    np.testing.assert_array_equal(r.outputs[1], np.full(16, 21, np.float32))
    assert r.edges == edges("t1>t2 tensormap")
    code, _ = generate(PROGRAM, "arith_var")
    assert (
        "    int64_t r;\n"
        "    int64_t s;\n"
        "    PTO2_SCOPE() {\n"
        "        int64_t k2 = (int64_t)((uint64_t)m + 3);\n"
    ) in code
    assert "\n        r = k2;\n        s = (int64_t)((uint64_t)k2 * 3);\n    }\n" in code
    assert "params_t1.add_scalar((uint64_t)r);" in code
    assert "params_t2.add_scalar((uint64_t)s);" in code


def test_unnamed_chain_variable_of_the_scope() -> None:
    r = execute(PROGRAM, KERNELS, [zeros(16), -2], function="unnamed_chain")
    np.testing.assert_array_equal(r.outputs[0], np.full(16, 1, np.float32))  # (-2 + 3) ** 8
    assert r.edges == set()
    code, _ = generate(PROGRAM, "unnamed_chain")
    assert "    int64_t r;\n    PTO2_SCOPE() {\n        int64_t value = " in code
    assert "\n        r = (int64_t)((uint64_t)value * (uint64_t)value);\n    }\n" in code
    assert "params_t0.add_scalar((uint64_t)r);" in code


def _inc(a: np.ndarray) -> None:
    a += np.float32(1)


# (inout a): a += 1
INC = Kernel(_inc, """
    Tensor *a = tensor(args, 0);
    for (uint64_t i = 0; i < numel(a); ++i) at<float>(a, i) += 1.0f;
""")


@pytest.mark.parametrize("flag", [True, False])
def test_placeholder_without_tensor_parameter(flag: bool) -> None:
    # a function without a tensor parameter: the if result's variable starts as the first
    # created tensor (tests/filecheck/targets/pto2_cpp/placeholder_without_tensor_parameter.mlir
    # checks the C++ lines); the task then runs on the buffer the if picked, after its allocation
    path = ROOT / "tests/filecheck/targets/pto2_cpp/placeholder_without_tensor_parameter.mlir"
    r = execute(path, {"k": INC}, [flag], function="f")
    assert r.outputs == {}
    assert r.edges == edges("alloc0>t0 creator")
