// A write into a slice or view is `inout`, never `out` (docs/passes/derive-call-directions.md,
// rule 1): the task writes part of a tensor and the rest must survive, so the runtime has to
// order it after the tensor's earlier writers. This holds for slices of function parameters
// and of created tensors alike, through the results of tasks that wrote the slice, and for
// slices of slices. Writing a slice counts as writing the tensor it is a part of.
// RUN: pypto-opt --derive-call-directions %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions %s > %t.once.mlir
// RUN: pypto-opt --derive-call-directions %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @k16 aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k4 aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @k2x4 aiv (in tensor<2x4xf32>, out tensor<2x4xf32>) -> tensor<2x4xf32>

// CHECK-LABEL: func.func @slice_of_parameter(
// CHECK:         %s1 = pto_orch.call @k8(in %a, inout %s)
// CHECK-NEXT:    %s2 = pto_orch.call @k8(in %a, inout %s1)
func.func @slice_of_parameter(%a: tensor<8xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c8 = arith.constant 8 : index
  %s = pto_tensor.slice %y[%c8] : tensor<16xf32> to tensor<8xf32>
  %s1 = pto_orch.call @k8(%a, %s) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s2 = pto_orch.call @k8(%a, %s1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}

// A slice of a created tensor, written before the whole tensor: the slice write is `inout`
// and the whole-tensor write after it is a second write of the tensor.
// CHECK-LABEL: func.func @slice_then_whole(
// CHECK:         %lo1 = pto_orch.call @k8(in %a, inout %lo)
// CHECK-NEXT:    %t1 = pto_orch.call @k16(in %b, inout %t)
func.func @slice_then_whole(%a: tensor<8xf32>, %b: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %t = pto_tensor.create : tensor<16xf32>
  %lo = pto_tensor.slice %t[%c0] : tensor<16xf32> to tensor<8xf32>
  %lo1 = pto_orch.call @k8(%a, %lo) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t1 = pto_orch.call @k16(%b, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A slice of a slice, and a view; a sibling tensor untouched by them keeps its `out`.
// CHECK-LABEL: func.func @nested_views(
// CHECK:         %q1 = pto_orch.call @k4(in %a4, inout %q)
// CHECK-NEXT:    %v = pto_tensor.view %t[%c0] : tensor<16xf32> to tensor<2x4xf32>
// CHECK-NEXT:    %v1 = pto_orch.call @k2x4(in %a2x4, inout %v)
// CHECK-NEXT:    %u1 = pto_orch.call @k16(in %b, out %u)
// CHECK-NEXT:    %t1 = pto_orch.call @k16(in %b, inout %t)
func.func @nested_views(%a4: tensor<4xf32>, %a2x4: tensor<2x4xf32>, %b: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = pto_tensor.create : tensor<16xf32>
  %u = pto_tensor.create : tensor<16xf32>
  %h = pto_tensor.slice %t[%c4] : tensor<16xf32> to tensor<8xf32>
  %q = pto_tensor.slice %h[%c0] : tensor<8xf32> to tensor<4xf32>
  %q1 = pto_orch.call @k4(%a4, %q) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %v = pto_tensor.view %t[%c0] : tensor<16xf32> to tensor<2x4xf32>
  %v1 = pto_orch.call @k2x4(%a2x4, %v) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %u1 = pto_orch.call @k16(%b, %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t1 = pto_orch.call @k16(%b, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// The dynamic_dim example's shape: a loop writes one stripe of the carried Out parameter per
// iteration through a slice, and assembles it back.
// CHECK-LABEL: func.func @stripes(
// CHECK:         %dst1 = pto_orch.call @k8(in %src, inout %dst)
func.func @stripes(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %row = %c0 to %c16 step %c8 iter_args(%yi = %y) -> (tensor<16xf32>) {
    %src = pto_tensor.slice %x[%row] : tensor<16xf32> to tensor<8xf32>
    %dst = pto_tensor.slice %yi[%row] : tensor<16xf32> to tensor<8xf32>
    %dst1 = pto_orch.call @k8(%src, %dst) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %yn = pto_tensor.assemble %dst1 into %yi[%row] : tensor<8xf32> into tensor<16xf32>
    scf.yield %yn : tensor<16xf32>
  }
  func.return %r : tensor<16xf32>
}
