// auto-derive-task-dependencies{analyze-auto-scopes=true}: a loop body that reads a buffer
// written in place after the loop stays AUTO (the write would have to wait for the reads of
// every iteration). In the default pipeline order-untracked-hazards orders that write after every
// iteration's read (the tensor map does not record readers): each instance of @k writes all of
// %o (an output, not looked up), so it waits for the previous one, a chain, and the write after
// the loop waits for the last one.
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline %s 2>&1 | filecheck %s --check-prefix=PIPE

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>

func.func @read_then_written_after(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %t = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %a1 = pto_orch.call @bump(inout %a) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL: func.func @read_then_written_after
// CHECK-NOT:   manual_candidate
// CHECK:       func.return
// PIPE:       %t_tid = scf.for %i = %c0 to %c2 step %c1 iter_args(%t_tid_1 = %none) -> (!pto_orch.task_id) {
// PIPE:         %t, %t_tid_3 = pto_orch.submit @k(in %a, out %o) compiler_deps(%t_tid_1 : !pto_orch.task_id)
// PIPE:       %a1 = pto_orch.call @bump(inout %a) compiler_deps(%t_tid : !pto_orch.task_id) :
