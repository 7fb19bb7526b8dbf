// order-untracked-hazards in a compiler-owned MANUAL scope around a loop nest (the outer body's,
// pto2-pipeline{analyze-auto-scopes=true}): auto-derive-task-dependencies orders one instance of
// one region only, so a task gets the edges to the previous iteration of its own loop (the inner
// carry) and to the other region of the same scope instance (the first inner loop's TaskId),
// besides the outer loop's carry (also the inner carry's initial value: the TaskId's value on
// entry to the inner loop). The outer-carry dep order-untracked-hazards adds next to the inner
// carry is implied (the inner carry is the outer one at the first inner iteration, and waits for
// it after): drop-implied-edges, later in the pipeline, removes it, so these lines check both.
// @two_inner writes %y in two inner loops: auto-derive-task-dependencies keeps that area AUTO
// (each writer's TaskId would be carried through the other loop), so its tasks carry the
// `manual_candidate` markers here, as written, to check the carries in such a scope. The first
// loop's TaskId is not carried to the next outer iteration: the second loop (two iterations,
// surely run) writes all of %y after it, and the next iteration waits for that loop's last task.
// Execution: tests/test_execution_compiler_owned_nests.py.
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s

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
// The nest is all @nest's body holds: the function body is the area (one scope around the
// whole nest, the carries the same); the functions below keep the outer body's scope.
// CHECK-LABEL: func.func @nest
// CHECK-NEXT:  pto_rt.scope manual compiler_owned {
// CHECK:       scf.for %i = {{.*}} iter_args(%acc = %y, %[[OUTER:.*]] = %none)
// CHECK-NEXT:    scf.for %j = {{.*}} iter_args(%acc2 = %acc, %[[INNER:.*]] = %[[OUTER]])
// CHECK-NEXT:        %a1, %[[TID:.*]] = pto_orch.submit @inc(in %x, output_existing %acc2) compiler_deps(%[[INNER]] : !pto_orch.task_id)
// CHECK-NEXT:        scf.yield %a1, %[[TID]]

func.func @two_inner(%x: tensor<16x16xf32>, %z: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
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
// CHECK-LABEL: func.func @two_inner
// CHECK:       scf.for %i = {{.*}} iter_args(%acc = %y, %[[OUT2:.*]] = %none)
// CHECK-NEXT:    pto_rt.scope manual compiler_owned
// CHECK:           %r2, %[[LOOP1:.*]] = scf.for %j = {{.*}} iter_args(%acc2 = %acc, %[[IN1:.*]] = %none_1)
// CHECK-NEXT:        pto_orch.submit @inc(in %x, inout %acc2) compiler_deps(%[[IN1]], %[[OUT2]] :
// CHECK:           scf.for %j_1 = {{.*}} iter_args(%acc3 = %r2, %[[IN2:.*]] = %[[OUT2]])
// CHECK-NEXT:        pto_orch.submit @inc(in %z, inout %acc3) compiler_deps(%[[LOOP1]], %[[IN2]] :
