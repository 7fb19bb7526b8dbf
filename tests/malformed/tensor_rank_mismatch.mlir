// expected: 4:3: error: 'pto_tensor.slice' op a slice keeps the rank (2) but the result has rank 1: use pto_tensor.view or pto_tensor.reshape to change it, or list the unit dimensions it drops in 'drop'
// A slice that changes the rank.
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<16x16xf32> to tensor<256xf32>
  func.return
}
