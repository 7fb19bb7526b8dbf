// classify-iter-arg-carry, rebind flags of tensor and scalar iter_args
// (docs/passes/classify-iter-arg-carry.md): an iter_arg is trivial (false) when the value the
// body yields is, through in-place aliasing, the iter_arg's own buffer, so the C++ printer
// keeps using the init's name; otherwise it rebinds (true) and the printer declares a carry
// variable. Array sizes are 0 here (no TaskIds). Output re-parses; a second run changes
// nothing.
// RUN: pypto-opt --derive-call-directions --classify-iter-arg-carry %s | pypto-opt | filecheck %s
// RUN: pypto-opt --derive-call-directions --classify-iter-arg-carry %s > %t.once.mlir
// RUN: pypto-opt --classify-iter-arg-carry %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k2 aiv (in tensor<16xf32>, out tensor<16xf32>, inout tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) returns [2, 1]
pto_orch.kernel @k8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

// The for_carry shape: the task result is its Out argument, the iter_arg itself: trivial.
// CHECK-LABEL: func.func @task_result(
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
func.func @task_result(%a: tensor<16xf32>, %acc: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %acc) -> (tensor<16xf32>) {
    %n = pto_orch.call @k(%a, %it) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  func.return %r : tensor<16xf32>
}

// The returns map decides which argument each result is: result 0 is argument 2 (%q), result
// 1 is argument 1 (%p). Yielding them in the iter_args' order is trivial; swapped, both
// rebind.
// CHECK-LABEL: func.func @returns_map(
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: false, false>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
func.func @returns_map(%a: tensor<16xf32>, %p0: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %q0: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %p0, %q = %q0) -> (tensor<16xf32>, tensor<16xf32>) {
    %q1, %p1 = pto_orch.call @k2(%a, %p, %q) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
    scf.yield %p1, %q1 : tensor<16xf32>, tensor<16xf32>
  }
  %s:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %p0, %q = %q0) -> (tensor<16xf32>, tensor<16xf32>) {
    %q1, %p1 = pto_orch.call @k2(%a, %p, %q) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
    scf.yield %q1, %p1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

// Yielding the iter_arg unchanged, a pto_tensor.write of it and a pto_tensor.assemble into it
// are trivial; yielding the init (a different name inside the loop), a fresh
// pto_tensor.create, a task result aliasing another buffer, or a slice rebinds.
// CHECK-LABEL: func.func @yields(
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: false, false, false, true, true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0, 0, 0, 0, 0>}
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
func.func @yields(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %a8: tensor<8xf32>, %v: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r:6 = scf.for %i = %c0 to %c4 step %c1 iter_args(%same = %x, %w = %x, %as = %x, %init = %x, %fresh = %x, %other = %x) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
    %w1 = pto_tensor.write %v, %w[%i] : f32, tensor<16xf32>
    %s = pto_tensor.slice %a[%c0] : tensor<16xf32> to tensor<8xf32>
    %as1 = pto_tensor.assemble %s into %as[%c8] : tensor<8xf32> into tensor<16xf32>
    %f = pto_tensor.create : tensor<16xf32>
    %f1 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o = pto_orch.call @k(%a, %same) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %same, %w1, %as1, %x, %f1, %o : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  %t = scf.for %j = %c0 to %c4 step %c1 iter_args(%sl = %a8) -> (tensor<8xf32>) {
    %s = pto_tensor.slice %x[%c8] : tensor<16xf32> to tensor<8xf32>
    %s1 = pto_orch.call @k8(%sl, %s) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %s1 : tensor<8xf32>
  }
  func.return
}

// Scalars: a value computed in the body rebinds; the iter_arg yielded unchanged is trivial.
// CHECK-LABEL: func.func @scalars(
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true, false>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
func.func @scalars(%n0: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%sum = %n0, %keep = %n0) -> (index, index) {
    %sum1 = arith.addi %sum, %i : index
    scf.yield %sum1, %keep : index, index
  }
  func.return
}

// Loops without iter_args get no plan; loops outside orchestration functions are left alone.
// CHECK-LABEL: func.func @no_plan(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:    }
// CHECK-NEXT:    %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%it = %acc) -> (tensor<16xf32>) {
// CHECK:         }
// CHECK-NEXT:    func.return
func.func @no_plan(%a: tensor<16xf32>, %acc: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
  }
  %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%it = %acc) -> (tensor<16xf32>) {
    %n = pto_orch.call @k(in %a, out %it) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  func.return
}
