// The examples outside manual scopes end to end (`-p pto2-pipeline -t pto2-cpp`): the
// entry function of each, line by line. for_carry: the carry is planned no-rebind, so the
// loop works on ext_acc, written inout (the loop and the inout parameter repeat the write). if_else: the result is only returned, so it gets no variable.
// softmax_tuple: tuple results alias the InOut parameters, the scalar goes last.
// group_kernel: MixedKernels of the members' ids, incore<mat> on AIC. dynamic_dim: the
// symbol M sizes the create and bounds the loop; the relu task writes a view of ext_y
// (derive-call-directions promotes it to inout).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/for_carry.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=FOR_CARRY
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/if_else.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=IF_ELSE
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/softmax_tuple.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=SOFTMAX_TUPLE
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/group_kernel.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=GROUP_KERNEL
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/dynamic_dim.mlir | filecheck --strict-whitespace --match-full-lines %s --check-prefix=DYNAMIC_DIM

// FOR_CARRY:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// FOR_CARRY-NEXT:    // External tensors
// FOR_CARRY-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// FOR_CARRY-NEXT:    Tensor ext_acc = from_tensor_arg(orch_args.tensor(1));
// FOR_CARRY-EMPTY:
// FOR_CARRY-NEXT:    PTO2_SCOPE() {
// FOR_CARRY-NEXT:        for (int64_t i = 0; i < 4; i += 1) {
// FOR_CARRY-NEXT:            PTO2_SCOPE() {
// FOR_CARRY-NEXT:                // Task 0: kernel_add
// FOR_CARRY-NEXT:                Arg params_t0;
// FOR_CARRY-NEXT:                params_t0.add_input(ext_a);
// FOR_CARRY-NEXT:                params_t0.add_input(ext_acc);
// FOR_CARRY-NEXT:                params_t0.add_inout(ext_acc);
// FOR_CARRY-NEXT:                rt_submit_aiv_task(0, params_t0);
// FOR_CARRY-NEXT:            }
// FOR_CARRY-NEXT:        }
// FOR_CARRY-NEXT:    }
// FOR_CARRY-NEXT:}
// FOR_CARRY-EMPTY:
// FOR_CARRY-NEXT:}  // extern "C"

// IF_ELSE:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// IF_ELSE-NEXT:    // External tensors
// IF_ELSE-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// IF_ELSE-NEXT:    Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// IF_ELSE-EMPTY:
// IF_ELSE-NEXT:    // Scalar parameters
// IF_ELSE-NEXT:    union { uint64_t u64; int64_t val; } mode_conv;
// IF_ELSE-NEXT:    mode_conv.u64 = orch_args.scalar(0);
// IF_ELSE-NEXT:    int64_t mode = mode_conv.val;
// IF_ELSE-EMPTY:
// IF_ELSE-NEXT:    PTO2_SCOPE() {
// IF_ELSE-NEXT:        if (mode == 0) {
// IF_ELSE-NEXT:            PTO2_SCOPE() {
// IF_ELSE-NEXT:                // Task 0: kernel_add
// IF_ELSE-NEXT:                Arg params_t0;
// IF_ELSE-NEXT:                params_t0.add_input(ext_x);
// IF_ELSE-NEXT:                params_t0.add_input(ext_x);
// IF_ELSE-NEXT:                params_t0.add_output(ext_y);
// IF_ELSE-NEXT:                rt_submit_aiv_task(0, params_t0);
// IF_ELSE-NEXT:            }
// IF_ELSE-NEXT:        } else {
// IF_ELSE-NEXT:            PTO2_SCOPE() {
// IF_ELSE-NEXT:                // Task 1: kernel_mul
// IF_ELSE-NEXT:                Arg params_t1;
// IF_ELSE-NEXT:                params_t1.add_input(ext_x);
// IF_ELSE-NEXT:                params_t1.add_input(ext_x);
// IF_ELSE-NEXT:                params_t1.add_output(ext_y);
// IF_ELSE-NEXT:                rt_submit_aiv_task(1, params_t1);
// IF_ELSE-NEXT:            }
// IF_ELSE-NEXT:        }
// IF_ELSE-NEXT:    }
// IF_ELSE-NEXT:}
// IF_ELSE-EMPTY:
// IF_ELSE-NEXT:}  // extern "C"

