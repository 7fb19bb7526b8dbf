// Static extents that do not fit the runtime's uint32_t shapes, and constant indices and windows outside a tensor.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s
// CHECK: :[[# @LINE + 8]]:3: error: 'pto_tensor.create' op result 0 has type tensor<4294967296xf32>: extent 4294967296 of dimension 0 does not fit the runtime's uint32_t shapes (at most 4294967295){{$}}
// CHECK: :[[# @LINE + 16]]:3: error: 'pto_tensor.slice' op the slice covers [12, 20) of dimension 0, outside its extent 16{{$}}
// CHECK: :[[# @LINE + 23]]:3: error: 'pto_tensor.read' op read index 16 of dimension 1 is outside [0, 16){{$}}
// CHECK: :[[# @LINE + 30]]:3: error: 'pto_tensor.write' op write index -1 of dimension 0 is outside [0, 16){{$}}
// CHECK: :[[# @LINE + 37]]:3: error: 'pto_tensor.view' op the view covers [9, 17) of dimension 0, outside its extent 16{{$}}
// CHECK: :[[# @LINE + 45]]:3: error: 'pto_tensor.assemble' op the assembled source covers [9, 17) of dimension 0, outside its extent 16{{$}}

func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<4294967296xf32>
  func.return
}

// -----
func.func @f(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %s = pto_tensor.slice %t[%c12, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
  func.return
}

// -----
func.func @f(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %e = pto_tensor.read %t[%c0, %c16] : tensor<16x16xf32> -> f32
  func.return
}

// -----
func.func @f(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %cm = arith.constant -1 : index
  %t1 = pto_tensor.write %v, %t[%cm, %c0] : f32, tensor<16x16xf32>
  func.return
}

// -----
func.func @f(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %w = pto_tensor.view %t[%c9, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
  func.return
}

// -----
func.func @f(%t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %s = pto_tensor.create : tensor<8x16xf32>
  %r = pto_tensor.assemble %s into %t[%c9, %c0] : tensor<8x16xf32> into tensor<16x16xf32>
  func.return
}
