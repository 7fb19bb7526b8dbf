// The allocation-retain stress: every iteration allocates %tmp in the loop body's auto scope and
// uses it only in a manual scope, with slow kernels. Run with a 2048-byte heap (two 1 KiB
// buffers), the allocator hands %tmp's memory out again two iterations later: only the retain
// edges (each manual task lists the allocation's TaskId) keep it until its users are done.

pto_orch.kernel @fill aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @retain_stress(%x: tensor<16x16xf32>, %out: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%o = %out) -> (tensor<128x16xf32>) {
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %row = arith.muli %i, %c16 : index
    %o2 = pto_rt.scope manual -> (tensor<128x16xf32>) {
      %none = pto_system.task_invalid
      %t1v, %t1 = pto_orch.submit @fill(%x, %i, %tmp) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %dst = pto_tensor.slice %o[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
      %d1, %t2 = pto_orch.submit @copy(%t1v, %dst) deps(%t1 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %o1 = pto_tensor.assemble %d1 into %o[%row, %c0] : tensor<16x16xf32> into tensor<128x16xf32>
      pto_rt.yield %o1 : tensor<128x16xf32>
    }
    scf.yield %o2 : tensor<128x16xf32>
  }
  func.return
}
