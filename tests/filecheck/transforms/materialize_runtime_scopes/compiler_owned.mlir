// Behaviour 8 (call-level marker): a loop body or if branch that holds at least one task op,
// every one of them (at any depth) marked `manual_candidate`, and no pto_rt.scope, is
// wrapped in `pto_rt.scope manual compiler_owned` instead of an auto scope; nothing is wrapped
// inside it. Tensor and system ops do not count as tasks. The function body's wrapper stays
// auto. Every call-level marker is removed from the output.
// RUN: pypto-opt --materialize-runtime-scopes %s | pypto-opt | filecheck %s
// RUN: pypto-opt --materialize-runtime-scopes %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.reparsed.mlir
// RUN: diff %t.once.mlir %t.reparsed.mlir
// RUN: pypto-opt --materialize-runtime-scopes %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt --materialize-runtime-scopes %s | filecheck %s --check-prefix=STRIPPED

// STRIPPED-NOT: manual_candidate

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Every task of the outer loop body (the submit, and the call in the nested loop) is marked:
// the outer body becomes one compiler-owned manual scope and the inner loop stays bare. The
// function body is all-marked too, but its wrapper is auto.
// CHECK-LABEL: func.func @all_marked(
// CHECK-NEXT:   %0 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %r, %rt = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out, %t = %none0) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:       %1, %2 = pto_rt.scope manual compiler_owned -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:         %tmp = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:         %tmp1, %t1 = pto_orch.submit @kernel_add(in %a, in %a, out %tmp) deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         %o2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%oj = %o) -> (tensor<16xf32>) {
// CHECK-NEXT:           %oj2 = pto_orch.call @kernel_add(in %tmp1, in %a, out %oj) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:           scf.yield %oj2 : tensor<16xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:         pto_rt.yield %o2, %t1 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1, %2 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:     }
// CHECK-NEXT:     pto_rt.yield %r : tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %0 : tensor<16xf32>
func.func @all_marked(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %none0: !pto_orch.task_id) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r, %rt = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out, %t = %none0) -> (tensor<16xf32>, !pto_orch.task_id) {
    %tmp = pto_tensor.create : tensor<16xf32>
    %tmp1, %t1 = pto_orch.submit @kernel_add(in %a, in %a, out %tmp) deps(%t : !pto_orch.task_id) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%oj = %o) -> (tensor<16xf32>) {
      %oj2 = pto_orch.call @kernel_add(in %tmp1, in %a, out %oj) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %oj2 : tensor<16xf32>
    }
    scf.yield %o2, %t1 : tensor<16xf32>, !pto_orch.task_id
  }
  func.return %r : tensor<16xf32>
}

// The outer body has one unmarked call, so it is auto; the inner loop body's only task is
// marked, so the inner body is compiler-owned manual.
// CHECK-LABEL: func.func @mixed(
// CHECK:          scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:       pto_rt.scope auto {
// CHECK-NEXT:         %x1 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:           pto_rt.scope manual compiler_owned {
// CHECK-NEXT:             %x2 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
func.func @mixed(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x1 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %x2 = pto_orch.call @kernel_add(%a, %a, %x) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}

// If branches: the marked then-branch is compiler-owned manual; the else-branch has no task
// (a tensor op and a system op only), so it is auto: "at least one task" is required.
// CHECK-LABEL: func.func @branches(
// CHECK:          %r = scf.if %cond -> (tensor<16xf32>) {
// CHECK-NEXT:       %1 = pto_rt.scope manual compiler_owned -> (tensor<16xf32>) {
// CHECK-NEXT:         %x1 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %x1 : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1 : tensor<16xf32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %2 = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:         %b = pto_system.task_dummy deps()
// CHECK-NEXT:         %c = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:         pto_rt.yield %c : tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %2 : tensor<16xf32>
// CHECK-NEXT:     }
func.func @branches(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %cond: i1) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = scf.if %cond -> (tensor<16xf32>) {
    %x1 = pto_orch.call @kernel_add(%a, %a, %x) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %x1 : tensor<16xf32>
  } else {
    %b = pto_system.task_dummy deps()
    %c = pto_tensor.create : tensor<16xf32>
    scf.yield %c : tensor<16xf32>
  }
  func.return %r : tensor<16xf32>
}

// A marked loop body that already holds a (user) scope is auto ("no nested scope"); the
// marked submit inside the user's manual scope loses its marker all the same.
// CHECK-LABEL: func.func @nested_scope(
// CHECK:          scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:       pto_rt.scope auto {
// CHECK-NEXT:         %x1 = pto_orch.call @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         pto_rt.scope manual {
// CHECK-NEXT:           %x2, %t = pto_orch.submit @kernel_add(%a, %a, %x) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
func.func @nested_scope(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x1 = pto_orch.call @kernel_add(%a, %a, %x) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.scope manual {
      %x2, %t = pto_orch.submit @kernel_add(%a, %a, %x) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
