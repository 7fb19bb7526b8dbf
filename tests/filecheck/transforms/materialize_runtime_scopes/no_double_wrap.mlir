// Behaviour 5: a block whose only op besides its terminator is already a compiler wrapper
// (an auto scope, or for a loop body / branch a compiler-owned manual scope) is not wrapped
// again. The verifier rejects hand-placed auto scopes in a function that is not opted out,
// so the auto cases are fed with --disable-verify (as a pipeline could produce them); the
// output is verified by the second pypto-opt.
// RUN: pypto-opt --disable-verify --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --disable-verify --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// The body and the loop body are already auto scopes: only the flag is added. The loop body
// inside the existing auto scope is still visited (auto scopes do not suppress).
// CHECK-LABEL: func.func @wrapped(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   %r = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
// CHECK-NEXT:       %s = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %o1 = pto_orch.call @kernel_add(%a, %a, %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %o1 : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %s : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %l2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%p = %l) -> (tensor<16xf32>) {
// CHECK-NEXT:       %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %o2 = pto_orch.call @kernel_add(%a, %a, %p) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %o2 : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %0 : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %l2 : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %r : tensor<16xf32>
// CHECK-NEXT: }
func.func @wrapped(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_rt.scope auto -> (tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
      %s = pto_rt.scope auto -> (tensor<16xf32>) {
        %o1 = pto_orch.call @kernel_add(%a, %a, %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %o1 : tensor<16xf32>
      }
      scf.yield %s : tensor<16xf32>
    }
    %l2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%p = %l) -> (tensor<16xf32>) {
      %o2 = pto_orch.call @kernel_add(%a, %a, %p) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o2 : tensor<16xf32>
    }
    pto_rt.yield %l2 : tensor<16xf32>
  }
  func.return %r : tensor<16xf32>
}

// A loop body that is already a compiler-owned manual scope stays as it is (and nothing is
// wrapped inside it); a branch body likewise.
// CHECK-LABEL: func.func @owned(
// CHECK:          scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:       pto_rt.scope manual compiler_owned {
// CHECK-NEXT:         scf.if %cond {
// CHECK-NEXT:           %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %cond {
// CHECK-NEXT:       pto_rt.scope manual compiler_owned {
// CHECK-NEXT:         %o2 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return
func.func @owned(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    pto_rt.scope manual compiler_owned {
      scf.if %cond {
        %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  scf.if %cond {
    pto_rt.scope manual compiler_owned {
      %o2 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
