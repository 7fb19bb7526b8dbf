// Integer arrays updated in an scf.if branch, and arrays / updates / elements nothing reads:
//  - @then_sets, @both_set: a branch updates the array in place, the other branch passes it
//    through or updates another element (only one branch runs); the if result is an array of
//    its own, copied from the branch's array;
//  - @dead_carry: a carry only updated, whose result nothing reads, prints nothing (no
//    variable g++ -Werror finds set but unused): its update and its init are not read;
//  - @unread_element: an element nothing reads gets no variable, and neither does the array.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (in tensor<16x16xf32>, in index, inout tensor<16x16xf32>) -> tensor<16x16xf32>

// CHECK-LABEL:// ===== orchestration/then_sets.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        int64_t a[2] = {0};
// CHECK-EMPTY:
// CHECK-NEXT:        int64_t r[2];
// CHECK-NEXT:        if (c) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                a[0] = v;
// CHECK-NEXT:                for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                    r[i] = a[i];
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                    r[i] = a[i];
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        int64_t e = r[0];
func.func @then_sets(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1, %v: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, index>
  %r = scf.if %c -> (!pto_orch.int_array<2, index>) {
    %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, index>
    scf.yield %a1 : !pto_orch.int_array<2, index>
  } else {
    scf.yield %a : !pto_orch.int_array<2, index>
  }
  %e = pto_orch.int_array_get %r[%c0] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/both_set.cpp =====
// CHECK:        if (c) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                a[0] = v;
// CHECK:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                a[1] = v;
func.func @both_set(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1, %v: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, index>
  %r = scf.if %c -> (!pto_orch.int_array<2, index>) {
    %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, index>
    scf.yield %a1 : !pto_orch.int_array<2, index>
  } else {
    %a2 = pto_orch.int_array_set %v, %a[%c1] : !pto_orch.int_array<2, index>
    scf.yield %a2 : !pto_orch.int_array<2, index>
  }
  %e = pto_orch.int_array_get %r[%c1] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/dead_carry.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = 0; i < 3; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: k
// CHECK:                params_t0.add_scalar((uint64_t)i);
func.func @dead_carry(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: i32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %l:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%b = %a, %acc = %y) -> (!pto_orch.int_array<2, i32>, tensor<16x16xf32>) {
    %b1 = pto_orch.int_array_set %v, %b[%c1] : !pto_orch.int_array<2, i32>
    %acc1 = pto_orch.call @k(%x, %i, %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %b1, %acc1 : !pto_orch.int_array<2, i32>, tensor<16x16xf32>
  }
  func.return
}

// CHECK-LABEL:// ===== orchestration/unread_element.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k
func.func @unread_element(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_orch.int_array_create %n, %n : !pto_orch.int_array<2, index>
  %e = pto_orch.int_array_get %a[%c0] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %n, %y) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
