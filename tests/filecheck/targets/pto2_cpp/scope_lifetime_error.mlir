// The printer's own check of scope lifetimes, for IR that did not go through
// batch-tensor-allocations (which allocates every buffer that leaves a scope before the scope):
// a hand-written batch inside a PTO2_SCOPE whose buffer is used after the scope is a located
// error, never C++ that reads freed memory.
// RUN: pypto-opt -t pto2-cpp --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @use_after_scope(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (tensor<4xf32>) {
    %t, %alloc = pto_tensor.alloc_tensors {
      %0 = pto_tensor.create : tensor<4xf32>
      pto_tensor.yield %0 : tensor<4xf32>
    } : tensor<4xf32>
    %t1 = pto_orch.call @k(in %a, out %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    pto_rt.yield %t1 : tensor<4xf32>
  }
  // CHECK: scope_lifetime_error.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op uses %r, a result of the 'pto_rt.scope' at line [[# @LINE - 8]], whose C++ variable 't' belongs to the scope: a tensor created inside a PTO2_SCOPE lives only until the scope ends, so create it (pto_tensor.create) before the scope and let the scope's tasks write it{{$}}
  %u = pto_orch.call @k(in %r, out %r) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
