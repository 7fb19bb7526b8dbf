// add-retain-edges when a manual task gets a buffer through a loop carry or an if result whose
// batch TaskId is not the one in scope (a buffer allocated in an earlier iteration, or in a
// branch): the batch's TaskId is carried along the same way (an extra !pto_orch.task_id carry,
// initialised invalid; an extra if result, invalid from the other branch; an extra scope
// result), and the task lists it in its compiler_deps (the C++ guards it with is_valid()).
// Running the pass again adds nothing.
// RUN: pypto-opt -p batch-tensor-allocations %s | filecheck %s
// RUN: pypto-opt -p batch-tensor-allocations %s > %t.once.mlir
// RUN: pypto-opt -p add-retain-edges %t.once.mlir | diff %t.once.mlir -
// RUN: pypto-opt -p batch-tensor-allocations -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Each iteration's %tmp is the next iteration's %prev: the task lists the previous
// iteration's allocation (%prev_alloc) and its own (%alloc).
// CHECK-LABEL: func.func @per_iteration(
// CHECK:           %none = pto_system.task_invalid
// CHECK-NEXT:      %last, %last_1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a, %prev_alloc = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:        %tmp, %alloc = pto_tensor.alloc_tensors {
// CHECK:             %tmp1 = pto_orch.call @k(in %prev, out %tmp) compiler_deps(%prev_alloc, %alloc : !pto_orch.task_id, !pto_orch.task_id)
// CHECK:             scf.yield %tmp1, %alloc : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:      } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
// CHECK-NEXT:      %o1 = pto_orch.call @k(in %last, out %o) compiler_deps(%last_1 : !pto_orch.task_id)
// CPP-LABEL: // ===== orchestration/per_iteration.cpp =====
// CPP:               if (prev_alloc.is_valid()) params_t0_deps[params_t0_deps_count++] = prev_alloc;
// CPP-NEXT:          params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CPP:               prev_alloc = alloc_0_tid;
func.func @per_iteration(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a) -> (tensor<16xf32>) {
      %tmp = pto_tensor.create : tensor<16xf32>
      %tmp1 = pto_orch.call @k(in %prev, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %tmp1 : tensor<16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    %o1 = pto_orch.call @k(in %last, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// %sel may be %t, allocated in the then-branch: the if gets a TaskId result.
// CHECK-LABEL: func.func @branch(
// CHECK:           %sel, %sel_alloc = scf.if %flag -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK:             scf.yield %t1, %alloc : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %none = pto_system.task_invalid
// CHECK-NEXT:        scf.yield %a, %none : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:      }
// CHECK-NEXT:      %o1 = pto_orch.call @k(in %sel, out %o) compiler_deps(%sel_alloc : !pto_orch.task_id)
// CPP-LABEL: // ===== orchestration/branch.cpp =====
// CPP:           PTO2TaskId sel_alloc;
// CPP:               sel_alloc = alloc_0_tid;
// CPP:               sel_alloc = PTO2TaskId::invalid();
// CPP:           if (sel_alloc.is_valid()) params_t1_deps[params_t1_deps_count++] = sel_alloc;
func.func @branch(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %sel = scf.if %flag -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(in %a, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : tensor<16xf32>
    } else {
      scf.yield %a : tensor<16xf32>
    }
    %o1 = pto_orch.call @k(in %sel, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// A manual scope per iteration whose buffer the next iteration's task reads: the buffer is
// allocated before the scope (batch-tensor-allocations), and its TaskId is carried by the loop.
// CHECK-LABEL: func.func @manual_body(
// CHECK:         %r, %r_1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a, %x_alloc = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:      %t, %alloc = pto_tensor.alloc_tensors {
// CHECK:           %y = pto_rt.scope manual -> (tensor<16xf32>) {
// CHECK-NEXT:        %t1 = pto_orch.call @k(in %x, out %t) compiler_deps(%x_alloc, %alloc : !pto_orch.task_id, !pto_orch.task_id)
// CHECK:           scf.yield %y, %alloc : tensor<16xf32>, !pto_orch.task_id
func.func @manual_body(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %y = pto_rt.scope manual -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(in %x, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t1 : tensor<16xf32>
    }
    scf.yield %y : tensor<16xf32>
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
