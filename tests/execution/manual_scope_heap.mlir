// Buffers created in a manual scope that runs once per loop iteration, in a loop body with no
// runtime scope of its own: a compiler-owned manual scope (@owned, with analyze-auto-scopes)
// and a user-written one in a function opted out of the automatic scope (@opted_out). The
// runtime frees a buffer only when the scope that allocated it ends, so the created buffers,
// which never leave the manual scope, are allocated inside it: with a 2 KiB heap (8 iterations
// of a 1 KiB buffer) allocating them before the header ran out of heap.
pto_orch.kernel @fill aiv (in tensor<16x16xf32>, out tensor<16x16xf32>, in index) -> tensor<16x16xf32>
pto_orch.kernel @copy_row aiv (in tensor<16x16xf32>, in index, out tensor<128x16xf32>) -> tensor<128x16xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @owned(%x: tensor<16x16xf32>, %y: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %t = pto_tensor.create : tensor<16x16xf32>
    %t1 = pto_orch.call @fill(%x, %t, %i) : (tensor<16x16xf32>, tensor<16x16xf32>, index) -> tensor<16x16xf32>
    %o = pto_orch.call @copy_row(%t1, %i, %y) : (tensor<16x16xf32>, index, tensor<128x16xf32>) -> tensor<128x16xf32>
  }
  func.return
}

func.func @opted_out(%x: tensor<16x16xf32>, %y: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %row = arith.muli %i, %c16 : index
    pto_rt.scope manual {
      %t = pto_tensor.create : tensor<16x16xf32>
      %t1, %ta = pto_orch.submit @fill(in %x, out %t, scalar %i) : (tensor<16x16xf32>, tensor<16x16xf32>, index) -> tensor<16x16xf32>
      %dst = pto_tensor.slice %y[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
      %d1, %tb = pto_orch.submit @copy(in %t1, out %dst) deps(%ta : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    }
  }
  func.return
}
