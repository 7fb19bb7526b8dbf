// A module with two orchestration functions prints both files with --cpp-listing, each after a line naming it
// (`// ===== orchestration/<func>.cpp =====`), separated by a blank line; each has its own
// kernel ids in its own first-use order (@second is 0 in @two). Kernels and non-orchestration
// functions print nothing. With -o DIR/ the files are written instead (orchestration/one.cpp,
// orchestration/two.cpp, kernel_config.json listing both) and nothing is printed.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s
// RUN: not pypto-opt -t pto2-cpp %s 2>&1 | filecheck %s --check-prefix=ONE_TU
// RUN: rm -rf %t && pypto-opt -t pto2-cpp %s -o %t/ > %t.stdout && test ! -s %t.stdout
// RUN: filecheck --input-file=%t/orchestration/one.cpp %s --check-prefix=ONE
// RUN: filecheck --input-file=%t/orchestration/two.cpp %s --check-prefix=TWO
// RUN: filecheck --input-file=%t/kernel_config.json %s --check-prefix=JSON
// RUN: rm -rf %t2 && mkdir %t2 && pypto-opt -t pto2-cpp %s -o %t2 && ls %t2/orchestration | filecheck %s --check-prefix=LS
// RUN: rm -rf %t3 && pypto-opt -t 'pto2-cpp{out-dir="%t3"}' %s && ls %t3 | filecheck %s --check-prefix=LS3

pto_orch.kernel @first aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @second aic (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

func.func @one(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %b1 = pto_orch.call @first(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b2 = pto_orch.call @second(in %a, out %b1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

func.func private @not_orchestration(%a: tensor<4xf32>)

func.func @two(%x: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %x1 = pto_orch.call @second(in %x, out %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// ONE:    rt_submit_aiv_task(0, params_t0);
// ONE:    rt_submit_aic_task(1, params_t1);
// TWO:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// TWO:    rt_submit_aic_task(0, params_t0);
// JSON:      "function": "one",
// JSON-NEXT: "file": "orchestration/one.cpp",
// JSON:      "function": "two",
// JSON-NEXT: "file": "orchestration/two.cpp",
// JSON:          "name": "second",
// JSON-NEXT:     "id": 0,
// JSON-NEXT:     "core_type": "AIC",
// LS: one.cpp
// LS-NEXT: two.cpp
// LS3: kernel_config.json
// LS3-NEXT: orchestration

// CHECK:// ===== orchestration/one.cpp =====
// CHECK-NEXT:#include <stddef.h>
// CHECK-NEXT:#include <stdint.h>
// CHECK-NEXT:#include <stdio.h>
// CHECK-NEXT:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 2 };
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Task 0: first
// CHECK-NEXT:    Arg params_t0;
// CHECK-NEXT:    params_t0.add_input(ext_a);
// CHECK-NEXT:    params_t0.add_output(ext_b);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:    // Task 1: second
// CHECK-NEXT:    Arg params_t1;
// CHECK-NEXT:    params_t1.add_input(ext_a);
// CHECK-NEXT:    params_t1.add_output(ext_b);
// CHECK-NEXT:    rt_submit_aic_task(1, params_t1);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
// CHECK-EMPTY:
// CHECK-NEXT:// ===== orchestration/two.cpp =====
// CHECK-NEXT:#include <stddef.h>
// CHECK-NEXT:#include <stdint.h>
// CHECK-NEXT:#include <stdio.h>
// CHECK-NEXT:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 1 };
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// CHECK-NEXT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Task 0: second
// CHECK-NEXT:    Arg params_t0;
// CHECK-NEXT:    params_t0.add_input(ext_x);
// CHECK-NEXT:    params_t0.add_output(ext_x);
// CHECK-NEXT:    rt_submit_aic_task(0, params_t0);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// Without --cpp-listing, stdout must be one translation unit: an error that says what to do.
// ONE_TU: pypto-opt: error: 2 orchestration functions cannot be one C++ translation unit on stdout: each defines aicpu_orchestration_entry; write them with -o DIR/ (one file each), or pass --cpp-listing to print them as a listing of the files
