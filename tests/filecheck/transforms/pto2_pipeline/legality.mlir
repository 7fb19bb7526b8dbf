// pto2-pipeline ends with verify-orchestration: without -t it rejects what the pto2-cpp
// target would reject, with the same located line (one rule, one message). Both runs below
// check the same lines: a host read after a manual-scope writer, a host write after an
// `in` reader (rule 1), a task_array_set's consumed array used again (rule 3), a user edge on
// a TaskId whose scope has closed (rule 5); the last chunk passes both.
// RUN: pypto-opt -p pto2-pipeline --split-input-file --print-diagnostics %s | filecheck %s --check-prefixes=CHECK,IR
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s --check-prefixes=CHECK,CPP

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @read_after_manual_writer(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_rt.scope manual -> (tensor<16xf32>) {
    %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o1 : tensor<16xf32>
  }
  // CHECK: legality.mlir:[[# @LINE + 1]]:3: error: 'pto_tensor.read' op reads %r, whose buffer 'pto_orch.call' (kernel @k) at line [[# @LINE - 3]] writes inside a manual scope: get_tensor_data waits only for the producers the runtime tracked, and a MANUAL scope tracks none, so the read races with that task; read after a task outside the manual scope that writes the tensor (it depends on the manual task), or move the read or the task out of the manual scope{{$}}
  %v = pto_tensor.read %r[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_reader(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %z1 = pto_orch.call @inc(%y, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: legality.mlir:[[# @LINE + 1]]:3: error: 'pto_tensor.write' op writes %y, whose buffer 'pto_orch.call' (kernel @inc) at line [[# @LINE - 1]] reads (an input, which the runtime does not record): set_tensor_data waits only for the producers the runtime tracked and their consumers, so the write can change the data before that task has read it; pass the tensor as inout to that task so the runtime tracks it, or write before the task{{$}}
  %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
  %w1 = pto_orch.call @inc(%y2, %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

func.func @superseded() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %arr1 = pto_orch.task_array_set %none, %arr[%c0] : !pto_orch.task_id_array<2>
  // CHECK: legality.mlir:[[# @LINE + 1]]:3: error: 'pto_system.task_dummy' op uses %arr, a TaskId array that 'pto_orch.task_array_set' at line [[# @LINE - 1]] has updated in place (a PTO2TaskId array is one C++ array, so the value before the update no longer exists): use the task_array_set result, or copy the ids into another array first{{$}}
  %b = pto_system.task_dummy deps(%arr, %arr1 : !pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>)
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @user_edge_closed(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (!pto_orch.task_id_array<2>) {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    pto_rt.yield %arr : !pto_orch.task_id_array<2>
  }
  // CHECK: legality.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.submit' op depends on %r (deps entry 0), the TaskId of 'pto_orch.task_array_create' at line [[# @LINE - 3]], which lives in the 'pto_rt.scope' at line [[# @LINE - 4]]: that scope has closed before this task (a TaskId lives only in the PTO2_SCOPE that produced it, including the scopes materialize-runtime-scopes puts on loop bodies and if branches): consume it inside the producing scope, hoist the producer out of that scope, or collect the ids into a TaskId array (pto_orch.task_array_create before the scope, pto_orch.task_array_set inside it) and depend on the array{{$}}
  %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// Legal: the host reads what an auto-scope task wrote.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @legal(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %o1 = pto_orch.call @k(%a, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %v = pto_tensor.read %o1[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}
// CHECK-NOT: error:
// IR: func.func @legal
// IR: pto_tensor.read
// CPP: (void)get_tensor_data<float>(ext_o, 1, indices_ext_o);
