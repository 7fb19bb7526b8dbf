// The complete orch_basic example (README), byte for byte, from hand-written
// post-pipeline IR (directions explicit, body scope explicit, pto_rt.auto_scope = false).
// Kernel ids are per kernel (the second kernel_add task submits with id 0), the entry points
// are exported, `c` is batched into the scope's alloc_tensors, %c1 and %d1 are remapped to
// `c` and `ext_d`.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | diff - %support/examples/orch_basic_expected.cpp

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @orch_basic(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %0 = pto_rt.scope auto -> (tensor<16x16xf32>) {
    %c = pto_tensor.create : tensor<16x16xf32>
    %c1 = pto_orch.call @kernel_add(in %a, in %b, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %d1 = pto_orch.call @kernel_add(in %c1, in %b, out %d) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield %d1 : tensor<16x16xf32>
  }
  func.return %0 : tensor<16x16xf32>
}

// CHECK:#include <stddef.h>
// CHECK-NEXT:#include <stdint.h>
// CHECK-NEXT:#include <stdio.h>
// CHECK-NEXT:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 3 };
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(2));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t c_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(c_ci);
// CHECK-NEXT:        const Tensor& c = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: kernel_add
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_input(ext_b);
// CHECK-NEXT:        params_t0.add_output(c);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: kernel_add
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(c);
// CHECK-NEXT:        params_t1.add_input(ext_b);
// CHECK-NEXT:        params_t1.add_output(ext_d);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
