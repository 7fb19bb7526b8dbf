// pto_orch.parallel TaskId array carries (PyPTO's orchestration codegen document, "pl.parallel TaskId iter_arg 的 array
// carry"; rule 7). The carry plan (`pto_orch.iter_arg_array_size`, as classify-iter-arg-carry
// stamps it) makes the TaskId carry of a parallel loop in a manual scope an array of N slots:
//  - @broadcast: the result array is initialised by broadcasting the scalar init; inside the
//    body the iter_arg is the init (one edge, unguarded: a fresh TaskId); each iteration
//    writes slot `arr[i]` (start 0, step 1); the consumer after the loop depends on all N
//    slots, each guarded;
//  - @strided: start 2, step 3: the slot is `arr[(b - 2) / 3]`; an iteration that yields its
//    iter_arg unchanged keeps the init's TaskId in its slot;
//  - @nested: sequential loops around the parallel one inherit N: the outer array is
//    broadcast from the None seed, the middle one slot-copied from the outer, each copied
//    slot by slot at its yield; the parallel body depends on all slots of the middle array;
//  - @survives: the manual scope is in the body of a sequential loop outside it (the shape
//    of the document's issue #1811): the parallel loop's result array leaves the manual
//    scope, so it is declared before the header and survives the block's exit, and the outer
//    yield (in the body's auto scope) copies it slot by slot.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @ks aiv (in tensor<64x16xf32>, in index, out tensor<64x16xf32>) -> tensor<64x16xf32>

func.func @broadcast(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %o0, %t0 = pto_orch.submit @ks(in %d, scalar %c0, out %o) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
    %ob, %tids = scf.for %i = %c0 to %c4 step %c1 iter_args(%oi = %o0, %prev = %t0) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %o1, %t = pto_orch.submit @ks(in %d, scalar %i, out %oi) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
      scf.yield %o1, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 4>}
    %o2, %t2 = pto_orch.submit @ks(in %d, scalar %c4, out %ob) deps(%tids : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
  }
  func.return
}

func.func @strided(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c11 = arith.constant 11 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tids = scf.for %b = %c2 to %c11 step %c3 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %skip = arith.cmpi eq, %b, %m : index
      %t_out = scf.if %skip -> (!pto_orch.task_id) {
        scf.yield %prev : !pto_orch.task_id
      } else {
        %o1, %t = pto_orch.submit @ks(in %d, scalar %b, out %o) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
        scf.yield %t : !pto_orch.task_id
      }
      scf.yield %t_out : !pto_orch.task_id
    } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 3>}
    %b2 = pto_system.task_dummy deps(%tids : !pto_orch.task_id)
  }
  func.return
}

