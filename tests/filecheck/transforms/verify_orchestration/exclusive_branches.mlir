// The array value an in-place update (int_array_set, task_array_set) consumed is gone after
// it only where the update ran: the other branch of the scf.if around the update still has
// it, whichever branch comes first in the text (docs/passes/verify-orchestration.md, rule 3).
// Each accepted function is printed unchanged; a use after the scf.if is still an error.
// RUN: pypto-opt --verify-orchestration --split-input-file --print-diagnostics %s | filecheck %s

// CHECK-LABEL: func.func @int_then_sets
// CHECK:         %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, i32>
// CHECK-NEXT:    scf.yield %a1 : !pto_orch.int_array<2, i32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %a : !pto_orch.int_array<2, i32>
func.func @int_then_sets(%c: i1, %v: i32) -> i32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %r = scf.if %c -> (!pto_orch.int_array<2, i32>) {
    %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, i32>
    scf.yield %a1 : !pto_orch.int_array<2, i32>
  } else {
    scf.yield %a : !pto_orch.int_array<2, i32>
  }
  %e = pto_orch.int_array_get %r[%c0] : !pto_orch.int_array<2, i32>
  func.return %e : i32
}

// -----

// CHECK-LABEL: func.func @int_both_set
// CHECK:         %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, i32>
// CHECK:         %a2 = pto_orch.int_array_set %v, %a[%c1] : !pto_orch.int_array<2, i32>
func.func @int_both_set(%c: i1, %v: i32) -> i32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %r = scf.if %c -> (!pto_orch.int_array<2, i32>) {
    %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, i32>
    scf.yield %a1 : !pto_orch.int_array<2, i32>
  } else {
    %a2 = pto_orch.int_array_set %v, %a[%c1] : !pto_orch.int_array<2, i32>
    scf.yield %a2 : !pto_orch.int_array<2, i32>
  }
  %e = pto_orch.int_array_get %r[%c0] : !pto_orch.int_array<2, i32>
  func.return %e : i32
}

// -----

// TaskId arrays alike, the update nested one level deeper (in a scope of the then-branch).
// CHECK-LABEL: func.func @task_ids_then_sets
// CHECK:         %arr1 = pto_orch.task_array_set %none, %arr[%c0] : !pto_orch.task_id_array<2>
// CHECK:       } else {
// CHECK-NEXT:    %arr2 = pto_orch.task_array_set %none, %arr[%c1] : !pto_orch.task_id_array<2>
func.func @task_ids_then_sets(%c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %r = scf.if %c -> (!pto_orch.task_id_array<2>) {
    %s = pto_rt.scope auto -> (!pto_orch.task_id_array<2>) {
      %arr1 = pto_orch.task_array_set %none, %arr[%c0] : !pto_orch.task_id_array<2>
      pto_rt.yield %arr1 : !pto_orch.task_id_array<2>
    }
    scf.yield %s : !pto_orch.task_id_array<2>
  } else {
    %arr2 = pto_orch.task_array_set %none, %arr[%c1] : !pto_orch.task_id_array<2>
    scf.yield %arr2 : !pto_orch.task_id_array<2>
  }
  func.return
}

// -----

// After the scf.if, the array a branch updated is gone whichever branch ran.
func.func @int_after_if(%c: i1, %v: i32) -> i32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %r = scf.if %c -> (!pto_orch.int_array<2, i32>) {
    %a1 = pto_orch.int_array_set %v, %a[%c0] : !pto_orch.int_array<2, i32>
    scf.yield %a1 : !pto_orch.int_array<2, i32>
  } else {
    scf.yield %a : !pto_orch.int_array<2, i32>
  }
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.int_array_get' op uses %a, an integer array that 'pto_orch.int_array_set' at line [[# @LINE - 5]] has updated in place (an integer array is one C++ array, so the value before the update no longer exists): use the int_array_set result, or copy the elements into another array first{{$}}
  %e = pto_orch.int_array_get %a[%c0] : !pto_orch.int_array<2, i32>
  func.return %e : i32
}
