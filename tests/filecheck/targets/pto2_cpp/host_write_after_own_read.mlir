// A host write after a task that reads and writes the same buffer (`@twice(%t, %t)`, kernel
// `(in, out)`): derive-call-directions makes the out slot inout, the runtime records the task
// as %t's writer, and set_tensor_data waits for it (verify-orchestration accepts the write).
// Run: tests/test_host_write_after_own_read.py.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s
pto_orch.kernel @twice aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @own_read(%t: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t1 = pto_orch.call @twice(%t, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t2 = pto_tensor.write %one, %t1[%c0] : f32, tensor<16xf32>
  %w1 = pto_orch.call @inc(%t2, %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK:        // Task 0: twice
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_t);
// CHECK-NEXT:        params_t0.add_inout(ext_t);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t indices_t2[1] = {0};
// CHECK-NEXT:        set_tensor_data<float>(ext_t, 1, indices_t2, 1.0f);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: inc
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_t);
// CHECK-NEXT:        params_t1.add_output(ext_w);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
