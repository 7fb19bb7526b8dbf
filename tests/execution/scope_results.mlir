// Scope results whose yielded value is a C++ variable declared inside the scope (a loop
// carry, an if result, a view made in the scope, an i64 carry, an integer array): the printer
// declares each
// before the scope's header and assigns it at the scope's yield (the buffers were made before
// the scope, so they outlive it). tests/test_scope_results.py runs each function against a
// numpy golden and its exact edges; before the fix the pipeline accepted each and the printer
// refused it ("uses %l2, a result of the 'pto_rt.scope' at line ..., whose C++ variable 'q'
// belongs to the scope").
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @put aiv (out tensor<16xf32>, in i64) -> tensor<16xf32>

// A ping-pong of two buffers in a loop inside a one-trip outer loop: canonicalize folds the
// outer loop into its body's scope, whose results are the inner loop's carries.
func.func @one_trip_pingpong(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %b1 = pto_tensor.create init(2.0 : f32) : tensor<16xf32>
  %l1, %l2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a5 = %b0, %a6 = %b1) -> (tensor<16xf32>, tensor<16xf32>) {
    %l10, %l11 = scf.for %j = %c0 to %n step %c1 iter_args(%p = %a5, %q = %a6) -> (tensor<16xf32>, tensor<16xf32>) {
      %q1 = pto_orch.call @acc(in %p, inout %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %q1, %p : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %l10, %l11 : tensor<16xf32>, tensor<16xf32>
  }
  %w = pto_orch.call @acc(in %l2, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A hand-placed auto scope yielding an if result (one of two buffers made before it) that a
// task in it updated, and an i64 loop carry.
func.func @auto_scope(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %three = arith.constant 3 : i64
  %b0 = pto_tensor.create init(10.0 : f32) : tensor<16xf32>
  %b1 = pto_tensor.create init(20.0 : f32) : tensor<16xf32>
  %r, %k = pto_rt.scope auto -> (tensor<16xf32>, i64) {
    %sel = scf.if %flag -> (tensor<16xf32>) {
      scf.yield %b0 : tensor<16xf32>
    } else {
      scf.yield %b1 : tensor<16xf32>
    }
    %w = pto_orch.call @acc(in %a, inout %sel) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%y = %zero) -> (i64) {
      %y1 = arith.addi %y, %three : i64
      scf.yield %y1 : i64
    }
    pto_rt.yield %w, %s : tensor<16xf32>, i64
  }
  %o1 = pto_orch.call @acc(in %r, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %p1 = pto_orch.call @put(%p, %k) : (tensor<16xf32>, i64) -> tensor<16xf32>
  func.return
}

// A manual scope yielding a view it makes of a buffer made before it.
func.func @manual_view(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %off: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %b = pto_tensor.create init(5.0 : f32) : tensor<32xf32>
  %v = pto_rt.scope manual -> (tensor<16xf32>) {
    %s = pto_tensor.slice %b[%off] : tensor<32xf32> to tensor<16xf32>
    %s1 = pto_orch.call @acc(in %a, inout %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %s1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @acc(in %v, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// An integer array created in a scope, read after it: copied into an array declared before
// the scope (it used to be refused: "uses %r, whose C++ variable 'a' is declared inside a
// block that has already closed").
func.func @int_array_scope(%p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (!pto_orch.int_array<2, i64>) {
    %c5 = arith.constant 5 : i64
    %c7 = arith.constant 7 : i64
    %a = pto_orch.int_array_create %c5, %c7 : !pto_orch.int_array<2, i64>
    pto_rt.yield %a : !pto_orch.int_array<2, i64>
  }
  %v = pto_orch.int_array_get %r[%i] : !pto_orch.int_array<2, i64>
  %p1 = pto_orch.call @put(%p, %v) : (tensor<16xf32>, i64) -> tensor<16xf32>
  func.return
}

// An i64 computed in the scope from values made before it only (a parameter, a constant),
// which a task in the scope reads too: two printed uses make it a C++ variable of the scope,
// so the result gets a variable declared before the scope (it used to be refused: "uses %r,
// whose C++ variable 'k2' is declared inside a block that has already closed"), and so does
// a result computed from it.
func.func @arith_var(%p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %q: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c3 = arith.constant 3 : i64
  %r, %s = pto_rt.scope auto -> (i64, i64) {
    %k2 = arith.addi %m, %c3 : i64
    %p1 = pto_orch.call @put(%p, %k2) : (tensor<16xf32>, i64) -> tensor<16xf32>
    %k3 = arith.muli %k2, %c3 : i64
    pto_rt.yield %k2, %k3 : i64, i64
  }
  %q1 = pto_orch.call @put(%q, %r) : (tensor<16xf32>, i64) -> tensor<16xf32>
  %q2 = pto_orch.call @put(%q, %s) : (tensor<16xf32>, i64) -> tensor<16xf32>
  func.return
}

// The same for an unnamed chain (mlir-opt's %0, %1, ...): %2 is used twice and its expression
// is long, so the printer declares it as a variable of the scope ('value').
func.func @unnamed_chain(%p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %arg1: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c3 = arith.constant 3 : i64
  %r = pto_rt.scope auto -> (i64) {
    %0 = arith.addi %arg1, %c3 : i64
    %1 = arith.muli %0, %0 : i64
    %2 = arith.muli %1, %1 : i64
    %3 = arith.muli %2, %2 : i64
    pto_rt.yield %3 : i64
  }
  %p1 = pto_orch.call @put(%p, %r) : (tensor<16xf32>, i64) -> tensor<16xf32>
  func.return
}
