// fuse-create-assemble-to-slice moves an assemble's offset computed after the first use of the
// created tensor before that use only when every op of it there is free of side effects
// (move_offsets.mlir); otherwise a located error names the op that cannot move. (An offset or
// target that is itself a task result or a read keeps the error without that clause:
// invalid.mlir, @target_too_late.)
// RUN: pypto-opt -p fuse-create-assemble-to-slice --print-diagnostics %s | filecheck %s

pto_orch.kernel @fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @offset_from_a_read(%x: tensor<4x8xf32>, %k: tensor<1xi64>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %row = pto_tensor.create : tensor<1x8xf32>
  %row1 = pto_orch.call @fill_row(%x, %c0, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
  %v = pto_tensor.read %k[%c0] : tensor<1xi64> -> i64
  %at = arith.index_cast %v : i64 to index
  %out1 = pto_tensor.assemble %row1 into %out[%at, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %out1 : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op uses %at, defined at [[# @LINE - 4]]:3 after the created tensor is first used (at [[# @LINE - 6]]:3), and it cannot move there: it depends on 'pto_tensor.read' at [[# @LINE - 5]]:3, which is not free of side effects: define the target and the offsets before the tasks that write the created tensor

