// Write-after-write promotion of function parameters (external buffers), by the same rules
// as created buffers: a second write (R-prior), a write in a sequential loop (R-seq), a write
// into an `inout` parameter (R-enclosing). docs/passes/derive-call-directions.md, rules 2-4.
// RUN: pypto-opt --derive-call-directions %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @prior(
// CHECK-NEXT:    %y1 = pto_orch.call @k(in %a, out %y)
// CHECK-NEXT:    %y2 = pto_orch.call @k(in %a, inout %y1)
func.func @prior(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %y1 = pto_orch.call @k(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y2 = pto_orch.call @k(%a, %y1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A branch sees only the writes before its scf.if; after it, either branch's write counts.
// CHECK-LABEL: func.func @branches(
// CHECK:         scf.if %c {
// CHECK-NEXT:      %y1 = pto_orch.call @k(in %a, out %y)
// CHECK:         } else {
// CHECK-NEXT:      %y2 = pto_orch.call @k(in %a, out %y)
// CHECK:         %y3 = pto_orch.call @k(in %a, inout %y)
func.func @branches(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  scf.if %c {
    %y1 = pto_orch.call @k(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield
  } else {
    %y2 = pto_orch.call @k(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield
  }
  %y3 = pto_orch.call @k(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A sequential loop repeats the write; a pto_orch.parallel loop alone does not.
// CHECK-LABEL: func.func @loops(
// CHECK:         %y1 = pto_orch.call @k(in %a, inout %y)
// CHECK:         %z1 = pto_orch.call @k(in %a, out %z)
func.func @loops(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %y1 = pto_orch.call @k(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield
  }
  scf.for %j = %c0 to %c4 step %c1 {
    %z1 = pto_orch.call @k(%a, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield
  } {pto_orch.parallel}
  func.return
}

// An `inout` parameter keeps the caller's data: even its first write is inout. An `out`
// parameter's first write stays out.
// CHECK-LABEL: func.func @enclosing(
// CHECK-NEXT:    %x1 = pto_orch.call @k(in %a, inout %x)
// CHECK-NEXT:    %y1 = pto_orch.call @k(in %a, out %y)
func.func @enclosing(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x1 = pto_orch.call @k(%a, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y1 = pto_orch.call @k(%a, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
