// FIXED in 9f5b5d8. pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' -t pto2-cpp
// WRONG C++: with analyze-auto-scopes the outer loop body (an area of auto-derive-task-dependencies)
// becomes ONE compiler-owned MANUAL scope that holds all 20000 tasks of the inner loop (per
// outer iteration), submitted directly in it:
//     for (j...) { PTO2_SCOPE(PTO2ScopeMode::MANUAL) { for (i = 0; i < 20000; ...) { submit } } }
// The runtime allows at most PTO2_TASK_WINDOW_SIZE - 1 = 16383 tasks submitted directly in one
// scope; more is its fatal "scope deadlock" (runtime API K10). Without the option every inner
// iteration has its own PTO2_SCOPE() and the program runs. The pass checks this bound
// (_one_scope_fits: constant trip counts, no allocation in a loop, < TASK_WINDOW task
// instances) only for a function-body area, not for loop-body / branch areas that hold loops.
// (Same for an inner loop of dynamic trip count: unbounded tasks in one manual scope; and for
// creates inside the inner loop: every iteration's buffer is held until the outer scope ends.)
// The interpreter does not model the task window, so pypto-run reports nothing.
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @nest(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 20000 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%oo = %o) -> (tensor<16xf32>) {
    %r2 = scf.for %i = %c0 to %big step %c1 iter_args(%o2 = %oo) -> (tensor<16xf32>) {
      %o1 = pto_orch.call @acc(%x, %o2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1 : tensor<16xf32>
    }
    scf.yield %r2 : tensor<16xf32>
  }
  func.return
}
