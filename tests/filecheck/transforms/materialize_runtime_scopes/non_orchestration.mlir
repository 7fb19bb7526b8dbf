// Behaviour 7: non-orchestration functions (no kind, or another kind), bodiless
// declarations and kernel declarations are left exactly as they are, loops, markers and all.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt %s > %t.plain.mlir
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: diff %t.plain.mlir %t.once.mlir

// CHECK: pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @plain(
// CHECK-SAME: -> tensor<16xf32> {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
// CHECK-NEXT:     %o1 = pto_orch.call @kernel_add(%a, %a, %o) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:     scf.yield %o1 : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %l : tensor<16xf32>
// CHECK-NEXT: }
func.func @plain(%a: tensor<16xf32>, %out: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
    %o1 = pto_orch.call @kernel_add(%a, %a, %o) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %o1 : tensor<16xf32>
  }
  func.return %l : tensor<16xf32>
}

// CHECK-LABEL: func.func @incore(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<incore>} {
// CHECK-NEXT:   %c = arith.constant 0 : index
// CHECK-NEXT:   func.return %c : index
// CHECK-NEXT: }
func.func @incore() -> index attributes {pto_orch.kind = #pto_orch.kind<incore>} {
  %c = arith.constant 0 : index
  func.return %c : index
}

// CHECK-LABEL: func.func @opaque(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<opaque>} {
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
func.func @opaque() attributes {pto_orch.kind = #pto_orch.kind<opaque>} {
  func.return
}

// CHECK: func.func private @declared(tensor<16xf32>) -> tensor<16xf32>
func.func private @declared(tensor<16xf32>) -> tensor<16xf32>
