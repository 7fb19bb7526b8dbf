// The argument-pack options of a task (docs/targets/pto2-cpp.md, "Task options"): after the
// add_* lines, `dump(...)` (tensors, a runtime-allocated output's TensorCreateInfo, scalars
// as named lvalues), then the launch spec (`set_block_num`, a value cast to int16_t;
// `set_require_sync_start(true)`) and `set_allow_early_resolve(true)`, then the deps and the
// submit; for aic, aiv and group (MixedKernels) kernels, with the TaskId captured as usual.
// RUN: pypto-opt --split-input-file -p pto2-pipeline -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s
// RUN: pypto-opt --split-input-file -p 'pto2-pipeline{analyze-auto-scopes=true}' -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @proj aic (in tensor<16x64xf32>, in tensor<64x64xf32>, out tensor<16x64xf32>, in i64) -> tensor<16x64xf32>
pto_orch.kernel @norm aiv (in tensor<16x64xf32>, in f32, out tensor<16x64xf32>) -> tensor<16x64xf32>
pto_orch.kernel @cube aic (in tensor<16x64xf32>, out tensor<16x64xf32>) -> tensor<16x64xf32>
pto_orch.kernel @vec aiv (in tensor<16x64xf32>, out tensor<16x64xf32>) -> tensor<16x64xf32>
pto_orch.kernel @make aic (in tensor<16x64xf32>, in i64, out tensor<16x64xf32>) -> tensor<16x64xf32>
pto_orch.kernel @fused group<@cube, @vec> (in tensor<16x64xf32>, out tensor<16x64xf32>) -> tensor<16x64xf32>

func.func @spmd(%x: tensor<16x64xf32>, %w: tensor<64x64xf32>, %y: tensor<16x64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %b0: i64, %n: index, %eps: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %q = pto_tensor.create : tensor<16x64xf32>
  %q1 = pto_orch.call @proj(in %x, in %w, out %q, scalar %b0) launch(20) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<16x64xf32>, i64) -> tensor<16x64xf32>
  %c2 = arith.constant 2 : index
  %half = arith.divui %n, %c2 : index
  %y1, %t1 = pto_orch.submit @norm(in %q1, scalar %eps, out %y) launch(%half : index, sync_start) early_resolve : (tensor<16x64xf32>, f32, tensor<16x64xf32>) -> tensor<16x64xf32>
  %y2 = pto_orch.call @fused(in %x, out %y1) launch(%n : index) dump [0, 1] : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = pto_orch.call @make(in %x, scalar %b0) dump [2, 1] : (tensor<16x64xf32>, i64) -> tensor<16x64xf32>
  %one = arith.constant 1 : i64
  %b1 = arith.addi %b0, %one : i64
  %y3 = pto_orch.call @proj(in %r, in %w, out %y2, scalar %b1) early_resolve dump [3] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<16x64xf32>, i64) -> tensor<16x64xf32>
  func.return
}

