// RUN: pypto-opt --verify-orchestration --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @through_a_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %o) -> (tensor<16xf32>) {
    %y = pto_rt.scope manual -> (tensor<16xf32>) {
      %x1 = pto_orch.call @k(in %a, out %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %x1 : tensor<16xf32>
    }
    scf.yield %y : tensor<16xf32>
  } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
  // CHECK: error: 'pto_tensor.read' op reads %r, whose buffer 'pto_orch.call' (kernel @k) at line [[# @LINE - 5]] writes inside a manual scope
  %v = pto_tensor.read %r[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// A read of a tensor only auto-scope tasks wrote is fine: the module is printed unchanged.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @auto(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_rt.scope auto -> (tensor<16xf32>) {
    %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o1 : tensor<16xf32>
  }
  // CHECK: %v = pto_tensor.read %r[%c0]
  %v = pto_tensor.read %r[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// The array value a task_array_set consumed is gone after it (an scf.if yield uses it).
func.func @consumed(%c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %arr1 = pto_orch.task_array_set %none, %arr[%c0] : !pto_orch.task_id_array<2>
  %r = scf.if %c -> (!pto_orch.task_id_array<2>) {
    // CHECK: error: 'scf.yield' op uses %arr, a TaskId array that 'pto_orch.task_array_set' at line [[# @LINE - 2]] has updated in place
    scf.yield %arr : !pto_orch.task_id_array<2>
  } else {
    scf.yield %arr1 : !pto_orch.task_id_array<2>
  }
  func.return
}

// -----

// An array defined outside the loop cannot be updated inside it, even under an scf.if.
func.func @outside_loop(%c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.if %c {
      %b = pto_system.task_dummy deps()
      // CHECK: error: 'pto_orch.task_array_set' op updates %arr in place (PTO2TaskId arrays are C++ arrays), but the array is defined outside the loop around this op
      %arr1 = pto_orch.task_array_set %b, %arr[%i] : !pto_orch.task_id_array<2>
    }
  }
  func.return
}

// -----

// Integer arrays are C++ arrays updated in place too: the value an int_array_set consumed is
// gone after it, and an array defined outside the loop is not updated inside it.
// CHECK: :[[# @LINE + 5]]:3: error: 'pto_orch.int_array_get' op uses %tbl, an integer array that 'pto_orch.int_array_set' at line [[# @LINE + 4]] has updated in place (an integer array is one C++ array, so the value before the update no longer exists): use the int_array_set result, or copy the elements into another array first{{$}}
func.func @int_consumed(%x: i32) -> index attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %tbl = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %tbl1 = pto_orch.int_array_set %x, %tbl[%c0] : !pto_orch.int_array<2, i32>
  %old = pto_orch.int_array_get %tbl[%c0] : !pto_orch.int_array<2, i32>
  %r = arith.index_cast %old : i32 to index
  func.return %r : index
}

// -----

// CHECK: :[[# @LINE + 7]]:5: error: 'pto_orch.int_array_set' op updates %tbl in place (integer arrays are C++ arrays), but the array is defined outside the loop around this op, so every iteration would update the one array while the IR gives each iteration the unchanged array: carry the array through the loop's iter_args and yield the updated array{{$}}
func.func @int_outside_loop(%x: i32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %tbl = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  scf.for %i = %c0 to %c2 step %c1 {
    %tbl1 = pto_orch.int_array_set %x, %tbl[%i] : !pto_orch.int_array<2, i32>
  }
  func.return
}

// -----

// A user edge on a TaskId array that lives in a scope that has closed.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @user_edge_closed(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (!pto_orch.task_id_array<2>) {
    %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    pto_rt.yield %arr : !pto_orch.task_id_array<2>
  }
  // CHECK: error: 'pto_orch.submit' op depends on %r (deps entry 0), the TaskId of 'pto_orch.task_array_create' at line [[# @LINE - 3]], which lives in the 'pto_rt.scope' at line [[# @LINE - 4]]: that scope has closed before this task (a TaskId lives only in the PTO2_SCOPE that produced it, including the scopes materialize-runtime-scopes puts on loop bodies and if branches): consume it inside the producing scope, hoist the producer out of that scope, or collect the ids into a TaskId array (pto_orch.task_array_create before the scope, pto_orch.task_array_set inside it) and depend on the array
  %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id_array<2>) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// A compiler edge on a TaskId that lives in a closed scope is refused, never dropped: here
// the TaskId result of an auto scope is a parallel loop's array carry, declared in the scope.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @compiler_edge_closed(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %none = pto_system.task_invalid
  %r = pto_rt.scope auto -> (!pto_orch.task_id) {
    %tl = scf.for %b = %c0 to %c2 step %c1 iter_args(%pb = %none) -> (!pto_orch.task_id) {
      %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%pb : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t2 : !pto_orch.task_id
    } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
    pto_rt.yield %tl : !pto_orch.task_id
  }
  // CHECK: error: 'pto_orch.call' op lists %r in compiler_deps (entry 0), the TaskId of 'scf.for' at line [[# @LINE - 6]], which lives in the 'pto_rt.scope' at line [[# @LINE - 7]]: that scope has closed before this task, and an ordering edge is never dropped: carry the TaskId out of the scope as a !pto_orch.task_id result (a variable declared before the scope), or move the task into it
  %o1 = pto_orch.call @k(in %a, out %o) compiler_deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// A loop's array-carry result stands for all its TaskIds: it is not one TaskId to test.
func.func @array_result_as_one(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %none = pto_system.task_invalid
  %tl = scf.for %b = %c0 to %c2 step %c1 iter_args(%pb = %none) -> (!pto_orch.task_id) {
    %t2 = pto_system.task_dummy deps(%pb : !pto_orch.task_id)
    scf.yield %t2 : !pto_orch.task_id
  } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
  // CHECK: error: 'pto_system.task_is_valid' op uses %tl, which stands for the 2 TaskIds of a loop's array carry ('pto_orch.iter_arg_array_size'), not one TaskId: it can only be listed in deps / compiler_deps, yielded or carried
  %ok = pto_system.task_is_valid %tl
  scf.if %ok {
    %d = pto_system.task_dummy deps()
  }
  func.return
}

// -----

// A sequential carry planned as a single TaskId cannot take an array-carry result.
func.func @stale_yield() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %none = pto_system.task_invalid
  // CHECK: error: 'scf.for' op iter_arg #0: the loop yields %tl, a TaskId array of 2 slots, into a carry that is a single TaskId; the carry plan ('pto_orch.iter_arg_array_size') is stale, re-run classify-iter-arg-carry
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
    %tl = scf.for %b = %c0 to %c2 step %c1 iter_args(%pb = %p) -> (!pto_orch.task_id) {
      %t2 = pto_system.task_dummy deps(%pb : !pto_orch.task_id)
      scf.yield %t2 : !pto_orch.task_id
    } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
    scf.yield %tl : !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  %d = pto_system.task_dummy deps(%r : !pto_orch.task_id)
  func.return
}
