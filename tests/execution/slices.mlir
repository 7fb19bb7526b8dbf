// auto-derive-task-dependencies with constant windows of one created buffer, and its direction
// demotions. In each loop body two tasks write halves of %buf (a slow one first) and a copy
// reads all of it into %o:
// - @disjoint: the halves [0, 8) and [8, 16) are statically disjoint: no edge between the two
//   writers, each is an edge into the copy, and the body is still made a compiler-owned MANUAL
//   scope;
// - @overlapping: [0, 8) and [4, 12) overlap: the second writer waits for the first;
// - @demote: the shape of the FileCheck test regions.mlir: `inout %x` becomes `output_existing`,
//   the read of the created %t1 `no_dep`.

pto_orch.kernel @half aiv (in tensor<16xf32>, in index, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>

func.func @disjoint(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %buf = pto_tensor.create : tensor<16xf32>
    %lo = pto_tensor.slice %buf[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %buf[%c8] : tensor<16xf32> to tensor<8xf32>
    %lo1 = pto_orch.call @half(%x, %c0, %lo) : (tensor<16xf32>, index, tensor<8xf32>) -> tensor<8xf32>
    %hi1 = pto_orch.call @half(%x, %c1, %hi) : (tensor<16xf32>, index, tensor<8xf32>) -> tensor<8xf32>
    %o1 = pto_orch.call @copy(%buf, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @overlapping(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %buf = pto_tensor.create : tensor<16xf32>
    %lo = pto_tensor.slice %buf[%c0] : tensor<16xf32> to tensor<8xf32>
    %mid = pto_tensor.slice %buf[%c4] : tensor<16xf32> to tensor<8xf32>
    %lo1 = pto_orch.call @half(%x, %c0, %lo) : (tensor<16xf32>, index, tensor<8xf32>) -> tensor<8xf32>
    %mid1 = pto_orch.call @half(%x, %c1, %mid) : (tensor<16xf32>, index, tensor<8xf32>) -> tensor<8xf32>
    %o1 = pto_orch.call @copy(%buf, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @demote(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %tmp = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @inc(%a, %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %x1 = pto_orch.call @bump(%x) : (tensor<16xf32>) -> tensor<16xf32>
    %x2 = pto_orch.call @inc(%t1, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
