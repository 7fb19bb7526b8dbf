// guard-dynamic-loop-steps: a loop whose step is not a constant gets the upper bound
// `step > 0 ? ub : lb`, so a step <= 0 runs no iteration (the C++ `for` would never end with
// 0, and with a negative step would run until the index overflows). Constant steps are left
// alone; running the pass again changes nothing; the C++ evaluates the guard in the loop
// condition. Loops inside manual scopes (user or compiler-owned) get the same guard.
// RUN: pypto-opt -p guard-dynamic-loop-steps %s | filecheck %s
// RUN: pypto-opt -p guard-dynamic-loop-steps %s > %t.once.mlir
// RUN: pypto-opt -p guard-dynamic-loop-steps %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func @dynamic(
// CHECK:         %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %0 = arith.constant 0 : index
// CHECK-NEXT:    %step_positive = arith.cmpi sgt, %s, %0 : index
// CHECK-NEXT:    %ub_guarded = arith.select %step_positive, %n, %c0 : index
// CHECK-NEXT:    %r = scf.for %i = %c0 to %ub_guarded step %s iter_args(%acc = %b) -> (tensor<4xf32>) {
// CHECK:         scf.for %j = %c0 to %n step %c1 {
// CPP-LABEL: // ===== orchestration/dynamic.cpp =====
// CPP:       for (int64_t i = 0; i < ((s > 0) ? n : 0); i += s) {
// CPP:       for (int64_t j = 0; j < n; j += 1) {
func.func @dynamic(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %s iter_args(%acc = %b) -> (tensor<4xf32>) {
    %acc1 = pto_orch.call @k(%a, %i, %acc) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %acc1 : tensor<4xf32>
  }
  scf.for %j = %c0 to %n step %c1 {
    %x = pto_orch.call @k(%a, %j, %b) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @in_manual(
// CHECK:         pto_rt.scope manual {
// CHECK-NEXT:      %none = pto_system.task_invalid
// CHECK-NEXT:      %0 = arith.constant 0 : index
// CHECK-NEXT:      %step_positive = arith.cmpi sgt, %s, %0 : index
// CHECK-NEXT:      %ub_guarded = arith.select %step_positive, %n, %c0 : index
// CHECK-NEXT:      %t = scf.for %i = %c0 to %ub_guarded step %s iter_args(%p = %none) -> (!pto_orch.task_id) {
// CPP-LABEL: // ===== orchestration/in_manual.cpp =====
// CPP:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP:       for (int64_t i = 0; i < ((s > 0) ? n : 0); i += s) {
func.func @in_manual(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %t = scf.for %i = %c0 to %n step %s iter_args(%p = %none) -> (!pto_orch.task_id) {
      %x, %ti = pto_orch.submit @k(%a, %i, %b) deps(%p : !pto_orch.task_id) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
      scf.yield %ti : !pto_orch.task_id
    }
  }
  func.return
}

// CHECK-LABEL: func.func @compiler_manual(
// CHECK:         %step_positive = arith.cmpi sgt, %s, %0 : index
// CHECK-NEXT:    %ub_guarded = arith.select %step_positive, %n, %c0 : index
// CHECK-NEXT:    %t = scf.for %i = %c0 to %ub_guarded step %s iter_args(%p = %none) -> (!pto_orch.task_id) {
// CPP-LABEL: // ===== orchestration/compiler_manual.cpp =====
// CPP:       for (int64_t i = 0; i < ((s > 0) ? n : 0); i += s) {
// CPP-NEXT:      PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
func.func @compiler_manual(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %none = pto_system.task_invalid
  %t = scf.for %i = %c0 to %n step %s iter_args(%p = %none) -> (!pto_orch.task_id) {
    %x, %ti = pto_orch.submit @k(%a, %i, %b) deps(%p : !pto_orch.task_id) {manual_candidate} : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %ti : !pto_orch.task_id
  }
  func.return
}
