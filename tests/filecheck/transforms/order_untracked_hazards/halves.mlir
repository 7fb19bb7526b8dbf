// A task in a loop that reads one half of a buffer and writes the other: each argument keeps
// its window, compared with another task's one pair at a time (the read half never meets the
// written half), and a task's edge on its own previous instance chains its instances
// (docs/passes/order-untracked-hazards.md; executed: tests/test_halves.py). The two functions
// still refused need an order the pass does not express.
// RUN: pypto-opt -p 'derive-call-directions,order-untracked-hazards' --split-input-file --print-diagnostics %s 2>&1 | filecheck %s

pto_orch.kernel @acc8 aiv (in tensor<8xf32>, inout tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

// inout: the tensor map orders the instances (each looks up the high half the previous one
// wrote); the low half is only read: no edge
func.func @inout_half(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c1 {
    %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @acc8(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @inout_half
// CHECK:         scf.for %i = %c0 to %n step %c1 {
// CHECK:           %w = pto_orch.call @acc8(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    }

// -----

pto_orch.kernel @acc8 aiv (in tensor<8xf32>, inout tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

// out (not looked up): each instance after the previous one, a chain; a write of the low half
// after the loop (WAR with every instance) waits for the last one
func.func @out_half(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %x: tensor<8xf32>, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @inc8(in %lo, out %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  %l = pto_orch.call @acc8(in %x, inout %lo) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}
// CHECK-LABEL: func.func @out_half
// CHECK:         %w_tid = scf.for %i = %c0 to %n step %c1 iter_args(%w_tid_1 = %none) -> (!pto_orch.task_id) {
// CHECK:           %w, %w_tid_2 = pto_orch.submit @inc8(in %lo, out %hi) compiler_deps(%w_tid_1 : !pto_orch.task_id) :
// CHECK-NEXT:      scf.yield %w_tid_2 : !pto_orch.task_id
// CHECK:         %l = pto_orch.call @acc8(in %x, inout %lo) compiler_deps(%w_tid : !pto_orch.task_id) :

// -----

pto_orch.kernel @acc8 aiv (in tensor<8xf32>, inout tensor<8xf32>) -> tensor<8xf32>

// overlapping windows ([0, 8) read, [4, 12) written): the next instance writes what this one
// read (WAR, which the tensor map does not order): a chain
func.func @overlapping(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
    %mid = pto_tensor.slice %o[%c4] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @acc8(in %lo, inout %mid) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @overlapping
// CHECK:         %w_tid = scf.for %i = %c0 to %n step %c1 iter_args(%w_tid_1 = %none) -> (!pto_orch.task_id) {
// CHECK:           %w, %w_tid_2 = pto_orch.submit @acc8(in %lo, inout %mid) compiler_deps(%w_tid_1 : !pto_orch.task_id) :
// CHECK-NEXT:      scf.yield %w_tid_2 : !pto_orch.task_id

// -----

pto_orch.kernel @acc8 aiv (in tensor<8xf32>, inout tensor<8xf32>) -> tensor<8xf32>

// inout in the loop, a write of the low half after it: every instance read it. The tensor map
// orders the instances, but the pass does not count that as a chain: still refused
func.func @inout_then_writer(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %x: tensor<8xf32>, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @acc8(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  // CHECK: halves.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op must run after 'pto_orch.call' @acc8 at {{.*}}halves.mlir:[[# @LINE - 2]]:5 (they use one buffer and the runtime does not order them), and that task runs in every iteration of a loop while only the last iteration's TaskId can be carried: its access is a write of part of the buffer, so earlier iterations stay unordered. Order the iterations with explicit deps (a TaskId array, or a chain: each iteration's task waiting for the TaskId the loop carries from the previous one's), or move one of the tasks{{$}}
  %l = pto_orch.call @acc8(in %x, inout %lo) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}

// -----

pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

// half %j of the inner loop (disjoint per inner iteration, no edge there), the same halves in
// every outer iteration: an edge on the previous outer iteration's last instance would not
// order the others: still refused
func.func @nested(%x: tensor<8xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %off = arith.muli %j, %c8 : index
      %h = pto_tensor.slice %o[%off] : tensor<16xf32> to tensor<8xf32>
      // CHECK: halves.mlir:[[# @LINE + 1]]:7: error: 'pto_orch.call' op must run after its own instance in the previous iteration of the loop at {{.*}}halves.mlir:[[# @LINE - 4]]:3 (each instance uses the buffer and the runtime does not order them), and only the last iteration's TaskId can be carried: its access is a write of part of the buffer, so earlier iterations stay unordered. Order the iterations with explicit deps (a TaskId array, or a chain: each iteration's task waiting for the TaskId the loop carries from the previous one's){{$}}
      %w = pto_orch.call @inc8(in %x, out %h) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    }
  }
  func.return
}

// -----

// The user's deps name the task's previous instance in some runs only (here when %c): the
// edge plan leaves out an edge on a task the deps name, whichever instance and in whichever
// run, so the task's own edge is not taken for a chain; still refused (a breaker found the
// WAW race on the high half when it was taken for one).

pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @acc16 aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @cond_user_dep(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %r: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %m: index, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
  %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
  %none = pto_system.task_invalid
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %d = scf.if %c -> (!pto_orch.task_id) {
      scf.yield %prev : !pto_orch.task_id
    } else {
      scf.yield %none : !pto_orch.task_id
    }
    // CHECK: halves.mlir:[[# @LINE + 1]]:5: error: 'pto_orch.submit' op must run after its own instance in the previous iteration of the loop at {{.*}}halves.mlir:[[# @LINE - 6]]:3 (each instance uses the buffer and the runtime does not order them), and only the last iteration's TaskId can be carried: its access is a write of part of the buffer, so earlier iterations stay unordered. Order the iterations with explicit deps (a TaskId array, or a chain: each iteration's task waiting for the TaskId the loop carries from the previous one's){{$}}
    %w, %t = pto_orch.submit @inc8(in %lo, out %hi) deps(%d : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %t : !pto_orch.task_id
  }
  %z = pto_orch.call @acc16(in %o, inout %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// The user chains the instances of the inner loop and restarts from task_invalid in every
// outer iteration: the first instance of an outer iteration is not ordered after the last of
// the one before; still refused.

pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @acc16 aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @inner_user_chain(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %r: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %m: index, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
  %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %none = pto_system.task_invalid
    %last = scf.for %j = %c0 to %m step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      // CHECK: halves.mlir:[[# @LINE + 1]]:7: error: 'pto_orch.submit' op must run after its own instance in the previous iteration of the loop at {{.*}}halves.mlir:[[# @LINE - 3]]:3 (each instance uses the buffer and the runtime does not order them), and only the last iteration's TaskId can be carried: its access is a write of part of the buffer, so earlier iterations stay unordered. Order the iterations with explicit deps (a TaskId array, or a chain: each iteration's task waiting for the TaskId the loop carries from the previous one's){{$}}
      %w, %t = pto_orch.submit @inc8(in %lo, out %hi) deps(%prev : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      scf.yield %t : !pto_orch.task_id
    }
  }
  %z = pto_orch.call @acc16(in %o, inout %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// Every inner instance waits for the previous outer iteration's last one: the instances of
// one outer iteration are unordered among themselves; still refused.

pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @acc16 aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @outer_user_dep(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %r: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %m: index, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
  %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
  %none = pto_system.task_invalid
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %last = scf.for %j = %c0 to %m step %c1 iter_args(%q = %prev) -> (!pto_orch.task_id) {
      // CHECK: halves.mlir:[[# @LINE + 1]]:7: error: 'pto_orch.submit' op must run after its own instance in the previous iteration of the loop at {{.*}}halves.mlir:[[# @LINE - 1]]:5 (each instance uses the buffer and the runtime does not order them), and only the last iteration's TaskId can be carried: its access is a write of part of the buffer, so earlier iterations stay unordered. Order the iterations with explicit deps (a TaskId array, or a chain: each iteration's task waiting for the TaskId the loop carries from the previous one's){{$}}
      %w, %t = pto_orch.submit @inc8(in %lo, out %hi) deps(%prev : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      scf.yield %t : !pto_orch.task_id
    }
    scf.yield %last : !pto_orch.task_id
  }
  %z = pto_orch.call @acc16(in %o, inout %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
