// verify-orchestration-outputs accepts (and leaves unchanged) functions whose returned tensors
// are their 'out' / 'inout' parameters (directly, through a loop, a scope or an assemble that
// fuse-create-assemble-to-slice turns into a view), and whose 'out' parameters are written
// somewhere (one branch of an scf.if is enough; an 'inout' parameter need not be written).
// RUN: pypto-opt -p verify-orchestration-outputs %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline %s > /dev/null

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @fill aiv (out tensor<2xf32>) -> tensor<2xf32>

// CHECK-LABEL: func.func @direct(
func.func @direct(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %n = pto_tensor.create : tensor<4xf32>
  %n1 = pto_orch.call @k(%a, %n) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = pto_orch.call @k(%n1, %d) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @loop_and_scope(
func.func @loop_and_scope(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %io: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = pto_rt.scope manual -> (tensor<4xf32>) {
    %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %d) -> (tensor<4xf32>) {
      %none = pto_system.task_invalid
      %acc1, %t = pto_orch.submit @k(%a, %acc) deps(%none : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      scf.yield %acc1 : tensor<4xf32>
    }
    pto_rt.yield %res : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @assembled(
func.func @assembled(%d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (tensor<4xf32>) {
    %p = pto_tensor.create : tensor<2xf32>
    %p1 = pto_orch.call @fill(%p) : (tensor<2xf32>) -> tensor<2xf32>
    %d1 = pto_tensor.assemble %p1 into %d[%c0] : tensor<2xf32> into tensor<4xf32>
    scf.yield %d1 : tensor<4xf32>
  } else {
    scf.yield %d : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}
