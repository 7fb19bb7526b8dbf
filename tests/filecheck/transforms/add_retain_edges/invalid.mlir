// add-retain-edges needs the allocation batches: a create nothing batched (the passes run out
// of order) is a located error naming the pass to run first. (A buffer allocated in a loop
// body or an if branch and used through a carry or if result is no longer an error: the
// batch's TaskId is carried along, see carried.mlir.)
// RUN: pypto-opt -p add-retain-edges --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: error: 'pto_tensor.create' op is not in a pto_tensor.alloc_tensors batch, so a manual-scope task cannot retain its buffer: run batch-tensor-allocations before add-retain-edges (pto2-pipeline does){{$}}
func.func @per_iteration(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a) -> (tensor<16xf32>) {
      %tmp = pto_tensor.create : tensor<16xf32>
      %tmp1 = pto_orch.call @k(in %prev, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %tmp1 : tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  }
  func.return
}
