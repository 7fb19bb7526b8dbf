// expected: 3:56: error: unexpected end of file: Expected shape type.
// A kernel declaration cut in its parameter list.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4x