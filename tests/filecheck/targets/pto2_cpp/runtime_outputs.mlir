// Runtime-allocated outputs (docs/targets/pto2-cpp.md, "Runtime-allocated outputs"): a task
// that passes only a prefix of its kernel's parameters leaves the trailing Out tensors to the
// runtime: one TensorCreateInfo each before the Arg, `add_output(<ci>)` after the task's own
// tensors (before its scalars), the submit captured as task_<n>_outs when a result or the
// TaskId is used (runtime_outputs_unused.mlir), and each used result bound as
// `const Tensor& r = task_<n>_outs.get_ref(k)` (k counts the allocated outputs); an unused
// one is allocated but not bound.
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @produce aiv (in tensor<16x16xf32>, in f32, out tensor<16x16xf32>, out tensor<8xi32>) -> (tensor<16x16xf32>, tensor<8xi32>) returns [2, 3]
pto_orch.kernel @use aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @outputs(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %x, %n, %t0 = pto_orch.submit @produce(in %a, scalar %s) : (tensor<16x16xf32>, f32) -> (tensor<16x16xf32>, tensor<8xi32>)
    %o1, %t1 = pto_orch.submit @use(in %x, out %o) deps(%t0 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// CHECK:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: produce
// CHECK-NEXT:        uint32_t x_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo x_ci(x_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t n_ci_shapes[1] = {8};
// CHECK-NEXT:        TensorCreateInfo n_ci(n_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(x_ci);
// CHECK-NEXT:        params_t0.add_output(n_ci);
// CHECK-NEXT:        params_t0.add_scalar(to_u64(s));
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t0 = task_0_outs.task_id();
// CHECK-NEXT:        const Tensor& x = task_0_outs.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: use
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(x);
// CHECK-NEXT:        params_t1.add_output(ext_o);
