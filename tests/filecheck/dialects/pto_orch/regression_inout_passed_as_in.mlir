// Regression: an InOut kernel parameter passed as `in` at the call site was accepted, so the
// runtime would not order later readers after the task's write (an Out parameter passed as
// `in` was already rejected).
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// CHECK: %x1 = pto_orch.call @k(in %a, inout %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
func.func @ok(%a: tensor<4xf32>, %x: tensor<4xf32>) {
  %x1 = pto_orch.call @k(in %a, inout %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.submit' op argument 1 is passed as 'in' but kernel parameter 1 is 'inout': the kernel writes it (use 'inout')
pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
func.func @bad(%a: tensor<4xf32>, %x: tensor<4xf32>) {
  %x1, %t = pto_orch.submit @k(in %a, in %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
