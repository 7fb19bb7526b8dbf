// drop-implied-edges: a compiler edge of a manual scope is dropped when another dependency of
// the task waits for it on every path; the user's deps always stay. Chunks: a chain (and a
// launch(%n) task, whose block count operand stays last), a duplicate of a user edge, an if
// whose branches both wait (dropped) or one of them (kept), a loop carry started from the
// dependency (dropped) or from task_invalid (kept), a parallel loop's carry (kept), a dummy
// barrier, an AUTO scope (untouched), an edge implied only through a user edge.
// RUN: pypto-opt --split-input-file --drop-implied-edges %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @chain(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) launch(%n : index) compiler_deps(%t0, %t1 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o3 = pto_orch.call @k(in %a, out %o) compiler_deps(%t2, %t0, %t1 : !pto_orch.task_id, !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @chain
// CHECK:       %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id)
// CHECK-NEXT:  %o2, %t2 = pto_orch.submit @k(in %a, out %o) launch(%n : index) compiler_deps(%t1 : !pto_orch.task_id)
// CHECK-NEXT:  %o3 = pto_orch.call @k(in %a, out %o) compiler_deps(%t2 : !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @duplicate(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) deps(%t0 : !pto_orch.task_id) compiler_deps(%t0, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t1, %t1 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @duplicate
// CHECK:       %o1, %t1 = pto_orch.submit @k(in %a, out %o) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %o2, %t2 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @ifs(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %both = scf.if %c -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } else {
      scf.yield %t0 : !pto_orch.task_id
    }
    %one = scf.if %c -> (!pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : !pto_orch.task_id
    } else {
      %none = pto_system.task_invalid
      scf.yield %none : !pto_orch.task_id
    }
    %o2 = pto_orch.call @k(in %a, out %o) compiler_deps(%t0, %both : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o3 = pto_orch.call @k(in %a, out %o) compiler_deps(%t0, %one : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// every path of %both is %t0 or waits for it; the else branch of %one runs no task
// CHECK-LABEL: func.func @ifs
// CHECK:       %o2 = pto_orch.call @k(in %a, out %o) compiler_deps(%both : !pto_orch.task_id)
// CHECK-NEXT:  %o3 = pto_orch.call @k(in %a, out %o) compiler_deps(%t0, %one : !pto_orch.task_id, !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @loops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %none = pto_system.task_invalid
    %from, %late = scf.for %i = %c0 to %n step %c1 iter_args(%p = %t0, %q = %none) -> (!pto_orch.task_id, !pto_orch.task_id) {
      %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%p, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o2, %t2 = pto_orch.submit @k(in %a, out %o) compiler_deps(%q, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1, %t2 : !pto_orch.task_id, !pto_orch.task_id
    }
    %par = scf.for %i = %c0 to %n step %c1 iter_args(%r = %t0) -> (!pto_orch.task_id) {
      %o3, %t3 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t3 : !pto_orch.task_id
    } {pto_orch.parallel}
    %o4 = pto_orch.call @k(in %a, out %o) compiler_deps(%from, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o5 = pto_orch.call @k(in %a, out %o) compiler_deps(%late, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o6 = pto_orch.call @k(in %a, out %o) compiler_deps(%par, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// %p is %t0 in the first iteration and waits for it after (so does %from, whatever the trip
// count); %q is invalid in the first iteration (and %late after no iteration); a parallel
// loop's carry stands for an array in C++: it implies nothing
// CHECK-LABEL: func.func @loops
// CHECK:         %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%p : !pto_orch.task_id)
// CHECK-NEXT:    %o2, %t2 = pto_orch.submit @k(in %a, out %o) compiler_deps(%q, %t0 : !pto_orch.task_id, !pto_orch.task_id)
// CHECK:       %o4 = pto_orch.call @k(in %a, out %o) compiler_deps(%from : !pto_orch.task_id)
// CHECK-NEXT:  %o5 = pto_orch.call @k(in %a, out %o) compiler_deps(%late, %t0 : !pto_orch.task_id, !pto_orch.task_id)
// CHECK-NEXT:  %o6 = pto_orch.call @k(in %a, out %o) compiler_deps(%par, %t0 : !pto_orch.task_id, !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @barrier_and_user(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %b = pto_system.task_dummy deps(%t0 : !pto_orch.task_id)
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) deps(%b : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%t1, %t0 : !pto_orch.task_id, !pto_orch.task_id) compiler_deps(%b : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// %b is implied by the user's %t1; the user's %t0, implied too, stays
// CHECK-LABEL: func.func @barrier_and_user
// CHECK:       %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%t1, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @auto(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2 = pto_orch.call @k(in %a, out %o) compiler_deps(%t1, %t0 : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// AUTO scopes are left alone (the tensor map orders them too)
// CHECK-LABEL: func.func @auto
// CHECK:       %o2 = pto_orch.call @k(in %a, out %o) compiler_deps(%t1, %t0 : !pto_orch.task_id, !pto_orch.task_id)
