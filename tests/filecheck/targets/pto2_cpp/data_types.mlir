// Element types (PyPTO's orchestration codegen document op mapping; DataType names of the runtime): every MLIR element
// type the runtime has a DataType for (f32, f16 and bf16 twice), in one scope of 19 creates: the batch is split after
// 16 TensorCreateInfos (the runtime's Arg, and so one alloc_tensors call, holds at most 16:
// CORE_MAX_TENSOR_ARGS), so alloc_0 takes the first 16 and alloc_1 the last 3. Signless
// and signed integers are the runtime's signed types, i1 is BOOL.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k1 aiv (out tensor<4xf32>, out tensor<4xf16>, out tensor<4xbf16>, out tensor<4xi8>, out tensor<4xsi8>, out tensor<4xui8>, out tensor<4xi16>, out tensor<4xsi16>, out tensor<4xui16>, out tensor<4xi32>)
pto_orch.kernel @k2 aiv (out tensor<4xsi32>, out tensor<4xui32>, out tensor<4xi64>, out tensor<4xsi64>, out tensor<4xui64>, out tensor<4xi1>, out tensor<4xf32>, out tensor<4xf16>, out tensor<4xbf16>)

func.func @data_types() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %f32 = pto_tensor.create : tensor<4xf32>
    %f16 = pto_tensor.create : tensor<4xf16>
    %bf16 = pto_tensor.create : tensor<4xbf16>
    %i8 = pto_tensor.create : tensor<4xi8>
    %si8 = pto_tensor.create : tensor<4xsi8>
    %ui8 = pto_tensor.create : tensor<4xui8>
    %i16 = pto_tensor.create : tensor<4xi16>
    %si16 = pto_tensor.create : tensor<4xsi16>
    %ui16 = pto_tensor.create : tensor<4xui16>
    %i32 = pto_tensor.create : tensor<4xi32>
    %si32 = pto_tensor.create : tensor<4xsi32>
    %ui32 = pto_tensor.create : tensor<4xui32>
    %i64 = pto_tensor.create : tensor<4xi64>
    %si64 = pto_tensor.create : tensor<4xsi64>
    %ui64 = pto_tensor.create : tensor<4xui64>
    %flag = pto_tensor.create : tensor<4xi1>
    %g32 = pto_tensor.create : tensor<4xf32>
    %g16 = pto_tensor.create : tensor<4xf16>
    %gbf16 = pto_tensor.create : tensor<4xbf16>
    pto_orch.call @k1(out %f32, out %f16, out %bf16, out %i8, out %si8, out %ui8, out %i16, out %si16, out %ui16, out %i32) : (tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xi8>, tensor<4xsi8>, tensor<4xui8>, tensor<4xi16>, tensor<4xsi16>, tensor<4xui16>, tensor<4xi32>) -> ()
    pto_orch.call @k2(out %si32, out %ui32, out %i64, out %si64, out %ui64, out %flag, out %g32, out %g16, out %gbf16) : (tensor<4xsi32>, tensor<4xui32>, tensor<4xi64>, tensor<4xsi64>, tensor<4xui64>, tensor<4xi1>, tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>) -> ()
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t f32_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo f32_ci(f32_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t f16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo f16_ci(f16_ci_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:        uint32_t bf16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo bf16_ci(bf16_ci_shapes, 1, DataType::BFLOAT16);
// CHECK-NEXT:        uint32_t i8_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo i8_ci(i8_ci_shapes, 1, DataType::INT8);
// CHECK-NEXT:        uint32_t si8_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo si8_ci(si8_ci_shapes, 1, DataType::INT8);
// CHECK-NEXT:        uint32_t ui8_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo ui8_ci(ui8_ci_shapes, 1, DataType::UINT8);
// CHECK-NEXT:        uint32_t i16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo i16_ci(i16_ci_shapes, 1, DataType::INT16);
// CHECK-NEXT:        uint32_t si16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo si16_ci(si16_ci_shapes, 1, DataType::INT16);
// CHECK-NEXT:        uint32_t ui16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo ui16_ci(ui16_ci_shapes, 1, DataType::UINT16);
// CHECK-NEXT:        uint32_t i32_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo i32_ci(i32_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:        uint32_t si32_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo si32_ci(si32_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:        uint32_t ui32_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo ui32_ci(ui32_ci_shapes, 1, DataType::UINT32);
// CHECK-NEXT:        uint32_t i64_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo i64_ci(i64_ci_shapes, 1, DataType::INT64);
// CHECK-NEXT:        uint32_t si64_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo si64_ci(si64_ci_shapes, 1, DataType::INT64);
// CHECK-NEXT:        uint32_t ui64_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo ui64_ci(ui64_ci_shapes, 1, DataType::UINT64);
// CHECK-NEXT:        uint32_t flag_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo flag_ci(flag_ci_shapes, 1, DataType::BOOL);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(f32_ci, f16_ci, bf16_ci, i8_ci, si8_ci, ui8_ci, i16_ci, si16_ci, ui16_ci, i32_ci, si32_ci, ui32_ci, i64_ci, si64_ci, ui64_ci, flag_ci);
// CHECK-NEXT:        const Tensor& f32 = alloc_0.get_ref(0);
// CHECK-NEXT:        const Tensor& f16 = alloc_0.get_ref(1);
// CHECK-NEXT:        const Tensor& bf16 = alloc_0.get_ref(2);
// CHECK-NEXT:        const Tensor& i8 = alloc_0.get_ref(3);
// CHECK-NEXT:        const Tensor& si8 = alloc_0.get_ref(4);
// CHECK-NEXT:        const Tensor& ui8 = alloc_0.get_ref(5);
// CHECK-NEXT:        const Tensor& i16 = alloc_0.get_ref(6);
// CHECK-NEXT:        const Tensor& si16 = alloc_0.get_ref(7);
// CHECK-NEXT:        const Tensor& ui16 = alloc_0.get_ref(8);
// CHECK-NEXT:        const Tensor& i32 = alloc_0.get_ref(9);
// CHECK-NEXT:        const Tensor& si32 = alloc_0.get_ref(10);
// CHECK-NEXT:        const Tensor& ui32 = alloc_0.get_ref(11);
// CHECK-NEXT:        const Tensor& i64 = alloc_0.get_ref(12);
// CHECK-NEXT:        const Tensor& si64 = alloc_0.get_ref(13);
// CHECK-NEXT:        const Tensor& ui64 = alloc_0.get_ref(14);
// CHECK-NEXT:        const Tensor& flag = alloc_0.get_ref(15);
// CHECK-NEXT:        uint32_t g32_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo g32_ci(g32_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t g16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo g16_ci(g16_ci_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:        uint32_t gbf16_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo gbf16_ci(gbf16_ci_shapes, 1, DataType::BFLOAT16);
// CHECK-NEXT:        TaskOutputTensors alloc_1 = alloc_tensors(g32_ci, g16_ci, gbf16_ci);
// CHECK-NEXT:        const Tensor& g32 = alloc_1.get_ref(0);
// CHECK-NEXT:        const Tensor& g16 = alloc_1.get_ref(1);
// CHECK-NEXT:        const Tensor& gbf16 = alloc_1.get_ref(2);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(f32);
// CHECK-NEXT:        params_t0.add_output(f16);
// CHECK-NEXT:        params_t0.add_output(bf16);
// CHECK-NEXT:        params_t0.add_output(i8);
// CHECK-NEXT:        params_t0.add_output(si8);
// CHECK-NEXT:        params_t0.add_output(ui8);
// CHECK-NEXT:        params_t0.add_output(i16);
// CHECK-NEXT:        params_t0.add_output(si16);
// CHECK-NEXT:        params_t0.add_output(ui16);
// CHECK-NEXT:        params_t0.add_output(i32);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(si32);
// CHECK-NEXT:        params_t1.add_output(ui32);
// CHECK-NEXT:        params_t1.add_output(i64);
// CHECK-NEXT:        params_t1.add_output(si64);
// CHECK-NEXT:        params_t1.add_output(ui64);
// CHECK-NEXT:        params_t1.add_output(flag);
// CHECK-NEXT:        params_t1.add_output(g32);
// CHECK-NEXT:        params_t1.add_output(g16);
// CHECK-NEXT:        params_t1.add_output(gbf16);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
