// An assemble whose offset is computed after the task that fills the created row (issue 25,
// item 7): fuse-create-assemble-to-slice moves the pure offset computation (arith,
// pto_tensor.dim) before the task and makes the row a slice of the target there, so the task
// writes the target in place. @reversed fills out[3 - r] from x[r]; @from_the_end fills the
// row n - 2 of a dynamic-extent target.
pto_orch.kernel @fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>

func.func @reversed(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %rr = arith.subi %c4, %r : index
    %last = arith.subi %rr, %c1 : index
    %acc1 = pto_tensor.assemble %row1 into %acc[%last, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  func.return
}

func.func @from_the_end(%x: tensor<4x8xf32>, %out: tensor<?x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %row = pto_tensor.create : tensor<1x8xf32>
  %row1 = pto_orch.call @fill_row(%x, %c1, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
  %n = pto_tensor.dim %out, 0 : tensor<?x8xf32>
  %at = arith.subi %n, %c2 : index
  %out1 = pto_tensor.assemble %row1 into %out[%at, %c0] : tensor<1x8xf32> into tensor<?x8xf32>
  func.return
}
