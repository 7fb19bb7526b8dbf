// A buffer created with manual_dep, written by one AUTO task and read by the next: the
// runtime's tensor map skips it, so order-untracked-hazards orders the reader after the writer
// with a compiler edge (an explicit dependency in the C++). Run: tests/test_manual_dep_buffers.py.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s
pto_orch.kernel @acc_add aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @manual_dep_raw(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16x16xf32>
  %m1 = pto_orch.call @acc_add(%a, %m) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @copy(%m1, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
// CHECK-LABEL:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK:        TensorCreateInfo m_ci(m_ci_shapes, 2, DataType::FLOAT32, true);
// CHECK:        // Task 0: acc_add
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_inout(m);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId m1_tid = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: copy
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(m);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = m1_tid;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
