// An scf.if whose two branches write a loop carry in place, each with another kernel (issue 25,
// item 6): classify-iter-arg-carry plans the carry without rebind (both branches yield the
// carry's own buffer), and the printer follows the plan:
//  - @in_place: the if result is the carry's buffer, printed as its name (ext_acc): no
//    variable, nothing assigned in the branches or at the loop's yield, and a use after the
//    loop names it too;
//  - @hoisted: the if sits directly in a manual scope that yields its result, so its variable
//    is declared before the manual header (`Tensor s = ext_a;`, assigned in both branches);
//    the loop's yield of that variable assigns nothing (it holds the carry's buffer).
// Before, both were "the plan is stale" at the loop. Executed: tests/test_if_in_place_carry.py.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k_add aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_sub aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>) -> tensor<16x16xf32>

// CHECK-LABEL:// ===== orchestration/in_place.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = 0; i < n; i += 1) {
// CHECK-NEXT:            if (arith_remui_i64(i, 2) == 0) {
// CHECK-NEXT:                // Task 0: k_add
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_a);
// CHECK-NEXT:                params_t0.add_inout(ext_acc);
// CHECK-NEXT:                params_t0.add_scalar(to_u64(w));
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:            } else {
// CHECK-NEXT:                // Task 1: k_sub
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_input(ext_a);
// CHECK-NEXT:                params_t1.add_inout(ext_acc);
// CHECK-NEXT:                params_t1.add_scalar(to_u64(w));
// CHECK-NEXT:                rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_add
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_a);
// CHECK-NEXT:        params_t2.add_inout(ext_acc);
// CHECK-NEXT:        params_t2.add_scalar(to_u64(w));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @in_place(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %w: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope auto {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc_i = %acc) -> (tensor<16x16xf32>) {
      %rem = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %rem, %c0 : index
      %acc2 = scf.if %even -> (tensor<16x16xf32>) {
        %x = pto_orch.call @k_add(in %a, scalar %w, inout %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %x : tensor<16x16xf32>
      } else {
        %y = pto_orch.call @k_sub(in %a, scalar %w, inout %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %y : tensor<16x16xf32>
      }
      scf.yield %acc2 : tensor<16x16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
    %z = pto_orch.call @k_add(in %a, scalar %w, inout %r) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// CHECK-LABEL:// ===== orchestration/hoisted.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = 0; i < n; i += 1) {
// CHECK-NEXT:            Tensor s = ext_a;
// CHECK-NEXT:            PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                if (arith_remui_i64(i, 2) == 0) {
// CHECK-NEXT:                    // Task 0: k_add
// CHECK-NEXT:                    Arg params_t0;
// CHECK-NEXT:                    params_t0.add_input(ext_a);
// CHECK-NEXT:                    params_t0.add_inout(ext_acc);
// CHECK-NEXT:                    params_t0.add_scalar(to_u64(w));
// CHECK-NEXT:                    rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:                    s = ext_acc;
// CHECK-NEXT:                } else {
// CHECK-NEXT:                    // Task 1: k_sub
// CHECK-NEXT:                    Arg params_t1;
// CHECK-NEXT:                    params_t1.add_input(ext_a);
// CHECK-NEXT:                    params_t1.add_inout(ext_acc);
// CHECK-NEXT:                    params_t1.add_scalar(to_u64(w));
// CHECK-NEXT:                    rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:                    s = ext_acc;
// CHECK-NEXT:                }
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @hoisted(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %w: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope auto {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc_i = %acc) -> (tensor<16x16xf32>) {
      %rem = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %rem, %c0 : index
      %acc2 = pto_rt.scope manual -> (tensor<16x16xf32>) {
        %s = scf.if %even -> (tensor<16x16xf32>) {
          %x, %tx = pto_orch.submit @k_add(in %a, scalar %w, inout %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
          scf.yield %x : tensor<16x16xf32>
        } else {
          %y, %ty = pto_orch.submit @k_sub(in %a, scalar %w, inout %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
          scf.yield %y : tensor<16x16xf32>
        }
        pto_rt.yield %s : tensor<16x16xf32>
      }
      scf.yield %acc2 : tensor<16x16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
  }
  func.return
}
