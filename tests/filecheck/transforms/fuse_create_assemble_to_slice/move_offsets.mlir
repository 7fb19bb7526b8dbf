// fuse-create-assemble-to-slice places the slice before the first use of the created tensor; an
// offset (or the target) computed after that use by ops free of side effects (arith,
// pto_tensor.dim, a view of the target) moves there with it, in program order (issue 25, item
// 7). An offset that depends on an op with side effects (a pto_tensor.read, a task) cannot move:
// a located error naming that op (move_offsets_invalid.mlir). Executed:
// tests/test_fuse_late_offsets.py.
// RUN: pypto-opt -p fuse-create-assemble-to-slice %s | filecheck %s
// RUN: pypto-opt -p fuse-create-assemble-to-slice %s | pypto-opt -p fuse-create-assemble-to-slice | filecheck %s

pto_orch.kernel @fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>

// Rows written in reverse: the offset 3 - r is computed after the task that fills the row.
// CHECK-LABEL: func.func @late_offset(
// CHECK:        %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
// CHECK-NEXT:     %rr = arith.subi %c4, %r : index
// CHECK-NEXT:     %last = arith.subi %rr, %c1 : index
// CHECK-NEXT:     %row = pto_tensor.slice %acc[%last, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:     %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:     scf.yield %acc : tensor<4x8xf32>
// CHECK-NEXT:   }
func.func @late_offset(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %rr = arith.subi %c4, %r : index
    %last = arith.subi %rr, %c1 : index
    %acc1 = pto_tensor.assemble %row1 into %acc[%last, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  func.return %res : tensor<4x8xf32>
}

// The target (a view of the parameter) and an offset from pto_tensor.dim, both after the task:
// the target's computation moves first, then the offset's, each in program order.
// CHECK-LABEL: func.func @late_dim_and_target(
// CHECK:        %c2 = arith.constant 2 : index
// CHECK-NEXT:   %top = pto_tensor.slice %out[%c0, %c0] : tensor<?x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:   %n = pto_tensor.dim %out, 0 : tensor<?x8xf32>
// CHECK-NEXT:   %at = arith.subi %n, %c2 : index
// CHECK-NEXT:   %row = pto_tensor.slice %top[%at, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %row1 = pto_orch.call @fill_row(%x, %c2, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:   func.return %out : tensor<?x8xf32>
func.func @late_dim_and_target(%x: tensor<4x8xf32>, %out: tensor<?x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<?x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %row = pto_tensor.create : tensor<1x8xf32>
  %row1 = pto_orch.call @fill_row(%x, %c2, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
  %n = pto_tensor.dim %out, 0 : tensor<?x8xf32>
  %top = pto_tensor.slice %out[%c0, %c0] : tensor<?x8xf32> to tensor<4x8xf32>
  %at = arith.subi %n, %c2 : index
  %top1 = pto_tensor.assemble %row1 into %top[%at, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %out : tensor<?x8xf32>
}
