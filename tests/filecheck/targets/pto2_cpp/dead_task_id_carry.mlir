// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' -t pto2-cpp %s | filecheck %s

// A TaskId carry nothing reads (not the body, not after the loop) whose init is a submit's
// TaskId: the C++ names neither, so the submit captures nothing and the loop declares no
// carry variable. The printer used to look the init up first and fail ("uses %t, which has no
// C++ form"). Found by the runtime-output random programs.

pto_orch.kernel @k_inc aiv (inout tensor<?x?xf32>) -> tensor<?x?xf32>

func.func @f(%o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y, %t = pto_orch.submit @k_inc(inout %o) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %r, %rt = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %y, %tc = %t) -> (tensor<16x16xf32>, !pto_orch.task_id) {
    %z, %tz = pto_orch.submit @k_inc(inout %cur) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %z, %tz : tensor<16x16xf32>, !pto_orch.task_id
  }
  func.return
}

// CHECK-LABEL: void aicpu_orchestration_entry(
// CHECK:         PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_inc
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_inout(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 1: k_inc
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_inout(ext_o);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NOT:     PTO2TaskId
