// auto-derive-task-dependencies{analyze-auto-scopes=true} with constant windows of a buffer
// created in the loop body: writers of the disjoint halves [0, 8) and [8, 16) get no edge
// between them (each is an edge into the reader of the whole buffer) and the body still
// qualifies; writers of [0, 8) and [4, 12) are ordered.
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s

pto_orch.kernel @half aiv (in tensor<16xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @windows(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %buf = pto_tensor.create : tensor<16xf32>
    %lo = pto_tensor.slice %buf[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %buf[%c8] : tensor<16xf32> to tensor<8xf32>
    %lo1 = pto_orch.call @half(in %x, out %lo) : (tensor<16xf32>, tensor<8xf32>) -> tensor<8xf32>
    %hi1 = pto_orch.call @half(in %x, out %hi) : (tensor<16xf32>, tensor<8xf32>) -> tensor<8xf32>
    %o1 = pto_orch.call @copy(in %buf, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %buf = pto_tensor.create : tensor<16xf32>
    %lo = pto_tensor.slice %buf[%c0] : tensor<16xf32> to tensor<8xf32>
    %mid = pto_tensor.slice %buf[%c4] : tensor<16xf32> to tensor<8xf32>
    %lo1 = pto_orch.call @half(in %x, out %lo) : (tensor<16xf32>, tensor<8xf32>) -> tensor<8xf32>
    %mid1 = pto_orch.call @half(in %x, out %mid) : (tensor<16xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @windows
// CHECK:       %lo1, %lo1_tid = pto_orch.submit @half(in %x, out %lo) {manual_candidate}
// CHECK-NEXT:  %hi1, %hi1_tid = pto_orch.submit @half(in %x, out %hi) {manual_candidate}
// CHECK-NEXT:  pto_orch.call @copy(no_dep %buf, out %o) compiler_deps(%lo1_tid, %hi1_tid : !pto_orch.task_id, !pto_orch.task_id) {manual_candidate}
// CHECK:       %lo1_1, %lo1_tid_1 = pto_orch.submit @half(in %x, out %lo_1) {manual_candidate}
// CHECK-NEXT:  pto_orch.call @half(in %x, out %mid) compiler_deps(%lo1_tid_1 : !pto_orch.task_id) {manual_candidate}
