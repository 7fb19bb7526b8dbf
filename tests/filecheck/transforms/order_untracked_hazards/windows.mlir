// order-untracked-hazards compares constant windows of one buffer: a write after a read (WAR,
// which the runtime's tensor map does not order) gets an edge only when the windows meet:
// [0, 8) read then [8, 16) bumped: none; [0, 8) read then [4, 12) bumped: one. A window with a
// variable offset is compared as unknown: an edge.
// RUN: pypto-opt --order-untracked-hazards %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @bump aiv (inout tensor<8xf32>) -> tensor<8xf32>

func.func @war(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %lo = pto_tensor.slice %b[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %b[%c8] : tensor<16xf32> to tensor<8xf32>
    %mid = pto_tensor.slice %b[%c4] : tensor<16xf32> to tensor<8xf32>
    %var = pto_tensor.slice %b[%n] : tensor<16xf32> to tensor<8xf32>
    %o1 = pto_orch.call @k(in %lo, inout %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %h1 = pto_orch.call @bump(inout %hi) : (tensor<8xf32>) -> tensor<8xf32>
    %m1 = pto_orch.call @bump(inout %mid) : (tensor<8xf32>) -> tensor<8xf32>
    %o2 = pto_orch.call @k(in %hi, inout %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %v1 = pto_orch.call @bump(inout %var) : (tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @war
// CHECK:       %o1, %o1_tid = pto_orch.submit @k(in %lo, inout %o) :
// CHECK-NEXT:  %h1 = pto_orch.call @bump(inout %hi) :
// CHECK-NEXT:  %m1 = pto_orch.call @bump(inout %mid) compiler_deps(%o1_tid : !pto_orch.task_id) :
// CHECK-NEXT:  %o2, %o2_tid = pto_orch.submit @k(in %hi, inout %o) :
// CHECK-NEXT:  %v1 = pto_orch.call @bump(inout %var) compiler_deps(%o2_tid, %o1_tid : !pto_orch.task_id, !pto_orch.task_id) :
