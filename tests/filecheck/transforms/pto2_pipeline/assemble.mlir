// pto_tensor.assemble of a created tensor through the whole pipeline: the create becomes a
// view of the target (fuse-create-assemble-to-slice), so the task writes ext_out in place, in
// an auto scope, a user manual scope and a compiler-owned manual scope. No carry is left for
// the target (the loop's yield became pass-through), and nothing is allocated.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s
// CHECK-NOT: alloc_tensors

pto_orch.kernel @fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>

// CHECK-LABEL: // ===== orchestration/auto_rows.cpp =====
// CHECK:        for (int64_t r = 0; r < 4; r += 1) {
// CHECK-NEXT:       PTO2_SCOPE() {
// CHECK-NEXT:           uint32_t row_shapes[2] = {1, 8};
// CHECK-NEXT:           uint32_t row_offsets[2] = {(uint32_t)r, 0};
// CHECK-NEXT:           Tensor row = ext_out.view(row_shapes, row_offsets);
// CHECK:                params_t0.{{add_output|add_inout}}(row);
func.func @auto_rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  func.return %res : tensor<4x8xf32>
}

// CHECK-LABEL: // ===== orchestration/manual_rows.cpp =====
// CHECK:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:            for (int64_t r = 0; r < 4; r += 1) {
// CHECK-NEXT:           uint32_t row_shapes[2] = {1, 8};
// CHECK-NEXT:           uint32_t row_offsets[2] = {(uint32_t)r, 0};
// CHECK-NEXT:           Tensor row = ext_out.view(row_shapes, row_offsets);
// CHECK:                params_t0.{{add_output|add_inout}}(row);
func.func @manual_rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fin = pto_rt.scope manual -> (tensor<4x8xf32>) {
    %none = pto_system.task_invalid
    %res, %last = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out, %prev = %none) -> (tensor<4x8xf32>, !pto_orch.task_id) {
      %row = pto_tensor.create : tensor<1x8xf32>
      %row1, %t = pto_orch.submit @fill_row(%x, %r, %row) deps(%prev : !pto_orch.task_id) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
      %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
      scf.yield %acc1, %t : tensor<4x8xf32>, !pto_orch.task_id
    }
    pto_rt.yield %res : tensor<4x8xf32>
  }
  func.return %fin : tensor<4x8xf32>
}

// CHECK-LABEL: // ===== orchestration/compiler_manual_rows.cpp =====
// CHECK:        for (int64_t r = 0; r < 4; r += 1) {
// CHECK-NEXT:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:           uint32_t row_shapes[2] = {1, 8};
// CHECK-NEXT:           uint32_t row_offsets[2] = {(uint32_t)r, 0};
// CHECK-NEXT:           Tensor row = ext_out.view(row_shapes, row_offsets);
// CHECK:                params_t0.{{add_output|add_inout}}(row);
func.func @compiler_manual_rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %res, %last = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out, %prev = %none) -> (tensor<4x8xf32>, !pto_orch.task_id) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1, %t = pto_orch.submit @fill_row(%x, %r, %row) deps(%prev : !pto_orch.task_id) {manual_candidate} : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1, %t : tensor<4x8xf32>, !pto_orch.task_id
  }
  func.return %res : tensor<4x8xf32>
}
