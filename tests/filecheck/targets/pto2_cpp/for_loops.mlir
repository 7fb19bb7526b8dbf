// scf.for (PyPTO's orchestration codegen document, "ForStmt"; docs/targets/pto2-cpp.md, difference 4): `for (int64_t i = lb; i < ub;
// i += step)`, the body's PTO2_SCOPE() from the IR. The carry plan comes from the loop:
//  - loop 1, rebind = 0: the carry aliases its init (ext_acc) in the body and after the loop;
//  - loop 2, rebind = 1 for a tensor and an index: `Tensor cur = ext_acc;` and
//    `int64_t k = 0;` before the loop, the yield assignments at the end of the body's scope
//    (the scope yields the new values), the loop results are the variables (task 3); %tmp,
//    carried into the next iteration, is allocated before the body's scope (in the scope
//    around the loop: batch-tensor-allocations), so the body scope's end does not free it;
//  - loop 3, a rebind carry whose iter_arg and result are unused prints nothing (the loop
//    stays for its read; a loop with nothing live in it is removed by dce before printing);
//  - loop 4, no scope in the body, the yield swaps two carries: the assignments go through
//    `<name>_next` temporaries; the bounds are parameters and expressions; %a is inout, since
//    from the second iteration on %y is %a, which the task writes.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_step aiv (in tensor<16x16xf32>, in index, inout tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @for_loops(%a: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %acc_final = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc_iter = %acc) -> (tensor<16x16xf32>) {
      %1 = pto_rt.scope auto -> (tensor<16x16xf32>) {
        %acc_next = pto_orch.call @kernel_add(in %a, in %acc_iter, out %acc_iter) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %acc_next : tensor<16x16xf32>
      }
      scf.yield %1 : tensor<16x16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
    %buf, %cnt = scf.for %j = %c0 to %n step %c1 iter_args(%cur = %acc_final, %k = %c0) -> (tensor<16x16xf32>, index) {
      %2:2 = pto_rt.scope auto -> (tensor<16x16xf32>, index) {
        %tmp = pto_tensor.create : tensor<16x16xf32>
        %t1 = pto_orch.call @kernel_add(in %cur, in %a, out %tmp) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        %t2 = pto_orch.call @kernel_step(in %t1, scalar %k, inout %cur) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
        %k1 = arith.addi %k, %c1 : index
        pto_rt.yield %t1, %k1 : tensor<16x16xf32>, index
      }
      scf.yield %2#0, %2#1 : tensor<16x16xf32>, index
    } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
    %t3 = pto_orch.call @kernel_step(in %buf, scalar %cnt, inout %acc) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %dead = scf.for %d = %c0 to %c4 step %c1 iter_args(%unused = %c0) -> (index) {
      %u = arith.addi %d, %c1 : index
      %v3 = pto_tensor.read %a[%d, %d] : tensor<16x16xf32> -> f32
      scf.yield %u : index
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    %ub = arith.muli %n, %c4 : index
    %p, %q = scf.for %s = %c1 to %ub step %c4 iter_args(%x = %a, %y = %acc) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
      %y1 = pto_orch.call @kernel_add(in %x, in %x, out %y) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %y1, %x : tensor<16x16xf32>, tensor<16x16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
    %t4 = pto_orch.call @kernel_add(in %p, in %q, out %acc) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_acc = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: kernel_add
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_a);
// CHECK-NEXT:                params_t0.add_input(ext_acc);
// CHECK-NEXT:                params_t0.add_output(ext_acc);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        Tensor cur = ext_acc;
// CHECK-NEXT:        int64_t k = 0;
// CHECK-NEXT:        for (int64_t j = 0; j < n; j += 1) {
// CHECK-NEXT:            uint32_t tmp_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// CHECK-NEXT:            const Tensor& tmp = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 1: kernel_add
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_input(cur);
// CHECK-NEXT:                params_t1.add_input(ext_a);
// CHECK-NEXT:                params_t1.add_output(tmp);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 2: kernel_step
// CHECK-NEXT:                Arg params_t2;
// CHECK-NEXT:                params_t2.add_input(tmp);
// CHECK-NEXT:                params_t2.add_inout(cur);
// CHECK-NEXT:                params_t2.add_scalar((uint64_t)k);
// CHECK-NEXT:                rt_submit_aiv_task(1, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:                cur = tmp;
// CHECK-NEXT:                k = (int64_t)((uint64_t)k + 1);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: kernel_step
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(cur);
// CHECK-NEXT:        params_t3.add_inout(ext_acc);
// CHECK-NEXT:        params_t3.add_scalar((uint64_t)k);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t3);
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t d = 0; d < 4; d += 1) {
// CHECK-NEXT:            uint32_t indices_ext_a[2] = {(uint32_t)d, (uint32_t)d};
// CHECK-NEXT:            (void)get_tensor_data<float>(ext_a, 2, indices_ext_a);
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        Tensor x = ext_a;
// CHECK-NEXT:        Tensor y = ext_acc;
// CHECK-NEXT:        for (int64_t s = 1; s < ((int64_t)((uint64_t)n * 4)); s += 4) {
// CHECK-NEXT:            // Task 4: kernel_add
// CHECK-NEXT:            Arg params_t4;
// CHECK-NEXT:            params_t4.add_input(x);
// CHECK-NEXT:            params_t4.add_input(x);
// CHECK-NEXT:            params_t4.add_output(y);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t4);
// CHECK-EMPTY:
// CHECK-NEXT:            Tensor x_next = y;
// CHECK-NEXT:            Tensor y_next = x;
// CHECK-NEXT:            x = x_next;
// CHECK-NEXT:            y = y_next;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 5: kernel_add
// CHECK-NEXT:        Arg params_t5;
// CHECK-NEXT:        params_t5.add_input(x);
// CHECK-NEXT:        params_t5.add_input(y);
// CHECK-NEXT:        params_t5.add_output(ext_acc);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t5);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
