// Every example in both runtime API generations (docs/targets/pto2-cpp.md#api-generations):
// the lines that differ are pinned per example and generation, in order (every other line is
// the same in both: tests/test_pto2_cpp_generations.py checks that on every input the suite
// prints). orch_basic is pinned byte for byte in both generations (the README shows both).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/case1_manual_parallel.mlir | filecheck --match-full-lines --check-prefix=CASE1-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/case1_manual_parallel.mlir | filecheck --match-full-lines --check-prefix=CASE1-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/dynamic_dim.mlir | filecheck --match-full-lines --check-prefix=DYNAMICDIM-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/dynamic_dim.mlir | filecheck --match-full-lines --check-prefix=DYNAMICDIM-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/for_carry.mlir | filecheck --match-full-lines --check-prefix=FORCARRY-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/for_carry.mlir | filecheck --match-full-lines --check-prefix=FORCARRY-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/group_kernel.mlir | filecheck --match-full-lines --check-prefix=GROUPKERNEL-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/group_kernel.mlir | filecheck --match-full-lines --check-prefix=GROUPKERNEL-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/if_else.mlir | filecheck --match-full-lines --check-prefix=IFELSE-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/if_else.mlir | filecheck --match-full-lines --check-prefix=IFELSE-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/manual_submit.mlir | filecheck --match-full-lines --check-prefix=MANUALSUBMIT-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/manual_submit.mlir | filecheck --match-full-lines --check-prefix=MANUALSUBMIT-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/orch_basic.mlir | filecheck --match-full-lines --check-prefix=ORCHBASIC-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/orch_basic.mlir | filecheck --match-full-lines --check-prefix=ORCHBASIC-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/softmax_tuple.mlir | filecheck --match-full-lines --check-prefix=SOFTMAXTUPLE-SEED %s
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/softmax_tuple.mlir | filecheck --match-full-lines --check-prefix=SOFTMAXTUPLE-CURRENT %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/orch_basic.mlir | diff - %support/examples/orch_basic_expected.cpp
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' %examples/orch_basic.mlir | diff - %support/examples/orch_basic_current_expected.cpp

// case1_manual_parallel
// CASE1-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// CASE1-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CASE1-SEED: Tensor ext_data = from_tensor_arg(orch_args.tensor(0));
// CASE1-SEED: Tensor ext_out = from_tensor_arg(orch_args.tensor(1));
// CASE1-SEED: Arg params_t0;
// CASE1-SEED: Arg params_t1;
// CASE1-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// CASE1-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CASE1-CURRENT: ChipTensor ext_data = orch_args.tensor(0).ref();
// CASE1-CURRENT: ChipTensor ext_out = orch_args.tensor(1).ref();
// CASE1-CURRENT: CoreTaskArgs params_t0;
// CASE1-CURRENT: CoreTaskArgs params_t1;

// dynamic_dim
// DYNAMICDIM-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// DYNAMICDIM-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// DYNAMICDIM-SEED: Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// DYNAMICDIM-SEED: Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// DYNAMICDIM-SEED: int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// DYNAMICDIM-SEED: const Tensor& scaled = alloc_0.get_ref(0);
// DYNAMICDIM-SEED: Arg params_t0;
// DYNAMICDIM-SEED: Tensor src = scaled.view(src_shapes, src_offsets);
// DYNAMICDIM-SEED: Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// DYNAMICDIM-SEED: Arg params_t1;
// DYNAMICDIM-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// DYNAMICDIM-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// DYNAMICDIM-CURRENT: ChipTensor ext_x = orch_args.tensor(0).ref();
// DYNAMICDIM-CURRENT: ChipTensor ext_y = orch_args.tensor(1).ref();
// DYNAMICDIM-CURRENT: int64_t M = (int64_t)orch_args.tensor(0).ref().shapes[0];
// DYNAMICDIM-CURRENT: const ChipTensor& scaled = alloc_0.get_ref(0);
// DYNAMICDIM-CURRENT: CoreTaskArgs params_t0;
// DYNAMICDIM-CURRENT: ChipTensor src = scaled.view(src_shapes, src_offsets);
// DYNAMICDIM-CURRENT: ChipTensor dst = ext_y.view(dst_shapes, dst_offsets);
// DYNAMICDIM-CURRENT: CoreTaskArgs params_t1;

// for_carry
// FORCARRY-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// FORCARRY-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// FORCARRY-SEED: Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// FORCARRY-SEED: Tensor ext_acc = from_tensor_arg(orch_args.tensor(1));
// FORCARRY-SEED: Arg params_t0;
// FORCARRY-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// FORCARRY-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// FORCARRY-CURRENT: ChipTensor ext_a = orch_args.tensor(0).ref();
// FORCARRY-CURRENT: ChipTensor ext_acc = orch_args.tensor(1).ref();
// FORCARRY-CURRENT: CoreTaskArgs params_t0;

// group_kernel
// GROUPKERNEL-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// GROUPKERNEL-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// GROUPKERNEL-SEED: Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// GROUPKERNEL-SEED: Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// GROUPKERNEL-SEED: Tensor ext_bias = from_tensor_arg(orch_args.tensor(2));
// GROUPKERNEL-SEED: Tensor ext_out = from_tensor_arg(orch_args.tensor(3));
// GROUPKERNEL-SEED: const Tensor& tmp = alloc_0.get_ref(0);
// GROUPKERNEL-SEED: Arg params_t0;
// GROUPKERNEL-SEED: Arg params_t1;
// GROUPKERNEL-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// GROUPKERNEL-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// GROUPKERNEL-CURRENT: ChipTensor ext_a = orch_args.tensor(0).ref();
// GROUPKERNEL-CURRENT: ChipTensor ext_b = orch_args.tensor(1).ref();
// GROUPKERNEL-CURRENT: ChipTensor ext_bias = orch_args.tensor(2).ref();
// GROUPKERNEL-CURRENT: ChipTensor ext_out = orch_args.tensor(3).ref();
// GROUPKERNEL-CURRENT: const ChipTensor& tmp = alloc_0.get_ref(0);
// GROUPKERNEL-CURRENT: CoreTaskArgs params_t0;
// GROUPKERNEL-CURRENT: CoreTaskArgs params_t1;

