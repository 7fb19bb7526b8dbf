// C++ names from SSA name hints (PyPTO's orchestration codegen document, "变量命名"): hints become identifiers (`%a.b-c`
// -> a_b_c, `%__x` -> x), keywords and runtime names get a trailing `_` (`%new` -> new_,
// `%Tensor` -> Tensor_, `%orch_args` -> orch_args_), hints that look like the printer's
// numbered names are renamed (`%task_2_outs` -> alloc_0_, `%params_t1` -> params_t1_), and
// collisions are numbered in order of declaration (`%ext_a` meets the parameter's ext_a ->
// ext_a_1; `%t` in both branches -> t, t_1; `%c_ci` first, so `%c`'s info is c_ci_1).
// Names are display only: identity comes from the values (both branches yield different
// tensors named t and t_1 into the same result variable).
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

func.func @names(%a: tensor<4xf32>, %new: index, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %ext_a = pto_tensor.create : tensor<4xf32>
    %task_2_outs = pto_tensor.create : tensor<4xf32>
    %params_t1 = pto_tensor.create : tensor<4xf32>
    %Tensor = pto_tensor.create : tensor<4xf32>
    %orch_args = pto_tensor.create : tensor<4xf32>
    %a.b-c = pto_tensor.create : tensor<4xf32>
    %__x = pto_tensor.create(%new) : tensor<?xf32>
    %c_ci = pto_tensor.create : tensor<4xf32>
    %c = pto_tensor.create : tensor<4xf32>
    %1 = pto_orch.call @k(in %a, out %ext_a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = pto_orch.call @k(in %task_2_outs, out %params_t1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = pto_orch.call @k(in %Tensor, out %orch_args) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = pto_orch.call @k(in %a.b-c, out %__x) : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
    %5 = pto_orch.call @k(in %c_ci, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %r = scf.if %flag -> (tensor<4xf32>) {
      %6 = pto_rt.scope auto -> (tensor<4xf32>) {
        %t = pto_tensor.create : tensor<4xf32>
        %t1 = pto_orch.call @k(in %a, out %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        pto_rt.yield %t1 : tensor<4xf32>
      }
      scf.yield %6 : tensor<4xf32>
    } else {
      %7 = pto_rt.scope auto -> (tensor<4xf32>) {
        %t = pto_tensor.create : tensor<4xf32>
        %t1 = pto_orch.call @k(in %5, out %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        pto_rt.yield %t1 : tensor<4xf32>
      }
      scf.yield %7 : tensor<4xf32>
    }
    %8 = pto_orch.call @k(in %r, out %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } new_conv;
// CHECK-NEXT:    new_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t new_ = new_conv.val;
// CHECK-NEXT:    union { uint64_t u64; bool val; } flag_conv;
// CHECK-NEXT:    flag_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    bool flag = flag_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t ext_a_1_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo ext_a_1_ci(ext_a_1_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t task_2_outs_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo task_2_outs_ci(task_2_outs_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t params_t1_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo params_t1_ci(params_t1_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t Tensor_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo Tensor_ci(Tensor_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t orch_args_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo orch_args_ci(orch_args_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t a_b_c_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo a_b_c_ci(a_b_c_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t x_ci_shapes[1] = {(uint32_t)new_};
// CHECK-NEXT:        TensorCreateInfo x_ci(x_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t c_ci_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo c_ci_ci(c_ci_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        uint32_t c_ci_shapes[1] = {4};
// CHECK-NEXT:        TensorCreateInfo c_ci_1(c_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(ext_a_1_ci, task_2_outs_ci, params_t1_ci, Tensor_ci, orch_args_ci, a_b_c_ci, x_ci, c_ci_ci, c_ci_1);
// CHECK-NEXT:        const Tensor& ext_a_1 = alloc_0.get_ref(0);
// CHECK-NEXT:        const Tensor& task_2_outs_ = alloc_0.get_ref(1);
// CHECK-NEXT:        const Tensor& params_t1_ = alloc_0.get_ref(2);
// CHECK-NEXT:        const Tensor& Tensor_ = alloc_0.get_ref(3);
// CHECK-NEXT:        const Tensor& orch_args_ = alloc_0.get_ref(4);
// CHECK-NEXT:        const Tensor& a_b_c = alloc_0.get_ref(5);
// CHECK-NEXT:        const Tensor& x = alloc_0.get_ref(6);
// CHECK-NEXT:        const Tensor& c_ci = alloc_0.get_ref(7);
// CHECK-NEXT:        const Tensor& c = alloc_0.get_ref(8);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_a_1);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(task_2_outs_);
// CHECK-NEXT:        params_t1.add_output(params_t1_);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(Tensor_);
// CHECK-NEXT:        params_t2.add_output(orch_args_);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: k
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(a_b_c);
// CHECK-NEXT:        params_t3.add_output(x);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t3);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: k
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(c_ci);
// CHECK-NEXT:        params_t4.add_output(c);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t4);
// CHECK-EMPTY:
// CHECK-NEXT:        Tensor r = ext_a;
// CHECK-NEXT:        if (flag) {
// CHECK-NEXT:            uint32_t t_ci_shapes[1] = {4};
// CHECK-NEXT:            TensorCreateInfo t_ci(t_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_1 = alloc_tensors(t_ci);
// CHECK-NEXT:            const Tensor& t = alloc_1.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 5: k
// CHECK-NEXT:                Arg params_t5;
// CHECK-NEXT:                params_t5.add_input(ext_a);
// CHECK-NEXT:                params_t5.add_output(t);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t5);
// CHECK-EMPTY:
// CHECK-NEXT:                r = t;
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            uint32_t t_1_ci_shapes[1] = {4};
// CHECK-NEXT:            TensorCreateInfo t_1_ci(t_1_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_2 = alloc_tensors(t_1_ci);
// CHECK-NEXT:            const Tensor& t_1 = alloc_2.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 6: k
// CHECK-NEXT:                Arg params_t6;
// CHECK-NEXT:                params_t6.add_input(c);
// CHECK-NEXT:                params_t6.add_output(t_1);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t6);
// CHECK-EMPTY:
// CHECK-NEXT:                r = t_1;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 7: k
// CHECK-NEXT:        Arg params_t7;
// CHECK-NEXT:        params_t7.add_input(r);
// CHECK-NEXT:        params_t7.add_output(ext_a_1);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t7);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
