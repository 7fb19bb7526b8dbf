// auto-derive-task-dependencies{analyze-auto-scopes=true}: a loop body that reads a buffer
// written in place after the loop stays AUTO (the write would have to wait for the reads of
// every iteration). The default pipeline rejects the program: order-untracked-hazards must order
// that write after every iteration's read (the tensor map does not record readers) and cannot.
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s
// RUN: not pypto-opt -p pto2-pipeline %s 2>&1 | filecheck %s --check-prefix=ERR

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
// ERR: read_after_loop.mlir:[[# @LINE - 6]]:3: error: 'pto_orch.call' op must run after 'pto_orch.call' @k at {{.*}}read_after_loop.mlir:[[# @LINE - 8]]:5 (they use one buffer and the runtime does not order them), and that task runs in every iteration of a loop
