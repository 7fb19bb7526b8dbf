// Attributes of other dialects on our ops are kept through pto2-pipeline and ignored by the
// C++ printer (as MLIR keeps discardable attributes of dialects it does not know); attributes
// in our dialects' namespaces must be known (../../dialects/*/invalid.mlir).
// RUN: pypto-opt -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func @f(
// CHECK:         %tmp, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %0 = pto_tensor.create {mytool.pool = 2 : i64} : tensor<4xf32>
// CHECK:         %tmp1 = pto_orch.call @k(in %a, out %tmp) {mytool.allow_early_resolve} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK:         %o1, %t = pto_orch.submit @k(in %tmp1, out %o) {mytool.allow_early_resolve, mytool.note = "kept"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CPP:        // Task 0: k
// CPP-NEXT:        Arg params_t0;
// CPP-NEXT:        params_t0.add_input(ext_a);
// CPP-NEXT:        params_t0.add_output(tmp);
// CPP-NEXT:        rt_submit_aiv_task(0, params_t0);
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %tmp = pto_tensor.create {mytool.pool = 2 : i64} : tensor<4xf32>
  %tmp1 = pto_orch.call @k(%a, %tmp) {mytool.allow_early_resolve} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %o1, %t = pto_orch.submit @k(%tmp1, %o) {mytool.allow_early_resolve, mytool.note = "kept"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
