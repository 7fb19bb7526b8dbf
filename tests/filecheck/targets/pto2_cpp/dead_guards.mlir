// No guard whose condition is a constant (pypto_dialects/task_id_folds.py): a dependency on
// the invalid TaskId is no edge and is dropped, not printed as
// `if (PTO2TaskId::invalid().is_valid()) ...` (canonicalize in pto2-pipeline, and the target's
// normalisation of input printed without it); a barrier waiting only for the invalid TaskId
// is never submitted and its TaskId is invalid (it becomes pto_system.task_invalid); a
// barrier waiting for a TaskId that is never invalid (a submit's, directly or through a scope
// result) is submitted without the `deps_count > 0` test and its TaskId is unguarded
// (plan-cpp-declarations' `pto_orch.always_submitted`); `pto_system.task_is_valid` of a
// TaskId known invalid or valid is a constant, and canonicalize folds the `scf.if` on it.
// Nothing in this file may be invalid at run time: no `is_valid()` and no count test at all.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=NONE
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=NONE
// NONE-NOT: .is_valid()
// NONE-NOT: _count > 0

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @seeds(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %nothing = pto_system.task_dummy deps(%none, %none : !pto_orch.task_id, !pto_orch.task_id)
    %join = pto_system.task_dummy deps(%none, %t0 : !pto_orch.task_id, !pto_orch.task_id)
    %o1, %t1 = pto_orch.submit @k(in %a, out %o) deps(%nothing, %join : !pto_orch.task_id, !pto_orch.task_id) compiler_deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: // ===== orchestration/seeds.cpp =====
// CHECK:            // Task 0: k
// CHECK-NEXT:       Arg params_t0;
// CHECK-NEXT:       params_t0.add_input(ext_a);
// CHECK-NEXT:       params_t0.add_output(ext_o);
// CHECK-NEXT:       TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:       PTO2TaskId t0 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:       // Task 1: dummy barrier
// CHECK-NEXT:       Arg params_t1;
// CHECK-NEXT:       PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:       uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:       params_t1_deps[params_t1_deps_count++] = t0;
// CHECK-NEXT:       params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:       TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:       PTO2TaskId join = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:       // Task 2: k
// CHECK-NEXT:       Arg params_t2;
// CHECK-NEXT:       params_t2.add_input(ext_a);
// CHECK-NEXT:       params_t2.add_output(ext_o);
// CHECK-NEXT:       PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:       uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:       params_t2_deps[params_t2_deps_count++] = join;
// CHECK-NEXT:       params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:       rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:   }

func.func @scope_result(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope manual -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %t : !pto_orch.task_id
  }
  pto_rt.scope manual {
    %b = pto_system.task_dummy deps(%r : !pto_orch.task_id)
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%b : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: // ===== orchestration/scope_result.cpp =====
// CHECK:        PTO2TaskId r = PTO2TaskId::invalid();
// CHECK:            r = t{{(_1)?}};
// CHECK:            // Task 1: dummy barrier
// CHECK-NEXT:       Arg params_t1;
// CHECK-NEXT:       PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:       uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:       params_t1_deps[params_t1_deps_count++] = r;
// CHECK-NEXT:       params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:       TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:       PTO2TaskId b = task_1_outs.task_id();
// CHECK:            params_t2_deps[params_t2_deps_count++] = b;

func.func @known_tests(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %never = pto_system.task_is_valid %none
    scf.if %never {
      %o2 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    %always = pto_system.task_is_valid %t
    scf.if %always {
      %o3, %t3 = pto_orch.submit @k(in %o1, out %o) deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
// CHECK-LABEL: // ===== orchestration/known_tests.cpp =====
// CHECK:             TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_o);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = t;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
