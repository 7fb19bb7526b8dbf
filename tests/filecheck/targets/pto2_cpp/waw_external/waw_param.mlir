// Two tasks write the `out` parameter %y one after the other: the first as out, the second
// as inout, so the runtime orders it after the first (write after write). Run with y = 0:
// y ends as b (kernel_copy of a first, then of b).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @waw_param(%a: tensor<16xf32>, %b: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %y1 = pto_orch.call @kernel_copy(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y2 = pto_orch.call @kernel_copy(%b, %y1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %y2 : tensor<16xf32>
}

// CHECK: params_t0.add_input(ext_a);
// CHECK-NEXT: params_t0.add_output(ext_y);
// CHECK: params_t1.add_input(ext_b);
// CHECK-NEXT: params_t1.add_inout(ext_y);
