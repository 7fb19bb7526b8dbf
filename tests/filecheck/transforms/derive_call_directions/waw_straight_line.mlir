// Write-after-write promotion in straight-line code (docs/passes/derive-call-directions.md,
// rule 2): a tensor from pto_tensor.create is `out` at its first write only; every later
// write of the same allocation is `inout`, so the runtime orders it after the earlier writer.
// The buffer is followed through task results (the Out/InOut argument the kernel's returns
// map names), pto_tensor.write / assemble results and reshape / transpose views.
// RUN: pypto-opt --derive-call-directions %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions %s > %t.once.mlir
// RUN: pypto-opt --derive-call-directions %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k2 aiv (in tensor<16xf32>, out tensor<16xf32>, out tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) returns [1, 2]
pto_orch.kernel @kio aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k44 aiv (in tensor<4x4xf32>, out tensor<4x4xf32>) -> tensor<4x4xf32>

// Second and third writer, through the first result and through the create itself.
// CHECK-LABEL: func.func @second_writer(
// CHECK-NEXT:    %c = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:    %c1 = pto_orch.call @k(in %a, out %c)
// CHECK-NEXT:    %c2 = pto_orch.call @k(in %a, inout %c1)
// CHECK-NEXT:    %c3 = pto_orch.call @k(in %a, inout %c)
func.func @second_writer(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<16xf32>
  %c1 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %c2 = pto_orch.call @k(%a, %c1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %c3 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Reading a created tensor is no write; two creates are two buffers; an InOut kernel
// parameter counts as a write.
// CHECK-LABEL: func.func @reads_and_separate_buffers(
// CHECK:         %x1 = pto_orch.call @k(in %a, out %x)
// CHECK-NEXT:    %y1 = pto_orch.call @k(in %x1, out %y)
// CHECK-NEXT:    %y2 = pto_orch.call @kio(in %x1, inout %y1)
// CHECK-NEXT:    %y3 = pto_orch.call @k(in %x1, inout %y2)
func.func @reads_and_separate_buffers(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x = pto_tensor.create : tensor<16xf32>
  %y = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @k(%a, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y1 = pto_orch.call @k(%x1, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y2 = pto_orch.call @kio(%x1, %y1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y3 = pto_orch.call @k(%x1, %y2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Multi-output kernel: result 0 is argument 1 (%p), result 1 is argument 2 (%q), per the
// returns map; a later write through %q1 is a second write of %q only.
// CHECK-LABEL: func.func @returns_map(
// CHECK:         %p1, %q1 = pto_orch.call @k2(in %a, out %p, out %q)
// CHECK-NEXT:    %r1 = pto_orch.call @k(in %a, out %r)
// CHECK-NEXT:    %q2 = pto_orch.call @k(in %p1, inout %q1)
func.func @returns_map(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %p = pto_tensor.create : tensor<16xf32>
  %q = pto_tensor.create : tensor<16xf32>
  %r = pto_tensor.create : tensor<16xf32>
  %p1, %q1 = pto_orch.call @k2(%a, %p, %q) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  %r1 = pto_orch.call @k(%a, %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %q2 = pto_orch.call @k(%p1, %q1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// pto_tensor.write and pto_tensor.assemble write their target: a task writing it later is a
// second writer.
// CHECK-LABEL: func.func @host_writes(
// CHECK:         %w1 = pto_tensor.write %v, %w[%c0] : f32, tensor<16xf32>
// CHECK-NEXT:    %w2 = pto_orch.call @k(in %a, inout %w1)
// CHECK-NEXT:    %s1 = pto_tensor.assemble %a into %s[%c0] : tensor<16xf32> into tensor<16xf32>
// CHECK-NEXT:    %s2 = pto_orch.call @k(in %a, inout %s)
// CHECK-NEXT:    %u1 = pto_orch.call @k(in %a, out %u)
func.func @host_writes(%a: tensor<16xf32>, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %w = pto_tensor.create : tensor<16xf32>
  %s = pto_tensor.create : tensor<16xf32>
  %u = pto_tensor.create : tensor<16xf32>
  %w1 = pto_tensor.write %v, %w[%c0] : f32, tensor<16xf32>
  %w2 = pto_orch.call @k(%a, %w1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %s1 = pto_tensor.assemble %a into %s[%c0] : tensor<16xf32> into tensor<16xf32>
  %s2 = pto_orch.call @k(%a, %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %u1 = pto_orch.call @k(%a, %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A reshape / transpose is the whole buffer under another shape: a first write through it is
// `out`, a write of the buffer after it is a second write.
// CHECK-LABEL: func.func @whole_views(
// CHECK:         %v1 = pto_orch.call @k44(in %a44, out %v)
// CHECK-NEXT:    %f1 = pto_orch.call @k(in %a, inout %f)
// CHECK-NEXT:    %t = pto_tensor.transpose %v1, 0, 1 : tensor<4x4xf32> to tensor<4x4xf32>
// CHECK-NEXT:    %t1 = pto_orch.call @k44(in %a44, inout %t)
func.func @whole_views(%a: tensor<16xf32>, %a44: tensor<4x4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %f = pto_tensor.create : tensor<16xf32>
  %v = pto_tensor.reshape %f : tensor<16xf32> to tensor<4x4xf32>
  %v1 = pto_orch.call @k44(%a44, %v) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %f1 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t = pto_tensor.transpose %v1, 0, 1 : tensor<4x4xf32> to tensor<4x4xf32>
  %t1 = pto_orch.call @k44(%a44, %t) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return
}

// Function parameters (external tensors) follow the same rule: the second write of %d is
// inout, else the runtime would not order it after the first (write after write).
// CHECK-LABEL: func.func @external_out(
// CHECK-NEXT:    %d1 = pto_orch.call @k(in %a, out %d)
// CHECK-NEXT:    %d2 = pto_orch.call @k(in %a, inout %d1)
func.func @external_out(%a: tensor<16xf32>, %d: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %d1 = pto_orch.call @k(%a, %d) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %d2 = pto_orch.call @k(%a, %d1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