func.func @nested(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %t_outer = scf.for %p = %c0 to %c2 step %c1 iter_args(%prev_p = %none) -> (!pto_orch.task_id) {
      %t_mid = scf.for %q = %c0 to %c2 step %c1 iter_args(%prev_q = %prev_p) -> (!pto_orch.task_id) {
        %t_in = scf.for %b = %c0 to %c2 step %c1 iter_args(%prev_b = %prev_q) -> (!pto_orch.task_id) {
          %o1, %t = pto_orch.submit @ks(in %d, scalar %b, out %o) deps(%prev_b : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
          scf.yield %t : !pto_orch.task_id
        } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
        scf.yield %t_in : !pto_orch.task_id
      } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
      scf.yield %t_mid : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
  }
  func.return
}

func.func @survives(%d: tensor<64x16xf32>, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %none = pto_system.task_invalid
  pto_rt.scope auto {
    %t_f = scf.for %p = %c0 to %c3 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %r = pto_rt.scope auto -> (!pto_orch.task_id) {
        %m = pto_rt.scope manual -> (!pto_orch.task_id) {
          %tb = scf.for %b = %c0 to %c2 step %c1 iter_args(%pb = %prev) -> (!pto_orch.task_id) {
            %o2, %t = pto_orch.submit @ks(in %d, scalar %b, out %o) deps(%pb : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
            scf.yield %t : !pto_orch.task_id
          } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
          pto_rt.yield %tb : !pto_orch.task_id
        }
        pto_rt.yield %m : !pto_orch.task_id
      }
      scf.yield %r : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
    %o3, %t3 = pto_orch.submit @ks(in %d, scalar %c0, out %o) deps(%t_f : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<64x16xf32>) -> tensor<64x16xf32>
  }
  func.return
}

// CHECK:// ===== orchestration/broadcast.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: ks
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_d);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)0);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t0 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2TaskId tids[4];
// CHECK-NEXT:        for (int64_t i1 = 0; i1 < 4; ++i1)
// CHECK-NEXT:            tids[i1] = t0;
// CHECK-NEXT:        for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT:            // Task 1: ks
// CHECK-NEXT:            Arg params_t1;
// CHECK-NEXT:            params_t1.add_input(ext_d);
// CHECK-NEXT:            params_t1.add_output(ext_o);
// CHECK-NEXT:            params_t1.add_scalar((uint64_t)i);
// CHECK-NEXT:            PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:            uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = t0;
// CHECK-NEXT:            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:            PTO2TaskId t = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            tids[i] = t;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: ks
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_d);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)4);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[4];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 4; ++k) {
// CHECK-NEXT:            if (tids[k].is_valid())
// CHECK-NEXT:                params_t2_deps[params_t2_deps_count++] = tids[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/strided.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } m_conv;
// CHECK-NEXT:    m_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t m = m_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId tids[3];
// CHECK-NEXT:        for (int64_t i = 0; i < 3; ++i)
// CHECK-NEXT:            tids[i] = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t b = 2; b < 11; b += 3) {
// CHECK-NEXT:            PTO2TaskId t_out;
// CHECK-NEXT:            if (b == m) {
// CHECK-NEXT:                t_out = PTO2TaskId::invalid();
// CHECK-NEXT:            } else {
// CHECK-NEXT:                // Task 0: ks
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_d);
// CHECK-NEXT:                params_t0.add_output(ext_o);
// CHECK-NEXT:                params_t0.add_scalar((uint64_t)b);
// CHECK-NEXT:                PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:                uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:                if (PTO2TaskId::invalid().is_valid()) params_t0_deps[params_t0_deps_count++] = PTO2TaskId::invalid();
// CHECK-NEXT:                params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:                TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                t_out = t;
// CHECK-NEXT:            }
// CHECK-EMPTY:
// CHECK-NEXT:            tids[(b - 2) / 3] = t_out;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: dummy barrier
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        PTO2TaskId params_t1_deps[3];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 3; ++k) {
// CHECK-NEXT:            if (tids[k].is_valid())
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = tids[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        if (params_t1_deps_count > 0) {
// CHECK-NEXT:            rt_submit_dummy_task(params_t1);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/nested.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId prev_p[2];
// CHECK-NEXT:        for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:            prev_p[i] = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t p = 0; p < 2; p += 1) {
// CHECK-NEXT:            PTO2TaskId prev_q[2];
// CHECK-NEXT:            for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                prev_q[i] = prev_p[i];
// CHECK-NEXT:            for (int64_t q = 0; q < 2; q += 1) {
// CHECK-NEXT:                PTO2TaskId t_in[2];
// CHECK-NEXT:                for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                    t_in[i] = prev_q[i];
// CHECK-NEXT:                for (int64_t b = 0; b < 2; b += 1) {
// CHECK-NEXT:                    // Task 0: ks
// CHECK-NEXT:                    Arg params_t0;
// CHECK-NEXT:                    params_t0.add_input(ext_d);
// CHECK-NEXT:                    params_t0.add_output(ext_o);
// CHECK-NEXT:                    params_t0.add_scalar((uint64_t)b);
// CHECK-NEXT:                    PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:                    uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:                    for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:                        if (prev_q[k].is_valid())
// CHECK-NEXT:                            params_t0_deps[params_t0_deps_count++] = prev_q[k];
// CHECK-NEXT:                    }
// CHECK-NEXT:                    params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:                    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                    PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                    t_in[b] = t;
// CHECK-NEXT:                }
// CHECK-EMPTY:
// CHECK-NEXT:                for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                    prev_q[i] = t_in[i];
// CHECK-NEXT:            }
// CHECK-EMPTY:
// CHECK-NEXT:            for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                prev_p[i] = prev_q[i];
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/survives.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_d = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        PTO2TaskId prev[2];
// CHECK-NEXT:        for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:            prev[i] = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t p = 0; p < 3; p += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                PTO2TaskId tb[2];
// CHECK-NEXT:                PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                    for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                        tb[i] = prev[i];
// CHECK-NEXT:                    for (int64_t b = 0; b < 2; b += 1) {
// CHECK-NEXT:                        // Task 0: ks
// CHECK-NEXT:                        Arg params_t0;
// CHECK-NEXT:                        params_t0.add_input(ext_d);
// CHECK-NEXT:                        params_t0.add_output(ext_o);
// CHECK-NEXT:                        params_t0.add_scalar((uint64_t)b);
// CHECK-NEXT:                        PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:                        uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:                        for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:                            if (prev[k].is_valid())
// CHECK-NEXT:                                params_t0_deps[params_t0_deps_count++] = prev[k];
// CHECK-NEXT:                        }
// CHECK-NEXT:                        params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:                        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                        PTO2TaskId t = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                        tb[b] = t;
// CHECK-NEXT:                    }
// CHECK-EMPTY:
// CHECK-NEXT:                    for (int64_t i = 0; i < 2; ++i)
// CHECK-NEXT:                        prev[i] = tb[i];
// CHECK-NEXT:                }
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: ks
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_d);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)0);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (int64_t k = 0; k < 2; ++k) {
// CHECK-NEXT:            if (prev[k].is_valid())
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = prev[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
