// order-untracked-hazards: a `no_dep` argument is the user's word that the task need not wait
// for the earlier writers of the buffer (no RAW edge), but the task still reads it: a later
// writer of an overlapping part (in place, output_existing) is ordered after it (WAR), which
// the runtime never does (it records writers only), in every scope kind; inside one instance of
// a user's manual scope the user orders the tasks. Executed in tests/test_no_dep_readers.py.
// RUN: pypto-opt --split-input-file --order-untracked-hazards %s | filecheck %s

pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (inout tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @in_place(
// CHECK:         %o1, %o1_tid = pto_orch.submit @rd(no_dep %b, inout %o) :
// CHECK-NEXT:    %b1 = pto_orch.call @inc(inout %b) compiler_deps(%o1_tid : !pto_orch.task_id) :
func.func @in_place(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b1 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @fill aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @output_existing(
// CHECK:         %o1, %o1_tid = pto_orch.submit @rd(no_dep %b, inout %o) :
// CHECK-NEXT:    %b1 = pto_orch.call @fill(in %a, output_existing %b) compiler_deps(%o1_tid : !pto_orch.task_id) :
func.func @output_existing(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b1 = pto_orch.call @fill(in %a, output_existing %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (inout tensor<16xf32>) -> tensor<16xf32>

// No RAW edge: neither reader waits for the manual writer of %b (the user's word), in an AUTO
// or a MANUAL scope, and two readers need none between them.
// CHECK-LABEL: func.func @no_wait(
// CHECK-NOT:     compiler_deps
// CHECK:         func.return
func.func @no_wait(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %b1 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
  }
  %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope manual {
    %p1 = pto_orch.call @rd(no_dep %b, inout %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (inout tensor<16xf32>) -> tensor<16xf32>

// One instance of a user's manual scope: the user orders its tasks (with deps); nothing added.
// CHECK-LABEL: func.func @user_manual(
// CHECK-NOT:     compiler_deps
// CHECK:         func.return
func.func @user_manual(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %b1 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (inout tensor<16xf32>) -> tensor<16xf32>

// Loop-carried WAR: the next iteration's @inc waits for this iteration's @rd (a TaskId carry).
// CHECK-LABEL: func.func @loop_carried(
// CHECK:         %o1_tid = scf.for %i = %c0 to %n step %c1 iter_args(%o1_tid_1 = %none) -> (!pto_orch.task_id) {
// CHECK-NEXT:      %b1 = pto_orch.call @inc(inout %b) compiler_deps(%o1_tid_1 : !pto_orch.task_id) :
// CHECK-NEXT:      %o1, %o1_tid_2 = pto_orch.submit @rd(no_dep %b, inout %o) :
// CHECK-NEXT:      scf.yield %o1_tid_2 : !pto_orch.task_id
func.func @loop_carried(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b1 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
    %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield
  }
  func.return
}

// -----

pto_orch.kernel @rd_rows aiv (in tensor<1x16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc_rows aiv (inout tensor<1x16xf32>) -> tensor<1x16xf32>

// Row %i read no_dep, then written, in each iteration: the edge within the iteration; the
// rows of two iterations are disjoint (no carry).
// CHECK-LABEL: func.func @rows(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK:           %o1, %o1_tid = pto_orch.submit @rd_rows(no_dep %r, inout %o) :
// CHECK-NEXT:      %r1 = pto_orch.call @inc_rows(inout %r) compiler_deps(%o1_tid : !pto_orch.task_id) :
func.func @rows(%b: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = pto_tensor.slice %b[%i, %c0] : tensor<4x16xf32> to tensor<1x16xf32>
    %o1 = pto_orch.call @rd_rows(no_dep %r, inout %o) : (tensor<1x16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r1 = pto_orch.call @inc_rows(inout %r) : (tensor<1x16xf32>) -> tensor<1x16xf32>
    scf.yield
  }
  func.return
}
