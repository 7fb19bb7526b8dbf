// order-untracked-hazards: the two branches of an scf.if each end with a task that writes all
// of %y (docs/passes/order-untracked-hazards.md, "Writers of both branches"). A later task
// that must wait for both waits for one TaskId, an if result that yields the then-task's
// TaskId in one branch and the else-task's in the other: whichever ran. In a loop, that one
// TaskId is carried (the previous step's writer, whichever branch it was). A branch that does
// not write %y, or writes it twice, keeps one TaskId per task.
// RUN: pypto-opt --split-input-file --order-untracked-hazards %s | filecheck %s

pto_orch.kernel @bump aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @after_the_if(
// CHECK:         %y2, %u_tid = scf.if %c -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK:             %u, %u_tid_2 = pto_orch.submit @bump(in %a, inout %y) :
// CHECK:           scf.yield %y1, %u_tid_1 : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:    } else {
// CHECK:             %v, %v_tid_1 = pto_orch.submit @bump(in %b, inout %y) :
// CHECK:           scf.yield %y1_1, %v_tid : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:    }
// CHECK-NEXT:    %o1 = pto_orch.call @copy(in %y2, out %o) compiler_deps(%u_tid : !pto_orch.task_id) :
func.func @after_the_if(%a: tensor<16xf32>, %b: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %y2 = scf.if %c -> (tensor<16xf32>) {
    %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
      %u = pto_orch.call @bump(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %u : tensor<16xf32>
    }
    scf.yield %y1 : tensor<16xf32>
  } else {
    %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
      %v = pto_orch.call @bump(in %b, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %v : tensor<16xf32>
    }
    scf.yield %y1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @copy(in %y2, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @bump aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @in_a_loop(
// CHECK:         %r, %u_tid = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y, %u_tid_1 = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:      %acc2, %u_tid_2 = scf.if %c -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK:               pto_orch.submit @bump(in %a, inout %acc) compiler_deps(%u_tid_1 : !pto_orch.task_id) :
// CHECK:               pto_orch.submit @bump(in %b, inout %acc) compiler_deps(%u_tid_1 : !pto_orch.task_id) :
// CHECK:           scf.yield %acc2, %u_tid_2 : tensor<16xf32>, !pto_orch.task_id
func.func @in_a_loop(%a: tensor<16xf32>, %b: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (tensor<16xf32>) {
    %acc2 = scf.if %c -> (tensor<16xf32>) {
      %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
        %u = pto_orch.call @bump(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %u : tensor<16xf32>
      }
      scf.yield %y1 : tensor<16xf32>
    } else {
      %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
        %v = pto_orch.call @bump(in %b, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %v : tensor<16xf32>
      }
      scf.yield %y1 : tensor<16xf32>
    }
    scf.yield %acc2 : tensor<16xf32>
  }
  func.return
}

// -----

pto_orch.kernel @bump aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// The else branch does not write %y: the then-task's TaskId alone leaves the if (the other
// branch yields an invalid one), and the writer before the if stays.
// CHECK-LABEL: func.func @one_branch_writes(
// CHECK:         %y2, %u_tid = scf.if %c -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK:         } else {
// CHECK-NEXT:      %none = pto_system.task_invalid
// CHECK-NEXT:      scf.yield %y0, %none : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:    }
// CHECK-NEXT:    %o1 = pto_orch.call @copy(in %y2, out %o) compiler_deps(%u_tid, %w_tid : !pto_orch.task_id, !pto_orch.task_id) :
func.func @one_branch_writes(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %y0 = pto_rt.scope manual -> (tensor<16xf32>) {
    %w = pto_orch.call @bump(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %w : tensor<16xf32>
  }
  %y2 = scf.if %c -> (tensor<16xf32>) {
    %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
      %u = pto_orch.call @bump(in %a, inout %y0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %u : tensor<16xf32>
    }
    scf.yield %y1 : tensor<16xf32>
  } else {
    scf.yield %y0 : tensor<16xf32>
  }
  %o1 = pto_orch.call @copy(in %y2, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
