// A pto_orch.parallel loop whose body is a user manual scope carrying a TaskId, in default
// (auto-scope) mode: materialize-runtime-scopes wraps the body in an auto scope around the
// manual one, and the manual scope's TaskId result is assigned to the loop carry (an array
// carry: one slot per iteration, classify-iter-arg-carry) inside its own block, as when the
// function is opted out. (It once failed with an error naming a
// 'pto_rt.yield' the user never wrote.) Every iteration sees the carry's initial value, the
// invalid TaskId, so the task inside waits for nothing: no dependency array.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    %n = pto_rt.scope manual -> (!pto_orch.task_id) {
      %x, %tid = pto_orch.submit @k(in %a, out %b) deps(%t : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      pto_rt.yield %tid : !pto_orch.task_id
    }
    scf.yield %n : !pto_orch.task_id
  } {pto_orch.parallel}
  %y, %ty = pto_orch.submit @k(in %a, out %b) deps(%r : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK:        PTO2TaskId r[4];
// CHECK-NEXT:   for (int64_t i1 = 0; i1 < 4; ++i1)
// CHECK-NEXT:       r[i1] = PTO2TaskId::invalid();
// CHECK-NEXT:   for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT:       PTO2_SCOPE() {
// CHECK-NEXT:           PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NOT:                set_dependencies
// CHECK:                    PTO2TaskId tid = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:               r[i] = tid;
// CHECK-NEXT:           }
// CHECK-NEXT:       }
// CHECK-NEXT:   }
