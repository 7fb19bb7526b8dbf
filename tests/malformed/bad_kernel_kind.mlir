// expected: 3:20: error: unknown kernel kind 'gpu' (expected aic, aiv, spmd, incore<space> or group<@aic, @aiv>)
// A kernel of a kind that does not exist.
pto_orch.kernel @k gpu (in tensor<4xf32>)
