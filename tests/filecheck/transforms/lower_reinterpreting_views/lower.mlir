// lower-reinterpreting-views: a pto_tensor.view that reinterprets its source's shape (same
// rank, static shapes of one element count, another shape: a contiguous 2x16 seen as 4x8)
// becomes the pto_tensor.reshape it stands for, with the view's name and location. Views that
// fit their source dimension by dimension, rank-changing views, and functions that are not
// orchestration functions are left alone; running the pass again changes nothing. (The C++:
// tests/filecheck/targets/pto2_cpp/reinterpreting_views.mlir.)
// RUN: pypto-opt -p lower-reinterpreting-views %s | filecheck %s
// RUN: pypto-opt -p lower-reinterpreting-views %s > %t.once.mlir
// RUN: pypto-opt -p lower-reinterpreting-views %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt -p lower-reinterpreting-views --print-debuginfo %s | filecheck %s --check-prefix=LOC

pto_orch.kernel @k aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>

// CHECK-LABEL: func.func @lowered(
// CHECK:         %c0 = arith.constant 0 : index
// CHECK-NEXT:    %v = pto_tensor.reshape %t : tensor<2x16xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %fits = pto_tensor.view %w[%c0, %c0] : tensor<8x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %flat = pto_tensor.view %w[%c0, %c0] : tensor<8x8xf32> to tensor<32xf32>
// CHECK-NEXT:    %y1 = pto_orch.call @k(%v, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         pto_rt.scope manual {
// CHECK:           %b = pto_tensor.create : tensor<32x1xf32>
// CHECK-NEXT:      %bv = pto_tensor.reshape %b : tensor<32x1xf32> to tensor<4x8xf32>
// LOC: %v = pto_tensor.reshape %t : tensor<2x16xf32> to tensor<4x8xf32> loc("{{.*}}lower.mlir":[[# @LINE + 3]]:3)
func.func @lowered(%t: tensor<2x16xf32>, %w: tensor<8x8xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %v = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  %fits = pto_tensor.view %w[%c0, %c0] : tensor<8x8xf32> to tensor<4x8xf32>
  %flat = pto_tensor.view %w[%c0, %c0] : tensor<8x8xf32> to tensor<32xf32>
  %y1 = pto_orch.call @k(%v, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y2 = pto_orch.call @k(%fits, %y1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %b = pto_tensor.create : tensor<32x1xf32>
    %bv = pto_tensor.view %b[%c0, %c0] : tensor<32x1xf32> to tensor<4x8xf32>
    %b1, %tb = pto_orch.submit @k(%v, %bv) deps(%none : !pto_orch.task_id) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %y3, %ty = pto_orch.submit @k(%b1, %y2) deps(%tb : !pto_orch.task_id) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @not_orchestration(
// CHECK:         %v = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
func.func @not_orchestration(%t: tensor<2x16xf32>) {
  %c0 = arith.constant 0 : index
  %v = pto_tensor.view %t[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  func.return
}
