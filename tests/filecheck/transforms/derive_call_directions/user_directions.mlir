// Directions the user wrote are kept exactly (that is how `no_dep` is expressed, and how a
// user overrides a promotion); only tasks written without directions are filled in. A task
// with user directions still writes its Out/InOut arguments, so a later undirected write of
// the same created tensor is a second write.
// RUN: pypto-opt --derive-call-directions %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions %s > %t.once.mlir
// RUN: pypto-opt --derive-call-directions %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kio aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:    %c = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:    %c1 = pto_orch.call @k(no_dep %a, out %c)
// CHECK-NEXT:    %c2, %t = pto_orch.submit @k(in %a, out %c1)
// CHECK-NEXT:    %c3 = pto_orch.call @k(in %a, inout %c2)
// CHECK-NEXT:    %d = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:    %d1 = pto_orch.call @kio(no_dep %a, inout %d)
// CHECK-NEXT:    %d2 = pto_orch.call @k(in %a, inout %d1)
func.func @kept(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<16xf32>
  %c1 = pto_orch.call @k(no_dep %a, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %c2, %t = pto_orch.submit @k(in %a, out %c1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %c3 = pto_orch.call @k(%a, %c2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %d = pto_tensor.create : tensor<16xf32>
  %d1 = pto_orch.call @kio(no_dep %a, inout %d) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %d2 = pto_orch.call @k(%a, %d1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
