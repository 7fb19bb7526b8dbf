// expected: 9:23: error: use of undeclared SSA value name %t
// A value of a loop body used after the loop.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = pto_tensor.create : tensor<4xf32>
  }
  %d = pto_tensor.dim %t, 0 : tensor<4xf32>
  func.return
}
