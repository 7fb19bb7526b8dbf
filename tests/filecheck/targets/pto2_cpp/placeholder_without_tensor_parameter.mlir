// A tensor variable declared before its value is known (an if result here) starts as a copy of
// the first tensor parameter; a function without one used to be refused after pto2-pipeline
// had accepted it ("declares a tensor variable before its value is known ...: give the function
// a tensor parameter"). It now starts as the first tensor variable still in C++ scope (the
// created %a), and the prologue declares no parameter for it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @f(%flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %a = pto_tensor.create : tensor<4xf32>
  %b = pto_tensor.create : tensor<4xf32>
  %s = scf.if %flag -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %b : tensor<4xf32>
  }
  %o1 = pto_orch.call @k(%s) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // Scalar parameters
// CHECK:        const Tensor& a = alloc_0.get_ref(0);
// CHECK-NEXT:        const Tensor& b = alloc_0.get_ref(1);
// CHECK-EMPTY:
// CHECK-NEXT:        Tensor s = a;
// CHECK-NEXT:        if (flag) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                s = a;
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                s = b;
// CHECK:        params_t0.add_inout(s);
