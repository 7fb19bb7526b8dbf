// Integer arrays (upstream's pl.array.create(N, pl.INT32)): the type !pto_orch.int_array<N, T>
// and int_array_create (all 0, or from N values) / int_array_get / int_array_set, in custom
// form printed back as written, unchanged through the generic form, and the generic form.
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @arrays(%x: i32, %n: index, %i: index) {
// CHECK-NEXT:    %zeros = pto_orch.int_array_create : !pto_orch.int_array<4, i32>
// CHECK-NEXT:    %c16 = arith.constant 16 : index
// CHECK-NEXT:    %tbl = pto_orch.int_array_create %c16, %n : !pto_orch.int_array<2, index>
// CHECK-NEXT:    %v = pto_orch.int_array_get %zeros[%i] : !pto_orch.int_array<4, i32>
// CHECK-NEXT:    %set = pto_orch.int_array_set %x, %zeros[%i] : !pto_orch.int_array<4, i32>
// CHECK-NEXT:    %row = pto_orch.int_array_get %tbl[%i] {tag} : !pto_orch.int_array<2, index>
// CHECK-NEXT:    %u8 = pto_orch.int_array_create : !pto_orch.int_array<1, ui8>
// GENERIC: %zeros = "pto_orch.int_array_create"() : () -> !pto_orch.int_array<4, i32>
// GENERIC: %tbl = "pto_orch.int_array_create"(%c16, %n) : (index, index) -> !pto_orch.int_array<2, index>
// GENERIC: %v = "pto_orch.int_array_get"(%zeros, %i) : (!pto_orch.int_array<4, i32>, index) -> i32
// GENERIC: %set = "pto_orch.int_array_set"(%x, %zeros, %i) : (i32, !pto_orch.int_array<4, i32>, index) -> !pto_orch.int_array<4, i32>
// GENERIC: %row = "pto_orch.int_array_get"(%tbl, %i) {tag} : (!pto_orch.int_array<2, index>, index) -> index
func.func @arrays(%x: i32, %n: index, %i: index) {
  %zeros = pto_orch.int_array_create : !pto_orch.int_array<4, i32>
  %c16 = arith.constant 16 : index
  %tbl = pto_orch.int_array_create %c16, %n : !pto_orch.int_array<2, index>
  %v = pto_orch.int_array_get %zeros[%i] : !pto_orch.int_array<4, i32>
  %set = pto_orch.int_array_set %x, %zeros[%i] : !pto_orch.int_array<4, i32>
  %row = pto_orch.int_array_get %tbl[%i] {tag} : !pto_orch.int_array<2, index>
  %u8 = pto_orch.int_array_create : !pto_orch.int_array<1, ui8>
  func.return
}
