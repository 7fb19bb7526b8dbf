// Behaviour 3: each scf.if branch gets its own auto scope, results threaded through the
// scope; an scf.if without else gets no else. Ifs nested in loops are wrapped too.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.reparsed.mlir
// RUN: diff %t.once.mlir %t.reparsed.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kernel_mul aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @if_else(
// CHECK:          %y_out = scf.if %cond -> (tensor<16xf32>) {
// CHECK-NEXT:       %1 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %y_add = pto_orch.call @kernel_add(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %y_add : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1 : tensor<16xf32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %2 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %y_mul = pto_orch.call @kernel_mul(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %y_mul : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %2 : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %y_out : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0 : tensor<16xf32>
func.func @if_else(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %cond: i1) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %y_out = scf.if %cond -> (tensor<16xf32>) {
    %y_add = pto_orch.call @kernel_add(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y_add : tensor<16xf32>
  } else {
    %y_mul = pto_orch.call @kernel_mul(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y_mul : tensor<16xf32>
  }
  func.return %y_out : tensor<16xf32>
}

// No else: only the then branch is wrapped, and no else region appears. An else branch that
// yields a value defined before the if has an empty scope and yields that value directly.
// CHECK-LABEL: func.func @no_else_in_loop(
// CHECK:          scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:       pto_rt.scope auto {
// CHECK-NEXT:         %cond = arith.cmpi eq, %i, %c0 : index
// CHECK-NEXT:         scf.if %cond {
// CHECK-NEXT:           pto_rt.scope auto {
// CHECK-NEXT:             %y1 = pto_orch.call @kernel_add(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:         %k = scf.if %cond -> (tensor<16xf32>) {
// CHECK-NEXT:           %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:             %y2 = pto_orch.call @kernel_mul(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:             pto_rt.yield %y2 : tensor<16xf32>
// CHECK-NEXT:           }
// CHECK-NEXT:           scf.yield %0 : tensor<16xf32>
// CHECK-NEXT:         } else {
// CHECK-NEXT:           pto_rt.scope auto {
// CHECK-NEXT:           }
// CHECK-NEXT:           scf.yield %x : tensor<16xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
func.func @no_else_in_loop(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %cond = arith.cmpi eq, %i, %c0 : index
    scf.if %cond {
      %y1 = pto_orch.call @kernel_add(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    %k = scf.if %cond -> (tensor<16xf32>) {
      %y2 = pto_orch.call @kernel_mul(%x, %x, %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y2 : tensor<16xf32>
    } else {
      scf.yield %x : tensor<16xf32>
    }
  }
  func.return
}
