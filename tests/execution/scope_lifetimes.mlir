// No buffer outlives the scope that allocates it (issue 25, class 1), in auto scopes: a create
// carried by a loop out of the body's scope, one used after the if whose branch scope made
// it, a runtime-allocated output used after its branch, and nested loops whose inner buffer
// the outer loop carries. batch-tensor-allocations allocates each before the outermost scope
// it leaves (a runtime-allocated output becomes an explicit create first).
// tests/test_scope_lifetimes.py runs each function; before the fix the interpreter reported
// each read after the scope as a use after free. The manual-scope shapes:
// scope_lifetimes_manual.mlir.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// A create in a loop body (its own scope) carried into the next iteration and out of the loop.
func.func @loop_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @inc(%x, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A create in an if branch (its own scope) used after the if.
func.func @if_result(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %v = scf.if %flag -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @inc(%a, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1 : tensor<16xf32>
  } else {
    scf.yield %a : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(%v, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A runtime-allocated output (@inc called without its out argument) in an if branch, used
// after the if.
func.func @runtime_output_if(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %v = scf.if %flag -> (tensor<16xf32>) {
    %x = pto_orch.call @inc(%a) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %x : tensor<16xf32>
  } else {
    scf.yield %a : tensor<16xf32>
  }
  %o1 = pto_orch.call @add(%v, %a, %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Nested loops: the inner loop's buffer leaves the inner body's scope through the inner carry
// and the outer body's scope through the outer carry; the outer body's scope goes.
func.func @nested_loops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %q = scf.for %j = %c0 to %c3 step %c1 iter_args(%y = %x) -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @inc(%y, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : tensor<16xf32>
    }
    scf.yield %q : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
