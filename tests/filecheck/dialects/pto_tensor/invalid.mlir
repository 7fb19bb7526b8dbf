// One chunk per verifier rule of the pto_tensor dialect (rank, shape, element type and
// dynamic-size rules of every op) and its discardable-attribute check. Each CHECK pins the
// exact one-line diagnostic and its location.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// ===== create

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.create' op result tensor<?x?xf32> has 2 dynamic extent(s) ('?') but 1 size value(s) are given: pass one index value per '?'{{$}}
func.func @f(%n: index) {
  %c = pto_tensor.create(%n) : tensor<?x?xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.create' op result tensor<4xf32> has 0 dynamic extent(s) ('?') but 1 size value(s) are given: pass one index value per '?'{{$}}
func.func @f(%n: index) {
  %c = pto_tensor.create(%n) : tensor<4xf32>
  func.return
}

// -----

// A size that is not an index.
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.create' op operand 'dynamic_sizes' at position 0 does not verify: i64 should be of base attribute index{{$}}
func.func @f(%n: i64) {
  %c = "pto_tensor.create"(%n) : (i64) -> tensor<?xf32>
  func.return
}

// -----

// ===== read

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.read' op read needs 2 indices for tensor<4x4xf32> but 1 are given{{$}}
func.func @f(%t: tensor<4x4xf32>, %i: index) {
  %v = pto_tensor.read %t[%i] : tensor<4x4xf32> -> f32
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.read' op result type f16 is not the element type f32{{$}}
func.func @f(%t: tensor<4xf32>, %i: index) {
  %v = pto_tensor.read %t[%i] : tensor<4xf32> -> f16
  func.return
}

// -----

// ===== write

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.write' op writes into a tensor, not f32{{$}}
func.func @f(%v: f32, %i: index) {
  %r = pto_tensor.write %v, %v[%i] : f32, f32
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.write' op write needs 1 indices for tensor<4xf32> but 2 are given{{$}}
func.func @f(%t: tensor<4xf32>, %v: f32, %i: index) {
  %r = pto_tensor.write %v, %t[%i, %i] : f32, tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.write' op value type i32 is not the element type f32{{$}}
func.func @f(%t: tensor<4xf32>, %v: i32, %i: index) {
  %r = pto_tensor.write %v, %t[%i] : i32, tensor<4xf32>
  func.return
}

// -----

// ===== slice

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op slice offsets needs 2 indices for tensor<16x16xf32> but 1 are given{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i] : tensor<16x16xf32> to tensor<8x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op result tensor<?x16xf32> has 1 dynamic extent(s) ('?') but 0 size value(s) are given: pass one index value per '?'{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<16x16xf32> to tensor<?x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op element type changes from f32 to f16{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<16x16xf32> to tensor<8x16xf16>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op a slice keeps the rank (2) but the result has rank 1: use pto_tensor.view or pto_tensor.reshape to change it, or list the unit dimensions it drops in 'drop'{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<16x16xf32> to tensor<16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op slice extent 32 of dimension 1 exceeds the source extent 16{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<16x16xf32> to tensor<8x32xf32>
  func.return
}

// -----

// ===== view

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.view' op view offsets needs 2 indices for tensor<16x16xf32> but 3 are given{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %v = pto_tensor.view %t[%i, %i, %i] : tensor<16x16xf32> to tensor<256xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.view' op view of 512 elements is larger than the source (256){{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %v = pto_tensor.view %t[%i, %i] : tensor<16x16xf32> to tensor<512xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.view' op element type changes from f32 to i32{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %v = pto_tensor.view %t[%i, %i] : tensor<16x16xf32> to tensor<256xi32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.view' op result tensor<?xf32> has 1 dynamic extent(s) ('?') but 2 size value(s) are given: pass one index value per '?'{{$}}
func.func @f(%t: tensor<16x16xf32>, %i: index) {
  %v = pto_tensor.view %t[%i, %i] sizes(%i, %i) : tensor<16x16xf32> to tensor<?xf32>
  func.return
}

// -----

// ===== reshape

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.reshape' op reshape from 256 to 255 elements: the counts must match{{$}}
func.func @f(%t: tensor<16x16xf32>) {
  %r = pto_tensor.reshape %t : tensor<16x16xf32> to tensor<255xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.reshape' op reshape keeps the element type{{$}}
func.func @f(%t: tensor<16x16xf32>) {
  %r = pto_tensor.reshape %t : tensor<16x16xf32> to tensor<256xf16>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.reshape' op result tensor<?x16xf32> has 1 dynamic extent(s) ('?') but 0 size value(s) are given: pass one index value per '?'{{$}}
func.func @f(%t: tensor<16x16xf32>) {
  %r = pto_tensor.reshape %t : tensor<16x16xf32> to tensor<?x16xf32>
  func.return
}

// -----

// ===== transpose

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.transpose' op axis 2 is out of range for rank 2{{$}}
func.func @f(%t: tensor<16x8xf32>) {
  %r = pto_tensor.transpose %t, 0, 2 : tensor<16x8xf32> to tensor<8x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.transpose' op axis -3 is out of range for rank 2{{$}}
func.func @f(%t: tensor<16x8xf32>) {
  %r = pto_tensor.transpose %t, -3, 0 : tensor<16x8xf32> to tensor<8x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.transpose' op transpose needs two different axes (both are 1){{$}}
func.func @f(%t: tensor<16x8xf32>) {
  %r = pto_tensor.transpose %t, 1, -1 : tensor<16x8xf32> to tensor<16x8xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.transpose' op result type must be tensor<8x16xf32>, not tensor<16x8xf32>{{$}}
func.func @f(%t: tensor<16x8xf32>) {
  %r = pto_tensor.transpose %t, 0, 1 : tensor<16x8xf32> to tensor<16x8xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.transpose' op result type must be tensor<8x16xf32>, not tensor<8x16xf16>{{$}}
func.func @f(%t: tensor<16x8xf32>) {
  %r = pto_tensor.transpose %t, 0, 1 : tensor<16x8xf32> to tensor<8x16xf16>
  func.return
}

// -----

// ===== dim

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.dim' op axis 2 is out of range for rank 2{{$}}
func.func @f(%t: tensor<?x16xf32>) {
  %d = pto_tensor.dim %t, 2 : tensor<?x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.dim' op axis -1 is out of range for rank 1{{$}}
func.func @f(%t: tensor<?xf32>) {
  %d = pto_tensor.dim %t, -1 : tensor<?xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.dim' op operand 'source' at position 0 does not verify: index should be of base attribute tensor{{$}}
func.func @f(%n: index) {
  %d = "pto_tensor.dim"(%n) <{axis = 0 : i64}> : (index) -> index
  func.return
}

// -----

// ===== assemble

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.assemble' op assembles into a tensor, not index{{$}}
func.func @f(%s: tensor<8xf32>, %n: index) {
  %r = pto_tensor.assemble %s into %n[%n] : tensor<8xf32> into index
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.assemble' op assemble offsets needs 2 indices for tensor<16x16xf32> but 1 are given{{$}}
func.func @f(%s: tensor<8x16xf32>, %t: tensor<16x16xf32>, %i: index) {
  %r = pto_tensor.assemble %s into %t[%i] : tensor<8x16xf32> into tensor<16x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.assemble' op source tensor<128xf32> and target tensor<16x16xf32> need the same rank and element type{{$}}
func.func @f(%s: tensor<128xf32>, %t: tensor<16x16xf32>, %i: index) {
  %r = pto_tensor.assemble %s into %t[%i, %i] : tensor<128xf32> into tensor<16x16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.assemble' op source tensor<8x16xi32> and target tensor<16x16xf32> need the same rank and element type{{$}}
func.func @f(%s: tensor<8x16xi32>, %t: tensor<16x16xf32>, %i: index) {
  %r = pto_tensor.assemble %s into %t[%i, %i] : tensor<8x16xi32> into tensor<16x16xf32>
  func.return
}

// -----

// ===== discardable attributes: the dialect defines none

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op unknown attribute 'pto_tensor.layout' of the pto_tensor dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f() attributes {pto_tensor.layout = "nd"} {
  func.return
}

// -----

// ===== types: operands are builtin tensors

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op operand 'source' at position 0 does not verify: memref<16x16xf32> should be of base attribute tensor{{$}}
func.func @f(%t: memref<16x16xf32>, %i: index) {
  %s = "pto_tensor.slice"(%t, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<16x16xf32>, index, index) -> tensor<8x16xf32>
  func.return
}

// -----

// ===== the runtime's view rules, dimension by dimension (a 4x4 view of a 2x16 tensor does
// not fit; a 4x8 one, of the same element count, reinterprets the shape: see below)

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.view' op view extent 4 of dimension 0 exceeds the source extent 2{{$}}
func.func @f(%t: tensor<2x16xf32>, %i: index) {
  %v = pto_tensor.view %t[%i, %i] : tensor<2x16xf32> to tensor<4x4xf32>
  func.return
}

// -----

// ===== a view that reinterprets the shape (same rank and element count, static) is a
// reshape: from the first element (constant zero offsets) of a contiguous source

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.view' op reinterprets tensor<2x16xf32> as tensor<4x8xf32> (a view of the same element count that does not fit dimension by dimension: a reshape), but not every offset is a constant 0: a reinterpretation covers the whole source; view the whole tensor, or take a pto_tensor.slice{{$}}
func.func @f(%t: tensor<2x16xf32>, %i: index) {
  %v = pto_tensor.view %t[%i, %i] : tensor<2x16xf32> to tensor<4x8xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_tensor.view' op reinterprets tensor<2x16xf32> as tensor<4x8xf32> (a view of the same element count that does not fit dimension by dimension: a reshape), but not every offset is a constant 0: a reinterpretation covers the whole source; view the whole tensor, or take a pto_tensor.slice{{$}}
func.func @f(%t: tensor<2x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = pto_tensor.view %t[%c0, %c1] : tensor<2x16xf32> to tensor<4x8xf32>
  func.return
}

// -----

// a slice with gaps (every row, half the columns) is not contiguous
// CHECK: :[[# @LINE + 4]]:3: error: 'pto_tensor.view' op reinterprets tensor<2x16xf32> as tensor<4x8xf32> (a view of the same element count that does not fit dimension by dimension: a reshape), but it is not contiguous in memory (dimension 0 has stride 32, not 16: a view that narrows a later dimension, or a transpose); the runtime's Tensor::reshape aborts on a non-contiguous tensor and cannot copy: pass the view to the task as it is, or let a task write it into a pto_tensor.create'd tensor and reshape that{{$}}
func.func @f(%t: tensor<2x32xf32>) {
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %t[%c0, %c0] : tensor<2x32xf32> to tensor<2x16xf32>
  %v = pto_tensor.view %s[%c0, %c0] : tensor<2x16xf32> to tensor<4x8xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_tensor.view' op reinterprets tensor<16x2xf32> as tensor<8x4xf32> (a view of the same element count that does not fit dimension by dimension: a reshape), but it is not contiguous in memory (dimension 0 has stride 1, not 2: a view that narrows a later dimension, or a transpose); the runtime's Tensor::reshape aborts on a non-contiguous tensor and cannot copy: pass the view to the task as it is, or let a task write it into a pto_tensor.create'd tensor and reshape that{{$}}
func.func @f(%t: tensor<2x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = pto_tensor.transpose %t, 0, 1 : tensor<2x16xf32> to tensor<16x2xf32>
  %v = pto_tensor.view %x[%c0, %c0] : tensor<16x2xf32> to tensor<8x4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_tensor.view' op the view covers [1, 3) of dimension 0, outside its extent 2{{$}}
func.func @f(%t: tensor<2x16xf32>, %i: index) {
  %c1 = arith.constant 1 : index
  %v = pto_tensor.view %t[%c1, %i] : tensor<2x16xf32> to tensor<2x8xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_tensor.slice' op the slice covers [3, 5) of dimension 0, outside its extent 4{{$}}
func.func @f(%t: tensor<4x16xf32>, %i: index) {
  %c3 = arith.constant 3 : index
  %s = pto_tensor.slice %t[%c3, %i] : tensor<4x16xf32> to tensor<2x8xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_tensor.assemble' op the assembled source covers [3, 5) of dimension 0, outside its extent 4{{$}}
func.func @f(%p: tensor<2x8xf32>, %t: tensor<4x8xf32>) {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %a = pto_tensor.assemble %p into %t[%c3, %c0] : tensor<2x8xf32> into tensor<4x8xf32>
  func.return
}

// -----

// ===== reshape of a non-contiguous tensor (the runtime's Tensor::reshape aborts on it): a
// middle-axis slice, a narrower last axis of a 1-row view, a transpose, through a task result

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_tensor.reshape' op reshapes tensor<4x4x16xf32>, which is not contiguous in memory (dimension 0 has stride 128, not 64: a view that narrows a later dimension, or a transpose); the runtime's Tensor::reshape aborts on a non-contiguous tensor and cannot copy: pass the view to the task as it is, or let a task write it into a pto_tensor.create'd tensor and reshape that{{$}}
func.func @f(%t: tensor<4x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %t[%c0, %c0, %c0] : tensor<4x8x16xf32> to tensor<4x4x16xf32>
  %r = pto_tensor.reshape %s : tensor<4x4x16xf32> to tensor<256xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_tensor.reshape' op reshapes tensor<1x4xf32>, which is not contiguous in memory (dimension 0 has stride 8, not 4: a view that narrows a later dimension, or a transpose); the runtime's Tensor::reshape aborts on a non-contiguous tensor and cannot copy: pass the view to the task as it is, or let a task write it into a pto_tensor.create'd tensor and reshape that{{$}}
func.func @f(%t: tensor<4x8xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i] : tensor<4x8xf32> to tensor<1x4xf32>
  %r = pto_tensor.reshape %s : tensor<1x4xf32> to tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'pto_tensor.reshape' op reshapes tensor<8x4xf32>, which is not contiguous in memory (dimension 0 has stride 1, not 4: a view that narrows a later dimension, or a transpose); the runtime's Tensor::reshape aborts on a non-contiguous tensor and cannot copy: pass the view to the task as it is, or let a task write it into a pto_tensor.create'd tensor and reshape that{{$}}
pto_orch.kernel @k aiv (in tensor<8x4xf32>, out tensor<8x4xf32>) -> tensor<8x4xf32>
func.func @f(%t: tensor<4x8xf32>, %a: tensor<8x4xf32>) {
  %x = pto_tensor.transpose %t, 0, 1 : tensor<4x8xf32> to tensor<8x4xf32>
  %x1 = pto_orch.call @k(in %a, out %x) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = pto_tensor.reshape %x1 : tensor<8x4xf32> to tensor<32xf32>
  func.return
}

// -----

// ===== create options

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.create' op init value has type f64, not the element type f32: write it as a constant of type f32{{$}}
func.func @f() {
  %c = pto_tensor.create init(1.0 : f64) : tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.create' op init value has type f32, not the element type i32: write it as a constant of type i32{{$}}
func.func @f() {
  %c = pto_tensor.create init(1.0 : f32) : tensor<4xi32>
  func.return
}

// -----

// ===== rank-reducing slices

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op a slice of rank 3 that drops 1 dimension(s) has rank 2, but the result has rank 1{{$}}
func.func @f(%t: tensor<4x8x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i, %i] drop [1] : tensor<4x8x16xf32> to tensor<64xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op drop must list source dimensions (0..2) in increasing order, each once: drop [1, ...]{{$}}
func.func @f(%t: tensor<4x8x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i, %i] drop [1, 0] : tensor<4x8x16xf32> to tensor<16xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op drop must list source dimensions (0..2) in increasing order, each once: drop [1, ...]{{$}}
func.func @f(%t: tensor<4x8x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i, %i] drop [3] : tensor<4x8x16xf32> to tensor<4x8xf32>
  func.return
}

// -----

// The kept dimensions must fit: 16 > 8 in dimension 1.
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.slice' op slice extent 16 of dimension 1 exceeds the source extent 8{{$}}
func.func @f(%t: tensor<4x8x16xf32>, %i: index) {
  %s = pto_tensor.slice %t[%i, %i, %i] drop [0] : tensor<4x8x16xf32> to tensor<16x16xf32>
  func.return
}

// -----

// A constant given for a '?' extent must fit the runtime's uint32_t shapes.
// CHECK: :[[# @LINE + 3]]:3: error: 'pto_tensor.create' op result extent value #0 is the constant -1, which does not fit the runtime's uint32_t shapes (0 to 4294967295){{$}}
func.func @f() {
  %c = arith.constant -1 : index
  %a = pto_tensor.create(%c) : tensor<?xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_tensor.create' op result extent value #1 is the constant 4294967296, which does not fit the runtime's uint32_t shapes (0 to 4294967295){{$}}
func.func @f(%n: index) {
  %c = arith.constant 4294967296 : index
  %a = pto_tensor.create(%n, %c) : tensor<?x?xf32>
  func.return
}

// -----

// A negative constant offset into a '?' extent: the message does not print the extent.
// CHECK: :[[# @LINE + 3]]:3: error: 'pto_tensor.slice' op the slice covers [-4, 0) of dimension 0, before its start{{$}}
func.func @f(%x: tensor<?xf32>) {
  %c = arith.constant -4 : index
  %v = pto_tensor.slice %x[%c] : tensor<?xf32> to tensor<4xf32>
  func.return
}
