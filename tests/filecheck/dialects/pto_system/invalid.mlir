// One chunk per verifier rule of the pto_system dialect and its discardable-attribute
// check. Each CHECK pins the exact one-line diagnostic and its location.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// ===== task_dummy: deps are TaskIds or TaskId arrays

// deps on a tensor.
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_system.task_dummy' op deps entry 0 has type tensor<4xf32>; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it){{$}}
func.func @f(%a: tensor<4xf32>) {
  %b = pto_system.task_dummy deps(%a : tensor<4xf32>)
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_system.task_dummy' op deps entry 1 has type i1; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it){{$}}
func.func @f() {
  %none = pto_system.task_invalid
  %ok = pto_system.task_is_valid %none
  %b = pto_system.task_dummy deps(%none, %ok : !pto_orch.task_id, i1)
  func.return
}

// -----

// The result is a TaskId (only the generic form can say otherwise).
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_system.task_dummy' op result 'result' at position 0 does not verify: index should be of base attribute pto_orch.task_id{{$}}
func.func @f() {
  %b = "pto_system.task_dummy"() : () -> index
  func.return
}

// -----

// ===== task_invalid

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_system.task_invalid' op result 'result' at position 0 does not verify: !pto_orch.task_id_array<2> should be of base attribute pto_orch.task_id{{$}}
func.func @f() {
  %none = "pto_system.task_invalid"() : () -> !pto_orch.task_id_array<2>
  func.return
}

// -----

// ===== task_is_valid: of a TaskId

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_system.task_is_valid' op operand 'task_id' at position 0 does not verify: !pto_orch.task_id_array<2> should be of base attribute pto_orch.task_id{{$}}
func.func @f() {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %ok = "pto_system.task_is_valid"(%arr) : (!pto_orch.task_id_array<2>) -> i1
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:34: error: use of undeclared SSA value name %t{{$}}
func.func @f() {
  %ok = pto_system.task_is_valid %t
  func.return
}

// -----

// ===== discardable attributes: the dialect defines none

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_system.task_invalid' op unknown attribute 'pto_system.barrier' of the pto_system dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f() {
  %none = pto_system.task_invalid {pto_system.barrier}
  func.return
}
