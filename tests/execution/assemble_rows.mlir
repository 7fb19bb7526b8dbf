// pto_tensor.assemble of a created row into an output, one row per iteration (upstream's
// fuse-create-assemble-to-slice example): the pass makes each created row a view of %out, so
// fill_row writes ext_out in place. Before the pass existed the printer printed nothing for the
// assemble and %out was never written. The same loop in an auto scope, a user manual scope
// (TaskId chain) and a compiler-owned manual scope (candidate markers).

pto_orch.kernel @fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>

func.func @auto_rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  func.return %res : tensor<4x8xf32>
}

func.func @manual_rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fin = pto_rt.scope manual -> (tensor<4x8xf32>) {
    %none = pto_system.task_invalid
    %res, %last = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out, %prev = %none) -> (tensor<4x8xf32>, !pto_orch.task_id) {
      %row = pto_tensor.create : tensor<1x8xf32>
      %row1, %t = pto_orch.submit @fill_row(%x, %r, %row) deps(%prev : !pto_orch.task_id) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
      %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
      scf.yield %acc1, %t : tensor<4x8xf32>, !pto_orch.task_id
    }
    pto_rt.yield %res : tensor<4x8xf32>
  }
  func.return %fin : tensor<4x8xf32>
}

func.func @compiler_manual_rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %res, %last = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out, %prev = %none) -> (tensor<4x8xf32>, !pto_orch.task_id) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1, %t = pto_orch.submit @fill_row(%x, %r, %row) deps(%prev : !pto_orch.task_id) {manual_candidate} : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1, %t : tensor<4x8xf32>, !pto_orch.task_id
  }
  func.return %res : tensor<4x8xf32>
}
