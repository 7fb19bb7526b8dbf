// Compiler edges a chain of other edges already implies, which drop-implied-edges removes
// (tests/test_execution_implied_edges.py runs each function with the pass and without it).

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// An AUTO task writes %b; the tasks of a manual scope read it, chained by the user's deps.
// Each reader gets a compiler edge to the writer (the runtime does not order data entering a
// manual scope); only the first is needed: the others wait for it through the user's chain.
func.func @user_chain(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %b1 = pto_orch.call @inc(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %o3 = pto_rt.scope manual -> (tensor<16xf32>) {
    %o1, %t0 = pto_orch.submit @add(in %b1, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2, %t1 = pto_orch.submit @add(in %b1, in %o1, out %o) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o4, %t2 = pto_orch.submit @add(in %b1, in %o2, out %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o4 : tensor<16xf32>
  }
  func.return
}

// The same through a loop of the manual scope: the carry starts from the first reader, so
// every iteration's edge to the writer is implied.
func.func @user_loop(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %b1 = pto_orch.call @inc(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %o3 = pto_rt.scope manual -> (tensor<16xf32>) {
    %o1, %t0 = pto_orch.submit @add(in %b1, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %of, %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%oi = %o1, %prev = %t0) -> (tensor<16xf32>, !pto_orch.task_id) {
      %o2, %t = pto_orch.submit @add(in %b1, in %oi, out %o) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o2, %t : tensor<16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %of : tensor<16xf32>
  }
  func.return
}

// A loop nest accumulating into %y (with analyze-auto-scopes the outer body is a
// compiler-owned manual scope): the outer carry a task also gets is implied by the inner one.
func.func @nest(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16xf32>) {
    %r2 = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> (tensor<16xf32>) {
      %a1 = pto_orch.call @acc(in %x, inout %acc2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %a1 : tensor<16xf32>
    }
    scf.yield %r2 : tensor<16xf32>
  }
  func.return
}
