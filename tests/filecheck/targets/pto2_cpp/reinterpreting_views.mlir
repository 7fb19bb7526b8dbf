// A pto_tensor.view that reinterprets its source's shape (a contiguous 2x16 seen as 4x8) prints
// as the Tensor::reshape lower-reinterpreting-views (the first step of pto2-pipeline) makes it:
// of a parameter, of an allocated buffer, in a loop body and in a manual scope. A view that
// fits its source stays a Tensor::view. Printed without the pass, such a view is a located
// error (errors.mlir): the runtime's Tensor::view would reject it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>
pto_orch.kernel @fill aiv (in tensor<2x16xf32>, out tensor<2x16xf32>) -> tensor<2x16xf32>
pto_orch.kernel @half aiv (in tensor<2x8xf32>, inout tensor<4x8xf32>) -> tensor<4x8xf32>

// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t b_ci_shapes[2] = {2, 16};
// CHECK-NEXT:        TensorCreateInfo b_ci(b_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(b_ci);
// CHECK-NEXT:        const Tensor& b = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t fits_shapes[2] = {2, 8};
// CHECK-NEXT:        uint32_t fits_offsets[2] = {0, 8};
// CHECK-NEXT:        Tensor fits = ext_t.view(fits_shapes, fits_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: fill
// CHECK:        params_t0.add_output(b);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t bv_shapes[2] = {4, 8};
// CHECK-NEXT:        Tensor bv = b.reshape(bv_shapes, 2);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(bv);
// CHECK:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                uint32_t lv_shapes[2] = {4, 8};
// CHECK-NEXT:                Tensor lv = b.reshape(lv_shapes, 2);
// CHECK:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:            uint32_t mv_shapes[2] = {4, 8};
// CHECK-NEXT:            Tensor mv = ext_t.reshape(mv_shapes, 2);
// CHECK-NOT: {{.*}}.view({{.*}}
func.func @views(%t: tensor<2x16xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %fits = pto_tensor.view %t[%c0, %c8] : tensor<2x16xf32> to tensor<2x8xf32>
  %b = pto_tensor.create : tensor<2x16xf32>
  %b1 = pto_orch.call @fill(%t, %b) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %bv = pto_tensor.view %b1[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  %y1 = pto_orch.call @k(%bv, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y1) -> (tensor<4x8xf32>) {
    %lv = pto_tensor.view %b1[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
    %acc1 = pto_orch.call @k(%lv, %acc) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  %y4 = pto_orch.call @half(%fits, %y2) : (tensor<2x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %mv = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
    %y3, %ty = pto_orch.submit @k(%mv, %y4) deps(%none : !pto_orch.task_id) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  }
  func.return
}
