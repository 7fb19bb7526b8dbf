// auto-derive-task-dependencies{analyze-auto-scopes=true}: a loop body whose tasks can be ordered
// by explicit edges gets the edges between its tasks (RAW on %tmp, WAR and WAW on %x) and the
// manual-candidate markers; regions that do not qualify stay untouched: a slice of an outer
// buffer, a region inside a user manual scope (a region whose read buffer is written after the
// loop: read_after_loop.mlir). A region with a nested loop qualifies as a whole (the inner
// body is part of it; more shapes in areas.mlir). In a region made manual an `inout`
// slot becomes `output_existing` and an `in` slot of a buffer created in the region `no_dep`
// (an `in` slot of an outer buffer stays `in`). Without the option the pass changes nothing.
// RUN: pypto-opt --auto-derive-task-dependencies %s | filecheck %s --check-prefix=OFF
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s --check-prefix=PIPE

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>

// OFF-NOT: manual_candidate
// OFF-NOT: compiler_deps

func.func @body(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %tmp = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @k(in %a, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r = pto_orch.call @k(in %x, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %x1 = pto_orch.call @bump(inout %x) : (tensor<16xf32>) -> tensor<16xf32>
    %x2 = pto_orch.call @k(in %t1, out %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @body
// CHECK:       %t1, %t1_tid = pto_orch.submit @k(in %a, out %tmp) {manual_candidate}
// CHECK-NEXT:  %r, %r_tid = pto_orch.submit @k(in %x, out %tmp) compiler_deps(%t1_tid : !pto_orch.task_id) {manual_candidate}
// CHECK-NEXT:  %x1, %x1_tid = pto_orch.submit @bump(output_existing %x) compiler_deps(%r_tid : !pto_orch.task_id) {manual_candidate}
// CHECK-NEXT:  %x2 = pto_orch.call @k(no_dep %t1, out %x) compiler_deps(%r_tid, %x1_tid : !pto_orch.task_id, !pto_orch.task_id) {manual_candidate}
// PIPE-LABEL: func.func @body
// PIPE:       pto_rt.scope manual compiler_owned
// PIPE:       pto_orch.submit @bump(output_existing %x)
// PIPE:       pto_orch.submit @k(no_dep %t1, out %x)

func.func @outer_slice(%a: tensor<16xf32>, %x: tensor<32xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %off = arith.muli %i, %c16 : index
    %s = pto_tensor.slice %x[%off] : tensor<32xf32> to tensor<16xf32>
    %s1 = pto_orch.call @k(in %a, out %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @outer_slice
// CHECK-NOT:   manual_candidate
// CHECK:       func.return

func.func @nested(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %t = pto_orch.call @k(in %a, out %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.for %j = %c0 to %c2 step %c1 {
      %u = pto_tensor.create : tensor<16xf32>
      %t2 = pto_orch.call @k(in %a, out %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  pto_rt.scope manual {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = pto_tensor.create : tensor<16xf32>
      %t3, %id = pto_orch.submit @k(in %a, out %v) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
// The outer body, with the inner loop, qualifies; the loop in the user manual scope is left
// alone.
// CHECK-LABEL: func.func @nested
// CHECK:       pto_orch.call @k(in %a, out %x) {manual_candidate}
// CHECK:       pto_orch.call @k(in %a, out %u) {manual_candidate}
// CHECK:       pto_orch.submit @k(in %a, out %v) :
// PIPE-LABEL:  func.func @nested
// PIPE:        scf.for %i
// PIPE-NEXT:   pto_rt.scope manual compiler_owned -> (!pto_orch.task_id) {
// PIPE-NEXT:   pto_orch.submit @k(in %a, out %x) compiler_deps(
// PIPE-NEXT:   scf.for %j
// PIPE:        pto_orch.call @k(in %a, out %u) compiler_deps(%alloc : !pto_orch.task_id) :
