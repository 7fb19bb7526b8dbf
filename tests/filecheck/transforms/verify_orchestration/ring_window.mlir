// Rule 9, the ring that scopes 3 deep and deeper share: a task submitted directly in such a
// scope keeps the slot of every later task of ring 3 until its scope ends, those of the scopes
// nested in it included (the ring gives slots back in task order). Here pto2-pipeline gives
// each loop body a scope: the %j body is 3 deep, and its first task holds the 16383 tasks of
// the %k loop's scopes; the 16384th task the ring would hold is an error, as the runtime
// cannot go on there. tests/test_ring_window.py checks the count against the interpreter's.
// RUN: pypto-opt --split-input-file --print-diagnostics -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt --split-input-file --print-diagnostics -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s

pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @held(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 16383 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %h = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
      scf.for %k = %c0 to %n step %c1 {
        // CHECK: ring_window.mlir:[[# @LINE + 1]]:9: error: 'pto_orch.call' op exceeds the task window of the runtime's ring 3 in every run: this submit would be the 16384th task the ring holds, in iteration 16382 of the loop at {{.*}}ring_window.mlir:[[# @LINE - 1]]:7, as the 'pto_orch.call' at {{.*}}ring_window.mlir:[[# @LINE - 2]]:7, submitted before them directly in the auto scope at {{.*}}ring_window.mlir:[[# @LINE - 3]]:5, keeps its slot until that scope ends (the ring gives slots back in task order, and scopes 3 deep and deeper share ring 3, tasks of nested scopes included), and the ring holds at most 16383: the runtime cannot go on (the orchestrator waits for a slot only its own later scope end could free); end that scope sooner: move the tasks before the loop after it, or give them a scope of their own (a function with pto_rt.auto_scope = false places its own scopes), or submit fewer tasks inside it; a run with another window (the runtime's PTO2_RING_TASK_WINDOW sets it) is checked with the option task-window=N{{$}}
        %t = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  func.return
}

// -----

// The same nest with the %j body's task after the %k loop: it holds nothing of the loop.
pto_orch.kernel @acc aiv (inout tensor<16xf32>) -> tensor<16xf32>
// CHECK-LABEL: func.func @after(
func.func @after(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 16383 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %n step %c1 {
        %t = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
      }
      %h = pto_orch.call @acc(%o) : (tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
