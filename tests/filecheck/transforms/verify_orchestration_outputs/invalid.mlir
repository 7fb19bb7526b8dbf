// verify-orchestration-outputs: a tensor an orchestration function returns reaches the host
// only if it is an 'out' / 'inout' parameter. Returning a created tensor while an 'out'
// parameter stays unwritten (the 'out' parameter shadowed by a create) was silently C++ that
// never wrote ext_d; it is a located error saying what to change, in the function body, in a
// loop, in a user manual scope and in a compiler-owned manual scope (the candidate markers),
// also through pto2-pipeline.
// RUN: pypto-opt -p verify-orchestration-outputs --split-input-file --print-diagnostics %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @shadowed(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %n = pto_tensor.create : tensor<4xf32>
  %r = pto_orch.call @k(%a, %n) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
// CHECK: :[[# @LINE - 2]]:3: error: 'func.return' op returns %r, whose storage is the tensor created at [[# @LINE - 4]]:3 (%n): the host never sees it, since only 'out' and 'inout' parameters reach it, and the 'out' parameter %d is never written: pass %d to the task in place of %n (or assemble %n into %d)

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @in_loop(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = pto_tensor.create : tensor<4xf32>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %n) -> (tensor<4xf32>) {
    %acc1 = pto_orch.call @k(%a, %acc) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %acc1 : tensor<4xf32>
  }
  func.return %res : tensor<4xf32>
}
// CHECK: :[[# @LINE - 2]]:3: error: 'func.return' op returns %res, whose storage is the tensor created at [[# @LINE - 7]]:3 (%n): the host never sees it, since only 'out' and 'inout' parameters reach it, and the 'out' parameter %d is never written: pass %d to the task in place of %n (or assemble %n into %d)

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @in_manual(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_rt.scope manual -> (tensor<4xf32>) {
    %none = pto_system.task_invalid
    %n = pto_tensor.create : tensor<4xf32>
    %n1, %t = pto_orch.submit @k(%a, %n) deps(%none : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    pto_rt.yield %n1 : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}
// CHECK: :[[# @LINE - 2]]:3: error: 'func.return' op returns %r, whose storage is the tensor created at [[# @LINE - 6]]:5 (%n): the host never sees it, since only 'out' and 'inout' parameters reach it, and the 'out' parameter %d is never written: pass %d to the task in place of %n (or assemble %n into %d)

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @compiler_manual(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %n = pto_tensor.create : tensor<4xf32>
  %res, %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %n, %p = %none) -> (tensor<4xf32>, !pto_orch.task_id) {
    %acc1, %t = pto_orch.submit @k(%a, %acc) deps(%p : !pto_orch.task_id) {manual_candidate} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %acc1, %t : tensor<4xf32>, !pto_orch.task_id
  }
  func.return %res : tensor<4xf32>
}
// CHECK: :[[# @LINE - 2]]:3: error: 'func.return' op returns %res, whose storage is the tensor created at [[# @LINE - 7]]:3 (%n): the host never sees it, since only 'out' and 'inout' parameters reach it, and the 'out' parameter %d is never written: pass %d to the task in place of %n (or assemble %n into %d)

// -----

// No 'out' parameter at all.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @no_out(%a: tensor<4xf32>) -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %n = pto_tensor.create : tensor<4xf32>
  %r = pto_orch.call @k(%a, %n) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
// CHECK: :[[# @LINE - 2]]:3: error: 'func.return' op returns %r, whose storage is the tensor created at [[# @LINE - 4]]:3 (%n): the host never sees it, since only 'out' and 'inout' parameters reach it: declare an 'out' parameter for it and let the task write that parameter in place of %n

// -----

// An 'out' parameter nothing writes (the result lands in a created tensor, returned or not).
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @unwritten(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %n = pto_tensor.create : tensor<4xf32>
  %r = pto_orch.call @k(%a, %n) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 5]]:1: error: 'func.func' op never writes its 'out' parameter %d (argument #1): no task, pto_tensor.write or pto_tensor.assemble writes it, so the host receives whatever the buffer held; let a task write it, or declare it 'in'
