// A user-written direction that contradicts the kernel is rejected with a located error (the
// op verifier, `check_arg_direction` in pypto_dialects/attrs.py, runs on the parsed input before
// derive-call-directions, so the pass never sees it). One chunk per rule; an `inout`
// parameter passed as `in` is covered by tests/filecheck/dialects/pto_orch/
// regression_inout_passed_as_in.mlir.
// RUN: pypto-opt --derive-call-directions --split-input-file --print-diagnostics %s | filecheck %s

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.call' op argument 1 is passed as 'in' but the kernel declares a scalar (index): use 'scalar'
pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @scalar_as_tensor(%a: tensor<4xf32>, %n: index, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @k(in %a, in %n, out %c) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.call' op argument 0 is passed as 'scalar' but the kernel declares a tensor (tensor<4xf32>)
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @tensor_as_scalar(%a: tensor<4xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @k(scalar %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.call' op argument 0 is passed as 'out' but kernel parameter 0 is 'in': a task cannot write through an input (use 'in' or 'no_dep')
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @out_through_in(%a: tensor<4xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @k(out %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.submit' op argument 0 is passed as 'inout' but kernel parameter 0 is 'in': a task cannot write through an input (use 'in' or 'no_dep')
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @inout_through_in(%a: tensor<4xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1, %t = pto_orch.submit @k(inout %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.call' op argument 1 is passed as 'out' but kernel parameter 1 is 'inout': the kernel reads it (use 'inout')
pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
func.func @out_for_inout(%a: tensor<4xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.call' op argument 1 is passed as 'in' but kernel parameter 1 is 'out': the kernel writes it (use 'out' or 'inout')
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @in_for_out(%a: tensor<4xf32>, %c: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @k(in %a, in %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
