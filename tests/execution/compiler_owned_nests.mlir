// Loop nests whose outer body materialize-runtime-scopes wraps in one compiler-owned MANUAL
// scope (pto2-pipeline{analyze-auto-scopes=true}: every task of the nest is a manual candidate).
// Each task accumulates into %y (@inc: in x, inout acc), so every task must run after the one
// before it. Inside the scope only the explicit edges order them: auto-derive-task-dependencies
// orders one instance of one region, order-untracked-hazards everything else (the previous
// iteration of an inner loop, another region of the same scope instance).
//  - @nest: a doubly nested loop, 2 x 2;
//  - @depth3: a triply nested loop, 2 x 2 x 2;
//  - @if_in_nest: an if in the inner body, @inc of %x or of %z;
//  - @parallel_inner: the inner loop is pto_orch.parallel;
//  - @two_inner: two inner loops one after the other in the outer body;
//  - @two_ifs: two ifs one after the other in a loop body (no nest: two regions of one scope;
//    each if has an explicit else: the else order-untracked-hazards adds to an if without
//    one to yield a TaskId has no location yet, which tests/test_pipeline_locations.py rejects);
//  - @user_manual: the nest inside a hand-written manual scope, ordered by the user's deps.
// auto-derive-task-dependencies keeps the outer bodies of @parallel_inner, @two_inner and
// @two_ifs AUTO (a parallel loop writing a buffer of every outer iteration; one buffer written
// in two inner regions: the scope would cost more edges than the tensor map's chain); their
// `_marked` copies carry the `manual_candidate` markers as written, so that the outer body
// still becomes a compiler-owned scope and order-untracked-hazards' edges in it are run.
pto_orch.kernel @inc aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @nest(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %a1 = pto_orch.call @inc(%x, %acc2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a1 : tensor<16x16xf32>
    }
    scf.yield %r2 : tensor<16x16xf32>
  }
  func.return
}

func.func @depth3(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %r3 = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc3 = %acc2) -> (tensor<16x16xf32>) {
        %a1 = pto_orch.call @inc(%x, %acc3) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %a1 : tensor<16x16xf32>
      }
      scf.yield %r3 : tensor<16x16xf32>
    }
    scf.yield %r2 : tensor<16x16xf32>
  }
  func.return
}

func.func @if_in_nest(%x: tensor<16x16xf32>, %z: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %first = arith.cmpi eq, %j, %c0 : index
      %b = scf.if %first -> (tensor<16x16xf32>) {
        %a1 = pto_orch.call @inc(%x, %acc2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %a1 : tensor<16x16xf32>
      } else {
        %a2 = pto_orch.call @inc(%z, %acc2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %a2 : tensor<16x16xf32>
      }
      scf.yield %b : tensor<16x16xf32>
    }
    scf.yield %r2 : tensor<16x16xf32>
  }
  func.return
}

func.func @parallel_inner(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %a1 = pto_orch.call @inc(%x, %acc2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a1 : tensor<16x16xf32>
    } {pto_orch.parallel}
    scf.yield %r2 : tensor<16x16xf32>
  }
  func.return
}

func.func @two_inner(%x: tensor<16x16xf32>, %z: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %a1 = pto_orch.call @inc(%x, %acc2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a1 : tensor<16x16xf32>
    }
    %r3 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc3 = %r2) -> (tensor<16x16xf32>) {
      %a2 = pto_orch.call @inc(%z, %acc3) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a2 : tensor<16x16xf32>
    }
    scf.yield %r3 : tensor<16x16xf32>
  }
  func.return
}

func.func @two_ifs(%x: tensor<16x16xf32>, %z: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %always = arith.cmpi ult, %i, %c2 : index
    scf.if %always {
      %a1 = pto_orch.call @inc(%x, %y) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    } else {
      scf.yield
    }
    scf.if %always {
      %a2 = pto_orch.call @inc(%z, %y) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    } else {
      scf.yield
    }
  }
  func.return
}

func.func @user_manual(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %out = pto_rt.scope manual -> (tensor<16x16xf32>) {
    %none = pto_system.task_invalid
    %r, %t = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y, %p = %none) -> (tensor<16x16xf32>, !pto_orch.task_id) {
      %r2, %t2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc, %p2 = %p) -> (tensor<16x16xf32>, !pto_orch.task_id) {
        %a1, %ta = pto_orch.submit @inc(%x, %acc2) deps(%p2 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %a1, %ta : tensor<16x16xf32>, !pto_orch.task_id
      }
      scf.yield %r2, %t2 : tensor<16x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %r : tensor<16x16xf32>
  }
  func.return
}

func.func @parallel_inner_marked(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %a1 = pto_orch.call @inc(%x, %acc2) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a1 : tensor<16x16xf32>
    } {pto_orch.parallel}
    scf.yield %r2 : tensor<16x16xf32>
  }
  func.return
}

func.func @two_inner_marked(%x: tensor<16x16xf32>, %z: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y) -> (tensor<16x16xf32>) {
    %r2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) {
      %a1 = pto_orch.call @inc(%x, %acc2) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a1 : tensor<16x16xf32>
    }
    %r3 = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc3 = %r2) -> (tensor<16x16xf32>) {
      %a2 = pto_orch.call @inc(%z, %acc3) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %a2 : tensor<16x16xf32>
    }
    scf.yield %r3 : tensor<16x16xf32>
  }
  func.return
}

func.func @two_ifs_marked(%x: tensor<16x16xf32>, %z: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %always = arith.cmpi ult, %i, %c2 : index
    scf.if %always {
      %a1 = pto_orch.call @inc(%x, %y) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    } else {
      scf.yield
    }
    scf.if %always {
      %a2 = pto_orch.call @inc(%z, %y) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    } else {
      scf.yield
    }
  }
  func.return
}
