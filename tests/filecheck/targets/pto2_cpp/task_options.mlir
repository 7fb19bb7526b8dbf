// The argument-pack options of a task (docs/targets/pto2-cpp.md, "Task options"): after the
// add_* lines, `dump(...)` (tensors, a runtime-allocated output's TensorCreateInfo, scalars
// as named lvalues), then the launch spec (`set_block_num`, a value cast to int16_t;
// `set_require_sync_start(true)`) and `set_allow_early_resolve(true)`, then the deps and the
// submit; for aic, aiv and group (MixedKernels) kernels, with the TaskId captured as usual.
// With analyze-auto-scopes the first function's body qualifies as a whole (ON): one
// compiler-owned MANUAL scope with explicit edges, the options printed the same.
// RUN: pypto-opt --split-input-file -p pto2-pipeline -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s --check-prefixes=OFF,CHECK
// RUN: pypto-opt --split-input-file -p 'pto2-pipeline{analyze-auto-scopes=true}' -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s --check-prefixes=ON,CHECK

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

// OFF:        // Task 0: proj
// OFF-NEXT:        Arg params_t0;
// OFF-NEXT:        params_t0.add_input(ext_x);
// OFF-NEXT:        params_t0.add_input(ext_w);
// OFF-NEXT:        params_t0.add_output(q);
// OFF-NEXT:        params_t0.add_scalar((uint64_t)b0);
// OFF-NEXT:        params_t0.launch_spec.set_block_num(20);
// OFF-NEXT:        rt_submit_aic_task(0, params_t0);
// OFF-EMPTY:
// OFF-NEXT:        // Task 1: norm
// OFF-NEXT:        Arg params_t1;
// OFF-NEXT:        params_t1.add_input(q);
// OFF-NEXT:        params_t1.add_output(ext_y);
// OFF-NEXT:        params_t1.add_scalar(to_u64(eps));
// OFF-NEXT:        params_t1.launch_spec.set_block_num((int16_t)arith_divui_i64(n, 2));
// OFF-NEXT:        params_t1.launch_spec.set_require_sync_start(true);
// OFF-NEXT:        params_t1.set_allow_early_resolve(true);
// OFF-NEXT:        TaskOutputTensors task_1_outs = rt_submit_aiv_task(1, params_t1);
// OFF-NEXT:        PTO2TaskId t1 = task_1_outs.task_id();
// OFF-EMPTY:
// OFF-NEXT:        // Task 2: fused
// OFF-NEXT:        Arg params_t2;
// OFF-NEXT:        params_t2.add_input(ext_x);
// OFF-NEXT:        params_t2.add_output(ext_y);
// OFF-NEXT:        params_t2.dump(ext_x, ext_y);
// OFF-NEXT:        params_t2.launch_spec.set_block_num((int16_t)n);
// OFF-NEXT:        PTO2TaskId params_t2_deps[1];
// OFF-NEXT:        uint32_t params_t2_deps_count = 0;
// OFF-NEXT:        params_t2_deps[params_t2_deps_count++] = t1;
// OFF-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// OFF-NEXT:        MixedKernels mixed_2 = {2, 3, INVALID_KERNEL_ID};
// OFF-NEXT:        TaskOutputTensors task_2_outs = rt_submit_task(mixed_2, params_t2);
// OFF-NEXT:        PTO2TaskId y2_tid = task_2_outs.task_id();
// OFF-EMPTY:
// OFF-NEXT:        // Task 3: make
// OFF-NEXT:        uint32_t r_ci_shapes[2] = {16, 64};
// OFF-NEXT:        TensorCreateInfo r_ci(r_ci_shapes, 2, DataType::FLOAT32);
// OFF-NEXT:        Arg params_t3;
// OFF-NEXT:        params_t3.add_input(ext_x);
// OFF-NEXT:        params_t3.add_output(r_ci);
// OFF-NEXT:        params_t3.add_scalar(b0);
// OFF-NEXT:        params_t3.dump(r_ci, b0);
// OFF-NEXT:        TaskOutputTensors task_3_outs = rt_submit_aic_task(4, params_t3);
// OFF-NEXT:        const Tensor& r = task_3_outs.get_ref(0);
// OFF-EMPTY:
// OFF-NEXT:        // Task 4: proj
// OFF-NEXT:        int64_t params_t4_arg3 = (int64_t)((uint64_t)b0 + 1);
// OFF-NEXT:        Arg params_t4;
// OFF-NEXT:        params_t4.add_input(r);
// OFF-NEXT:        params_t4.add_input(ext_w);
// OFF-NEXT:        params_t4.add_output(ext_y);
// OFF-NEXT:        params_t4.add_scalar(params_t4_arg3);
// OFF-NEXT:        params_t4.dump(params_t4_arg3);
// OFF-NEXT:        params_t4.set_allow_early_resolve(true);
// OFF-NEXT:        PTO2TaskId params_t4_deps[1];
// OFF-NEXT:        uint32_t params_t4_deps_count = 0;
// OFF-NEXT:        params_t4_deps[params_t4_deps_count++] = y2_tid;
// OFF-NEXT:        params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
// OFF-NEXT:        rt_submit_aic_task(0, params_t4);

// ON:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// ON:        // Task 0: proj
// ON-NEXT:        Arg params_t0;
// ON-NEXT:        params_t0.add_input(ext_x);
// ON-NEXT:        params_t0.add_input(ext_w);
// ON-NEXT:        params_t0.add_output(q);
// ON-NEXT:        params_t0.add_scalar((uint64_t)b0);
// ON-NEXT:        params_t0.launch_spec.set_block_num(20);
// ON:        // Task 1: norm
// ON-NEXT:        Arg params_t1;
// ON-NEXT:        params_t1.add_no_dep(q);
// ON-NEXT:        params_t1.add_output(ext_y);
// ON-NEXT:        params_t1.add_scalar(to_u64(eps));
// ON-NEXT:        params_t1.launch_spec.set_block_num((int16_t)arith_divui_i64(n, 2));
// ON-NEXT:        params_t1.launch_spec.set_require_sync_start(true);
// ON-NEXT:        params_t1.set_allow_early_resolve(true);
// ON-NEXT:        PTO2TaskId params_t1_deps[2];
// ON-NEXT:        uint32_t params_t1_deps_count = 0;
// ON-NEXT:        params_t1_deps[params_t1_deps_count++] = q1_tid;
// ON-NEXT:        params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// ON:        // Task 2: fused
// ON:        params_t2_deps[params_t2_deps_count++] = t1;
// ON-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// ON:        // Task 3: make
// ON:        params_t3.dump(r_ci, b0);
// ON-NEXT:        TaskOutputTensors task_3_outs = rt_submit_aic_task(4, params_t3);
// ON:        // Task 4: proj
// ON:        params_t4.add_no_dep(r);
// ON:        PTO2TaskId params_t4_deps[2];
// ON-NEXT:        uint32_t params_t4_deps_count = 0;
// ON-NEXT:        params_t4_deps[params_t4_deps_count++] = r_tid;
// ON-NEXT:        params_t4_deps[params_t4_deps_count++] = y2_tid;
// ON-NEXT:        params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
// ON-NEXT:        rt_submit_aic_task(0, params_t4);

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
