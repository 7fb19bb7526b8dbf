// Integer arrays (upstream's pl.array.create(N, pl.INT32), tables of indices for loops over
// tiles) as C++ stack arrays: `T a[N] = {0};` or `= {v, ...};`, an element read into a variable
// of its own (a snapshot), an element write in place. An array carried through a loop or
// produced by an scf.if has a variable of its own, filled slot by slot (as TaskId arrays are),
// also before a manual scope's header; carries that read each other go through temporaries.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (in tensor<64x16xf32>, in index, inout tensor<16x16xf32>) -> tensor<16x16xf32>

// CHECK-LABEL:// ===== orchestration/tables.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        int64_t rows[3] = {16, 48, n};
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t i = 0; i < 3; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                int64_t row = rows[i];
// CHECK:                params_t0.add_scalar((uint64_t)row);
func.func @tables(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : i64
  %c48 = arith.constant 48 : i64
  %rows = pto_orch.int_array_create %c16, %c48, %n : !pto_orch.int_array<3, i64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %row = pto_orch.int_array_get %rows[%i] : !pto_orch.int_array<3, i64>
    %ri = arith.index_cast %row : i64 to index
    %acc1 = pto_orch.call @k(%x, %ri, %acc) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc1 : tensor<16x16xf32>
  }
  func.return
}

// CHECK-LABEL:// ===== orchestration/counts.cpp =====
// CHECK:        int32_t zeros[4] = {0};
// CHECK-EMPTY:
// CHECK-NEXT:        int32_t a[4];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 4; ++i1)
// CHECK-NEXT:            a[i1] = zeros[i1];
// CHECK-NEXT:        for (int64_t i = 0; i < 3; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                int32_t old = a[i];
// CHECK-NEXT:                a[i] = (int32_t)((uint32_t)old + 7);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        int32_t v = a[1];
func.func @counts(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : i32
  %zeros = pto_orch.int_array_create : !pto_orch.int_array<4, i32>
  %cnt = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %zeros) -> (!pto_orch.int_array<4, i32>) {
    %old = pto_orch.int_array_get %a[%i] : !pto_orch.int_array<4, i32>
    %new = arith.addi %old, %c7 : i32
    %a1 = pto_orch.int_array_set %new, %a[%i] : !pto_orch.int_array<4, i32>
    scf.yield %a1 : !pto_orch.int_array<4, i32>
  }
  %v = pto_orch.int_array_get %cnt[%c1] : !pto_orch.int_array<4, i32>
  %vi = arith.index_cast %v : i32 to index
  %y1 = pto_orch.call @k(%x, %vi, %y) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/swap.cpp =====
// CHECK:        int64_t p[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            p[i1] = pa[i1];
// CHECK-NEXT:        int64_t q[2];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:            q[i1] = qa[i1];
// CHECK:                int64_t p_next[2];
// CHECK-NEXT:                for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                    p_next[i1] = q[i1];
// CHECK-NEXT:                int64_t q_next[2];
// CHECK-NEXT:                for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                    q_next[i1] = p[i1];
// CHECK-NEXT:                for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                    p[i1] = p_next[i1];
// CHECK-NEXT:                for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                    q[i1] = q_next[i1];
// CHECK:        int64_t f = q[1];
func.func @swap(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %pa = pto_orch.int_array_create %one, %one : !pto_orch.int_array<2, index>
  %qa = pto_orch.int_array_create %two, %two : !pto_orch.int_array<2, index>
  %rp, %rq, %ry = scf.for %i = %c0 to %s step %c1 iter_args(%p = %pa, %q = %qa, %acc = %y) -> (!pto_orch.int_array<2, index>, !pto_orch.int_array<2, index>, tensor<16x16xf32>) {
    %e = pto_orch.int_array_get %p[%c0] : !pto_orch.int_array<2, index>
    %acc1 = pto_orch.call @k(%x, %e, %acc) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %q, %p, %acc1 : !pto_orch.int_array<2, index>, !pto_orch.int_array<2, index>, tensor<16x16xf32>
  }
  %f = pto_orch.int_array_get %rq[%c1] : !pto_orch.int_array<2, index>
  %y2 = pto_orch.call @k(%x, %f, %ry) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/branch.cpp =====
// CHECK:        int64_t pick[2];
// CHECK-NEXT:        if (c) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                int64_t lo[2] = {0, 16};
// CHECK-NEXT:                for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                    pick[i] = lo[i];
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                int64_t hi[2] = {32, 48};
// CHECK-NEXT:                for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                    pick[i] = hi[i];
// CHECK-NEXT:            }
// CHECK-NEXT:        }
func.func @branch(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %pick = scf.if %c -> (!pto_orch.int_array<2, index>) {
    %lo = pto_orch.int_array_create %c0, %c16 : !pto_orch.int_array<2, index>
    scf.yield %lo : !pto_orch.int_array<2, index>
  } else {
    %hi = pto_orch.int_array_create %c32, %c48 : !pto_orch.int_array<2, index>
    scf.yield %hi : !pto_orch.int_array<2, index>
  }
  %e = pto_orch.int_array_get %pick[%c0] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/manual.cpp =====
// CHECK:        int64_t a[2];
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:            int64_t init[2] = {0};
// CHECK-EMPTY:
// CHECK-NEXT:            for (int64_t i1 = 0; i1 < 2; ++i1)
// CHECK-NEXT:                a[i1] = init[i1];
// CHECK-NEXT:            for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:                a[i] = i;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        int64_t e = a[1];
func.func @manual(%x: tensor<64x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = pto_rt.scope manual -> (!pto_orch.int_array<2, index>) {
    %init = pto_orch.int_array_create : !pto_orch.int_array<2, index>
    %seen = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init) -> (!pto_orch.int_array<2, index>) {
      %a1 = pto_orch.int_array_set %i, %a[%i] : !pto_orch.int_array<2, index>
      scf.yield %a1 : !pto_orch.int_array<2, index>
    }
    pto_rt.yield %seen : !pto_orch.int_array<2, index>
  }
  %e = pto_orch.int_array_get %r[%c1] : !pto_orch.int_array<2, index>
  %y1 = pto_orch.call @k(%x, %e, %y) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
