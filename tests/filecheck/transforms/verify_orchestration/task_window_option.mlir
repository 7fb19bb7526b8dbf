// The task window a run has: the runtime's PTO2_RING_TASK_WINDOW sets it (16384 unless set),
// and `pto2-pipeline{task-window=N}` (or `verify-orchestration{task-window=N}`) gives it to
// rule 9 (and, with analyze-auto-scopes, to the areas made one scope). 100 allocations of a
// carried buffer and the task after the loop are 101 tasks in the scope around the loop.
// RUN: pypto-opt --print-diagnostics -p 'pto2-pipeline{task-window=64}' %s | filecheck %s --check-prefix=SMALL
// RUN: pypto-opt --print-diagnostics -p 'pto2-pipeline{task-window=64 analyze-auto-scopes=true}' %s | filecheck %s --check-prefix=SMALL
// RUN: pypto-opt -p 'pto2-pipeline{task-window=102}' %s | filecheck %s --check-prefix=FITS
// RUN: pypto-opt -p pto2-pipeline %s | filecheck %s --check-prefix=FITS
// RUN: pypto-opt -p 'pto2-pipeline{task-window=102},verify-orchestration{task-window=101}' --print-diagnostics %s | filecheck %s --check-prefix=EDGE

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
// FITS-LABEL: func.func @carried
// FITS:         pto_tensor.alloc_tensors
// SMALL-NOT:    func.func
func.func @carried(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> (tensor<16xf32>) {
    // SMALL: task_window_option.mlir:[[# @LINE + 1]]:5: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's task window in every run: this submit would be task 64 submitted directly in the auto scope at {{.*}}task_window_option.mlir:[[# @LINE - 5]]:1, in iteration 63 of the loop at {{.*}}task_window_option.mlir:[[# @LINE - 1]]:3 (from 0), which holds at most 63 (the ring's task window, 64, less one;
    %y = pto_orch.call @inc(%cur) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y : tensor<16xf32>
  }
  // EDGE: task_window_option.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op exceeds the runtime's task window in every run: this submit would be task 101 submitted directly in the auto scope
  %o1 = pto_orch.call @acc(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
