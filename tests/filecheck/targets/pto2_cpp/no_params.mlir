// An orchestration function without parameters: expected_arg_count = 0, no external-tensor
// block, and the entry marks `orch_args` used (the emitted code compiles with -Wextra -Werror).
// A body without any scope prints its ops directly in the entry (pto_rt.auto_scope = false:
// the scopes in the IR are all there is).
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @fill aiv (out tensor<4xf32>) -> tensor<4xf32>

func.func @no_params() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %t = pto_tensor.create : tensor<4xf32>
  %t1 = pto_orch.call @fill(out %t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// CHECK:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 0 };
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-EMPTY:
// CHECK-NEXT:    uint32_t t_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo t_ci(t_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:    TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
// CHECK-NEXT:    const Tensor& t = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:    // Task 0: fill
// CHECK-NEXT:    Arg params_t0;
// CHECK-NEXT:    params_t0.add_output(t);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
