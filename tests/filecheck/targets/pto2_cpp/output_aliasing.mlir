// Output aliasing (PyPTO's orchestration codegen document, "输出别名", "元组处理"): a task's result *is* the Out/InOut
// argument the kernel's `returns` map names, so no alias is declared: %pij1, %mij1, %lij1
// (returns [2, 3, 4]) print as ext_pij, ext_mij, ext_lij in the next task; a result aliasing
// an internal tensor prints as that tensor (%tmp1 -> tmp), one aliasing a view as the view
// (%w1 -> win). Unused results (%unused_m, %unused_l) print nothing.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @kernel_softmax aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>, inout tensor<16x1xf32>, inout tensor<16x1xf32>) -> (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>) returns [2, 3, 4]
pto_orch.kernel @kernel_use aiv (in tensor<16x16xf32>, in tensor<16x1xf32>, in tensor<16x1xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @output_aliasing(%sij: tensor<16x16xf32>, %scale: f32, %pij: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %mij: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %lij: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out: tensor<32x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %pij1, %mij1, %lij1 = pto_orch.call @kernel_softmax(in %sij, scalar %scale, inout %pij, inout %mij, inout %lij) : (tensor<16x16xf32>, f32, tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>) -> (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>)
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %tmp1 = pto_orch.call @kernel_use(in %pij1, in %mij1, in %lij1, out %tmp) : (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %pij2, %unused_m, %unused_l = pto_orch.call @kernel_softmax(in %tmp1, scalar %scale, inout %pij1, inout %mij1, inout %lij1) : (tensor<16x16xf32>, f32, tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>) -> (tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>)
    %win = pto_tensor.slice %out[%c16, %c0] : tensor<32x16xf32> to tensor<16x16xf32>
    %w1 = pto_orch.call @kernel_copy(in %pij2, out %win) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %w2 = pto_orch.call @kernel_copy(in %w1, out %tmp1) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_sij = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_pij = from_tensor_arg(orch_args.tensor(1));
// CHECK-NEXT:    Tensor ext_mij = from_tensor_arg(orch_args.tensor(2));
// CHECK-NEXT:    Tensor ext_lij = from_tensor_arg(orch_args.tensor(3));
// CHECK-NEXT:    Tensor ext_out = from_tensor_arg(orch_args.tensor(4));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; float val; } scale_conv;
// CHECK-NEXT:    scale_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    float scale = scale_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t tmp_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// CHECK-NEXT:        const Tensor& tmp = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: kernel_softmax
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_sij);
// CHECK-NEXT:        params_t0.add_inout(ext_pij);
// CHECK-NEXT:        params_t0.add_inout(ext_mij);
// CHECK-NEXT:        params_t0.add_inout(ext_lij);
// CHECK-NEXT:        params_t0.add_scalar(to_u64(scale));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: kernel_use
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_pij);
// CHECK-NEXT:        params_t1.add_input(ext_mij);
// CHECK-NEXT:        params_t1.add_input(ext_lij);
// CHECK-NEXT:        params_t1.add_output(tmp);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: kernel_softmax
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(tmp);
// CHECK-NEXT:        params_t2.add_inout(ext_pij);
// CHECK-NEXT:        params_t2.add_inout(ext_mij);
// CHECK-NEXT:        params_t2.add_inout(ext_lij);
// CHECK-NEXT:        params_t2.add_scalar(to_u64(scale));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t win_shapes[2] = {16, 16};
// CHECK-NEXT:        uint32_t win_offsets[2] = {16, 0};
// CHECK-NEXT:        Tensor win = ext_out.view(win_shapes, win_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: kernel_copy
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(ext_pij);
// CHECK-NEXT:        params_t3.add_output(win);
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t3);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: kernel_copy
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(win);
// CHECK-NEXT:        params_t4.add_output(tmp);
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t4);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
