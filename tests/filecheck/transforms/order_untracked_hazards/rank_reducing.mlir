// A rank-reducing slice (`drop`) has the window of the same slice without `drop`: each dropped
// dimension keeps its offset, with extent 1. Rows %i of a loop through `drop [0]` are disjoint
// like 1x16 rows (no edge); constant rows are compared like constant windows. A slice of the
// buffer reshaped is not in the buffer's axes: its iterations are not compared with the
// buffer's by offset. A loop-carried hazard of a task with itself in its innermost loop is
// ordered by the edge on its previous instance (a chain); the diagnostic that names its own
// previous instance is in halves.mlir.
// RUN: pypto-opt -p 'derive-call-directions,order-untracked-hazards' --split-input-file --print-diagnostics %s 2>&1 | filecheck %s

pto_orch.kernel @k2 aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @rows
// CHECK:         %n = pto_orch.call @k2(in %a, in %a, out %dst) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @rows(%a: tensor<16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %dst = pto_tensor.slice %o[%i, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
    %n = pto_orch.call @k2(in %a, in %a, out %dst) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

pto_orch.kernel @k2 aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Row 0 read, then row 1 written (disjoint: no edge), then row 0 written (a WAR: an edge).
// CHECK-LABEL: func.func @constant_rows
// CHECK:         %w1 = pto_orch.call @k2(in %a, in %a, out %r1) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:    %w0 = pto_orch.call @k2(in %a, in %a, out %r0) compiler_deps(%rd_tid : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @constant_rows(%a: tensor<16xf32>, %b: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r0 = pto_tensor.slice %b[%c0, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %r1 = pto_tensor.slice %b[%c1, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %t = pto_tensor.create : tensor<16xf32>
  %rd = pto_orch.call @k2(in %r0, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %w1 = pto_orch.call @k2(in %a, in %a, out %r1) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %w0 = pto_orch.call @k2(in %a, in %a, out %r0) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @k2 aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Row 0 in every iteration: each instance after the previous one, through the TaskId the loop
// carries (a chain: the last TaskId stands for every instance).
func.func @same_row(%a: tensor<16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %dst = pto_tensor.slice %o[%c0, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
    %n = pto_orch.call @k2(in %a, in %a, out %dst) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @same_row
// CHECK:         %n_tid = scf.for %i = %c0 to %c4 step %c1 iter_args(%n_tid_1 = %none) -> (!pto_orch.task_id) {
// CHECK:           %n, %n_tid_2 = pto_orch.submit @k2(in %a, in %a, out %dst) compiler_deps(%n_tid_1 : !pto_orch.task_id) :
// CHECK-NEXT:      scf.yield %n_tid_2 : !pto_orch.task_id

// -----

pto_orch.kernel @ka aiv (in tensor<16xf32>, out tensor<1x16xf32>) -> tensor<1x16xf32>
pto_orch.kernel @kb aiv (in tensor<16xf32>, out tensor<1x4xf32>) -> tensor<1x4xf32>

// Row %i of %o and row %i of %o reshaped to 16x4 (elements 4i..4i+3, in %o's row 0): iteration
// 0's @ka and iteration 1's @kb meet, which one carried TaskId cannot order.
func.func @reshaped_rows(%a: tensor<16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = pto_tensor.reshape %o : tensor<4x16xf32> to tensor<16x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %d1 = pto_tensor.slice %o[%i, %c0] : tensor<4x16xf32> to tensor<1x16xf32>
    // CHECK: rank_reducing.mlir:[[# @LINE + 1]]:5: error: 'pto_orch.call' op must run after 'pto_orch.call' @kb at {{.*}}rank_reducing.mlir:[[# @LINE + 3]]:5 (they use one buffer
    %n1 = pto_orch.call @ka(in %a, out %d1) : (tensor<16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
    %d2 = pto_tensor.slice %r[%i, %c0] : tensor<16x4xf32> to tensor<1x4xf32>
    %n2 = pto_orch.call @kb(in %a, out %d2) : (tensor<16xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  }
  func.return
}
