// Stages 1-5 and 9 (PyPTO's orchestration codegen document, "代码生成流程"): includes, the exported config function with
// expected_arg_count = tensor + scalar parameters (7), the exported entry, external tensors
// with tensor slots that skip the scalars (a, b, c -> 0, 1, 2), scalar parameters decoded
// through the union idiom with their own slots (n, scale, flag -> 0, 1, 3; the unused %unused
// in slot 2 is not decoded), scalars added after tensors, closing brace of extern "C".
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<8xf32>, out tensor<8xf32>, inout tensor<8xi32>, in index, in f32, in i1) -> (tensor<8xf32>, tensor<8xi32>) returns [1, 2]

func.func @skeleton(%n: index, %a: tensor<8xf32>, %scale: f32, %b: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %unused: i32, %flag: i1, %c: tensor<8xi32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %b1, %c1 = pto_orch.call @k(in %a, out %b, inout %c, scalar %n, scalar %scale, scalar %flag) : (tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, index, f32, i1) -> (tensor<8xf32>, tensor<8xi32>)
  }
  func.return
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
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 7 };
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// CHECK-NEXT:    Tensor ext_c = from_tensor_arg(orch_args.tensor(2));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-NEXT:    union { uint64_t u64; float val; } scale_conv;
// CHECK-NEXT:    scale_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    float scale = scale_conv.val;
// CHECK-NEXT:    union { uint64_t u64; bool val; } flag_conv;
// CHECK-NEXT:    flag_conv.u64 = orch_args.scalar(3);
// CHECK-NEXT:    bool flag = flag_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_b);
// CHECK-NEXT:        params_t0.add_inout(ext_c);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)n);
// CHECK-NEXT:        params_t0.add_scalar(to_u64(scale));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)flag);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
