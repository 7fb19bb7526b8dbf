// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s

// CHECK: pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
