// Behaviour 6: a function with `pto_rt.auto_scope = false` is left exactly as it is: no scope
// added, the user's auto and manual scopes kept, markers (call-level and layer) kept.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt %s > %t.plain.mlir
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: diff %t.plain.mlir %t.once.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @user_scopes(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.manual_layer} {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   %r = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
// CHECK-NEXT:       %o1 = pto_orch.call @kernel_add(%a, %a, %o) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:       scf.yield %o1 : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %l : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:     pto_rt.scope manual {
// CHECK-NEXT:       %o2 = pto_orch.call @kernel_add(%a, %a, %r) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %r : tensor<16xf32>
// CHECK-NEXT: }
func.func @user_scopes(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false, pto_orch.manual_layer} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = pto_rt.scope auto -> (tensor<16xf32>) {
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
      %o1 = pto_orch.call @kernel_add(%a, %a, %o) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1 : tensor<16xf32>
    }
    pto_rt.yield %l : tensor<16xf32>
  }
  scf.for %j = %c0 to %c4 step %c1 {
    pto_rt.scope manual {
      %o2 = pto_orch.call @kernel_add(%a, %a, %r) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return %r : tensor<16xf32>
}

// No scopes at all: still nothing is added (a function may have no compiler scope).
// CHECK-LABEL: func.func @bare(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:   func.return %o1 : tensor<16xf32>
// CHECK-NEXT: }
func.func @bare(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %o1 : tensor<16xf32>
}
