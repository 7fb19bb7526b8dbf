// expected: 3:1: error: 'pto_orch.kernel' op 1 result(s) and 2 Out/InOut parameters: name the parameter each result is with 'returns [i, ...]'
// A kernel with two written parameters and no returns map.
pto_orch.kernel @k aiv (out tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
