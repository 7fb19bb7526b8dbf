// Descending loops (upstream's pl.range(start, stop, -s), pl.parallel(n - 1, -1, -1)): the upward
// scf.for over k = -i marked pto_orch.descending prints as the C++ loop over i counting down,
// `for (int64_t i = -lb; i > -ub; i += -s)`. The body's `0 - k` is i; any other use of k is
// (-i). A parallel loop's TaskId array carry has the trip count's slots (the carry plan reads
// the upward loop), the iteration's slot being (-lb - i) / s. Without the marker the same loop
// counts up over k.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (in tensor<4x16xf32>, in index, out tensor<4x16xf32>) -> tensor<4x16xf32>
pto_orch.kernel @fin aiv (in tensor<4x16xf32>, out tensor<4x16xf32>) -> tensor<4x16xf32>

// CHECK-LABEL:// ===== orchestration/dynamic.cpp =====
// CHECK:        for (int64_t i = (int64_t)((uint64_t)n - 1); i > -1; i += -1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: k
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_x);
// CHECK-NEXT:                params_t0.add_inout(ext_y);
// CHECK-NEXT:                params_t0.add_scalar((uint64_t)i);
// CHECK:                params_t1.add_scalar((uint64_t)(-i));
func.func @dynamic(%x: tensor<4x16xf32>, %y: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %start = arith.subi %n, %c1 : index
  %lb = arith.subi %c0, %start : index
  %r = scf.for %k = %lb to %c1 step %c1 iter_args(%acc = %y) -> (tensor<4x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<4x16xf32>, index, tensor<4x16xf32>) -> tensor<4x16xf32>
    %acc2 = pto_orch.call @k(%x, %k, %acc1) : (tensor<4x16xf32>, index, tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %acc2 : tensor<4x16xf32>
  } {pto_orch.descending}
  func.return
}

// CHECK-LABEL:// ===== orchestration/parallel_array.cpp =====
// CHECK:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:            PTO2TaskId t[4];
// CHECK-NEXT:            for (int64_t i = 0; i < 4; ++i)
// CHECK-NEXT:                t[i] = PTO2TaskId::invalid();
// CHECK-NEXT:            for (int64_t row = 3; row > -1; row += -1) {
// CHECK:                params_t0.add_scalar((uint64_t)row);
// CHECK:                t[3 - row] = t1;
// CHECK-NEXT:            }
// CHECK:            PTO2TaskId params_t1_deps[4];
func.func @parallel_array(%x: tensor<4x16xf32>, %y: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %r, %t = scf.for %k = %lb to %c1 step %c1 iter_args(%acc = %y, %p = %none) -> (tensor<4x16xf32>, !pto_orch.task_id) {
      %row = arith.subi %c0, %k : index
      %acc1, %t1 = pto_orch.submit @k(%x, %row, %acc) deps(%p : !pto_orch.task_id) : (tensor<4x16xf32>, index, tensor<4x16xf32>) -> tensor<4x16xf32>
      scf.yield %acc1, %t1 : tensor<4x16xf32>, !pto_orch.task_id
    } {pto_orch.descending, pto_orch.parallel}
    %z1, %tz = pto_orch.submit @fin(%r, %z) deps(%t : !pto_orch.task_id) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  }
  func.return
}

// CHECK-LABEL:// ===== orchestration/step_two.cpp =====
// CHECK:        for (int64_t i = 8; i > 0; i += -2) {
// CHECK:        for (int64_t k = -8; k < 0; k += 2) {
func.func @step_two(%x: tensor<4x16xf32>, %y: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %lb = arith.constant -8 : index
  %r = scf.for %k = %lb to %c0 step %c2 iter_args(%acc = %y) -> (tensor<4x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<4x16xf32>, index, tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %acc1 : tensor<4x16xf32>
  } {pto_orch.descending}
  // the same loop without the marker: it counts up over k
  %r2 = scf.for %k = %lb to %c0 step %c2 iter_args(%acc = %r) -> (tensor<4x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<4x16xf32>, index, tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %acc1 : tensor<4x16xf32>
  }
  func.return
}
