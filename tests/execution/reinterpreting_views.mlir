// A pto_tensor.view that reinterprets its source's shape (a 2x16 buffer seen as 4x8) is the
// reshape lower-reinterpreting-views makes it. Rows 2-3 of the 4x8 are row 1 of the 2x16, so
// a task writing them overlaps a task reading row 1 and not one reading row 0: the analyses
// see the whole buffer under another shape, never a window of the 4x8 in the 2x16's rows.

pto_orch.kernel @inc aiv (in tensor<2x16xf32>, out tensor<2x16xf32>) -> tensor<2x16xf32>
pto_orch.kernel @rows aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>
pto_orch.kernel @neg aiv (inout tensor<2x8xf32>) -> tensor<2x8xf32>
pto_orch.kernel @copy aiv (in tensor<1x16xf32>, out tensor<1x16xf32>) -> tensor<1x16xf32>

func.func @reinterpret(%x: tensor<2x16xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z0: tensor<1x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z1: tensor<1x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = pto_tensor.create : tensor<2x16xf32>
  %b1 = pto_orch.call @inc(%x, %b) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %v = pto_tensor.view %b1[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  %y1 = pto_orch.call @rows(%v, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %lower = pto_tensor.slice %v[%c2, %c0] : tensor<4x8xf32> to tensor<2x8xf32>
  %lower1 = pto_orch.call @neg(%lower) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %row0 = pto_tensor.slice %b1[%c0, %c0] : tensor<2x16xf32> to tensor<1x16xf32>
  %z01 = pto_orch.call @copy(%row0, %z0) : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  %row1 = pto_tensor.slice %b1[%c1, %c0] : tensor<2x16xf32> to tensor<1x16xf32>
  %z11 = pto_orch.call @copy(%row1, %z1) : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  func.return
}
