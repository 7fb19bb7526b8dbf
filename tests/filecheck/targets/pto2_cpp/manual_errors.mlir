// Errors of the TaskId / manual-scope part of the target (one located line each, no C++):
//  - a pto_tensor.read of a tensor a task inside a manual scope wrote (checked before
//    printing, verify-orchestration's rule 1), after the scope (through the scope result) and inside it (through a view);
//  - (no longer an error: a buffer a manual task uses that was allocated in an earlier
//    iteration is retained through its batch TaskId, carried by add-retain-edges);
//  - TaskId arrays are updated in place: using the array value a task_array_set consumed,
//    and updating inside a loop an array defined outside it;
//  - the iter_arg of a parallel array carry stands for N TaskIds: only deps may name it;
//  - a stale carry plan (an array size on an index iter_arg);
//  - a TaskId parameter of the orchestration function.
// The user-edge error of rule 5 has its own file (taskid_lifetime.mlir).
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @read_after(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_rt.scope manual -> (tensor<16xf32>) {
    %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o1 : tensor<16xf32>
  }
  %v = pto_tensor.read %r[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.read' op reads %r, whose buffer 'pto_orch.call' (kernel @k) at line [[# @LINE - 6]] writes inside a manual scope: get_tensor_data waits only for the producers the runtime tracked, and a MANUAL scope tracks none, so the read races with that task; read after a task outside the manual scope that writes the tensor (it depends on the manual task), or move the read or the task out of the manual scope{{$}}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @read_inside(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %s = pto_tensor.slice %o1[%c0] : tensor<16xf32> to tensor<4xf32>
    %v = pto_tensor.read %s[%c0] : tensor<4xf32> -> f32
  }
  func.return
}
// CHECK: :[[# @LINE - 4]]:5: error: 'pto_tensor.read' op reads %s, whose buffer 'pto_orch.submit' (kernel @k) at line [[# @LINE - 6]] writes inside a manual scope

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @unretainable(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a) -> (tensor<16xf32>) {
      %tmp = pto_tensor.create : tensor<16xf32>
      %tmp1 = pto_orch.call @k(in %prev, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %tmp1 : tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  }
  func.return
}
// CHECK: if (prev_alloc.is_valid()) params_t0_deps[params_t0_deps_count++] = prev_alloc;

// -----

func.func @superseded() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %arr1 = pto_orch.task_array_set %none, %arr[%c0] : !pto_orch.task_id_array<2>
  %b = pto_system.task_dummy deps(%arr, %arr1 : !pto_orch.task_id_array<2>, !pto_orch.task_id_array<2>)
  func.return
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_system.task_dummy' op uses %arr, a TaskId array that 'pto_orch.task_array_set' at line [[# @LINE - 4]] has updated in place (a PTO2TaskId array is one C++ array, so the value before the update no longer exists): use the task_array_set result, or copy the ids into another array first

// -----

func.func @set_in_loop() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  scf.for %i = %c0 to %c2 step %c1 {
    %b = pto_system.task_dummy deps()
    %arr1 = pto_orch.task_array_set %b, %arr[%i] : !pto_orch.task_id_array<2>
    %d = pto_system.task_dummy deps(%arr1 : !pto_orch.task_id_array<2>)
  }
  func.return
}
// CHECK: :[[# @LINE - 5]]:5: error: 'pto_orch.task_array_set' op updates %arr in place (PTO2TaskId arrays are C++ arrays), but the array is defined outside the loop around this op, so every iteration would update the one array while the IR gives each iteration the unchanged array: carry the array through the loop's iter_args and yield the updated array

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @fanout_iter_arg(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tp = scf.for %p = %c0 to %c2 step %c1 iter_args(%pp = %none) -> (!pto_orch.task_id) {
      %tb = scf.for %b = %c0 to %c2 step %c1 iter_args(%pb = %pp) -> (!pto_orch.task_id) {
        %ok = pto_system.task_is_valid %pb
        scf.if %ok {
          %o2, %t2 = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        }
        %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        scf.yield %t : !pto_orch.task_id
      } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
      scf.yield %tb : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
  }
  func.return
}
// CHECK: :[[# @LINE - 12]]:9: error: 'pto_system.task_is_valid' op uses iter_arg #0 of a pto_orch.parallel loop whose TaskIds form an array carry: in the loop body it stands for all 2 TaskIds of the previous round (its init array), so it can only be listed in deps / compiler_deps or yielded

// -----

func.func @stale_plan() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %c0) -> (index) {
    scf.yield %t : index
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
  func.return
}
// CHECK: :[[# @LINE - 5]]:3: error: 'scf.for' op iter_arg #0: it has type index, but its plan is a TaskId array of 4 slots; the carry plan ('pto_orch.iter_arg_array_size') is stale, re-run classify-iter-arg-carry

// -----

func.func @taskid_param(%t: !pto_orch.task_id) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  func.return
}
// CHECK: :[[# @LINE - 3]]:1: error: 'func.func' op parameter 0 has type !pto_orch.task_id: an orchestration entry receives tensors and scalars only (TaskIds exist inside the function)
