// Behaviour 8 (function-level marker): a function carrying `pto_orch.manual_layer` gets its
// whole body wrapped in one `pto_rt.scope manual` (without `compiler_owned`) and nothing
// wrapped inside it, not even loops or branches whose tasks are all candidates. The marker is
// consumed (removed), and so are the call-level markers; the function is then opted out.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.reparsed.mlir
// RUN: diff %t.once.mlir %t.reparsed.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt --materialize-runtime-scopes %s | filecheck %s --check-prefix=CONSUMED

// CONSUMED-NOT: pto_orch.manual_

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @layer(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   %0 = pto_rt.scope manual -> (tensor<16xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %none = pto_system.task_invalid
// CHECK-NEXT:     %r, %rt = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out, %t = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:       %o1, %t1 = pto_orch.submit @kernel_add(%a, %a, %o) deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:       %cond = arith.cmpi eq, %i, %c0 : index
// CHECK-NEXT:       scf.if %cond {
// CHECK-NEXT:         %o2 = pto_orch.call @kernel_add(%a, %a, %o1) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %o1, %t1 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %r : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0 : tensor<16xf32>
// CHECK-NEXT: }
func.func @layer(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r, %rt = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out, %t = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
    %o1, %t1 = pto_orch.submit @kernel_add(%a, %a, %o) deps(%t : !pto_orch.task_id) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %cond = arith.cmpi eq, %i, %c0 : index
    scf.if %cond {
      %o2 = pto_orch.call @kernel_add(%a, %a, %o1) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    scf.yield %o1, %t1 : tensor<16xf32>, !pto_orch.task_id
  }
  func.return %r : tensor<16xf32>
}

// A layer function whose body is already exactly one manual scope is not wrapped again; the
// marker is consumed all the same.
// CHECK-LABEL: func.func @layer_already_manual(
// CHECK-SAME: attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT:   pto_rt.scope manual {
// CHECK-NEXT:     %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
func.func @layer_already_manual(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer} {
  pto_rt.scope manual {
    %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
