// classify-iter-arg-carry through nested structure (docs/passes/classify-iter-arg-carry.md):
// an inner scf.for result is its init when that inner iter_arg is trivial (inner loops are
// classified first), a pto_rt.scope result is the value its pto_rt.yield yields (the shape
// materialize-runtime-scopes gives loop bodies), and an scf.if result is a buffer only when
// both branches yield the same one.
// RUN: pypto-opt --derive-call-directions --classify-iter-arg-carry %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions --classify-iter-arg-carry %s > %t.once.mlir
// RUN: pypto-opt --classify-iter-arg-carry %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Inner trivial -> outer trivial; inner rebind -> outer rebind too (the outer body yields the
// inner carry variable, not its own buffer).
// CHECK-LABEL: func.func @nested_loops(
// CHECK:             } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
// CHECK-NEXT:        scf.yield %in, %in_1 : tensor<16xf32>, tensor<16xf32>
// CHECK-NEXT:      } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
func.func @nested_loops(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%ox = %x, %oy = %y) -> (tensor<16xf32>, tensor<16xf32>) {
    %in:2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%ix = %ox, %iy = %oy) -> (tensor<16xf32>, tensor<16xf32>) {
      %ix1 = pto_orch.call @k(%a, %ix) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(%iy, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %ix1, %t1 : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %in#0, %in#1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

// Loop bodies wrapped in scopes (as materialize-runtime-scopes leaves them): the scope result
// is the yielded task result, which is the iter_arg: trivial.
// CHECK-LABEL: func.func @scoped_body(
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
func.func @scoped_body(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %x) -> (tensor<16xf32>) {
    %s = pto_rt.scope auto -> (tensor<16xf32>) {
      %n = pto_orch.call @k(%a, %it) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %n : tensor<16xf32>
    }
    scf.yield %s : tensor<16xf32>
  }
  func.return
}

// scf.if: both branches write the iter_arg in place -> trivial; one branch yields a fresh
// tensor -> rebind; a branch yielding the iter_arg untouched still aliases it -> trivial.
// CHECK-LABEL: func.func @branches(
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: false, true, false>, pto_orch.iter_arg_array_size = array<i64: 0, 0, 0>}
func.func @branches(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %cond: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %x, %q = %x, %u = %x) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
    %b:3 = scf.if %cond -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
      %p1 = pto_orch.call @k(%a, %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %q1 = pto_orch.call @k(%a, %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %p1, %q1, %u : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    } else {
      %p2 = pto_orch.call @k(%a, %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %f = pto_tensor.create : tensor<16xf32>
      %f1 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %u2 = pto_orch.call @k(%a, %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %p2, %f1, %u2 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %b#0, %b#1, %b#2 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.return
}
