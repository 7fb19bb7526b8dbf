// A descending loop's bound `0 - n` prints as `n` in the header (descending.py), so a bound
// two loops share is not read as a variable: no `int64_t ub = ...;` nothing reads (g++
// -Werror rejects it), for the upper bound and for the lower bound alike. A bound some other
// op also prints is still declared once.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (in tensor<16x16xf32>, in index, inout tensor<16x16xf32>) -> tensor<16x16xf32>

// CHECK-LABEL:// ===== orchestration/shared_ub.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = 10; i > n; i += -1) {
// CHECK:        for (int64_t i_1 = 10; i_1 > n; i_1 += -1) {
func.func @shared_ub(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -10 : index
  %ub = arith.subi %c0, %n : index
  %r = scf.for %k = %lb to %ub step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc1 : tensor<16x16xf32>
  } {pto_orch.descending}
  %r2 = scf.for %k = %lb to %ub step %c1 iter_args(%acc = %r) -> (tensor<16x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc1 : tensor<16x16xf32>
  } {pto_orch.descending}
  func.return
}

// CHECK-LABEL:// ===== orchestration/shared_lb.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = n; i > -1; i += -1) {
// CHECK:        for (int64_t i_1 = n; i_1 > -1; i_1 += -1) {
func.func @shared_lb(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.subi %c0, %n : index
  %ub = arith.constant 1 : index
  %r = scf.for %k = %lb to %ub step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc1 : tensor<16x16xf32>
  } {pto_orch.descending}
  %r2 = scf.for %k = %lb to %ub step %c1 iter_args(%acc = %r) -> (tensor<16x16xf32>) {
    %i = arith.subi %c0, %k : index
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc1 : tensor<16x16xf32>
  } {pto_orch.descending}
  func.return
}

// CHECK-LABEL:// ===== orchestration/also_printed.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        int64_t ub = (int64_t)(0 - (uint64_t)n);
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t k = 10; k > n; k += -1) {
// CHECK:                params_t0.add_scalar((uint64_t)ub);
// CHECK:                params_t1.add_scalar((uint64_t)ub);
func.func @also_printed(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -10 : index
  %ub = arith.subi %c0, %n : index
  %r = scf.for %k = %lb to %ub step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %acc1 = pto_orch.call @k(%x, %ub, %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %acc2 = pto_orch.call @k(%x, %ub, %acc1) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc2 : tensor<16x16xf32>
  } {pto_orch.descending}
  func.return
}
