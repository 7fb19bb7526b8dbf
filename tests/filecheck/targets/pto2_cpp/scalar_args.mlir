// Scalar task arguments (PyPTO's orchestration codegen document, "标量参数编码"): floats go through to_u64, integers, index
// and bools are cast to uint64_t; constants print as literals of their C type (f32 with the
// shortest digits that read back as the same float and an `f` suffix, f64 without, integers
// beyond 32 bits with `ll`, i1 as true/false), expressions in parentheses.
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (out tensor<8xf32>, in f32, in f32, in f32, in f64, in i32, in i64, in index, in i1, in f32, in index) -> tensor<8xf32>

func.func @scalar_args(%o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: f32, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %half = arith.constant 1.5 : f32
    %tenth = arith.constant 0.1 : f32
    %small = arith.constant -2.0e-3 : f32
    %d = arith.constant 2.5 : f64
    %i = arith.constant -7 : i32
    %big = arith.constant 10000000000 : i64
    %idx = arith.constant 3 : index
    %yes = arith.constant true
    %two = arith.constant 2.0 : f32
    %scaled = arith.mulf %s, %two : f32
    %c2 = arith.constant 2 : index
    %n2 = arith.muli %n, %c2 : index
    %o1 = pto_orch.call @k(out %o, scalar %half, scalar %tenth, scalar %small, scalar %d, scalar %i, scalar %big, scalar %idx, scalar %yes, scalar %scaled, scalar %n2) : (tensor<8xf32>, f32, f32, f32, f64, i32, i64, index, i1, f32, index) -> tensor<8xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; float val; } s_conv;
// CHECK-NEXT:    s_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    float s = s_conv.val;
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar(to_u64(1.5f));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(0.1f));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(-0.002f));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(2.5));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)-7);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)10000000000ll);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)3);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)true);
// CHECK-NEXT:        params_t0.add_scalar(to_u64(s * 2.0f));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)n * 2)));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