// CHECK:        // Task 0: proj
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_x);
// CHECK-NEXT:        params_t0.add_input(ext_w);
// CHECK-NEXT:        params_t0.add_output(q);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)b0);
// CHECK-NEXT:        params_t0.launch_spec.set_block_num(20);
// CHECK-NEXT:        rt_submit_aic_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: norm
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(q);
// CHECK-NEXT:        params_t1.add_output(ext_y);
// CHECK-NEXT:        params_t1.add_scalar(to_u64(eps));
// CHECK-NEXT:        params_t1.launch_spec.set_block_num((int16_t)arith_divui_i64(n, 2));
// CHECK-NEXT:        params_t1.launch_spec.set_require_sync_start(true);
// CHECK-NEXT:        params_t1.set_allow_early_resolve(true);
// CHECK-NEXT:        TaskOutputTensors task_1_outs = rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:        PTO2TaskId t1 = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: fused
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_x);
// CHECK-NEXT:        params_t2.add_output(ext_y);
// CHECK-NEXT:        params_t2.dump(ext_x, ext_y);
// CHECK-NEXT:        params_t2.launch_spec.set_block_num((int16_t)n);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        params_t2_deps[params_t2_deps_count++] = t1;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        MixedKernels mixed_2 = {2, 3, INVALID_KERNEL_ID};
// CHECK-NEXT:        TaskOutputTensors task_2_outs = rt_submit_task(mixed_2, params_t2);
// CHECK-NEXT:        PTO2TaskId y2_tid = task_2_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: make
// CHECK-NEXT:        uint32_t r_ci_shapes[2] = {16, 64};
// CHECK-NEXT:        TensorCreateInfo r_ci(r_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(ext_x);
// CHECK-NEXT:        params_t3.add_output(r_ci);
// CHECK-NEXT:        params_t3.add_scalar(b0);
// CHECK-NEXT:        params_t3.dump(r_ci, b0);
// CHECK-NEXT:        TaskOutputTensors task_3_outs = rt_submit_aic_task(4, params_t3);
// CHECK-NEXT:        const Tensor& r = task_3_outs.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: proj
// CHECK-NEXT:        int64_t params_t4_arg3 = (int64_t)((uint64_t)b0 + 1);
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(r);
// CHECK-NEXT:        params_t4.add_input(ext_w);
// CHECK-NEXT:        params_t4.add_output(ext_y);
// CHECK-NEXT:        params_t4.add_scalar(params_t4_arg3);
// CHECK-NEXT:        params_t4.dump(params_t4_arg3);
// CHECK-NEXT:        params_t4.set_allow_early_resolve(true);
// CHECK-NEXT:        PTO2TaskId params_t4_deps[1];
// CHECK-NEXT:        uint32_t params_t4_deps_count = 0;
// CHECK-NEXT:        params_t4_deps[params_t4_deps_count++] = y2_tid;
// CHECK-NEXT:        params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
// CHECK-NEXT:        rt_submit_aic_task(0, params_t4);

// -----

// In a manual scope and a loop: the options come before the deps array; a block count that is
// the loop's induction variable is cast.
pto_orch.kernel @lane aiv (in tensor<16x64xf32>, out tensor<16x64xf32>) -> tensor<16x64xf32>

func.func @in_manual(%x: tensor<16x64xf32>, %y: tensor<16x64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %yf, %tf = scf.for %i = %c1 to %m step %c1 iter_args(%yc = %y, %tc = %none) -> (tensor<16x64xf32>, !pto_orch.task_id) {
    %yn, %tn = pto_rt.scope manual -> (tensor<16x64xf32>, !pto_orch.task_id) {
      %y1, %t = pto_orch.submit @lane(in %x, out %yc) launch(%i : index, sync_start) early_resolve dump [1] deps(%tc : !pto_orch.task_id) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
      pto_rt.yield %y1, %t : tensor<16x64xf32>, !pto_orch.task_id
    }
    scf.yield %yn, %tn : tensor<16x64xf32>, !pto_orch.task_id
  }
  func.return
}

// CHECK:                    // Task 0: lane
// CHECK-NEXT:                    Arg params_t0;
// CHECK-NEXT:                    params_t0.add_input(ext_x);
// CHECK-NEXT:                    params_t0.add_output(ext_y);
// CHECK-NEXT:                    params_t0.dump(ext_y);
// CHECK-NEXT:                    params_t0.launch_spec.set_block_num((int16_t)i);
// CHECK-NEXT:                    params_t0.launch_spec.set_require_sync_start(true);
// CHECK-NEXT:                    params_t0.set_allow_early_resolve(true);
// CHECK-NEXT:                    PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:                    uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:                    if (tc.is_valid()) params_t0_deps[params_t0_deps_count++] = tc;
// CHECK-NEXT:                    params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:                    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                    PTO2TaskId t = task_0_outs.task_id();
