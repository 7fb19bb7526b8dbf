// pto_rt.scope auto -> `PTO2_SCOPE() { ... }`, 1:1 from the IR (PyPTO's orchestration codegen document, "阶段 6–8"): here
// the scopes are placed by hand (pto_rt.auto_scope = false): two sibling scopes and a nested
// one, ops before and between them at function level. A scope result is the yielded value's
// C++ name when that name is still in C++ scope after the block (%r -> ext_out: the task wrote
// the Out parameter; %m -> the expression of the outer value %n).
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<8xf32>, in index, out tensor<8xf32>) -> tensor<8xf32>

func.func @scopes(%a: tensor<8xf32>, %out: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c2 = arith.constant 2 : index
  %o1 = pto_orch.call @k(in %a, scalar %n, out %out) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
  %r, %m = pto_rt.scope auto -> (tensor<8xf32>, index) {
    %o2 = pto_orch.call @k(in %o1, scalar %n, out %o1) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
    pto_rt.scope auto {
      %o3 = pto_orch.call @k(in %a, scalar %c2, out %o2) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
    }
    %nn = arith.muli %n, %c2 : index
    pto_rt.yield %o2, %nn : tensor<8xf32>, index
  }
  pto_rt.scope auto {
    %o4 = pto_orch.call @k(in %r, scalar %m, out %r) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_out = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    // Task 0: k
// CHECK-NEXT:    Arg params_t0;
// CHECK-NEXT:    params_t0.add_input(ext_a);
// CHECK-NEXT:    params_t0.add_output(ext_out);
// CHECK-NEXT:    params_t0.add_scalar((uint64_t)n);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_out);
// CHECK-NEXT:        params_t1.add_output(ext_out);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)n);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:            // Task 2: k
// CHECK-NEXT:            Arg params_t2;
// CHECK-NEXT:            params_t2.add_input(ext_a);
// CHECK-NEXT:            params_t2.add_output(ext_out);
// CHECK-NEXT:            params_t2.add_scalar((uint64_t)2);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 3: k
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(ext_out);
// CHECK-NEXT:        params_t3.add_output(ext_out);
// CHECK-NEXT:        params_t3.add_scalar((uint64_t)((int64_t)((uint64_t)n * 2)));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
