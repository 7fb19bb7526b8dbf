// Helpers for the plain C++ kernels the execution tests run in the PTO2 runtime's CPU simulator.
//
// A simulator kernel is `extern "C" void kernel_entry(int64_t* args)`: args[i] points to the device
// tensor the task added i-th (`KernelTensor`: `Tensor` in the seed API generation, `ChipTensor` in the
// current one, whose source defines PTO_TEST_API_CURRENT first), then the task's scalars as raw 64-bit
// values. A tensor argument is a view of its buffer: element coordinates map to
// `start_offset + sum(coord[d] * strides[d])` (in elements) from `buffer.addr`. These helpers walk a
// view in row-major order of its own shape, so an elementwise kernel works on any views of equal
// element count. (The current generation's kernel-side tensor type is read from the orchestration
// side's facts, docs/runtime-api.md T1 and T13: not run against that runtime; docs/testing.md.)
#pragma once
#define __aicore__
#include <stdint.h>
#include <string.h>

#include "tensor.h"

namespace pto_test {

#if defined(PTO_TEST_API_CURRENT)
using KernelTensor = ::ChipTensor;
#else
using KernelTensor = ::Tensor;
#endif

inline KernelTensor* tensor(int64_t* args, int i) { return reinterpret_cast<KernelTensor*>(args[i]); }

inline uint64_t numel(const KernelTensor* t) {
    uint64_t n = 1;
    for (uint32_t d = 0; d < t->ndims; ++d) n *= t->shapes[d];
    return n;
}

// Element offset (from buffer.addr, in elements) of the `linear`-th element of the view, counted in
// row-major order of the view's shape.
inline uint64_t offset(const KernelTensor* t, uint64_t linear) {
    uint64_t off = t->start_offset;
    for (int d = static_cast<int>(t->ndims) - 1; d >= 0; --d) {
        off += (linear % t->shapes[d]) * t->strides[d];
        linear /= t->shapes[d];
    }
    return off;
}

template <typename T>
inline T& at(const KernelTensor* t, uint64_t linear) {
    return reinterpret_cast<T*>(t->buffer.addr)[offset(t, linear)];
}

template <typename T>
inline T& at2(const KernelTensor* t, uint64_t row, uint64_t col) {  // a 2-D view's element
    return reinterpret_cast<T*>(t->buffer.addr)[t->start_offset + row * t->strides[0] + col * t->strides[1]];
}

// Spin for about `us` microseconds: a slow task makes a missing dependency edge visible.
inline void spin(uint64_t us) {
    volatile uint64_t x = 0;
    for (uint64_t i = 0; i < us * 200; ++i) x = x + i;
}

inline float f32(int64_t* args, int i) {  // a float scalar argument (to_u64 encoding: low 32 bits)
    uint32_t bits = static_cast<uint32_t>(static_cast<uint64_t>(args[i]));
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace pto_test
