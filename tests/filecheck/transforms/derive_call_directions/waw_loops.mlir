// Write-after-write promotion and loops (docs/passes/derive-call-directions.md, rule 3): a
// created tensor written as `out` inside a sequential scf.for that does not also hold its
// pto_tensor.create is `inout` (iteration 2 rewrites what iteration 1 wrote), even when it is
// the first write in program order. A tensor created inside the loop body is a fresh
// allocation every iteration. pto_orch.parallel loops do not repeat a write by themselves.
// RUN: pypto-opt --derive-call-directions %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions %s > %t.once.mlir
// RUN: pypto-opt --derive-call-directions %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @created_outside(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %c1_1 = pto_orch.call @k(in %a, inout %c)
// CHECK:         %d1 = pto_orch.call @k(in %a, out %d)
func.func @created_outside(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c = pto_tensor.create : tensor<16xf32>
  %d = pto_tensor.create : tensor<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %c1_1 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %d1 = pto_orch.call @k(%a, %d) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Created in the body: first write `out`, second `inout`, every iteration.
// CHECK-LABEL: func.func @created_inside(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %t = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:      %t1 = pto_orch.call @k(in %a, out %t)
// CHECK-NEXT:      %t2 = pto_orch.call @k(in %a, inout %t1)
func.func @created_inside(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @k(%a, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %t2 = pto_orch.call @k(%a, %t1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Created in the outer body, written in an inner sequential loop: repeated by the inner loop.
// Written once after the inner loop, in the outer body: `out` (a fresh allocation per outer
// iteration).
// CHECK-LABEL: func.func @nested_loops(
// CHECK:         %u = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:    %v = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:    scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %u1 = pto_orch.call @k(in %a, inout %u)
// CHECK:         %v1 = pto_orch.call @k(in %a, out %v)
func.func @nested_loops(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %u = pto_tensor.create : tensor<16xf32>
    %v = pto_tensor.create : tensor<16xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %u1 = pto_orch.call @k(%a, %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    %v1 = pto_orch.call @k(%a, %v) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Carried through iter_args: the iter_arg, the init and the loop result are one buffer. The
// write after the loop is a second write; so is the write in the loop.
// CHECK-LABEL: func.func @carried(
// CHECK:         %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %c) -> (tensor<16xf32>) {
// CHECK-NEXT:      %n = pto_orch.call @k(in %a, inout %it)
// CHECK:         %r1 = pto_orch.call @k(in %a, inout %r)
func.func @carried(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c = pto_tensor.create : tensor<16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %c) -> (tensor<16xf32>) {
    %n = pto_orch.call @k(%a, %it) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  %r1 = pto_orch.call @k(%a, %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A loop that never writes a tensor leaves its first write after the loop `out`; a loop that
// writes it (a parallel one here) makes the write after the loop `inout`.
// CHECK-LABEL: func.func @after_loop(
// CHECK:           %y1 = pto_orch.call @k(in %x, out %y)
// CHECK:           %z1 = pto_orch.call @k(in %a, out %z)
// CHECK-NEXT:    } {pto_orch.parallel}
// CHECK-NEXT:    %x1 = pto_orch.call @k(in %a, out %x)
// CHECK-NEXT:    %z2 = pto_orch.call @k(in %a, inout %z)
func.func @after_loop(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = pto_tensor.create : tensor<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = pto_tensor.create : tensor<16xf32>
    %y1 = pto_orch.call @k(%x, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %z = pto_tensor.create : tensor<16xf32>
  scf.for %j = %c0 to %c4 step %c1 {
    %z1 = pto_orch.call @k(%a, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  } {pto_orch.parallel}
  %x1 = pto_orch.call @k(%a, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %z2 = pto_orch.call @k(%a, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// pto_orch.parallel: iterations are independent, so a tensor created outside is written `out`
// in the parallel body; a sequential loop around the parallel one repeats the write.
// CHECK-LABEL: func.func @parallel(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %p1 = pto_orch.call @k(in %a, out %p)
// CHECK-NEXT:    } {pto_orch.parallel}
// CHECK:         scf.for %m = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:        %q1 = pto_orch.call @k(in %a, inout %q)
// CHECK-NEXT:      } {pto_orch.parallel}
func.func @parallel(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = pto_tensor.create : tensor<16xf32>
  %q = pto_tensor.create : tensor<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %p1 = pto_orch.call @k(%a, %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  } {pto_orch.parallel}
  scf.for %m = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %q1 = pto_orch.call @k(%a, %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    } {pto_orch.parallel}
  }
  func.return
}