// if_else
// IFELSE-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// IFELSE-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// IFELSE-SEED: Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// IFELSE-SEED: Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// IFELSE-SEED: Arg params_t0;
// IFELSE-SEED: Arg params_t1;
// IFELSE-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// IFELSE-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// IFELSE-CURRENT: ChipTensor ext_x = orch_args.tensor(0).ref();
// IFELSE-CURRENT: ChipTensor ext_y = orch_args.tensor(1).ref();
// IFELSE-CURRENT: CoreTaskArgs params_t0;
// IFELSE-CURRENT: CoreTaskArgs params_t1;

// manual_submit
// MANUALSUBMIT-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// MANUALSUBMIT-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// MANUALSUBMIT-SEED: Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// MANUALSUBMIT-SEED: Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// MANUALSUBMIT-SEED: Tensor ext_out = from_tensor_arg(orch_args.tensor(2));
// MANUALSUBMIT-SEED: const Tensor& sum = alloc_0.get_ref(0);
// MANUALSUBMIT-SEED: const Tensor& left = alloc_0.get_ref(1);
// MANUALSUBMIT-SEED: const Tensor& right = alloc_0.get_ref(2);
// MANUALSUBMIT-SEED: Arg params_t0;
// MANUALSUBMIT-SEED: Arg params_t1;
// MANUALSUBMIT-SEED: Arg params_t2;
// MANUALSUBMIT-SEED: Arg params_t3;
// MANUALSUBMIT-SEED: Arg params_t4;
// MANUALSUBMIT-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// MANUALSUBMIT-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// MANUALSUBMIT-CURRENT: ChipTensor ext_a = orch_args.tensor(0).ref();
// MANUALSUBMIT-CURRENT: ChipTensor ext_b = orch_args.tensor(1).ref();
// MANUALSUBMIT-CURRENT: ChipTensor ext_out = orch_args.tensor(2).ref();
// MANUALSUBMIT-CURRENT: const ChipTensor& sum = alloc_0.get_ref(0);
// MANUALSUBMIT-CURRENT: const ChipTensor& left = alloc_0.get_ref(1);
// MANUALSUBMIT-CURRENT: const ChipTensor& right = alloc_0.get_ref(2);
// MANUALSUBMIT-CURRENT: CoreTaskArgs params_t0;
// MANUALSUBMIT-CURRENT: CoreTaskArgs params_t1;
// MANUALSUBMIT-CURRENT: CoreTaskArgs params_t2;
// MANUALSUBMIT-CURRENT: CoreTaskArgs params_t3;
// MANUALSUBMIT-CURRENT: CoreTaskArgs params_t4;

// orch_basic
// ORCHBASIC-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// ORCHBASIC-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// ORCHBASIC-SEED: Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// ORCHBASIC-SEED: Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// ORCHBASIC-SEED: Tensor ext_d = from_tensor_arg(orch_args.tensor(2));
// ORCHBASIC-SEED: const Tensor& c = alloc_0.get_ref(0);
// ORCHBASIC-SEED: Arg params_t0;
// ORCHBASIC-SEED: Arg params_t1;
// ORCHBASIC-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// ORCHBASIC-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// ORCHBASIC-CURRENT: ChipTensor ext_a = orch_args.tensor(0).ref();
// ORCHBASIC-CURRENT: ChipTensor ext_b = orch_args.tensor(1).ref();
// ORCHBASIC-CURRENT: ChipTensor ext_d = orch_args.tensor(2).ref();
// ORCHBASIC-CURRENT: const ChipTensor& c = alloc_0.get_ref(0);
// ORCHBASIC-CURRENT: CoreTaskArgs params_t0;
// ORCHBASIC-CURRENT: CoreTaskArgs params_t1;

// softmax_tuple
// SOFTMAXTUPLE-SEED: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
// SOFTMAXTUPLE-SEED: void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// SOFTMAXTUPLE-SEED: Tensor ext_sij = from_tensor_arg(orch_args.tensor(0));
// SOFTMAXTUPLE-SEED: Tensor ext_pij = from_tensor_arg(orch_args.tensor(1));
// SOFTMAXTUPLE-SEED: Tensor ext_mij = from_tensor_arg(orch_args.tensor(2));
// SOFTMAXTUPLE-SEED: Tensor ext_lij = from_tensor_arg(orch_args.tensor(3));
// SOFTMAXTUPLE-SEED: Arg params_t0;
// SOFTMAXTUPLE-CURRENT: PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// SOFTMAXTUPLE-CURRENT: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// SOFTMAXTUPLE-CURRENT: ChipTensor ext_sij = orch_args.tensor(0).ref();
// SOFTMAXTUPLE-CURRENT: ChipTensor ext_pij = orch_args.tensor(1).ref();
// SOFTMAXTUPLE-CURRENT: ChipTensor ext_mij = orch_args.tensor(2).ref();
// SOFTMAXTUPLE-CURRENT: ChipTensor ext_lij = orch_args.tensor(3).ref();
// SOFTMAXTUPLE-CURRENT: CoreTaskArgs params_t0;
