// derive-call-directions, the base rule: each task argument gets the direction of the kernel
// parameter it is passed to (tensor in -> in, out -> out, inout -> inout, any scalar ->
// scalar), for pto_orch.call and pto_orch.submit alike, group and incore kernels included.
// Only orchestration functions are touched. Output re-parses; a second run changes nothing.
// RUN: pypto-opt --derive-call-directions %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions %s > %t.once.mlir
// RUN: pypto-opt %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt --derive-call-directions %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k_all aiv (in tensor<16xf32>, out tensor<16xf32>, inout tensor<16xf32>, in index, in f32, in i64) -> (tensor<16xf32>, tensor<16xf32>) returns [1, 2]
pto_orch.kernel @k_aic aic (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k_aiv aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k_group group<@k_aic, @k_aiv> (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k_mat incore<mat> (inout tensor<16xf32>, in tensor<?xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @mapping(
// CHECK-NEXT:    %o1, %io1 = pto_orch.call @k_all(in %a, out %o, inout %io, scalar %n, scalar %s, scalar %w) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, index, f32, i64) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT:    %g, %t = pto_orch.submit @k_group(in %io1, out %o2) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:    %m = pto_orch.call @k_mat(inout %io1, in %d) : (tensor<16xf32>, tensor<?xf32>) -> tensor<16xf32>
// CHECK-NEXT:    func.return
func.func @mapping(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %io: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o2: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %d: tensor<?xf32>, %n: index, %s: f32, %w: i64, %none: !pto_orch.task_id) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1, %io1 = pto_orch.call @k_all(%a, %o, %io, %n, %s, %w) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, index, f32, i64) -> (tensor<16xf32>, tensor<16xf32>)
  %g, %t = pto_orch.submit @k_group(%io1, %o2) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %m = pto_orch.call @k_mat(%io1, %d) : (tensor<16xf32>, tensor<?xf32>) -> tensor<16xf32>
  func.return
}

// A function that is not an orchestration function keeps its tasks undirected.
// CHECK-LABEL: func.func @not_orchestration(
// CHECK-NEXT:    %b1 = pto_orch.call @k_aiv(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @not_orchestration(%a: tensor<16xf32>, %b: tensor<16xf32>) {
  %b1 = pto_orch.call @k_aiv(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Tasks nested in loops, branches and scopes are all directed (the write of the parameter %y
// in a sequential loop is inout: each iteration writes what the previous one wrote).
// CHECK-LABEL: func.func @nested(
// CHECK:         pto_rt.scope manual {
// CHECK-NEXT:      %x1 = pto_orch.call @k_aiv(in %a, out %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %y1 = pto_orch.call @k_aiv(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK:         scf.if %cond {
// CHECK-NEXT:      %z1 = pto_orch.call @k_aic(in %a, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @nested(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %x1 = pto_orch.call @k_aiv(%a, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %y1 = pto_orch.call @k_aiv(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  scf.if %cond {
    %z1 = pto_orch.call @k_aic(%a, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
