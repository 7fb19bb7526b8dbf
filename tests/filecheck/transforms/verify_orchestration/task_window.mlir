// Rule 9: a scope that every run fills past the runtime's task window (16384, less one task)
// is an error at the submit that would be the 16384th, as the runtime stops there with its
// fatal "scope deadlock". The count is a lower bound: a loop with a dynamic trip count counts
// no iteration (the interpreter reports the run that exceeds it). tests/test_scope_limits.py
// checks the count against the interpreter's.
// RUN: pypto-opt --split-input-file --print-diagnostics -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt --split-input-file --print-diagnostics -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s

// A buffer the loop body makes and carries is allocated in the scope around the loop, once
// per iteration: the 16384th allocation is the fault.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @carried(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 20000 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> (tensor<16xf32>) {
    // CHECK: task_window.mlir:[[# @LINE + 1]]:5: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's task window in every run: this submit would be task 16384 submitted directly in the auto scope at {{.*}}task_window.mlir:[[# @LINE - 5]]:1, in iteration 16383 of the loop at {{.*}}task_window.mlir:[[# @LINE - 1]]:3 (from 0), which holds at most 16383 (the ring's task window, 16384, less one; allocations and barriers count, tasks of nested scopes do not): the runtime stops with its fatal "scope deadlock"; this is the allocation of a buffer that the loop body makes and carries to the next iteration, which stays in the scope around the loop: split the loop into an outer loop over chunks of fewer than 16383 iterations (each outer iteration gets a scope of its own); a run with another window (the runtime's PTO2_RING_TASK_WINDOW sets it) is checked with the option task-window=N{{$}}
    %y = pto_orch.call @inc(%cur) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y : tensor<16xf32>
  }
  %o1 = pto_orch.call @acc(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// 16383 tasks of a loop directly in a hand-placed scope fit; the task after them is the 16384th.
pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @flat(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16383 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %n step %c1 {
      %y = pto_orch.call @acc(inout %o) : (tensor<16xf32>) -> tensor<16xf32>
    }
    // CHECK: task_window.mlir:[[# @LINE + 1]]:5: error: 'pto_orch.call' op exceeds the runtime's task window in every run: this submit would be task 16384 submitted directly in the {{auto|manual}} scope at {{.*}}task_window.mlir:[[# @LINE - 4]]:3, which holds at most 16383 
    %z = pto_orch.call @acc(inout %o) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

// The same loops pass: with a dynamic trip count (no iteration is sure), with one task less,
// and with the pipeline's scope per iteration (each iteration's tasks leave with its scope).
// CHECK-LABEL: func.func @dynamic
// CHECK-LABEL: func.func @fits
// CHECK-LABEL: func.func @scoped
pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @dynamic(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %n step %c1 {
      %y = pto_orch.call @acc(inout %o) : (tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
func.func @fits(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16383 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %n step %c1 {
      %y = pto_orch.call @acc(inout %o) : (tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
func.func @scoped(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  scf.for %i = %c0 to %n step %c1 {
    %y = pto_orch.call @acc(inout %o) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
