// order-untracked-hazards: a write to a value that may be one of several buffers (an if
// result, loop carries swapped each iteration) is a possible write of each, not a definite
// one; the lookup of one argument does not order another argument's write; a buffer created
// with manual_dep is not tracked by the runtime at all. Chunks: an if result's write does not
// replace the earlier reader of %a; swapped carries: each step after the previous one and the
// in-place write after the last; a task that writes what it reads (no edge needed); a task
// that reads one window and writes another before one that looks up all of the buffer (no
// edge); a lookup of one half, an add_output of the other (an edge); manual_dep written then
// read (edges), and with the user's deps (nothing).
// RUN: pypto-opt --split-input-file --verify-diagnostics --order-untracked-hazards %s | filecheck %s

pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @if_result(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %o1 = pto_orch.call @copy(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %s = scf.if %c -> (tensor<16xf32>) {
      scf.yield %a : tensor<16xf32>
    } else {
      scf.yield %b : tensor<16xf32>
    }
    %s1 = pto_orch.call @bump(inout %s) : (tensor<16xf32>) -> tensor<16xf32>
    %a1 = pto_orch.call @bump(inout %a) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// The bump of %s (%a or %b) may have written %b: the bump of %a still waits for the read of %a.
// CHECK-LABEL: func.func @if_result
// CHECK:       %o1, %o1_tid = pto_orch.submit @copy(in %a, out %o)
// CHECK:       %s1 = pto_orch.call @bump(inout %s) compiler_deps(%o1_tid : !pto_orch.task_id)
// CHECK-NEXT:  %a1 = pto_orch.call @bump(inout %a) compiler_deps(%o1_tid : !pto_orch.task_id)

// -----

pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @swapped(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %a, %q = %b) -> (tensor<16xf32>, tensor<16xf32>) {
      %0 = pto_rt.scope auto -> (tensor<16xf32>) {
        %q1 = pto_orch.call @step(in %p, inout %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %q1 : tensor<16xf32>
      }
      scf.yield %0, %p : tensor<16xf32>, tensor<16xf32>
    }
    %a1 = pto_orch.call @bump(inout %a) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// Each @step may write either buffer: it waits for the previous iteration's (a TaskId carry),
// so the last one's TaskId orders them all for the in-place write of %a after the loop.
// CHECK-LABEL: func.func @swapped
// CHECK:       %none = pto_system.task_invalid
// CHECK-NEXT:  %r, %r_1, %q1_tid = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %a, %q = %b, %q1_tid_1 = %none) -> (tensor<16xf32>, tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:    %0, %q1_tid_2 = pto_rt.scope auto -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:      %q1, %q1_tid_3 = pto_orch.submit @step(in %p, inout %q) compiler_deps(%q1_tid_1 : !pto_orch.task_id)
// CHECK-NEXT:      pto_rt.yield %q1, %q1_tid_3 : tensor<16xf32>, !pto_orch.task_id
// CHECK:         scf.yield %0, %p, %q1_tid_2 : tensor<16xf32>, tensor<16xf32>, !pto_orch.task_id
// CHECK:       %a1 = pto_orch.call @bump(inout %a) compiler_deps(%q1_tid : !pto_orch.task_id)

// -----

pto_orch.kernel @twice aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @reads_what_it_writes(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %a1 = pto_orch.call @twice(in %a, inout %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %a2 = pto_orch.call @bump(inout %a1) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// @twice writes all it reads: the tensor map orders the bump after it (no edge).
// CHECK-LABEL: func.func @reads_what_it_writes
// CHECK:       %a1 = pto_orch.call @twice(in %a, inout %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %a2 = pto_orch.call @bump(inout %a1) : (tensor<16xf32>) -> tensor<16xf32>

// -----

pto_orch.kernel @shift aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @reads_one_window_writes_another(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %lo = pto_tensor.slice %a[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %a[%c8] : tensor<16xf32> to tensor<8xf32>
    %hi1 = pto_orch.call @shift(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %a1 = pto_orch.call @bump(inout %a) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// @shift reads %lo and writes %hi (recorded); @bump looks up all of %a, so it meets that
// write and waits for @shift, read included (no edge).
// CHECK-LABEL: func.func @reads_one_window_writes_another
// CHECK:       %hi1 = pto_orch.call @shift(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:  %a1 = pto_orch.call @bump(inout %a) : (tensor<16xf32>) -> tensor<16xf32>

// -----

pto_orch.kernel @bump8 aiv (inout tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @step8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @lookup_elsewhere(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %lo = pto_tensor.slice %a[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %a[%c8] : tensor<16xf32> to tensor<8xf32>
    %hi1 = pto_orch.call @bump8(inout %hi) : (tensor<8xf32>) -> tensor<8xf32>
    %hi2 = pto_orch.call @step8(in %lo, output_existing %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}
// @step8 looks up %lo only; its add_output of %hi is ordered after @bump8 by an edge.
// CHECK-LABEL: func.func @lookup_elsewhere
// CHECK:       %hi1, %hi1_tid = pto_orch.submit @bump8(inout %hi)
// CHECK-NEXT:  %hi2 = pto_orch.call @step8(in %lo, output_existing %hi) compiler_deps(%hi1_tid : !pto_orch.task_id)

// -----

pto_orch.kernel @acc_add aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @manual_dep(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16xf32>
    %m1 = pto_orch.call @acc_add(in %a, inout %m) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %m2 = pto_orch.call @acc_add(in %a, inout %m1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1 = pto_orch.call @copy(in %m2, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @manual_dep
// CHECK:       %m1, %m1_tid = pto_orch.submit @acc_add(in %a, inout %m) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %m2, %m2_tid = pto_orch.submit @acc_add(in %a, inout %m1) compiler_deps(%m1_tid : !pto_orch.task_id)
// CHECK-NEXT:  %o1 = pto_orch.call @copy(in %m2, out %o) compiler_deps(%m2_tid : !pto_orch.task_id)

// -----

pto_orch.kernel @acc_add aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @manual_dep_with_deps(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16xf32>
    %m1, %t0 = pto_orch.submit @acc_add(in %a, inout %m) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %t1 = pto_orch.submit @copy(in %m1, out %o) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// The user's deps already order the pair: nothing is added.
// CHECK-LABEL: func.func @manual_dep_with_deps
// CHECK:       %m1, %t0 = pto_orch.submit @acc_add(in %a, inout %m) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %o1, %t1 = pto_orch.submit @copy(in %m1, out %o) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
