// Behaviour 2: every scf.for body gets its own auto scope. The values the body yields that
// its ops define come out through the scope's results, so scf.yield stays the body's
// terminator; yielded block arguments and outer values are used directly. Nested loops are
// wrapped at every level; loop attributes (pto_orch.parallel) stay on the loop.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.reparsed.mlir
// RUN: diff %t.once.mlir %t.reparsed.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @carry(
// CHECK:        %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %acc_final = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc_iter = %acc) -> (tensor<16xf32>) {
// CHECK-NEXT:       %1 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %acc_next = pto_orch.call @kernel_add(%a, %acc_iter, %acc_iter) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %acc_next : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1 : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %acc_final : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0 : tensor<16xf32>
func.func @carry(%a: tensor<16xf32>, %acc: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc_final = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc_iter = %acc) -> (tensor<16xf32>) {
    %acc_next = pto_orch.call @kernel_add(%a, %acc_iter, %acc_iter) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %acc_next : tensor<16xf32>
  }
  func.return %acc_final : tensor<16xf32>
}

// No iter_args: the scope has no results and the implicit scf.yield stays implicit.
// Mixed yields: %t (defined in the body) is threaded; %acc_iter (a block argument) and %a
// (defined outside the loop) are not; %t yielded twice comes out once.
// CHECK-LABEL: func.func @nested_and_mixed(
// CHECK-NEXT:     pto_rt.scope auto {
// CHECK:          scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:       pto_rt.scope auto {
// CHECK-NEXT:         %x = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:         %x1 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         %r, %s, %u = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc_iter = %a, %p = %a, %q = %a) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
// CHECK-NEXT:           %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:             %t = pto_orch.call @kernel_add(%x1, %acc_iter, %x1) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:             pto_rt.yield %t : tensor<16xf32>
// CHECK-NEXT:           }
// CHECK-NEXT:           scf.yield %0, %acc_iter, %0 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
// CHECK-NEXT:         } {pto_orch.parallel}
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return
func.func @nested_and_mixed(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = pto_tensor.create : tensor<16xf32>
    %x1 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r, %s, %u = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc_iter = %a, %p = %a, %q = %a) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
      %t = pto_orch.call @kernel_add(%x1, %acc_iter, %x1) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t, %acc_iter, %t : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    } {pto_orch.parallel}
  }
  func.return
}

// A loop whose body only yields still gets its (empty) scope.
// CHECK-LABEL: func.func @empty_loop(
// CHECK:          %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %a) -> (tensor<16xf32>) {
// CHECK-NEXT:       pto_rt.scope auto {
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %it : tensor<16xf32>
// CHECK-NEXT:     }
func.func @empty_loop(%a: tensor<16xf32>) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %a) -> (tensor<16xf32>) {
    scf.yield %it : tensor<16xf32>
  }
  func.return %r : tensor<16xf32>
}
