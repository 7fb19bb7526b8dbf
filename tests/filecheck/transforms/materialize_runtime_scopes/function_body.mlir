// Behaviour 1 and 9: the whole body of an orchestration function in auto-scope mode goes into
// one `pto_rt.scope auto`; the values func.return uses come out through the scope's results;
// the function is marked `pto_rt.auto_scope = false`. The output parses back to the same text
// and a second run changes nothing.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt -p materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.reparsed.mlir
// RUN: diff %t.once.mlir %t.reparsed.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @body(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %c = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:     %c1 = pto_orch.call @kernel_add(%a, %a, %c) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:     %d1 = pto_orch.call @kernel_add(%c1, %a, %d) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:     pto_rt.yield %d1 : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0 : tensor<16xf32>
// CHECK-NEXT: }
func.func @body(%a: tensor<16xf32>, %d: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<16xf32>
  %c1 = pto_orch.call @kernel_add(%a, %a, %c) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %d1 = pto_orch.call @kernel_add(%c1, %a, %d) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %d1 : tensor<16xf32>
}

// `pto_rt.auto_scope = true` is the default spelled out: the body is wrapped, the flag flips.
// A returned argument (defined outside the body's ops) is not threaded; a value returned twice
// is yielded once.
// CHECK-LABEL: func.func @explicit_true(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %d1 = pto_orch.call @kernel_add(%a, %a, %d) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:     pto_rt.yield %d1 : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0, %a, %0 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
// CHECK-NEXT: }
func.func @explicit_true(%a: tensor<16xf32>, %d: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = true} {
  %d1 = pto_orch.call @kernel_add(%a, %a, %d) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %d1, %a, %d1 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// A body with nothing but its return still gets its (empty) scope.
// CHECK-LABEL: func.func @empty()
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   pto_rt.scope auto {
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
func.func @empty() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}
