// pto_tensor.create options (docs/dialects/pto_tensor.md): `manual_dep` is the fourth argument
// of the TensorCreateInfo, `init(v)` a `set_initial_value` call on it with a value whose low
// bytes are one element: a literal of the element's C++ type, the bit pattern for f16 / bf16.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<4xf32>, in tensor<4xf16>, in tensor<4xbf16>, in tensor<4xi64>, in tensor<4xi8>, in tensor<4xui32>, in tensor<4xi1>, in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

func.func @options(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %f = pto_tensor.create init(1.5 : f32) manual_dep : tensor<4xf32>
  %h = pto_tensor.create init(1.5 : f16) : tensor<4xf16>
  %b = pto_tensor.create init(-2.0 : bf16) : tensor<4xbf16>
  %l = pto_tensor.create init(-1 : i64) : tensor<4xi64>
  %c = pto_tensor.create init(-7 : i8) : tensor<4xi8>
  %u = pto_tensor.create init(4000000000 : ui32) : tensor<4xui32>
  %p = pto_tensor.create init(true) : tensor<4xi1>
  %m = pto_tensor.create manual_dep : tensor<4xf32>
  %o1 = pto_orch.call @k(in %f, in %h, in %b, in %l, in %c, in %u, in %p, in %m, out %o) : (tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xi64>, tensor<4xi8>, tensor<4xui32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// CHECK:    uint32_t f_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo f_ci(f_ci_shapes, 1, DataType::FLOAT32, true);
// CHECK-NEXT:    f_ci.set_initial_value(1.5f);
// CHECK-NEXT:    uint32_t h_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo h_ci(h_ci_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:    h_ci.set_initial_value(static_cast<uint16_t>(0x3e00));
// CHECK-NEXT:    uint32_t b_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo b_ci(b_ci_shapes, 1, DataType::BFLOAT16);
// CHECK-NEXT:    b_ci.set_initial_value(static_cast<uint16_t>(0xc000));
// CHECK-NEXT:    uint32_t l_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo l_ci(l_ci_shapes, 1, DataType::INT64);
// CHECK-NEXT:    l_ci.set_initial_value(static_cast<int64_t>(-1));
// CHECK-NEXT:    uint32_t c_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo c_ci(c_ci_shapes, 1, DataType::INT8);
// CHECK-NEXT:    c_ci.set_initial_value(static_cast<int8_t>(-7));
// CHECK-NEXT:    uint32_t u_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo u_ci(u_ci_shapes, 1, DataType::UINT32);
// CHECK-NEXT:    u_ci.set_initial_value(static_cast<uint32_t>(4000000000u));
// CHECK-NEXT:    uint32_t p_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo p_ci(p_ci_shapes, 1, DataType::BOOL);
// CHECK-NEXT:    p_ci.set_initial_value(static_cast<bool>(true));
// CHECK-NEXT:    uint32_t m_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo m_ci(m_ci_shapes, 1, DataType::FLOAT32, true);
// CHECK-NEXT:    TaskOutputTensors alloc_0 = alloc_tensors(f_ci, h_ci, b_ci, l_ci, c_ci, u_ci, p_ci, m_ci);
