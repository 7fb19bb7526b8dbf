// The C++ printer prints allocations only where a pto_tensor.alloc_tensors says: a create this
// pass has not batched (the target run without it) is a located error naming the pass.
// RUN: pypto-opt -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: error: 'pto_tensor.create' op is not in a pto_tensor.alloc_tensors batch: run batch-tensor-allocations and then add-retain-edges first (pypto-opt -p batch-tensor-allocations,add-retain-edges, or -p pto2-pipeline); the C++ printer does not group allocations itself{{$}}
func.func @unbatched(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %t = pto_tensor.create : tensor<4xf32>
  %t1 = pto_orch.call @k(in %a, out %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
