// add-retain-edges rejects a manual-scope task whose buffer's batch TaskId is not in scope
// there: a buffer allocated in a loop body and carried into the next iteration, one allocated
// in an if branch and used after the if; and a create nothing batched (the passes run out of
// order).
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges --split-input-file --print-diagnostics %s | filecheck %s
// RUN: pypto-opt -p add-retain-edges --split-input-file --print-diagnostics %s | filecheck %s --check-prefix=ORDER

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: error: 'pto_orch.call' op passes %prev (it is carried in the C++ variable 'prev') to a task inside a manual scope; its buffer may be the one %tmp at line 17 allocates in an earlier iteration or branch, whose alloc_tensors TaskId is not in scope here, so the task cannot retain the buffer (docs/targets/pto2-cpp.md, difference 5): create the buffer outside the loop or if that carries it (e.g. two buffers before the loop, swapped through the carries), or run this task outside the manual scope{{$}}
// ORDER: error: 'pto_tensor.create' op is not in a pto_tensor.alloc_tensors batch, so a manual-scope task cannot retain its buffer: run batch-tensor-allocations before add-retain-edges (pto2-pipeline does){{$}}
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

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: error: 'pto_orch.call' op passes %sel (it is carried in the C++ variable 'sel') to a task inside a manual scope; its buffer may be the one %t at line 33 allocates in an earlier iteration or branch, whose alloc_tensors TaskId is not in scope here, so the task cannot retain the buffer (docs/targets/pto2-cpp.md, difference 5): create the buffer outside the loop or if that carries it (e.g. two buffers before the loop, swapped through the carries), or run this task outside the manual scope{{$}}
// ORDER: error: 'pto_tensor.create' op is not in a pto_tensor.alloc_tensors batch
func.func @branch(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %sel = scf.if %flag -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(in %a, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : tensor<16xf32>
    } else {
      scf.yield %a : tensor<16xf32>
    }
    %o1 = pto_orch.call @k(in %sel, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
