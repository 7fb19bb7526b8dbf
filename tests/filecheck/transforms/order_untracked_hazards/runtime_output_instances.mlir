// RUN: pypto-opt --split-input-file --verify-diagnostics -p pto2-pipeline %s | filecheck %s

// Runtime-allocated outputs used across loop iterations in a user manual scope: only an edge on
// the creating instance's TaskId keeps the buffer alive (docs/passes/order-untracked-hazards.md).

// Each iteration's @widen reads half of the previous iteration's output and makes a new one,
// listing only the previous iteration's @acc: accepted (it was refused as "a write of part of the
// buffer"), with an edge on the previous instance of @widen through a carry, and the reader
// after the loop gets the last instance's TaskId.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @widen aiv (in tensor<8xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @half_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y0, %s0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %ry, %rt = scf.for %i = %c0 to %c3 step %c1 iter_args(%py = %y0, %prev = %s0) -> (tensor<16xf32>, !pto_orch.task_id) {
      %h = pto_tensor.slice %py[%c0] : tensor<16xf32> to tensor<8xf32>
      %y, %t1 = pto_orch.submit @widen(in %h) deps(%prev : !pto_orch.task_id) : (tensor<8xf32>) -> tensor<16xf32>
      %w, %t2 = pto_orch.submit @acc(in %a, inout %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y, %t2 : tensor<16xf32>, !pto_orch.task_id
    }
    %f, %tf = pto_orch.submit @acc(in %ry, inout %o) deps(%rt : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @half_carry
// CHECK:         %ry, %rt, %[[LAST:.*]] = scf.for {{.*}} iter_args(%py = %y0, %prev = %s0, %[[C:.*]] = %none)
// CHECK:           %y, %[[T:.*]] = pto_orch.submit @widen(in %h) deps(%prev : !pto_orch.task_id) compiler_deps(%s0, %[[C]] : !pto_orch.task_id, !pto_orch.task_id)
// CHECK:           scf.yield %y, %t2, %[[T]] :
// CHECK:         pto_orch.submit @acc(in %ry, inout %o) deps(%rt : !pto_orch.task_id) compiler_deps(%s0, %[[LAST]] : !pto_orch.task_id, !pto_orch.task_id)

// -----

// The loop passes on the first iteration's %y only (an scf.if picks it or the carry), so the
// buffer after the loop is an earlier instance's than the last one, whose TaskId is all a carry
// could give: a located error (the use after free it would be is silent).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @condy(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y0, %s0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %ry, %rt = scf.for %i = %c0 to %c3 step %c1 iter_args(%py = %y0, %prev = %s0) -> (tensor<16xf32>, !pto_orch.task_id) {
      %y, %t1 = pto_orch.submit @inc(in %a) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      %first = arith.cmpi eq, %i, %c0 : index
      %sel = scf.if %first -> (tensor<16xf32>) {
        scf.yield %y : tensor<16xf32>
      } else {
        scf.yield %py : tensor<16xf32>
      }
      scf.yield %sel, %t1 : tensor<16xf32>, !pto_orch.task_id
    }
    %w, %tw = pto_orch.submit @acc(in %a, inout %o) deps(%rt : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    // expected-error@+1 {{'pto_orch.submit' op uses a buffer the runtime allocated for an output of 'pto_orch.submit' @inc at}}
    %f, %tf = pto_orch.submit @acc(in %ry, inout %o) deps(%tw : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
