// expected: 5:3: error: 'pto_orch.call' op 3 : i64 should be of base attribute symbol_ref
// A generic call whose callee property is not a symbol.
pto_orch.kernel @k aiv (in tensor<4xf32>)
func.func @f(%a: tensor<4xf32>) {
  "pto_orch.call"(%a) <{callee = 3 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (tensor<4xf32>) -> ()
  func.return
}
