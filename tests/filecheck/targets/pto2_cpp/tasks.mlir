// Task submission (PyPTO's orchestration codegen document, "参数方向", "核心类型推断", "Group 函数"): one `Arg params_t<N>`
// per task, filled from the call-site directions (in -> add_input, out -> add_output,
// inout -> add_inout, no_dep -> add_no_dep, output_existing -> add_output, scalar ->
// add_scalar), tensors first and scalars
// after them whatever the argument order; `// Task N: <kernel>` after a blank line.
// Core types: aiv -> rt_submit_aiv_task, aic -> rt_submit_aic_task, incore kernels by memory
// space (left/right/acc/mat -> AIC, vec -> AIV), a group -> MixedKernels of its members' ids
// and rt_submit_task. Kernel ids are per kernel in first-use order (docs/targets/pto2-cpp.md, difference 1):
// @second is used first and gets 0, @first gets 1 and keeps it when it runs again; the group's
// AIC member and AIV member get the next two ids when the group is first used.
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @first aiv (in index, in tensor<8xf32>, in f32, inout tensor<8xf32>, in tensor<8xf32>, out tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) returns [3, 5]
pto_orch.kernel @second aic (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @left incore<left> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @right incore<right> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @acc incore<acc> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @mat incore<mat> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @vec incore<vec> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @mix_aic aic (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @mix_aiv aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @mix group<@mix_aic, @mix_aiv> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

func.func @tasks(%a: tensor<8xf32>, %b: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %s: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %o1 = pto_orch.call @second(in %a, out %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %b1, %o2 = pto_orch.call @first(scalar %n, in %a, scalar %s, inout %b, no_dep %o1, out %o1) : (index, tensor<8xf32>, f32, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    %b2, %o3 = pto_orch.call @first(scalar %n, in %o2, scalar %s, output_existing %b1, in %a, out %o2) : (index, tensor<8xf32>, f32, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    %t1 = pto_orch.call @left(in %a, out %o3) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t2 = pto_orch.call @right(in %a, out %t1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t3 = pto_orch.call @acc(in %a, out %t2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t4 = pto_orch.call @mat(in %a, out %t3) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t5 = pto_orch.call @vec(in %a, out %t4) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t6 = pto_orch.call @mix(in %a, out %t5) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t7 = pto_orch.call @mix_aiv(in %a, out %t6) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_b = from_tensor_arg(orch_args.tensor(1));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(2));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-NEXT:    union { uint64_t u64; float val; } s_conv;
// CHECK-NEXT:    s_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    float s = s_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: second
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aic_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: first
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_inout(ext_b);
// CHECK-NEXT:        params_t1.add_no_dep(ext_o);
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)n);
// CHECK-NEXT:        params_t1.add_scalar(to_u64(s));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: first
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_o);
// CHECK-NEXT:        params_t2.add_output(ext_b);
// CHECK-NEXT:        params_t2.add_input(ext_a);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)n);
// CHECK-NEXT:        params_t2.add_scalar(to_u64(s));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: left
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(ext_a);
// CHECK-NEXT:        params_t3.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aic_task(2, params_t3);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: right
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(ext_a);
// CHECK-NEXT:        params_t4.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aic_task(3, params_t4);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 5: acc
// CHECK-NEXT:        Arg params_t5;
// CHECK-NEXT:        params_t5.add_input(ext_a);
// CHECK-NEXT:        params_t5.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aic_task(4, params_t5);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 6: mat
// CHECK-NEXT:        Arg params_t6;
// CHECK-NEXT:        params_t6.add_input(ext_a);
// CHECK-NEXT:        params_t6.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aic_task(5, params_t6);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 7: vec
// CHECK-NEXT:        Arg params_t7;
// CHECK-NEXT:        params_t7.add_input(ext_a);
// CHECK-NEXT:        params_t7.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(6, params_t7);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 8: mix
// CHECK-NEXT:        Arg params_t8;
// CHECK-NEXT:        params_t8.add_input(ext_a);
// CHECK-NEXT:        params_t8.add_output(ext_o);
// CHECK-NEXT:        MixedKernels mixed_8 = {7, 8, INVALID_KERNEL_ID};
// CHECK-NEXT:        rt_submit_task(mixed_8, params_t8);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 9: mix_aiv
// CHECK-NEXT:        Arg params_t9;
// CHECK-NEXT:        params_t9.add_input(ext_a);
// CHECK-NEXT:        params_t9.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(8, params_t9);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
