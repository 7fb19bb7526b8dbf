// Every op of the pto_tensor dialect in custom form (static and dynamic extents, optional
// sizes(...), create options, negative transpose axes, a discardable attribute), printed back as written and
// unchanged through the generic form.
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Every pto_tensor op, with static and dynamic (`?`) extents.
// CHECK-LABEL: func.func @tensor_ops(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %x: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32, %i: index, %j: index) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
func.func @tensor_ops(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %x: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32, %i: index, %j: index) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  // CHECK-NEXT: %c = pto_tensor.create : tensor<16x16xf32>
  %c = pto_tensor.create : tensor<16x16xf32>
  // CHECK-NEXT: %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  // CHECK-NEXT: %N = pto_tensor.dim %x, 1 : tensor<?x16xf32>
  %N = pto_tensor.dim %x, 1 : tensor<?x16xf32>
  // CHECK-NEXT: %d = pto_tensor.create(%M) : tensor<?x16xf32>
  %d = pto_tensor.create(%M) : tensor<?x16xf32>
  // CHECK-NEXT: %d2 = pto_tensor.create(%M, %N) : tensor<?x?xf32>
  %d2 = pto_tensor.create(%M, %N) : tensor<?x?xf32>
  // CHECK-NEXT: %ci = pto_tensor.create init(1.500000e+00 : f32) manual_dep : tensor<16x16xf32>
  %ci = pto_tensor.create init(1.5 : f32) manual_dep : tensor<16x16xf32>
  // CHECK-NEXT: %cd = pto_tensor.create(%M) init(-3 : i32) : tensor<?x16xi32>
  %cd = pto_tensor.create(%M) init(-3 : i32) : tensor<?x16xi32>
  // CHECK-NEXT: %e = pto_tensor.read %t[%i, %j] : tensor<16x16xf32> -> f32
  %e = pto_tensor.read %t[%i, %j] : tensor<16x16xf32> -> f32
  // CHECK-NEXT: %t1 = pto_tensor.write %v, %t[%i, %j] : f32, tensor<16x16xf32>
  %t1 = pto_tensor.write %v, %t[%i, %j] : f32, tensor<16x16xf32>
  // CHECK-NEXT: %s = pto_tensor.slice %t1[%i, %j] : tensor<16x16xf32> to tensor<8x16xf32>
  %s = pto_tensor.slice %t1[%i, %j] : tensor<16x16xf32> to tensor<8x16xf32>
  // CHECK-NEXT: %sd = pto_tensor.slice %x[%i, %j] sizes(%M) : tensor<?x16xf32> to tensor<?x8xf32>
  %sd = pto_tensor.slice %x[%i, %j] sizes(%M) : tensor<?x16xf32> to tensor<?x8xf32>
  // CHECK-NEXT: %sr = pto_tensor.slice %x[%i, %j] sizes(%M) drop [1] {note = "kept"} : tensor<?x16xf32> to tensor<?xf32>
  %sr = pto_tensor.slice %x[%i, %j] sizes(%M) drop [1] {note = "kept"} : tensor<?x16xf32> to tensor<?xf32>
  // CHECK-NEXT: %w = pto_tensor.view %t[%i, %j] : tensor<16x16xf32> to tensor<256xf32>
  %w = pto_tensor.view %t[%i, %j] : tensor<16x16xf32> to tensor<256xf32>
  // CHECK-NEXT: %wd = pto_tensor.view %x[%i, %j] sizes(%M) : tensor<?x16xf32> to tensor<?xf32>
  %wd = pto_tensor.view %x[%i, %j] sizes(%M) : tensor<?x16xf32> to tensor<?xf32>
  // CHECK-NEXT: %r = pto_tensor.reshape %t : tensor<16x16xf32> to tensor<4x64xf32>
  %r = pto_tensor.reshape %t : tensor<16x16xf32> to tensor<4x64xf32>
  // CHECK-NEXT: %rd = pto_tensor.reshape %x sizes(%M) : tensor<?x16xf32> to tensor<?x4x4xf32>
  %rd = pto_tensor.reshape %x sizes(%M) : tensor<?x16xf32> to tensor<?x4x4xf32>
  // CHECK-NEXT: %tr = pto_tensor.transpose %r, 0, 1 : tensor<4x64xf32> to tensor<64x4xf32>
  %tr = pto_tensor.transpose %r, 0, 1 : tensor<4x64xf32> to tensor<64x4xf32>
  // CHECK-NEXT: %tn = pto_tensor.transpose %r, -1, 0 : tensor<4x64xf32> to tensor<64x4xf32>
  %tn = pto_tensor.transpose %r, -1, 0 : tensor<4x64xf32> to tensor<64x4xf32>
  // CHECK-NEXT: %k = pto_tensor.dim %tr, 1 {note = "kept"} : tensor<64x4xf32>
  %k = pto_tensor.dim %tr, 1 {note = "kept"} : tensor<64x4xf32>
  // CHECK-NEXT: %a = pto_tensor.assemble %s into %c[%i, %j] : tensor<8x16xf32> into tensor<16x16xf32>
  %a = pto_tensor.assemble %s into %c[%i, %j] : tensor<8x16xf32> into tensor<16x16xf32>
  // CHECK-NEXT: %ad = pto_tensor.assemble %s into %x[%i, %j] : tensor<8x16xf32> into tensor<?x16xf32>
  %ad = pto_tensor.assemble %s into %x[%i, %j] : tensor<8x16xf32> into tensor<?x16xf32>
  // CHECK-NEXT: func.return %a : tensor<16x16xf32>
  func.return %a : tensor<16x16xf32>
// CHECK-NEXT: }
}

// The generic form: properties (axes) and operand segments (offsets, sizes).
// GENERIC: %M = "pto_tensor.dim"(%x) <{axis = 0 : i64}> : (tensor<?x16xf32>) -> index
// GENERIC: %d2 = "pto_tensor.create"(%M, %N) : (index, index) -> tensor<?x?xf32>
// GENERIC: %ci = "pto_tensor.create"() <{init = 1.500000e+00 : f32, manual_dep}> : () -> tensor<16x16xf32>
// GENERIC: %cd = "pto_tensor.create"(%M) <{init = -3 : i32}> : (index) -> tensor<?x16xi32>
// GENERIC: %sd = "pto_tensor.slice"(%x, %i, %j, %M) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (tensor<?x16xf32>, index, index, index) -> tensor<?x8xf32>
// GENERIC: %sr = "pto_tensor.slice"(%x, %i, %j, %M) <{operandSegmentSizes = array<i32: 1, 2, 1>, drop = array<i64: 1>}> {note = "kept"} : (tensor<?x16xf32>, index, index, index) -> tensor<?xf32>
// GENERIC: %wd = "pto_tensor.view"(%x, %i, %j, %M) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (tensor<?x16xf32>, index, index, index) -> tensor<?xf32>
// GENERIC: %rd = "pto_tensor.reshape"(%x, %M) : (tensor<?x16xf32>, index) -> tensor<?x4x4xf32>
// GENERIC: %tn = "pto_tensor.transpose"(%r) <{axis1 = -1 : i64, axis2 = 0 : i64}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
// GENERIC: %k = "pto_tensor.dim"(%tr) <{axis = 1 : i64}> {note = "kept"} : (tensor<64x4xf32>) -> index
