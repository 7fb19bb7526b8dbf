// Every op of the pto_system dialect in custom form (task_dummy with an empty deps list,
// TaskIds and a TaskId array), printed back as written and unchanged through the generic
// form.
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK: pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// task_invalid, task_dummy with no deps / TaskIds / a TaskId array, task_is_valid.
// CHECK-LABEL: func.func @system_ops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
func.func @system_ops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  // CHECK-NEXT: pto_rt.scope manual {
  pto_rt.scope manual {
    // CHECK-NEXT: %none = pto_system.task_invalid
    %none = pto_system.task_invalid
    // CHECK-NEXT: %empty = pto_system.task_dummy deps()
    %empty = pto_system.task_dummy deps()
    // CHECK-NEXT: %o1, %t0 = pto_orch.submit @k(in %a, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %t0 = pto_orch.submit @k(in %a, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    // CHECK-NEXT: %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    // CHECK-NEXT: %b1 = pto_system.task_dummy deps(%t0, %empty : !pto_orch.task_id, !pto_orch.task_id)
    %b1 = pto_system.task_dummy deps(%t0, %empty : !pto_orch.task_id, !pto_orch.task_id)
    // CHECK-NEXT: %b2 = pto_system.task_dummy deps(%b1, %arr : !pto_orch.task_id, !pto_orch.task_id_array<2>) {note = "kept"}
    %b2 = pto_system.task_dummy deps(%b1, %arr : !pto_orch.task_id, !pto_orch.task_id_array<2>) {note = "kept"}
    // CHECK-NEXT: %ok = pto_system.task_is_valid %none
    %ok = pto_system.task_is_valid %none
    // CHECK-NEXT: %ok2 = pto_system.task_is_valid %b2 {note = "kept"}
    %ok2 = pto_system.task_is_valid %b2 {note = "kept"}
    // CHECK-NEXT: %none2 = pto_system.task_invalid {note = "kept"}
    %none2 = pto_system.task_invalid {note = "kept"}
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.return
  func.return
// CHECK-NEXT: }
}

// The generic form: the result types (the TaskId, i1) the custom form leaves implicit.
// GENERIC: %none = "pto_system.task_invalid"() : () -> !pto_orch.task_id
// GENERIC: %empty = "pto_system.task_dummy"() : () -> !pto_orch.task_id
// GENERIC: %b1 = "pto_system.task_dummy"(%t0, %empty) : (!pto_orch.task_id, !pto_orch.task_id) -> !pto_orch.task_id
// GENERIC: %b2 = "pto_system.task_dummy"(%b1, %arr) {note = "kept"} : (!pto_orch.task_id, !pto_orch.task_id_array<2>) -> !pto_orch.task_id
// GENERIC: %ok = "pto_system.task_is_valid"(%none) : (!pto_orch.task_id) -> i1
// GENERIC: %ok2 = "pto_system.task_is_valid"(%b2) {note = "kept"} : (!pto_orch.task_id) -> i1
// GENERIC: %none2 = "pto_system.task_invalid"() {note = "kept"} : () -> !pto_orch.task_id
