// Write-after-write promotion across scf.if branches and pto_rt.scope bodies
// (docs/passes/derive-call-directions.md, rule 2): each branch sees the writes made before
// its scf.if, never those of the other branch (only one branch runs); after the scf.if a
// tensor counts as written if either branch may have written it. A pto_rt.scope body runs
// once, in program order, and its results are the buffers it yields.
// RUN: pypto-opt --derive-call-directions %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions %s > %t.once.mlir
// RUN: pypto-opt --derive-call-directions %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Both branches write %c first: `out` in both. %d is written in the then branch only: the
// write after the scf.if is a second write (the then branch may have run).
// CHECK-LABEL: func.func @branches(
// CHECK:         scf.if %cond {
// CHECK-NEXT:      %c1 = pto_orch.call @k(in %a, out %c)
// CHECK-NEXT:      %d1 = pto_orch.call @k(in %a, out %d)
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %c2 = pto_orch.call @k(in %a, out %c)
// CHECK-NEXT:    }
// CHECK-NEXT:    %c3 = pto_orch.call @k(in %a, inout %c)
// CHECK-NEXT:    %d2 = pto_orch.call @k(in %a, inout %d)
func.func @branches(%a: tensor<16xf32>, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<16xf32>
  %d = pto_tensor.create : tensor<16xf32>
  scf.if %cond {
    %c1 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %d1 = pto_orch.call @k(%a, %d) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  } else {
    %c2 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %c3 = pto_orch.call @k(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %d2 = pto_orch.call @k(%a, %d) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A write before the scf.if makes the writes in both branches second writes; nested ifs
// follow the same rules.
// CHECK-LABEL: func.func @written_before(
// CHECK:         %e1 = pto_orch.call @k(in %a, out %e)
// CHECK-NEXT:    scf.if %cond {
// CHECK-NEXT:      %e2 = pto_orch.call @k(in %a, inout %e1)
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.if %cond {
// CHECK-NEXT:        %f1 = pto_orch.call @k(in %a, out %f)
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %e3 = pto_orch.call @k(in %a, inout %e)
// CHECK-NEXT:        %f2 = pto_orch.call @k(in %a, out %f)
// CHECK-NEXT:      }
// CHECK-NEXT:      %f3 = pto_orch.call @k(in %a, inout %f)
// CHECK-NEXT:    }
// CHECK-NEXT:    %f4 = pto_orch.call @k(in %a, inout %f)
func.func @written_before(%a: tensor<16xf32>, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %e = pto_tensor.create : tensor<16xf32>
  %f = pto_tensor.create : tensor<16xf32>
  %e1 = pto_orch.call @k(%a, %e) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  scf.if %cond {
    %e2 = pto_orch.call @k(%a, %e1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  } else {
    scf.if %cond {
      %f1 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    } else {
      %e3 = pto_orch.call @k(%a, %e) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %f2 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    %f3 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %f4 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// An scf.if result may be either branch's buffer: a write through it after either buffer was
// written is a second write. Tensors created inside a branch start fresh.
// CHECK-LABEL: func.func @if_results(
// CHECK:           %g = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:      %g1 = pto_orch.call @k(in %a, out %g)
// CHECK:           %h = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:      %h1 = pto_orch.call @k(in %a, out %h)
// CHECK:         %r1 = pto_orch.call @k(in %a, inout %r)
func.func @if_results(%a: tensor<16xf32>, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = scf.if %cond -> (tensor<16xf32>) {
    %g = pto_tensor.create : tensor<16xf32>
    %g1 = pto_orch.call @k(%a, %g) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %g1 : tensor<16xf32>
  } else {
    %h = pto_tensor.create : tensor<16xf32>
    %h1 = pto_orch.call @k(%a, %h) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %h1 : tensor<16xf32>
  }
  %r1 = pto_orch.call @k(%a, %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Scopes: a user auto scope (the function opted out of automatic scopes) and a manual scope.
// Writes inside them follow program order; a scope result is the buffer the scope yields.
// CHECK-LABEL: func.func @scopes(
// CHECK:         %s = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:      %m = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:      %m1 = pto_orch.call @k(in %a, out %m)
// CHECK-NEXT:      %n1 = pto_orch.call @k(in %m1, out %n)
// CHECK:         %s1 = pto_orch.call @k(in %a, inout %s)
// CHECK-NEXT:    pto_rt.scope manual {
// CHECK-NEXT:      %n2 = pto_orch.call @k(in %a, inout %n)
// CHECK-NEXT:      %o = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:      %o1 = pto_orch.call @k(in %a, out %o)
// CHECK-NEXT:      %o2 = pto_orch.call @k(in %a, inout %o1)
func.func @scopes(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %n = pto_tensor.create : tensor<16xf32>
  %s = pto_rt.scope auto -> (tensor<16xf32>) {
    %m = pto_tensor.create : tensor<16xf32>
    %m1 = pto_orch.call @k(%a, %m) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %n1 = pto_orch.call @k(%m1, %n) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %m1 : tensor<16xf32>
  }
  %s1 = pto_orch.call @k(%a, %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope manual {
    %n2 = pto_orch.call @k(%a, %n) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o = pto_tensor.create : tensor<16xf32>
    %o1 = pto_orch.call @k(%a, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2 = pto_orch.call @k(%a, %o1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
