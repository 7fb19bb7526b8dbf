// RUN: pypto-opt --split-input-file --verify-diagnostics -p pto2-pipeline %s
// RUN: pypto-opt --split-input-file --verify-diagnostics -p 'pto2-pipeline{analyze-auto-scopes=true}' %s

// A user's deps that reach the creator of a runtime-allocated output only through a
// pto_orch.parallel loop's TaskId carry hold nothing: classify-iter-arg-carry makes that carry
// an array and puts a barrier where a sequential loop's carry needs one TaskId. Here the
// buffer @add reads may be an earlier instance than the last one (the loop may pass its carry
// on), so no edge the compiler can carry holds it: a located error, where the pipeline used to
// accept the user's deps and print a use after free (tests/test_parallel_carry_retain.py runs
// the form it accepts).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @maybe_earlier(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %pr, %pt = scf.for %i = %c0 to %c4 step %c1 iter_args(%d = %a, %p = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %y, %ty = pto_orch.submit @inc(in %a) deps(%p : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y, %ty : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %mr, %mt = scf.for %j = %c0 to %c2 step %c1 iter_args(%mc = %pr, %mtc = %pt) -> (tensor<16xf32>, !pto_orch.task_id) {
      // expected-error@+1 {{'pto_orch.submit' op uses a buffer the runtime allocated for an output of 'pto_orch.submit' @inc at}}
      %z, %tz = pto_orch.submit @add(in %mc, in %a) deps(%mtc : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %next = scf.if %c -> (tensor<16xf32>) {
        scf.yield %z : tensor<16xf32>
      } else {
        scf.yield %mc : tensor<16xf32>
      }
      scf.yield %next, %tz : tensor<16xf32>, !pto_orch.task_id
    }
    %w, %tw = pto_orch.submit @inc(in %mr, out %o) deps(%mt : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

// Nested pto_orch.parallel loops: the compiler's own edge on @inc's TaskId would leave the
// inner loop through the outer loop's carry, where one barrier stands for the inner loop's
// array (it orders @add but holds none of the buffers): a located error, where the C++ used
// the buffer after it could be handed out again.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @nested_parallel(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %ores, %otids = scf.for %j = %c0 to %c2 step %c1 iter_args(%od = %a, %op = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %pres, %ptids = scf.for %i = %c0 to %c2 step %c1 iter_args(%d = %a, %pp = %op) -> (tensor<16xf32>, !pto_orch.task_id) {
        %y, %ty = pto_orch.submit @inc(in %a) deps(%pp : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
        scf.yield %y, %ty : tensor<16xf32>, !pto_orch.task_id
      } {pto_orch.parallel}
      scf.yield %pres, %ptids : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    // expected-error@+1 {{which only an edge on that task's TaskId keeps alive in a manual scope, and that TaskId would leave the pto_orch.parallel loop at}}
    %y2, %t2 = pto_orch.submit @add(in %ores, in %a) deps(%otids : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
