// The lines that differ between the two runtime API generations
// (docs/targets/pto2-cpp.md#api-generations): `-t pto2-cpp` (api=seed, the default) and
// `-t 'pto2-cpp{api=current}'` print the same file but for the entry's parameter type, the
// wrapping of entry tensors, dynamic extents, the tensor type of every tensor variable (views,
// reshapes, transposes, get_ref bindings, if results) and the task argument pack's type.
// Scalars, create-infos, dumps, launch specs, TaskIds and deps arrays are spelled alike.
// RUN: pypto-opt --split-input-file -p pto2-pipeline -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines --check-prefixes=CHECK,SEED %s
// RUN: pypto-opt --split-input-file -p pto2-pipeline -t 'pto2-cpp{api=seed}' %s | filecheck --strict-whitespace --match-full-lines --check-prefixes=CHECK,SEED %s
// RUN: pypto-opt --split-input-file -p pto2-pipeline -t 'pto2-cpp{api=current}' %s | filecheck --strict-whitespace --match-full-lines --check-prefixes=CHECK,CURRENT %s

// Entry, wrapped parameters, scalars, a dynamic extent, a create-info, a dump, a launch spec,
// a view, manual-scope deps.
pto_orch.kernel @scale aiv (in tensor<?x16xf32>, out tensor<?x16xf32>, in f32, in i64) -> tensor<?x16xf32>
pto_orch.kernel @cube aic (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @shapes(%x: tensor<?x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %alpha: f32, %n: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %t = pto_tensor.create(%M) : tensor<?x16xf32>
  %t1 = pto_orch.call @scale(in %x, out %t, scalar %alpha, scalar %n) launch(4) dump [0, 2] : (tensor<?x16xf32>, tensor<?x16xf32>, f32, i64) -> tensor<?x16xf32>
  %v = pto_tensor.slice %t1[%c0, %c0] : tensor<?x16xf32> to tensor<16x16xf32>
  pto_rt.scope manual {
    %h = pto_tensor.create : tensor<16x16xf32>
    %h1, %ta = pto_orch.submit @cube(in %v, out %h) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %y1, %tb = pto_orch.submit @cube(in %h1, out %y) deps(%ta : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield
  }
  func.return
}

// SEED:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CURRENT:PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 4 };
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__attribute__((visibility("default")))
// SEED-NEXT:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CURRENT-NEXT:void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// SEED-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// SEED-NEXT:    Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// CURRENT-NEXT:    ChipTensor ext_x = orch_args.tensor(0).ref();
// CURRENT-NEXT:    ChipTensor ext_y = orch_args.tensor(1).ref();
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; float val; } alpha_conv;
// CHECK-NEXT:    alpha_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    float alpha = alpha_conv.val;
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    // Dynamic-dim symbols (extent of the declaring argument)
// SEED-NEXT:    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// CURRENT-NEXT:    int64_t M = (int64_t)orch_args.tensor(0).ref().shapes[0];
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t t_ci_shapes[2] = {(uint32_t)M, 16};
// CHECK-NEXT:        TensorCreateInfo t_ci(t_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
// SEED-NEXT:        const Tensor& t = alloc_0.get_ref(0);
// CURRENT-NEXT:        const ChipTensor& t = alloc_0.get_ref(0);
// CHECK-NEXT:        PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: scale
// SEED-NEXT:        Arg params_t0;
// CURRENT-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_x);
// CHECK-NEXT:        params_t0.add_output(t);
// CHECK-NEXT:        params_t0.add_scalar(alpha);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)n);
// CHECK-NEXT:        params_t0.dump(ext_x, alpha);
// CHECK-NEXT:        params_t0.launch_spec.set_block_num(4);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        PTO2TaskId t1_tid = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t v_shapes[2] = {16, 16};
// CHECK-NEXT:        uint32_t v_offsets[2] = {0, 0};
// SEED-NEXT:        Tensor v = t.view(v_shapes, v_offsets);
// CURRENT-NEXT:        ChipTensor v = t.view(v_shapes, v_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:            uint32_t h_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo h_ci(h_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_1 = alloc_tensors(h_ci);
// SEED-NEXT:            const Tensor& h = alloc_1.get_ref(0);
// CURRENT-NEXT:            const ChipTensor& h = alloc_1.get_ref(0);
// CHECK-NEXT:            PTO2TaskId alloc_1_tid = alloc_1.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            // Task 1: cube
// SEED-NEXT:            Arg params_t1;
// CURRENT-NEXT:            CoreTaskArgs params_t1;
// CHECK-NEXT:            params_t1.add_input(v);
// CHECK-NEXT:            params_t1.add_output(h);
// CHECK-NEXT:            PTO2TaskId params_t1_deps[3];
// CHECK-NEXT:            uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = t1_tid;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = alloc_1_tid;
// CHECK-NEXT:            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:            TaskOutputTensors task_1_outs = rt_submit_aic_task(1, params_t1);
// CHECK-NEXT:            PTO2TaskId ta = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            // Task 2: cube
// SEED-NEXT:            Arg params_t2;
// CURRENT-NEXT:            CoreTaskArgs params_t2;
// CHECK-NEXT:            params_t2.add_input(h);
// CHECK-NEXT:            params_t2.add_output(ext_y);

// -----

// A runtime-allocated output bound from the task's outputs, a transpose, two reshapes, and an
// if result declared before its value is known (initialised from the first tensor parameter
// in both generations).
pto_orch.kernel @produce aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32> returns [1]
pto_orch.kernel @use aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @views(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x = pto_orch.call @produce(in %a) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %xt = pto_tensor.transpose %x, 0, 1 : tensor<16x16xf32> to tensor<16x16xf32>
  %flat = pto_tensor.reshape %a : tensor<16x16xf32> to tensor<256xf32>
  %back = pto_tensor.reshape %flat : tensor<256xf32> to tensor<16x16xf32>
  %pick = scf.if %flag -> (tensor<16x16xf32>) {
    scf.yield %xt : tensor<16x16xf32>
  } else {
    scf.yield %back : tensor<16x16xf32>
  }
  %o1 = pto_orch.call @use(in %pick, out %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// CHECK:        // Task 0: produce
// CHECK-NEXT:        uint32_t x_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo x_ci(x_ci_shapes, 2, DataType::FLOAT32);
// SEED-NEXT:        Arg params_t0;
// CURRENT-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(x_ci);
// CHECK-NEXT:        TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// SEED-NEXT:        const Tensor& x = task_0_outs.get_ref(0);
// SEED-EMPTY:
// SEED-NEXT:        Tensor xt = x.transpose(0, 1);
// SEED-NEXT:        uint32_t flat_shapes[1] = {256};
// SEED-NEXT:        Tensor flat = ext_a.reshape(flat_shapes, 1);
// SEED-NEXT:        uint32_t back_shapes[2] = {16, 16};
// SEED-NEXT:        Tensor back = flat.reshape(back_shapes, 2);
// SEED-EMPTY:
// SEED-NEXT:        Tensor pick = ext_a;
// CURRENT-NEXT:        const ChipTensor& x = task_0_outs.get_ref(0);
// CURRENT-EMPTY:
// CURRENT-NEXT:        ChipTensor xt = x.transpose(0, 1);
// CURRENT-NEXT:        uint32_t flat_shapes[1] = {256};
// CURRENT-NEXT:        ChipTensor flat = ext_a.reshape(flat_shapes, 1);
// CURRENT-NEXT:        uint32_t back_shapes[2] = {16, 16};
// CURRENT-NEXT:        ChipTensor back = flat.reshape(back_shapes, 2);
// CURRENT-EMPTY:
// CURRENT-NEXT:        ChipTensor pick = ext_a;
// CHECK-NEXT:        if (flag) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                pick = xt;
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                pick = back;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: use
// SEED-NEXT:        Arg params_t1;
// CURRENT-NEXT:        CoreTaskArgs params_t1;
// CHECK-NEXT:        params_t1.add_input(pick);