// SOFTMAX_TUPLE:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// SOFTMAX_TUPLE-NEXT:    // External tensors
// SOFTMAX_TUPLE-NEXT:    Tensor ext_sij = from_tensor_arg(orch_args.tensor(0));
// SOFTMAX_TUPLE-NEXT:    Tensor ext_pij = from_tensor_arg(orch_args.tensor(1));
// SOFTMAX_TUPLE-NEXT:    Tensor ext_mij = from_tensor_arg(orch_args.tensor(2));
// SOFTMAX_TUPLE-NEXT:    Tensor ext_lij = from_tensor_arg(orch_args.tensor(3));
// SOFTMAX_TUPLE-EMPTY:
// SOFTMAX_TUPLE-NEXT:    // Scalar parameters
// SOFTMAX_TUPLE-NEXT:    union { uint64_t u64; float val; } scale_conv;
// SOFTMAX_TUPLE-NEXT:    scale_conv.u64 = orch_args.scalar(0);
// SOFTMAX_TUPLE-NEXT:    float scale = scale_conv.val;
// SOFTMAX_TUPLE-EMPTY:
// SOFTMAX_TUPLE-NEXT:    PTO2_SCOPE() {
// SOFTMAX_TUPLE-NEXT:        // Task 0: kernel_softmax
// SOFTMAX_TUPLE-NEXT:        Arg params_t0;
// SOFTMAX_TUPLE-NEXT:        params_t0.add_input(ext_sij);
// SOFTMAX_TUPLE-NEXT:        params_t0.add_inout(ext_pij);
// SOFTMAX_TUPLE-NEXT:        params_t0.add_inout(ext_mij);
// SOFTMAX_TUPLE-NEXT:        params_t0.add_inout(ext_lij);
// SOFTMAX_TUPLE-NEXT:        params_t0.add_scalar(to_u64(scale));
// SOFTMAX_TUPLE-NEXT:        rt_submit_aiv_task(0, params_t0);
// SOFTMAX_TUPLE-NEXT:    }
// SOFTMAX_TUPLE-NEXT:}
// SOFTMAX_TUPLE-EMPTY:
// SOFTMAX_TUPLE-NEXT:}  // extern "C"

// GROUP_KERNEL:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// GROUP_KERNEL-NEXT:    // External tensors
// GROUP_KERNEL-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// GROUP_KERNEL-NEXT:    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// GROUP_KERNEL-NEXT:    Tensor ext_bias = from_tensor_arg(orch_args.tensor(2));
// GROUP_KERNEL-NEXT:    Tensor ext_out = from_tensor_arg(orch_args.tensor(3));
// GROUP_KERNEL-EMPTY:
// GROUP_KERNEL-NEXT:    PTO2_SCOPE() {
// GROUP_KERNEL-NEXT:        uint32_t tmp_ci_shapes[2] = {16, 16};
// GROUP_KERNEL-NEXT:        TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
// GROUP_KERNEL-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// GROUP_KERNEL-NEXT:        const Tensor& tmp = alloc_0.get_ref(0);
// GROUP_KERNEL-EMPTY:
// GROUP_KERNEL-NEXT:        // Task 0: matmul_bias
// GROUP_KERNEL-NEXT:        Arg params_t0;
// GROUP_KERNEL-NEXT:        params_t0.add_input(ext_a);
// GROUP_KERNEL-NEXT:        params_t0.add_input(ext_b);
// GROUP_KERNEL-NEXT:        params_t0.add_input(ext_bias);
// GROUP_KERNEL-NEXT:        params_t0.add_output(tmp);
// GROUP_KERNEL-NEXT:        MixedKernels mixed_0 = {0, 1, INVALID_KERNEL_ID};
// GROUP_KERNEL-NEXT:        rt_submit_task(mixed_0, params_t0);
// GROUP_KERNEL-EMPTY:
// GROUP_KERNEL-NEXT:        // Task 1: kernel_matmul
// GROUP_KERNEL-NEXT:        Arg params_t1;
// GROUP_KERNEL-NEXT:        params_t1.add_input(tmp);
// GROUP_KERNEL-NEXT:        params_t1.add_input(ext_b);
// GROUP_KERNEL-NEXT:        params_t1.add_output(ext_out);
// GROUP_KERNEL-NEXT:        rt_submit_aic_task(2, params_t1);
// GROUP_KERNEL-NEXT:    }
// GROUP_KERNEL-NEXT:}
// GROUP_KERNEL-EMPTY:
// GROUP_KERNEL-NEXT:}  // extern "C"

