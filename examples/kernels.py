"""Python implementations of the kernels the examples call, for `pypto-run`.

Each function takes one argument per kernel parameter, in order: numpy arrays for tensors
(views of the buffers; `out` / `inout` ones are writable) and numbers for scalars. It either
writes its outputs in place or returns one value per kernel result (written into the
parameter the kernel's `returns` names). Usage:
    pypto-run examples/orch_basic.mlir -p pto2-pipeline --kernels examples/kernels.py \
        --arg a=a.npy --arg b=b.npy --out out/
"""

import numpy as np


def kernel_add(a, b, out):
    return a + b


def kernel_mul(a, b, out):
    return a * b


def kernel_scale(x, out):
    return 2.0 * x


def kernel_relu(x, out):
    return np.maximum(x, 0.0)


def kernel_stripe(data, row, scale, out):
    # out[row:row+16] = data[row:row+16] * scale (one 16-row stripe per task)
    out[row : row + 16] = data[row : row + 16] * scale


def kernel_softmax(sij, scale, pij, mij, lij):
    # one online-softmax step over the rows of sij
    s = sij * scale
    m_new = np.maximum(mij, s.max(axis=1, keepdims=True))
    p = np.exp(s - m_new)
    l_new = lij * np.exp(mij - m_new) + p.sum(axis=1, keepdims=True)
    return p, m_new, l_new


def matmul_bias(a, b, bias, out):
    return a @ b + bias


def kernel_matmul(a, b, out):
    return a @ b
