// Row %i of %o written in every iteration of a loop, through a rank-reducing slice (`drop
// [0]`: a 16-element view of row %i) and through the 1x16 slice of the same row: the rows are
// disjoint, so neither loop needs an edge (order-untracked-hazards: a dropped dimension keeps
// its offset, with extent 1). @reshaped_join: a slice of an if result that is %o reshaped in
// both branches is not in %o's axes (row 1 of the 16x4 reshape is elements 4..7, in %o's row
// 0): the write of %o's row 0 after it must wait for it.
pto_orch.kernel @copy16 aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @copy1x16 aiv (in tensor<1x16xf32>, out tensor<1x16xf32>) -> tensor<1x16xf32>
pto_orch.kernel @copy1x4 aiv (in tensor<1x4xf32>, out tensor<1x4xf32>) -> tensor<1x4xf32>

func.func @rows_drop(%x: tensor<4x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %src = pto_tensor.slice %x[%i, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
    %dst = pto_tensor.slice %o[%i, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
    %n = pto_orch.call @copy16(in %src, out %dst) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @rows_unit(%x: tensor<4x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %src = pto_tensor.slice %x[%i, %c0] : tensor<4x16xf32> to tensor<1x16xf32>
    %dst = pto_tensor.slice %o[%i, %c0] : tensor<4x16xf32> to tensor<1x16xf32>
    %n = pto_orch.call @copy1x16(in %src, out %dst) : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  }
  func.return
}

func.func @reshaped_join(%x: tensor<4x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = scf.if %flag -> (tensor<16x4xf32>) {
    %r = pto_tensor.reshape %o : tensor<4x16xf32> to tensor<16x4xf32>
    scf.yield %r : tensor<16x4xf32>
  } else {
    %r2 = pto_tensor.reshape %o : tensor<4x16xf32> to tensor<16x4xf32>
    scf.yield %r2 : tensor<16x4xf32>
  }
  %x4 = pto_tensor.slice %x[%c1, %c0] : tensor<4x16xf32> to tensor<1x4xf32>
  %d4 = pto_tensor.slice %t[%c1, %c0] : tensor<16x4xf32> to tensor<1x4xf32>
  %n4 = pto_orch.call @copy1x4(in %x4, out %d4) : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  %x16 = pto_tensor.slice %x[%c0, %c0] : tensor<4x16xf32> to tensor<1x16xf32>
  %d16 = pto_tensor.slice %o[%c0, %c0] : tensor<4x16xf32> to tensor<1x16xf32>
  %n16 = pto_orch.call @copy1x16(in %x16, out %d16) : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  func.return
}

// A rank-reducing slice of a tensor that is contiguous in every run is printed as a reshape of
// it: @joined_blocks takes a row of an if result that is one of two blocks of whole rows (each
// contiguous), @inplace_rows a row of a task's in-place result on a whole parameter. A source
// that may be a column window is refused (verify_orchestration/cpp_types.mlir).
pto_orch.kernel @inc4x16 aiv (inout tensor<4x16xf32>) -> tensor<4x16xf32>

func.func @joined_blocks(%x: tensor<8x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %blk = scf.if %flag -> (tensor<2x16xf32>) {
    %a = pto_tensor.slice %x[%c0, %c0] : tensor<8x16xf32> to tensor<2x16xf32>
    scf.yield %a : tensor<2x16xf32>
  } else {
    %b = pto_tensor.slice %x[%c4, %c0] : tensor<8x16xf32> to tensor<2x16xf32>
    scf.yield %b : tensor<2x16xf32>
  }
  %src = pto_tensor.slice %blk[%c1, %c0] drop [0] : tensor<2x16xf32> to tensor<16xf32>
  %dst = pto_tensor.slice %o[%c1, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %n = pto_orch.call @copy16(in %src, out %dst) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @inplace_rows(%x: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x1 = pto_orch.call @inc4x16(inout %x) : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %src = pto_tensor.slice %x1[%c2, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %dst = pto_tensor.slice %o[%c0, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %n = pto_orch.call @copy16(in %src, out %dst) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// ... and of an if result that is a whole plane of a parameter (itself a rank-reducing slice,
// row-major) or another parameter (found by a breaker session: refused before its layout
// was known)
func.func @plane_or_param(%p: tensor<2x4x16xf32>, %q: tensor<4x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.if %c -> (tensor<4x16xf32>) {
    %pl = pto_tensor.slice %p[%i, %c0, %c0] drop [0] : tensor<2x4x16xf32> to tensor<4x16xf32>
    scf.yield %pl : tensor<4x16xf32>
  } else {
    scf.yield %q : tensor<4x16xf32>
  }
  %row = pto_tensor.slice %s[%c1, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %dst = pto_tensor.slice %o[%c0, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
  %n = pto_orch.call @copy16(in %row, out %dst) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
