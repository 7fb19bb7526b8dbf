// Behaviour 4: inside a user-written manual scope no auto scope is inserted, at any depth:
// loops, ifs and loops of submits under it stay bare. Outside it, the body is still wrapped,
// and so are loops after the manual scope. A manual scope as a loop body's only op is
// wrapped in an auto scope (manual inside auto is allowed; only the compiler's own wrappers
// count as "already wrapped").
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.reparsed.mlir
// RUN: diff %t.once.mlir %t.reparsed.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @suppressed(
// CHECK-SAME: pto_rt.auto_scope = false
// CHECK-NEXT:   %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %m = pto_rt.scope manual -> (tensor<16xf32>) {
// CHECK-NEXT:       %none = pto_system.task_invalid
// CHECK-NEXT:       %o, %t = scf.for %i = %c0 to %c4 step %c1 iter_args(%oi = %out, %ti = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:         %o2, %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%oj = %oi, %tj = %ti) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:           %cond = arith.cmpi eq, %j, %c0 : index
// CHECK-NEXT:           %o3, %t3 = scf.if %cond -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:             %o4, %t4 = pto_orch.submit @kernel_add(%a, %a, %oj) deps(%tj : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:             scf.yield %o4, %t4 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:           } else {
// CHECK-NEXT:             scf.yield %oj, %tj : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:           }
// CHECK-NEXT:           scf.yield %o3, %t3 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:         }
// CHECK-NEXT:         scf.yield %o2, %t2 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:       }
// CHECK-NEXT:       pto_rt.yield %o : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %after = scf.for %k = %c0 to %c4 step %c1 iter_args(%ok = %m) -> (tensor<16xf32>) {
// CHECK-NEXT:       %1 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %ok2 = pto_orch.call @kernel_add(%a, %ok, %ok) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %ok2 : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1 : tensor<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %after : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0 : tensor<16xf32>
func.func @suppressed(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = pto_rt.scope manual -> (tensor<16xf32>) {
    %none = pto_system.task_invalid
    %o, %t = scf.for %i = %c0 to %c4 step %c1 iter_args(%oi = %out, %ti = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %o2, %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%oj = %oi, %tj = %ti) -> (tensor<16xf32>, !pto_orch.task_id) {
        %cond = arith.cmpi eq, %j, %c0 : index
        %o3, %t3 = scf.if %cond -> (tensor<16xf32>, !pto_orch.task_id) {
          %o4, %t4 = pto_orch.submit @kernel_add(%a, %a, %oj) deps(%tj : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
          scf.yield %o4, %t4 : tensor<16xf32>, !pto_orch.task_id
        } else {
          scf.yield %oj, %tj : tensor<16xf32>, !pto_orch.task_id
        }
        scf.yield %o3, %t3 : tensor<16xf32>, !pto_orch.task_id
      }
      scf.yield %o2, %t2 : tensor<16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %o : tensor<16xf32>
  }
  %after = scf.for %k = %c0 to %c4 step %c1 iter_args(%ok = %m) -> (tensor<16xf32>) {
    %ok2 = pto_orch.call @kernel_add(%a, %ok, %ok) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %ok2 : tensor<16xf32>
  }
  func.return %after : tensor<16xf32>
}

// CHECK-LABEL: func.func @manual_loop_body(
// CHECK:          scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:       pto_rt.scope auto {
// CHECK-NEXT:         pto_rt.scope manual {
// CHECK-NEXT:           %none = pto_system.task_invalid
// CHECK-NEXT:           %y1, %t = pto_orch.submit @kernel_add(%x, %x, %y) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
func.func @manual_loop_body(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    pto_rt.scope manual {
      %none = pto_system.task_invalid
      %y1, %t = pto_orch.submit @kernel_add(%x, %x, %y) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
