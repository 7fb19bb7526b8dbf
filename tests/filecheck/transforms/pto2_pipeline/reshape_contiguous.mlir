// The C++ of tests/execution/reshape_contiguous.mlir (run in the simulator by
// tests/test_execution.py): reshapes of contiguous views, in an auto scope, a user manual scope
// and a compiler-owned manual scope.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %S/../../../execution/reshape_contiguous.mlir | filecheck %s

// CHECK-LABEL: // ===== orchestration/rows.cpp =====
// CHECK:       uint32_t s_shapes[3] = {2, 8, 16};
// CHECK-NEXT:  uint32_t s_offsets[3] = {(uint32_t)i, 0, 0};
// CHECK-NEXT:  Tensor s = ext_t.view(s_shapes, s_offsets);
// CHECK-NEXT:  uint32_t r_shapes[1] = {256};
// CHECK-NEXT:  Tensor r = s.reshape(r_shapes, 1);
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:       Tensor m = q.reshape(m_shapes, 1);
// CHECK-LABEL: // ===== orchestration/compiler_owned.cpp =====
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:       Tensor r = s.reshape(r_shapes, 1);
