// scf.if (PyPTO's orchestration codegen document, "IfStmt"): every used result is a variable declared before the `if`
// (`Tensor y_out = ext_x;`, `int64_t pick;`) and assigned at the end of each branch, inside the
// branch's PTO2_SCOPE when the branch is one (the scope's results feed the branch's yield).
// The buffer %t that leaves the branch's scope is allocated before that scope, in the branch
// (batch-tensor-allocations): the scope's end does not free it.
// The condition is the C++ expression of the i1 value. An if without results and with an
// empty else prints no else; an unused result (%ignored) declares nothing.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_mul aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_n aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @if_else(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %mode: i64, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %zero = arith.constant 0 : i64
    %use_add = arith.cmpi eq, %mode, %zero : i64
    %y_out = scf.if %use_add -> (tensor<16x16xf32>) {
      %1 = pto_rt.scope auto -> (tensor<16x16xf32>) {
        %t = pto_tensor.create : tensor<16x16xf32>
        %t1 = pto_orch.call @kernel_add(in %x, in %x, out %t) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %t1 : tensor<16x16xf32>
      }
      scf.yield %1 : tensor<16x16xf32>
    } else {
      %2 = pto_rt.scope auto -> (tensor<16x16xf32>) {
        %y_mul = pto_orch.call @kernel_mul(in %x, in %x, out %y) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %y_mul : tensor<16x16xf32>
      }
      scf.yield %2 : tensor<16x16xf32>
    }
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %pick, %ignored = scf.if %flag -> (index, index) {
      scf.yield %c3, %c5 : index, index
    } else {
      scf.yield %c5, %c3 : index, index
    }
    %y2 = pto_orch.call @kernel_n(in %y_out, scalar %pick, out %y) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.if %flag {
      pto_rt.scope auto {
        %y3 = pto_orch.call @kernel_add(in %y2, in %x, out %y2) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      }
    }
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } mode_conv;
// CHECK-NEXT:    mode_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t mode = mode_conv.val;
// CHECK-NEXT:    union { uint64_t u64; bool val; } flag_conv;
// CHECK-NEXT:    flag_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    bool flag = flag_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        Tensor y_out = ext_x;
// CHECK-NEXT:        if (mode == 0) {
// CHECK-NEXT:            uint32_t t_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo t_ci(t_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
// CHECK-NEXT:            const Tensor& t = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: kernel_add
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_x);
// CHECK-NEXT:                params_t0.add_input(ext_x);
// CHECK-NEXT:                params_t0.add_output(t);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:                y_out = t;
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 1: kernel_mul
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_input(ext_x);
// CHECK-NEXT:                params_t1.add_input(ext_x);
// CHECK-NEXT:                params_t1.add_output(ext_y);
// CHECK-NEXT:                rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:                y_out = ext_y;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        int64_t pick;
// CHECK-NEXT:        if (flag) {
// CHECK-NEXT:            pick = 3;
// CHECK-NEXT:        } else {
// CHECK-NEXT:            pick = 5;
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: kernel_n
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(y_out);
// CHECK-NEXT:        params_t2.add_output(ext_y);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)pick);
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:        if (flag) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 3: kernel_add
// CHECK-NEXT:                Arg params_t3;
// CHECK-NEXT:                params_t3.add_input(ext_y);
// CHECK-NEXT:                params_t3.add_input(ext_x);
// CHECK-NEXT:                params_t3.add_output(ext_y);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
