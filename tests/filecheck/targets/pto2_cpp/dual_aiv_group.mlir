// A dual-AIV group (group<@aiv0, @aiv1>, both members AIV kernels) is submitted as
// MixedKernels{INVALID_KERNEL_ID, aiv0, aiv1}; one kernel on both vector cores repeats its id.
// The kernel table lists the group with its members as "aiv0" / "aiv1".
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s
// RUN: rm -rf %t && pypto-opt -t pto2-cpp %s -o %t/ && filecheck --input-file=%t/kernel_config.json %s --check-prefix=JSON

pto_orch.kernel @top aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @bottom aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @halves group<@top, @bottom> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @twice group<@top, @top> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

func.func @dual(%a: tensor<8xf32>, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %o1 = pto_orch.call @halves(in %a, out %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %o2 = pto_orch.call @twice(in %a, out %o1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}

// CHECK:    // Task 0: halves
// CHECK-NEXT:    Arg params_t0;
// CHECK-NEXT:    params_t0.add_input(ext_a);
// CHECK-NEXT:    params_t0.add_output(ext_o);
// CHECK-NEXT:    MixedKernels mixed_0 = {INVALID_KERNEL_ID, 0, 1};
// CHECK-NEXT:    rt_submit_task(mixed_0, params_t0);
// CHECK:    // Task 1: twice
// CHECK-NEXT:    Arg params_t1;
// CHECK-NEXT:    params_t1.add_input(ext_a);
// CHECK-NEXT:    params_t1.add_output(ext_o);
// CHECK-NEXT:    MixedKernels mixed_1 = {INVALID_KERNEL_ID, 0, 0};
// CHECK-NEXT:    rt_submit_task(mixed_1, params_t1);
// JSON: "name": "halves",
// JSON-NEXT: "id": null,
// JSON-NEXT: "core_type": "MIX",
// JSON: "aiv0": "top",
// JSON-NEXT: "aiv1": "bottom"
