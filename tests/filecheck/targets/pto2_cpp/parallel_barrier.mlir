// The C++ of a barrier after a pto_orch.parallel loop that waits for every iteration (issue 25,
// class 3; classify-iter-arg-carry makes the loop's TaskId an array in every scope):
//  - @body_manual: a manual scope in the loop body: the array is declared before the loop and
//    each iteration's slot is assigned inside its own manual block;
//  - @through_if: the loop's TaskId leaves through an scf.if result: a barrier on the array is
//    submitted inside the branch's scope (where the array lives), and the if result is its id;
//  - @dynamic: a trip count the compiler does not know: each iteration submits a barrier on the
//    carry and its task, and the carry is that barrier. The barrier is submitted in the
//    iteration's own scope: after it, every iteration added one task to the scope around the
//    loop, the runtime's fatal "scope deadlock" past 16383 iterations (found by a breaker
//    session).
// Executed (outputs, exact edges): tests/test_parallel_barrier.py.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

// CHECK-LABEL:// ===== orchestration/body_manual.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        PTO2TaskId tids[4];
// CHECK-NEXT:        for (int64_t i = 0; i < 4; ++i)
// CHECK-NEXT:            tids[i] = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t b = 0; b < 4; b += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                    int64_t row = (int64_t)((uint64_t)b * 16);
// CHECK-NEXT:                    uint32_t dst_shapes[2] = {16, 16};
// CHECK-NEXT:                    uint32_t dst_offsets[2] = {(uint32_t)row, 0};
// CHECK-NEXT:                    Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:                    // Task 0: stripe
// CHECK-NEXT:                    Arg params_t0;
// CHECK-NEXT:                    params_t0.add_input(ext_x);
// CHECK-NEXT:                    params_t0.add_inout(dst);
// CHECK-NEXT:                    params_t0.add_scalar((uint64_t)row);
// CHECK-NEXT:                    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                    PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                    tids[b] = t;
// CHECK-NEXT:                }
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: dummy barrier
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        PTO2TaskId params_t1_deps[4];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 4; ++k) {
// CHECK-NEXT:            if (tids[k].is_valid())
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = tids[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        PTO2TaskId barrier = PTO2TaskId::invalid();
// CHECK-NEXT:        if (params_t1_deps_count > 0) {
// CHECK-NEXT:            TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:            barrier = task_1_outs.task_id();
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: reduce
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_no_dep(ext_y);
// CHECK-NEXT:        params_t2.add_output(ext_s);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (barrier.is_valid()) params_t2_deps[params_t2_deps_count++] = barrier;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @body_manual(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/through_if.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        Tensor yf = ext_x;
// CHECK-NEXT:        PTO2TaskId tids;
// CHECK-NEXT:        if (mode != 0) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                PTO2TaskId tl[4];
// CHECK-NEXT:                for (int64_t i = 0; i < 4; ++i)
// CHECK-NEXT:                    tl[i] = PTO2TaskId::invalid();
// CHECK-NEXT:                for (int64_t b = 0; b < 4; b += 1) {
// CHECK-NEXT:                    PTO2_SCOPE() {
// CHECK-NEXT:                        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                            int64_t row = (int64_t)((uint64_t)b * 16);
// CHECK-NEXT:                            uint32_t dst_shapes[2] = {16, 16};
// CHECK-NEXT:                            uint32_t dst_offsets[2] = {(uint32_t)row, 0};
// CHECK-NEXT:                            Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:                            // Task 0: stripe
// CHECK-NEXT:                            Arg params_t0;
// CHECK-NEXT:                            params_t0.add_input(ext_x);
// CHECK-NEXT:                            params_t0.add_inout(dst);
// CHECK-NEXT:                            params_t0.add_scalar((uint64_t)row);
// CHECK-NEXT:                            TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                            PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                            tl[b] = t;
// CHECK-NEXT:                        }
// CHECK-NEXT:                    }
// CHECK-NEXT:                }
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 1: dummy barrier
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                PTO2TaskId params_t1_deps[4];
// CHECK-NEXT:                uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:                for (int64_t k = 0; k < 4; ++k) {
// CHECK-NEXT:                    if (tl[k].is_valid())
// CHECK-NEXT:                        params_t1_deps[params_t1_deps_count++] = tl[k];
// CHECK-NEXT:                }
// CHECK-NEXT:                params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:                PTO2TaskId tl_all = PTO2TaskId::invalid();
// CHECK-NEXT:                if (params_t1_deps_count > 0) {
// CHECK-NEXT:                    TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:                    tl_all = task_1_outs.task_id();
// CHECK-NEXT:                }
// CHECK-EMPTY:
// CHECK-NEXT:                yf = ext_y;
// CHECK-NEXT:                tids = tl_all;
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                yf = ext_y;
// CHECK-NEXT:                tids = PTO2TaskId::invalid();
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: dummy barrier
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (tids.is_valid()) params_t2_deps[params_t2_deps_count++] = tids;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        PTO2TaskId barrier = PTO2TaskId::invalid();
// CHECK-NEXT:        if (params_t2_deps_count > 0) {
// CHECK-NEXT:            TaskOutputTensors task_2_outs = rt_submit_dummy_task(params_t2);
// CHECK-NEXT:            barrier = task_2_outs.task_id();
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: reduce
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_no_dep(yf);
// CHECK-NEXT:        params_t3.add_output(ext_s);
// CHECK-NEXT:        PTO2TaskId params_t3_deps[1];
// CHECK-NEXT:        uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:        if (barrier.is_valid()) params_t3_deps[params_t3_deps_count++] = barrier;
// CHECK-NEXT:        params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @through_if(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %mode: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %on = arith.cmpi ne, %mode, %c0 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.if %on -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %yl, %tl = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
        %row = arith.muli %b, %c16 : index
        %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
        %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
        %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
        pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
      }
      scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    scf.yield %yl, %tl : tensor<64x16xf32>, !pto_orch.task_id
  } else {
    scf.yield %y, %none : tensor<64x16xf32>, !pto_orch.task_id
  }
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/dynamic.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        PTO2TaskId prev = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t b = 0; b < n; b += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                PTO2TaskId t2 = PTO2TaskId::invalid();
// CHECK-NEXT:                PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                    int64_t row = (int64_t)((uint64_t)b * 16);
// CHECK-NEXT:                    uint32_t dst_shapes[2] = {16, 16};
// CHECK-NEXT:                    uint32_t dst_offsets[2] = {(uint32_t)row, 0};
// CHECK-NEXT:                    Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:                    // Task 0: stripe
// CHECK-NEXT:                    Arg params_t0;
// CHECK-NEXT:                    params_t0.add_input(ext_x);
// CHECK-NEXT:                    params_t0.add_inout(dst);
// CHECK-NEXT:                    params_t0.add_scalar((uint64_t)row);
// CHECK-NEXT:                    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                    PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                    t2 = t;
// CHECK-NEXT:                }
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 1: dummy barrier
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:                uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:                if (prev.is_valid()) params_t1_deps[params_t1_deps_count++] = prev;
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = t2;
// CHECK-NEXT:                params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:                TaskOutputTensors task_1_outs = rt_submit_dummy_task(params_t1);
// CHECK-NEXT:                PTO2TaskId prev_all = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                prev = prev_all;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: dummy barrier
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (prev.is_valid()) params_t2_deps[params_t2_deps_count++] = prev;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        PTO2TaskId barrier = PTO2TaskId::invalid();
// CHECK-NEXT:        if (params_t2_deps_count > 0) {
// CHECK-NEXT:            TaskOutputTensors task_2_outs = rt_submit_dummy_task(params_t2);
// CHECK-NEXT:            barrier = task_2_outs.task_id();
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: reduce
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_no_dep(ext_y);
// CHECK-NEXT:        params_t3.add_output(ext_s);
// CHECK-NEXT:        PTO2TaskId params_t3_deps[1];
// CHECK-NEXT:        uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:        if (barrier.is_valid()) params_t3_deps[params_t3_deps_count++] = barrier;
// CHECK-NEXT:        params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @dynamic(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %none = pto_system.task_invalid
  %yf, %tids = scf.for %b = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
    %y2, %t2 = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y3 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      pto_rt.yield %y3, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    scf.yield %y2, %t2 : tensor<64x16xf32>, !pto_orch.task_id
  } {pto_orch.parallel}
  %barrier = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  %a, %ta = pto_orch.submit @reduce(no_dep %yf, out %s) deps(%barrier : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