// DYNAMIC_DIM:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// DYNAMIC_DIM-NEXT:    // External tensors
// DYNAMIC_DIM-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// DYNAMIC_DIM-NEXT:    Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// DYNAMIC_DIM-EMPTY:
// DYNAMIC_DIM-NEXT:    // Dynamic-dim symbols (extent of the declaring argument)
// DYNAMIC_DIM-NEXT:    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// DYNAMIC_DIM-EMPTY:
// DYNAMIC_DIM-NEXT:    PTO2_SCOPE() {
// DYNAMIC_DIM-NEXT:        uint32_t scaled_ci_shapes[2] = {(uint32_t)M, 16};
// DYNAMIC_DIM-NEXT:        TensorCreateInfo scaled_ci(scaled_ci_shapes, 2, DataType::FLOAT32);
// DYNAMIC_DIM-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(scaled_ci);
// DYNAMIC_DIM-NEXT:        const Tensor& scaled = alloc_0.get_ref(0);
// DYNAMIC_DIM-EMPTY:
// DYNAMIC_DIM-NEXT:        // Task 0: kernel_scale
// DYNAMIC_DIM-NEXT:        Arg params_t0;
// DYNAMIC_DIM-NEXT:        params_t0.add_input(ext_x);
// DYNAMIC_DIM-NEXT:        params_t0.add_output(scaled);
// DYNAMIC_DIM-NEXT:        rt_submit_aiv_task(0, params_t0);
// DYNAMIC_DIM-EMPTY:
// DYNAMIC_DIM-NEXT:        for (int64_t row = 0; row < M; row += 16) {
// DYNAMIC_DIM-NEXT:            PTO2_SCOPE() {
// DYNAMIC_DIM-NEXT:                uint32_t src_shapes[2] = {16, 16};
// DYNAMIC_DIM-NEXT:                uint32_t src_offsets[2] = {(uint32_t)row, 0};
// DYNAMIC_DIM-NEXT:                Tensor src = scaled.view(src_shapes, src_offsets);
// DYNAMIC_DIM-NEXT:                uint32_t dst_shapes[2] = {16, 16};
// DYNAMIC_DIM-NEXT:                uint32_t dst_offsets[2] = {(uint32_t)row, 0};
// DYNAMIC_DIM-NEXT:                Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// DYNAMIC_DIM-EMPTY:
// DYNAMIC_DIM-NEXT:                // Task 1: kernel_relu
// DYNAMIC_DIM-NEXT:                Arg params_t1;
// DYNAMIC_DIM-NEXT:                params_t1.add_input(src);
// DYNAMIC_DIM-NEXT:                params_t1.add_inout(dst);
// DYNAMIC_DIM-NEXT:                rt_submit_aiv_task(1, params_t1);
// DYNAMIC_DIM-NEXT:            }
// DYNAMIC_DIM-NEXT:        }
// DYNAMIC_DIM-NEXT:    }
// DYNAMIC_DIM-NEXT:}
// DYNAMIC_DIM-EMPTY:
// DYNAMIC_DIM-NEXT:}  // extern "C"
