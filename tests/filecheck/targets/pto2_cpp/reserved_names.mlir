// Names the runtime's headers define as macros, a C++ keyword and a runtime identifier the C++
// names get a trailing `_` wherever a name is printed (parameters, dim symbols, creates, loop
// variables, if results, host reads and writes, views, TaskIds); names built from them keep
// theirs (`CLONE_VM_ci`, `BIG_ENDIAN_conv`, `LOG_ERROR_tid`), and so does %current_runtime, a
// runtime function the C++ never names. The program: tests/execution/reserved_names.mlir
// (tests/test_reserved_names.py compiles and runs it).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %S/../../../execution/reserved_names.mlir | filecheck %s

// CHECK-LABEL: // ===== orchestration/reserved_names.cpp =====
// CHECK:      Tensor ext_errno = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT: Tensor ext_PTO2_HEAP_SIZE = from_tensor_arg(orch_args.tensor(1));
// CHECK:      union { uint64_t u64; float val; } BIG_ENDIAN_conv;
// CHECK-NEXT: BIG_ENDIAN_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT: float BIG_ENDIAN_ = BIG_ENDIAN_conv.val;
// CHECK-NEXT: union { uint64_t u64; int64_t val; } WNOHANG_conv;
// CHECK-NEXT: WNOHANG_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT: int64_t WNOHANG_ = WNOHANG_conv.val;
// CHECK-NEXT: union { uint64_t u64; bool val; } int_conv;
// CHECK-NEXT: int_conv.u64 = orch_args.scalar(2);
// CHECK-NEXT: bool int_ = int_conv.val;
// CHECK:      uint32_t CLONE_VM_ci_shapes[1] = {16};
// CHECK-NEXT: TensorCreateInfo CLONE_VM_ci(CLONE_VM_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT: TaskOutputTensors alloc_0 = alloc_tensors(CLONE_VM_ci);
// CHECK-NEXT: const Tensor& CLONE_VM_ = alloc_0.get_ref(0);
// CHECK:      params_t0.add_input(ext_errno);
// CHECK-NEXT: params_t0.add_output(CLONE_VM_);
// CHECK:      PTO2TaskId LOG_ERROR_tid = task_0_outs.task_id();
// CHECK:      for (int64_t SIGINT_ = 0; SIGINT_ < WNOHANG_; SIGINT_ += 1) {
// CHECK:      params_t1.add_inout(CLONE_VM_);
// CHECK:      Tensor PDP_ENDIAN_ = ext_errno;
// CHECK:      if (int_) {
// CHECK:      PDP_ENDIAN_ = CLONE_VM_;
// CHECK:      uint32_t indices_current_runtime[1] = {0};
// CHECK-NEXT: float current_runtime = get_tensor_data<float>(PDP_ENDIAN_, 1, indices_current_runtime);
// CHECK-NEXT: uint32_t indices_NULL[1] = {1};
// CHECK-NEXT: set_tensor_data<float>(PDP_ENDIAN_, 1, indices_NULL, current_runtime + BIG_ENDIAN_);
// CHECK-NEXT: uint32_t Tensor_shapes[1] = {16};
// CHECK-NEXT: uint32_t Tensor_offsets[1] = {0};
// CHECK-NEXT: Tensor Tensor_ = PDP_ENDIAN_.view(Tensor_shapes, Tensor_offsets);
// CHECK:      params_t3.add_input(Tensor_);
// CHECK-NEXT: params_t3.add_input(ext_errno);
// CHECK-NEXT: params_t3.add_output(ext_PTO2_HEAP_SIZE);
// CHECK:      PTO2TaskId SIGTERM_ = task_3_outs.task_id();
// CHECK:      params_t4_deps[params_t4_deps_count++] = SIGTERM_;

// CHECK-LABEL: // ===== orchestration/reserved_dims.cpp =====
// CHECK:      Tensor ext_X = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT: Tensor ext_SIGKILL = from_tensor_arg(orch_args.tensor(1));
// CHECK:      int64_t RAND_MAX_ = (int64_t)orch_args.tensor(0).shapes[0];
// CHECK:      uint32_t ENOMEM_ci_shapes[1] = {(uint32_t)RAND_MAX_};
// CHECK-NEXT: TensorCreateInfo ENOMEM_ci(ENOMEM_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT: TaskOutputTensors alloc_0 = alloc_tensors(ENOMEM_ci);
// CHECK-NEXT: const Tensor& ENOMEM_ = alloc_0.get_ref(0);
// CHECK:      params_t1.add_input(ENOMEM_);
// CHECK-NEXT: params_t1.add_output(ext_SIGKILL);
