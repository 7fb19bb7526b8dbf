// expected: 4:3: error: 'pto_tensor.slice' op a slice keeps the rank (2) but the result has rank 1: slice with the same rank (extent 1 for a dimension to drop), then pto_tensor.reshape the slice if it is contiguous
// A slice that changes the rank.
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<16x16xf32> to tensor<256xf32>
  func.return
}
