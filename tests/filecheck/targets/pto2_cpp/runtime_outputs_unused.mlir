// Runtime-allocated outputs nothing reads (regression: `TaskOutputTensors task_<n>_outs` was
// declared and never read, which -Werror=unused-but-set-variable rejects): the submit's value
// is dropped when no allocated output is used and the TaskId is not named.
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @produce aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32> returns [1]

func.func @unused(%a: tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %x = pto_orch.call @produce(in %a) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  pto_rt.scope manual {
    %y, %t = pto_orch.submit @produce(in %a) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: produce
// CHECK-NEXT:        uint32_t x_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo x_ci(x_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(x_ci);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 1: produce
// CHECK-NEXT:        uint32_t y_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo y_ci(y_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(y_ci);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
