// The C++ of a loop whose tasks the user chains with explicit deps, in a user manual scope,
// then an AUTO task writing the same buffer (tests/execution/user_dep_chains.mlir @manual_loop,
// which tests/test_user_dep_chains.py runs): order-untracked-hazards carries the last
// iteration's TaskId out of the loop and the scope (it implies every earlier one through the
// user's chain), and @bump waits for it, guarded: with no iteration it is still invalid.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<64x16xf32>) -> tensor<64x16xf32>
func.func @manual_loop(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yr, %last = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %yr : tensor<64x16xf32>
  }
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        PTO2TaskId t = PTO2TaskId::invalid();
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:            PTO2TaskId prev = PTO2TaskId::invalid();
// CHECK-NEXT:            PTO2TaskId t_1 = PTO2TaskId::invalid();
// CHECK-NEXT:            for (int64_t i = 0; i < n; i += 1) {
// CHECK-NEXT:                int64_t row = (int64_t)((uint64_t)i * 16);
// CHECK-NEXT:                uint32_t dst_shapes[2] = {16, 16};
// CHECK-NEXT:                uint32_t dst_offsets[2] = {(uint32_t)row, 0};
// CHECK-NEXT:                Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 0: stripe
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_x);
// CHECK-NEXT:                params_t0.add_inout(dst);
// CHECK-NEXT:                params_t0.add_scalar((uint64_t)row);
// CHECK-NEXT:                PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:                uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:                if (prev.is_valid()) params_t0_deps[params_t0_deps_count++] = prev;
// CHECK-NEXT:                params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:                TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                PTO2TaskId t_2 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                prev = t_2;
// CHECK-NEXT:                t_1 = t_2;
// CHECK-NEXT:            }
// CHECK-EMPTY:
// CHECK-NEXT:            t = t_1;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: bump
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_inout(ext_y);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        if (t.is_valid()) params_t1_deps[params_t1_deps_count++] = t;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
