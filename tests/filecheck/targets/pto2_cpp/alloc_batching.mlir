// Internal tensors (PyPTO's orchestration codegen document, "阶段 5"): every pto_tensor.create of one scope is batched
// into one alloc_tensors call at the scope's entry, even when it appears after a task
// (%late); each scope (the function's PTO2_SCOPE, the loop body's PTO2_SCOPE) has its own
// batch and alloc_<N> numbering continues across them. A create whose extent is computed
// earlier in the same scope (%rows) is allocated in place; a create whose extent is a
// constant, a dynamic-dim symbol or a value from outside the scope (%i) is batched. A create
// whose result is never used (%dead) allocates nothing.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<?x16xf16>, out tensor<?x16xf16>) -> tensor<?x16xf16>

func.func @alloc_batching(%x: tensor<?x16xf16>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %M = pto_tensor.dim %x, 0 : tensor<?x16xf16>
    %a = pto_tensor.create(%c8) : tensor<?x16xf16>
    %b = pto_tensor.create(%M) : tensor<?x16xf16>
    %dead = pto_tensor.create : tensor<4xf32>
    %a1 = pto_orch.call @k(in %x, out %a) : (tensor<?x16xf16>, tensor<?x16xf16>) -> tensor<?x16xf16>
    %late = pto_tensor.create(%M) : tensor<?x16xf16>
    %l1 = pto_orch.call @k(in %a1, out %late) : (tensor<?x16xf16>, tensor<?x16xf16>) -> tensor<?x16xf16>
    %b1 = pto_orch.call @k(in %l1, out %b) : (tensor<?x16xf16>, tensor<?x16xf16>) -> tensor<?x16xf16>
    scf.for %i = %c0 to %c4 step %c1 {
      pto_rt.scope auto {
        %rows = arith.muli %i, %c8 : index
        %in_loop = pto_tensor.create(%i) : tensor<?x16xf16>
        %t1 = pto_orch.call @k(in %b1, out %in_loop) : (tensor<?x16xf16>, tensor<?x16xf16>) -> tensor<?x16xf16>
        %computed = pto_tensor.create(%rows) : tensor<?x16xf16>
        %t2 = pto_orch.call @k(in %t1, out %computed) : (tensor<?x16xf16>, tensor<?x16xf16>) -> tensor<?x16xf16>
      }
    }
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Dynamic-dim symbols (extent of the declaring argument)
// CHECK-NEXT:    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t a_ci_shapes[2] = {8, 16};
// CHECK-NEXT:        TensorCreateInfo a_ci(a_ci_shapes, 2, DataType::FLOAT16);
// CHECK-NEXT:        uint32_t b_ci_shapes[2] = {(uint32_t)M, 16};
// CHECK-NEXT:        TensorCreateInfo b_ci(b_ci_shapes, 2, DataType::FLOAT16);
// CHECK-NEXT:        uint32_t late_ci_shapes[2] = {(uint32_t)M, 16};
// CHECK-NEXT:        TensorCreateInfo late_ci(late_ci_shapes, 2, DataType::FLOAT16);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(a_ci, b_ci, late_ci);
// CHECK-NEXT:        const Tensor& a = alloc_0.get_ref(0);
// CHECK-NEXT:        const Tensor& b = alloc_0.get_ref(1);
// CHECK-NEXT:        const Tensor& late = alloc_0.get_ref(2);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_x);
// CHECK-NEXT:        params_t0.add_output(a);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(a);
// CHECK-NEXT:        params_t1.add_output(late);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(late);
// CHECK-NEXT:        params_t2.add_output(b);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                uint32_t in_loop_ci_shapes[2] = {(uint32_t)i, 16};
// CHECK-NEXT:                TensorCreateInfo in_loop_ci(in_loop_ci_shapes, 2, DataType::FLOAT16);
// CHECK-NEXT:                TaskOutputTensors alloc_1 = alloc_tensors(in_loop_ci);
// CHECK-NEXT:                const Tensor& in_loop = alloc_1.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 3: k
// CHECK-NEXT:                Arg params_t3;
// CHECK-NEXT:                params_t3.add_input(b);
// CHECK-NEXT:                params_t3.add_output(in_loop);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t3);
// CHECK-EMPTY:
// CHECK-NEXT:                uint32_t computed_ci_shapes[2] = {(uint32_t)((int64_t)((uint64_t)i * 8)), 16};
// CHECK-NEXT:                TensorCreateInfo computed_ci(computed_ci_shapes, 2, DataType::FLOAT16);
// CHECK-NEXT:                TaskOutputTensors alloc_2 = alloc_tensors(computed_ci);
// CHECK-NEXT:                const Tensor& computed = alloc_2.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 4: k
// CHECK-NEXT:                Arg params_t4;
// CHECK-NEXT:                params_t4.add_input(in_loop);
// CHECK-NEXT:                params_t4.add_output(computed);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t4);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
