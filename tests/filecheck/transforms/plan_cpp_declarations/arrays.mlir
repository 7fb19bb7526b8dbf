// plan-cpp-declarations with integer arrays and TaskId arrays (docs/passes/plan-cpp-declarations.md):
// an integer array carried through a loop, or produced by an if, directly in a manual scope
// is declared before the header like any carry / if result, but never with its initial value
// (a C++ array is filled slot by slot where the loop is printed), even when that value is
// known there; a scalar carry beside it is. A parameter named only by an array op (an element
// of int_array_create, an index of int_array_get / task_array_get, through arith) is declared.
// RUN: pypto-opt -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<64x16xf32>, in index, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @t aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @carry(
// CHECK-SAME:    pto_orch.declared_params = array<i64: 0, 1, 2, 3>, pto_orch.declared_dims = []}
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>, pto_orch.hoisted = array<i64: 0, 1>, pto_orch.hoisted_with_init = array<i64: 1>}
// CPP-LABEL: // ===== orchestration/carry.cpp =====
// CPP:               int64_t init[2] = {n, 1};
// CPP-EMPTY:
// CPP-NEXT:          int64_t a[2];
// CPP-NEXT:          int64_t k = s;
// CPP-NEXT:          PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP-NEXT:              for (int64_t i1 = 0; i1 < 2; ++i1)
// CPP-NEXT:                  a[i1] = init[i1];
// CPP-NEXT:              for (int64_t i = 0; i < 2; i += 1) {
// CPP-NEXT:                  a[i] = k;
// CPP-NEXT:                  k = (int64_t)((uint64_t)k + 1);
// CPP-NEXT:              }
// CPP-NEXT:          }
// CPP-EMPTY:
// CPP-NEXT:          int64_t e = a[k];
func.func @carry(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = pto_orch.int_array_create %n, %c1 : !pto_orch.int_array<2, index>
  %r, %cnt = pto_rt.scope manual -> (!pto_orch.int_array<2, index>, index) {
    %seen, %m = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init, %k = %s) -> (!pto_orch.int_array<2, index>, index) {
      %a1 = pto_orch.int_array_set %k, %a[%i] : !pto_orch.int_array<2, index>
      %k1 = arith.addi %k, %c1 : index
      scf.yield %a1, %k1 : !pto_orch.int_array<2, index>, index
    }
    pto_rt.yield %seen, %m : !pto_orch.int_array<2, index>, index
  }
  %e = pto_orch.int_array_get %r[%cnt] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// %m is named only as an element of the else branch's array.
// CHECK-LABEL: func.func @branch(
// CHECK-SAME:    pto_orch.declared_params = array<i64: 0, 1, 2, 3>, pto_orch.declared_dims = []}
// CHECK:         }{pto_orch.hoisted = array<i64: 0>}
// CPP-LABEL: // ===== orchestration/branch.cpp =====
// CPP:               int64_t pick[2];
// CPP-NEXT:          PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP-NEXT:              if (c) {
// CPP:                       int64_t hi[2] = {m, m};
func.func @branch(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1, %m: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r = pto_rt.scope manual -> (!pto_orch.int_array<2, index>) {
    %pick = scf.if %c -> (!pto_orch.int_array<2, index>) {
      %lo = pto_orch.int_array_create %c0, %c16 : !pto_orch.int_array<2, index>
      scf.yield %lo : !pto_orch.int_array<2, index>
    } else {
      %hi = pto_orch.int_array_create %m, %m : !pto_orch.int_array<2, index>
      scf.yield %hi : !pto_orch.int_array<2, index>
    }
    pto_rt.yield %pick : !pto_orch.int_array<2, index>
  }
  %e = pto_orch.int_array_get %r[%c0] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// %j is named only inside the array indices (j + 1, j + j: arith values used once, printed
// in their user's text).
// CHECK-LABEL: func.func @indices(
// CHECK-SAME:    pto_orch.declared_params = array<i64: 0, 1, 2>, pto_orch.declared_dims = []}
// CPP-LABEL: // ===== orchestration/indices.cpp =====
// CPP:           // Scalar parameters
// CPP-NEXT:      union { uint64_t u64; int64_t val; } j_conv;
// CPP:               int64_t e = arr[(int64_t)((uint64_t)j + 1)];
// CPP:                   PTO2TaskId t = tids[(int64_t)((uint64_t)j + (uint64_t)j)];
func.func @indices(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %j: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %arr = pto_orch.int_array_create %c0, %c1 : !pto_orch.int_array<2, index>
  %j1 = arith.addi %j, %c1 : index
  %e = pto_orch.int_array_get %arr[%j1] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  pto_rt.scope manual {
    %tids = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %j2 = arith.addi %j, %j : index
    %t = pto_orch.task_array_get %tids[%j2] : !pto_orch.task_id_array<2>
    %y2, %tid = pto_orch.submit @k(%x, %e, %y1) deps(%t : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
