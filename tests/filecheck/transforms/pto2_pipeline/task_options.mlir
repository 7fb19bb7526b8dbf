// The task options (launch spec, early_resolve, dump) survive every pass of pto2-pipeline,
// with and without analyze-auto-scopes: through the passes that rebuild a call as a submit
// (order-untracked-hazards, auto-derive-task-dependencies: `as_submit`), the ones that append
// compiler deps before the block count value (add_compiler_deps), direction changes
// (output_existing, no_dep), manual scopes, and canonicalize dropping the invalid TaskId
// from a submit's deps (task_id_folds.DropInvalidDeps: the options stay). The output
// re-parses, and a second run changes nothing.
// RUN: pypto-opt -p pto2-pipeline %s | pypto-opt | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | pypto-opt | filecheck %s --check-prefix=AUTO
// RUN: pypto-opt -p pto2-pipeline %s > %t.once.mlir
// RUN: pypto-opt -p pto2-pipeline %t.once.mlir | diff %t.once.mlir -
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s > %t.auto.mlir
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %t.auto.mlir | diff %t.auto.mlir -

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @mk aiv (in tensor<16xf32>, in f32, out tensor<16xf32>) -> tensor<16xf32>

func.func @body(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %tmp = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @k(in %a, out %tmp) launch(8) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r = pto_orch.call @k(in %x, out %tmp) launch(%n : index, sync_start) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %x1 = pto_orch.call @bump(inout %x) early_resolve : (tensor<16xf32>) -> tensor<16xf32>
    %x2 = pto_orch.call @k(in %t1, out %x) dump [0, 1] : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @runtime_out(%a: tensor<16xf32>, %s: f32, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %none = pto_system.task_invalid
    %m, %tm = pto_orch.submit @mk(in %a, scalar %s) launch(2) early_resolve dump [1, 2] deps(%none : !pto_orch.task_id) : (tensor<16xf32>, f32) -> tensor<16xf32>
    %x1, %t = pto_orch.submit @k(in %m, out %x) dump [0] deps(%tm : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %x1 : tensor<16xf32>
  }
  %y = pto_orch.call @k(in %x2, out %x) launch(3, sync_start) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// CHECK-LABEL: func.func @body(
// CHECK:       %t1, %t1_tid = pto_orch.submit @k(in %a, out %tmp) launch(8) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %r, %r_tid = pto_orch.submit @k(in %x, out %tmp) launch(%n : index, sync_start) compiler_deps(%t1_tid : !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %x1, %x1_tid = pto_orch.submit @bump(inout %x) early_resolve compiler_deps(%r_tid : !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:  %x2 = pto_orch.call @k(in %t1, out %x) dump [0, 1] compiler_deps(%x1_tid : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-LABEL: func.func @runtime_out(
// CHECK:       %m, %tm = pto_orch.submit @mk(in %a, scalar %s) launch(2) early_resolve dump [1, 2] {pto_orch.captured} : (tensor<16xf32>, f32) -> tensor<16xf32>
// CHECK-NEXT:  %x1, %t_1 = pto_orch.submit @k(in %m, out %x) dump [0] deps(%tm : !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK:       %y = pto_orch.call @k(in %x2, out %x) launch(3, sync_start) compiler_deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>

// AUTO-LABEL: func.func @body(
// AUTO:       pto_rt.scope manual compiler_owned
// AUTO:       %t1, %t1_tid = pto_orch.submit @k(in %a, out %tmp) launch(8) compiler_deps(%alloc : !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// AUTO-NEXT:  %r, %r_tid = pto_orch.submit @k(in %x, out %tmp) launch(%n : index, sync_start) compiler_deps(%t1_tid, %x2_tid_1, %alloc : !pto_orch.task_id, !pto_orch.task_id, !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// AUTO-NEXT:  %x1, %x1_tid = pto_orch.submit @bump(output_existing %x) early_resolve compiler_deps(%r_tid : !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>) -> tensor<16xf32>
// AUTO-NEXT:  %x2, %x2_tid_3 = pto_orch.submit @k(no_dep %t1, out %x) dump [0, 1] compiler_deps(%x1_tid, %alloc : !pto_orch.task_id, !pto_orch.task_id) {pto_orch.captured} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// AUTO-LABEL: func.func @runtime_out(
// AUTO:       %m, %tm = pto_orch.submit @mk(in %a, scalar %s) launch(2) early_resolve dump [1, 2] {pto_orch.captured} : (tensor<16xf32>, f32) -> tensor<16xf32>
// AUTO:       %y = pto_orch.call @k(in %x2, out %x) launch(3, sync_start) compiler_deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
