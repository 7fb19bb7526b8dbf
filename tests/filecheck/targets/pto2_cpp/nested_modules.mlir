// An orchestration function in a nested builtin.module is printed like a top-level one (the
// passes transform it too), and its tasks run the kernels of its own module.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @outer(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
builtin.module {
  pto_orch.kernel @k aic (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
  func.func @inner(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
    %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    func.return
  }
}

// CHECK-LABEL: // ===== orchestration/outer.cpp =====
// CHECK: rt_submit_aiv_task(0, params_t0);
// CHECK-LABEL: // ===== orchestration/inner.cpp =====
// CHECK: rt_submit_aic_task(0, params_t0);
