// plan-cpp-declarations (docs/passes/plan-cpp-declarations.md) on post-pipeline IR without a
// plan: the prologue declares the parameters and dim symbols the body's C++ names (tensors,
// then scalars; an unused or only-returned one is left out), plus the first tensor parameter
// when a tensor variable is declared before its value is known (an if result); in a manual
// scope, the carries / if results used after it are declared before its header, with their
// initial value when it is final there. Running the pass again changes nothing, and the
// target, given this file without a plan, plans it itself and prints the same C++.
// RUN: pypto-opt -p plan-cpp-declarations %s | filecheck %s
// RUN: pypto-opt -p plan-cpp-declarations %s > %t.once.mlir
// RUN: pypto-opt -p plan-cpp-declarations %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt -t pto2-cpp --cpp-listing %t.once.mlir | filecheck %s --check-prefix=CPP
// RUN: pypto-opt -p plan-cpp-declarations -t pto2-cpp --cpp-listing %s > %t.planned.cpp
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s > %t.unplanned.cpp
// RUN: diff %t.planned.cpp %t.unplanned.cpp

pto_orch.kernel @k aiv (in tensor<?x16xf32>, in i64, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @t aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @u aiv (in tensor<16xf32>, in i64, inout tensor<16xf32>) -> tensor<16xf32>
// %unused (only a tensor nobody reads) and %m are not declared; %M is the dim symbol of
// %x's extent 0 (the loop's upper bound).
// CHECK-LABEL: func.func @prologue(
// CHECK-SAME:    pto_orch.declared_params = array<i64: 0, 4, 2>, pto_orch.declared_dims = [array<i64: 0, 0>]}
// CPP-LABEL: // ===== orchestration/prologue.cpp =====
// CPP:       void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CPP-NEXT:      // External tensors
// CPP-NEXT:      Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// CPP-NEXT:      Tensor ext_y = from_tensor_arg(orch_args.tensor(2));
// CPP-EMPTY:
// CPP-NEXT:      // Scalar parameters
// CPP-NEXT:      union { uint64_t u64; int64_t val; } n_conv;
// CPP-NEXT:      n_conv.u64 = orch_args.scalar(0);
// CPP-NEXT:      int64_t n = n_conv.val;
// CPP-EMPTY:
// CPP-NEXT:      // Dynamic-dim symbols (extent of the declaring argument)
// CPP-NEXT:      int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// CPP-EMPTY:
// CPP-NEXT:      PTO2_SCOPE() {
func.func @prologue(%x: tensor<?x16xf32>, %unused: tensor<16xf32>, %n: i64, %m: i64, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<?x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %0 = pto_rt.scope auto -> (tensor<?x16xf32>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %r = scf.for %i = %c0 to %M step %c16 iter_args(%acc = %y) -> (tensor<?x16xf32>) {
      %1 = pto_rt.scope auto -> (tensor<?x16xf32>) {
        %acc1 = pto_orch.call @k(in %x, scalar %n, inout %acc) : (tensor<?x16xf32>, i64, tensor<?x16xf32>) -> tensor<?x16xf32>
        pto_rt.yield %acc1 : tensor<?x16xf32>
      }
      scf.yield %1 : tensor<?x16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
    pto_rt.yield %r : tensor<?x16xf32>
  }
  func.return %0 : tensor<?x16xf32>
}
// %sel is a variable assigned in the branches: declared before the if as a copy of the
// first tensor parameter %p, which is declared for that alone.
// CHECK-LABEL: func.func @placeholder(
// CHECK-SAME:    pto_orch.declared_params = array<i64: 0, 1, 2, 4, 3>, pto_orch.declared_dims = []}
// CPP-LABEL: // ===== orchestration/placeholder.cpp =====
// CPP:           Tensor sel = ext_p;
func.func @placeholder(%p: tensor<16xf32>, %a: tensor<16xf32>, %b: tensor<16xf32>, %c: i1, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %0 = pto_rt.scope auto -> (tensor<16xf32>) {
    %sel = scf.if %c -> (tensor<16xf32>) {
      pto_rt.scope auto {
      }
      scf.yield %a : tensor<16xf32>
    } else {
      pto_rt.scope auto {
      }
      scf.yield %b : tensor<16xf32>
    }
    %o = pto_orch.call @t(in %sel, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o : tensor<16xf32>
  }
  func.return %0 : tensor<16xf32>
}
// In the first manual scope: %x (init %out) and %v (init %w, which prints as %tmp, allocated
// before the header) are declared with their initial value; %n's init %s2 is computed inside
// the scope, so %n is declared without one; the read if result %sel is hoisted too. In the
// second, %k's init is the first scope's %cnt, i.e. the variable %n hoisted before the first
// header: declared without a value, assigned inside.
// CHECK-LABEL: func.func @manual(
// CHECK-SAME:    pto_orch.declared_params = array<i64: 0, 1, 3, 2, 4>, pto_orch.declared_dims = []}
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true, true, true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0, 0, 0>, pto_orch.hoisted = array<i64: 0, 1, 2>, pto_orch.hoisted_with_init = array<i64: 0, 2>}
// CHECK:         }{pto_orch.hoisted = array<i64: 0>}
// CHECK:         } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>, pto_orch.hoisted = array<i64: 0>}
// CPP-LABEL: // ===== orchestration/manual.cpp =====
// CPP:               Tensor x = ext_out;
// CPP-NEXT:          int64_t n;
// CPP-NEXT:          Tensor v = tmp;
// CPP-NEXT:          Tensor sel = ext_a;
// CPP-NEXT:          PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP:                   n = (int64_t)((uint64_t)s + (uint64_t)s);
// CPP:               int64_t k;
// CPP-NEXT:          PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP-NEXT:              k = n;
func.func @manual(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1, %d: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: i64) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %0 = pto_rt.scope auto -> (tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tmp, %alloc = pto_tensor.alloc_tensors {
      %1 = pto_tensor.create : tensor<16xf32>
      pto_tensor.yield %1 : tensor<16xf32>
    } : tensor<16xf32>
    %res, %res_1, %res_2, %x1_tid, %w_tid = pto_rt.scope manual -> (tensor<16xf32>, i64, tensor<16xf32>, !pto_orch.task_id, !pto_orch.task_id) {
      %w, %w_tid_1 = pto_orch.submit @t(in %a, out %tmp) compiler_deps(%alloc : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %s2 = arith.addi %s, %s : i64
      %none = pto_system.task_invalid
      %known, %cnt, %late, %x1_tid_1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %out, %n = %s2, %v = %w, %x1_tid_2 = %none) -> (tensor<16xf32>, i64, tensor<16xf32>, !pto_orch.task_id) {
        %x1, %x1_tid_3 = pto_orch.submit @t(in %v, inout %x) compiler_deps(%x1_tid_2, %alloc : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        %n1 = arith.addi %n, %n : i64
        scf.yield %v, %n1, %x1, %x1_tid_3 : tensor<16xf32>, i64, tensor<16xf32>, !pto_orch.task_id
      } {pto_orch.iter_arg_rebind = array<i1: true, true, true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0, 0, 0>}
      %sel = scf.if %c -> (tensor<16xf32>) {
        scf.yield %known : tensor<16xf32>
      } else {
        scf.yield %late : tensor<16xf32>
      }
      pto_rt.yield %sel, %cnt, %late, %x1_tid_1, %w_tid_1 : tensor<16xf32>, i64, tensor<16xf32>, !pto_orch.task_id, !pto_orch.task_id
    }
    %o = pto_orch.call @t(in %res, out %d) compiler_deps(%x1_tid, %w_tid : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %again = pto_rt.scope manual -> (i64) {
      %k2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%k = %res_1) -> (i64) {
        scf.yield %k : i64
      } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
      pto_rt.yield %k2 : i64
    }
    %o2 = pto_orch.call @u(in %res, scalar %again, inout %o) compiler_deps(%x1_tid, %w_tid : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, i64, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o2 : tensor<16xf32>
  }
  func.return %0 : tensor<16xf32>
}
