// Integer arrays at orchestration level: a table of row offsets drives a loop over tiles
// (@gather: the rows of %x in the order the table gives), and a table built in one loop and
// read in the next (@reverse: offs[i] = 48 - 16 * i, carried through the first loop).

pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @gather(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %first: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %tbl = pto_orch.int_array_create %first, %c0, %c48, %c16 : !pto_orch.int_array<4, index>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = pto_orch.int_array_get %tbl[%i] : !pto_orch.int_array<4, index>
    %src = pto_tensor.slice %x[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %at = arith.muli %i, %c16 : index
    %dst = pto_tensor.slice %y[%at, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %dst1 = pto_orch.call @copy(%src, %dst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

func.func @reverse(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %empty = pto_orch.int_array_create : !pto_orch.int_array<4, i32>
  %offs = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %empty) -> (!pto_orch.int_array<4, i32>) {
    %s = arith.muli %i, %c16 : index
    %o = arith.subi %c48, %s : index
    %o32 = arith.index_cast %o : index to i32
    %t1 = pto_orch.int_array_set %o32, %t[%i] : !pto_orch.int_array<4, i32>
    scf.yield %t1 : !pto_orch.int_array<4, i32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %o32 = pto_orch.int_array_get %offs[%i] : !pto_orch.int_array<4, i32>
    %row = arith.index_cast %o32 : i32 to index
    %src = pto_tensor.slice %x[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %at = arith.muli %i, %c16 : index
    %dst = pto_tensor.slice %y[%at, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %dst1 = pto_orch.call @copy(%src, %dst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// An element read past the end: the interpreter stops at the read, located.
func.func @past_the_end(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %k: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %tbl = pto_orch.int_array_create : !pto_orch.int_array<4, index>
  %row = pto_orch.int_array_get %tbl[%k] : !pto_orch.int_array<4, index>
  %src = pto_tensor.slice %x[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
  %dst = pto_tensor.slice %y[%c0, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
  %dst1 = pto_orch.call @copy(%src, %dst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// An element updated in one branch of an scf.if (@branch_table): %sel == 0 updates tbl[0], any
// other %sel tbl[3] (both to row 16); the loop copies the rows the chosen table names.
func.func @branch_table(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %sel: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %tbl = pto_orch.int_array_create %c0, %c16, %c32, %c48 : !pto_orch.int_array<4, index>
  %first = arith.cmpi eq, %sel, %c0 : index
  %chosen = scf.if %first -> (!pto_orch.int_array<4, index>) {
    %t0 = pto_orch.int_array_set %c16, %tbl[%c0] : !pto_orch.int_array<4, index>
    scf.yield %t0 : !pto_orch.int_array<4, index>
  } else {
    %t3 = pto_orch.int_array_set %c16, %tbl[%c3] : !pto_orch.int_array<4, index>
    scf.yield %t3 : !pto_orch.int_array<4, index>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %row = pto_orch.int_array_get %chosen[%i] : !pto_orch.int_array<4, index>
    %src = pto_tensor.slice %x[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %at = arith.muli %i, %c16 : index
    %dst = pto_tensor.slice %y[%at, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %dst1 = pto_orch.call @copy(%src, %dst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
