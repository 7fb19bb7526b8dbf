// Rank-reducing slices (`data[:, k, :]`, `data[2, :, 4:12]`, `data[1, :, k]`): the dropped
// dimensions have extent 1 and are listed in `drop`; the C++ reshapes the contiguous source
// with each dropped dimension merged into the next kept one (the innermost into the last kept
// one, stepped over with Tensor::slice), then views it (docs/dialects/pto_tensor.md).
pto_orch.kernel @copy2 aiv (in tensor<4x16xf32>, out tensor<4x16xf32>) -> tensor<4x16xf32>
pto_orch.kernel @copy8 aiv (in tensor<8x8xf32>, out tensor<8x8xf32>) -> tensor<8x8xf32>
pto_orch.kernel @copy1 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

func.func @rank_reducing(%data: tensor<4x8x16xf32>, %k: index, %a: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %b: tensor<8x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %row = pto_tensor.slice %data[%c0, %k, %c0] drop [1] : tensor<4x8x16xf32> to tensor<4x16xf32>
  %a1 = pto_orch.call @copy2(%row, %a) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %blk = pto_tensor.slice %data[%c2, %c0, %c4] drop [0] : tensor<4x8x16xf32> to tensor<8x8xf32>
  %b1 = pto_orch.call @copy8(%blk, %b) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %c1 = arith.constant 1 : index
  %col = pto_tensor.slice %data[%c1, %c0, %k] drop [0, 2] : tensor<4x8x16xf32> to tensor<8xf32>
  %cc = pto_orch.call @copy1(%col, %c) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}
